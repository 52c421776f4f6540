// placement/blur-shared: a 3 x 3 box blur of an 8-bit image after OpenCV 2.4's OpenCL box filter
// (boxFilter_C1_D0), the shared-memory version of seed 000 Ch. 2's Blur (Table 2.2, category 1):
// each block of 256 threads writes the vertical 3-row sums of its 256 quads (2 output rows x 256
// x uint4, 8 KB) to shared memory, waits at the barrier, and then each of its inner 254 threads
// adds its quad's horizontal neighbours from the other threads' sums (blur_device.cuh). Grid
// (ceil(cols / 1016), rows / 2) (blur_host.h).

#include "blur_device.cuh"

extern "C" __global__ void blur_shared_kernel(const unsigned char* src, unsigned char* dst,
                                              int rows, int cols) {
  __shared__ uint4 temp[2 * BLUR_THREADS];
  blur_column_sums(src, rows, cols, temp);
  __syncthreads();
  blur_row_sums(reinterpret_cast<const unsigned*>(temp), dst, rows, cols);
}
