// Managed memory (cudaMallocManaged, __managed__ variables): one pointer for host and device,
// copies in every direction, pointer attributes, and the prefetch/advice argument rules.

#include <gtest/gtest.h>
#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>

#include "func/device.h"
#include "memory_test_util.h"

namespace warpsim::runtime {
namespace {

using testing::launch_add_one;
using testing::managed_total;

class ManagedMemory : public ::testing::Test {
 protected:
  void SetUp() override {
    testing::add_one_handle();
    cudaGetLastError();
  }
};

TEST_F(ManagedMemory, AllocationRules) {
  void* p = nullptr;
  EXPECT_EQ(cudaMallocManaged(nullptr, 16), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocManaged(&p, 0), cudaErrorInvalidValue);  // documented for size 0
  EXPECT_EQ(cudaMallocManaged(&p, 16, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocManaged(&p, 16, cudaMemAttachSingle), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocManaged(&p, 16, cudaMemAttachGlobal | cudaMemAttachHost),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocManaged(&p, std::size_t{1} << 50), cudaErrorMemoryAllocation);
  EXPECT_EQ(cudaMallocManaged(&p, ~std::size_t{0}), cudaErrorMemoryAllocation);
  ASSERT_EQ(cudaMallocManaged(&p, 16, cudaMemAttachHost), cudaSuccess);  // still room after those
  static_cast<char*>(p)[15] = 1;
  EXPECT_EQ(cudaFree(static_cast<char*>(p) + 4), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFreeHost(p), cudaErrorInvalidValue);  // managed memory is released by cudaFree
  EXPECT_EQ(cudaFree(p), cudaSuccess);
  EXPECT_EQ(cudaFree(p), cudaErrorInvalidValue);
  int* q = nullptr;
  ASSERT_EQ(cudaMallocManaged(&q, 3 * sizeof(int)), cudaSuccess);  // C++ overload, global
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(q) % 256, 0u);        // aligned for any variable
  EXPECT_EQ(cudaFree(q), cudaSuccess);
}

TEST_F(ManagedMemory, HostWritesKernelUpdatesHostReadsThroughTheSamePointer) {
  constexpr int kCount = 100;
  int* data = nullptr;
  ASSERT_EQ(cudaMallocManaged(&data, kCount * sizeof(int)), cudaSuccess);
  for (int i = 0; i < kCount; ++i) data[i] = 3 * i;  // plain host stores through the pointer
  ASSERT_EQ(launch_add_one(data, kCount), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int i = 0; i < kCount; ++i) EXPECT_EQ(data[i], 3 * i + 1) << i;
  data[7] = -50;  // and the device sees later host stores
  ASSERT_EQ(launch_add_one(data, 8), cudaSuccess);
  EXPECT_EQ(data[7], -49);
  EXPECT_EQ(data[8], 3 * 8 + 1);  // beyond n: untouched by the second launch
  EXPECT_EQ(cudaFree(data), cudaSuccess);
}

TEST_F(ManagedMemory, ManagedVariableIsInitializedInHostVisibleMemory) {
  void* address = nullptr;
  ASSERT_EQ(cudaGetSymbolAddress(&address, symbol("m_init")), cudaSuccess);
  const auto* init = static_cast<const std::uint64_t*>(address);
  EXPECT_EQ(init[0], 7u);
  EXPECT_EQ(init[1], 9u);
  std::size_t size = 0;
  ASSERT_EQ(cudaGetSymbolSize(&size, symbol("m_init")), cudaSuccess);
  EXPECT_EQ(size, 16u);
}

TEST_F(ManagedMemory, ManagedVariableIsSharedWithTheHost) {
  unsigned* total = managed_total();
  ASSERT_NE(total, nullptr);
  *total = 5;  // its initializer; reset in case another test launched add_one before
  int* data = nullptr;
  ASSERT_EQ(cudaMalloc(&data, 10 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMemset(data, 0, 10 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(launch_add_one(data, 10), cudaSuccess);
  EXPECT_EQ(*total, 15u);  // each of the 10 threads added one, read by a host load
  *total = 100;
  ASSERT_EQ(launch_add_one(data, 3), cudaSuccess);
  unsigned through_copy = 0;
  ASSERT_EQ(cudaMemcpyFromSymbol(&through_copy, symbol("m_total"), sizeof through_copy),
            cudaSuccess);
  EXPECT_EQ(through_copy, 103u);
  cudaPointerAttributes attributes{};
  ASSERT_EQ(cudaPointerGetAttributes(&attributes, total), cudaSuccess);
  EXPECT_EQ(attributes.type, cudaMemoryTypeManaged);
  EXPECT_EQ(cudaFree(total), cudaErrorInvalidValue);  // a module variable, not an allocation
  cudaFree(data);
}

TEST_F(ManagedMemory, CopiesBetweenManagedDeviceAndHostInEveryKind) {
  constexpr std::size_t kBytes = 8 * sizeof(int);
  int* m1 = nullptr;
  int* m2 = nullptr;
  int* d = nullptr;
  ASSERT_EQ(cudaMallocManaged(&m1, kBytes), cudaSuccess);
  ASSERT_EQ(cudaMallocManaged(&m2, kBytes), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&d, kBytes), cudaSuccess);
  const int source[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  // Managed memory is reachable from both sides, so every kind that names it works.
  for (cudaMemcpyKind kind : {cudaMemcpyHostToHost, cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost,
                              cudaMemcpyDeviceToDevice, cudaMemcpyDefault}) {
    std::memset(m1, 0, kBytes);
    std::memset(m2, 0, kBytes);
    ASSERT_EQ(cudaMemcpy(m1, source, kBytes,
                         kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice
                             ? cudaMemcpyHostToDevice
                             : kind),
              cudaSuccess)
        << kind;
    ASSERT_EQ(cudaMemcpy(m2, m1, kBytes, kind), cudaSuccess) << kind;
    EXPECT_EQ(std::memcmp(m2, source, kBytes), 0) << kind;
  }
  int back[8] = {};
  ASSERT_EQ(cudaMemcpy(d, m2, kBytes, cudaMemcpyDefault), cudaSuccess);  // managed -> device
  ASSERT_EQ(cudaMemcpy(m1 + 1, d, 4 * sizeof(int), cudaMemcpyDeviceToDevice), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(back, m1, kBytes, cudaMemcpyDeviceToHost), cudaSuccess);  // -> host
  const int want[8] = {1, 1, 2, 3, 4, 6, 7, 8};
  EXPECT_EQ(std::memcmp(back, want, kBytes), 0);
  ASSERT_EQ(cudaMemcpy(m1, m1 + 2, 4 * sizeof(int), cudaMemcpyDefault), cudaSuccess);  // overlap
  const int moved[8] = {2, 3, 4, 6, 4, 6, 7, 8};
  EXPECT_EQ(std::memcmp(m1, moved, kBytes), 0);
  EXPECT_EQ(cudaMemset(m2 + 4, 0xff, 2 * sizeof(int)), cudaSuccess);
  EXPECT_EQ(m2[3], 4);
  EXPECT_EQ(m2[4], -1);
  EXPECT_EQ(m2[5], -1);
  EXPECT_EQ(m2[6], 7);
  // Past the end of a managed allocation is still an error, as for device memory.
  EXPECT_EQ(cudaMemcpy(back, m1 + 1, kBytes, cudaMemcpyDefault), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(m1 + 1, source, kBytes, cudaMemcpyHostToHost), cudaErrorInvalidValue);
  cudaFree(m1);
  cudaFree(m2);
  cudaFree(d);
}

TEST_F(ManagedMemory, PointerAttributesOfEveryKindOfMemory) {
  int* managed = nullptr;
  int* device = nullptr;
  ASSERT_EQ(cudaMallocManaged(&managed, 64), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&device, 64), cudaSuccess);
  cudaPointerAttributes a{};
  EXPECT_EQ(cudaPointerGetAttributes(nullptr, managed), cudaErrorInvalidValue);
  ASSERT_EQ(cudaPointerGetAttributes(&a, managed + 3), cudaSuccess);
  EXPECT_EQ(a.type, cudaMemoryTypeManaged);
  EXPECT_EQ(a.device, 0);
  EXPECT_EQ(a.devicePointer, managed + 3);
  EXPECT_EQ(a.hostPointer, managed + 3);
  ASSERT_EQ(cudaPointerGetAttributes(&a, device + 1), cudaSuccess);
  EXPECT_EQ(a.type, cudaMemoryTypeDevice);
  EXPECT_EQ(a.device, 0);
  EXPECT_EQ(a.devicePointer, device + 1);
  EXPECT_EQ(a.hostPointer, nullptr);  // the host cannot dereference device memory
  int on_stack = 0;
  ASSERT_EQ(cudaPointerGetAttributes(&a, &on_stack), cudaSuccess);  // CUDA 11 on: no error
  EXPECT_EQ(a.type, cudaMemoryTypeUnregistered);
  EXPECT_EQ(a.devicePointer, nullptr);
  EXPECT_EQ(a.hostPointer, &on_stack);
  cudaFree(managed);
  cudaFree(device);
}

TEST_F(ManagedMemory, PrefetchAndAdviceCheckTheirArgumentsAndChangeNothing) {
  int* managed = nullptr;
  int* device = nullptr;
  ASSERT_EQ(cudaMallocManaged(&managed, 4 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&device, 16), cudaSuccess);
  for (int i = 0; i < 4; ++i) managed[i] = 10 + i;
  cudaDeviceProp prop;
  ASSERT_EQ(cudaGetDeviceProperties(&prop, 0), cudaSuccess);
  const cudaMemLocation gpu{cudaMemLocationTypeDevice, 0};
  const cudaMemLocation host{cudaMemLocationTypeHost, 12345};  // the id is ignored for the host
  const cudaError_t to_gpu =
      prop.concurrentManagedAccess != 0 ? cudaSuccess : cudaErrorInvalidDevice;
  EXPECT_EQ(cudaMemPrefetchAsync(managed, 16, gpu, 0, nullptr), to_gpu);
  EXPECT_EQ(cudaMemPrefetchAsync(managed, 16, host, 0, nullptr), cudaSuccess);
  EXPECT_EQ(cudaMemPrefetchAsync(managed, 16, {cudaMemLocationTypeDevice, 1}, 0, nullptr),
            cudaErrorInvalidDevice);
  EXPECT_EQ(cudaMemPrefetchAsync(managed, 16, host, 1, nullptr), cudaErrorInvalidValue);  // flags
  EXPECT_EQ(cudaMemPrefetchAsync(managed, 17, host, 0, nullptr), cudaErrorInvalidValue);  // past
  EXPECT_EQ(cudaMemPrefetchAsync(device, 16, host, 0, nullptr),
            cudaErrorInvalidValue);  // not managed
  EXPECT_EQ(cudaMemPrefetchAsync(managed, 16, host, 0, reinterpret_cast<cudaStream_t>(77)),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaMemAdvise(managed, 16, cudaMemAdviseSetReadMostly, gpu), cudaSuccess);
  EXPECT_EQ(cudaMemAdvise(managed, 16, cudaMemAdviseSetPreferredLocation, gpu), cudaSuccess);
  EXPECT_EQ(cudaMemAdvise(managed, 16, cudaMemAdviseSetPreferredLocation, host), cudaSuccess);
  EXPECT_EQ(cudaMemAdvise(managed, 16, cudaMemAdviseSetAccessedBy, gpu), to_gpu);
  EXPECT_EQ(cudaMemAdvise(managed, 16, cudaMemAdviseSetAccessedBy, {cudaMemLocationTypeDevice, 3}),
            cudaErrorInvalidDevice);
  // Unsetting the preferred location ignores the location, however bad.
  EXPECT_EQ(cudaMemAdvise(managed, 16, cudaMemAdviseUnsetPreferredLocation,
                          {cudaMemLocationTypeDevice, 3}),
            cudaSuccess);
  EXPECT_EQ(cudaMemAdvise(managed, 16, static_cast<cudaMemoryAdvise>(0), host),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemAdvise(device, 16, cudaMemAdviseSetReadMostly, host), cudaErrorInvalidValue);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(managed[i], 10 + i);
  cudaFree(managed);
  cudaFree(device);
}

TEST_F(ManagedMemory, TakenHostAddressIsAnAllocationFailureNotACrash) {
  void* first = nullptr;
  ASSERT_EQ(cudaMallocManaged(&first, 4096), cudaSuccess);
  // Occupy the host addresses right after it, where the next managed allocations would go.
  constexpr std::size_t kBlocked = std::size_t{64} << 20;
  void* want = static_cast<char*>(first) + 4096;
  void* blocked = mmap(want, kBlocked, PROT_NONE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
  if (blocked != want) {
    if (blocked != MAP_FAILED) munmap(blocked, kBlocked);
    GTEST_SKIP() << "cannot reserve the addresses after the managed allocation";
  }
  void* second = nullptr;
  EXPECT_EQ(cudaMallocManaged(&second, 4096), cudaErrorMemoryAllocation);
  EXPECT_EQ(cudaGetLastError(), cudaErrorMemoryAllocation);
  void* device = nullptr;
  EXPECT_EQ(cudaMalloc(&device, 4096), cudaSuccess);  // plain device memory maps nothing
  munmap(blocked, kBlocked);
  ASSERT_EQ(cudaMallocManaged(&second, 4096), cudaSuccess);
  static_cast<int*>(second)[1023] = 7;  // really host memory
  EXPECT_EQ(static_cast<int*>(second)[1023], 7);
  cudaFree(first);
  cudaFree(second);
  cudaFree(device);
}

TEST_F(ManagedMemory, MemGetInfoCountsDeviceAllocationsOnly) {
  cudaDeviceProp prop;
  ASSERT_EQ(cudaGetDeviceProperties(&prop, 0), cudaSuccess);
  std::size_t free0 = 0;
  std::size_t total = 0;
  EXPECT_EQ(cudaMemGetInfo(nullptr, &total), cudaErrorInvalidValue);
  ASSERT_EQ(cudaMemGetInfo(&free0, &total), cudaSuccess);
  EXPECT_EQ(total, prop.totalGlobalMem);
  EXPECT_LE(free0, total);
  void* device = nullptr;
  void* managed = nullptr;
  void* pinned = nullptr;
  ASSERT_EQ(cudaMalloc(&device, 1 << 20), cudaSuccess);
  std::size_t free1 = 0;
  ASSERT_EQ(cudaMemGetInfo(&free1, &total), cudaSuccess);
  EXPECT_EQ(free0 - free1, std::size_t{1} << 20);
  ASSERT_EQ(cudaMallocManaged(&managed, 4096), cudaSuccess);
  ASSERT_EQ(cudaMemGetInfo(&free1, &total), cudaSuccess);
  EXPECT_EQ(free0 - free1, (std::size_t{1} << 20) + 4096);
  ASSERT_EQ(cudaMallocHost(&pinned, 1 << 20), cudaSuccess);  // host memory: not the device's
  ASSERT_EQ(cudaMemGetInfo(&free1, &total), cudaSuccess);
  EXPECT_EQ(free0 - free1, (std::size_t{1} << 20) + 4096);
  cudaFree(device);
  cudaFree(managed);
  cudaFreeHost(pinned);
  ASSERT_EQ(cudaMemGetInfo(&free1, &total), cudaSuccess);
  EXPECT_EQ(free1, free0);
}

// Host mapping is the CUDA runtime's: a func::Device is plain by default, so that several can
// share a process, and its managed memory then lives in simulator storage.
TEST(ManagedMemoryModel, PlainDeviceMemoryDoesNotMapHostMemory) {
  EXPECT_FALSE(func::DeviceOptions{}.host_mapped);
  func::Device device;
  EXPECT_FALSE(device.memory().host_mapped());
  const Addr managed = device.memory().allocate(64, func::AllocationKind::kManaged);
  const func::Allocation* a = device.memory().find(managed);
  ASSERT_NE(a, nullptr);
  EXPECT_FALSE(a->host_mapped);
  EXPECT_NE(reinterpret_cast<Addr>(a->bytes.get()), managed);
  EXPECT_THROW(device.memory().allocate(64, func::AllocationKind::kPinnedHost), std::logic_error);
  EXPECT_TRUE(Runtime::instance().device().memory().host_mapped());
}

}  // namespace
}  // namespace warpsim::runtime
