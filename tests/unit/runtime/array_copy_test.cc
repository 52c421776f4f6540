// Copies to, from and between CUDA arrays, synchronous and stream-ordered, and cudaMemcpy3D
// with arrays.

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "runtime_test_util.h"

namespace warpsim::runtime {
namespace {

class ArrayCopy : public ::testing::Test {
 protected:
  void SetUp() override {
    testing::use_test_module();
    cudaGetLastError();
    desc_ = cudaCreateChannelDesc<int>();
    ASSERT_EQ(cudaMallocArray(&a_, &desc_, kWidth, kHeight), cudaSuccess);
    ASSERT_EQ(cudaMallocArray(&b_, &desc_, kWidth, kHeight), cudaSuccess);
    image_.resize(kWidth * kHeight);
    std::iota(image_.begin(), image_.end(), 100);  // texel (x, y) = 100 + 6y + x
    ASSERT_EQ(
        cudaMemcpy2DToArray(a_, 0, 0, image_.data(), kRow, kRow, kHeight, cudaMemcpyHostToDevice),
        cudaSuccess);
  }
  void TearDown() override {
    cudaFreeArray(a_);
    cudaFreeArray(b_);
  }
  static constexpr int kWidth = 6;
  static constexpr int kHeight = 4;
  static constexpr size_t kRow = kWidth * sizeof(int);
  cudaChannelFormatDesc desc_{};
  cudaArray_t a_ = nullptr;
  cudaArray_t b_ = nullptr;
  std::vector<int> image_;
};

TEST_F(ArrayCopy, LinearCopiesWalkRowsInOrder) {
  // 8 texels from (x = 4, y = 1): the last 2 of row 1 and all of row 2.
  std::vector<int> out(8, 0);
  ASSERT_EQ(cudaMemcpyFromArray(out.data(), a_, 4 * sizeof(int), 1, 8 * sizeof(int),
                                cudaMemcpyDeviceToHost),
            cudaSuccess);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(out[i], 100 + 6 + 4 + i);
  EXPECT_EQ(cudaMemcpyFromArray(out.data(), a_, 0, 3, kRow + 4, cudaMemcpyDeviceToHost),
            cudaErrorInvalidValue);  // runs past the last row
  EXPECT_EQ(cudaMemcpyFromArray(out.data(), a_, 0, 0, 4, cudaMemcpyHostToDevice),
            cudaErrorInvalidMemcpyDirection);
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreate(&stream), cudaSuccess);
  const int values[3] = {-1, -2, -3};
  ASSERT_EQ(cudaMemcpyToArrayAsync(b_, kRow - 4, 2, values, sizeof values, cudaMemcpyHostToDevice,
                                   stream),
            cudaSuccess);
  std::vector<int> row(2 * kWidth, 0);
  ASSERT_EQ(
      cudaMemcpyFromArrayAsync(row.data(), b_, 0, 2, 2 * kRow, cudaMemcpyDeviceToHost, stream),
      cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  EXPECT_EQ(row[kWidth - 1], -1);  // the last texel of row 2, then row 3
  EXPECT_EQ(row[kWidth], -2);
  EXPECT_EQ(row[kWidth + 1], -3);
  EXPECT_EQ(cudaStreamDestroy(stream), cudaSuccess);
  EXPECT_EQ(cudaMemcpyToArrayAsync(b_, 0, 0, values, 4, cudaMemcpyHostToDevice, stream),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaMemcpyFromArrayAsync(row.data(), b_, 0, 0, 4, cudaMemcpyDeviceToHost, stream),
            cudaErrorInvalidResourceHandle);
}

TEST_F(ArrayCopy, ArrayToArray) {
  // Rows 1 and 2 of a_ to rows 0 and 1 of b_, linearly, then a 2 x 2 block.
  ASSERT_EQ(cudaMemcpyArrayToArray(b_, 0, 0, a_, 0, 1, 2 * kRow), cudaSuccess);
  ASSERT_EQ(cudaMemcpy2DArrayToArray(b_, 4 * sizeof(int), 2, a_, 0, 0, 2 * sizeof(int), 2),
            cudaSuccess);
  std::vector<int> out(kWidth * kHeight, 0);
  ASSERT_EQ(
      cudaMemcpy2DFromArray(out.data(), kRow, b_, 0, 0, kRow, kHeight, cudaMemcpyDeviceToHost),
      cudaSuccess);
  for (int x = 0; x < kWidth; ++x) {
    EXPECT_EQ(out[x], 100 + 6 + x);
    EXPECT_EQ(out[kWidth + x], 100 + 12 + x);
  }
  EXPECT_EQ(out[2 * kWidth + 4], 100);  // (0, 0) of a_ at (4, 2) of b_
  EXPECT_EQ(out[2 * kWidth + 5], 101);
  EXPECT_EQ(out[3 * kWidth + 4], 106);
  EXPECT_EQ(out[3 * kWidth + 5], 107);
  EXPECT_EQ(cudaMemcpy2DArrayToArray(b_, 5 * sizeof(int), 0, a_, 0, 0, 2 * sizeof(int), 1),
            cudaErrorInvalidValue);  // leaves b_'s row
  EXPECT_EQ(cudaMemcpy2DArrayToArray(b_, 0, 0, a_, 0, 3, 4, 2),
            cudaErrorInvalidValue);  // leaves a_'s rows
  EXPECT_EQ(cudaMemcpyArrayToArray(b_, 0, 3, a_, 0, 0, kRow + 1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpyArrayToArray(b_, 0, 0, a_, 0, 0, 4, static_cast<cudaMemcpyKind>(7)),
            cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaMemcpyArrayToArray(b_, 0, 0, nullptr, 0, 0, 4), cudaErrorInvalidValue);
}

TEST_F(ArrayCopy, TwoDimensionalAsync) {
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreate(&stream), cudaSuccess);
  const int block[2][3] = {{1, 2, 3}, {4, 5, 6}};  // rows 16 bytes apart on the host: pad one
  const int padded[2][4] = {{1, 2, 3, 0}, {4, 5, 6, 0}};
  ASSERT_EQ(cudaMemcpy2DToArrayAsync(b_, sizeof(int), 1, padded, 4 * sizeof(int), 3 * sizeof(int),
                                     2, cudaMemcpyHostToDevice, stream),
            cudaSuccess);
  int out[2][3] = {};
  ASSERT_EQ(cudaMemcpy2DFromArrayAsync(out, 3 * sizeof(int), b_, sizeof(int), 1, 3 * sizeof(int), 2,
                                       cudaMemcpyDeviceToHost, stream),
            cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 3; ++c) EXPECT_EQ(out[r][c], block[r][c]);
  EXPECT_EQ(cudaMemcpy2DToArrayAsync(b_, 0, 3, padded, 16, 12, 2, cudaMemcpyHostToDevice, stream),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy2DFromArrayAsync(out, 12, b_, 0, 0, 12, 2, cudaMemcpyHostToDevice, stream),
            cudaErrorInvalidMemcpyDirection);
  cudaStreamDestroy(stream);
  EXPECT_EQ(cudaMemcpy2DToArrayAsync(b_, 0, 0, padded, 16, 12, 1, cudaMemcpyHostToDevice, stream),
            cudaErrorInvalidResourceHandle);
}

TEST_F(ArrayCopy, Memcpy3DWithTwoDimensionalArrays) {
  // The 3 x 2 texels at (2, 1) of a_ into a pitched host block, then back into b_.
  std::vector<int> host(4 * 2, -9);
  cudaMemcpy3DParms p = {};
  p.srcArray = a_;
  p.srcPos = make_cudaPos(2, 1, 0);
  p.dstPtr = make_cudaPitchedPtr(host.data(), 4 * sizeof(int), 4, 2);
  p.extent = make_cudaExtent(3, 2, 1);
  p.kind = cudaMemcpyDeviceToHost;
  ASSERT_EQ(cudaMemcpy3D(&p), cudaSuccess);
  for (int r = 0; r < 2; ++r) {
    for (int c = 0; c < 3; ++c) EXPECT_EQ(host[r * 4 + c], 100 + 6 * (1 + r) + 2 + c);
    EXPECT_EQ(host[r * 4 + 3], -9);  // the padding is untouched
  }
  cudaMemcpy3DParms q = {};
  q.srcArray = a_;
  q.dstArray = b_;
  q.extent = make_cudaExtent(kWidth, kHeight, 1);
  q.kind = cudaMemcpyDeviceToDevice;
  ASSERT_EQ(cudaMemcpy3D(&q), cudaSuccess);
  std::vector<int> out(kWidth * kHeight, 0);
  ASSERT_EQ(
      cudaMemcpyFromArray(out.data(), b_, 0, 0, out.size() * sizeof(int), cudaMemcpyDeviceToHost),
      cudaSuccess);
  EXPECT_EQ(out, image_);
}

}  // namespace
}  // namespace warpsim::runtime
