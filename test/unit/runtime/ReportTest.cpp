//===- ReportTest.cpp - The report file: format, place, model, failures ---===//
#include "ChildProcess.h"
#include "FakeModule.h"
#include "support/ReportDirectory.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include <map>

#include <atomic>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace energy::test;
using nlohmann::json;

namespace {

using Counters = ModuleCounters<5>;

struct Program {
  FakeModule M{"report.c", &Counters::get};
  uint32_t Main = M.region("main");
  uint32_t Body = M.block(Main, cost(10, 4, ENERGY_FLOP_ADDSUB, 64, 32));
  energy_module *D = M.descriptor();
};

void runProgram() {
  static Program P;
  __energy_register_module(P.D);
  ENERGY_TEST_ENTER(P.D, P.Main);
  Counters::Slots[P.Body] += 1000;
  usleep(2000);
  ENERGY_TEST_EXIT(P.D, P.Main);
}

void expectKeys(const json &Object, std::initializer_list<const char *> Keys) {
  for (const char *Key : Keys)
    EXPECT_TRUE(Object.contains(Key)) << "missing " << Key << " in " << Object.dump();
}

// Every key docs/formats/report.md promises, with its type.
TEST(Report, FollowsTheDocumentedFormat) {
  TempDir Dir;
  // An empty sysfs: no energy meter, whatever the machine has.
  ChildResult R = runInChild(Dir, runProgram, {{"ENERGY_SYSFS_ROOT", Dir.path()}});
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const json &Rep = R.Report;
  EXPECT_EQ(Rep["format"], "energypass-report");
  EXPECT_EQ(Rep["version"], 7);
  expectKeys(Rep, {"program", "machine", "sources", "model", "threads", "regions", "call_tree",
                   "totals", "diagnostics"});
  EXPECT_FALSE(Rep.contains("timeline")) << "no meter, no ENERGY_TIMELINE: no sampler";
  expectKeys(Rep["program"], {"path", "argv", "pid", "start_time", "wall_time_s"});
  EXPECT_TRUE(Rep["program"]["argv"].is_array());
  EXPECT_GT(Rep["program"]["wall_time_s"].get<double>(), 0.0);
  EXPECT_EQ(Rep["program"]["start_time"].get<std::string>().back(), 'Z');
  expectKeys(Rep["machine"], {"hostname", "cpu_model", "logical_cpus"});
  ASSERT_TRUE(Rep["sources"].is_array());
  for (const json &S : Rep["sources"])
    expectKeys(S, {"name", "kind", "present", "used", "detail"});
  EXPECT_EQ(Rep["sources"][0]["name"], "clock");
  EXPECT_EQ(Rep["sources"][0]["present"], true);
  // The meters' sources follow, each saying why it is absent.
  std::map<std::string, json> ByName;
  for (const json &S : Rep["sources"])
    ByName[S["name"].get<std::string>()] = S;
  ASSERT_TRUE(ByName.count("perf-hardware") && ByName.count("rapl-powercap"));
  EXPECT_EQ(ByName["rapl-powercap"]["present"], false);
  EXPECT_NE(ByName["rapl-powercap"]["detail"].get<std::string>().find("no RAPL"),
            std::string::npos);
  const json &Main = regionNamed(Rep, "main");
  expectKeys(Main, {"id", "name", "demangled", "file", "line", "kind", "parent", "module", "calls",
                    "time_s", "counts", "energy_j"});
  EXPECT_EQ(Rep["regions"][Main["id"].get<size_t>()]["name"], "main");
  expectKeys(Main["counts"],
             {"blocks", "instructions", "branches", "calls", "bytes_loaded", "bytes_stored",
              "flops", "flops_by_precision", "flops_by_kind", "flops_by_width", "flops_detail"});
  EXPECT_EQ(Main["energy_j"]["measured"], nullptr);
  EXPECT_TRUE(Main["energy_j"]["modelled"].is_number()) << R.Stderr;
  EXPECT_GT(Main["energy_j"]["modelled"].get<double>(), 0.0);
  EXPECT_TRUE(Rep["model"].is_object());
  EXPECT_EQ(Rep["model"]["kind"], "analytic");
  EXPECT_DOUBLE_EQ(Rep["totals"]["energy_j"]["modelled"].get<double>(),
                   Main["energy_j"]["modelled"].get<double>());
  EXPECT_EQ(Rep["totals"]["counts"]["flops"], 4000);
}

TEST(Report, ModelledEnergyFollowsTheModelFile) {
  TempDir Dir;
  std::string ModelPath = Dir.file("model.json");
  json Model = readJson(ENERGY_SOURCE_DIR "/models/default.json");
  Model["static_power_w"] = 0.0;
  for (auto &[Precision, Kinds] : Model["energy_pj"]["flop"].items())
    for (auto &[Kind, Value] : Kinds.items())
      Value = 0.0;
  Model["energy_pj"]["byte_loaded"] = 1.0;
  Model["energy_pj"]["byte_stored"] = 0.0;
  Model["energy_pj"]["instruction"] = 0.0;
  Model["energy_pj"]["branch"] = 0.0;
  std::ofstream(ModelPath) << Model.dump();
  ChildResult R = runInChild(Dir, runProgram, {{"ENERGY_MODEL", ModelPath}});
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  // 1000 executions x 64 bytes x 1 pJ.
  EXPECT_NEAR(regionNamed(R.Report, "main")["energy_j"]["modelled"].get<double>(), 64000e-12,
              1e-15);
  EXPECT_EQ(R.Report["model"]["path"], ModelPath);
}

TEST(Report, MissingModelStillWritesTheReport) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, runProgram, {{"ENERGY_MODEL", Dir.file("absent.json")}});
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(R.Report["model"], nullptr);
  EXPECT_EQ(regionNamed(R.Report, "main")["energy_j"]["modelled"], nullptr);
  EXPECT_EQ(R.Report["totals"]["energy_j"]["modelled"], nullptr);
  const json &Source = R.Report["sources"][1];
  EXPECT_EQ(Source["name"], "model");
  EXPECT_EQ(Source["present"], false);
  EXPECT_NE(Source["detail"].get<std::string>().find("absent.json"), std::string::npos);
  // One warning line, and nothing else.
  EXPECT_NE(R.Stderr.find("energypass: no energy model"), std::string::npos) << R.Stderr;
  EXPECT_EQ(std::count(R.Stderr.begin(), R.Stderr.end(), '\n'), 1) << R.Stderr;
}

TEST(Report, CorruptModelStillWritesTheReport) {
  TempDir Dir;
  std::ofstream(Dir.file("bad.json")) << "{\"format\": \"energypass-model\", \"vers";
  ChildResult R = runInChild(Dir, runProgram, {{"ENERGY_MODEL", Dir.file("bad.json")}});
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(R.Report["model"], nullptr);
  EXPECT_EQ(R.Report["sources"][1]["present"], false);
}

TEST(Report, SilentUnlessVerbose) {
  TempDir Dir;
  ChildResult Silent = runInChild(Dir, runProgram);
  EXPECT_TRUE(Silent.HasReport);
  EXPECT_EQ(Silent.Stderr, "");
  ChildResult Loud = runInChild(Dir, runProgram, {{"ENERGY_VERBOSE", "1"}});
  EXPECT_EQ(Loud.Stderr, "energypass: report written to " + Loud.ReportPath + "\n");
  ChildResult Quiet = runInChild(Dir, runProgram, {{"ENERGY_VERBOSE", "1"}, {"ENERGY_QUIET", "1"}});
  EXPECT_TRUE(Quiet.HasReport);
  EXPECT_EQ(Quiet.Stderr, "");
}

TEST(Report, DefaultNameHasProgramTimeAndPidAndLastLinksToIt) {
  TempDir Dir;
  std::string Reports = Dir.file("reports/nested");
  ChildResult R = runInChild(Dir,
                             [&] {
                               unsetenv("ENERGY_REPORT");
                               if (chdir(Dir.path().c_str()) != 0)
                                 std::exit(9);
                               runProgram();
                             },
                             {{"ENERGY_REPORT_DIR", Reports}});
  ASSERT_EQ(R.ExitCode, 0);
  int Found = 0;
  for (const auto &Entry : std::filesystem::directory_iterator(Reports)) {
    std::string Name = Entry.path().filename();
    if (Name == "last")
      continue;
    json Rep = readJson(Entry.path());
    std::string Pid = std::to_string(Rep["program"]["pid"].get<int>());
    EXPECT_TRUE(Name.starts_with("runtime-tests.")) << Name;
    EXPECT_TRUE(Name.ends_with("Z." + Pid + ".json")) << Name;
    EXPECT_EQ(std::filesystem::read_symlink(Reports + "/last"), Name);
    ++Found;
  }
  EXPECT_EQ(Found, 1);
  // Nothing in the working directory.
  EXPECT_FALSE(std::filesystem::exists(Dir.file("report.json")));
}

TEST(Report, PatternExpandsPidAndHost) {
  TempDir Dir;
  char Host[256] = {};
  gethostname(Host, sizeof Host - 1);
  ChildResult R = runInChild(Dir, runProgram, {{"ENERGY_REPORT", Dir.file("r-%h-%p-100%%.json")}});
  int Found = 0;
  for (const auto &Entry : std::filesystem::directory_iterator(Dir.path())) {
    std::string Name = Entry.path().filename();
    if (Name.rfind("r-", 0) != 0)
      continue;
    json Rep = readJson(Entry.path());
    EXPECT_EQ(Name, "r-" + std::string(Host) + "-" +
                        std::to_string(Rep["program"]["pid"].get<int>()) + "-100%.json");
    ++Found;
  }
  EXPECT_EQ(Found, 1);
}

TEST(Report, UnwritablePathIsReportedAndTheProgramUnaffected) {
  TempDir Dir;
  std::string Path = Dir.file("no/such/dir/report.json");
  ChildResult R = runInChild(Dir,
                             [] {
                               runProgram();
                               std::exit(7);
                             },
                             {{"ENERGY_REPORT", Path}});
  EXPECT_EQ(R.ExitCode, 7);
  EXPECT_FALSE(R.HasReport);
  EXPECT_NE(R.Stderr.find("energypass: cannot write the report to " + Path), std::string::npos)
      << R.Stderr;
  EXPECT_NE(R.Stderr.find("No such file or directory"), std::string::npos) << R.Stderr;
  EXPECT_EQ(std::count(R.Stderr.begin(), R.Stderr.end(), '\n'), 1) << R.Stderr;
}

// The report replaces an existing file by renaming a complete temporary over
// it: a second link to the old file keeps the old contents (writing in place
// would have changed them), and no temporary is left behind.
TEST(Report, WriteIsAtomicAndLeavesNoTemporary) {
  TempDir Dir;
  std::string Path = Dir.file("report.json");
  std::ofstream(Path) << "old contents";
  std::filesystem::create_hard_link(Path, Dir.file("old-link"));
  ChildResult R = runInChild(Dir, runProgram);
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(R.Report["format"], "energypass-report");
  std::ifstream Old(Dir.file("old-link"));
  std::string OldText((std::istreambuf_iterator<char>(Old)), std::istreambuf_iterator<char>());
  EXPECT_EQ(OldText, "old contents");
  for (const auto &Entry : std::filesystem::directory_iterator(Dir.path()))
    EXPECT_EQ(Entry.path().filename().string().find(".tmp"), std::string::npos) << Entry.path();
}

// ENERGY_REPORT naming a FIFO (or /dev/null) is written into, never replaced
// by a renamed file: as root, a rename would replace the device itself.
TEST(Report, SpecialFileTargetIsWrittenIntoNotReplaced) {
  TempDir Dir;
  std::string Fifo = Dir.file("report.fifo");
  ASSERT_EQ(mkfifo(Fifo.c_str(), 0600), 0);
  // A non-blocking reader, so that a regression (the FIFO replaced, nothing
  // written into it) fails instead of hanging.
  int Fd = open(Fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(Fd, 0);
  std::string Received;
  std::atomic<bool> ChildDone{false};
  std::thread Reader([&] {
    char Buffer[4096];
    for (;;) {
      ssize_t N = read(Fd, Buffer, sizeof Buffer);
      if (N > 0)
        Received.append(Buffer, size_t(N));
      else if (ChildDone)
        break;
      else
        usleep(1000);
    }
  });
  // Set in the child: runInChild would read a report path it is given.
  ChildResult R = runInChild(Dir, [&] {
    setenv("ENERGY_REPORT", Fifo.c_str(), 1);
    runProgram();
  });
  ChildDone = true;
  Reader.join();
  close(Fd);
  EXPECT_EQ(R.ExitCode, 0) << R.Stderr;
  struct stat After;
  ASSERT_EQ(stat(Fifo.c_str(), &After), 0);
  EXPECT_TRUE(S_ISFIFO(After.st_mode)) << "the FIFO was replaced";
  EXPECT_EQ(json::parse(Received, nullptr, false)["format"], "energypass-report") << Received;
}

std::string readText(const std::string &Path) {
  std::ifstream In(Path);
  return std::string((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
}

bool isLinkTo(const std::string &Link, const std::string &Target) {
  std::error_code Ec;
  return std::filesystem::is_symlink(Link, Ec) &&
         std::filesystem::read_symlink(Link, Ec).string() == Target;
}

// A link planted at the temporary name the report once had (REPORT.tmp.PID):
// the report must neither write through it nor move it into place.
TEST(Report, LinkAtTheTemporaryNameLeavesItsTargetUntouched) {
  TempDir Dir;
  std::string Victim = Dir.file("victim"), Path = Dir.file("report.json");
  std::ofstream(Victim) << "victim contents";
  std::string Planted;
  ChildResult R = runInChild(Dir, [&] {
    Planted = Path + ".tmp." + std::to_string(getpid());
    if (symlink(Victim.c_str(), Planted.c_str()) != 0)
      std::exit(9);
    runProgram();
  });
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  EXPECT_EQ(readText(Victim), "victim contents");
  EXPECT_FALSE(std::filesystem::is_symlink(Path)) << "the planted link was moved into place";
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(R.Report["format"], "energypass-report");
}

// A link at the report's path that is neither this user's nor root's is
// not followed, even when ENERGY_REPORT names it: the report is refused and
// the link and its target stay as they were.
TEST(Report, SomeoneElsesLinkAtTheReportPathIsRefused) {
  if (geteuid() != 0)
    GTEST_SKIP() << "needs root to give the link to another user";
  TempDir Dir;
  std::string Victim = Dir.file("victim"), Path = Dir.file("link.json");
  std::ofstream(Victim) << "victim contents";
  ASSERT_EQ(symlink(Victim.c_str(), Path.c_str()), 0);
  ASSERT_EQ(lchown(Path.c_str(), 65534, 65534), 0);
  // Set in the child: runInChild would read the victim through the link.
  ChildResult R = runInChild(Dir, [&] {
    setenv("ENERGY_REPORT", Path.c_str(), 1);
    runProgram();
  });
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_EQ(readText(Victim), "victim contents");
  EXPECT_TRUE(isLinkTo(Path, Victim)) << "the link was replaced";
  EXPECT_NE(R.Stderr.find("energypass: cannot write the report to " + Path + ": " + Path +
                          " is a symbolic link of user 65534"),
            std::string::npos)
      << R.Stderr;
}

// The default name was not chosen by the user: a link found there, even the
// user's own, is refused, never followed nor replaced.
TEST(Report, LinkAtTheDefaultNameIsRefused) {
  TempDir Dir;
  std::string Victim = Dir.file("victim");
  std::ofstream(Victim) << "victim contents";
  ChildResult R = runInChild(Dir, [&] {
    unsetenv("ENERGY_REPORT");
    setenv("ENERGY_REPORT_DIR", Dir.path().c_str(), 1);
    // The name has the second the runtime starts in: this one or the next.
    for (time_t Start : {time(nullptr), time(nullptr) + 1}) {
      std::string Name = energy::support::reportFileName("runtime-tests", getpid(), Start);
      if (symlink(Victim.c_str(), Dir.file(Name).c_str()) != 0 && errno != EEXIST)
        std::exit(9);
    }
    runProgram();
  });
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  EXPECT_EQ(readText(Victim), "victim contents");
  EXPECT_NE(R.Stderr.find("is a symbolic link, followed only when the path is named"),
            std::string::npos)
      << R.Stderr;
  int Links = 0;
  for (const auto &Entry : std::filesystem::directory_iterator(Dir.path()))
    Links += isLinkTo(Entry.path(), Victim);
  EXPECT_EQ(Links, 2) << "a planted link was replaced";
}

// ENERGY_REPORT naming the user's own link writes where the link leads, in
// place, as a shell's `>` would; the link stays.
TEST(Report, OwnLinkNamedExplicitlyIsWrittenThrough) {
  TempDir Dir;
  std::string Target = Dir.file("target.json"), Path = Dir.file("report.json");
  std::ofstream(Target) << "old contents";
  ASSERT_EQ(symlink(Target.c_str(), Path.c_str()), 0);
  ChildResult R = runInChild(Dir, runProgram);
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(R.Report["format"], "energypass-report");
  EXPECT_TRUE(isLinkTo(Path, Target)) << "the link was replaced";
}

// docs/runtime.md: a report is created with mode 0666 less the umask.
TEST(Report, ModeIsTheDocumentedOneLessTheUmask) {
  for (mode_t Umask : {mode_t(0), mode_t(027), mode_t(077)}) {
    TempDir Dir;
    ChildResult R = runInChild(Dir, [&] {
      umask(Umask);
      runProgram();
    });
    ASSERT_TRUE(R.HasReport) << R.Stderr;
    struct stat St;
    ASSERT_EQ(stat(R.ReportPath.c_str(), &St), 0);
    EXPECT_EQ(St.st_mode & 07777, 0666 & ~Umask) << "umask " << std::oct << Umask;
  }
}

// ENERGY_REPORT_ARGS=0 keeps the command line's arguments, which can hold
// secrets, out of the report, and says how many were left out (ctest runs
// this with a --gtest_filter argument; by hand, with none, only argv[0] is
// compared).
TEST(Report, ArgumentsCanBeLeftOut) {
  TempDir Dir;
  ChildResult All = runInChild(Dir, runProgram);
  ASSERT_TRUE(All.HasReport) << All.Stderr;
  std::vector<std::string> Argv = All.Report["program"]["argv"];
  ASSERT_GE(Argv.size(), 1u);
  EXPECT_FALSE(All.Report["program"].contains("arguments_omitted"));
  ChildResult Some = runInChild(Dir, runProgram, {{"ENERGY_REPORT_ARGS", "0"}});
  ASSERT_TRUE(Some.HasReport) << Some.Stderr;
  EXPECT_EQ(Some.Report["program"]["argv"], json::array({Argv[0]}));
  if (Argv.size() > 1)
    EXPECT_EQ(Some.Report["program"]["arguments_omitted"], Argv.size() - 1);
  else
    EXPECT_FALSE(Some.Report["program"].contains("arguments_omitted"));
  EXPECT_FALSE(Some.Report["program"].contains("ignored_settings"));
}

// A RAPL interface whose counter never moves (a VM's): the runtime waits the
// sampler's 100 ms for it to count, then samples nothing and says why; the
// program runs on without the sampler's per-task counters.
TEST(Report, AMeterThatNeverCountsIsNotSampled) {
  TempDir Dir;
  std::string Sys = Dir.file("sys");
  std::string Copy =
      "cp -r '" ENERGY_SOURCE_DIR "/test/unit/meters/fixtures/sys-powercap' '" + Sys + "'";
  ASSERT_EQ(std::system(Copy.c_str()), 0);
  ChildResult R = runInChild(Dir,
                             [] {
                               runProgram();
                               usleep(200000);
                             },
                             {{"ENERGY_SYSFS_ROOT", Sys}});
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_FALSE(R.Report.contains("timeline")) << "sampled a meter that never counted";
  bool Noted = false;
  for (const json &Source : R.Report["sources"])
    if (Source["name"] == "rapl-powercap") {
      EXPECT_TRUE(Source["present"].get<bool>());
      EXPECT_FALSE(Source["used"].get<bool>());
      Noted = Source["detail"].get<std::string>().find("counted nothing in the first") !=
              std::string::npos;
    }
  EXPECT_TRUE(Noted) << R.Report["sources"].dump();
}

} // namespace
