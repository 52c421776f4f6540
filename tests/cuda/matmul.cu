// matmul: C = A * B with a naive kernel and shared-memory tiled kernels (float 16x16, double 8x8
// template instantiations) whose sizes are not tile multiples.
// Usage: matmul [size]   (default 90 x 70 times 70 x 75; a size makes all three equal)
#include <vector>

static const char* kName = "matmul";
#include "test_util.h"

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
template <typename T>
__global__ void matmul_naive(const T* a, const T* b, T* c, int m, int n, int k) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= m || col >= n) return;
  T acc = 0;
  for (int j = 0; j < k; ++j) acc += a[row * k + j] * b[j * n + col];
  c[row * n + col] = acc;
}

template <typename T, int TILE>
__global__ void matmul_tiled(const T* a, const T* b, T* c, int m, int n, int k) {
  __shared__ T as[TILE][TILE];
  __shared__ T bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  T acc = 0;
  for (int t = 0; t < (k + TILE - 1) / TILE; ++t) {
    int ak = t * TILE + tx;
    int bk = t * TILE + ty;
    as[ty][tx] = (row < m && ak < k) ? a[row * k + ak] : T(0);
    bs[ty][tx] = (bk < k && col < n) ? b[bk * n + col] : T(0);
    __syncthreads();
#pragma unroll
    for (int j = 0; j < TILE; ++j) acc += as[ty][j] * bs[j][tx];
    __syncthreads();
  }
  if (row < m && col < n) c[row * n + col] = acc;
}
#endif  // __CUDACC__

template <typename T>
static void reference(const std::vector<T>& a, const std::vector<T>& b, std::vector<T>& c, int m,
                      int n, int k) {
  for (int r = 0; r < m; ++r)
    for (int col = 0; col < n; ++col) {
      T acc = 0;
      for (int j = 0; j < k; ++j) acc += a[r * k + j] * b[j * n + col];
      c[r * n + col] = acc;
    }
}

template <typename T>
static void fill(std::vector<T>& v, Lcg& rng) {
  for (auto& x : v) x = static_cast<T>(static_cast<int>(rng.next() % 17) - 8);  // exact sums
}

int main(int argc, char** argv) {
  int m = 90, n = 75, k = 70;
  if (argc > 1) m = n = k = atoi(argv[1]) > 0 ? atoi(argv[1]) : 1;
  Lcg rng(5);
  std::vector<float> ha(m * k), hb(k * n), want(m * n), got(m * n);
  std::vector<double> da(m * k), db(k * n), dwant(m * n), dgot(m * n);
  fill(ha, rng);
  fill(hb, rng);
  fill(da, rng);
  fill(db, rng);
  reference(ha, hb, want, m, n, k);
  reference(da, db, dwant, m, n, k);

  float *fa, *fb, *fc;
  double *pa, *pb, *pc;
  CUDA_CHECK(cudaMalloc(&fa, m * k * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&fb, k * n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&fc, m * n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&pa, m * k * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&pb, k * n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&pc, m * n * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(fa, ha.data(), m * k * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(fb, hb.data(), k * n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(pa, da.data(), m * k * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(pb, db.data(), k * n * sizeof(double), cudaMemcpyHostToDevice));

  // Naive float, 16 x 16 blocks.
  CUDA_CHECK(cudaMemset(fc, 0, m * n * sizeof(float)));
  dim3 b16(16, 16), g16((n + 15) / 16, (m + 15) / 16);
  LAUNCH(matmul_naive<float>, g16, b16)(fa, fb, fc, m, n, k);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(got.data(), fc, m * n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < m * n; ++i)
    if (got[i] != want[i]) mismatch("matmul_naive<float>[%d] = %g want %g", i, got[i], want[i]);

  // Tiled float, 16 x 16 tiles.
  CUDA_CHECK(cudaMemset(fc, 0, m * n * sizeof(float)));
  LAUNCH((matmul_tiled<float, 16>), g16, b16)(fa, fb, fc, m, n, k);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(got.data(), fc, m * n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < m * n; ++i)
    if (got[i] != want[i]) mismatch("matmul_tiled<float>[%d] = %g want %g", i, got[i], want[i]);

  // Tiled double, 8 x 8 tiles.
  dim3 b8(8, 8), g8((n + 7) / 8, (m + 7) / 8);
  LAUNCH((matmul_tiled<double, 8>), g8, b8)(pa, pb, pc, m, n, k);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(dgot.data(), pc, m * n * sizeof(double), cudaMemcpyDeviceToHost));
  for (int i = 0; i < m * n; ++i)
    if (dgot[i] != dwant[i])
      mismatch("matmul_tiled<double>[%d] = %g want %g", i, dgot[i], dwant[i]);

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(fa);
  cudaFree(fb);
  cudaFree(fc);
  cudaFree(pa);
  cudaFree(pb);
  cudaFree(pc);
  return finish();
}
