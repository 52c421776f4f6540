// polybench/2mm: tmp = A B, then E = tmp D, after PolyBench/GPU 1.0's 2MM. One thread per output
// element (x: column, y: row), accumulating in global memory onto the initial values, as the
// original does. 32x8 blocks (driver.cc).

extern "C" __global__ void mm2_kernel1(const float* a, const float* b, float* tmp, int ni, int nj,
                                       int nk) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < ni && j < nj) {
    for (int k = 0; k < nk; ++k) tmp[i * nj + j] += a[i * nk + k] * b[k * nj + j];
  }
}

extern "C" __global__ void mm2_kernel2(const float* tmp, const float* d, float* e, int ni, int nl,
                                       int nj) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < ni && j < nl) {
    for (int k = 0; k < nj; ++k) e[i * nl + j] += tmp[i * nj + k] * d[k * nl + j];
  }
}
