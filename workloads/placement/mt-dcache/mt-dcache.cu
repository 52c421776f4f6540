// placement/mt-dcache: out = in^T, the D-cache version (seed 000 Ch. 2, category 1: a shared
// array used for communication between threads becomes a global array) of placement/mt-shared,
// the CUDA SDK's coalesced transpose. The same 16x16 blocks, tile and accesses, but the 16x17
// tile is a per-block region of a global scratch array (272 floats at scratch + 272 (blockIdx.y
// gridDim.x + blockIdx.x)), cached implicitly by the L1D. The barrier stays: each thread reads
// an element another thread wrote. The tile keeps the shared version's padded shape (the
// transformation only moves the array); on an L1D the padding no longer matters: the column
// reads tile[tx][ty] of a warp touch 9 lines of 128 bytes either way.

#define TILE 16
#define TILE_WORDS (TILE * (TILE + 1))

extern "C" __global__ void mt_dcache_kernel(float* out, const float* in, int width, int height,
                                            float* scratch) {
  float* tile = scratch + (blockIdx.y * gridDim.x + blockIdx.x) * TILE_WORDS;
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  int x = blockIdx.x * TILE + tx;
  int y = blockIdx.y * TILE + ty;
  if (x < width && y < height) tile[ty * (TILE + 1) + tx] = in[y * width + x];
  __syncthreads();  // the block's global stores are visible to the whole block after the barrier
  x = blockIdx.y * TILE + tx;
  y = blockIdx.x * TILE + ty;
  if (x < height && y < width) out[y * height + x] = tile[tx * (TILE + 1) + ty];
}
