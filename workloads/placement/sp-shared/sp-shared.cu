// placement/sp-shared: the CUDA SDK's scalarProd, the shared-memory version of seed 000 Ch. 2's
// SP (Table 2.2: "scalar product of vectors", threads (64,1), blocks (256,1), 8192 x 512;
// category 1: the threads exchange partial sums). The 1024 partial sums and their halving tree
// live in shared memory (4 KB per block). The algorithm: ./sp_device.cuh; sizes, inputs, launch
// and reference: ./sp_host.h.

#include "sp_device.cuh"

extern "C" __global__ void sp_shared_kernel(float* c, const float* a, const float* b, int vectors,
                                            int elements) {
  __shared__ float accum[SP_ACCUM_N];
  sp_block(c, a, b, vectors, elements, accum);
}
