// placement/nw-dcache: the D-cache version of Rodinia's Needleman-Wunsch (seed 000 Ch. 2, Table
// 2.2's NW, category 1: shared memory used for communication between the threads of a block).
// The same kernels, launches and block sweep as rodinia/nw (../../rodinia/nw/nw.cu and
// nw_block.cuh), but the block's score tile temp[17][17] and reference tile ref[16][16] live in a
// per-block region of a global scratch array (nw_scratch, region blockIdx.x), cached implicitly
// by the L1D, instead of shared memory. The barriers stay: the threads still pass the tile's
// cells to each other through it, one anti-diagonal per step.

#include "nw_dcache.h"

#define BS 16

// One region per block of a launch; the launch's blocks are blockIdx.x = 0 .. i - 1 with
// i <= n / 16 <= NW_DCACHE_MAX_BLOCKS (driver.cc static_asserts the bound).
__device__ __align__(128) int nw_scratch[NW_DCACHE_MAX_BLOCKS * NW_DCACHE_REGION_INTS];

__device__ __forceinline__ int nw_max3(int a, int b, int c) {
  const int ab = a > b ? a : b;
  return ab > c ? ab : c;
}

// Fills block (bx, by) of the block grid, as rodinia/nw's nw_block<16>, with temp(y, x) =
// temp[y * 17 + x] and sref(y, x) = sref[y * 16 + x] in global memory.
__device__ void nw_block_dcache(const int* ref, int* score, int cols, int penalty, int bx, int by) {
  int* temp = nw_scratch + blockIdx.x * NW_DCACHE_REGION_INTS;
  int* sref = temp + (BS + 1) * (BS + 1);
  const int t = threadIdx.x;
  const int corner = by * BS * cols + bx * BS;  // the cell up and left of the block
  if (t == 0) temp[0] = score[corner];
  for (int y = 0; y < BS; ++y) sref[y * BS + t] = ref[corner + (y + 1) * cols + t + 1];
  temp[(t + 1) * (BS + 1)] = score[corner + (t + 1) * cols];
  temp[t + 1] = score[corner + t + 1];
  __syncthreads();
  // Upper-left half of the block's anti-diagonals: on diagonal d, threads 0..d, thread t at
  // column t + 1, row d - t + 1 (temp coordinates).
  for (int d = 0; d < BS; ++d) {
    if (t <= d) {
      const int x = t + 1;
      const int y = d - t + 1;
      temp[y * (BS + 1) + x] =
          nw_max3(temp[(y - 1) * (BS + 1) + x - 1] + sref[(y - 1) * BS + x - 1],
                  temp[y * (BS + 1) + x - 1] - penalty, temp[(y - 1) * (BS + 1) + x] - penalty);
    }
    __syncthreads();
  }
  // Lower-right half: diagonals with d + 1 cells, d = BS - 2 .. 0, threads 0..d.
  for (int d = BS - 2; d >= 0; --d) {
    if (t <= d) {
      const int x = t + BS - d;
      const int y = BS - t;
      temp[y * (BS + 1) + x] =
          nw_max3(temp[(y - 1) * (BS + 1) + x - 1] + sref[(y - 1) * BS + x - 1],
                  temp[y * (BS + 1) + x - 1] - penalty, temp[(y - 1) * (BS + 1) + x] - penalty);
    }
    __syncthreads();
  }
  for (int y = 0; y < BS; ++y)
    score[corner + (y + 1) * cols + t + 1] = temp[(y + 1) * (BS + 1) + t + 1];
}

// Launch i of the upper-left triangle: i blocks on block anti-diagonal i - 1.
extern "C" __global__ void needle_dcache_1(const int* ref, int* score, int cols, int penalty, int i,
                                           int block_width) {
  nw_block_dcache(ref, score, cols, penalty, blockIdx.x, i - 1 - blockIdx.x);
}

// Launch i of the lower-right triangle: i blocks on block anti-diagonal 2 block_width - 1 - i.
extern "C" __global__ void needle_dcache_2(const int* ref, int* score, int cols, int penalty, int i,
                                           int block_width) {
  nw_block_dcache(ref, score, cols, penalty, blockIdx.x + block_width - i,
                  block_width - 1 - blockIdx.x);
}
