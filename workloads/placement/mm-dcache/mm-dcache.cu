// placement/mm-dcache: C = A B, the D-cache version of the CUDA SDK's tiled matrix multiply
// (seed 000 Ch. 2, category 1: the shared-memory tiles become reads of global memory, cached
// implicitly by the L1D). The same 16x16 blocks, tiles and loop structure as
// placement/mm-shared, but each thread reads its row of the A tile (A[a + wa ty + k]) and its
// column of the B tile (B[b + wb k + tx]) directly from global memory inside the inner product;
// with no shared data there is no barrier. Grid (wb / 16, hA / 16) (driver.cc).

#define TILE 16

extern "C" __global__ void mm_dcache_kernel(const float* a, const float* b, float* c, int wa,
                                            int wb) {
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int a_begin = wa * TILE * blockIdx.y;
  const int a_end = a_begin + wa;
  const int b_step = TILE * wb;
  float sum = 0.0f;
  for (int ai = a_begin, bi = TILE * blockIdx.x; ai < a_end; ai += TILE, bi += b_step) {
#pragma unroll
    for (int k = 0; k < TILE; ++k) sum += a[ai + wa * ty + k] * b[bi + wb * k + tx];
  }
  c[(blockIdx.y * TILE + ty) * wb + blockIdx.x * TILE + tx] = sum;
}
