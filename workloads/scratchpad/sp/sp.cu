// scratchpad/sp: scalar products of vector pairs, after the CUDA SDK's scalarProd
// (scalarProdGPU) as Yang et al.'s study and seed 002 (Jatala et al., Tables 7 and 8: SP, 64
// threads, accumResult grown ACCUM_N -> ACCUM_N + 12) run it. Blocks stride over the pairs; for
// each pair, the block's threads fill ACCUM_N = 1024 partial sums (partial i adds the products
// at i, i + 1024, ...) in shared memory and reduce them by a halving tree; the 12 extra floats are
// never used, as in the modified original.

constexpr int kAccum = 1024;  // ACCUM_N

extern "C" __global__ void scalar_prod(float* c, const float* a, const float* b, int vectors,
                                       int elements) {
  __shared__ float accum[kAccum + 12];
  for (int vec = blockIdx.x; vec < vectors; vec += gridDim.x) {
    const int base = vec * elements;
    for (int i = threadIdx.x; i < kAccum; i += blockDim.x) {
      float sum = 0;
      for (int pos = base + i; pos < base + elements; pos += kAccum) sum += a[pos] * b[pos];
      accum[i] = sum;
    }
    for (int stride = kAccum / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      for (int i = threadIdx.x; i < stride; i += blockDim.x) accum[i] += accum[stride + i];
    }
    __syncthreads();
    if (threadIdx.x == 0) c[vec] = accum[0];
  }
}
