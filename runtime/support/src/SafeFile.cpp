//===- SafeFile.cpp - Exclusive temporary file, then rename ---------------===//
#include "support/SafeFile.h"
#include "support/Environment.h"
#include "support/RandomBytes.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace energy::support {
namespace {

/// Closes the descriptor it owns unless close() already did, so that every
/// early return leaves no descriptor open in the measured program.
class Descriptor {
public:
  explicit Descriptor(int Fd) : Fd(Fd) {}
  Descriptor(const Descriptor &) = delete;
  Descriptor &operator=(const Descriptor &) = delete;
  ~Descriptor() {
    if (Fd >= 0)
      ::close(Fd);
  }
  int get() const { return Fd; }
  bool close() {
    int Result = ::close(Fd);
    Fd = -1;
    return Result == 0;
  }

private:
  int Fd;
};

bool fail(std::string &Error, const std::string &What) {
  Error = What + ": " + std::strerror(errno);
  return false;
}

bool writeAll(int Fd, std::string_view Text) {
  while (!Text.empty()) {
    ssize_t N = write(Fd, Text.data(), Text.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Text.remove_prefix(size_t(N));
  }
  return true;
}

/// Writes all of `Text` into `Fd` and closes it: a failed close can be the
/// first sign of a full disk.
bool writeAndClose(Descriptor &Fd, const std::string &Path, std::string_view Text,
                   std::string &Error) {
  bool Written = writeAll(Fd.get(), Text);
  int WriteErrno = errno;
  if (!Fd.close() && Written) {
    Written = false;
    WriteErrno = errno;
  }
  errno = WriteErrno;
  return Written || fail(Error, "cannot write " + Path);
}

/// Twelve characters from 62 (fillRandom()): a guessable name costs at most
/// a retry, since the file is created exclusively.
std::string randomSuffix() {
  static constexpr char Alphabet[] =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  unsigned char Bytes[12];
  fillRandom(Bytes, sizeof Bytes);
  std::string Suffix;
  for (unsigned char B : Bytes)
    Suffix += Alphabet[B % (sizeof Alphabet - 1)];
  return Suffix;
}

/// Creates `<Base>.tmp.<random>` in `DirFd`. O_EXCL with O_CREAT opens
/// nothing that exists, a link included, so a name someone guessed and
/// planted only makes it try another.
int createTemporary(int DirFd, const std::string &Base, mode_t Mode, std::string &Name) {
  constexpr int Tries = 64;
  for (int Try = 0; Try < Tries; ++Try) {
    Name = Base + ".tmp." + randomSuffix();
    int Fd =
        openat(DirFd, Name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, Mode);
    if (Fd >= 0 || errno != EEXIST)
      return Fd;
  }
  return -1;
}

/// Gives the unnamed file `Fd` (O_TMPFILE) the name `Name` in `DirFd`:
/// through /proc/self/fd, or AT_EMPTY_PATH where /proc is missing (which
/// needs CAP_DAC_READ_SEARCH). linkat never replaces an entry: EEXIST.
bool linkUnnamed(int Fd, int DirFd, const std::string &Name) {
  char Proc[32];
  std::snprintf(Proc, sizeof Proc, "/proc/self/fd/%d", Fd);
  if (linkat(AT_FDCWD, Proc, DirFd, Name.c_str(), AT_SYMLINK_FOLLOW) == 0)
    return true;
  if (errno == EEXIST)
    return false;
  int ProcErrno = errno;
  if (linkat(Fd, "", DirFd, Name.c_str(), AT_EMPTY_PATH) == 0)
    return true;
  if (errno != EEXIST)
    errno = ProcErrno;
  return false;
}

enum class Unnamed { Written, Failed, Unsupported };

/// Writes the whole text into a file without a name (O_TMPFILE), then names
/// it: `Base` itself when nothing is there yet, else a temporary name that
/// is renamed over `Base` at once. No one ever sees a partial file, and a
/// writer killed before it named the file leaves nothing behind (the kernel
/// frees it). Unsupported where the file system or kernel has no O_TMPFILE.
Unnamed writeUnnamed(int DirFd, const std::string &Dir, const std::string &Base,
                     std::string_view Text, mode_t Mode, std::string &Error) {
  Descriptor Fd(openat(DirFd, ".", O_WRONLY | O_TMPFILE | O_CLOEXEC, Mode));
  if (Fd.get() < 0)
    return errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL || errno == ENOENT
               ? Unnamed::Unsupported
               : (fail(Error, "cannot create a file in " + Dir), Unnamed::Failed);
  std::string Path = Dir + "/" + Base;
  if (!writeAll(Fd.get(), Text))
    return fail(Error, "cannot write " + Path), Unnamed::Failed;
  if (linkUnnamed(Fd.get(), DirFd, Base))
    return writeAndClose(Fd, Path, "", Error) ? Unnamed::Written : Unnamed::Failed;
  if (errno != EEXIST)
    return Unnamed::Unsupported; // no /proc, no capability: the named way
  std::string Temp;
  constexpr int Tries = 64;
  bool Linked = false;
  for (int Try = 0; Try < Tries && !Linked; ++Try) {
    Temp = Base + ".tmp." + randomSuffix();
    Linked = linkUnnamed(Fd.get(), DirFd, Temp);
    if (!Linked && errno != EEXIST)
      break;
  }
  if (!Linked)
    return fail(Error, "cannot name a file in " + Dir), Unnamed::Failed;
  if (!writeAndClose(Fd, Path, "", Error)) {
    unlinkat(DirFd, Temp.c_str(), 0);
    return Unnamed::Failed;
  }
  if (renameat(DirFd, Temp.c_str(), DirFd, Base.c_str()) != 0) {
    fail(Error, "cannot rename " + Dir + "/" + Temp);
    unlinkat(DirFd, Temp.c_str(), 0);
    return Unnamed::Failed;
  }
  return Unnamed::Written;
}

bool replaceAtomically(int DirFd, const std::string &Dir, const std::string &Base,
                       std::string_view Text, mode_t Mode, std::string &Error) {
  switch (writeUnnamed(DirFd, Dir, Base, Text, Mode, Error)) {
  case Unnamed::Written:
    return true;
  case Unnamed::Failed:
    return false;
  case Unnamed::Unsupported:
    break;
  }
  std::string Temp;
  Descriptor Fd(createTemporary(DirFd, Base, Mode, Temp));
  if (Fd.get() < 0)
    return fail(Error, "cannot create a temporary file in " + Dir);
  std::string TempPath = Dir + "/" + Temp;
  if (!writeAndClose(Fd, TempPath, Text, Error)) {
    unlinkat(DirFd, Temp.c_str(), 0);
    return false;
  }
  if (renameat(DirFd, Temp.c_str(), DirFd, Base.c_str()) != 0) {
    fail(Error, "cannot rename " + TempPath);
    unlinkat(DirFd, Temp.c_str(), 0);
    return false;
  }
  return true;
}

bool sameFile(const struct stat &A, const struct stat &B) {
  return A.st_dev == B.st_dev && A.st_ino == B.st_ino;
}

/// A link the user named and owns (or root does, as /dev/stdout) leads where
/// the user meant: it is written through in place, as a shell's `>` would,
/// since replacing it would destroy the link and replacing its target would
/// cut off descriptors still open on it. Someone else's link is refused.
bool writeThroughLink(int DirFd, const std::string &Base, const std::string &Path,
                      const struct stat &Link, std::string_view Text, const WriteOptions &Options,
                      std::string &Error) {
  if (!Options.Named) {
    Error = Path + " is a symbolic link, followed only when the path is named "
                   "explicitly";
    return false;
  }
  if (Link.st_uid != geteuid() && Link.st_uid != 0) {
    Error = Path + " is a symbolic link of user " + std::to_string(Link.st_uid) +
            ", neither this user's nor root's: not followed";
    return false;
  }
  Descriptor Fd(openat(DirFd, Base.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY));
  if (Fd.get() < 0)
    return fail(Error, "cannot open " + Path + " through its symbolic link");
  // The link may have been swapped for another between the look and the
  // open: then nothing has been changed yet, and nothing is.
  struct stat Again, Target;
  if (fstatat(DirFd, Base.c_str(), &Again, AT_SYMLINK_NOFOLLOW) != 0 || !sameFile(Again, Link) ||
      fstat(Fd.get(), &Target) != 0) {
    Error = Path + " changed while it was opened: not written";
    return false;
  }
  if (S_ISREG(Target.st_mode) && ftruncate(Fd.get(), 0) != 0)
    return fail(Error, "cannot truncate " + Path);
  return writeAndClose(Fd, Path, Text, Error);
}

/// A device, FIFO or terminal is written into, never replaced: renaming a
/// file over /dev/null would replace the device itself.
bool writeIntoSpecialFile(int DirFd, const std::string &Base, const std::string &Path,
                          std::string_view Text, const WriteOptions &Options, std::string &Error) {
  if (!Options.Named) {
    Error = Path + " exists and is not a regular file: written into only when "
                   "the path is named explicitly";
    return false;
  }
  Descriptor Fd(openat(DirFd, Base.c_str(), O_WRONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY));
  if (Fd.get() < 0)
    return fail(Error, "cannot open " + Path);
  return writeAndClose(Fd, Path, Text, Error);
}

bool ownDirectory(int DirFd, const std::string &Dir, std::string &Error) {
  struct stat St;
  if (fstat(DirFd, &St) != 0)
    return fail(Error, "cannot examine " + Dir);
  if (St.st_uid == geteuid() && !(St.st_mode & (S_IWGRP | S_IWOTH)))
    return true;
  Error = Dir + " is not the effective user's own directory (another user's, "
                "or writable by group or others)";
  return false;
}

} // namespace

WriteOptions guestWriteOptions(bool Named) {
  bool Secure = secureProcess();
  return {.Named = Named, .Mode = mode_t(Secure ? 0600 : 0666), .OwnDirectoryOnly = Secure};
}

WriteOptions guestFileOptions(const char *NamingVariable) {
  const char *Named = setting(NamingVariable);
  return guestWriteOptions(Named && *Named);
}

bool writeFileSafely(const std::string &Path, std::string_view Text, const WriteOptions &Options,
                     std::string &Error) {
  size_t Slash = Path.find_last_of('/');
  std::string Dir = Slash == std::string::npos ? "." : Slash == 0 ? "/" : Path.substr(0, Slash);
  std::string Base = Slash == std::string::npos ? Path : Path.substr(Slash + 1);
  if (Base.empty() || Base == "." || Base == "..") {
    Error = Path + " names a directory, not a file";
    return false;
  }
  Descriptor DirFd(open(Dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (DirFd.get() < 0)
    return fail(Error, "cannot open the directory " + Dir);
  if (Options.OwnDirectoryOnly && !ownDirectory(DirFd.get(), Dir, Error))
    return false;
  struct stat Existing;
  if (fstatat(DirFd.get(), Base.c_str(), &Existing, AT_SYMLINK_NOFOLLOW) == 0) {
    if (S_ISLNK(Existing.st_mode))
      return writeThroughLink(DirFd.get(), Base, Path, Existing, Text, Options, Error);
    if (S_ISDIR(Existing.st_mode)) {
      Error = Path + " is a directory";
      return false;
    }
    if (!S_ISREG(Existing.st_mode))
      return writeIntoSpecialFile(DirFd.get(), Base, Path, Text, Options, Error);
  } else if (errno != ENOENT) {
    return fail(Error, "cannot examine " + Path);
  }
  return replaceAtomically(DirFd.get(), Dir, Base, Text, Options.Mode, Error);
}

} // namespace energy::support
