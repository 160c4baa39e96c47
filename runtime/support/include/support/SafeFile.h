//===- SafeFile.h - Writing a file that nobody else can redirect ----------===//
//
// The runtime writes its report from inside programs that may run as root,
// often into directories others can write (/tmp, a shared build tree), and
// the tools write `-o` files the same way. Anyone who can write the directory
// could plant a link or a file at a guessable name and have the write land
// elsewhere. writeFileSafely() writes the whole text into a file without a
// name (O_TMPFILE) in the target's directory and then names it (linkat: the
// target's name when free, else a random one renamed into place), so that no
// one ever sees a partial file and a writer killed midway leaves nothing.
// Where O_TMPFILE is missing it creates an unpredictably named temporary file
// exclusively (O_CREAT | O_EXCL | O_NOFOLLOW) relative to a descriptor of the
// target's directory, and renames it into place. Either way readers see the
// old file or the whole new one and no planted entry is followed or reused.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_SUPPORT_SAFEFILE_H
#define ENERGY_SUPPORT_SAFEFILE_H

#include <string>
#include <string_view>
#include <sys/types.h>

namespace energy::support {

struct WriteOptions {
  /// Whether the user named the path (ENERGY_REPORT, `-o`) rather than the
  /// program choosing it. Only then is an existing device, FIFO or terminal
  /// there written into, and a symbolic link there written through, the
  /// latter only when the link belongs to the effective user or to root.
  bool Named = false;
  /// Permission bits of a new file; the umask applies on top.
  mode_t Mode = 0666;
  /// Write only into a directory that belongs to the effective user and that
  /// neither group nor others can write (a secure process's report).
  bool OwnDirectoryOnly = false;
};

/// How the runtime writes a file inside the measured program: named when the
/// setting `NamingVariable` (ENERGY_REPORT, ENERGY_GPU_PROFILE) is set; mode
/// 0666 less the umask. In a secure process, whose umask is its invoker's,
/// mode 0600 and only into a directory of the effective user's own.
WriteOptions guestFileOptions(const char *NamingVariable);
/// The same when whether the user named the path is known (the runtime's
/// ENERGY_REPORT, from its settings table).
WriteOptions guestWriteOptions(bool Named);

/// Writes `Text` to `Path` as WriteOptions says. Links in the directory part
/// of `Path` are followed, as the path names it. On failure returns false
/// with `Error` naming the step and the reason; nothing is left behind.
/// Thread-safe.
bool writeFileSafely(const std::string &Path, std::string_view Text, const WriteOptions &Options,
                     std::string &Error);

} // namespace energy::support

#endif
