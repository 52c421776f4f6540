// placement/mv-shared: y = A x with 32 x 32 tiles staged in shared memory, the shared-memory
// version of seed 000 Ch. 2's MV (Table 2.2: "MV tiled (32x32)", "a tiled version of
// matrix-vector multiplication [18]" whose reference list our copy of the thesis lacks; the same
// kernel shape as the mv_shared of Yang et al.'s study that seed 002 runs; threads (32,1),
// blocks (64,1), 2048 x 2048). A is n x n, row-major; one 32-thread block per 32 rows (grid n /
// 32). Per 32-column step the block stages the step's 32 x 32 tile of its rows: for each tile row
// r, thread t reads element (r, t) (one coalesced 128-byte line per row) into tile[r][t]; barrier;
// then thread t adds row t's 32 products with the step's 32 elements of x (read from global
// memory: the same address across the warp); barrier before the next tile overwrites this one.
// The tile is padded to 32 x 33 so that the column walk tile[t][c] hits 32 different banks
// (4224 B per block, as seed 002 Table 7 lists for mv_shared). Thread t's sum runs over the
// columns in order, with __fmaf_rn (what nvcc makes of sum += a * x), so the host can repeat it
// exactly (mv_host.h).
// The tile's 32 loads are issued before its 32 shared stores: warpsim runs the PTX in program
// order (no ptxas scheduling), and nvcc's PTX pairs each load with its store, which would wait
// for every miss in turn. An empty asm with a memory clobber keeps the loads ahead of the
// stores, so a step's 32 misses are outstanding together before the barrier, the memory-level
// parallelism seed 000 §2.3.1 credits the shared-memory versions with (its trace of MM's misses).

#define MV_TILE 32

extern "C" __global__ void mv_shared_kernel(float* y, const float* a, const float* x, int n) {
  __shared__ float tile[MV_TILE][MV_TILE + 1];
  const int t = threadIdx.x;
  const int row0 = blockIdx.x * MV_TILE;
  float sum = 0.0f;
  for (int col0 = 0; col0 < n; col0 += MV_TILE) {
    float v[MV_TILE];
#pragma unroll
    for (int r = 0; r < MV_TILE; ++r) v[r] = a[(row0 + r) * n + col0 + t];
    asm volatile("" ::: "memory");  // all 32 loads before the first store (see above)
#pragma unroll
    for (int r = 0; r < MV_TILE; ++r) tile[r][t] = v[r];
    __syncthreads();
#pragma unroll
    for (int c = 0; c < MV_TILE; ++c) sum = __fmaf_rn(tile[t][c], x[col0 + c], sum);
    __syncthreads();
  }
  y[row0 + t] = sum;
}
