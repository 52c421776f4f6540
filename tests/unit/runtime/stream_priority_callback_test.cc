// Stream priorities, flags and ids, host callbacks and event records with flags. Functional
// mode runs everything at once, so a callback has run (after the work before it) by the time
// the call that enqueued it returns.

#include <gtest/gtest.h>

#include <vector>

#include "runtime_test_util.h"

namespace warpsim::runtime {
namespace {

class StreamExtras : public ::testing::Test {
 protected:
  void SetUp() override {
    testing::use_test_module();
    ASSERT_EQ(cudaDeviceGetStreamPriorityRange(&least_, &greatest_), cudaSuccess);
    cudaGetLastError();
  }
  int least_ = 0;
  int greatest_ = 0;
};

TEST_F(StreamExtras, PrioritiesAreClampedIntoTheRange) {
  cudaStream_t high = nullptr, low = nullptr, mid = nullptr;
  ASSERT_EQ(cudaStreamCreateWithPriority(&high, cudaStreamDefault, greatest_ - 10), cudaSuccess);
  ASSERT_EQ(cudaStreamCreateWithPriority(&low, cudaStreamNonBlocking, least_ + 10), cudaSuccess);
  ASSERT_EQ(cudaStreamCreateWithPriority(&mid, cudaStreamDefault, (least_ + greatest_) / 2),
            cudaSuccess);
  int priority = 99;
  EXPECT_EQ(cudaStreamGetPriority(high, &priority), cudaSuccess);
  EXPECT_EQ(priority, greatest_);
  EXPECT_EQ(cudaStreamGetPriority(low, &priority), cudaSuccess);
  EXPECT_EQ(priority, least_);
  EXPECT_EQ(cudaStreamGetPriority(mid, &priority), cudaSuccess);
  EXPECT_EQ(priority, (least_ + greatest_) / 2);
  EXPECT_EQ(cudaStreamGetPriority(nullptr, &priority), cudaSuccess);
  EXPECT_EQ(priority, 0);  // the default stream's
  EXPECT_EQ(cudaStreamGetPriority(high, nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaStreamCreateWithPriority(&mid, 0x4, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaStreamCreateWithPriority(nullptr, 0, 0), cudaErrorInvalidValue);
  cudaStreamDestroy(high);
  cudaStreamDestroy(low);
  cudaStreamDestroy(mid);
}

TEST_F(StreamExtras, FlagsIdsAndDevice) {
  cudaStream_t blocking = nullptr, non_blocking = nullptr;
  ASSERT_EQ(cudaStreamCreate(&blocking), cudaSuccess);
  ASSERT_EQ(cudaStreamCreateWithFlags(&non_blocking, cudaStreamNonBlocking), cudaSuccess);
  unsigned flags = 99;
  EXPECT_EQ(cudaStreamGetFlags(blocking, &flags), cudaSuccess);
  EXPECT_EQ(flags, static_cast<unsigned>(cudaStreamDefault));
  EXPECT_EQ(cudaStreamGetFlags(non_blocking, &flags), cudaSuccess);
  EXPECT_EQ(flags, static_cast<unsigned>(cudaStreamNonBlocking));
  EXPECT_EQ(cudaStreamGetFlags(cudaStreamPerThread, &flags), cudaSuccess);
  EXPECT_EQ(flags, static_cast<unsigned>(cudaStreamDefault));
  // Every stream has its own id; the NULL stream is the legacy default stream.
  unsigned long long a = 0, b = 0, legacy = 0, null_stream = 0, per_thread = 0;
  EXPECT_EQ(cudaStreamGetId(blocking, &a), cudaSuccess);
  EXPECT_EQ(cudaStreamGetId(non_blocking, &b), cudaSuccess);
  EXPECT_EQ(cudaStreamGetId(cudaStreamLegacy, &legacy), cudaSuccess);
  EXPECT_EQ(cudaStreamGetId(nullptr, &null_stream), cudaSuccess);
  EXPECT_EQ(cudaStreamGetId(cudaStreamPerThread, &per_thread), cudaSuccess);
  EXPECT_NE(a, b);
  EXPECT_EQ(legacy, null_stream);
  EXPECT_NE(legacy, per_thread);
  EXPECT_NE(a, legacy);
  EXPECT_NE(a, per_thread);
  int device = -1;
  EXPECT_EQ(cudaStreamGetDevice(blocking, &device), cudaSuccess);
  EXPECT_EQ(device, 0);
  EXPECT_EQ(cudaStreamGetDevice(blocking, nullptr), cudaErrorInvalidValue);
  ASSERT_EQ(cudaStreamDestroy(blocking), cudaSuccess);
  // A destroyed stream is no stream at all.
  EXPECT_EQ(cudaStreamGetFlags(blocking, &flags), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaStreamGetId(blocking, &a), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaStreamGetPriority(blocking, &device), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaStreamGetDevice(blocking, &device), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaStreamGetFlags(non_blocking, nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaStreamGetId(non_blocking, nullptr), cudaErrorInvalidValue);
  cudaStreamDestroy(non_blocking);
}

struct CallbackLog {
  std::vector<cudaStream_t> streams;
  std::vector<cudaError_t> statuses;
  int host_calls = 0;
  unsigned device_value = 0;  // what the kernel before the callback left in memory
};

void stream_callback(cudaStream_t stream, cudaError_t status, void* user) {
  auto* log = static_cast<CallbackLog*>(user);
  log->streams.push_back(stream);
  log->statuses.push_back(status);
}

void host_function(void* user) { ++static_cast<CallbackLog*>(user)->host_calls; }

TEST_F(StreamExtras, StreamCallbacksRunInOrder) {
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreate(&stream), cudaSuccess);
  CallbackLog log;
  EXPECT_EQ(cudaStreamAddCallback(stream, stream_callback, &log, 0), cudaSuccess);
  EXPECT_EQ(cudaStreamAddCallback(nullptr, stream_callback, &log, 0), cudaSuccess);
  ASSERT_EQ(log.streams.size(), 2u);  // already run
  EXPECT_EQ(log.streams[0], stream);
  EXPECT_EQ(log.streams[1], nullptr);
  EXPECT_EQ(log.statuses[0], cudaSuccess);
  // Flags must be 0; a callback and a stream are required.
  EXPECT_EQ(cudaStreamAddCallback(stream, stream_callback, &log, 1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaStreamAddCallback(stream, nullptr, &log, 0), cudaErrorInvalidValue);
  ASSERT_EQ(cudaStreamDestroy(stream), cudaSuccess);
  EXPECT_EQ(cudaStreamAddCallback(stream, stream_callback, &log, 0),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(log.streams.size(), 2u);  // refused calls run nothing
}

TEST_F(StreamExtras, HostFunctionsSeeTheWorkBeforeThem) {
  unsigned* counter = nullptr;
  ASSERT_EQ(cudaGetSymbolAddress(reinterpret_cast<void**>(&counter), symbol("g_counter")),
            cudaSuccess);
  ASSERT_EQ(cudaMemset(counter, 0, sizeof(unsigned)), cudaSuccess);
  float* data = nullptr;
  ASSERT_EQ(cudaMalloc(&data, 64 * sizeof(float)), cudaSuccess);
  Launch("scale", 1, 64)(data, 2.0f, 64);  // counts its 64 threads in g_counter
  CallbackLog log;
  EXPECT_EQ(cudaLaunchHostFunc(nullptr, host_function, &log), cudaSuccess);
  EXPECT_EQ(log.host_calls, 1);
  unsigned counted = 0;
  EXPECT_EQ(cudaMemcpy(&counted, counter, sizeof counted, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(counted, 64u);
  EXPECT_EQ(cudaLaunchHostFunc(nullptr, nullptr, &log), cudaErrorInvalidValue);
  EXPECT_EQ(cudaLaunchHostFunc(reinterpret_cast<cudaStream_t>(0x1234), host_function, &log),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(log.host_calls, 1);
  cudaFree(data);
}

TEST_F(StreamExtras, EventRecordWithFlags) {
  cudaEvent_t start = nullptr, end = nullptr;
  ASSERT_EQ(cudaEventCreate(&start), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&end), cudaSuccess);
  EXPECT_EQ(cudaEventRecordWithFlags(start, nullptr, cudaEventRecordDefault), cudaSuccess);
  float* data = nullptr;
  ASSERT_EQ(cudaMalloc(&data, 32 * sizeof(float)), cudaSuccess);
  Launch("scale", 1, 32)(data, 2.0f, 32);
  EXPECT_EQ(cudaEventRecordWithFlags(end, nullptr, cudaEventRecordExternal), cudaSuccess);
  float ms = -1;
  EXPECT_EQ(cudaEventElapsedTime(&ms, start, end), cudaSuccess);
  EXPECT_GT(ms, 0.0f);  // the launch advanced the simulated clock
  EXPECT_EQ(cudaEventRecordWithFlags(end, nullptr, 0x2), cudaErrorInvalidValue);
  EXPECT_EQ(cudaEventRecordWithFlags(end, reinterpret_cast<cudaStream_t>(0x1234), 0),
            cudaErrorInvalidResourceHandle);
  cudaFree(data);
  cudaEventDestroy(start);
  cudaEventDestroy(end);
}

}  // namespace
}  // namespace warpsim::runtime
