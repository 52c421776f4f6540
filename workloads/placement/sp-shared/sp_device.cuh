#pragma once

// Device code shared by placement/sp-shared and placement/sp-dcache: the CUDA SDK's scalarProd
// (scalarProdGPU), the scalar products of `vectors` pairs of `elements`-long float vectors,
// written here from the SDK sample's published algorithm. Blocks stride over the pairs (pair
// blockIdx.x, then + gridDim.x, ...). For each pair the block's threads fill ACCUM_N = 1024
// partial sums (accumulator i adds the products at positions i, i + 1024, ... of the pair; with
// fewer than 1024 elements the accumulators past the last element stay 0), then reduce them by
// a halving tree (stride 512, 256, ..., 1) with a barrier before each level; thread 0 writes
// accumulator 0. The accumulator array `accum` (1024 floats) is the only data the threads
// exchange: shared memory in sp-shared, a per-block region of a global scratch buffer in
// sp-dcache (seed 000 Ch. 2, category 1).
// Differences from the SDK kernel: one more barrier after the tree, before thread 0 reads the
// result (the SDK relies on warp-synchronous execution there: thread 1 may start the next
// pair and overwrite accumulator 1 while thread 0 still reads it); and the arithmetic is written
// with correctly rounded intrinsics (__fmaf_rn for sum += a * b, which nvcc contracts to the same
// fma; __fadd_rn for the tree), so that the host can repeat it bit for bit (sp_host.h).

#define SP_ACCUM_N 1024

__device__ __forceinline__ void sp_block(float* c, const float* a, const float* b, int vectors,
                                         int elements, float* accum) {
  for (int vec = blockIdx.x; vec < vectors; vec += gridDim.x) {
    const int base = vec * elements;
    const int end = base + elements;
    // Partial sums, accumulator i by thread i mod blockDim.x (coalesced loads of a and b).
    for (int i = threadIdx.x; i < SP_ACCUM_N; i += blockDim.x) {
      float sum = 0.0f;
      for (int pos = base + i; pos < end; pos += SP_ACCUM_N) sum = __fmaf_rn(a[pos], b[pos], sum);
      accum[i] = sum;
    }
    // Halving tree: level `stride` adds accumulator stride + i into i, for i < stride.
    for (int stride = SP_ACCUM_N / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      for (int i = threadIdx.x; i < stride; i += blockDim.x)
        accum[i] = __fadd_rn(accum[i], accum[stride + i]);
    }
    __syncthreads();
    if (threadIdx.x == 0) c[vec] = accum[0];
  }
}
