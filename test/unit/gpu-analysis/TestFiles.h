// TestFiles: helpers of the gpu-analysis tests: temporary files, xz compression, the path of the
// shared vecAdd trace and the synthetic if/else trace in every Accel-Sim layout.
#pragma once

#include <string>

namespace energy::gpu::test {

std::string writeTempFile(const std::string &Name, const std::string &Content);
std::string xzCompress(const std::string &Data);
std::string readFile(const std::string &Path);
std::string vecAddDir();

// The synthetic trace: one block of 64 threads; in warp 0 threads 0-15 take an if branch and
// threads 16-31 the else branch, warp 1 takes the else branch only.
struct TraceVariant {
  int Version = 4;
  bool Raw = false; // raw kernel-N.trace lines with the block and warp prefix
  bool LineInfo = false;
  int AddressMode = 1; // of the load in the first block
};
std::string ifElseTrace(const TraceVariant &V);

} // namespace energy::gpu::test
