// placement/fwt-shared: the CUDA SDK's fast Walsh-Hadamard transform (fastWalshTransform) as the
// shared-memory version of seed 000 Ch. 2's FWT (Table 2.2: threads (512,1), blocks (4096,1),
// 8388608 elements). fwt_batch2_kernel does the large-stride radix-4 stages in global memory;
// fwt_chunk_kernel does the last 11 stages of each 2048-element chunk in an 8 KB shared array,
// one block of 512 threads per chunk. The algorithm: ./fwt_device.cuh.

#include "fwt_device.cuh"

extern "C" __global__ void __launch_bounds__(FWT_THREADS) fwt_chunk_shared_kernel(float* data) {
  __shared__ float chunk[FWT_CHUNK];
  fwt_chunk_stages(data + blockIdx.x * FWT_CHUNK, chunk);
}
