// Surface objects driven by hand-written PTX kernels (sust, suld), and the description queries
// of texture and surface objects.

#include <gtest/gtest.h>

#include <vector>

#include "runtime/include/warpsim_functional.h"
#include "runtime_test_util.h"

namespace warpsim::runtime {
namespace {

// surf_fill(cudaSurfaceObject_t s, int base): texel (x = tid.x, y = ctaid.x) = base + 1000x + y.
// surf_read(cudaSurfaceObject_t s, int* out): out[y * ntid.x + x] = texel (x, y).
const char* const kSurfacePtx = R"(
.version 8.0
.target sm_90
.address_size 64

.visible .entry _Z9surf_fillyi(.param .u64 surf, .param .u32 base)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [surf];
  ld.param.u32 %r1, [base];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, %ctaid.x;
  mad.lo.s32 %r4, %r2, 1000, %r1;
  add.s32 %r4, %r4, %r3;
  shl.b32 %r5, %r2, 2;
  sust.b.2d.b32.trap [%rd1, {%r5, %r3}], %r4;
  ret;
}

.visible .entry _Z9surf_readyPi(.param .u64 surf, .param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<5>;
  ld.param.u64 %rd1, [surf];
  ld.param.u64 %rd2, [out];
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, %ctaid.x;
  mov.u32 %r6, %ntid.x;
  shl.b32 %r5, %r2, 2;
  suld.b.2d.b32.trap %r4, [%rd1, {%r5, %r3}];
  mad.lo.s32 %r7, %r3, %r6, %r2;
  mul.wide.s32 %rd3, %r7, 4;
  add.s64 %rd4, %rd2, %rd3;
  st.global.u32 [%rd4], %r4;
  ret;
}
)";

class SurfaceObjects : public ::testing::Test {
 protected:
  void SetUp() override {
    testing::use_test_module();
    static const bool loaded = [] {
      Runtime& rt = Runtime::instance();
      std::lock_guard<std::recursive_mutex> lock(rt.mutex());
      rt.code().add_ptx_text(kSurfacePtx, "surface_test.ptx");
      return true;
    }();
    (void)loaded;
    cudaGetLastError();
  }
  static cudaResourceDesc array_desc(cudaArray_t array) {
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = array;
    return rd;
  }
};

constexpr int kWidth = 8;
constexpr int kHeight = 4;

TEST_F(SurfaceObjects, KernelWritesWithSustAndReadsWithSuld) {
  const cudaChannelFormatDesc desc = cudaCreateChannelDesc<int>();
  cudaArray_t array = nullptr;
  ASSERT_EQ(cudaMallocArray(&array, &desc, kWidth, kHeight, cudaArraySurfaceLoadStore),
            cudaSuccess);
  const cudaResourceDesc rd = array_desc(array);
  cudaSurfaceObject_t surf = 0;
  ASSERT_EQ(cudaCreateSurfaceObject(&surf, &rd), cudaSuccess);
  Launch("surf_fill", kHeight, kWidth)(surf, 7);
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  std::vector<int> host(kWidth * kHeight, -1);
  ASSERT_EQ(cudaMemcpy2DFromArray(host.data(), kWidth * sizeof(int), array, 0, 0,
                                  kWidth * sizeof(int), kHeight, cudaMemcpyDeviceToHost),
            cudaSuccess);
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) EXPECT_EQ(host[y * kWidth + x], 7 + 1000 * x + y);
  }
  // Texels written from the host come back through suld.
  std::vector<int> image(kWidth * kHeight);
  for (int i = 0; i < kWidth * kHeight; ++i) image[i] = i * i - 5;
  ASSERT_EQ(cudaMemcpyToArray(array, 0, 0, image.data(), image.size() * sizeof(int),
                              cudaMemcpyHostToDevice),
            cudaSuccess);
  int* out = nullptr;
  ASSERT_EQ(cudaMalloc(&out, image.size() * sizeof(int)), cudaSuccess);
  Launch("surf_read", kHeight, kWidth)(surf, out);
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(host.data(), out, image.size() * sizeof(int), cudaMemcpyDeviceToHost),
            cudaSuccess);
  EXPECT_EQ(host, image);
  EXPECT_EQ(cudaDestroySurfaceObject(surf), cudaSuccess);
  EXPECT_EQ(cudaDestroySurfaceObject(surf), cudaErrorInvalidValue);
  cudaFree(out);
  cudaFreeArray(array);
}

TEST_F(SurfaceObjects, CreationFollowsCudaRules) {
  const cudaChannelFormatDesc desc = cudaCreateChannelDesc<float2>();
  cudaArray_t plain = nullptr;
  cudaArray_t bindable = nullptr;
  ASSERT_EQ(cudaMallocArray(&plain, &desc, 16, 16), cudaSuccess);
  ASSERT_EQ(cudaMallocArray(&bindable, &desc, 16, 16, cudaArraySurfaceLoadStore), cudaSuccess);
  cudaSurfaceObject_t surf = 0;
  cudaResourceDesc rd = array_desc(plain);  // not allocated with cudaArraySurfaceLoadStore
  EXPECT_EQ(cudaCreateSurfaceObject(&surf, &rd), cudaErrorInvalidValue);
  rd = array_desc(reinterpret_cast<cudaArray_t>(&rd));
  EXPECT_EQ(cudaCreateSurfaceObject(&surf, &rd), cudaErrorInvalidResourceHandle);
  rd = array_desc(bindable);
  rd.flags = 1;
  EXPECT_EQ(cudaCreateSurfaceObject(&surf, &rd), cudaErrorInvalidValue);
  rd.flags = 0;
  EXPECT_EQ(cudaCreateSurfaceObject(nullptr, &rd), cudaErrorInvalidValue);
  cudaResourceDesc linear = {};
  linear.resType = cudaResourceTypeLinear;  // surfaces bind only to arrays
  EXPECT_EQ(cudaCreateSurfaceObject(&surf, &linear), cudaErrorInvalidValue);
  ASSERT_EQ(cudaCreateSurfaceObject(&surf, &rd), cudaSuccess);
  cudaResourceDesc back = {};
  ASSERT_EQ(cudaGetSurfaceObjectResourceDesc(&back, surf), cudaSuccess);
  EXPECT_EQ(back.resType, cudaResourceTypeArray);
  EXPECT_EQ(back.res.array.array, bindable);
  // A surface is not a texture, and the reverse.
  EXPECT_EQ(cudaDestroyTextureObject(surf), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetTextureObjectResourceDesc(&back, surf), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetSurfaceObjectResourceDesc(nullptr, surf), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDestroySurfaceObject(surf), cudaSuccess);
  EXPECT_EQ(cudaGetSurfaceObjectResourceDesc(&back, surf), cudaErrorInvalidValue);
  cudaFreeArray(plain);
  cudaFreeArray(bindable);
}

TEST_F(SurfaceObjects, TextureObjectsReturnTheirDescriptions) {
  const cudaChannelFormatDesc desc = cudaCreateChannelDesc<ushort4>();
  cudaArray_t array = nullptr;
  ASSERT_EQ(cudaMallocArray(&array, &desc, 32, 8), cudaSuccess);
  const cudaResourceDesc rd = array_desc(array);
  cudaTextureDesc td = {};
  td.addressMode[0] = cudaAddressModeWrap;  // kept as given, though it clamps unnormalized
  td.addressMode[1] = cudaAddressModeMirror;
  td.addressMode[2] = cudaAddressModeBorder;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeNormalizedFloat;
  td.borderColor[3] = 0.25f;
  td.maxAnisotropy = 4;
  cudaTextureObject_t tex = 0;
  ASSERT_EQ(cudaCreateTextureObject(&tex, &rd, &td, nullptr), cudaSuccess);
  cudaResourceDesc rd_back = {};
  cudaTextureDesc td_back = {};
  ASSERT_EQ(cudaGetTextureObjectResourceDesc(&rd_back, tex), cudaSuccess);
  ASSERT_EQ(cudaGetTextureObjectTextureDesc(&td_back, tex), cudaSuccess);
  EXPECT_EQ(rd_back.resType, cudaResourceTypeArray);
  EXPECT_EQ(rd_back.res.array.array, array);
  EXPECT_EQ(td_back.addressMode[0], cudaAddressModeWrap);
  EXPECT_EQ(td_back.addressMode[1], cudaAddressModeMirror);
  EXPECT_EQ(td_back.addressMode[2], cudaAddressModeBorder);
  EXPECT_EQ(td_back.filterMode, cudaFilterModeLinear);
  EXPECT_EQ(td_back.readMode, cudaReadModeNormalizedFloat);
  EXPECT_EQ(td_back.borderColor[3], 0.25f);
  EXPECT_EQ(td_back.maxAnisotropy, 4u);
  // The object was created without a resource view.
  cudaResourceViewDesc view = {};
  EXPECT_EQ(cudaGetTextureObjectResourceViewDesc(&view, tex), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetTextureObjectTextureDesc(nullptr, tex), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDestroySurfaceObject(tex), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDestroyTextureObject(tex), cudaSuccess);
  EXPECT_EQ(cudaGetTextureObjectResourceDesc(&rd_back, tex), cudaErrorInvalidValue);
  cudaFreeArray(array);
}

TEST_F(SurfaceObjects, ResourceViewsStopTheProgram) {
  const cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t array = nullptr;
  ASSERT_EQ(cudaMallocArray(&array, &desc, 4, 4), cudaSuccess);
  const cudaResourceDesc rd = array_desc(array);
  const cudaTextureDesc td = {};
  cudaResourceViewDesc view = {};
  view.format = cudaResViewFormatFloat1;
  view.width = 4;
  view.height = 4;
  cudaTextureObject_t tex = 0;
  EXPECT_EXIT(cudaCreateTextureObject(&tex, &rd, &td, &view), ::testing::ExitedWithCode(2),
              "cudaCreateTextureObject: resource views");
  cudaFreeArray(array);
}

}  // namespace
}  // namespace warpsim::runtime
