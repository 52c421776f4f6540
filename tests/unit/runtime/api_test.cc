// The CUDA runtime API over the functional device: CUDA's documented results and error codes.

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "runtime/include/warpsim_functional.h"
#include "runtime_test_util.h"

namespace warpsim::runtime {
namespace {

using testing::use_test_module;

class RuntimeApi : public ::testing::Test {
 protected:
  void SetUp() override {
    use_test_module();
    cudaGetLastError();
  }
};

TEST_F(RuntimeApi, MallocFreeFollowCudaRules) {
  void* p = reinterpret_cast<void*>(1);
  EXPECT_EQ(cudaMalloc(&p, 0), cudaSuccess);
  EXPECT_EQ(p, nullptr);
  EXPECT_EQ(cudaMalloc(nullptr, 16), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMalloc(&p, std::size_t{1} << 50), cudaErrorMemoryAllocation);
  ASSERT_EQ(cudaMalloc(&p, 100), cudaSuccess);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % 256, 0u);
  EXPECT_EQ(cudaFree(static_cast<char*>(p) + 4), cudaErrorInvalidValue);  // not the start
  EXPECT_EQ(cudaFree(p), cudaSuccess);
  EXPECT_EQ(cudaFree(p), cudaErrorInvalidValue);  // twice
  EXPECT_EQ(cudaFree(nullptr), cudaSuccess);
  void* table = nullptr;
  ASSERT_EQ(cudaGetSymbolAddress(&table, symbol("g_table")), cudaSuccess);
  EXPECT_EQ(cudaFree(table), cudaErrorInvalidValue);  // module variables are not cudaMalloc'ed
}

TEST_F(RuntimeApi, CopiesInEveryDirection) {
  int* a = nullptr;
  int* b = nullptr;
  ASSERT_EQ(cudaMalloc(&a, 8 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&b, 8 * sizeof(int)), cudaSuccess);
  const int src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  int dst[8] = {};
  int host_copy[8] = {};
  EXPECT_EQ(cudaMemcpy(a, src, sizeof src, cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(b, a, sizeof src, cudaMemcpyDeviceToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(b + 1, b, 4 * sizeof(int), cudaMemcpyDefault), cudaSuccess);  // overlap
  EXPECT_EQ(cudaMemcpy(dst, b, sizeof dst, cudaMemcpyDefault), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(host_copy, dst, sizeof dst, cudaMemcpyHostToHost), cudaSuccess);
  const int want[8] = {1, 1, 2, 3, 4, 6, 7, 8};  // memmove semantics
  EXPECT_EQ(std::memcmp(host_copy, want, sizeof want), 0);
  EXPECT_EQ(cudaMemset(a + 2, 0xff, 2 * sizeof(int)), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(dst, a, sizeof dst, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(dst[1], 2);
  EXPECT_EQ(dst[2], -1);
  EXPECT_EQ(dst[3], -1);
  EXPECT_EQ(dst[4], 5);
  cudaFree(a);
  cudaFree(b);
}

TEST_F(RuntimeApi, BadCopiesAreRejectedBeforeTouchingMemory) {
  int* a = nullptr;
  ASSERT_EQ(cudaMalloc(&a, 4 * sizeof(int)), cudaSuccess);
  int host[8] = {};
  EXPECT_EQ(cudaMemcpy(a, host, 4, static_cast<cudaMemcpyKind>(7)),
            cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaMemcpy(a, host, sizeof host, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(host, a, 4, cudaMemcpyHostToDevice), cudaErrorInvalidValue);  // swapped
  EXPECT_EQ(cudaMemcpy(a, a, 4, cudaMemcpyHostToDevice), cudaErrorInvalidValue);     // "host" a
  EXPECT_EQ(cudaMemcpy(nullptr, a, 4, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(a, host, 0, cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemset(a, 0, 5 * sizeof(int)), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy2D(a, 4, host, 8, 8, 2, cudaMemcpyHostToDevice), cudaErrorInvalidPitchValue);
  EXPECT_EQ(cudaMemcpyAsync(a, host, 4, cudaMemcpyHostToDevice, reinterpret_cast<cudaStream_t>(9)),
            cudaErrorInvalidResourceHandle);
  cudaFree(a);
}

TEST_F(RuntimeApi, LastErrorIsKeptUntilRead) {
  EXPECT_EQ(cudaSetDevice(3), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaMemset(nullptr, 0, 4), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(nullptr), cudaSuccess);  // a success leaves the error in place
  EXPECT_EQ(cudaPeekAtLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST_F(RuntimeApi, ErrorNamesAndStrings) {
  const cudaError_t codes[] = {cudaSuccess,
                               cudaErrorInvalidValue,
                               cudaErrorMemoryAllocation,
                               cudaErrorInvalidConfiguration,
                               cudaErrorInvalidSymbol,
                               cudaErrorInvalidMemcpyDirection,
                               cudaErrorInvalidDeviceFunction,
                               cudaErrorInvalidResourceHandle,
                               cudaErrorIllegalAddress,
                               cudaErrorLaunchFailure,
                               cudaErrorUnknown};
  const char* names[] = {"cudaSuccess",
                         "cudaErrorInvalidValue",
                         "cudaErrorMemoryAllocation",
                         "cudaErrorInvalidConfiguration",
                         "cudaErrorInvalidSymbol",
                         "cudaErrorInvalidMemcpyDirection",
                         "cudaErrorInvalidDeviceFunction",
                         "cudaErrorInvalidResourceHandle",
                         "cudaErrorIllegalAddress",
                         "cudaErrorLaunchFailure",
                         "cudaErrorUnknown"};
  for (std::size_t i = 0; i < std::size(codes); ++i) {
    EXPECT_STREQ(cudaGetErrorName(codes[i]), names[i]);
    EXPECT_GT(std::strlen(cudaGetErrorString(codes[i])), 0u);
  }
  EXPECT_STREQ(cudaGetErrorString(cudaSuccess), "no error");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorInvalidValue), "invalid argument");
  EXPECT_STREQ(cudaGetErrorName(static_cast<cudaError_t>(12345)), "unrecognized error code");
  // CUDA's numbering, which binaries built against the real headers rely on.
  EXPECT_EQ(static_cast<int>(cudaErrorInvalidDeviceFunction), 98);
  EXPECT_EQ(static_cast<int>(cudaErrorIllegalAddress), 700);
  EXPECT_EQ(static_cast<int>(cudaErrorNotReady), 600);
}

TEST_F(RuntimeApi, SymbolsAreSizedCheckedAndInitialized) {
  const void* table = symbol("g_table");
  EXPECT_EQ(table, symbol("g_table"));  // stable handles
  std::size_t size = 0;
  ASSERT_EQ(cudaGetSymbolSize(&size, table), cudaSuccess);
  EXPECT_EQ(size, 16u);
  unsigned got[4] = {};
  ASSERT_EQ(cudaMemcpyFromSymbol(got, table, sizeof got), cudaSuccess);
  EXPECT_EQ(got[0], 1u);
  EXPECT_EQ(got[3], 4u);
  const unsigned two[2] = {20, 30};
  EXPECT_EQ(cudaMemcpyToSymbol(table, two, sizeof two, 8), cudaSuccess);
  EXPECT_EQ(cudaMemcpyToSymbol(table, two, sizeof two, 12), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpyToSymbol(table, two, sizeof two, 0, cudaMemcpyDeviceToHost),
            cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaMemcpyToSymbol(symbol("no_such_variable"), two, 4), cudaErrorInvalidSymbol);
  EXPECT_EQ(cudaMemcpyToSymbol(&size, two, 4), cudaErrorInvalidSymbol);  // not a handle
  void* address = nullptr;
  ASSERT_EQ(cudaGetSymbolAddress(&address, table), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(got, address, sizeof got, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(got[1], 2u);
  EXPECT_EQ(got[2], 20u);
  EXPECT_EQ(got[3], 30u);
  const float scale = 2.5f;
  EXPECT_EQ(cudaMemcpyToSymbol(symbol("c_scale"), &scale, sizeof scale), cudaSuccess);
  const unsigned initial[4] = {1, 2, 3, 4};  // for the next test in this process
  EXPECT_EQ(cudaMemcpyToSymbol(table, initial, sizeof initial), cudaSuccess);
}

TEST_F(RuntimeApi, LaunchThroughARegisteredHostHandle) {
  static const char marker = 0;  // stands in for nvcc's host stub of scale()
  {
    Runtime& rt = Runtime::instance();
    std::lock_guard<std::recursive_mutex> lock(rt.mutex());
    rt.code().register_function(&marker, "_Z5scalePffi");
  }
  float* p = nullptr;
  ASSERT_EQ(cudaMalloc(&p, 2 * sizeof(float)), cudaSuccess);
  const float host[2] = {1.0f, 2.0f};
  ASSERT_EQ(cudaMemcpy(p, host, sizeof host, cudaMemcpyHostToDevice), cudaSuccess);
  unsigned zero = 0;
  ASSERT_EQ(cudaMemcpyToSymbol(symbol("g_counter"), &zero, sizeof zero), cudaSuccess);
  float s = 4.0f;
  int n = 2;
  void* args[] = {&p, &s, &n};
  EXPECT_EQ(cudaLaunchKernel(&marker, dim3(1), dim3(32), args, 0, nullptr), cudaSuccess);
  float back[2];
  ASSERT_EQ(cudaMemcpy(back, p, sizeof back, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(back[0], 4.0f);
  EXPECT_EQ(back[1], 8.0f);
  unsigned counter = 0;
  ASSERT_EQ(cudaMemcpyFromSymbol(&counter, symbol("g_counter"), sizeof counter), cudaSuccess);
  EXPECT_EQ(counter, 2u);
  static const char unknown = 0;
  EXPECT_EQ(cudaLaunchKernel(&unknown, dim3(1), dim3(1), args, 0, nullptr),
            cudaErrorInvalidDeviceFunction);
  cudaFree(p);
}

TEST_F(RuntimeApi, OneDeviceWhosePropertiesFollowThePtxTarget) {
  int count = 0;
  int device = -1;
  EXPECT_EQ(cudaGetDeviceCount(&count), cudaSuccess);
  EXPECT_EQ(count, 1);
  EXPECT_EQ(cudaGetDevice(&device), cudaSuccess);
  EXPECT_EQ(device, 0);
  EXPECT_EQ(cudaSetDevice(0), cudaSuccess);
  EXPECT_EQ(cudaSetDevice(1), cudaErrorInvalidDevice);
  cudaDeviceProp prop;
  ASSERT_EQ(cudaGetDeviceProperties(&prop, 0), cudaSuccess);
  EXPECT_EQ(prop.warpSize, 32);
  EXPECT_EQ(prop.maxThreadsPerBlock, 1024);
  // Without $WARPSIM_CONFIG the device is the default preset, v100: compute capability 7.0, 80
  // SMs, 96 KiB of shared memory per SM, 6 MiB of L2 (the preset's datasheet numbers).
  EXPECT_EQ(prop.major, 7);
  EXPECT_EQ(prop.minor, 0);
  EXPECT_EQ(prop.multiProcessorCount, 80);
  EXPECT_EQ(prop.sharedMemPerMultiprocessor, 96u * 1024);
  EXPECT_EQ(prop.sharedMemPerBlock, 48u * 1024);
  EXPECT_EQ(prop.l2CacheSize, 6 * 1024 * 1024);
  EXPECT_EQ(prop.totalGlobalMem, std::size_t{16} << 30);
  EXPECT_EQ(std::string(prop.name).rfind("warpsim v100", 0), 0u) << prop.name;
  EXPECT_EQ(prop.maxGridSize[1], 65535);
  EXPECT_EQ(cudaGetDeviceProperties(&prop, 1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
}

}  // namespace
}  // namespace warpsim::runtime
