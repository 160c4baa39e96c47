//===- annotate_command.cpp - energy-report annotate: costs per line ------===//
//
// `energy-report annotate REPORT [--format text|json|html] [-o OUT]` shows the
// report's `lines` against the source, like gcov or perf annotate: each
// executed line's exact instructions, FLOPs and bytes, and its share of the
// modelled energy (energy/report/source_lines.h). The text reads the source
// files from disk; a file that is not there is said so and its lines are
// listed without source.
//
//===----------------------------------------------------------------------===//
#include "command.h"
#include "output_file.h"

#include "energy/report/reader.h"
#include "energy/report/report_error.h"
#include "energy/report/source_lines.h"
#include "energy/report/units.h"
#include "energy/report/xml_text.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

namespace energy::report::cli {

namespace {

/// Lines marked as the hottest in the text.
constexpr size_t HottestMarked = 3;

struct AnnotateArguments {
  std::string report;
  std::string format = "text";
  std::string output;
};

nlohmann::json countsJson(const SourceLineCost &L) {
  return {{"instructions", L.counts.instructions}, {"flops", L.flops},
          {"bytes_loaded", L.counts.bytesLoaded},   {"bytes_stored", L.counts.bytesStored},
          {"branches", L.counts.branches},          {"calls", L.counts.calls},
          {"blocks", L.counts.blocks}};
}

std::string annotateJson(const std::vector<SourceLineCost> &Lines) {
  nlohmann::json Out = nlohmann::json::array();
  for (const SourceLineCost &L : Lines)
    Out.push_back({{"file", L.file},
                   {"line", L.line},
                   {"counts", countsJson(L)},
                   {"energy_j", L.energyJoules ? nlohmann::json(*L.energyJoules)
                                               : nlohmann::json(nullptr)}});
  return nlohmann::json{{"lines", Out}}.dump(1) + "\n";
}

std::vector<std::string> sourceText(const std::string &File, bool &Found) {
  std::vector<std::string> Text;
  std::ifstream In(File);
  Found = bool(In);
  for (std::string Line; std::getline(In, Line);)
    Text.push_back(Line);
  return Text;
}

std::string columns(const SourceLineCost *L, bool Hot) {
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

std::string annotateText(const std::vector<SourceLineCost> &Lines) {
  std::set<const SourceLineCost *> Hot;
  for (size_t I : hottestLines(Lines, HottestMarked))
    Hot.insert(&Lines[I]);
  std::map<std::string, std::map<uint64_t, const SourceLineCost *>> ByFile;
  for (const SourceLineCost &L : Lines)
    ByFile[L.file][L.line] = &L;
  std::ostringstream Out;
  Out << ">> marks the " << Hot.size() << " hottest lines; energy is each line's share of "
      << "its regions' modelled energy\n";
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

/// A row's hover text: the exact counts and the line's arithmetic intensity.
std::string hoverText(const SourceLineCost &L) {
  std::ostringstream Out;
  Out << L.counts.instructions << " instructions, " << L.flops << " FLOPs, " << L.bytes()
      << " bytes; intensity "
      << (L.bytes() ? formatRatio(double(L.flops) / double(L.bytes())) + " FLOP/B" : "n/a")
      << "; energy " << (L.energyJoules ? formatJoules(*L.energyJoules) : "unknown");
  return Out.str();
}

void htmlFile(std::ostream &Out, size_t Index, const std::string &File,
              const std::map<uint64_t, const SourceLineCost *> &Counted, double MaxJoules) {
  bool Found = false;
  std::vector<std::string> Text = sourceText(File, Found);
  Out << "<section id=\"f" << Index << "\"><h2>" << xmlEscape(File) << "</h2>";
  if (!Found)
    Out << "<p>source not found; its lines are listed without source</p>";
  Out << "<table><tr><th>line</th><th>instructions</th><th>flops</th><th>bytes</th>"
         "<th>energy</th><th>source</th></tr>";
  auto Row = [&](uint64_t Line, const SourceLineCost *L) {
    std::string Source = Line >= 1 && Line <= Text.size() ? Text[Line - 1] : "";
    if (!L) {
      Out << "<tr><td>" << Line << "</td><td></td><td></td><td></td><td></td><td><pre>"
          << xmlEscape(Source) << "</pre></td></tr>";
      return;
    }
    double Heat = MaxJoules > 0 ? L->energyJoules.value_or(0.0) / MaxJoules : 0.0;
    Out << "<tr style=\"background:rgba(220,40,20," << formatRatio(0.08 + 0.72 * Heat)
        << ")\" title=\"" << xmlEscape(hoverText(*L)) << "\"><td>" << Line << "</td><td>"
        << L->counts.instructions << "</td><td>" << L->flops << "</td><td>" << L->bytes()
        << "</td><td>" << (L->energyJoules ? formatJoules(*L->energyJoules) : "-")
        << "</td><td><pre>" << xmlEscape(Source) << "</pre></td></tr>";
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

/// One offline page: the files in a side list, lines coloured by energy.
std::string annotateHtml(const std::vector<SourceLineCost> &Lines) {
  std::map<std::string, std::map<uint64_t, const SourceLineCost *>> ByFile;
  for (const SourceLineCost &L : Lines)
    ByFile[L.file][L.line] = &L;
  double MaxJoules = hottestJoules(Lines);
  std::ostringstream Out;
  Out << "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>energy-report annotate"
         "</title><style>body{font-family:sans-serif;margin:0;display:flex}"
         "nav{width:18em;padding:1em;border-right:1px solid #ccc;position:sticky;top:0;"
         "height:100vh;overflow:auto}main{padding:1em;flex:1}table{border-collapse:collapse}"
         "td{padding:0 .6em;text-align:right;font-family:monospace}td:last-child{text-align:"
         "left}pre{margin:0}</style></head><body><nav><h3>files</h3><ul>";
  size_t Index = 0;
  for (const auto &[File, Counted] : ByFile)
    Out << "<li><a href=\"#f" << Index++ << "\">" << xmlEscape(File) << "</a></li>";
  Out << "</ul><p>Rows are coloured by energy; hover a row for its counts and intensity."
         "</p></nav><main>";
  Index = 0;
  for (const auto &[File, Counted] : ByFile)
    htmlFile(Out, Index++, File, Counted, MaxJoules);
  Out << "</main></body></html>\n";
  return Out.str();
}

std::string annotated(const std::vector<SourceLineCost> &Lines, const std::string &Format) {
  if (Format == "json")
    return annotateJson(Lines);
  if (Format == "html")
    return annotateHtml(Lines);
  return annotateText(Lines);
}

int runAnnotate(const AnnotateArguments &Args) {
  Report R = readReport(Args.report);
  std::vector<SourceLineCost> Lines = costsBySourceLine(R);
  std::string Text = annotated(Lines, Args.format);
  if (Args.output.empty()) {
    std::cout << Text;
    std::cout.flush();
    return std::cout ? 0 : 1;
  }
  writeOutputFile(Args.output, Text);
  return 0;
}

} // namespace

void registerAnnotateCommand(CLI::App &Tool, CommandAction &Run) {
  auto Args = std::make_shared<AnnotateArguments>();
  CLI::App *Annotate = Tool.add_subcommand(
      "annotate", "Exact counts and energy per source line, against the source");
  Annotate->add_option("REPORT", Args->report, "Report file (from a program built with -g)")
      ->required();
  Annotate->add_option("--format", Args->format, "text (the source, annotated), json or html (one offline page)")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "json", "html"}));
  Annotate->add_option("-o,--output", Args->output, "Write here; default: standard output");
  Annotate->callback([Args, &Run] { Run = [Args] { return runAnnotate(*Args); }; });
}

} // namespace energy::report::cli
