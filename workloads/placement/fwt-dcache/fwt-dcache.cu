// placement/fwt-dcache: the D-cache version (seed 000 Ch. 2, category 1: a shared array used for
// communication between threads becomes a global array) of placement/fwt-shared, the CUDA SDK's
// fast Walsh-Hadamard transform: the same kernels, launches and stages, but the chunk kernel's
// 2048-float buffer is a per-block region of a global scratch array (scratch + 2048 blockIdx.x),
// cached implicitly by the L1D, instead of shared memory. The barriers stay: each stage reads
// what other threads wrote. fwt_batch2_kernel (no shared memory) is the shared version's.
// The algorithm: ../fwt-shared/fwt_device.cuh.

#include "../fwt-shared/fwt_device.cuh"

extern "C" __global__ void __launch_bounds__(FWT_THREADS)
    fwt_chunk_dcache_kernel(float* data, float* scratch) {
  fwt_chunk_stages(data + blockIdx.x * FWT_CHUNK, scratch + blockIdx.x * FWT_CHUNK);
}
