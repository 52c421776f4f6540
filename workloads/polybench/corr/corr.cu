// polybench/corr: the correlation matrix of M columns of N samples, after PolyBench/GPU 1.0's
// CORR: column means and standard deviations (one thread per column, 256-thread blocks), the
// centred and scaled data (one thread per element, 32x8 blocks), and the upper triangle of the
// correlation matrix mirrored into the lower (one thread per row j1, 256-thread blocks). The
// constants are the original's float_n and eps, in float here.

#define FLOAT_N 3214212.01f
#define SQRT_FLOAT_N 1792.8224f  // sqrt(3214212.01), rounded to float
#define EPS 0.005f

extern "C" __global__ void mean_kernel(float* mean, const float* data, int m, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < m) {
    mean[j] = 0.0f;
    for (int i = 0; i < n; ++i) mean[j] += data[i * m + j];
    mean[j] /= FLOAT_N;
  }
}

extern "C" __global__ void std_kernel(const float* mean, float* std, const float* data, int m,
                                      int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < m) {
    std[j] = 0.0f;
    for (int i = 0; i < n; ++i) {
      std[j] += (data[i * m + j] - mean[j]) * (data[i * m + j] - mean[j]);
    }
    std[j] /= FLOAT_N;
    std[j] = sqrtf(std[j]);
    if (std[j] <= EPS) std[j] = 1.0f;
  }
}

extern "C" __global__ void reduce_kernel(const float* mean, const float* std, float* data, int m,
                                         int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < m) {
    data[i * m + j] -= mean[j];
    data[i * m + j] /= SQRT_FLOAT_N * std[j];
  }
}

extern "C" __global__ void corr_kernel(float* symmat, const float* data, int m, int n) {
  int j1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (j1 < m - 1) {
    symmat[j1 * m + j1] = 1.0f;
    for (int j2 = j1 + 1; j2 < m; ++j2) {
      symmat[j1 * m + j2] = 0.0f;
      for (int i = 0; i < n; ++i) symmat[j1 * m + j2] += data[i * m + j1] * data[i * m + j2];
      symmat[j2 * m + j1] = symmat[j1 * m + j2];
    }
  }
}
