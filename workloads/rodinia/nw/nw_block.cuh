// The block body of rodinia/nw (nw.cu) and rodinia/nw-b32 (nw-b32.cu), a template on the block
// size BS: a block of BS threads fills a BS x BS tile of the score matrix through shared memory.
#pragma once

__device__ __forceinline__ int nw_max3(int a, int b, int c) {
  const int ab = a > b ? a : b;
  return ab > c ? ab : c;
}

// Fills block (bx, by) of the block grid: cells rows by*BS+1 .. by*BS+BS, columns bx*BS+1 ...
template <int BS>
__device__ void nw_block(const int* ref, int* score, int cols, int penalty, int bx, int by) {
  __shared__ int temp[BS + 1][BS + 1];
  __shared__ int sref[BS][BS];
  const int t = threadIdx.x;
  const int corner = by * BS * cols + bx * BS;  // the cell up and left of the block
  if (t == 0) temp[0][0] = score[corner];
  for (int y = 0; y < BS; ++y) sref[y][t] = ref[corner + (y + 1) * cols + t + 1];
  temp[t + 1][0] = score[corner + (t + 1) * cols];
  temp[0][t + 1] = score[corner + t + 1];
  __syncthreads();
  // Upper-left half of the block's anti-diagonals: on diagonal d, threads 0..d, thread t at
  // column t + 1, row d - t + 1 (temp coordinates).
  for (int d = 0; d < BS; ++d) {
    if (t <= d) {
      const int x = t + 1;
      const int y = d - t + 1;
      temp[y][x] = nw_max3(temp[y - 1][x - 1] + sref[y - 1][x - 1], temp[y][x - 1] - penalty,
                           temp[y - 1][x] - penalty);
    }
    __syncthreads();
  }
  // Lower-right half: diagonals with d + 1 cells, d = BS - 2 .. 0, threads 0..d.
  for (int d = BS - 2; d >= 0; --d) {
    if (t <= d) {
      const int x = t + BS - d;
      const int y = BS - t;
      temp[y][x] = nw_max3(temp[y - 1][x - 1] + sref[y - 1][x - 1], temp[y][x - 1] - penalty,
                           temp[y - 1][x] - penalty);
    }
    __syncthreads();
  }
  for (int y = 0; y < BS; ++y) score[corner + (y + 1) * cols + t + 1] = temp[y + 1][t + 1];
}
