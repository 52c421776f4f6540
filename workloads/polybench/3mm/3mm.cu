// polybench/3mm: E = A B, F = C D, G = E F, after PolyBench/GPU 1.0's 3MM: three kernels of the
// same shape, one thread per output element (x: column, y: row), each zeroing its element and
// accumulating in global memory as the original does. 32x8 blocks (driver.cc).

// out (rows x cols) = left (rows x inner) * right (inner x cols)
__device__ void product(const float* left, const float* right, float* out, int rows, int cols,
                        int inner) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < rows && j < cols) {
    out[i * cols + j] = 0.0f;
    for (int k = 0; k < inner; ++k) out[i * cols + j] += left[i * inner + k] * right[k * cols + j];
  }
}

extern "C" __global__ void mm3_kernel1(const float* a, const float* b, float* e, int ni, int nj,
                                       int nk) {
  product(a, b, e, ni, nj, nk);
}

extern "C" __global__ void mm3_kernel2(const float* c, const float* d, float* f, int nj, int nl,
                                       int nm) {
  product(c, d, f, nj, nl, nm);
}

extern "C" __global__ void mm3_kernel3(const float* e, const float* f, float* g, int ni, int nl,
                                       int nj) {
  product(e, f, g, ni, nl, nj);
}
