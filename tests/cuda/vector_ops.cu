// vector_ops: float/double vector add, saxpy/daxpy, a grid-stride loop, and 2D/3D grid and
// block indexing (%ctaid.y/z, %tid.y/z, %ntid.y/z, %nctaid.z).
// Usage: vector_ops [n]   (default n = 65536)
#include <vector>

static const char* kName = "vector_ops";
#include "test_util.h"

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void vec_add_f32(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

__global__ void saxpy_f32(float alpha, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = alpha * x[i] + y[i];
}

__global__ void daxpy_f64(double alpha, const double* x, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = alpha * x[i] + y[i];
}

__global__ void grid_stride_scale_f64(const double* x, double* y, double s, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    y[i] = x[i] * s - 1.0;
  }
}

__global__ void matrix_add_2d(const float* a, const float* b, float* c, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    int i = y * w + x;
    c[i] = a[i] - 2.0f * b[i];
  }
}

__global__ void index_3d(unsigned* out, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < nx && y < ny && z < nz) {
    size_t i = (static_cast<size_t>(z) * ny + y) * nx + x;
    out[2 * i] = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    out[2 * i + 1] = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x +
                     1000u * (gridDim.z + 10u * blockDim.z);
  }
}
#endif  // __CUDACC__

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 65536;
  if (n < 1) n = 1;
  Lcg rng(1);

  // ---- 1D float / double kernels ----
  std::vector<float> ha(n), hb(n), hy(n);
  std::vector<double> dx(n), dy(n);
  for (int i = 0; i < n; ++i) {
    ha[i] = static_cast<float>(rng.small());
    hb[i] = static_cast<float>(rng.small());
    hy[i] = static_cast<float>(rng.small());
    dx[i] = rng.small() + rng.small() / 4096.0;
    dy[i] = rng.small();
  }
  float *da, *db, *dc, *dyf;
  double *ddx, *ddy, *ddz;
  CUDA_CHECK(cudaMalloc(&da, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&db, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dc, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dyf, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&ddx, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&ddy, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&ddz, n * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(da, ha.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(db, hb.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dyf, hy.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(ddx, dx.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(ddy, dy.data(), n * sizeof(double), cudaMemcpyHostToDevice));

  const int block = 256;
  const int grid = (n + block - 1) / block;
  const float alpha = 1.5f;
  const double dalpha = -0.75;
  LAUNCH(vec_add_f32, grid, block)(da, db, dc, n);
  CUDA_CHECK(cudaGetLastError());
  LAUNCH(saxpy_f32, grid, block)(alpha, da, dyf, n);
  CUDA_CHECK(cudaGetLastError());
  LAUNCH(daxpy_f64, grid, block)(dalpha, ddx, ddy, n);
  CUDA_CHECK(cudaGetLastError());
  int small_grid = grid < 7 ? grid : 7;  // fewer threads than elements: several iterations each
  LAUNCH(grid_stride_scale_f64, small_grid, 96)(ddx, ddz, 0.25, n);
  CUDA_CHECK(cudaGetLastError());

  std::vector<float> rc(n), ry(n);
  std::vector<double> rdy(n), rdz(n);
  CUDA_CHECK(cudaMemcpy(rc.data(), dc, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(ry.data(), dyf, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(rdy.data(), ddy, n * sizeof(double), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(rdz.data(), ddz, n * sizeof(double), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    float want_c = ha[i] + hb[i];
    if (rc[i] != want_c) mismatch("vec_add[%d]=%g want %g", i, rc[i], want_c);
    float want_y = alpha * ha[i] + hy[i];  // exact: inputs are multiples of 1/256
    if (ry[i] != want_y) mismatch("saxpy[%d]=%g want %g", i, ry[i], want_y);
    double want_dy = dalpha * dx[i] + dy[i];
    if (rdy[i] != want_dy) mismatch("daxpy[%d]=%.17g want %.17g", i, rdy[i], want_dy);
    double want_dz = dx[i] * 0.25 - 1.0;
    if (rdz[i] != want_dz) mismatch("grid_stride[%d]=%.17g want %.17g", i, rdz[i], want_dz);
  }

  // ---- 2D: a w x h matrix with 16 x 8 blocks (edges not multiples of the block) ----
  const int w = 77, h = 45;
  std::vector<float> ma(w * h), mb(w * h), mc(w * h);
  for (int i = 0; i < w * h; ++i) {
    ma[i] = static_cast<float>(rng.small());
    mb[i] = static_cast<float>(rng.small());
  }
  float *dma, *dmb, *dmc;
  CUDA_CHECK(cudaMalloc(&dma, w * h * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dmb, w * h * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dmc, w * h * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dma, ma.data(), w * h * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dmb, mb.data(), w * h * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block2(16, 8);
  dim3 grid2((w + 15) / 16, (h + 7) / 8);
  LAUNCH(matrix_add_2d, grid2, block2)(dma, dmb, dmc, w, h);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(mc.data(), dmc, w * h * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < w * h; ++i) {
    float want = ma[i] - 2.0f * mb[i];
    if (mc[i] != want) mismatch("matrix_add_2d[%d]=%g want %g", i, mc[i], want);
  }

  // ---- 3D: every element records its block and thread coordinates ----
  const int nx = 20, ny = 11, nz = 6;
  dim3 block3(8, 4, 2);
  dim3 grid3((nx + 7) / 8, (ny + 3) / 4, (nz + 1) / 2);
  const size_t n3 = static_cast<size_t>(nx) * ny * nz;
  unsigned* d3;
  CUDA_CHECK(cudaMalloc(&d3, 2 * n3 * sizeof(unsigned)));
  CUDA_CHECK(cudaMemset(d3, 0xff, 2 * n3 * sizeof(unsigned)));
  LAUNCH(index_3d, grid3, block3)(d3, nx, ny, nz);
  CUDA_CHECK(cudaGetLastError());
  std::vector<unsigned> r3(2 * n3);
  CUDA_CHECK(cudaMemcpy(r3.data(), d3, 2 * n3 * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        size_t i = (static_cast<size_t>(z) * ny + y) * nx + x;
        unsigned bx = x / 8, by = y / 4, bz = z / 2, tx = x % 8, ty = y % 4, tz = z % 2;
        unsigned want_b = (bz * grid3.y + by) * grid3.x + bx;
        unsigned want_t = (tz * 4 + ty) * 8 + tx + 1000u * (grid3.z + 10u * 2);
        if (r3[2 * i] != want_b || r3[2 * i + 1] != want_t)
          mismatch("index_3d(%d,%d,%d)=(%u,%u) want (%u,%u)", x, y, z, r3[2 * i], r3[2 * i + 1],
                   want_b, want_t);
      }

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  cudaFree(dyf);
  cudaFree(ddx);
  cudaFree(ddy);
  cudaFree(ddz);
  cudaFree(dma);
  cudaFree(dmb);
  cudaFree(dmc);
  cudaFree(d3);
  return finish();
}
