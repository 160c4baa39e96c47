//===- main.cpp - energy-stat: perf stat, with energy ----------------------===//
//
//   energy-stat [-e EVENTS] [-I MS] [-x SEP] [-o FILE] [--meter-csv LOG] -- PROGRAM ARGS
//
// Runs PROGRAM with perf counters (inherited by its threads and children,
// armed to start at exec) and every energy meter this machine has, then
// prints each event under perf's name, `<not supported>` where perf would,
// the energy per meter or why there is none, and the elapsed time. The
// program's exit status is passed through (128 + N when killed by signal N);
// energy-stat's own errors exit with 2, a program that cannot be run with
// 127 (not found) or 126.
//
//===----------------------------------------------------------------------===//
#include "StatOutput.h"
#include "StatResult.h"

#include "meters/Events.h"
#include "meters/ExternalMeter.h"
#include "meters/Sampler.h"
#include "process/ExitStatus.h"
#include "process/HeldChild.h"
#include "support/SafeFile.h"
#include "tool/ToolMain.h"

#include <CLI/CLI.hpp>

#include <csignal>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <unistd.h>

using namespace energy;
using namespace energy::meters;

namespace {

struct Options {
  std::string events;
  double intervalMs = 0;
  std::string separator;
  std::string output;
  std::string meterCsv;
  bool list = false;
  bool helpShown = false;
  std::vector<std::string> command;
};

/// energy-stat's own failure: the line it prints and the status it ends
/// with. Thrown rather than exiting where it is found, so that what is open
/// (a held child, the meters) is closed on the way out.
struct Failure {
  std::string message;
  int status;
};

[[noreturn]] void fail(const std::string &message, int status = 2) {
  throw Failure{message, status};
}

Options parseOptions(int argc, char **argv) {
  Options o;
  CLI::App app{"energy-stat: run a program and print its perf counters and energy, like "
               "perf stat"};
  app.add_option("-e,--event", o.events,
                 "events, comma-separated, {grouped}; perf names, rHEX, pmu/event/, libpfm4 "
                 "names (default: the paper's 22 events, task-clock and page-faults)");
  app.add_option("-I,--interval-print", o.intervalMs,
                 "also print counts and energy every MS milliseconds (at least 1)")
      ->check(CLI::Range(1.0, 3600e3));
  app.add_option("-x,--field-separator", o.separator,
                 "print CSV with this separator, in perf stat's columns");
  app.add_option("-o,--output", o.output,
                 "also write the results as JSON "
                 "(docs/formats/energy-stat.md)");
  app.add_option("--meter-csv", o.meterCsv,
                 "an external power meter's log (timestamp,watts) to integrate over the run");
  app.add_flag("--list", o.list, "list the event names energy-stat knows and exit");
  app.footer("Run as: energy-stat [OPTIONS] -- PROGRAM [ARGS...]\n"
             "Prints on stderr, like perf stat. Exit status: the program's (128 + N if signal N "
             "killed it); 2 for bad options, events or logs; 127/126 if PROGRAM cannot run.\n"
             "Sources, permissions and fixes: docs/meters.md.");
  app.prefix_command();
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp &) {
    std::cout << app.help();
    o.helpShown = true;
    return o;
  } catch (const CLI::ParseError &e) {
    fail(std::string(e.what()) + " (see energy-stat --help)");
  }
  o.command = app.remaining();
  if (!o.command.empty() && o.command.front() == "--")
    o.command.erase(o.command.begin());
  else if (!o.command.empty() && o.command.front().size() > 1 && o.command.front()[0] == '-')
    fail("unknown option '" + o.command.front() + "' (see energy-stat --help)");
  return o;
}

void listEvents() {
  std::cout << "The paper's 22 events:\n";
  for (const std::string &name : paperEvents())
    std::cout << "  " << name << "\n";
  std::cout << "Every generic perf name:\n";
  for (const std::string &name : genericEventNames())
    std::cout << "  " << name << "\n";
  std::cout << "Also: rHEX raw codes, pmu/event/ or pmu/term=value/ from "
               "/sys/bus/event_source/devices, and libpfm4 names (e.g. INST_RETIRED:ANY_P).\n";
}

std::vector<EventSpec> chosenEvents(const Options &o) {
  std::string list = o.events;
  if (list.empty())
    for (const std::string &name : defaultEvents())
      list += (list.empty() ? "" : ",") + name;
  EventListResult parsed = parseEventList(list, sysfsRoot());
  if (!parsed.error.empty())
    fail(parsed.error);
  return parsed.events;
}

CounterOptions childCounting(pid_t child) {
  CounterOptions c;
  c.pid = child;
  c.inherit = true;
  c.enableOnExec = true;
  c.mapPages = false;
  return c;
}

double seconds(const timeval &tv) {
  return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) * 1e-6;
}

// The log is read after the run (the meter writes it meanwhile); a bad log
// is reported after the results, which are not thrown away for it.
// With -I, the log is also joined to the timeline, interval by interval.
stat::ExternalResult integrateExternal(const std::string &path, double t0, double t1,
                                       nlohmann::json &timeline, std::string &error) {
  stat::ExternalResult ext{path, std::nullopt, ""};
  PowerLog log;
  if (!loadPowerCsv(path, log, error)) {
    error += " (expected lines 'unix_seconds,watts')";
    ext.detail = "unreadable log";
    return ext;
  }
  ext.joules = integrateEnergy(log, t0, t1);
  if (!ext.joules)
    ext.detail = "the log does not cover the whole run: nothing is extrapolated";
  if (!timeline.is_null() && !joinExternalMeter(timeline, log, "external:" + path, error))
    ext.detail = error;
  return ext;
}

} // namespace

namespace {

int run(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  if (o.helpShown)
    return 0;
  if (o.list) {
    listEvents();
    return 0;
  }
  if (o.command.empty())
    fail("no program to run: energy-stat [options] -- PROGRAM [ARGS]");
  std::vector<EventSpec> events = chosenEvents(o);
  // The file is written when the program has ended: a directory it cannot go
  // into fails now, before a long run is lost to it.
  if (std::string dir = std::filesystem::path(o.output).parent_path().string();
      !o.output.empty() && access(dir.empty() ? "." : dir.c_str(), W_OK) != 0)
    fail("cannot write '" + o.output + "': " + std::strerror(errno));

  auto meters = MeterSet::probe(ProbeOptions{}, events);
  // Keyboard signals go to the program; energy-stat stays to print what it measured.
  std::signal(SIGINT, SIG_IGN);
  std::signal(SIGQUIT, SIG_IGN);
  process::HeldChild child;
  std::string error;
  if (!child.spawn(o.command, error))
    fail(error, 1);
  meters->start(childCounting(child.pid()));

  std::vector<std::string> meterNames;
  for (size_t m = 0; m < meters->meterCount(); ++m)
    meterNames.push_back(meters->meter(m).name());
  std::unique_ptr<Sampler> sampler;
  if (o.intervalMs > 0) {
    SamplerOptions so;
    so.period = std::chrono::microseconds(static_cast<long long>(o.intervalMs * 1e3));
    so.maxThreads = 0;
    stat::printIntervalHeader(stderr, o.separator);
    sampler = std::make_unique<Sampler>(*meters, so, [&](const IntervalView &v) {
      stat::printInterval(stderr, o.separator, v, meters->events(), meterNames);
    });
    sampler->start();
  }

  double t0 = monotonicSeconds(), epoch0 = epochSeconds();
  if (int execError = child.release()) {
    child.wait();
    fail("cannot run '" + o.command.front() + "': " + std::strerror(execError),
         process::execFailureStatus(execError));
  }
  rusage usage{};
  int status = child.wait(&usage);
  double elapsed = monotonicSeconds() - t0;
  if (sampler)
    sampler->stop();

  Reading final = meters->makeReading();
  meters->readAll(final);
  stat::StatResult result = stat::gatherResult(*meters, final);
  meters->stop(); // notes meters that never moved
  result.sources = meters->sources();
  result.command = o.command;
  result.elapsedSeconds = elapsed;
  result.userSeconds = seconds(usage.ru_utime);
  result.systemSeconds = seconds(usage.ru_stime);
  result.exitStatus = process::shellExitStatus(status);
  if (sampler)
    result.timeline = sampler->timelineJson();
  std::string logError;
  if (!o.meterCsv.empty())
    result.external =
        integrateExternal(o.meterCsv, epoch0, epoch0 + elapsed, result.timeline, logError);

  if (o.separator.empty())
    stat::printText(stderr, result);
  else
    stat::printCsv(stderr, o.separator, result);
  std::string writeError;
  if (!o.output.empty() &&
      !support::writeFileSafely(o.output, stat::resultJson(result), {.Named = true}, writeError))
    fail("cannot write '" + o.output + "': " + writeError);
  if (!logError.empty())
    fail(logError);
  return result.exitStatus;
}

} // namespace

int main(int argc, char **argv) {
  try {
    return run(argc, argv);
  } catch (const Failure &F) {
    tool::printError("energy-stat", F.message);
    return F.status;
  }
}
