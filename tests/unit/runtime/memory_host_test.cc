// Page-locked host memory: cudaMallocHost/cudaHostAlloc (one pointer for host and kernels),
// cudaHostRegister (the program's memory at a distinct device address), and their queries.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "memory_test_util.h"

namespace warpsim::runtime {
namespace {

using testing::launch_add_one;

class HostMemory : public ::testing::Test {
 protected:
  void SetUp() override {
    testing::add_one_handle();
    cudaGetLastError();
  }
};

TEST_F(HostMemory, AllocFlagsAndFree) {
  void* p = nullptr;
  EXPECT_EQ(cudaMallocHost(nullptr, 16), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostAlloc(&p, 16, 0x08), cudaErrorInvalidValue);  // no such flag
  ASSERT_EQ(cudaHostAlloc(&p, 100,
                          cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined),
            cudaSuccess);
  unsigned flags = 99;
  ASSERT_EQ(cudaHostGetFlags(&flags, p), cudaSuccess);
  EXPECT_EQ(flags,
            unsigned{cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined});
  ASSERT_EQ(cudaHostGetFlags(&flags, static_cast<char*>(p) + 50), cudaSuccess);  // inside it
  EXPECT_EQ(cudaHostGetFlags(nullptr, p), cudaErrorInvalidValue);
  std::memset(p, 0x5a, 100);  // ordinary host memory
  EXPECT_EQ(cudaFreeHost(static_cast<char*>(p) + 1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(p), cudaErrorInvalidValue);  // not device memory
  EXPECT_EQ(cudaFreeHost(p), cudaSuccess);
  EXPECT_EQ(cudaFreeHost(p), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostGetFlags(&flags, p), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFreeHost(nullptr), cudaSuccess);

  double* typed = nullptr;
  ASSERT_EQ(cudaMallocHost(&typed, 4 * sizeof(double)), cudaSuccess);  // C++ overload
  ASSERT_EQ(cudaHostGetFlags(&flags, typed), cudaSuccess);
  EXPECT_EQ(flags, unsigned{cudaHostAllocDefault});
  typed[3] = 2.5;
  EXPECT_EQ(typed[3], 2.5);
  int local = 0;
  EXPECT_EQ(cudaHostGetFlags(&flags, &local), cudaErrorInvalidValue);  // not cudaHostAlloc'ed
  EXPECT_EQ(cudaFreeHost(&local), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFreeHost(typed), cudaSuccess);
}

TEST_F(HostMemory, KernelsUseThePinnedPointerItself) {
  constexpr int kCount = 70;
  int* host = nullptr;
  ASSERT_EQ(cudaHostAlloc(&host, kCount * sizeof(int), cudaHostAllocMapped), cudaSuccess);
  for (int i = 0; i < kCount; ++i) host[i] = i * i;
  int* device = nullptr;
  ASSERT_EQ(cudaHostGetDevicePointer(&device, host, 0), cudaSuccess);
  EXPECT_EQ(device, host);  // unified addressing: the same pointer value
  ASSERT_EQ(launch_add_one(device, kCount), cudaSuccess);
  for (int i = 0; i < kCount; ++i) EXPECT_EQ(host[i], i * i + 1) << i;  // no copy back
  void* inner = nullptr;
  ASSERT_EQ(cudaHostGetDevicePointer(&inner, host + 5, 0), cudaSuccess);
  EXPECT_EQ(inner, host + 5);
  EXPECT_EQ(cudaHostGetDevicePointer(&inner, host, 1), cudaErrorInvalidValue);  // flags: 0
  EXPECT_EQ(cudaHostGetDevicePointer(nullptr, host, 0), cudaErrorInvalidValue);
  cudaPointerAttributes a{};
  ASSERT_EQ(cudaPointerGetAttributes(&a, host + 2), cudaSuccess);
  EXPECT_EQ(a.type, cudaMemoryTypeHost);
  EXPECT_EQ(a.device, 0);
  EXPECT_EQ(a.devicePointer, host + 2);
  EXPECT_EQ(a.hostPointer, host + 2);
  // Copies and memsets treat it as host memory that the device can also reach.
  int* d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, kCount * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(d, host, kCount * sizeof(int), cudaMemcpyHostToDevice), cudaSuccess);
  ASSERT_EQ(cudaMemset(host, 0, kCount * sizeof(int)), cudaSuccess);
  EXPECT_EQ(host[9], 0);
  ASSERT_EQ(cudaMemcpy(host, d, kCount * sizeof(int), cudaMemcpyDefault), cudaSuccess);
  EXPECT_EQ(host[9], 82);
  cudaFree(d);
  EXPECT_EQ(cudaFreeHost(host), cudaSuccess);
}

TEST_F(HostMemory, RegisteredMemoryHasItsOwnDeviceAddress) {
  cudaDeviceProp prop;
  ASSERT_EQ(cudaGetDeviceProperties(&prop, 0), cudaSuccess);
  std::vector<int> storage(48);  // 40 registered ints with room on both sides
  int* host = storage.data() + 4;
  for (int i = 0; i < 40; ++i) host[i] = -i;
  const std::size_t bytes = 40 * sizeof(int);
  EXPECT_EQ(cudaHostRegister(nullptr, bytes, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostRegister(host, 0, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostRegister(host, bytes, 0x10), cudaErrorInvalidValue);  // no such flag
  EXPECT_EQ(cudaHostRegister(host, bytes, cudaHostRegisterIoMemory), cudaErrorNotSupported);
  EXPECT_EQ(cudaHostRegister(host, bytes, cudaHostRegisterReadOnly),
            prop.hostRegisterReadOnlySupported != 0 ? cudaSuccess : cudaErrorNotSupported);
  if (prop.hostRegisterReadOnlySupported != 0) {
    ASSERT_EQ(cudaHostUnregister(host), cudaSuccess);
  }
  ASSERT_EQ(cudaHostRegister(host, bytes, cudaHostRegisterMapped), cudaSuccess);
  EXPECT_EQ(cudaHostRegister(host + 10, 8, 0), cudaErrorHostMemoryAlreadyRegistered);
  EXPECT_EQ(cudaHostRegister(host - 2, 16, 0), cudaErrorHostMemoryAlreadyRegistered);

  int* device = nullptr;
  ASSERT_EQ(cudaHostGetDevicePointer(&device, host, 0), cudaSuccess);
  ASSERT_NE(device, nullptr);
  if (prop.canUseHostPointerForRegisteredMem == 0) {
    EXPECT_NE(device, host);  // CUDA's rule for such devices
  }
  // The same alignment as the host memory, so vector accesses stay aligned.
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(device) % page,
            reinterpret_cast<std::uintptr_t>(host) % page);
  void* inner = nullptr;
  ASSERT_EQ(cudaHostGetDevicePointer(&inner, host + 7, 0), cudaSuccess);
  EXPECT_EQ(inner, device + 7);
  ASSERT_EQ(launch_add_one(device, 40), cudaSuccess);
  for (int i = 0; i < 40; ++i) EXPECT_EQ(host[i], 1 - i) << i;  // the program's own bytes

  cudaPointerAttributes a{};
  ASSERT_EQ(cudaPointerGetAttributes(&a, host + 1), cudaSuccess);
  EXPECT_EQ(a.type, cudaMemoryTypeHost);
  EXPECT_EQ(a.hostPointer, host + 1);
  EXPECT_EQ(a.devicePointer, device + 1);
  ASSERT_EQ(cudaPointerGetAttributes(&a, device + 1), cudaSuccess);
  EXPECT_EQ(a.type, cudaMemoryTypeHost);
  EXPECT_EQ(a.hostPointer, host + 1);
  EXPECT_EQ(a.devicePointer, device + 1);
  unsigned flags = 0;
  EXPECT_EQ(cudaHostGetFlags(&flags, host), cudaErrorInvalidValue);  // cudaHostAlloc memory only

  // Either pointer works in copies: the host one as host memory, the device one as device memory.
  int* d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, bytes), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(d, device, bytes, cudaMemcpyDeviceToDevice), cudaSuccess);
  int back[40] = {};
  ASSERT_EQ(cudaMemcpy(back, d, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(back[39], -38);
  ASSERT_EQ(cudaMemcpy(host, d, bytes, cudaMemcpyDefault), cudaSuccess);
  EXPECT_EQ(host[39], -38);
  cudaFree(d);

  EXPECT_EQ(cudaHostUnregister(host + 1), cudaErrorHostMemoryNotRegistered);  // not the base
  EXPECT_EQ(cudaHostUnregister(nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostUnregister(host), cudaSuccess);
  EXPECT_EQ(cudaHostUnregister(host), cudaErrorHostMemoryNotRegistered);
  EXPECT_EQ(cudaHostGetDevicePointer(&inner, host, 0), cudaErrorInvalidValue);
  ASSERT_EQ(cudaPointerGetAttributes(&a, host), cudaSuccess);
  EXPECT_EQ(a.type, cudaMemoryTypeUnregistered);
  EXPECT_EQ(cudaHostRegister(host, bytes, 0), cudaSuccess);  // again, after unregistering
  EXPECT_EQ(cudaHostUnregister(host), cudaSuccess);
}

TEST_F(HostMemory, RegisteringCudaMemoryIsRefused) {
  void* pinned = nullptr;
  void* device = nullptr;
  ASSERT_EQ(cudaMallocHost(&pinned, 256), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&device, 256), cudaSuccess);
  EXPECT_EQ(cudaHostRegister(pinned, 256, 0), cudaErrorHostMemoryAlreadyRegistered);
  EXPECT_EQ(cudaHostRegister(device, 256, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostUnregister(pinned), cudaErrorHostMemoryNotRegistered);
  EXPECT_EQ(cudaGetLastError(), cudaErrorHostMemoryNotRegistered);
  cudaFreeHost(pinned);
  cudaFree(device);
}

}  // namespace
}  // namespace warpsim::runtime
