// scratchpad/cv: the column pass of a separable convolution, after the CUDA SDK's
// convolutionSeparable (convolutionColumnsKernel) as Yang et al.'s shared-memory multiplexing
// study and seed 002 (Jatala et al., Table 7: CV, 1 variable, 8256 B, 128 threads) run it: blocks
// of 16 x 8 threads, each staging a 16-column strip of (14 + 2) x 8 rows (14 result steps and a
// one-step halo above and below) in s_data[16][129] (the +1 avoids bank conflicts), then writing
// 14 outputs per thread: the 17-tap column filter (radius 8) over the staged rows. Rows outside
// the image read as 0.

constexpr int kRadius = 8;
constexpr int kBlockX = 16;
constexpr int kBlockY = 8;
constexpr int kSteps = 14;  // COLUMNS_RESULT_STEPS
constexpr int kHalo = 1;    // COLUMNS_HALO_STEPS

extern "C" __global__ void convolution_columns(float* dst, const float* src, const float* filter,
                                               int width, int height) {
  __shared__ float s_data[kBlockX][(kSteps + 2 * kHalo) * kBlockY + 1];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int x = blockIdx.x * kBlockX + tx;
  const int base_y = (blockIdx.y * kSteps - kHalo) * kBlockY + ty;
  for (int i = 0; i < kSteps + 2 * kHalo; ++i) {
    const int y = base_y + i * kBlockY;
    s_data[tx][ty + i * kBlockY] = y >= 0 && y < height ? src[y * width + x] : 0.0f;
  }
  __syncthreads();
  for (int i = kHalo; i < kHalo + kSteps; ++i) {
    float sum = 0;
    for (int j = -kRadius; j <= kRadius; ++j) {
      sum += filter[kRadius - j] * s_data[tx][ty + i * kBlockY + j];
    }
    dst[(base_y + i * kBlockY) * width + x] = sum;
  }
}
