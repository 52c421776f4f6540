// placement/mm-shared: C = A B, the CUDA SDK's tiled matrix multiply (matrixMul) as the
// shared-memory version of seed 000 Ch. 2's MM case study: 16x16 threads per block, one thread
// per element of C; per step, each block stages a 16x16 tile of A and one of B in shared memory
// (one element per thread, coalesced), waits at a barrier, accumulates the tile's inner product,
// and waits again before the next tiles overwrite it. Row-major, A is (grid.y 16) x wa, B is
// wa x wb, C is (grid.y 16) x wb; wa and wb multiples of 16. Grid (wb / 16, hA / 16) (driver.cc).

#define TILE 16

extern "C" __global__ void mm_shared_kernel(const float* a, const float* b, float* c, int wa,
                                            int wb) {
  __shared__ float a_tile[TILE][TILE];
  __shared__ float b_tile[TILE][TILE];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int a_begin = wa * TILE * blockIdx.y;  // first element of this block's rows of A
  const int a_end = a_begin + wa;
  const int b_step = TILE * wb;
  float sum = 0.0f;
  for (int ai = a_begin, bi = TILE * blockIdx.x; ai < a_end; ai += TILE, bi += b_step) {
    a_tile[ty][tx] = a[ai + wa * ty + tx];
    b_tile[ty][tx] = b[bi + wb * ty + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) sum += a_tile[ty][k] * b_tile[k][tx];
    __syncthreads();
  }
  c[(blockIdx.y * TILE + ty) * wb + blockIdx.x * TILE + tx] = sum;
}
