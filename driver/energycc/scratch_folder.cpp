//===- scratch_folder.cpp - Where a multi-step build keeps its files ------===//
#include "scratch_folder.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace energy::cc {

std::optional<std::string> makeScratchFolder(const std::string &Prefix, std::string &Why) {
  std::error_code Ec;
  std::filesystem::path Temp = std::filesystem::temp_directory_path(Ec);
  if (Ec)
    Temp = "/tmp";
  std::string Template = (Temp / (Prefix + "-XXXXXX")).string();
  if (!mkdtemp(Template.data())) {
    Why = "cannot create a scratch folder in " + Temp.string() + " (" + std::strerror(errno) +
          "); set TMPDIR to a writable folder";
    return std::nullopt;
  }
  return Template;
}

} // namespace energy::cc
