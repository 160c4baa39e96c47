//===- ReportDirectory.h - The per-user directory reports go to -----------===//
//
// A measured program must not find reports in its working directory (a test
// suite that lists it, a shell that completes names in it), so by default
// each process writes its report into a directory of the user's own: the XDG
// state directory ($XDG_STATE_HOME/energypass, ~/.local/state/energypass),
// else the cache ($XDG_CACHE_HOME/energypass, ~/.cache/energypass). The home
// directory comes from the password database when HOME is unset, so a child
// started with `env -i` reports to the same place. $ENERGY_REPORT_DIR names
// another directory. Every variable is read through setting(), so a secure
// process (set-user-ID) uses the effective user's home and nothing else.
//
// The directory holds a `last` link to the newest report, which
// `energy-report show` opens when given no file. The runtime and the tools
// share this file so that they agree on the place.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_SUPPORT_REPORTDIRECTORY_H
#define ENERGY_SUPPORT_REPORTDIRECTORY_H

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace energy::support {

/// Where reports go, best first.
struct ReportDirectories {
  /// The directories to try in order: $ENERGY_REPORT_DIR alone, or the
  /// state directory then the cache directory. Empty when no home is known.
  std::vector<std::string> Candidates;
  /// $ENERGY_REPORT_DIR chose them: created as the umask allows, and used
  /// whoever owns it. The default ones are created private (0700) and used
  /// only when they belong to the effective user and no one else can write
  /// them, since others could otherwise replace its reports and its `last`.
  bool UserChosen = false;
};

/// Reads a variable; null when unset. (setting() in the program; tests give
/// their own.)
using SettingLookup = std::function<const char *(const char *Name)>;

/// The directories from the settings `Lookup` gives and the home directory
/// of the password database (`PasswdHome`, used when HOME is unset or
/// relative). XDG variables that are not absolute paths are ignored, as the
/// XDG base directory specification says.
ReportDirectories reportDirectories(const SettingLookup &Lookup, const std::string &PasswdHome);
/// The same from this process's settings and the effective user's entry.
ReportDirectories reportDirectories();

/// Creates `Dir` and the directories above it that are missing (mode 0700
/// unless `UserChosen`, then 0777 less the umask). The default directory is
/// refused when it is not the effective user's own or group or others can
/// write it. On failure returns false with `Error` saying why.
bool ensureReportDirectory(const std::string &Dir, bool UserChosen, std::string &Error);

/// The first of `Dirs` that can be used, created if need be; empty with
/// `Error` naming each refusal when none can.
std::string usableReportDirectory(const ReportDirectories &Dirs, std::string &Error);

/// The name a process's report gets in the directory:
/// `<program>.<YYYYMMDDTHHMMSSZ>.<pid>.json`, the time UTC, the program name
/// with characters other than letters, digits, `+-_.` replaced by `_`.
/// Names of different processes differ by pid or, for a reused pid, by time
/// to the second.
std::string reportFileName(const std::string &Program, long Pid, long long UnixSeconds);

/// Name of the link to the newest report in a report directory.
inline constexpr const char *LatestLinkName = "last";

/// Points `Dir/last` at `FileName` (a name in `Dir`): a new link made under a
/// random name and renamed over the old one, so nothing is ever written
/// through a link. An existing `last` is replaced only when it is a link of
/// the effective user's that names a report in the directory itself (a name
/// without '/' ending in .json), which is what the runtime makes; anything
/// else there (a link planted elsewhere, a file, a directory) is left alone
/// and false returned with `Error` saying so.
bool linkLatestReport(const std::string &Dir, const std::string &FileName, std::string &Error);

/// How long a temporary entry must have been left unchanged before
/// sweepStaleTemporaries() takes it for a dead writer's: a writer (the
/// copy of the process) is killed after 10 s, and one writing changes it.
inline constexpr long StaleTemporarySeconds = 600;

/// Removes from `Dir` what writers killed midway left: regular files named
/// `<report>.json.tmp.<12 letters or digits>` (support::writeFileSafely()
/// where the file system has no O_TMPFILE, or the instant between naming and
/// renaming) and links named `.last.<18 hex digits>` (linkLatestReport()),
/// of the effective user's, unchanged for StaleTemporarySeconds. Nothing
/// else is touched; links are removed, never followed. The number removed.
unsigned sweepStaleTemporaries(const std::string &Dir);

/// The directory size (st_size) a writer's sweep may read, on average. A
/// sweep reads every entry, and each of a test suite's thousands of
/// processes ends by writing a report into one directory: sweeping at every
/// exit made a suite's cost grow with the square of its size (20,000
/// reports: 5 ms more CPU per process). A directory up to this size (some
/// three hundred reports) is swept by every writer, a larger one by one writer
/// in (size / this), drawn at random: the entries read per report stay
/// bounded, and a leftover is still removed by some later writer.
inline constexpr off_t SweepBudgetBytes = 16 << 10;

/// Whether the writer of a report into a directory of DirectoryBytes sweeps
/// it, having drawn Draw (uniformly random).
bool sweepDue(off_t DirectoryBytes, uint64_t Draw);

/// sweepStaleTemporaries(Dir) when sweepDue() says so for a random draw;
/// the number removed.
unsigned sweepStaleTemporariesWhenDue(const std::string &Dir);

/// The newest report in `Dir`: what `last` names when it is such a link to
/// a file that exists, else the most recently modified `*.json`. Empty when
/// there is none.
std::string latestReport(const std::string &Dir);

} // namespace energy::support

#endif
