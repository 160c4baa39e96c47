//===- EnergyStatTest.cpp - energy-stat, run as users run it --------------===//
//
// Runs the built energy-stat on small shell programs and checks what perf
// stat users rely on: the layout of each line, `<not supported>` exactly as
// perf prints it, the CSV columns, the exit status passed through, the JSON
// of -o, -I intervals that add up to the totals, one-line errors with exit
// 2, and energy from a fake powercap tree and an external meter's log.
//
//===----------------------------------------------------------------------===//
#include "TempTree.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <fstream>
#include <linux/perf_event.h>
#include <regex>
#include <sstream>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

using energy::meters::test::TempTree;

namespace {

struct StatRun {
  int status;
  std::string err; // energy-stat prints to stderr, like perf stat
};

StatRun energyStat(const std::string &args, const std::string &env = "") {
  std::string command = env + " " ENERGY_STAT " " + args + " 2>&1 >/dev/null";
  FILE *pipe = popen(command.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  while (size_t n = fread(buf.data(), 1, buf.size(), pipe))
    out.append(buf.data(), n);
  int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

nlohmann::json readJson(const std::string &path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

std::vector<std::string> lines(const std::string &text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    result.push_back(line);
  return result;
}

// Containers may forbid perf_event_open (seccomp): then nothing counts and
// the tests that check counts skip, saying why.
bool perfEventsAllowed() {
  perf_event_attr attr{};
  attr.size = sizeof attr;
  attr.type = PERF_TYPE_SOFTWARE;
  attr.config = PERF_COUNT_SW_TASK_CLOCK;
  long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
  if (fd < 0)
    return false;
  close(static_cast<int>(fd));
  return true;
}

#define SKIP_WITHOUT_PERF_EVENTS()                                                                 \
  if (!perfEventsAllowed())                                                                        \
  GTEST_SKIP() << "perf_event_open is forbidden here"

class EnergyStat : public ::testing::Test {
protected:
  TempTree scratch{"proc"}; // a fresh directory for outputs
  std::string file(const char *name) const { return scratch.root + "/" + name; }
};

TEST_F(EnergyStat, PrintsLikePerfStatAndPassesTheExitStatusOn) {
  SKIP_WITHOUT_PERF_EVENTS();
  StatRun r = energyStat("-e task-clock,cs,page-faults,cycles -- sh -c 'exit 3'");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_NE(r.err.find(" Performance counter stats for 'sh -c exit 3':"), std::string::npos)
      << r.err;
  EXPECT_TRUE(std::regex_search(r.err, std::regex("\n +[0-9]+\\.[0-9]{2} msec task-clock +# +"
                                                  "[0-9.]+ CPUs utilized")))
      << r.err;
  EXPECT_TRUE(std::regex_search(r.err, std::regex("\n +[0-9]+      page-faults ")));
  // Hardware events are counted or marked exactly as perf marks them.
  EXPECT_TRUE(std::regex_search(r.err, std::regex("\n   <not supported>      cycles\n|"
                                                  "\n +[0-9]+      cycles ")))
      << r.err;
  EXPECT_TRUE(std::regex_search(r.err, std::regex("\n +[0-9]+\\.[0-9]{9} seconds time elapsed")));
}

TEST_F(EnergyStat, CsvHasPerfsColumns) {
  SKIP_WITHOUT_PERF_EVENTS();
  StatRun r = energyStat("-x, -e task-clock,page-faults -- true");
  EXPECT_EQ(r.status, 0) << r.err;
  std::vector<std::string> rows = lines(r.err);
  ASSERT_GE(rows.size(), 3u) << r.err;
  EXPECT_TRUE(std::regex_match(rows[0], std::regex("[0-9.]+,msec,task-clock,[0-9]+,100\\.00,"
                                                   "[0-9.]+,CPUs utilized")))
      << rows[0];
  EXPECT_TRUE(std::regex_match(rows[1], std::regex("[0-9]+,,page-faults,[0-9]+,100\\.00,"
                                                   "[0-9.]+,[KMG]?/sec")))
      << rows[1];
  for (const std::string &row : rows)
    EXPECT_EQ(std::count(row.begin(), row.end(), ','), 6) << row;
}

TEST_F(EnergyStat, JsonOutputAndIntervalsAddUpToTheTotals) {
  SKIP_WITHOUT_PERF_EVENTS();
  std::string out = file("stat.json");
  StatRun r = energyStat("-I 20 -e task-clock,page-faults -o " + out +
                         " -- sh -c 'i=0; while [ $i -lt 3000 ]; do i=$((i+1)); done'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("#           time             counts unit events"), std::string::npos);
  nlohmann::json doc = readJson(out);
  EXPECT_EQ(doc["format"], "energy-stat");
  EXPECT_EQ(doc["version"], 1);
  EXPECT_EQ(doc["exit_status"], 0);
  ASSERT_EQ(doc["events"].size(), 2u);
  EXPECT_EQ(doc["events"][1]["name"], "page-faults");
  EXPECT_EQ(doc["events"][1]["status"], "counted");
  auto &timeline = doc["timeline"];
  EXPECT_EQ(timeline["format"], "energypass-timeline");
  ASSERT_GE(timeline["intervals"].size(), 1u);
  double faults = 0;
  for (auto &interval : timeline["intervals"])
    faults += interval["process"][1].get<double>();
  EXPECT_EQ(faults, doc["events"][1]["raw"].get<double>()) << "no fault lost between intervals";
}

TEST_F(EnergyStat, EnergyFromAPowercapTreeAndAnExternalMeter) {
  TempTree sys("sys-powercap");
  timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  double t = static_cast<double>(now.tv_sec);
  std::ofstream(file("power.csv")) << std::fixed << "timestamp,watts\n"
                                   << t - 60 << ",100\n"
                                   << t + 600 << ",100\n";
  std::string out = file("stat.json");
  StatRun r = energyStat("-I 20 -e task-clock --meter-csv " + file("power.csv") + " -o " + out +
                             " -- sleep 0.05",
                         "ENERGY_SYSFS_ROOT=" + sys.root);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(std::regex_search(r.err, std::regex("\n +0\\.00 Joules rapl:package-0 "))) << r.err;
  nlohmann::json doc = readJson(out);
  ASSERT_EQ(doc["meters"].size(), 5u);
  EXPECT_EQ(doc["meters"][0]["source"], "rapl-powercap");
  double elapsed = doc["elapsed_s"];
  // Epoch seconds in a double resolve about 0.2 us: 100 W x 0.2 us x a few.
  EXPECT_NEAR(doc["external_meter"]["joules"].get<double>(), 100.0 * elapsed, 1e-4);
  EXPECT_EQ(doc["energy_j"], 0.0) << "psys did not move in the fake tree";
  // The log joined to the timeline: 100 W over each interval.
  auto &timeline = doc["timeline"];
  ASSERT_EQ(timeline["meters"].size(), 6u);
  EXPECT_EQ(timeline["meters"][5]["domain"], "external");
  for (auto &interval : timeline["intervals"]) {
    double seconds = interval["t_end"].get<double>() - interval["t_start"].get<double>();
    EXPECT_NEAR(interval["energy_j"][5].get<double>(), 100.0 * seconds, 1e-4);
  }
}

TEST_F(EnergyStat, BadInputGivesOneLineAndExitTwo) {
  for (const char *args : {"-e no-such-event -- true", "--bogus -- true", "-I 0 -- true",
                           "-o /nonexistent/dir/x.json -- true", "", "-e '{cycles' -- true"}) {
    StatRun r = energyStat(args);
    EXPECT_EQ(r.status, 2) << args << ": " << r.err;
    EXPECT_EQ(lines(r.err).size(), 1u) << args << ": " << r.err;
    EXPECT_EQ(r.err.rfind("energy-stat: error: ", 0), 0u) << r.err;
  }
  std::ofstream(file("bad.csv")) << "0,1\nnot,a number\n";
  StatRun r = energyStat("-e cs --meter-csv " + file("bad.csv") + " -- true");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("line 2: expected 'timestamp,watts'"), std::string::npos) << r.err;
}

TEST_F(EnergyStat, ProgramsThatCannotRunOrDieBySignal) {
  StatRun missing = energyStat("-e cs -- /nonexistent/program");
  EXPECT_EQ(missing.status, 127);
  EXPECT_NE(missing.err.find("cannot run '/nonexistent/program': No such file or directory"),
            std::string::npos);
  StatRun killed = energyStat("-e cs -- sh -c 'kill -9 $$'");
  EXPECT_EQ(killed.status, 128 + 9) << killed.err;
  EXPECT_NE(killed.err.find("Performance counter stats"), std::string::npos)
      << "what was measured is still printed";
}

TEST_F(EnergyStat, ListShowsThePapersEvents) {
  FILE *pipe = popen(ENERGY_STAT " --list", "r");
  std::string out;
  std::array<char, 4096> buf;
  while (size_t n = fread(buf.data(), 1, buf.size(), pipe))
    out.append(buf.data(), n);
  EXPECT_EQ(pclose(pipe), 0);
  EXPECT_NE(out.find("  L1-dcache-prefetch-misses\n"), std::string::npos);
  EXPECT_NE(out.find("  branch-load-misses\n"), std::string::npos);
}

} // namespace
