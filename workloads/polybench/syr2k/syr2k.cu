// polybench/syr2k: C = alpha A B^T + alpha B A^T + beta C (N x N; A, B are N x M), after
// PolyBench/GPU 1.0's SYR2K: one thread per element of the whole C (x: column j, y: row i),
// accumulating in global memory as the original does. 32x8 blocks (driver.cc).

extern "C" __global__ void syr2k_kernel(const float* a, const float* b, float* c, float alpha,
                                        float beta, int n, int m) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < n) {
    c[i * n + j] *= beta;
    for (int k = 0; k < m; ++k) {
      c[i * n + j] += alpha * a[i * m + k] * b[j * m + k] + alpha * b[i * m + k] * a[j * m + k];
    }
  }
}
