// rodinia/pathfinder-u: the "/U" (unshared) variant of rodinia/pathfinder (seed 004 Table 3:
// the same algorithm rewritten to use global memory instead of shared memory). The kernel is
// dynproc_kernel of pathfinder.cu with its two shared rows, prev and result, moved to a global
// scratch array holding two 256-int rows per block (`scratch`, 2 * 256 * gridDim.x ints), still
// synchronized with __syncthreads. Same launches: 256 x 1 blocks, one per 256 - 2 * pyramid
// height output columns (driver: ../pathfinder/pathfinder_host.h).

#define PF_BLOCK 256

extern "C" __global__ void dynproc_kernel_u(int iteration, const int* wall, const int* src,
                                            int* dst, int cols, int rows, int start_step,
                                            int border, int* scratch) {
  int* prev = scratch + 2 * PF_BLOCK * blockIdx.x;
  int* result = prev + PF_BLOCK;
  const int tx = threadIdx.x;
  const int out_cols = PF_BLOCK - 2 * iteration;
  const int first = out_cols * (int)blockIdx.x - border;
  const int last = first + PF_BLOCK - 1;
  const int col = first + tx;
  const int lo = first < 0 ? -first : 0;
  const int hi = last > cols - 1 ? PF_BLOCK - 1 - (last - (cols - 1)) : PF_BLOCK - 1;
  const int west = tx - 1 < lo ? lo : tx - 1;
  const int east = tx + 1 > hi ? hi : tx + 1;
  const bool inside = tx >= lo && tx <= hi;

  if (col >= 0 && col <= cols - 1) prev[tx] = src[col];
  __syncthreads();
  bool computed = false;
  for (int i = 0; i < iteration; ++i) {
    computed = false;
    if (inside && tx >= i + 1 && tx <= PF_BLOCK - 2 - i) {
      computed = true;
      int best = prev[west] <= prev[tx] ? prev[west] : prev[tx];
      best = best <= prev[east] ? best : prev[east];
      result[tx] = best + wall[cols * (start_step + i) + col];
    }
    __syncthreads();
    if (i == iteration - 1) break;
    if (computed) prev[tx] = result[tx];
    __syncthreads();
  }
  if (computed) dst[col] = result[tx];
}
