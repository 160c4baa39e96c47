//===- SysfsFiles.cpp - Reading sysfs and procfs files --------------------===//
#include "meters/SysfsFiles.h"
#include "support/Settings.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

namespace energy::meters {
namespace {

class RealFileOpener final : public FileOpener {
public:
  int open(const std::string &path) override {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
  }
};

} // namespace

FileOpener &realFileOpener() {
  static RealFileOpener opener;
  return opener;
}

int readTextFile(FileOpener &files, const std::string &path, std::string &text, size_t limit) {
  int fd = files.open(path);
  if (fd < 0)
    return fd;
  text.clear();
  char buf[4096];
  int status = 0;
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      status = -errno;
      break;
    }
    if (n == 0 || text.size() > limit)
      break;
    text.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
    text.pop_back();
  return status;
}

int preadUint64(int fd, uint64_t &value) {
  char buf[32];
  ssize_t n;
  do
    n = ::pread(fd, buf, sizeof buf, 0);
  while (n < 0 && errno == EINTR);
  if (n < 0)
    return -errno;
  auto [end, ec] = std::from_chars(buf, buf + n, value);
  if (ec != std::errc() || end == buf)
    return -EINVAL;
  return 0;
}

std::vector<int> parseCpuList(const std::string &text) {
  std::vector<int> cpus;
  const char *p = text.data(), *end = text.data() + text.size();
  while (p < end) {
    int first = 0, last = 0;
    auto r = std::from_chars(p, end, first);
    if (r.ec != std::errc())
      break;
    p = r.ptr;
    last = first;
    if (p < end && *p == '-') {
      r = std::from_chars(p + 1, end, last);
      if (r.ec != std::errc())
        break;
      p = r.ptr;
    }
    for (int c = first; c <= last; ++c)
      cpus.push_back(c);
    if (p < end && *p == ',')
      ++p;
    else
      break;
  }
  return cpus;
}

std::vector<std::string> listDirectory(const std::string &path) {
  std::vector<std::string> names;
  DIR *dir = ::opendir(path.c_str());
  if (!dir)
    return names;
  while (dirent *entry = ::readdir(dir)) {
    std::string name = entry->d_name;
    if (name != "." && name != "..")
      names.push_back(std::move(name));
  }
  ::closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

std::string sysfsRoot(const std::string &explicitRoot) {
  if (!explicitRoot.empty())
    return explicitRoot;
  if (const char *root = support::settings().SysfsRoot.text())
    return root;
  return "/sys";
}

} // namespace energy::meters
