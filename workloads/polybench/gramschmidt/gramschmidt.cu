// polybench/gramschmidt: QR decomposition of an M x N matrix by Gram-Schmidt, after
// PolyBench/GPU 1.0's GRAMSCHMIDT: for each column k the host launches three kernels, all with
// 256-thread blocks: the norm of column k by one thread (a one-block grid), column k of Q (one
// thread per row), and row k of R with the update of the remaining columns of A (one thread per
// column j > k).

extern "C" __global__ void gramschmidt_kernel1(const float* a, float* r, const float* q, int k,
                                               int m, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid == 0) {
    float nrm = 0.0f;
    for (int i = 0; i < m; ++i) nrm += a[i * n + k] * a[i * n + k];
    r[k * n + k] = sqrtf(nrm);
  }
}

extern "C" __global__ void gramschmidt_kernel2(const float* a, const float* r, float* q, int k,
                                               int m, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) q[i * n + k] = a[i * n + k] / r[k * n + k];
}

extern "C" __global__ void gramschmidt_kernel3(float* a, float* r, const float* q, int k, int m,
                                               int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j > k && j < n) {
    r[k * n + j] = 0.0f;
    for (int i = 0; i < m; ++i) r[k * n + j] += q[i * n + k] * a[i * n + j];
    for (int i = 0; i < m; ++i) a[i * n + j] -= q[i * n + k] * r[k * n + j];
  }
}
