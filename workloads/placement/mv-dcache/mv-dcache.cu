// placement/mv-dcache: y = A x, the D-cache version (seed 000 Ch. 2, category 2: intra-thread
// reuse moves to registers) of placement/mv-shared. The same blocks (32 threads per 32 rows)
// and 32-column steps, but no shared tile: thread t is the only one that uses row t's part of
// a tile, so per step it loads its row's 32 elements straight from global memory into 32
// registers (the thesis: "we use registers to buffer each tile of the input matrix") and then
// adds the 32 products with x in the same order as mv-shared. With no data shared between
// threads there is no barrier. Each of these warp loads touches 32 different 128-byte lines (one
// per row, n x 4 bytes apart), reused by the thread's next 31 loads through the L1D; with
// n = 2048 the lines are 8 KB apart, so a linear L1D set index puts all 32 in one set
// (the set conflicts the thesis reports for MV under GPGPU-Sim).
// As in mv-shared, an empty asm with a memory clobber keeps the 32 loads ahead of the 32 FMAs
// (nvcc's PTX would otherwise interleave each load with its FMA, and warpsim issues the PTX in
// program order), so both versions have a step's loads outstanding together.

#define MV_TILE 32

extern "C" __global__ void mv_dcache_kernel(float* y, const float* a, const float* x, int n) {
  const int t = threadIdx.x;
  const int row0 = blockIdx.x * MV_TILE;
  const float* row = a + (row0 + t) * n;
  float sum = 0.0f;
  for (int col0 = 0; col0 < n; col0 += MV_TILE) {
    float v[MV_TILE];
#pragma unroll
    for (int c = 0; c < MV_TILE; ++c) v[c] = row[col0 + c];
    asm volatile("" ::: "memory");  // all 32 loads before the first FMA (see above)
#pragma unroll
    for (int c = 0; c < MV_TILE; ++c) sum = __fmaf_rn(v[c], x[col0 + c], sum);
  }
  y[row0 + t] = sum;
}
