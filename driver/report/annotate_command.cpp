//===- annotate_command.cpp - energy-report annotate: costs per line ------===//
//
// `energy-report annotate REPORT... [--format text|json|html] [-o OUT]` shows
// the report's `lines` against the source, like gcov or perf annotate: each
// executed line's exact instructions, FLOPs and bytes, and its share of the
// modelled energy (energy/report/source_lines.h), with the parts of it that
// were inlined at call sites; the html adds each line's roofline bound from
// the machine profile `roofline` reads. The text reads the source files from
// disk; a file that is not there is said so and its lines are listed without
// source.
//
//===----------------------------------------------------------------------===//
#include "command.h"
#include "output_file.h"

#include "energy/report/report_error.h"
#include "energy/report/report_inputs.h"
#include "energy/report/source_lines.h"
#include "energy/report/units.h"
#include "energy/roofline/machine_identity.h"
#include "energy/roofline/machine_profile.h"
#include "energy/roofline/roofline_model.h"
#include "xml/XmlText.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

namespace energy::report::cli {

namespace {

/// Lines marked as the hottest in the text.
constexpr size_t HottestMarked = 3;

/// What a report before version 4 lacks.
constexpr const char *NoChainsNote =
    "the report predates inlining chains (version 4): inlined code counts on the line it "
    "was written on, without the call sites it was inlined at";

struct AnnotateArguments {
  std::vector<std::string> reports;
  std::string format = "text";
  std::string output;
  std::string machine;
};

nlohmann::json countsJson(const LineCounts &L) {
  return {{"instructions", L.counts.instructions},
          {"flops", L.flops},
          {"bytes_loaded", L.counts.bytesLoaded},
          {"bytes_stored", L.counts.bytesStored},
          {"branches", L.counts.branches},
          {"calls", L.counts.calls},
          {"blocks", L.counts.blocks}};
}

nlohmann::json energyJson(const LineCounts &L) {
  return L.energyJoules ? nlohmann::json(*L.energyJoules) : nlohmann::json(nullptr);
}

nlohmann::json sitesJson(const std::vector<InlineSite> &Sites) {
  nlohmann::json Out = nlohmann::json::array();
  for (const InlineSite &S : Sites)
    Out.push_back({{"file", S.file}, {"line", S.line}, {"function", S.function}});
  return Out;
}

nlohmann::json inlinedJson(const std::vector<InlinedPart> &Parts) {
  nlohmann::json Out = nlohmann::json::array();
  for (const InlinedPart &P : Parts)
    Out.push_back({{"call_sites", sitesJson(P.sites)},
                   {"counts", countsJson(P)},
                   {"energy_j", energyJson(P)}});
  return Out;
}

std::string annotateJson(const std::vector<SourceLineCost> &Lines, bool ChainsKnown) {
  nlohmann::json Out = nlohmann::json::array();
  for (const SourceLineCost &L : Lines) {
    nlohmann::json Entry = {
        {"file", L.file}, {"line", L.line}, {"counts", countsJson(L)}, {"energy_j", energyJson(L)}};
    if (!L.inlined.empty())
      Entry["inlined_at"] = inlinedJson(L.inlined);
    Out.push_back(std::move(Entry));
  }
  return nlohmann::json{{"inlining_chains", ChainsKnown}, {"lines", Out}}.dump(1) + "\n";
}

/// `FILE:LINE (FUNCTION) <- ...`: where inlined code was inlined, innermost
/// call first.
std::string chainText(const std::vector<InlineSite> &Sites) {
  std::string Text;
  for (const InlineSite &S : Sites) {
    if (!Text.empty())
      Text += " <- ";
    Text += S.file + ":" + std::to_string(S.line);
    if (!S.function.empty())
      Text += " (" + S.function + ")";
  }
  return Text;
}

std::vector<std::string> sourceText(const std::string &File, bool &Found) {
  std::vector<std::string> Text;
  std::ifstream In(File);
  Found = bool(In);
  for (std::string Line; std::getline(In, Line);)
    Text.push_back(Line);
  return Text;
}

std::string columns(const LineCounts *L, bool Hot) {
  char Row[128];
  if (!L)
    std::snprintf(Row, sizeof Row, "%2s %14s %12s %14s %10s", "", "", "", "", "");
  else
    std::snprintf(Row, sizeof Row, "%2s %14llu %12llu %14llu %10s", Hot ? ">>" : "",
                  (unsigned long long)L->counts.instructions, (unsigned long long)L->flops,
                  (unsigned long long)L->bytes(),
                  L->energyJoules ? formatJoules(*L->energyJoules).c_str() : "-");
  return Row;
}

/// One file: its source with the counted lines' columns, or, when the file
/// cannot be read, its counted lines alone.
void annotateFile(std::ostream &Out, const std::string &File,
                  const std::map<uint64_t, const SourceLineCost *> &Counted,
                  const std::set<const SourceLineCost *> &Hot) {
  bool Found = false;
  std::vector<std::string> Text = sourceText(File, Found);
  Out << "== " << File << "\n";
  if (!Found)
    Out << "   (source not found: " << File << "; its lines are listed without source)\n";
  char Header[160];
  std::snprintf(Header, sizeof Header, "%2s %14s %12s %14s %10s %6s  %s\n", "", "instructions",
                "flops", "bytes", "energy", "line", "source");
  Out << Header;
  auto Row = [&](uint64_t Line, const SourceLineCost *L) {
    char Number[16];
    std::snprintf(Number, sizeof Number, " %6llu  ", (unsigned long long)Line);
    Out << columns(L, L && Hot.count(L)) << Number
        << (Line >= 1 && Line <= Text.size() ? Text[Line - 1] : "") << "\n";
    if (L)
      for (const InlinedPart &P : L->inlined)
        Out << columns(&P, false) << "         ^ inlined at " << chainText(P.sites) << "\n";
  };
  if (!Found) {
    for (const auto &[Line, L] : Counted)
      Row(Line, L);
    return;
  }
  for (uint64_t Line = 1; Line <= Text.size(); ++Line) {
    auto It = Counted.find(Line);
    Row(Line, It == Counted.end() ? nullptr : It->second);
  }
  for (auto It = Counted.upper_bound(Text.size()); It != Counted.end(); ++It)
    Row(It->first, It->second);
}

std::string annotateText(const std::vector<SourceLineCost> &Lines, bool ChainsKnown) {
  std::set<const SourceLineCost *> Hot;
  for (size_t I : hottestLines(Lines, HottestMarked))
    Hot.insert(&Lines[I]);
  std::map<std::string, std::map<uint64_t, const SourceLineCost *>> ByFile;
  for (const SourceLineCost &L : Lines)
    ByFile[L.file][L.line] = &L;
  std::ostringstream Out;
  Out << ">> marks the " << Hot.size() << " hottest lines; energy is each line's share of "
      << "its regions' modelled energy; ^ rows: the part of a line inlined at a call site\n";
  if (!ChainsKnown)
    Out << "(" << NoChainsNote << ")\n";
  for (const auto &[File, Counted] : ByFile)
    annotateFile(Out, File, Counted, Hot);
  return Out.str();
}

double hottestJoules(const std::vector<SourceLineCost> &Lines) {
  double Max = 0;
  for (const SourceLineCost &L : Lines)
    Max = std::max(Max, L.energyJoules.value_or(0.0));
  return Max;
}

/// The precision most of a line's FLOPs are in, as the roofline names it.
std::string dominantPrecision(const model::Activity &Counts) {
  auto Sum = [&](int Precision) {
    uint64_t Total = 0;
    for (uint64_t Flops : Counts.flops[Precision])
      Total += Flops;
    return Total;
  };
  return Sum(ENERGY_PREC_FLOAT) + Sum(ENERGY_PREC_HALF) > Sum(ENERGY_PREC_DOUBLE) ? "float"
                                                                                  : "double";
}

/// Where a line's intensity puts it under the machine's roofs. A line has no
/// time of its own, so it is placed by its intensity alone: with data from
/// a level, it is memory-bound when that level's roof at its intensity is
/// below the peak (left of the level's ridge point), compute-bound beyond.
std::string rooflineBound(const roofline::RooflineModel &Model, const LineCounts &L) {
  if (!L.flops)
    return "not on the roofline (no FLOPs)";
  if (!L.bytes())
    return "compute-bound (no memory traffic)";
  std::string Precision = dominantPrecision(L.counts);
  double Intensity = double(L.flops) / double(L.bytes());
  double Peak = Model.peak(Precision);
  std::vector<std::string> MemoryBound, ComputeBound;
  std::ostringstream Roofs;
  for (const roofline::BandwidthCeiling &Level : Model.Bandwidth) {
    bool Memory = Level.GBytesPerSecond * Intensity < Peak;
    (Memory ? MemoryBound : ComputeBound).push_back(Level.Level);
    Roofs << (Roofs.tellp() ? ", " : "") << Level.Level << " "
          << formatRatio(Model.attainable(Level, Precision, Intensity)) << " GFLOP/s";
  }
  std::string Bound = ComputeBound.empty() ? "memory-bound at every level"
                      : MemoryBound.empty()
                          ? "compute-bound at every level"
                          : "memory-bound with data from " + MemoryBound.front() +
                                " outward, compute-bound with data in " + ComputeBound.front();
  return Bound + " (" + Precision + ", attainable per thread: " + Roofs.str() + "; peak " +
         formatRatio(Peak) + " GFLOP/s)";
}

/// The machine's roofs for annotate's hover, when a profile is known.
struct LineRoofline {
  std::optional<roofline::RooflineModel> Model;
  std::string Missing; // why there is no model

  std::string bound(const LineCounts &L) const {
    return Model ? rooflineBound(*Model, L) : Missing;
  }
};

/// A hover box's rows: the exact counts, intensity, energy and roofline
/// bound of a line or of one of its inlined parts.
std::string tipText(const LineCounts &L, const LineRoofline &Roofline) {
  std::ostringstream Out;
  Out << L.counts.instructions << " instructions, " << L.flops << " FLOPs, " << L.bytes()
      << " bytes<br>intensity "
      << (L.bytes() ? formatRatio(double(L.flops) / double(L.bytes())) + " FLOP/B" : "n/a")
      << "; energy " << (L.energyJoules ? formatJoules(*L.energyJoules) : "unknown")
      << "<br>roofline: " << xml::escape(Roofline.bound(L));
  return Out.str();
}

std::string countCells(const LineCounts &L) {
  std::ostringstream Out;
  Out << "<td>" << L.counts.instructions << "</td><td>" << L.flops << "</td><td>" << L.bytes()
      << "</td><td>" << (L.energyJoules ? formatJoules(*L.energyJoules) : "-") << "</td>";
  return Out.str();
}

void htmlFile(std::ostream &Out, size_t Index, const std::string &File,
              const std::map<uint64_t, const SourceLineCost *> &Counted, double MaxJoules,
              const LineRoofline &Roofline) {
  bool Found = false;
  std::vector<std::string> Text = sourceText(File, Found);
  Out << "<section id=\"f" << Index << "\"><h2>" << xml::escape(File) << "</h2>";
  if (!Found)
    Out << "<p>source not found; its lines are listed without source</p>";
  Out << "<table><tr><th>line</th><th>instructions</th><th>flops</th><th>bytes</th>"
         "<th>energy</th><th>source</th></tr>";
  auto Row = [&](uint64_t Line, const SourceLineCost *L) {
    std::string Source = Line >= 1 && Line <= Text.size() ? Text[Line - 1] : "";
    if (!L) {
      Out << "<tr><td>" << Line << "</td><td></td><td></td><td></td><td></td><td><pre>"
          << xml::escape(Source) << "</pre></td></tr>";
      return;
    }
    double Heat = MaxJoules > 0 ? L->energyJoules.value_or(0.0) / MaxJoules : 0.0;
    Out << "<tr id=\"f" << Index << "-l" << Line << "\" class=\"counted\" "
        << "style=\"background:rgba(220,40,20," << formatRatio(0.08 + 0.72 * Heat) << ")\"><td>"
        << Line << "</td>" << countCells(*L) << "<td><pre>" << xml::escape(Source)
        << "</pre><div class=\"tip\">" << tipText(*L, Roofline);
    for (const InlinedPart &P : L->inlined)
      Out << "<br>inlined at " << xml::escape(chainText(P.sites)) << ": " << P.flops << " FLOPs";
    Out << "</div></td></tr>";
    for (const InlinedPart &P : L->inlined)
      Out << "<tr class=\"inlined\"><td>^</td>" << countCells(P) << "<td>inlined at "
          << xml::escape(chainText(P.sites)) << "</td></tr>";
  };
  if (Found)
    for (uint64_t Line = 1; Line <= Text.size(); ++Line) {
      auto It = Counted.find(Line);
      Row(Line, It == Counted.end() ? nullptr : It->second);
    }
  for (auto It = Counted.upper_bound(Found ? Text.size() : 0); It != Counted.end(); ++It)
    Row(It->first, It->second);
  Out << "</table></section>";
}

/// One offline page: the files in a side list, lines coloured by energy; a
/// line's box (counts, intensity, roofline bound) shows on hover, and for
/// the line a link targets (#fFILE-lLINE), with no script.
std::string annotateHtml(const std::vector<SourceLineCost> &Lines, bool ChainsKnown,
                         const LineRoofline &Roofline) {
  std::map<std::string, std::map<uint64_t, const SourceLineCost *>> ByFile;
  for (const SourceLineCost &L : Lines)
    ByFile[L.file][L.line] = &L;
  double MaxJoules = hottestJoules(Lines);
  std::ostringstream Out;
  Out << "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>energy-report annotate"
         "</title><style>body{font-family:sans-serif;margin:0;display:flex}"
         "nav{flex:none;width:18em;padding:1em;border-right:1px solid #ccc;position:sticky;"
         "top:0;height:100vh;overflow:auto;overflow-wrap:anywhere}main{padding:1em;flex:1;min-"
         "width:0;"
         "overflow-x:auto}"
         "table{border-collapse:collapse}td{padding:0 .6em;text-align:right;font-family:"
         "monospace;white-space:nowrap}td:last-child{text-align:"
         "left;position:relative}pre{margin:0}tr.inlined td{color:#555;font-style:italic}"
         ".tip{display:none;position:absolute;left:.5em;top:1.4em;z-index:1;width:32em;"
         "padding:.4em .6em;background:#fffacd;border:1px solid #998;font-family:sans-serif;"
         "white-space:normal}tr.counted:hover .tip,tr.counted:target .tip{display:block}"
         "</style></head><body><nav><h3>files</h3><ul>";
  size_t Index = 0;
  for (const auto &[File, Counted] : ByFile)
    Out << "<li><a href=\"#f" << Index++ << "\">" << xml::escape(File) << "</a></li>";
  Out << "</ul><p>Rows are coloured by energy; hover a row for its counts, intensity and "
         "roofline bound; ^ rows are the parts of a line inlined at a call site.</p>";
  if (!ChainsKnown)
    Out << "<p>" << xml::escape(NoChainsNote) << "</p>";
  Out << "</nav><main>";
  Index = 0;
  for (const auto &[File, Counted] : ByFile)
    htmlFile(Out, Index++, File, Counted, MaxJoules, Roofline);
  Out << "</main></body></html>\n";
  return Out.str();
}

/// The roofs of --machine, or of this machine's cached profile when there
/// is one; without either, hover boxes say how to get one. A --machine that
/// cannot be read is an error.
LineRoofline lineRoofline(const std::string &Machine, const Report &R) {
  namespace fs = std::filesystem;
  LineRoofline Roofline;
  fs::path Path =
      Machine.empty() ? roofline::defaultProfilePath(roofline::detectMachine()) : fs::path(Machine);
  if (Machine.empty() && !fs::exists(Path)) {
    Roofline.Missing = "unknown: no machine profile (run energy-ceilings, or pass --machine)";
    return Roofline;
  }
  try {
    roofline::MachineProfile Profile = roofline::readProfile(Path);
    Roofline.Model = roofline::buildModel(
        Profile, roofline::chooseThreadCount(Profile, int(std::max<long long>(1, R.threads))));
  } catch (const std::exception &E) {
    throw ReportError(E.what());
  }
  return Roofline;
}

std::string annotated(const Report &R, const AnnotateArguments &Args) {
  std::vector<SourceLineCost> Lines = costsBySourceLine(R);
  bool ChainsKnown = hasInliningChains(R);
  if (Args.format == "json")
    return annotateJson(Lines, ChainsKnown);
  if (Args.format == "html")
    return annotateHtml(Lines, ChainsKnown, lineRoofline(Args.machine, R));
  return annotateText(Lines, ChainsKnown);
}

int runAnnotate(const AnnotateArguments &Args) {
  Report R = loadReportInputs(Args.reports);
  return writeOutput(Args.output, annotated(R, Args));
}

} // namespace

void registerAnnotateCommand(CLI::App &Tool, CommandAction &Run) {
  auto Args = std::make_shared<AnnotateArguments>();
  CLI::App *Annotate = Tool.add_subcommand(
      "annotate", "Exact counts and energy per source line, against the source");
  Annotate
      ->add_option("REPORT", Args->reports,
                   "Report file (from a program built with -g); several files, directories "
                   "and globs are merged into one")
      ->required();
  Annotate
      ->add_option("--format", Args->format,
                   "text (the source, annotated), json or html (one offline page)")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "json", "html"}));
  Annotate->add_option("-o,--output", Args->output, "Write here; default: standard output");
  Annotate->add_option("--machine", Args->machine,
                       "Machine profile for the html's roofline bounds (default: this "
                       "machine's, cached by energy-ceilings)");
  Annotate->callback([Args, &Run] { Run = [Args] { return runAnnotate(*Args); }; });
}

} // namespace energy::report::cli
