//===- ModelApplication.cpp - The energy model the report applies ---------===//
#include "ModelApplication.h"

#include "energy/model/analytic_model.h"
#include "support/ReportKeys.h"
#include "support/Settings.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace energy::rt {

using nlohmann::json;

namespace {

/// ENERGY_MODEL_FALLBACK=default (the table's words: none, default).
bool fallbackRequested() { return support::settings().ModelFallback.index() == 1; }

/// ENERGY_MODEL, or the model shipped next to the library.
std::string modelPath(const void *Anchor) {
  const char *Named = support::settings().Model.text();
  return Named ? Named : model::shippedModelPath(Anchor);
}

std::string joined(const std::vector<std::string> &Parts) {
  std::string Text;
  for (const std::string &P : Parts)
    Text += (Text.empty() ? "" : ",") + P;
  return Text;
}

} // namespace

ModelChoice loadDefaultModel(const void *Anchor) {
  ModelChoice Choice;
  try {
    Choice.Path = modelPath(Anchor);
    Choice.Model = model::loadModel(Choice.Path);
  } catch (const std::bad_alloc &) {
    throw;
  } catch (const std::exception &E) {
    Choice.Problem = E.what();
  }
  bool Analytic = Choice.Model && Choice.Model->kind() == "analytic";
  if (!Analytic && fallbackRequested()) {
    Choice.FallbackPath = model::shippedModelPath(Anchor);
    try {
      Choice.Fallback = model::loadModel(Choice.FallbackPath);
    } catch (const std::bad_alloc &) {
      throw;
    } catch (const std::exception &E) {
      std::fprintf(stderr, "energypass: ENERGY_MODEL_FALLBACK=default: %s\n", E.what());
    }
  }
  if (!Choice.Model && !Choice.Fallback)
    std::fprintf(stderr, "energypass: no energy model, energies left null: %s\n",
                 Choice.Problem.c_str());
  return Choice;
}

ModelApplication::ModelApplication(const ModelChoice &Choice, const RegionCounting &Counting)
    : Choice(Choice) {
  if (!Choice.Model) {
    if (Choice.Fallback) {
      Applied = Choice.Fallback.get();
      AppliedPath = &Choice.FallbackPath;
      FallbackNote = Choice.Problem;
      Usable = true;
      std::fprintf(stderr, "energypass: applying the default analytic model instead "
                           "(ENERGY_MODEL_FALLBACK=default)\n");
    }
    return;
  }
  Applied = Choice.Model.get();
  AppliedPath = &Choice.Path;
  Usable = true;
  if (!learned())
    return;
  std::vector<std::string> Required, Missing;
  for (const std::string &Name : Applied->requiredEvents()) {
    // The duration is an input of every model, not an event to count.
    if (Name == "seconds")
      continue;
    Required.push_back(Name);
    unsigned Found = MaxRegionEvents;
    for (unsigned E = 0; Counting.enabled() && E < Counting.size(); ++E)
      if (Counting.eventName(E) == Name && Counting.counted(E))
        Found = E;
    if (Found == MaxRegionEvents)
      Missing.push_back(Name);
    EventIndex.push_back(Found);
  }
  EventNames = Required;
  RunSelf.assign(Counting.size(), 0.0);
  if (Missing.empty())
    return;
  std::string Lacks = "the run did not count " + joined(Missing) + " per region";
  if (Choice.Fallback) {
    FallbackNote = Applied->name() + " (" + Choice.Path + ") not applied: " + Lacks;
    Applied = Choice.Fallback.get();
    AppliedPath = &Choice.FallbackPath;
    std::fprintf(stderr,
                 "energypass: model %s needs %s, which this run did not count per "
                 "region; applying the default analytic model instead "
                 "(ENERGY_MODEL_FALLBACK=default)\n",
                 Choice.Model->name().c_str(), joined(Missing).c_str());
    return;
  }
  Usable = false;
  NotApplied = "not applied: " + Lacks;
  std::string WayOut = Required.size() <= MaxRegionEvents
                           ? "run with ENERGY_REGION_EVENTS=" + joined(Required) + ", or "
                           : "it reads more events than one group per thread holds (" +
                                 std::to_string(MaxRegionEvents) +
                                 "), so use a model of fewer "
                                 "events (energy-train fit --k 8), or ";
  std::fprintf(stderr,
               "energypass: model %s needs events this run did not count per region "
               "(%s); modelled energies left null: %sENERGY_MODEL_FALLBACK=default for "
               "the default analytic model\n",
               Applied->name().c_str(), joined(Missing).c_str(), WayOut.c_str());
}

std::optional<double> ModelApplication::regionJoules(const model::Activity &A, const double *Self) {
  if (!Usable)
    return std::nullopt;
  try {
    if (!learned())
      return Applied->estimate({&A, nullptr, A.seconds}).total();
    if (!Self)
      return std::nullopt;
    model::EventValues Events;
    for (size_t I = 0; I < EventNames.size(); ++I)
      Events[EventNames[I]] = Self[EventIndex[I]];
    for (unsigned E = 0; E < RunSelf.size(); ++E)
      RunSelf[E] += Self[E];
    return Applied->estimate({&A, &Events, A.seconds}).total();
  } catch (const model::ModelError &) {
    return std::nullopt;
  }
}

double ModelApplication::realTimeJoules(const json &Timeline) const {
  constexpr double None = std::numeric_limits<double>::quiet_NaN();
  namespace Key = report_key::timeline;
  if (!Timeline.is_object() || !Timeline.contains(Key::Events) ||
      !Timeline.contains(Key::Intervals))
    return None;
  const json &Names = Timeline[Key::Events], &Intervals = Timeline[Key::Intervals];
  const std::vector<std::string> &Required = EventNames;
  std::vector<size_t> Column;
  for (const std::string &Name : Required) {
    size_t At = 0;
    while (At < Names.size() && Names[At] != Name)
      ++At;
    if (At == Names.size())
      return None;
    Column.push_back(At);
  }
  if (!Intervals.is_array() || Intervals.empty())
    return None;
  std::vector<model::EventValues> Samples;
  for (const json &Interval : Intervals) {
    model::EventValues Sample;
    for (size_t I = 0; I < Required.size(); ++I) {
      const json &Value = Interval[report_key::intervals::Process][Column[I]];
      if (!Value.is_number())
        return None;
      Sample[Required[I]] = Value.get<double>();
    }
    Samples.push_back(std::move(Sample));
  }
  double Seconds = Intervals.back()[report_key::intervals::End].get<double>() -
                   Intervals.front()[report_key::intervals::Start].get<double>();
  return Applied->realTimeJoules(Samples, Seconds);
}

json ModelApplication::runJoules(const model::Activity &Total, const json &Timeline) {
  if (!Usable)
    return nullptr;
  try {
    if (!learned())
      return Applied->estimate({&Total, nullptr, Total.seconds}).total();
    double Joules = realTimeJoules(Timeline);
    if (!std::isnan(Joules)) {
      RunMethod = "run: real-time model over the timeline's " +
                  std::to_string(Timeline[report_key::timeline::Intervals].size()) + " intervals";
      return Joules;
    }
    model::EventValues Events;
    for (size_t I = 0; I < EventNames.size(); ++I)
      Events[EventNames[I]] = RunSelf[EventIndex[I]];
    RunMethod = "run: average model on the regions' self counts (no timeline with the "
                "model's events)";
    return Applied->estimate({&Total, &Events, Total.seconds}).total();
  } catch (const model::ModelError &E) {
    RunMethod = std::string("run: not applied: ") + E.what();
    return nullptr;
  }
}

const model::OperationEnergies *ModelApplication::workJoules() const {
  const auto *Analytic = dynamic_cast<const model::AnalyticModel *>(Applied);
  return Analytic && Usable ? &Analytic->operationJoules() : nullptr;
}

json ModelApplication::modelJson() const {
  if (!Applied)
    return nullptr;
  namespace Key = report_key::model;
  json Model = {{Key::Name, Applied->name()},
                {Key::Kind, Applied->kind()},
                {Key::Path, *AppliedPath},
                {Key::AppliedTo, Usable ? std::string("regions+run") : NotApplied}};
  // The model file's format version: learned model files are read only at
  // version 1 (docs/formats/model-learned.md).
  const auto *Analytic = dynamic_cast<const model::AnalyticModel *>(Applied);
  Model[Key::Version] = Analytic ? Analytic->version() : 1;
  if (!FallbackNote.empty())
    Model[Key::FallbackFor] = FallbackNote;
  if (!RunMethod.empty())
    Model[Key::Method] =
        (learned() ? "regions: average model on self counts over self time; " : "") + RunMethod;
  return Model;
}

meters::Source ModelApplication::source() const {
  std::string Detail;
  if (!Applied)
    Detail = Choice.Problem;
  else if (!Usable)
    Detail = Applied->kind() + " model " + Applied->name() + " read from " + *AppliedPath + ", " +
             NotApplied;
  else
    Detail = Applied->kind() + " model " + Applied->name() + " read from " + *AppliedPath +
             (FallbackNote.empty() ? "" : " (fallback: " + FallbackNote + ")");
  return {"model", "model", Applied != nullptr, Usable, std::move(Detail)};
}

} // namespace energy::rt
