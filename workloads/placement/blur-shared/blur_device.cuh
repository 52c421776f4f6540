// Device code shared by placement/blur-shared and placement/blur-dcache: the two halves of
// OpenCV 2.4's OpenCL box filter for 8-bit single-channel images (filtering_boxFilter.cl,
// boxFilter_C1_D0, border BORDER_REFLECT_101), around the exchange buffer that the two versions
// place differently (shared memory, or a per-block region of a global scratch array).
//
// A block of BLUR_THREADS = 256 threads (get_local_id(0) = threadIdx.x = col) produces two image
// rows (2 blockIdx.y, 2 blockIdx.y + 1) of BLUR_OUT_QUADS = 256 - KS + 1 = 254 quads of 4
// pixels: block x covers output columns 1016 blockIdx.x .. 1016 blockIdx.x + 1015, so a
// 1024-wide image has 2 blocks in x and 512 in y (seed 000 Table 2.2: threads (256,1), blocks
// (2,512), 1k x 1k). Each thread reads one quad (4 pixels) of each of the KS + 1 = 4 source
// rows 2 blockIdx.y - 1 .. 2 blockIdx.y + 2, starting one quad left of the block's first output
// quad, and writes its two vertical KS-row sums (rows 0..2 and 1..3, per pixel, 2 x uint4) to the
// exchange buffer; after the barrier, threads 1..254 each add the KS horizontal neighbours of their
// quad's 4 pixels in both rows (the buffer read as a flat uint array) and divide by KS * KS.
#pragma once

#define BLUR_THREADS 256
#define BLUR_KS 3  // ksize 3 x 3 (ksX = ksY)
#define BLUR_AN 1  // the anchor, KS / 2 (anX = anY)
#define BLUR_OUT_QUADS (BLUR_THREADS - BLUR_KS + 1)

// BORDER_REFLECT_101 (gfedcb|abcdefgh|gfedcba), then clamped into the image: the clamp only
// matters for the loads of quads far right of the image, whose sums no thread outputs.
__device__ __forceinline__ int blur_reflect101(int i, int n) {
  if (i < 0) i = -i;
  if (i >= n) i = 2 * n - 2 - i;
  return i < 0 ? 0 : (i >= n ? n - 1 : i);
}

// This thread's quad of one source row: a 32-bit load where the whole quad and the row lie inside
// the image (cols is a multiple of 4, so it is aligned), else four reflected byte loads.
__device__ __forceinline__ uint4 blur_load_quad(const unsigned char* src, int rows, int cols, int y,
                                                int x) {
  if (y >= 0 && y < rows && x >= 0 && x + 3 < cols) {
    const unsigned w = *reinterpret_cast<const unsigned*>(src + y * cols + x);
    return make_uint4(w & 0xffu, (w >> 8) & 0xffu, (w >> 16) & 0xffu, w >> 24);
  }
  const unsigned char* row = src + blur_reflect101(y, rows) * cols;
  return make_uint4(row[blur_reflect101(x, cols)], row[blur_reflect101(x + 1, cols)],
                    row[blur_reflect101(x + 2, cols)], row[blur_reflect101(x + 3, cols)]);
}

__device__ __forceinline__ uint4 blur_add(uint4 a, uint4 b) {
  return make_uint4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}

// First half: the vertical sums of this thread's quad for the block's two output rows, stored
// at temp[col] (row 2 blockIdx.y) and temp[col + BLUR_THREADS] (row 2 blockIdx.y + 1).
__device__ __forceinline__ void blur_column_sums(const unsigned char* src, int rows, int cols,
                                                 uint4* temp) {
  const int col = threadIdx.x;
  const int start_x = (blockIdx.x * BLUR_OUT_QUADS - BLUR_AN) * 4 + col * 4;
  const int start_y = 2 * blockIdx.y - BLUR_AN;
  uint4 data[BLUR_KS + 1];
#pragma unroll
  for (int i = 0; i < BLUR_KS + 1; ++i)
    data[i] = blur_load_quad(src, rows, cols, start_y + i, start_x);
  uint4 sum0 = make_uint4(0, 0, 0, 0);
#pragma unroll
  for (int i = 1; i < BLUR_KS; ++i) sum0 = blur_add(sum0, data[i]);
  temp[col] = blur_add(sum0, data[0]);
  temp[col + BLUR_THREADS] = blur_add(sum0, data[BLUR_KS]);
}

// Second half (after the barrier): threads BLUR_AN .. BLUR_OUT_QUADS - 1 + BLUR_AN each output
// their quad in both rows. Pixel p of the buffer (a flat uint array, 4 per quad) is source column
// 1016 blockIdx.x - 4 + p, so output column 1016 blockIdx.x + 4 (col - 1) + k is the window of
// buffer pixels 4 col + k - 1 .. 4 col + k + 1. The original divides the sum by the float
// alpha = 9 and converts to uchar (truncation); for sums up to 9 x 255 the integer quotient is
// the same value.
__device__ __forceinline__ void blur_row_sums(const unsigned* temp, unsigned char* dst, int rows,
                                              int cols) {
  const int col = threadIdx.x;
  if (col < BLUR_AN || col >= BLUR_OUT_QUADS + BLUR_AN) return;
  const int x0 = blockIdx.x * BLUR_OUT_QUADS * 4 + (col - BLUR_AN) * 4;
#pragma unroll
  for (int r = 0; r < 2; ++r) {
    const int y = 2 * blockIdx.y + r;
    const unsigned* t = temp + r * 4 * BLUR_THREADS + 4 * col;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      unsigned sum = 0;
#pragma unroll
      for (int i = -BLUR_AN; i <= BLUR_AN; ++i) sum += t[k + i];
      if (y < rows && x0 + k < cols)
        dst[y * cols + x0 + k] = static_cast<unsigned char>(sum / (BLUR_KS * BLUR_KS));
    }
  }
}
