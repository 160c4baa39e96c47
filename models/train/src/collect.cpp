//===- collect.cpp - Measuring programs into a dataset --------------------===//
#include "energy/train/collect.h"
#include "energy/train/error.h"
#include "energy/train/perf_counters.h"
#include "energy/train/powercap.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <thread>

namespace energy::train {

namespace {

using Clock = std::chrono::steady_clock;

/// One sampling interval of one run.
struct Interval {
  double start = 0.0;   ///< seconds since the run began
  double seconds = 0.0;
  double joules = 0.0;
  std::vector<double> counts;
};

/// A child that runs `sh -c Command` once its parent says go, so that the
/// counters are attached before it execs.
class Child {
public:
  explicit Child(const std::string &Command) {
    int Pipe[2];
    require(pipe(Pipe) == 0, "cannot create a pipe to start the program");
    Pid = fork();
    require(Pid >= 0, "cannot fork to run '" + Command + "'");
    if (Pid == 0) {
      close(Pipe[1]);
      char Go;
      if (::read(Pipe[0], &Go, 1) != 1)
        _exit(127);
      int Null = open("/dev/null", O_WRONLY);
      if (Null >= 0)
        dup2(Null, STDOUT_FILENO); // the dataset may go to stdout
      execl("/bin/sh", "sh", "-c", Command.c_str(), static_cast<char *>(nullptr));
      _exit(127);
    }
    close(Pipe[0]);
    GoFd = Pipe[1];
  }
  ~Child() {
    if (Pid > 0 && !Reaped) {
      kill(Pid, SIGKILL);
      waitpid(Pid, nullptr, 0);
    }
    if (GoFd >= 0)
      close(GoFd);
  }
  void start() {
    require(::write(GoFd, "g", 1) == 1, "cannot start the program");
    close(GoFd);
    GoFd = -1;
  }
  /// True once the child has exited; Status receives its wait status.
  bool exited(int &Status) {
    Reaped = waitpid(Pid, &Status, WNOHANG) == Pid;
    return Reaped;
  }
  pid_t pid() const { return Pid; }

private:
  pid_t Pid = -1;
  int GoFd = -1;
  bool Reaped = false;
};

std::vector<Interval> measureRun(const std::string &Command,
                                 const std::vector<std::string> &Events,
                                 const PowercapMeter &Meter, double Period) {
  Child C(Command);
  PerfCounters Counters(C.pid(), Events);
  std::vector<double> LastCounts(Events.size(), 0.0);
  std::vector<uint64_t> LastEnergy = Meter.read();
  auto Begin = Clock::now(), Last = Begin;
  C.start();
  std::vector<Interval> Out;
  int Status = 0;
  bool Done = false;
  auto Next = Begin;
  while (!Done) {
    Next += std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(Period));
    while (!(Done = C.exited(Status)) && Clock::now() < Next)
      std::this_thread::sleep_for(std::chrono::microseconds(500));
    auto Now = Clock::now();
    std::vector<double> Counts = Counters.read();
    std::vector<uint64_t> Energy = Meter.read();
    Interval I;
    I.start = std::chrono::duration<double>(Last - Begin).count();
    I.seconds = std::chrono::duration<double>(Now - Last).count();
    I.joules = Meter.joulesBetween(LastEnergy, Energy);
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
    LastEnergy = Energy;
    Last = Now;
  }
  require(WIFEXITED(Status) && WEXITSTATUS(Status) == 0,
          "'" + Command + "' failed (exit status " +
              std::to_string(WIFEXITED(Status) ? WEXITSTATUS(Status) : -1) +
              "); collect measures programs that succeed");
  return Out;
}

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

std::vector<std::string> chooseEvents(const CollectOptions &O) {
  std::vector<std::string> Events = O.events;
  if (Events.empty())
    Events = O.softwareEventsOnly ? softwareEvents() : paperEvents();
  for (const std::string &E : Events) {
    require(isKnownEvent(E), "unknown perf event '" + E +
                                 "'; use perf list names such as cycles, "
                                 "cache-misses, task-clock");
    require(!O.softwareEventsOnly || isSoftwareEvent(E),
            "'" + E + "' is a hardware event but --software-events was given");
  }
  return Events;
}

nlohmann::json machineDescription() {
  nlohmann::json M;
  char Host[256] = {0};
  gethostname(Host, sizeof(Host) - 1);
  M["hostname"] = Host;
  M["cpus"] = std::thread::hardware_concurrency();
  std::ifstream Info("/proc/cpuinfo");
  for (std::string Line; std::getline(Info, Line);)
    if (Line.rfind("model name", 0) == 0) {
      M["cpu"] = Line.substr(Line.find(':') + 2);
      break;
    }
  return M;
}

void appendRow(Dataset &D, const std::string &Program, double Start,
               double Seconds, double Watts, const std::vector<double> &X) {
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

Dataset collectDataset(const CollectOptions &O) {
  require(!O.programs.empty(), "collect needs programs (--programs 'CMD;CMD')");
  require(O.runs >= 1, "--runs must be at least 1");
  require(O.intervalSeconds >= 0.001, "--interval must be at least 0.001 s");
  PowercapMeter Meter = PowercapMeter::open(O.powercapRoot);
  std::vector<std::string> Events = chooseEvents(O);
  Dataset D;
  D.features = Events;
  D.x.resize(0, static_cast<Eigen::Index>(Events.size()));
  D.info.kind = O.timeline ? RowKind::Timeline : RowKind::Runs;
  D.info.events = Events;
  D.info.machine = machineDescription();
  nlohmann::json Zones = nlohmann::json::array();
  for (const PowercapZone &Z : Meter.zones())
    Zones.push_back(Z.name);
  D.info.meter = {{"kind", "rapl-powercap"},
                  {"root", O.powercapRoot},
                  {"zones", Zones},
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
  validateDataset(D, "collect (meter " + O.powercapRoot + ")");
  return D;
}

} // namespace energy::train
