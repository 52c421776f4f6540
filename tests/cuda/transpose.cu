// transpose: naive and shared-memory tiled transposes (padded, and unpadded with bank
// conflicts) with edge tiles, plus float4 / int2 vector loads and stores.
// Usage: transpose [width]   (default 100 x 67)
#include <vector>

static const char* kName = "transpose";
#include "test_util.h"

constexpr int kTile = 32;
constexpr int kRows = 8;  // block is kTile x kRows; each thread moves kTile / kRows elements

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void transpose_naive(const float* in, float* out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) out[x * h + y] = in[y * w + x];
}

template <int PAD>
__global__ void transpose_tiled(const float* in, float* out, int w, int h) {
  __shared__ float tile[kTile][kTile + PAD];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * kTile + tx;
  int y = blockIdx.y * kTile + ty;
  for (int j = 0; j < kTile; j += kRows)
    if (x < w && y + j < h) tile[ty + j][tx] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * kTile + tx;
  y = blockIdx.x * kTile + ty;
  for (int j = 0; j < kTile; j += kRows)
    if (x < h && y + j < w) out[(y + j) * h + x] = tile[tx][ty + j];
}

__global__ void copy_vectors(const float4* in4, float4* out4, const int2* in2, int2* out2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float4 v = in4[i];
    out4[i] = make_float4(v.w, v.z * 2.0f, v.y, v.x - 1.0f);
    int2 p = in2[i];
    out2[i] = make_int2(p.y ^ p.x, p.x + 7);
  }
}
#endif  // __CUDACC__

int main(int argc, char** argv) {
  int w = argc > 1 && atoi(argv[1]) > 0 ? atoi(argv[1]) : 100;
  int h = w * 2 / 3 + 1;
  Lcg rng(6);
  std::vector<float> hin(w * h), out(w * h);
  for (auto& v : hin) v = static_cast<float>(rng.small());
  float *din, *dout;
  CUDA_CHECK(cudaMalloc(&din, w * h * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dout, w * h * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(din, hin.data(), w * h * sizeof(float), cudaMemcpyHostToDevice));

  auto check = [&](const char* what) {
    CUDA_CHECK(cudaMemcpy(out.data(), dout, w * h * sizeof(float), cudaMemcpyDeviceToHost));
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        if (out[x * h + y] != hin[y * w + x])
          mismatch("%s (%d,%d) = %g want %g", what, x, y, out[x * h + y], hin[y * w + x]);
  };

  CUDA_CHECK(cudaMemset(dout, 0, w * h * sizeof(float)));
  LAUNCH(transpose_naive, dim3((w + 15) / 16, (h + 15) / 16), dim3(16, 16))(din, dout, w, h);
  CUDA_CHECK(cudaGetLastError());
  check("transpose_naive");

  dim3 tgrid((w + kTile - 1) / kTile, (h + kTile - 1) / kTile), tblock(kTile, kRows);
  CUDA_CHECK(cudaMemset(dout, 0, w * h * sizeof(float)));
  LAUNCH(transpose_tiled<1>, tgrid, tblock)(din, dout, w, h);
  CUDA_CHECK(cudaGetLastError());
  check("transpose_tiled<pad 1>");

  CUDA_CHECK(cudaMemset(dout, 0, w * h * sizeof(float)));
  LAUNCH(transpose_tiled<0>, tgrid, tblock)(din, dout, w, h);
  CUDA_CHECK(cudaGetLastError());
  check("transpose_tiled<pad 0>");

  // Vector copies.
  const int nv = 4096;
  std::vector<float4> h4(nv), r4(nv);
  std::vector<int2> h2(nv), r2(nv);
  for (int i = 0; i < nv; ++i) {
    h4[i] = make_float4(static_cast<float>(rng.small()), static_cast<float>(rng.small()),
                        static_cast<float>(rng.small()), static_cast<float>(rng.small()));
    h2[i] = make_int2(static_cast<int>(rng.next() >> 1), static_cast<int>(rng.next() >> 2));
  }
  float4 *d4i, *d4o;
  int2 *d2i, *d2o;
  CUDA_CHECK(cudaMalloc(&d4i, nv * sizeof(float4)));
  CUDA_CHECK(cudaMalloc(&d4o, nv * sizeof(float4)));
  CUDA_CHECK(cudaMalloc(&d2i, nv * sizeof(int2)));
  CUDA_CHECK(cudaMalloc(&d2o, nv * sizeof(int2)));
  CUDA_CHECK(cudaMemcpy(d4i, h4.data(), nv * sizeof(float4), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d2i, h2.data(), nv * sizeof(int2), cudaMemcpyHostToDevice));
  LAUNCH(copy_vectors, (nv + 127) / 128, 128)(d4i, d4o, d2i, d2o, nv);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(r4.data(), d4o, nv * sizeof(float4), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(r2.data(), d2o, nv * sizeof(int2), cudaMemcpyDeviceToHost));
  for (int i = 0; i < nv; ++i) {
    const float4& v = h4[i];
    if (r4[i].x != v.w || r4[i].y != v.z * 2.0f || r4[i].z != v.y || r4[i].w != v.x - 1.0f)
      mismatch("copy_vectors float4[%d]", i);
    if (r2[i].x != (h2[i].y ^ h2[i].x) || r2[i].y != h2[i].x + 7)
      mismatch("copy_vectors int2[%d]", i);
  }

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(din);
  cudaFree(dout);
  cudaFree(d4i);
  cudaFree(d4o);
  cudaFree(d2i);
  cudaFree(d2o);
  return finish();
}
