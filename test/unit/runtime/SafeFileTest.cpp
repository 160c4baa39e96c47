//===- SafeFileTest.cpp - Files nobody else can redirect ------------------===//
#include "support/SafeFile.h"
#include "ChildProcess.h"
#include "support/RandomBytes.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using energy::test::TempDir;
using namespace energy::support;

namespace {

std::string readText(const std::string &Path) {
  std::ifstream In(Path);
  return std::string((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
}

mode_t modeOf(const std::string &Path) {
  struct stat St;
  EXPECT_EQ(stat(Path.c_str(), &St), 0) << Path;
  return St.st_mode & 07777;
}

/// Sets the umask for one scope, so that a failing test leaves it as it was.
class UmaskScope {
public:
  explicit UmaskScope(mode_t Mask) : Old(umask(Mask)) {}
  ~UmaskScope() { umask(Old); }

private:
  mode_t Old;
};

std::vector<std::string> namesIn(const TempDir &Dir) {
  std::vector<std::string> Names;
  for (const auto &Entry : std::filesystem::directory_iterator(Dir.path()))
    Names.push_back(Entry.path().filename());
  std::sort(Names.begin(), Names.end());
  return Names;
}

/// What ENERGY_REPORT or `-o` gives.
const WriteOptions Named{.Named = true};

// Outside a secure process: named when the variable is set and not empty,
// mode 0666, any directory.
TEST(SafeFile, GuestFileOptionsFollowTheNamingVariable) {
  unsetenv("ENERGY_TEST_PATH");
  WriteOptions Unset = guestFileOptions("ENERGY_TEST_PATH");
  EXPECT_FALSE(Unset.Named);
  EXPECT_EQ(Unset.Mode, 0666u);
  EXPECT_FALSE(Unset.OwnDirectoryOnly);
  setenv("ENERGY_TEST_PATH", "", 1);
  EXPECT_FALSE(guestFileOptions("ENERGY_TEST_PATH").Named);
  setenv("ENERGY_TEST_PATH", "/tmp/x.json", 1);
  EXPECT_TRUE(guestFileOptions("ENERGY_TEST_PATH").Named);
  unsetenv("ENERGY_TEST_PATH");
}

TEST(SafeFile, NewFileHasItsModeLessTheUmask) {
  TempDir Dir;
  UmaskScope Mask(022);
  std::string Error;
  ASSERT_TRUE(writeFileSafely(Dir.file("a"), "text", {}, Error)) << Error;
  EXPECT_EQ(readText(Dir.file("a")), "text");
  EXPECT_EQ(modeOf(Dir.file("a")), 0644u);
  WriteOptions Private;
  Private.Mode = 0600;
  ASSERT_TRUE(writeFileSafely(Dir.file("b"), "text", Private, Error)) << Error;
  EXPECT_EQ(modeOf(Dir.file("b")), 0600u);
}

TEST(SafeFile, RelativePathIsInTheWorkingDirectory) {
  TempDir Dir;
  std::string Here = std::filesystem::current_path();
  ASSERT_EQ(chdir(Dir.path().c_str()), 0);
  std::string Error;
  bool Written = writeFileSafely("relative.txt", "text", {}, Error);
  ASSERT_EQ(chdir(Here.c_str()), 0);
  ASSERT_TRUE(Written) << Error;
  EXPECT_EQ(readText(Dir.file("relative.txt")), "text");
}

// A second hard link to the old file keeps the old contents: the new file
// was renamed into place, not written over the old one; no temporary stays.
TEST(SafeFile, ExistingFileIsReplacedWhole) {
  TempDir Dir;
  std::ofstream(Dir.file("f")) << "old";
  std::filesystem::create_hard_link(Dir.file("f"), Dir.file("old-link"));
  std::string Error;
  ASSERT_TRUE(writeFileSafely(Dir.file("f"), "new", {}, Error)) << Error;
  EXPECT_EQ(readText(Dir.file("f")), "new");
  EXPECT_EQ(readText(Dir.file("old-link")), "old");
  EXPECT_EQ(namesIn(Dir), (std::vector<std::string>{"f", "old-link"}));
}

TEST(SafeFile, LinkAtAPathNotNamedIsRefused) {
  TempDir Dir;
  std::ofstream(Dir.file("victim")) << "victim";
  ASSERT_EQ(symlink(Dir.file("victim").c_str(), Dir.file("f").c_str()), 0);
  std::string Error;
  EXPECT_FALSE(writeFileSafely(Dir.file("f"), "new", {}, Error));
  EXPECT_NE(Error.find("is a symbolic link, followed only when the path is named"),
            std::string::npos)
      << Error;
  EXPECT_EQ(readText(Dir.file("victim")), "victim");
  EXPECT_TRUE(std::filesystem::is_symlink(Dir.file("f")));
  EXPECT_EQ(namesIn(Dir), (std::vector<std::string>{"f", "victim"}));
}

TEST(SafeFile, OwnLinkNamedIsWrittenThroughInPlace) {
  TempDir Dir;
  std::ofstream(Dir.file("target")) << "a longer old text";
  ASSERT_EQ(symlink(Dir.file("target").c_str(), Dir.file("f").c_str()), 0);
  std::string Error;
  ASSERT_TRUE(writeFileSafely(Dir.file("f"), "new", Named, Error)) << Error;
  EXPECT_EQ(readText(Dir.file("target")), "new");
  EXPECT_TRUE(std::filesystem::is_symlink(Dir.file("f")));
}

// docs/runtime.md promises ENERGY_REPORT=/dev/stdout: root's link to the
// process's own descriptor, here a pipe, written into.
TEST(SafeFile, DevStdoutIsWrittenThrough) {
  int Pipe[2];
  ASSERT_EQ(pipe(Pipe), 0);
  pid_t Child = fork();
  if (Child == 0) {
    dup2(Pipe[1], 1);
    close(Pipe[0]);
    std::string Error;
    _exit(writeFileSafely("/dev/stdout", "through the pipe", Named, Error) ? 0 : 1);
  }
  close(Pipe[1]);
  std::string Received;
  char Buffer[64];
  for (ssize_t N; (N = read(Pipe[0], Buffer, sizeof Buffer)) > 0;)
    Received.append(Buffer, size_t(N));
  close(Pipe[0]);
  int Status = 0;
  ASSERT_EQ(waitpid(Child, &Status, 0), Child);
  EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0);
  EXPECT_EQ(Received, "through the pipe");
}

TEST(SafeFile, SomeoneElsesLinkIsRefusedEvenWhenNamed) {
  if (geteuid() != 0)
    GTEST_SKIP() << "needs root to give the link to another user";
  TempDir Dir;
  std::ofstream(Dir.file("victim")) << "victim";
  ASSERT_EQ(symlink(Dir.file("victim").c_str(), Dir.file("f").c_str()), 0);
  ASSERT_EQ(lchown(Dir.file("f").c_str(), 65534, 65534), 0);
  std::string Error;
  EXPECT_FALSE(writeFileSafely(Dir.file("f"), "new", Named, Error));
  EXPECT_NE(Error.find("is a symbolic link of user 65534"), std::string::npos) << Error;
  EXPECT_EQ(readText(Dir.file("victim")), "victim");
}

TEST(SafeFile, DanglingLinkCreatesNothing) {
  TempDir Dir;
  ASSERT_EQ(symlink(Dir.file("nowhere").c_str(), Dir.file("f").c_str()), 0);
  std::string Error;
  EXPECT_FALSE(writeFileSafely(Dir.file("f"), "new", Named, Error));
  EXPECT_FALSE(std::filesystem::exists(Dir.file("nowhere")));
  EXPECT_EQ(namesIn(Dir), (std::vector<std::string>{"f"}));
}

TEST(SafeFile, SpecialFileIsWrittenIntoOnlyWhenNamed) {
  std::string Error;
  EXPECT_TRUE(writeFileSafely("/dev/null", "text", Named, Error)) << Error;
  struct stat St;
  ASSERT_EQ(stat("/dev/null", &St), 0);
  EXPECT_TRUE(S_ISCHR(St.st_mode));
  TempDir Dir;
  ASSERT_EQ(mkfifo(Dir.file("fifo").c_str(), 0600), 0);
  EXPECT_FALSE(writeFileSafely(Dir.file("fifo"), "text", {}, Error));
  EXPECT_NE(Error.find("is not a regular file"), std::string::npos) << Error;
}

TEST(SafeFile, DirectoryAtThePathIsAnError) {
  TempDir Dir;
  std::string Error;
  EXPECT_FALSE(writeFileSafely(Dir.path(), "text", Named, Error));
  EXPECT_FALSE(writeFileSafely(Dir.path() + "/", "text", Named, Error));
  EXPECT_NE(Error.find("names a directory"), std::string::npos) << Error;
  EXPECT_FALSE(writeFileSafely(Dir.file("none/f"), "text", Named, Error));
  EXPECT_NE(Error.find("cannot open the directory " + Dir.file("none")), std::string::npos)
      << Error;
}

TEST(SafeFile, OwnDirectoryOnlyRefusesADirectoryOthersCanWrite) {
  TempDir Dir;
  WriteOptions Own;
  Own.OwnDirectoryOnly = true;
  std::string Error;
  ASSERT_EQ(chmod(Dir.path().c_str(), 0755), 0);
  EXPECT_TRUE(writeFileSafely(Dir.file("mine"), "text", Own, Error)) << Error;
  ASSERT_EQ(chmod(Dir.path().c_str(), 0775), 0);
  EXPECT_FALSE(writeFileSafely(Dir.file("shared"), "text", Own, Error));
  EXPECT_NE(Error.find("is not the effective user's own directory"), std::string::npos) << Error;
  EXPECT_FALSE(std::filesystem::exists(Dir.file("shared")));
  if (geteuid() != 0)
    return;
  ASSERT_EQ(chmod(Dir.path().c_str(), 0755), 0);
  ASSERT_EQ(chown(Dir.path().c_str(), 65534, 65534), 0);
  EXPECT_FALSE(writeFileSafely(Dir.file("theirs"), "text", Own, Error));
  EXPECT_FALSE(std::filesystem::exists(Dir.file("theirs")));
}

// Temporary names and the sweep's draws take their bytes here: every byte
// written, and no two calls alike.
TEST(RandomBytes, EachCallFillsEveryByteAfresh) {
  unsigned char First[16], Second[16];
  std::memset(First, 0, sizeof First);
  std::memset(Second, 0, sizeof Second);
  energy::support::fillRandom(First, sizeof First);
  energy::support::fillRandom(Second, sizeof Second);
  EXPECT_NE(std::memcmp(First, Second, sizeof First), 0);
  unsigned char Zero[16] = {};
  EXPECT_NE(std::memcmp(First, Zero, sizeof First), 0);
}

} // namespace
