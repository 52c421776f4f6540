// placement/mt-shared: out = in^T, the CUDA SDK's coalesced matrix transpose ("transpose", the
// version with a padded shared tile) as the shared-memory version of seed 000 Ch. 2's MT (Table
// 2.2: threads (16,16), blocks (64,64), 1024 x 1024). Each 16x16 block reads one 16x16 tile of
// `in` (height rows of width floats, row-major) with coalesced row loads into a shared tile padded
// to 16x17 floats, waits at a barrier, and writes the tile's columns as rows of `out` (width rows
// of height floats), again coalesced. The padding column makes the column reads tile[tx][ty]
// fall into 16 different banks (stride 17 words) instead of one. Grid (width / 16, height / 16)
// (mt_host.h); the bounds tests let other sizes work, as in the SDK.

#define TILE 16

extern "C" __global__ void mt_shared_kernel(float* out, const float* in, int width, int height) {
  __shared__ float tile[TILE][TILE + 1];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  // Read element (row y, column x) of in: a half warp reads 16 consecutive floats of one row.
  int x = blockIdx.x * TILE + tx;
  int y = blockIdx.y * TILE + ty;
  if (x < width && y < height) tile[ty][tx] = in[y * width + x];
  __syncthreads();  // the whole tile is in before any thread reads another thread's element
  // Write element (row y, column x) of out = in[x][y]: the block's tile mirrored across the
  // diagonal, rows of out again consecutive in tx.
  x = blockIdx.y * TILE + tx;
  y = blockIdx.x * TILE + ty;
  if (x < height && y < width) out[y * height + x] = tile[tx][ty];
}
