// CUDA array allocation: the shapes cudaMalloc3DArray's extent rules describe, the flags, the
// queries (cudaGetChannelDesc, cudaArrayGetInfo), and what a texture of each shape sees.

#include <gtest/gtest.h>

#include "runtime_test_util.h"

namespace warpsim::runtime {
namespace {

class ArrayAlloc : public ::testing::Test {
 protected:
  void SetUp() override {
    testing::use_test_module();
    cudaGetLastError();
  }
  // The executor's view of an array through a texture object.
  static func::TextureResource texture_view(cudaArray_t array) {
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = array;
    const cudaTextureDesc td = {};
    cudaTextureObject_t tex = 0;
    EXPECT_EQ(cudaCreateTextureObject(&tex, &rd, &td, nullptr), cudaSuccess);
    Runtime& rt = Runtime::instance();
    std::lock_guard<std::recursive_mutex> lock(rt.mutex());
    func::TextureResource res = rt.device().textures().find(tex)->resource;
    cudaDestroyTextureObject(tex);
    return res;
  }
};

struct Expected {
  cudaExtent extent;
  unsigned flags;
  std::uint64_t width, height, depth;
  std::uint8_t dims;
};

TEST_F(ArrayAlloc, ShapesFollowTheExtentRules) {
  const cudaChannelFormatDesc desc = cudaCreateChannelDesc<float2>();
  const Expected cases[] = {
      {{40, 0, 0}, 0, 40, 1, 1, 1},                                               // 1D
      {{40, 12, 0}, 0, 40, 12, 1, 2},                                             // 2D
      {{40, 12, 5}, cudaArraySurfaceLoadStore, 40, 12, 5, 3},                     // 3D
      {{40, 0, 7}, cudaArrayLayered, 40, 1, 7, 1},                                // 1D layered
      {{40, 12, 3}, cudaArrayLayered | cudaArraySurfaceLoadStore, 40, 12, 3, 2},  // 2D layered
      {{40, 12, 0}, cudaArrayTextureGather, 40, 12, 1, 2},                        // gather: 2D only
  };
  for (const Expected& c : cases) {
    SCOPED_TRACE(::testing::Message() << c.extent.width << "x" << c.extent.height << "x"
                                      << c.extent.depth << " flags " << c.flags);
    cudaArray_t array = nullptr;
    ASSERT_EQ(cudaMalloc3DArray(&array, &desc, c.extent, c.flags), cudaSuccess);
    cudaChannelFormatDesc got_desc = {};
    cudaExtent got_extent = {9, 9, 9};
    unsigned got_flags = 99;
    ASSERT_EQ(cudaArrayGetInfo(&got_desc, &got_extent, &got_flags, array), cudaSuccess);
    EXPECT_EQ(got_extent.width, c.extent.width);
    EXPECT_EQ(got_extent.height, c.extent.height);  // 0 for the dimensions it does not have
    EXPECT_EQ(got_extent.depth, c.extent.depth);
    EXPECT_EQ(got_flags, c.flags);
    EXPECT_EQ(got_desc.x, 32);
    EXPECT_EQ(got_desc.y, 32);
    EXPECT_EQ(got_desc.z, 0);
    EXPECT_EQ(got_desc.f, cudaChannelFormatKindFloat);
    const func::TextureResource res = texture_view(array);
    EXPECT_EQ(res.width, c.width);
    EXPECT_EQ(res.height, c.height);
    EXPECT_EQ(res.depth, c.depth);
    EXPECT_EQ(res.dims, c.dims);
    EXPECT_EQ(res.pitch, c.width * 8);  // no row padding
    EXPECT_EQ(cudaFreeArray(array), cudaSuccess);
  }
}

TEST_F(ArrayAlloc, InvalidRequestsAreErrors) {
  const cudaChannelFormatDesc desc = cudaCreateChannelDesc<int>();
  cudaArray_t array = nullptr;
  EXPECT_EQ(cudaMalloc3DArray(&array, &desc, make_cudaExtent(0, 4, 4)), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMalloc3DArray(&array, &desc, make_cudaExtent(4, 0, 4)),
            cudaErrorInvalidValue);  // depth without height needs cudaArrayLayered
  EXPECT_EQ(cudaMalloc3DArray(&array, &desc, make_cudaExtent(4, 4, 0), cudaArrayLayered),
            cudaErrorInvalidValue);  // layered without layers
  EXPECT_EQ(cudaMalloc3DArray(&array, &desc, make_cudaExtent(4, 4, 4), cudaArrayTextureGather),
            cudaErrorInvalidValue);  // gather is for 2D arrays
  EXPECT_EQ(cudaMalloc3DArray(&array, &desc, make_cudaExtent(4, 4, 4), 0x100),
            cudaErrorInvalidValue);  // an unknown flag
  EXPECT_EQ(cudaMalloc3DArray(&array, &desc, make_cudaExtent(8, 4, 6), cudaArrayCubemap),
            cudaErrorInvalidValue);  // cubemap faces must be square
  EXPECT_EQ(cudaMalloc3DArray(nullptr, &desc, make_cudaExtent(4, 4, 4)), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocArray(&array, &desc, 4, 4, cudaArrayLayered),
            cudaErrorInvalidValue);  // not a cudaMallocArray flag
  EXPECT_EQ(cudaMallocArray(&array, &desc, 0, 4), cudaErrorInvalidValue);
  // The default device's limits: maxTexture1D is 131072 texels, maxTexture3D 16384 per side.
  const int max_1d = [] {
    cudaDeviceProp p = {};
    cudaGetDeviceProperties(&p, 0);
    return p.maxTexture1D;
  }();
  EXPECT_EQ(cudaMallocArray(&array, &desc, static_cast<size_t>(max_1d) + 1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMalloc3DArray(&array, &desc, make_cudaExtent(16385, 1, 1)), cudaErrorInvalidValue);
  const cudaChannelFormatDesc bad = cudaCreateChannelDesc(32, 0, 32, 0, cudaChannelFormatKindFloat);
  EXPECT_EQ(cudaMalloc3DArray(&array, &bad, make_cudaExtent(4, 4, 4)),
            cudaErrorInvalidChannelDescriptor);
  cudaChannelFormatDesc out = {};
  EXPECT_EQ(cudaGetChannelDesc(&out, reinterpret_cast<cudaArray_const_t>(&out)),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaArrayGetInfo(nullptr, nullptr, nullptr, reinterpret_cast<cudaArray_t>(&out)),
            cudaErrorInvalidValue);
}

TEST_F(ArrayAlloc, ChannelDescIsTheOneGiven) {
  const cudaChannelFormatDesc desc =
      cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindUnsigned);
  cudaArray_t array = nullptr;
  ASSERT_EQ(cudaMallocArray(&array, &desc, 3, 2), cudaSuccess);
  cudaChannelFormatDesc out = {};
  ASSERT_EQ(cudaGetChannelDesc(&out, array), cudaSuccess);
  EXPECT_EQ(out.x, 16);
  EXPECT_EQ(out.y, 16);
  EXPECT_EQ(out.z, 16);
  EXPECT_EQ(out.w, 16);
  EXPECT_EQ(out.f, cudaChannelFormatKindUnsigned);
  EXPECT_EQ(cudaGetChannelDesc(nullptr, array), cudaErrorInvalidValue);
  unsigned flags = 7;
  EXPECT_EQ(cudaArrayGetInfo(nullptr, nullptr, &flags, array), cudaSuccess);
  EXPECT_EQ(flags, 0u);
  cudaFreeArray(array);
}

TEST_F(ArrayAlloc, UnmodeledArraysStopTheProgram) {
  const cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t array = nullptr;
  EXPECT_EXIT(cudaMalloc3DArray(&array, &desc, make_cudaExtent(8, 8, 6), cudaArrayCubemap),
              ::testing::ExitedWithCode(2), "cudaMalloc3DArray: cubemap arrays");
  EXPECT_EXIT(cudaMallocArray(&array, &desc, 64, 64, cudaArraySparse), ::testing::ExitedWithCode(2),
              "cudaMallocArray: sparse arrays");
}

}  // namespace
}  // namespace warpsim::runtime
