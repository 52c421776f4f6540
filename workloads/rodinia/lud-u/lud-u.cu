// rodinia/lud-u: the "/U" (unshared) variant of rodinia/lud (seed 004 Table 3: the same program
// rewritten to use global memory instead of shared memory): the same blocked LU decomposition,
// kernels, launches and float operations in the same order, but every operand is read from and
// written to the matrix in global memory in place; no shared memory. Launch shapes as
// rodinia/lud (Rodinia 3.x lud_kernel.cu, BLOCK_SIZE = 16):
//   lud_diagonal   1 block of 16 threads (barriers between the steps of the factorization);
//   lud_perimeter  (n - offset) / 16 - 1 blocks of 32 threads;
//   lud_internal   ((n - offset) / 16 - 1)^2 blocks of 16 x 16 threads.

#define LUD_BS 16

extern "C" __global__ void lud_diagonal(float* m, int n, int offset) {
  const int t = threadIdx.x;
  float* a = m + offset * n + offset;
  for (int k = 0; k < LUD_BS - 1; ++k) {
    if (t > k) {  // L[t][k]
      float v = a[t * n + k];
      for (int j = 0; j < k; ++j) v -= a[t * n + j] * a[j * n + k];
      a[t * n + k] = v / a[k * n + k];
    }
    __syncthreads();
    if (t > k) {  // U[k+1][t]
      float v = a[(k + 1) * n + t];
      for (int j = 0; j <= k; ++j) v -= a[(k + 1) * n + j] * a[j * n + t];
      a[(k + 1) * n + t] = v;
    }
    __syncthreads();
  }
}

extern "C" __global__ void lud_perimeter(float* m, int n, int offset) {
  const int t = threadIdx.x;
  const int c = t % LUD_BS;
  const int far = offset + (blockIdx.x + 1) * LUD_BS;
  const float* dia = m + offset * n + offset;
  if (t < LUD_BS) {  // column c of the U block right of the diagonal block
    float* row = m + offset * n + far;
    for (int i = 1; i < LUD_BS; ++i) {
      float v = row[i * n + c];
      for (int j = 0; j < i; ++j) v -= dia[i * n + j] * row[j * n + c];
      row[i * n + c] = v;
    }
  } else {  // row c of the L block below it
    float* col = m + (far + c) * n + offset;
    for (int i = 0; i < LUD_BS; ++i) {
      float v = col[i];
      for (int j = 0; j < i; ++j) v -= col[j] * dia[j * n + i];
      col[i] = v / dia[i * n + i];
    }
  }
}

extern "C" __global__ void lud_internal(float* m, int n, int offset) {
  const int gr = offset + (blockIdx.y + 1) * LUD_BS + threadIdx.y;
  const int gc = offset + (blockIdx.x + 1) * LUD_BS + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < LUD_BS; ++k) sum += m[gr * n + offset + k] * m[(offset + k) * n + gc];
  m[gr * n + gc] -= sum;
}
