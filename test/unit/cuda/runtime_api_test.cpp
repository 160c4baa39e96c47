//===- runtime_api_test.cpp - Memory, errors, symbols, events, device ------===//
#include <gtest/gtest.h>

#include "energy_cuda_emu/cuda_runtime.h"
#include "energy_cuda_emu/math_constants.h"

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace {

__device__ int device_table[8];

TEST(RuntimeApi, CopiesOfEveryKindRoundTrip) {
  int *a = nullptr, *b = nullptr;
  ASSERT_EQ(cudaMalloc(&a, 16 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&b, 16 * sizeof(int)), cudaSuccess);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a) % 256, 0u);
  std::vector<int> host(16), back(16, 0), other(16, 0);
  for (int i = 0; i < 16; ++i)
    host[i] = i * i;
  EXPECT_EQ(cudaMemcpy(a, host.data(), 64, cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(b, a, 64, cudaMemcpyDeviceToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(back.data(), b, 64, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(other.data(), back.data(), 64, cudaMemcpyHostToHost), cudaSuccess);
  EXPECT_EQ(other, host);
  EXPECT_EQ(cudaMemcpy(back.data(), a + 8, 32, cudaMemcpyDefault), cudaSuccess);
  EXPECT_EQ(back[0], 64);
  EXPECT_EQ(cudaFree(a), cudaSuccess);
  EXPECT_EQ(cudaFree(b), cudaSuccess);
}

TEST(RuntimeApi, MemsetFillsBytesInsideAnAllocationOnly) {
  unsigned char *d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 10), cudaSuccess);
  EXPECT_EQ(cudaMemset(d, 0xab, 10), cudaSuccess);
  unsigned char host[10] = {};
  ASSERT_EQ(cudaMemcpy(host, d, 10, cudaMemcpyDeviceToHost), cudaSuccess);
  for (unsigned char byte : host)
    EXPECT_EQ(byte, 0xab);
  EXPECT_EQ(cudaMemset(d + 5, 0, 6), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

TEST(RuntimeApi, CopiesOutsideADeviceAllocationFail) {
  char *d = nullptr;
  char host[64] = {};
  ASSERT_EQ(cudaMalloc(&d, 32), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(d, host, 33, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(host, d + 31, 2, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(host, host + 32, 8, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(d, host, 8, static_cast<cudaMemcpyKind>(9)),
            cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaMemcpy(d + 31, host, 1, cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaFree(d), cudaSuccess);
  EXPECT_EQ(cudaFree(d), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(nullptr), cudaSuccess);
  cudaGetLastError();
}

TEST(RuntimeApi, SymbolsAreCopiedWithOffsetsAndBoundsChecks) {
  const int values[3] = {7, 8, 9};
  ASSERT_EQ(cudaMemcpyToSymbol(device_table, values, sizeof values, 2 * sizeof(int)), cudaSuccess);
  EXPECT_EQ(device_table[2], 7);
  EXPECT_EQ(device_table[4], 9);
  int back[2] = {};
  ASSERT_EQ(cudaMemcpyFromSymbol(back, device_table, sizeof back, 3 * sizeof(int)), cudaSuccess);
  EXPECT_EQ(back[0], 8);
  EXPECT_EQ(back[1], 9);
  EXPECT_EQ(cudaMemcpyToSymbol(device_table, values, sizeof values, 6 * sizeof(int)),
            cudaErrorInvalidValue);
  void *address = nullptr;
  EXPECT_EQ(cudaGetSymbolAddress(&address, device_table), cudaSuccess);
  EXPECT_EQ(address, static_cast<void *>(device_table));
  cudaGetLastError();
}

TEST(RuntimeApi, LastErrorIsClearedByGetButNotByPeek) {
  cudaGetLastError();
  EXPECT_EQ(cudaSetDevice(3), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaPeekAtLastError(), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaPeekAtLastError(), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST(RuntimeApi, ErrorsHaveTheToolkitsNamesAndStrings) {
  EXPECT_STREQ(cudaGetErrorString(cudaSuccess), "no error");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorInvalidValue), "invalid argument");
  EXPECT_STREQ(cudaGetErrorName(cudaErrorMemoryAllocation), "cudaErrorMemoryAllocation");
  EXPECT_STREQ(cudaGetErrorString(static_cast<cudaError_t>(12345)), "unrecognized error code");
  EXPECT_EQ(static_cast<int>(cudaErrorLaunchFailure), 719);
}

TEST(RuntimeApi, EventsMeasureTimeBetweenRecords) {
  cudaEvent_t start, stop, untimed;
  ASSERT_EQ(cudaEventCreate(&start), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&stop), cudaSuccess);
  ASSERT_EQ(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming), cudaSuccess);
  float ms = -1.0f;
  EXPECT_EQ(cudaEventElapsedTime(&ms, start, stop), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaEventRecord(start), cudaSuccess);
  EXPECT_EQ(cudaEventRecord(stop, nullptr), cudaSuccess);
  EXPECT_EQ(cudaEventSynchronize(stop), cudaSuccess);
  EXPECT_EQ(cudaEventElapsedTime(&ms, start, stop), cudaSuccess);
  EXPECT_GE(ms, 0.0f);
  EXPECT_EQ(cudaEventRecord(untimed), cudaSuccess);
  EXPECT_EQ(cudaEventElapsedTime(&ms, start, untimed), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaEventDestroy(start), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(stop), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(untimed), cudaSuccess);
  cudaGetLastError();
}

void add_one(int *p) { atomicAdd(p, 1); }

TEST(RuntimeApi, StreamsAreSynchronous) {
  cudaStream_t stream;
  ASSERT_EQ(cudaStreamCreate(&stream), cudaSuccess);
  int *d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, sizeof(int)), cudaSuccess);
  const int value = 40;
  int back = 0;
  EXPECT_EQ(cudaMemcpyAsync(d, &value, sizeof value, cudaMemcpyHostToDevice, stream), cudaSuccess);
  // What add_one<<<1, 2, 0, stream>>>(d) becomes.
  (energy_cuda_emu::launch("add_one", 1, 2, 0, stream)->*[&](auto &&...a) { add_one(a...); })(d);
  EXPECT_EQ(cudaMemcpyAsync(&back, d, sizeof back, cudaMemcpyDeviceToHost, stream), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  EXPECT_EQ(back, 42);
  EXPECT_EQ(cudaStreamDestroy(stream), cudaSuccess);
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

TEST(RuntimeApi, TheDeviceDescribesTheEmulator) {
  int count = 0, device = -1;
  EXPECT_EQ(cudaGetDeviceCount(&count), cudaSuccess);
  EXPECT_EQ(count, 1);
  EXPECT_EQ(cudaGetDevice(&device), cudaSuccess);
  EXPECT_EQ(device, 0);
  cudaDeviceProp prop;
  ASSERT_EQ(cudaGetDeviceProperties(&prop, 0), cudaSuccess);
  EXPECT_EQ(std::string(prop.name), "EnergyPass CUDA emulator (CPU)");
  EXPECT_EQ(prop.warpSize, 32);
  EXPECT_EQ(prop.maxThreadsPerBlock, 1024);
  EXPECT_EQ(prop.major * 10 + prop.minor, 90);
  EXPECT_GE(prop.multiProcessorCount, 1);
  EXPECT_EQ(cudaGetDeviceProperties(&prop, 1), cudaErrorInvalidDevice);
  cudaGetLastError();
}

TEST(DeviceMath, BitCastsMinMaxAndConstantsMatchTheToolkit) {
  EXPECT_EQ(__int_as_float(0x3f800000), 1.0f);
  EXPECT_EQ(__float_as_uint(-0.0f), 0x80000000u);
  EXPECT_EQ(__double_as_longlong(__longlong_as_double(42)), 42);
  EXPECT_EQ(min(3, -4), -4);
  EXPECT_EQ(max(3u, 4u), 4u);
  EXPECT_EQ(max(2.5f, -1.0f), 2.5f);
  EXPECT_EQ(__popc(0xf0f0u), 8);
  EXPECT_EQ(__clz(1), 31);
  EXPECT_EQ(__ffs(8), 4);
  EXPECT_EQ(__brev(1u), 0x80000000u);
  EXPECT_FLOAT_EQ(CUDART_PI_F, 3.141592654f);
  EXPECT_TRUE(std::isinf(CUDART_INF_F));
}

} // namespace
