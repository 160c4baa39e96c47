//===- collect.cpp - Measuring programs into a dataset --------------------===//
//
// The counters and the RAPL meter are the runtime's (runtime/meters), so that
// collect, energy-stat and instrumented programs measure alike.
//
//===----------------------------------------------------------------------===//
#include "energy/train/collect.h"
#include "energy/train/error.h"

#include "meters/Counters.h"
#include "meters/EnergyMeter.h"
#include "meters/Events.h"
#include "meters/SysfsFiles.h"
#include "process/ExitStatus.h"
#include "process/HeldChild.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <memory>
#include <thread>

namespace energy::train {

namespace {

namespace meters = energy::meters;

using Clock = std::chrono::steady_clock;

/// One sampling interval of one run.
struct Interval {
  double start = 0.0; ///< seconds since the run began
  double seconds = 0.0;
  double joules = 0.0;
  std::vector<double> counts;
};

/// The machine's energy: the RAPL zones of a powercap tree that add up
/// without double counting, chosen as the runtime chooses them.
class RaplEnergy {
public:
  explicit RaplEnergy(const std::string &Root);
  /// Joules since the zones were opened. A zone whose read fails counts its
  /// last good reading; the next good one catches up, so totals stay exact.
  double joules();
  /// The zones' names as the meters give them, less "rapl:" (package-0,
  /// package-0:dram, psys).
  std::vector<std::string> zoneNames() const;

private:
  std::vector<std::unique_ptr<meters::EnergyMeter>> Zones;
  std::vector<double> LastJoules;
};

RaplEnergy::RaplEnergy(const std::string &Root) {
  meters::MeterDiscovery Found = meters::discoverPowercapZones(Root, meters::realFileOpener());
  for (size_t I : meters::primaryMeters(Found.meters))
    Zones.push_back(std::move(Found.meters[I]));
  LastJoules.assign(Zones.size(), 0.0);
  if (!Zones.empty())
    return;
  bool Unreadable = Found.meters.empty() && !Found.source.detail.empty() && Found.source.present;
  require(!Unreadable, "no readable RAPL energy meter: " + Found.source.detail +
                           "; or pass --powercap-root DIR, or import measured "
                           "data with energy-train import");
  throw TrainError("no RAPL energy meter: " + Root +
                   " has no intel-rapl:N zone with energy_uj (virtual machines "
                   "and non-Intel CPUs often lack it); collect on a machine "
                   "with RAPL, pass --powercap-root DIR, or import measured "
                   "data with energy-train import");
}

double RaplEnergy::joules() {
  double Total = 0.0;
  for (size_t I = 0; I < Zones.size(); ++I) {
    double Joules;
    if (Zones[I]->read(Joules))
      LastJoules[I] = Joules;
    Total += LastJoules[I];
  }
  return Total;
}

std::vector<std::string> RaplEnergy::zoneNames() const {
  std::vector<std::string> Names;
  for (const auto &Zone : Zones) {
    const std::string &Meter = Zone->name(); // rapl:ZONE
    Names.push_back(Meter.substr(Meter.find(':') + 1));
  }
  return Names;
}

/// Opens the counters on the child before it execs, counting from its exec
/// on, its threads and children included. Throws TrainError naming the first
/// event the kernel refuses, and why.
void openChildCounters(meters::CounterSet &Counters, pid_t Pid) {
  meters::CounterOptions Options;
  Options.pid = Pid;
  Options.inherit = true;
  Options.enableOnExec = true;
  Options.mapPages = false;
  Counters.open(Options);
  for (size_t I = 0; I < Counters.size(); ++I) {
    if (Counters.status(I) == meters::CounterStatus::Counting)
      continue;
    const meters::EventSpec &Event = Counters.event(I);
    throw TrainError(
        std::string(
            Event.type == PERF_TYPE_SOFTWARE ? "" : "hardware counters are not available here: ") +
        "perf_event_open('" + Event.name + "') failed (" + std::strerror(Counters.openError(I)) +
        "); on a VM without a PMU collect with --software-events, or "
        "import data measured elsewhere (energy-train import)");
  }
}

/// Current totals, scaled for multiplexing, in event order; 0 for an event
/// that has not run yet.
std::vector<double> readCounts(const meters::CounterSet &Counters) {
  std::vector<meters::CounterValue> Values(Counters.size());
  Counters.read(Values.data());
  std::vector<double> Counts;
  for (const meters::CounterValue &V : Values) {
    double Scaled = V.scaled();
    Counts.push_back(std::isnan(Scaled) ? 0.0 : Scaled);
  }
  return Counts;
}

std::vector<Interval> measureRun(const std::string &Command,
                                 const std::vector<meters::EventSpec> &Events, RaplEnergy &Meter,
                                 double Period) {
  process::HeldChild C;
  std::string Why;
  require(C.spawn({"/bin/sh", "-c", Command}, Why, {.DiscardOutput = true}),
          "cannot run '" + Command + "': " + Why);
  meters::CounterSet Counters(Events);
  openChildCounters(Counters, C.pid());
  std::vector<double> LastCounts(Events.size(), 0.0);
  double LastJoules = Meter.joules();
  auto Begin = Clock::now(), Last = Begin;
  int ExecError = C.release();
  require(ExecError == 0, process::execFailureMessage("/bin/sh", ExecError));
  std::vector<Interval> Out;
  int Status = 0;
  bool Done = false;
  auto Next = Begin;
  while (!Done) {
    Next += std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(Period));
    while (!(Done = C.ended(Status)) && Clock::now() < Next)
      std::this_thread::sleep_for(std::chrono::microseconds(500));
    auto Now = Clock::now();
    std::vector<double> Counts = readCounts(Counters);
    double Joules = Meter.joules();
    Interval I;
    I.start = std::chrono::duration<double>(Last - Begin).count();
    I.seconds = std::chrono::duration<double>(Now - Last).count();
    I.joules = Joules - LastJoules;
    for (size_t E = 0; E < Counts.size(); ++E)
      I.counts.push_back(Counts[E] - LastCounts[E]);
    // A last sliver of an interval, when the program ends just after a
    // sample, joins the interval before it: too short to meter.
    if (Done && !Out.empty() && I.seconds < Period / 2) {
      Interval &Prev = Out.back();
      Prev.seconds += I.seconds;
      Prev.joules += I.joules;
      for (size_t E = 0; E < Counts.size(); ++E)
        Prev.counts[E] += I.counts[E];
    } else {
      Out.push_back(I);
    }
    LastCounts = Counts;
    LastJoules = Joules;
    Last = Now;
  }
  int ExitStatus = process::shellExitStatus(Status);
  require(ExitStatus == 0, "'" + Command + "' failed (exit status " + std::to_string(ExitStatus) +
                               "); collect measures programs that succeed");
  return Out;
}

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

/// The events to count, resolved as perf (and energy-stat) name them.
std::vector<meters::EventSpec> chooseEvents(const CollectOptions &O) {
  std::vector<std::string> Names = O.events;
  if (Names.empty())
    Names = O.softwareEventsOnly ? softwareEvents() : meters::paperEvents();
  std::vector<meters::EventSpec> Events;
  for (const std::string &Name : Names) {
    meters::EventSpec Event;
    std::string Why;
    require(meters::resolveEvent(Name, meters::sysfsRoot(), Event, Why),
            "unknown perf event '" + Name +
                "'; use perf list names such as cycles, cache-misses, task-clock");
    require(!O.softwareEventsOnly || Event.type == PERF_TYPE_SOFTWARE,
            "'" + Name + "' is a hardware event but --software-events was given");
    Events.push_back(Event);
  }
  return Events;
}

std::string powercapDirectory(const CollectOptions &O) {
  return O.powercapRoot.empty() ? meters::sysfsRoot() + "/class/powercap" : O.powercapRoot;
}

nlohmann::json machineDescription() {
  nlohmann::json M;
  char Host[256] = {0};
  gethostname(Host, sizeof(Host) - 1);
  M["hostname"] = Host;
  M["cpus"] = std::thread::hardware_concurrency();
  std::ifstream Info("/proc/cpuinfo");
  for (std::string Line; std::getline(Info, Line);)
    if (Line.starts_with("model name")) {
      M["cpu"] = Line.substr(Line.find(':') + 2);
      break;
    }
  return M;
}

void appendRow(Dataset &D, const std::string &Program, double Start, double Seconds, double Watts,
               const std::vector<double> &X) {
  Eigen::Index R = D.x.rows();
  D.x.conservativeResize(R + 1, static_cast<Eigen::Index>(X.size()));
  D.power.conservativeResize(R + 1);
  D.seconds.conservativeResize(R + 1);
  D.timestamp.conservativeResize(R + 1);
  for (size_t F = 0; F < X.size(); ++F)
    D.x(R, static_cast<Eigen::Index>(F)) = X[F];
  D.power(R) = Watts;
  D.seconds(R) = Seconds;
  D.timestamp(R) = Start;
  D.programs.push_back(Program);
}

} // namespace

const std::vector<std::string> &softwareEvents() {
  static const std::vector<std::string> Events = {"task-clock", "cpu-clock", "cs", "migrations",
                                                  "page-faults"};
  return Events;
}

Dataset collectDataset(const CollectOptions &O) {
  require(!O.programs.empty(), "collect needs programs (--programs 'CMD;CMD')");
  require(O.runs >= 1, "--runs must be at least 1");
  require(O.intervalSeconds >= 0.001, "--interval must be at least 0.001 s");
  std::string Root = powercapDirectory(O);
  RaplEnergy Meter(Root);
  std::vector<meters::EventSpec> Events = chooseEvents(O);
  Dataset D;
  for (const meters::EventSpec &Event : Events)
    D.features.push_back(Event.name);
  D.x.resize(0, static_cast<Eigen::Index>(Events.size()));
  D.info.kind = O.timeline ? RowKind::Timeline : RowKind::Runs;
  D.info.events = D.features;
  D.info.machine = machineDescription();
  D.info.meter = {{"kind", "rapl-powercap"},
                  {"root", Root},
                  {"zones", Meter.zoneNames()},
                  {"interval_s", O.intervalSeconds}};
  D.info.source = "energy-train collect";
  auto Epoch = Clock::now();
  for (const std::string &Program : O.programs)
    for (int Run = 0; Run < O.runs; ++Run) {
      double RunStart = std::chrono::duration<double>(Clock::now() - Epoch).count();
      std::vector<Interval> Intervals = measureRun(Program, Events, Meter, O.intervalSeconds);
      if (O.timeline) {
        for (const Interval &I : Intervals)
          appendRow(D, Program, RunStart + I.start, I.seconds,
                    I.seconds > 0 ? I.joules / I.seconds : 0.0, I.counts);
        continue;
      }
      double Seconds = 0, Joules = 0;
      std::vector<double> Medians;
      for (const Interval &I : Intervals) {
        Seconds += I.seconds;
        Joules += I.joules;
      }
      for (size_t E = 0; E < Events.size(); ++E) {
        std::vector<double> Samples;
        for (const Interval &I : Intervals)
          Samples.push_back(I.counts[E]);
        Medians.push_back(median(Samples));
      }
      appendRow(D, Program, RunStart, Seconds, Joules / Seconds, Medians);
    }
  validateDataset(D, "collect (meter " + Root + ")");
  return D;
}

} // namespace energy::train
