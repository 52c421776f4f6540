// cudaLaunchCooperativeKernel (the grid must be co-resident: at most the occupancy calculation's
// blocks per SM times the SMs) and cudaLaunchKernelExC with its launch attributes.

#include <gtest/gtest.h>

#include "function_test_util.h"

namespace warpsim::runtime {
namespace {

class LaunchEx : public ::testing::Test {
 protected:
  void SetUp() override {
    h_ = &testing::function_handles();
    ASSERT_EQ(cudaGetDeviceProperties(&prop_, 0), cudaSuccess);
    ASSERT_EQ(cudaMalloc(&out_, sizeof(unsigned)), cudaSuccess);
    ASSERT_EQ(cudaMemset(out_, 0, sizeof(unsigned)), cudaSuccess);
    cudaGetLastError();
  }
  void TearDown() override { cudaFree(out_); }

  unsigned result() {
    unsigned value = 0;
    EXPECT_EQ(cudaMemcpy(&value, out_, sizeof value, cudaMemcpyDeviceToHost), cudaSuccess);
    return value;
  }

  // Blocks of `threads` that fit on the whole device at once.
  unsigned co_resident(const void* kernel, int threads) {
    int per_sm = 0;
    EXPECT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0),
              cudaSuccess);
    return static_cast<unsigned>(per_sm * prop_.multiProcessorCount);
  }

  const testing::FunctionHandles* h_ = nullptr;
  cudaDeviceProp prop_{};
  unsigned* out_ = nullptr;
};

TEST_F(LaunchEx, CooperativeGridMustBeCoResident) {
  ASSERT_EQ(prop_.cooperativeLaunch, 1);
  void* args[] = {&out_};
  const unsigned fits = co_resident(&h_->five_regs, 1024);
  ASSERT_GT(fits, 0u);
  EXPECT_EQ(cudaLaunchCooperativeKernel(&h_->five_regs, dim3(fits), dim3(1024), args, 0, nullptr),
            cudaSuccess);
  EXPECT_EQ(result(), 6u);
  EXPECT_EQ(
      cudaLaunchCooperativeKernel(&h_->five_regs, dim3(fits + 1), dim3(1024), args, 0, nullptr),
      cudaErrorCooperativeLaunchTooLarge);
  EXPECT_EQ(cudaGetLastError(), cudaErrorCooperativeLaunchTooLarge);
  // Grid dimensions multiply.
  EXPECT_EQ(
      cudaLaunchCooperativeKernel(&h_->five_regs, dim3(fits, 2), dim3(1024), args, 0, nullptr),
      cudaErrorCooperativeLaunchTooLarge);
}

// More blocks than the functional runner normally keeps in flight (8), each waiting for all the
// others: only a grid whose blocks are all resident, as a cooperative launch's are, completes.
TEST_F(LaunchEx, CooperativeGridIsAllResidentSoGridBarriersComplete) {
  unsigned* counts = nullptr;
  ASSERT_EQ(cudaMalloc(&counts, 2 * sizeof(unsigned)), cudaSuccess);
  ASSERT_EQ(cudaMemset(counts, 0, 2 * sizeof(unsigned)), cudaSuccess);
  void* args[] = {&counts};
  const unsigned blocks = 64;
  ASSERT_GE(co_resident(&h_->grid_barrier, 32), blocks);
  ASSERT_EQ(
      cudaLaunchCooperativeKernel(&h_->grid_barrier, dim3(blocks), dim3(32), args, 0, nullptr),
      cudaSuccess);
  unsigned host[2] = {0, 0};
  ASSERT_EQ(cudaMemcpy(host, counts, sizeof host, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(host[0], blocks);  // every block arrived
  EXPECT_EQ(host[1], blocks);  // and every block passed the barrier
  cudaFree(counts);
}

TEST_F(LaunchEx, CooperativeLaunchReportsPlainLaunchErrors) {
  void* args[] = {&out_};
  const char not_a_kernel = 0;
  EXPECT_EQ(cudaLaunchCooperativeKernel(&not_a_kernel, dim3(1), dim3(32), args, 0, nullptr),
            cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaLaunchCooperativeKernel(&h_->five_regs, dim3(1), dim3(2048), args, 0, nullptr),
            cudaErrorInvalidConfiguration);
  EXPECT_EQ(cudaLaunchCooperativeKernel(&h_->bounded, dim3(1), dim3(512), args, 0, nullptr),
            cudaErrorLaunchOutOfResources);  // over its .maxntid
}

TEST_F(LaunchEx, ExtensibleLaunchWithoutAttributes) {
  void* args[] = {&out_};
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(2);
  config.blockDim = dim3(64);
  EXPECT_EQ(cudaLaunchKernelExC(&config, &h_->five_regs, args), cudaSuccess);
  EXPECT_EQ(result(), 6u);
  EXPECT_EQ(cudaLaunchKernelExC(nullptr, &h_->five_regs, args), cudaErrorInvalidValue);
  config.numAttrs = 1;  // with no attribute array
  EXPECT_EQ(cudaLaunchKernelExC(&config, &h_->five_regs, args), cudaErrorInvalidValue);
  config.numAttrs = 0;
  config.dynamicSmemBytes = 48 * 1024 + 1;  // the kernel's dynamic shared memory limit holds
  EXPECT_EQ(cudaLaunchKernelExC(&config, &h_->five_regs, args), cudaErrorInvalidValue);
}

TEST_F(LaunchEx, ExtensibleLaunchAttributes) {
  void* args[] = {&out_};
  cudaLaunchAttribute attrs[4] = {};
  attrs[0].id = cudaLaunchAttributePriority;
  attrs[0].val.priority = -1;
  attrs[1].id = cudaLaunchAttributeClusterDimension;
  attrs[1].val.clusterDim = {1, 1, 1};
  attrs[2].id = cudaLaunchAttributeIgnore;
  attrs[3].id = cudaLaunchAttributeCooperative;
  attrs[3].val.cooperative = 1;
  cudaLaunchConfig_t config{};
  config.blockDim = dim3(1024);
  config.gridDim = dim3(co_resident(&h_->five_regs, 1024));
  config.attrs = attrs;
  config.numAttrs = 4;
  EXPECT_EQ(cudaLaunchKernelExC(&config, &h_->five_regs, args), cudaSuccess);
  EXPECT_EQ(result(), 6u);
  config.gridDim.x += 1;  // too many blocks for a cooperative launch
  EXPECT_EQ(cudaLaunchKernelExC(&config, &h_->five_regs, args), cudaErrorCooperativeLaunchTooLarge);
  attrs[3].val.cooperative = 0;  // fine as an ordinary launch
  EXPECT_EQ(cudaLaunchKernelExC(&config, &h_->five_regs, args), cudaSuccess);
}

TEST_F(LaunchEx, ClustersAndInvalidAttributes) {
  void* args[] = {&out_};
  cudaLaunchAttribute attr{};
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(4);
  config.blockDim = dim3(32);
  config.attrs = &attr;
  config.numAttrs = 1;
  attr.id = cudaLaunchAttributeClusterDimension;
  attr.val.clusterDim = {2, 1, 1};
  EXPECT_EQ(cudaLaunchKernelExC(&config, &h_->five_regs, args), cudaErrorNotSupported);
  attr.val.clusterDim = {0, 1, 1};
  EXPECT_EQ(cudaLaunchKernelExC(&config, &h_->five_regs, args), cudaErrorInvalidValue);
  attr = cudaLaunchAttribute{};
  attr.id = cudaLaunchAttributeSynchronizationPolicy;  // a stream attribute
  attr.val.syncPolicy = cudaSyncPolicySpin;
  EXPECT_EQ(cudaLaunchKernelExC(&config, &h_->five_regs, args), cudaErrorInvalidValue);
  attr.id = static_cast<cudaLaunchAttributeID>(15);  // not an attribute
  EXPECT_EQ(cudaLaunchKernelExC(&config, &h_->five_regs, args), cudaErrorInvalidValue);
  EXPECT_EQ(result(), 0u);  // nothing ran
}

TEST_F(LaunchEx, CompletionEventIsRecorded) {
  void* args[] = {&out_};
  cudaEvent_t event = nullptr;
  ASSERT_EQ(cudaEventCreateWithFlags(&event, cudaEventDisableTiming), cudaSuccess);
  auto recorded = [&] {
    std::lock_guard<std::recursive_mutex> lock(Runtime::instance().mutex());
    return Runtime::instance().handles().events.find(event)->recorded;
  };
  EXPECT_FALSE(recorded());
  cudaLaunchAttribute attr{};
  attr.id = cudaLaunchAttributeLaunchCompletionEvent;
  attr.val.launchCompletionEvent.event = event;
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(1);
  config.blockDim = dim3(32);
  config.attrs = &attr;
  config.numAttrs = 1;
  EXPECT_EQ(cudaLaunchKernelExC(&config, &h_->five_regs, args), cudaSuccess);
  EXPECT_EQ(result(), 6u);
  EXPECT_TRUE(recorded());
  ASSERT_EQ(cudaEventDestroy(event), cudaSuccess);
  EXPECT_EQ(cudaLaunchKernelExC(&config, &h_->five_regs, args), cudaErrorInvalidResourceHandle);
}

}  // namespace
}  // namespace warpsim::runtime
