// rodinia/lud: blocked LU decomposition (Doolittle, no pivoting, in place), after Rodinia 3.x's
// CUDA LUD (lud_kernel.cu): for each 16 x 16 diagonal block at `offset`, three kernels:
//   lud_diagonal   1 block of 16 threads: factors the diagonal block in shared memory (16 x 16);
//   lud_perimeter  (n - offset) / 16 - 1 blocks of 32 threads: threads 0-15 solve the U blocks
//                  to the right of the diagonal block (one column each), threads 16-31 the L
//                  blocks below it (one row each), from shared copies of the three blocks;
//   lud_internal   ((n - offset) / 16 - 1)^2 blocks of 16 x 16 threads: trailing update
//                  A -= L U of one block each, from shared copies of its L and U strips;
// and a last lud_diagonal for the final block. BLOCK_SIZE = 16 as in Rodinia's default.
// The matrix side n is a kernel parameter and a multiple of LUD_BS, the BLOCK_SIZE (16;
// rodinia/lud-b22 sets 22, seed 002's lud_internal of Table 5: 2 x 22^2 x 4 = 3872 B, 484
// threads).

#ifndef LUD_BS
#define LUD_BS 16
#endif

extern "C" __global__ void lud_diagonal(float* m, int n, int offset) {
  __shared__ float tile[LUD_BS][LUD_BS];
  const int t = threadIdx.x;
  float* blk = m + offset * n + offset;
  for (int r = 0; r < LUD_BS; ++r) tile[r][t] = blk[r * n + t];
  __syncthreads();
  for (int k = 0; k < LUD_BS - 1; ++k) {
    if (t > k) {  // L[t][k]
      float v = tile[t][k];
      for (int j = 0; j < k; ++j) v -= tile[t][j] * tile[j][k];
      tile[t][k] = v / tile[k][k];
    }
    __syncthreads();
    if (t > k) {  // U[k+1][t]
      float v = tile[k + 1][t];
      for (int j = 0; j <= k; ++j) v -= tile[k + 1][j] * tile[j][t];
      tile[k + 1][t] = v;
    }
    __syncthreads();
  }
  for (int r = 1; r < LUD_BS; ++r) blk[r * n + t] = tile[r][t];  // row 0 is unchanged
}

extern "C" __global__ void lud_perimeter(float* m, int n, int offset) {
  __shared__ float dia[LUD_BS][LUD_BS];
  __shared__ float row[LUD_BS][LUD_BS];  // the U block right of the diagonal block
  __shared__ float col[LUD_BS][LUD_BS];  // the L block below it
  const int t = threadIdx.x;
  const int c = t % LUD_BS;
  const int half = t / LUD_BS;
  const int far = offset + (blockIdx.x + 1) * LUD_BS;
  const float* dia_g = m + offset * n + offset;
  float* row_g = m + offset * n + far;
  float* col_g = m + far * n + offset;
  for (int r = half * (LUD_BS / 2); r < (half + 1) * (LUD_BS / 2); ++r)
    dia[r][c] = dia_g[r * n + c];
  if (half == 0) {
    for (int r = 0; r < LUD_BS; ++r) row[r][c] = row_g[r * n + c];
  } else {
    for (int r = 0; r < LUD_BS; ++r) col[r][c] = col_g[r * n + c];
  }
  __syncthreads();
  if (half == 0) {  // column c of U: forward substitution with the unit lower triangle
    for (int i = 1; i < LUD_BS; ++i) {
      float v = row[i][c];
      for (int j = 0; j < i; ++j) v -= dia[i][j] * row[j][c];
      row[i][c] = v;
    }
  } else {  // row c of L: substitution with the upper triangle
    for (int i = 0; i < LUD_BS; ++i) {
      float v = col[c][i];
      for (int j = 0; j < i; ++j) v -= col[c][j] * dia[j][i];
      col[c][i] = v / dia[i][i];
    }
  }
  __syncthreads();
  if (half == 0) {
    for (int r = 1; r < LUD_BS; ++r) row_g[r * n + c] = row[r][c];
  } else {
    for (int r = 0; r < LUD_BS; ++r) col_g[r * n + c] = col[r][c];
  }
}

extern "C" __global__ void lud_internal(float* m, int n, int offset) {
  __shared__ float row[LUD_BS][LUD_BS];  // U strip above this block
  __shared__ float col[LUD_BS][LUD_BS];  // L strip left of it
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int gr = offset + (blockIdx.y + 1) * LUD_BS + ty;
  const int gc = offset + (blockIdx.x + 1) * LUD_BS + tx;
  row[ty][tx] = m[(offset + ty) * n + gc];
  col[ty][tx] = m[gr * n + offset + tx];
  __syncthreads();
  float sum = 0.0f;
  for (int k = 0; k < LUD_BS; ++k) sum += col[ty][k] * row[k][tx];
  m[gr * n + gc] -= sum;
}
