// placement/blur-dcache: the D-cache version of seed 000 Ch. 2's Blur (category 1): the same 3 x 3
// box blur, blocks and halves as placement/blur-shared (../blur-shared/blur_device.cuh), but the
// 8 KB exchange buffer of vertical sums is a per-block region of a global scratch array
// (scratch + 2048 words x (blockIdx.y gridDim.x + blockIdx.x)), cached implicitly by the L1D. The
// barrier stays: the threads still read each other's sums. (The buffer holds computed sums, not
// input pixels, so "read the neighbours straight from the image" would not be the same tiling.)

#include "../blur-shared/blur_device.cuh"

extern "C" __global__ void blur_dcache_kernel(const unsigned char* src, unsigned char* dst,
                                              int rows, int cols, uint4* scratch) {
  uint4* temp = scratch + (blockIdx.y * gridDim.x + blockIdx.x) * (2 * BLUR_THREADS);
  blur_column_sums(src, rows, cols, temp);
  __syncthreads();
  blur_row_sums(reinterpret_cast<const unsigned*>(temp), dst, rows, cols);
}
