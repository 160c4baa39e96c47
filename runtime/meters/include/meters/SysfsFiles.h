//===- meters/SysfsFiles.h - Reading sysfs and procfs files -------*- C++ -*-===//
//
// Every sysfs and procfs file the meters read is opened through FileOpener,
// so that tests can point the library at a fake tree (the root is a path
// prefix) and make chosen files fail with EACCES, which chmod cannot do for
// a test running as root. Reads of already-open files (energy_uj at each
// sample) use pread and allocate nothing.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_METERS_SYSFSFILES_H
#define ENERGY_METERS_SYSFSFILES_H

#include <cstdint>
#include <string>
#include <vector>

namespace energy::meters {

class FileOpener {
public:
  virtual ~FileOpener() = default;
  /// open(path, O_RDONLY | O_CLOEXEC): a descriptor, or -errno.
  virtual int open(const std::string &path) = 0;
};

/// The real open(2). Thread-safe.
FileOpener &realFileOpener();

/// Reads a whole small file (about `limit` bytes at most), trailing newlines
/// and spaces removed. Returns 0 or -errno.
int readTextFile(FileOpener &files, const std::string &path, std::string &text,
                 size_t limit = 65536);

/// Reads an unsigned decimal integer from the start of an open file. Returns
/// 0, -errno, or -EINVAL for text that is not a number. Allocation-free.
int preadUint64(int fd, uint64_t &value);

/// Parses a CPU list such as "0-3,8,10-11".
std::vector<int> parseCpuList(const std::string &text);

/// Names of the entries of a directory (empty when it cannot be read).
std::vector<std::string> listDirectory(const std::string &path);

/// The sysfs root: `explicitRoot` when not empty, else $ENERGY_SYSFS_ROOT,
/// else "/sys".
std::string sysfsRoot(const std::string &explicitRoot = {});

} // namespace energy::meters

#endif
