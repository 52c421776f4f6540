// CUDA arrays, texture objects (what the executor is handed), streams and events.

#include <gtest/gtest.h>

#include <vector>

#include "runtime/include/warpsim_functional.h"
#include "runtime_test_util.h"

namespace warpsim::runtime {
namespace {

using testing::use_test_module;

class RuntimeObjects : public ::testing::Test {
 protected:
  void SetUp() override {
    use_test_module();
    cudaGetLastError();
  }
  static const func::TextureObject* texture(cudaTextureObject_t handle) {
    Runtime& rt = Runtime::instance();
    std::lock_guard<std::recursive_mutex> lock(rt.mutex());
    return rt.device().textures().find(handle);
  }
};

TEST_F(RuntimeObjects, ArrayRoundTripAndBounds) {
  const cudaChannelFormatDesc desc = cudaCreateChannelDesc<short2>();
  EXPECT_EQ(desc.x, 16);
  EXPECT_EQ(desc.y, 16);
  EXPECT_EQ(desc.z, 0);
  EXPECT_EQ(desc.f, cudaChannelFormatKindSigned);
  cudaArray_t array = nullptr;
  ASSERT_EQ(cudaMallocArray(&array, &desc, 5, 3), cudaSuccess);  // rows of 20 bytes
  std::vector<short> image(5 * 2 * 3);
  for (std::size_t i = 0; i < image.size(); ++i) image[i] = static_cast<short>(i * 7 - 40);
  ASSERT_EQ(cudaMemcpy2DToArray(array, 0, 0, image.data(), 20, 20, 3, cudaMemcpyHostToDevice),
            cudaSuccess);
  // The middle 3 texels (12 bytes) of rows 1 and 2, into a host pitch of 16 bytes.
  std::vector<short> window(2 * 8, 0);
  ASSERT_EQ(cudaMemcpy2DFromArray(window.data(), 16, array, 4, 1, 12, 2, cudaMemcpyDeviceToHost),
            cudaSuccess);
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 6; ++c) EXPECT_EQ(window[r * 8 + c], image[(r + 1) * 10 + 2 + c]);
  EXPECT_EQ(cudaMemcpy2DToArray(array, 4, 0, image.data(), 20, 20, 1, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);  // runs past the row
  EXPECT_EQ(cudaMemcpy2DToArray(array, 0, 2, image.data(), 20, 20, 2, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);  // runs past the last row
  EXPECT_EQ(cudaMemcpy2DToArray(array, 0, 0, image.data(), 20, 20, 1, cudaMemcpyDeviceToHost),
            cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaMemcpyToArray(array, 20, 1, image.data(), 40, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);  // starts at the end of row 1: only row 2's 20 bytes follow
  EXPECT_EQ(cudaMemcpyToArray(array, 0, 2, image.data(), 20, cudaMemcpyHostToDevice), cudaSuccess);
  const cudaChannelFormatDesc three =
      cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindUnsigned);
  cudaArray_t bad = nullptr;
  EXPECT_EQ(cudaMallocArray(&bad, &three, 4), cudaErrorInvalidChannelDescriptor);
  EXPECT_EQ(cudaFreeArray(array), cudaSuccess);
  EXPECT_EQ(cudaFreeArray(array), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFreeArray(nullptr), cudaSuccess);
}

TEST_F(RuntimeObjects, TextureObjectsDescribeTheirMemory) {
  float* linear = nullptr;
  ASSERT_EQ(cudaMalloc(&linear, 1024), cudaSuccess);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = linear;
  rd.res.linear.desc = cudaCreateChannelDesc<float4>();
  rd.res.linear.sizeInBytes = 1024;
  cudaTextureDesc td = {};
  td.addressMode[0] = cudaAddressModeWrap;  // needs normalized coordinates: becomes clamp
  td.addressMode[1] = cudaAddressModeBorder;
  td.filterMode = cudaFilterModeLinear;
  td.borderColor[2] = 0.5f;
  cudaTextureObject_t tex = 0;
  ASSERT_EQ(cudaCreateTextureObject(&tex, &rd, &td, nullptr), cudaSuccess);
  const func::TextureObject* obj = texture(tex);
  ASSERT_NE(obj, nullptr);
  EXPECT_EQ(obj->resource.kind, func::TextureResource::Kind::kLinear);
  EXPECT_EQ(obj->resource.base, device_address(linear));
  EXPECT_EQ(obj->resource.width, 64u);  // 1024 bytes of 16-byte texels
  EXPECT_EQ(obj->resource.format.channels, 4);
  EXPECT_EQ(obj->resource.format.bits, 32);
  EXPECT_EQ(obj->resource.format.kind, func::ChannelKind::kFloat);
  EXPECT_EQ(obj->sampling.address[0], func::AddressMode::kClamp);
  EXPECT_EQ(obj->sampling.address[1], func::AddressMode::kBorder);
  EXPECT_EQ(obj->sampling.filter, func::FilterMode::kLinear);
  EXPECT_EQ(obj->sampling.border[2], 0.5f);
  td.normalizedCoords = 1;
  cudaTextureObject_t wrapped = 0;
  ASSERT_EQ(cudaCreateTextureObject(&wrapped, &rd, &td, nullptr), cudaSuccess);
  EXPECT_EQ(texture(wrapped)->sampling.address[0], func::AddressMode::kWrap);
  EXPECT_NE(wrapped, tex);
  EXPECT_EQ(cudaDestroyTextureObject(tex), cudaSuccess);
  EXPECT_EQ(cudaDestroyTextureObject(tex), cudaErrorInvalidValue);
  EXPECT_EQ(texture(tex), nullptr);
  cudaDestroyTextureObject(wrapped);
  cudaFree(linear);
}

TEST_F(RuntimeObjects, TextureRulesOfCuda) {
  int* linear = nullptr;
  ASSERT_EQ(cudaMalloc(&linear, 1024), cudaSuccess);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = linear;
  rd.res.linear.desc = cudaCreateChannelDesc<int>();
  rd.res.linear.sizeInBytes = 1024;
  cudaTextureDesc td = {};
  cudaTextureObject_t tex = 0;
  td.filterMode = cudaFilterModeLinear;  // integers read as integers cannot be filtered
  EXPECT_EQ(cudaCreateTextureObject(&tex, &rd, &td, nullptr), cudaErrorInvalidFilterSetting);
  td.filterMode = cudaFilterModePoint;
  td.readMode = cudaReadModeNormalizedFloat;  // only 8- and 16-bit integers normalize
  EXPECT_EQ(cudaCreateTextureObject(&tex, &rd, &td, nullptr), cudaErrorInvalidNormSetting);
  td.readMode = cudaReadModeElementType;
  rd.res.linear.devPtr = linear + 1;  // not texture-aligned
  EXPECT_EQ(cudaCreateTextureObject(&tex, &rd, &td, nullptr), cudaErrorInvalidValue);
  rd.res.linear.devPtr = linear;
  rd.res.linear.sizeInBytes = 2048;  // past the allocation
  EXPECT_EQ(cudaCreateTextureObject(&tex, &rd, &td, nullptr), cudaErrorInvalidValue);
  rd.resType = cudaResourceTypePitch2D;
  rd.res.pitch2D.devPtr = linear;
  rd.res.pitch2D.desc = cudaCreateChannelDesc<int>();
  rd.res.pitch2D.width = 10;
  rd.res.pitch2D.height = 4;
  rd.res.pitch2D.pitchInBytes = 48;  // not a multiple of 32
  EXPECT_EQ(cudaCreateTextureObject(&tex, &rd, &td, nullptr), cudaErrorInvalidPitchValue);
  rd.res.pitch2D.pitchInBytes = 64;
  ASSERT_EQ(cudaCreateTextureObject(&tex, &rd, &td, nullptr), cudaSuccess);
  EXPECT_EQ(texture(tex)->resource.kind, func::TextureResource::Kind::kPitch2D);
  EXPECT_EQ(texture(tex)->resource.pitch, 64u);
  EXPECT_EQ(texture(tex)->resource.dims, 2);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = reinterpret_cast<cudaArray_t>(linear);  // not an array handle
  EXPECT_EQ(cudaCreateTextureObject(&tex, &rd, &td, nullptr), cudaErrorInvalidResourceHandle);
  cudaFree(linear);
}

TEST_F(RuntimeObjects, StreamsAreCheckedHandles) {
  cudaStream_t s = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
  EXPECT_EQ(cudaStreamQuery(s), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(nullptr), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(cudaStreamPerThread), cudaSuccess);
  EXPECT_EQ(cudaStreamCreateWithFlags(&s, 0x80), cudaErrorInvalidValue);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(s), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaMemsetAsync(nullptr, 0, 0, s), cudaErrorInvalidResourceHandle);
}

TEST_F(RuntimeObjects, EventTimesAreSimulatedAndRepeatable) {
  cudaEvent_t e[4];
  for (auto& event : e) ASSERT_EQ(cudaEventCreate(&event), cudaSuccess);
  int* out = nullptr;
  ASSERT_EQ(cudaMalloc(&out, sizeof(int)), cudaSuccess);
  // The same work twice gives the same time, and more work a longer one.
  for (int round = 0; round < 2; ++round) {
    ASSERT_EQ(cudaEventRecord(e[2 * round]), cudaSuccess);
    Launch("tmpl<int, 4>", 4, 256)(out);
    ASSERT_EQ(cudaEventRecord(e[2 * round + 1]), cudaSuccess);
  }
  float first = 0, second = 0, both = 0, backwards = 0;
  ASSERT_EQ(cudaEventElapsedTime(&first, e[0], e[1]), cudaSuccess);
  ASSERT_EQ(cudaEventElapsedTime(&second, e[2], e[3]), cudaSuccess);
  ASSERT_EQ(cudaEventElapsedTime(&both, e[0], e[3]), cudaSuccess);
  ASSERT_EQ(cudaEventElapsedTime(&backwards, e[1], e[0]), cudaSuccess);
  EXPECT_GT(first, 0.0f);
  EXPECT_EQ(first, second);
  EXPECT_FLOAT_EQ(both, first + second);  // nothing ran between the rounds
  EXPECT_EQ(backwards, -first);
  EXPECT_EQ(cudaEventQuery(e[3]), cudaSuccess);
  EXPECT_EQ(cudaEventSynchronize(e[3]), cudaSuccess);
  cudaEvent_t untimed = nullptr;
  cudaEvent_t fresh = nullptr;
  ASSERT_EQ(cudaEventCreate(&untimed, cudaEventDisableTiming), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&fresh), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(untimed), cudaSuccess);
  EXPECT_EQ(cudaEventElapsedTime(&first, e[0], untimed), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaEventElapsedTime(&first, e[0], fresh), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaEventElapsedTime(nullptr, e[0], e[1]), cudaErrorInvalidValue);
  EXPECT_EQ(cudaEventQuery(fresh), cudaSuccess);  // never recorded: nothing to wait for
  EXPECT_EQ(cudaStreamWaitEvent(nullptr, fresh, 0), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(fresh), cudaSuccess);
  EXPECT_EQ(cudaEventRecord(fresh), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaStreamWaitEvent(nullptr, fresh, 0), cudaErrorInvalidResourceHandle);
  for (auto& event : e) cudaEventDestroy(event);
  cudaEventDestroy(untimed);
  cudaFree(out);
}

}  // namespace
}  // namespace warpsim::runtime
