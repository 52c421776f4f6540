// placement/mm-prefetch: placement/mm-dcache with software prefetching (seed 000 Ch. 2, MM
// case study, Fig. 2.3): at each tile step every thread first prefetches into the L1D its
// element of the A tile (A[a + wa ty + tx]) and of the B tile (B[b + wb ty + tx]), so the
// block's 16 x 16 threads request both whole tiles at once, then waits at a barrier and computes
// the inner product from global memory as mm-dcache does; its loads find the lines present or
// in flight. The thesis's `prefetch(...)` is PTX's prefetch.global.L1 here. Grid as mm-dcache.

#define TILE 16

__device__ __forceinline__ void prefetch_l1(const float* p) {
  asm volatile("prefetch.global.L1 [%0];" : : "l"(p));
}

extern "C" __global__ void mm_prefetch_kernel(const float* a, const float* b, float* c, int wa,
                                              int wb) {
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int a_begin = wa * TILE * blockIdx.y;
  const int a_end = a_begin + wa;
  const int b_step = TILE * wb;
  float sum = 0.0f;
  for (int ai = a_begin, bi = TILE * blockIdx.x; ai < a_end; ai += TILE, bi += b_step) {
    prefetch_l1(&a[ai + wa * ty + tx]);
    prefetch_l1(&b[bi + wb * ty + tx]);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) sum += a[ai + wa * ty + k] * b[bi + wb * k + tx];
  }
  c[(blockIdx.y * TILE + ty) * wb + blockIdx.x * TILE + tx] = sum;
}
