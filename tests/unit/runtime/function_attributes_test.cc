// cudaFuncGetAttributes/SetAttribute and friends on the kernels of function_test_util.h, whose
// resources are counted by hand there, and the launch rules the attributes add.

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "function_test_util.h"

namespace warpsim::runtime {
namespace {

constexpr int kDefaultSharedLimit = 48 * 1024;  // what every CUDA device gives a block

class FunctionAttributes : public ::testing::Test {
 protected:
  void SetUp() override {
    h_ = &testing::function_handles();
    ASSERT_EQ(cudaGetDeviceProperties(&prop_, 0), cudaSuccess);
    cudaGetLastError();
  }

  cudaFuncAttributes attributes(const void* func) {
    cudaFuncAttributes a;
    std::memset(&a, 0x5a, sizeof a);
    EXPECT_EQ(cudaFuncGetAttributes(&a, func), cudaSuccess);
    return a;
  }

  const testing::FunctionHandles* h_ = nullptr;
  cudaDeviceProp prop_{};
};

TEST_F(FunctionAttributes, PlainKernel) {
  const cudaFuncAttributes a = attributes(&h_->five_regs);
  EXPECT_EQ(a.numRegs, 5);
  EXPECT_EQ(a.sharedSizeBytes, 0u);
  EXPECT_EQ(a.localSizeBytes, 0u);
  EXPECT_EQ(a.constSizeBytes, 112u);  // 100 bytes, then 8 aligned to 8
  EXPECT_EQ(a.maxThreadsPerBlock, prop_.maxThreadsPerBlock);
  EXPECT_EQ(a.ptxVersion, 80);  // .target sm_80
  EXPECT_EQ(a.binaryVersion, prop_.major * 10 + prop_.minor);
  EXPECT_EQ(a.maxDynamicSharedSizeBytes, kDefaultSharedLimit);
  EXPECT_EQ(a.preferredShmemCarveout, cudaSharedmemCarveoutDefault);
  EXPECT_EQ(a.cacheModeCA, 0);
  EXPECT_EQ(a.clusterDimMustBeSet, 0);
  EXPECT_EQ(a.requiredClusterWidth, 0);
  EXPECT_EQ(a.nonPortableClusterSizeAllowed, 0);
}

TEST_F(FunctionAttributes, RegistersCountWhatTheCalleesHold) {
  EXPECT_EQ(attributes(&h_->caller).numRegs, 8);
  EXPECT_EQ(attributes(&h_->wide).numRegs, 102);
}

TEST_F(FunctionAttributes, SharedLocalAndLaunchBounds) {
  const cudaFuncAttributes a = attributes(&h_->bounded);
  EXPECT_EQ(a.sharedSizeBytes, 1000u);
  EXPECT_EQ(a.localSizeBytes, 64u);
  EXPECT_EQ(a.maxThreadsPerBlock, 256);  // .maxntid 256, 1, 1
  EXPECT_EQ(a.maxDynamicSharedSizeBytes, kDefaultSharedLimit - 1000);
  EXPECT_EQ(attributes(&h_->required).maxThreadsPerBlock, 128);  // .reqntid 64, 2, 1
}

TEST_F(FunctionAttributes, RegistersLimitTheBlock) {
  // 102 registers: 3264 per warp, allocated as 3328 (units of 256); 65536 / 3328 = 19 warps,
  // 16 once spread evenly over the 4 sub-partitions: 512 threads.
  ASSERT_EQ(prop_.regsPerBlock, 65536);
  EXPECT_EQ(attributes(&h_->wide).maxThreadsPerBlock, 512);
}

TEST_F(FunctionAttributes, UnknownKernelsAndBadArguments) {
  const char not_a_kernel = 0;
  cudaFuncAttributes a;
  EXPECT_EQ(cudaFuncGetAttributes(&a, &not_a_kernel), cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaFuncGetAttributes(&a, nullptr), cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaFuncGetAttributes(nullptr, &h_->five_regs), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetAttribute(&not_a_kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 0),
            cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaFuncSetCacheConfig(&not_a_kernel, cudaFuncCachePreferL1),
            cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDeviceFunction);
}

TEST_F(FunctionAttributes, MaxDynamicSharedMemory) {
  const void* k = &h_->bounded;  // 1000 bytes of static shared memory
  const int optin = static_cast<int>(prop_.sharedMemPerBlockOptin);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, -1),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, optin - 999),
            cudaErrorInvalidValue);  // static + dynamic over the opt-in limit
  EXPECT_EQ(attributes(k).maxDynamicSharedSizeBytes, kDefaultSharedLimit - 1000);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, optin - 1000),
            cudaSuccess);
  EXPECT_EQ(attributes(k).maxDynamicSharedSizeBytes, optin - 1000);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 0), cudaSuccess);
  EXPECT_EQ(attributes(k).maxDynamicSharedSizeBytes, 0);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 kDefaultSharedLimit - 1000),
            cudaSuccess);
}

TEST_F(FunctionAttributes, OtherSettableAttributes) {
  const void* k = &h_->required;
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributePreferredSharedMemoryCarveout, 101),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributePreferredSharedMemoryCarveout, -2),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributePreferredSharedMemoryCarveout, 50),
            cudaSuccess);
  EXPECT_EQ(attributes(k).preferredShmemCarveout, 50);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 2),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1),
            cudaSuccess);
  EXPECT_EQ(attributes(k).nonPortableClusterSizeAllowed, 1);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeClusterSchedulingPolicyPreference, 3),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeClusterSchedulingPolicyPreference,
                                 cudaClusterSchedulingPolicySpread),
            cudaSuccess);
  EXPECT_EQ(attributes(k).clusterSchedulingPolicyPreference, cudaClusterSchedulingPolicySpread);
  // Read-only, and values that name no attribute.
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeClusterDimMustBeSet, 1),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetAttribute(k, static_cast<cudaFuncAttribute>(0), 1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeMax, 1), cudaErrorInvalidValue);
}

TEST_F(FunctionAttributes, ClustersOfOneBlockOnly) {
  const void* k = &h_->required;
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeRequiredClusterWidth, -1),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeRequiredClusterWidth, 2),
            cudaErrorNotSupported);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeRequiredClusterWidth, 1), cudaSuccess);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeRequiredClusterHeight, 1), cudaSuccess);
  EXPECT_EQ(cudaFuncSetAttribute(k, cudaFuncAttributeRequiredClusterDepth, 1), cudaSuccess);
  const cudaFuncAttributes a = attributes(k);
  EXPECT_EQ(a.requiredClusterWidth, 1);
  EXPECT_EQ(a.requiredClusterHeight, 1);
  EXPECT_EQ(a.requiredClusterDepth, 1);
}

TEST_F(FunctionAttributes, CacheConfig) {
  EXPECT_EQ(cudaFuncSetCacheConfig(&h_->five_regs, cudaFuncCachePreferShared), cudaSuccess);
  EXPECT_EQ(cudaFuncSetCacheConfig(&h_->five_regs, static_cast<cudaFuncCache>(4)),
            cudaErrorInvalidValue);
}

TEST_F(FunctionAttributes, NameParametersAndKernelHandle) {
  const char* name = nullptr;
  EXPECT_EQ(cudaFuncGetName(&name, &h_->dynamic), cudaSuccess);
  EXPECT_STREQ(name, "_Z7dynamicPfi");
  EXPECT_EQ(cudaFuncGetName(nullptr, &h_->dynamic), cudaErrorInvalidValue);
  std::size_t offset = 99, size = 99;
  EXPECT_EQ(cudaFuncGetParamInfo(&h_->dynamic, 0, &offset, &size), cudaSuccess);
  EXPECT_EQ(offset, 0u);
  EXPECT_EQ(size, 8u);  // float*
  EXPECT_EQ(cudaFuncGetParamInfo(&h_->dynamic, 1, &offset, &size), cudaSuccess);
  EXPECT_EQ(offset, 8u);
  EXPECT_EQ(size, 4u);  // int
  EXPECT_EQ(cudaFuncGetParamInfo(&h_->dynamic, 2, &offset, &size), cudaErrorInvalidValue);
  cudaKernel_t kernel = nullptr;
  EXPECT_EQ(cudaGetKernel(&kernel, &h_->bounded), cudaSuccess);
  ASSERT_NE(kernel, nullptr);
  cudaFuncAttributes a;
  EXPECT_EQ(cudaFuncGetAttributes(&a, kernel), cudaSuccess);
  EXPECT_EQ(a.sharedSizeBytes, 1000u);
  const char not_a_kernel = 0;
  EXPECT_EQ(cudaGetKernel(&kernel, &not_a_kernel), cudaErrorInvalidDeviceFunction);
}

class LaunchRules : public FunctionAttributes {
 protected:
  void SetUp() override {
    FunctionAttributes::SetUp();
    ASSERT_EQ(cudaMalloc(&out_, 1024 * sizeof(float)), cudaSuccess);
    ASSERT_EQ(cudaMemset(out_, 0, 1024 * sizeof(float)), cudaSuccess);
  }
  void TearDown() override { cudaFree(out_); }

  cudaError_t launch_dynamic(unsigned threads, std::size_t shared) {
    int n = static_cast<int>(threads);
    void* args[] = {&out_, &n};
    return cudaLaunchKernel(&h_->dynamic, dim3(1), dim3(threads), args, shared, nullptr);
  }

  std::vector<float> result(std::size_t n) {
    std::vector<float> host(n);
    EXPECT_EQ(cudaMemcpy(host.data(), out_, n * sizeof(float), cudaMemcpyDeviceToHost),
              cudaSuccess);
    return host;
  }

  float* out_ = nullptr;
};

TEST_F(LaunchRules, DynamicSharedMemoryPast48KiBNeedsTheAttribute) {
  const std::size_t above = kDefaultSharedLimit + 1024;
  ASSERT_LE(above, prop_.sharedMemPerBlockOptin);
  EXPECT_EQ(launch_dynamic(64, kDefaultSharedLimit), cudaSuccess);
  EXPECT_EQ(launch_dynamic(64, above), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetAttribute(&h_->dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 static_cast<int>(above)),
            cudaSuccess);
  ASSERT_EQ(cudaMemset(out_, 0, 1024 * sizeof(float)), cudaSuccess);
  EXPECT_EQ(launch_dynamic(64, above), cudaSuccess);
  EXPECT_EQ(result(64)[63], 63.0f);
  EXPECT_EQ(launch_dynamic(64, above + 1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetAttribute(&h_->dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 kDefaultSharedLimit),
            cudaSuccess);
}

TEST_F(LaunchRules, StaticSharedMemoryCountsAgainstTheDefault) {
  void* args[] = {&out_};
  const std::size_t room = kDefaultSharedLimit - 1000;
  EXPECT_EQ(cudaLaunchKernel(&h_->bounded, dim3(1), dim3(32), args, room, nullptr), cudaSuccess);
  EXPECT_EQ(cudaLaunchKernel(&h_->bounded, dim3(1), dim3(32), args, room + 1, nullptr),
            cudaErrorInvalidValue);
}

TEST_F(LaunchRules, LaunchBoundsCapTheBlock) {
  void* args[] = {&out_};
  EXPECT_EQ(cudaLaunchKernel(&h_->bounded, dim3(1), dim3(256), args, 0, nullptr), cudaSuccess);
  EXPECT_EQ(result(256)[255], 255.0f);
  EXPECT_EQ(cudaLaunchKernel(&h_->bounded, dim3(1), dim3(257), args, 0, nullptr),
            cudaErrorLaunchOutOfResources);
  EXPECT_EQ(cudaLaunchKernel(&h_->bounded, dim3(1), dim3(16, 32), args, 0, nullptr),
            cudaErrorLaunchOutOfResources);
}

TEST_F(LaunchRules, TheRegisterEstimateIsNotEnforced) {
  // The estimate allows 512 threads, but ptxas may well fit the kernel in fewer registers.
  void* args[] = {&out_};
  EXPECT_EQ(cudaLaunchKernel(&h_->wide, dim3(1), dim3(1024), args, 0, nullptr), cudaSuccess);
  unsigned value = 0;
  EXPECT_EQ(cudaMemcpy(&value, out_, sizeof value, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(value, 5050u);
}

}  // namespace
}  // namespace warpsim::runtime
