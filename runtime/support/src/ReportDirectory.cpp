//===- ReportDirectory.cpp - Per-user report directory, names, `last` -----===//
#include "support/ReportDirectory.h"
#include "support/Environment.h"
#include "support/RandomBytes.h"
#include "support/Settings.h"
#include "support/UtcTime.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace energy::support {
namespace {

bool absolute(const char *Path) { return Path && Path[0] == '/'; }

/// Home from the password database: HOME is gone under `env -i`, and a
/// secure process must not take it from its invoker.
std::string passwdHome() {
  struct passwd Entry, *Found = nullptr;
  char Buffer[4096];
  if (getpwuid_r(geteuid(), &Entry, Buffer, sizeof Buffer, &Found) != 0 || !Found ||
      !absolute(Found->pw_dir))
    return "";
  return Found->pw_dir;
}

/// $VARIABLE/energypass when it is absolute, else HOME/FALLBACK/energypass.
std::string xdgDirectory(const SettingLookup &Lookup, const char *Variable, const std::string &Home,
                         const char *Fallback) {
  if (const char *Base = Lookup(Variable); absolute(Base))
    return std::string(Base) + "/energypass";
  if (Home.empty())
    return "";
  return Home + "/" + Fallback + "/energypass";
}

bool fail(std::string &Error, const std::string &What) {
  Error = What + ": " + std::strerror(errno);
  return false;
}

bool ownPrivateDirectory(const std::string &Dir, std::string &Error) {
  struct stat St;
  if (stat(Dir.c_str(), &St) != 0)
    return fail(Error, "cannot examine " + Dir);
  if (St.st_uid == geteuid() && !(St.st_mode & (S_IWGRP | S_IWOTH)))
    return true;
  Error = Dir + " is not the effective user's own directory (another user's, or "
                "writable by group or others)";
  return false;
}

bool isReportName(std::string_view Name) {
  return !Name.empty() && Name.find('/') == std::string_view::npos && Name[0] != '.' &&
         Name.size() > 5 && Name.substr(Name.size() - 5) == ".json";
}

/// The target of `Dir/last` when it is a link the runtime could have made;
/// empty otherwise (with `Why`).
std::string ourLatestLink(int DirFd, std::string &Why) {
  struct stat St;
  if (fstatat(DirFd, LatestLinkName, &St, AT_SYMLINK_NOFOLLOW) != 0) {
    Why = errno == ENOENT ? "" : std::strerror(errno);
    return "";
  }
  if (!S_ISLNK(St.st_mode)) {
    Why = "it is not a symbolic link";
    return "";
  }
  if (St.st_uid != geteuid()) {
    Why = "it is a link of user " + std::to_string(St.st_uid);
    return "";
  }
  char Target[1024];
  ssize_t N = readlinkat(DirFd, LatestLinkName, Target, sizeof Target - 1);
  if (N <= 0 || !isReportName(std::string_view(Target, size_t(N)))) {
    Why = "it leads outside the directory";
    return "";
  }
  return std::string(Target, size_t(N));
}

std::string randomName() {
  unsigned char Bytes[9];
  fillRandom(Bytes, sizeof Bytes);
  static constexpr char Hex[] = "0123456789abcdef";
  std::string Name = ".last.";
  for (unsigned char B : Bytes)
    Name += {Hex[B >> 4], Hex[B & 15]};
  return Name;
}

class DirectoryHandle {
public:
  explicit DirectoryHandle(const std::string &Dir)
      : Fd(open(Dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {}
  DirectoryHandle(const DirectoryHandle &) = delete;
  DirectoryHandle &operator=(const DirectoryHandle &) = delete;
  ~DirectoryHandle() {
    if (Fd >= 0)
      close(Fd);
  }
  int get() const { return Fd; }

private:
  int Fd;
};

} // namespace

ReportDirectories reportDirectories(const SettingLookup &Lookup, const std::string &PasswdHome) {
  ReportDirectories Dirs;
  if (const char *Chosen = Lookup("ENERGY_REPORT_DIR"); Chosen && *Chosen) {
    Dirs.Candidates.push_back(Chosen);
    Dirs.UserChosen = true;
    return Dirs;
  }
  const char *HomeSetting = Lookup("HOME");
  std::string Home = absolute(HomeSetting) ? HomeSetting : PasswdHome;
  for (std::string Dir : {xdgDirectory(Lookup, "XDG_STATE_HOME", Home, ".local/state"),
                          xdgDirectory(Lookup, "XDG_CACHE_HOME", Home, ".cache")})
    if (!Dir.empty())
      Dirs.Candidates.push_back(std::move(Dir));
  return Dirs;
}

ReportDirectories reportDirectories() {
  // ENERGY_REPORT_DIR is one of the runtime's settings, read with the rest of
  // them; HOME and the XDG variables are not.
  SettingLookup Lookup = [](const char *Name) {
    const TextSetting &Chosen = settings().ReportDir;
    return std::strcmp(Name, Chosen.variable()) == 0 ? Chosen.text() : setting(Name);
  };
  // The password database (NSS) costs more than the rest of a C program's
  // start-up: read only when HOME does not do.
  return reportDirectories(Lookup, absolute(Lookup("HOME")) ? std::string() : passwdHome());
}

bool ensureReportDirectory(const std::string &Dir, bool UserChosen, std::string &Error) {
  mode_t Mode = UserChosen ? 0777 : 0700;
  for (size_t Slash = Dir.find('/', 1);; Slash = Dir.find('/', Slash + 1)) {
    std::string Part = Dir.substr(0, Slash);
    // Named by the directory wanted: both defaults fail at the same missing
    // home, and the message would name it twice.
    if (!Part.empty() && mkdir(Part.c_str(), Mode) != 0 && errno != EEXIST)
      return fail(Error, "cannot create " + Dir + (Part == Dir ? "" : " (at " + Part + ")"));
    if (Slash == std::string::npos)
      break;
  }
  struct stat St;
  if (stat(Dir.c_str(), &St) != 0)
    return fail(Error, "cannot examine " + Dir);
  if (!S_ISDIR(St.st_mode)) {
    Error = Dir + " is not a directory";
    return false;
  }
  return UserChosen || ownPrivateDirectory(Dir, Error);
}

std::string usableReportDirectory(const ReportDirectories &Dirs, std::string &Error) {
  Error.clear();
  if (Dirs.Candidates.empty())
    Error = "no home directory is known (HOME unset, no password entry) and "
            "ENERGY_REPORT_DIR is unset";
  for (const std::string &Dir : Dirs.Candidates) {
    std::string Why;
    if (ensureReportDirectory(Dir, Dirs.UserChosen, Why))
      return Dir;
    Error += (Error.empty() ? "" : "; ") + Why;
  }
  return "";
}

std::string reportFileName(const std::string &Program, long Pid, long long UnixSeconds) {
  std::string Name;
  for (char C : Program.empty() ? std::string("program") : Program) {
    bool Plain = (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || (C >= '0' && C <= '9') ||
                 C == '+' || C == '-' || C == '_' || C == '.';
    Name += Plain ? C : '_';
  }
  // A leading dot would hide the report (and ".." is no file name).
  if (Name[0] == '.')
    Name[0] = '_';
  UtcTime Utc = utcTime(UnixSeconds);
  char Stamp[32];
  std::snprintf(Stamp, sizeof Stamp, "%04d%02u%02uT%02u%02u%02uZ", Utc.Year, Utc.Month, Utc.Day,
                Utc.Hour, Utc.Minute, Utc.Second);
  return Name + "." + Stamp + "." + std::to_string(Pid) + ".json";
}

bool linkLatestReport(const std::string &Dir, const std::string &FileName, std::string &Error) {
  DirectoryHandle DirFd(Dir);
  if (DirFd.get() < 0)
    return fail(Error, "cannot open the directory " + Dir);
  std::string Why;
  if (ourLatestLink(DirFd.get(), Why).empty() && !Why.empty()) {
    Error = Dir + "/" + LatestLinkName + " left alone: " + Why;
    return false;
  }
  std::string Temporary = randomName();
  if (symlinkat(FileName.c_str(), DirFd.get(), Temporary.c_str()) != 0)
    return fail(Error, "cannot make a link in " + Dir);
  // Between the look above and here someone able to write the directory
  // could put something else at `last`: rename replaces that entry itself,
  // never what it leads to.
  if (renameat(DirFd.get(), Temporary.c_str(), DirFd.get(), LatestLinkName) != 0) {
    fail(Error, "cannot rename the link to " + Dir + "/" + LatestLinkName);
    unlinkat(DirFd.get(), Temporary.c_str(), 0);
    return false;
  }
  return true;
}

namespace {

bool allOf(std::string_view Text, size_t Length, const char *Alphabet) {
  return Text.size() == Length && Text.find_first_not_of(Alphabet) == std::string_view::npos;
}

/// What writeFileSafely() and linkLatestReport() name their temporary
/// entries: `<report>.json.tmp.<12 of [A-Za-z0-9]>`, `.last.<18 hex>`.
bool temporaryName(std::string_view Name, bool &Link) {
  constexpr std::string_view Temp = ".json.tmp.", Last = ".last.";
  if (Name.starts_with(Last)) {
    Link = true;
    return allOf(Name.substr(Last.size()), 18, "0123456789abcdef");
  }
  Link = false;
  size_t At = Name.rfind(Temp);
  return At != std::string_view::npos && At > 0 &&
         allOf(Name.substr(At + Temp.size()), 12,
               "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
}

} // namespace

unsigned sweepStaleTemporaries(const std::string &Dir) {
  int DirFd = open(Dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (DirFd < 0)
    return 0;
  DIR *Listing = fdopendir(DirFd);
  if (!Listing) {
    close(DirFd);
    return 0;
  }
  timespec Now{};
  clock_gettime(CLOCK_REALTIME, &Now);
  unsigned Removed = 0;
  while (const dirent *Entry = readdir(Listing)) {
    bool Link = false;
    struct stat St;
    if (!temporaryName(Entry->d_name, Link) ||
        fstatat(DirFd, Entry->d_name, &St, AT_SYMLINK_NOFOLLOW) != 0 || St.st_uid != geteuid() ||
        (Link ? !S_ISLNK(St.st_mode) : !S_ISREG(St.st_mode)) ||
        Now.tv_sec - St.st_mtim.tv_sec < StaleTemporarySeconds)
      continue;
    Removed += unlinkat(DirFd, Entry->d_name, 0) == 0;
  }
  closedir(Listing);
  return Removed;
}

bool sweepDue(off_t DirectoryBytes, uint64_t Draw) {
  if (DirectoryBytes <= SweepBudgetBytes)
    return true;
  uint64_t OneIn = (uint64_t(DirectoryBytes) + SweepBudgetBytes - 1) / SweepBudgetBytes;
  return Draw % OneIn == 0;
}

unsigned sweepStaleTemporariesWhenDue(const std::string &Dir) {
  struct stat St;
  if (stat(Dir.c_str(), &St) != 0)
    return 0;
  uint64_t Draw;
  fillRandom(reinterpret_cast<unsigned char *>(&Draw), sizeof Draw);
  return sweepDue(St.st_size, Draw) ? sweepStaleTemporaries(Dir) : 0;
}

std::string latestReport(const std::string &Dir) {
  DirectoryHandle DirFd(Dir);
  if (DirFd.get() < 0)
    return "";
  std::string Why;
  struct stat St;
  if (std::string Target = ourLatestLink(DirFd.get(), Why);
      !Target.empty() && fstatat(DirFd.get(), Target.c_str(), &St, AT_SYMLINK_NOFOLLOW) == 0 &&
      S_ISREG(St.st_mode))
    return Dir + "/" + Target;
  DIR *Listing = opendir(Dir.c_str());
  if (!Listing)
    return "";
  std::string Newest;
  timespec NewestTime{};
  while (const dirent *Entry = readdir(Listing)) {
    if (!isReportName(Entry->d_name) ||
        fstatat(DirFd.get(), Entry->d_name, &St, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(St.st_mode))
      continue;
    const timespec &T = St.st_mtim;
    if (Newest.empty() || T.tv_sec > NewestTime.tv_sec ||
        (T.tv_sec == NewestTime.tv_sec && T.tv_nsec > NewestTime.tv_nsec)) {
      Newest = Entry->d_name;
      NewestTime = T;
    }
  }
  closedir(Listing);
  return Newest.empty() ? "" : Dir + "/" + Newest;
}

} // namespace energy::support
