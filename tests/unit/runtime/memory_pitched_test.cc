// Pitched and 3D memory (cudaMallocPitch, cudaMalloc3D, cudaMemcpy2D/3D, cudaMemset2D/3D),
// peer copies and the stream-ordered allocator. Expected contents are computed from the copied
// regions independently of the runtime.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "memory_test_util.h"

namespace warpsim::runtime {
namespace {

class PitchedMemory : public ::testing::Test {
 protected:
  void SetUp() override {
    testing::add_one_handle();
    cudaGetLastError();
    ASSERT_EQ(cudaGetDeviceProperties(&prop_, 0), cudaSuccess);
  }
  cudaDeviceProp prop_{};
};

unsigned char* bytes(void* p) { return static_cast<unsigned char*>(p); }

TEST_F(PitchedMemory, MallocPitchPadsRowsToTheTextureAlignments) {
  void* p = nullptr;
  std::size_t pitch = 0;
  EXPECT_EQ(cudaMallocPitch(nullptr, &pitch, 100, 8), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocPitch(&p, nullptr, 100, 8), cudaErrorInvalidValue);
  ASSERT_EQ(cudaMallocPitch(&p, &pitch, 100, 8), cudaSuccess);
  EXPECT_GE(pitch, 100u);
  EXPECT_EQ(pitch % prop_.texturePitchAlignment, 0u);  // a valid pitch2D texture
  EXPECT_EQ(pitch % prop_.textureAlignment, 0u);       // every row a valid texture base
  EXPECT_LT(pitch - 100, std::max(prop_.textureAlignment, prop_.texturePitchAlignment));
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % prop_.textureAlignment, 0u);
  EXPECT_EQ(cudaMemset(p, 1, pitch * 8), cudaSuccess);  // all rows are allocated
  EXPECT_EQ(cudaMemset(p, 1, pitch * 8 + 1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(p), cudaSuccess);
  float* typed = nullptr;
  ASSERT_EQ(cudaMallocPitch(&typed, &pitch, 0, 8), cudaSuccess);  // nothing to allocate
  EXPECT_EQ(typed, nullptr);
}

TEST_F(PitchedMemory, Copy2DThroughPitchedRowsAndMemset2D) {
  constexpr std::size_t kWidth = 100;
  constexpr std::size_t kRows = 8;
  void* p = nullptr;
  std::size_t pitch = 0;
  ASSERT_EQ(cudaMallocPitch(&p, &pitch, kWidth, kRows), cudaSuccess);
  std::vector<unsigned char> host(kWidth * kRows);
  for (std::size_t i = 0; i < host.size(); ++i) host[i] = static_cast<unsigned char>(i * 7);
  ASSERT_EQ(cudaMemcpy2D(p, pitch, host.data(), kWidth, kWidth, kRows, cudaMemcpyHostToDevice),
            cudaSuccess);
  ASSERT_EQ(cudaMemset2D(bytes(p) + 2 * pitch + 10, pitch, 0xab, 20, 3), cudaSuccess);
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreate(&stream), cudaSuccess);
  std::vector<unsigned char> back(kWidth * kRows);
  ASSERT_EQ(cudaMemcpy2DAsync(back.data(), kWidth, p, pitch, kWidth, kRows, cudaMemcpyDeviceToHost,
                              stream),
            cudaSuccess);
  for (std::size_t row = 0; row < kRows; ++row) {
    for (std::size_t col = 0; col < kWidth; ++col) {
      const bool set = row >= 2 && row < 5 && col >= 10 && col < 30;
      ASSERT_EQ(back[row * kWidth + col], set ? 0xab : host[row * kWidth + col]) << row << col;
    }
  }
  EXPECT_EQ(cudaMemcpy2DAsync(back.data(), kWidth, p, pitch, kWidth, kRows, cudaMemcpyDeviceToHost,
                              reinterpret_cast<cudaStream_t>(5)),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(
      cudaMemcpy2D(p, pitch, host.data(), std::size_t{1} << 32, kWidth, 2, cudaMemcpyHostToDevice),
      cudaErrorInvalidPitchValue);  // beyond cudaDeviceProp::memPitch
  EXPECT_EQ(cudaMemset2D(p, 8, 0, 16, 2), cudaErrorInvalidValue);  // rows wider than the pitch
  EXPECT_EQ(cudaMemset2D(p, 8, 0, 16, 1), cudaSuccess);            // one row: pitch unused
  EXPECT_EQ(cudaMemset2D(p, pitch, 0, kWidth, kRows + 1), cudaErrorInvalidValue);  // past the end
  EXPECT_EQ(cudaMemset2DAsync(p, pitch, 0, kWidth, kRows, stream), cudaSuccess);
  EXPECT_EQ(cudaMemset2DAsync(p, pitch, 0, kWidth, kRows, reinterpret_cast<cudaStream_t>(5)),
            cudaErrorInvalidResourceHandle);
  cudaStreamDestroy(stream);
  cudaFree(p);
}

// The value the 3D tests store at (x, y, z) of a 10 x 4 x 3 block.
unsigned char pattern(std::size_t x, std::size_t y, std::size_t z) {
  return static_cast<unsigned char>(z * 40 + y * 10 + x);
}

TEST_F(PitchedMemory, Malloc3DMemset3DAndCopy3DWithOffsets) {
  const cudaExtent extent = make_cudaExtent(10, 4, 3);
  cudaPitchedPtr dev{};
  EXPECT_EQ(cudaMalloc3D(nullptr, extent), cudaErrorInvalidValue);
  ASSERT_EQ(cudaMalloc3D(&dev, extent), cudaSuccess);
  EXPECT_EQ(dev.xsize, 10u);
  EXPECT_EQ(dev.ysize, 4u);
  EXPECT_GE(dev.pitch, 10u);
  EXPECT_EQ(dev.pitch % prop_.texturePitchAlignment, 0u);
  ASSERT_EQ(cudaMemset3D(dev, 0, extent), cudaSuccess);
  unsigned char host[3][4][10];
  for (std::size_t z = 0; z < 3; ++z)
    for (std::size_t y = 0; y < 4; ++y)
      for (std::size_t x = 0; x < 10; ++x) host[z][y][x] = pattern(x, y, z);
  cudaMemcpy3DParms up{};
  up.srcPtr = make_cudaPitchedPtr(host, 10, 10, 4);
  up.dstPtr = dev;
  up.extent = extent;
  up.kind = cudaMemcpyHostToDevice;
  ASSERT_EQ(cudaMemcpy3D(&up), cudaSuccess);
  // 0xff over x 2..4, y 1..2, z 1..2: a pitched pointer to (2, 1, 1) with the block's pitches.
  cudaPitchedPtr corner = dev;
  corner.ptr = bytes(dev.ptr) + dev.pitch * dev.ysize + dev.pitch + 2;
  ASSERT_EQ(cudaMemset3D(corner, 0xff, make_cudaExtent(3, 2, 2)), cudaSuccess);

  unsigned char out[3][3][8] = {};
  cudaMemcpy3DParms down{};
  down.srcPtr = dev;
  down.srcPos = make_cudaPos(1, 1, 0);
  down.dstPtr = make_cudaPitchedPtr(out, 8, 8, 3);
  down.extent = make_cudaExtent(8, 3, 3);
  down.kind = cudaMemcpyDefault;
  ASSERT_EQ(cudaMemcpy3D(&down), cudaSuccess);
  for (std::size_t z = 0; z < 3; ++z) {
    for (std::size_t y = 0; y < 3; ++y) {
      for (std::size_t x = 0; x < 8; ++x) {
        const std::size_t sx = x + 1;
        const std::size_t sy = y + 1;
        const bool set = z >= 1 && sy >= 1 && sy <= 2 && sx >= 2 && sx <= 4;
        ASSERT_EQ(out[z][y][x], set ? 0xff : pattern(sx, sy, z)) << z << y << x;
      }
    }
  }

  // Device to device into slices 1 and 2 of a second block, on a stream.
  cudaPitchedPtr second{};
  ASSERT_EQ(cudaMalloc3D(&second, extent), cudaSuccess);
  cudaMemcpy3DParms across{};
  across.srcPtr = dev;
  across.dstPtr = second;
  across.dstPos = make_cudaPos(0, 0, 1);
  across.extent = make_cudaExtent(10, 4, 2);
  across.kind = cudaMemcpyDeviceToDevice;
  EXPECT_EQ(cudaMemcpy3DAsync(&across, reinterpret_cast<cudaStream_t>(5)),
            cudaErrorInvalidResourceHandle);
  ASSERT_EQ(cudaMemcpy3DAsync(&across, nullptr), cudaSuccess);
  unsigned char slice[4][10] = {};
  cudaMemcpy3DParms read{};
  read.srcPtr = second;
  read.srcPos = make_cudaPos(0, 0, 2);
  read.dstPtr = make_cudaPitchedPtr(slice, 10, 10, 4);
  read.extent = make_cudaExtent(10, 4, 1);
  read.kind = cudaMemcpyDeviceToHost;
  ASSERT_EQ(cudaMemcpy3D(&read), cudaSuccess);
  for (std::size_t y = 0; y < 4; ++y) {
    for (std::size_t x = 0; x < 10; ++x) {
      const bool set = y >= 1 && y <= 2 && x >= 2 && x <= 4;  // slice 1 of the first block
      ASSERT_EQ(slice[y][x], set ? 0xff : pattern(x, y, 1)) << y << x;
    }
  }
  EXPECT_EQ(cudaMemset3DAsync(dev, 0, extent, reinterpret_cast<cudaStream_t>(5)),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaMemset3D(dev, 0, make_cudaExtent(10, 4, 4)), cudaErrorInvalidValue);  // 4 slices
  EXPECT_EQ(cudaMemset3D(dev, 0, make_cudaExtent(10, 5, 2)), cudaErrorInvalidValue);  // > ysize
  cudaFree(dev.ptr);
  cudaFree(second.ptr);
}

TEST_F(PitchedMemory, Copy3DRejectsBadParameters) {
  cudaPitchedPtr dev{};
  ASSERT_EQ(cudaMalloc3D(&dev, make_cudaExtent(16, 2, 2)), cudaSuccess);
  unsigned char host[64] = {};
  cudaMemcpy3DParms p{};
  p.srcPtr = make_cudaPitchedPtr(host, 16, 16, 2);
  p.dstPtr = dev;
  p.extent = make_cudaExtent(16, 2, 2);
  p.kind = cudaMemcpyHostToDevice;
  EXPECT_EQ(cudaMemcpy3D(nullptr), cudaErrorInvalidValue);
  ASSERT_EQ(cudaMemcpy3D(&p), cudaSuccess);
  cudaMemcpy3DParms bad = p;
  bad.kind = static_cast<cudaMemcpyKind>(9);
  EXPECT_EQ(cudaMemcpy3D(&bad), cudaErrorInvalidMemcpyDirection);
  bad = p;
  bad.dstPtr.ptr = nullptr;  // no destination at all
  EXPECT_EQ(cudaMemcpy3D(&bad), cudaErrorInvalidValue);
  bad = p;
  bad.extent.depth = 3;  // more slices than the destination has
  EXPECT_EQ(cudaMemcpy3D(&bad), cudaErrorInvalidValue);
  bad = p;
  bad.srcPtr.ysize = 1;  // slices of one row cannot hold two
  EXPECT_EQ(cudaMemcpy3D(&bad), cudaErrorInvalidValue);
  bad = p;
  bad.dstPos = make_cudaPos(dev.pitch - 8, 0, 0);  // rows run past the pitch
  EXPECT_EQ(cudaMemcpy3D(&bad), cudaErrorInvalidValue);
  bad = p;
  bad.kind = cudaMemcpyDeviceToHost;  // the host array is not device memory
  EXPECT_EQ(cudaMemcpy3D(&bad), cudaErrorInvalidValue);
  cudaFree(dev.ptr);
}

TEST_F(PitchedMemory, Copy3DWithCudaArrays) {
  const cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t array = nullptr;
  ASSERT_EQ(cudaMallocArray(&array, &desc, 8, 4), cudaSuccess);
  const std::vector<float> zeros(8 * 4, 0.0f);
  ASSERT_EQ(cudaMemcpy2DToArray(array, 0, 0, zeros.data(), 32, 32, 4, cudaMemcpyHostToDevice),
            cudaSuccess);
  const float block[2][3] = {{1.5f, 2.5f, 3.5f}, {-1.0f, -2.0f, -3.0f}};
  cudaMemcpy3DParms up{};
  up.srcPtr = make_cudaPitchedPtr(const_cast<float(*)[3]>(block), 12, 3, 2);
  up.dstArray = array;
  up.dstPos = make_cudaPos(2, 1, 0);     // elements
  up.extent = make_cudaExtent(3, 2, 1);  // elements of the array
  up.kind = cudaMemcpyHostToHost;        // CUDA corrects it: an array is device memory
  ASSERT_EQ(cudaMemcpy3D(&up), cudaSuccess);
  float back[4][8] = {};
  ASSERT_EQ(cudaMemcpy2DFromArray(back, 32, array, 0, 0, 32, 4, cudaMemcpyDeviceToHost),
            cudaSuccess);
  for (int y = 0; y < 4; ++y) {
    for (int x = 0; x < 8; ++x) {
      const bool inside = y >= 1 && y <= 2 && x >= 2 && x <= 4;
      EXPECT_EQ(back[y][x], inside ? block[y - 1][x - 2] : 0.0f) << y << x;
    }
  }
  // Array to linear device memory, and array to array.
  void* linear = nullptr;
  std::size_t pitch = 0;
  ASSERT_EQ(cudaMallocPitch(&linear, &pitch, 3 * sizeof(float), 2), cudaSuccess);
  cudaMemcpy3DParms out{};
  out.srcArray = array;
  out.srcPos = make_cudaPos(2, 1, 0);
  out.dstPtr = make_cudaPitchedPtr(linear, pitch, 3 * sizeof(float), 2);
  out.extent = make_cudaExtent(3, 2, 1);
  out.kind = cudaMemcpyDefault;
  ASSERT_EQ(cudaMemcpy3D(&out), cudaSuccess);
  float got[2][3] = {};
  ASSERT_EQ(cudaMemcpy2D(got, 12, linear, pitch, 12, 2, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(std::memcmp(got, block, sizeof block), 0);
  cudaArray_t copy = nullptr;
  ASSERT_EQ(cudaMallocArray(&copy, &desc, 8, 4), cudaSuccess);
  cudaMemcpy3DParms both{};
  both.srcArray = array;
  both.dstArray = copy;
  both.extent = make_cudaExtent(8, 4, 1);
  both.kind = cudaMemcpyDeviceToDevice;
  ASSERT_EQ(cudaMemcpy3D(&both), cudaSuccess);
  float twice[4][8] = {};
  ASSERT_EQ(cudaMemcpy2DFromArray(twice, 32, copy, 0, 0, 32, 4, cudaMemcpyDeviceToHost),
            cudaSuccess);
  EXPECT_EQ(std::memcmp(twice, back, sizeof back), 0);

  const cudaChannelFormatDesc wide = cudaCreateChannelDesc<float2>();
  cudaArray_t other = nullptr;
  ASSERT_EQ(cudaMallocArray(&other, &wide, 8, 4), cudaSuccess);
  cudaMemcpy3DParms bad = both;
  bad.dstArray = other;  // elements of another size
  EXPECT_EQ(cudaMemcpy3D(&bad), cudaErrorInvalidValue);
  bad = up;
  bad.extent.depth = 2;  // these arrays have one slice
  EXPECT_EQ(cudaMemcpy3D(&bad), cudaErrorInvalidValue);
  bad = up;
  bad.dstPos = make_cudaPos(6, 0, 0);  // 6 + 3 elements > 8
  EXPECT_EQ(cudaMemcpy3D(&bad), cudaErrorInvalidValue);
  bad = up;
  bad.dstPtr = make_cudaPitchedPtr(linear, pitch, 12, 2);  // an array and a pointer
  EXPECT_EQ(cudaMemcpy3D(&bad), cudaErrorInvalidValue);
  cudaFreeArray(array);
  cudaFreeArray(copy);
  cudaFreeArray(other);
  cudaFree(linear);
}

TEST_F(PitchedMemory, PeerCopiesAndStreamOrderedAllocation) {
  int* a = nullptr;
  int* b = nullptr;
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreate(&stream), cudaSuccess);
  EXPECT_EQ(cudaMallocAsync(&a, 16, reinterpret_cast<cudaStream_t>(5)),
            cudaErrorInvalidResourceHandle);
  ASSERT_EQ(cudaMallocAsync(&a, 16, stream), cudaSuccess);  // C++ overload
  ASSERT_EQ(cudaMallocAsync(reinterpret_cast<void**>(&b), 16, nullptr), cudaSuccess);
  const int values[4] = {4, 3, 2, 1};
  ASSERT_EQ(cudaMemcpy(a, values, sizeof values, cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpyPeer(b, 0, a, 0, sizeof values), cudaSuccess);
  EXPECT_EQ(cudaMemcpyPeer(b, 1, a, 0, sizeof values), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaMemcpyPeerAsync(b, 0, a, -1, sizeof values, stream), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaMemcpyPeer(b, 0, values, 0, sizeof values), cudaErrorInvalidValue);  // host src
  int back[4] = {};
  ASSERT_EQ(cudaMemcpy(back, b, sizeof back, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(std::memcmp(back, values, sizeof values), 0);
  ASSERT_EQ(cudaMemcpyPeerAsync(a + 1, 0, b, 0, 2 * sizeof(int), stream), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(back, a, sizeof back, cudaMemcpyDeviceToHost), cudaSuccess);
  const int want[4] = {4, 4, 3, 1};
  EXPECT_EQ(std::memcmp(back, want, sizeof want), 0);
  void* none = reinterpret_cast<void*>(1);
  EXPECT_EQ(cudaMallocAsync(&none, 0, stream), cudaSuccess);
  EXPECT_EQ(none, nullptr);
  EXPECT_EQ(cudaFreeAsync(a, reinterpret_cast<cudaStream_t>(5)), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaFreeAsync(a, stream), cudaSuccess);
  EXPECT_EQ(cudaFreeAsync(a, stream), cudaErrorInvalidValue);  // twice
  EXPECT_EQ(cudaFree(b), cudaSuccess);  // either free releases either allocation
  cudaStreamDestroy(stream);
}

}  // namespace
}  // namespace warpsim::runtime
