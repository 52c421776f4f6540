// scratchpad/mv: matrix-vector product y = A x with a shared tile, after the mv_shared kernel of
// Yang et al.'s shared-memory multiplexing study as seed 002 (Jatala et al., Table 7: MV, 1
// variable, 4224 B, 32 threads) runs it: each 32-thread block owns 32 rows of A (row-major,
// n x n); per 32-column step its threads read the 32 x 32 tile a column at a time (coalesced:
// thread t reads row r's element t) into tile[32][33] (the +1 avoids bank conflicts), and then
// thread t adds row t's 32 products with the step's part of x.

constexpr int kTile = 32;

extern "C" __global__ void mv_shared(float* y, const float* a, const float* x, int n) {
  __shared__ float tile[kTile][kTile + 1];
  const int t = threadIdx.x;
  const int row0 = blockIdx.x * kTile;
  float sum = 0;
  for (int col0 = 0; col0 < n; col0 += kTile) {
    for (int r = 0; r < kTile; ++r) tile[r][t] = a[(row0 + r) * n + col0 + t];
    __syncthreads();
    for (int c = 0; c < kTile; ++c) sum += tile[t][c] * x[col0 + c];
    __syncthreads();
  }
  y[row0 + t] = sum;
}
