// memspaces: __constant__ arrays (uniform and divergent reads), __device__ variables with
// initializers and the *Symbol API, local arrays indexed dynamically (.local), and a struct
// passed by value as a kernel parameter.
// Usage: memspaces [n]   (default n = 8192)
#include <algorithm>
#include <vector>

static const char* kName = "memspaces";
#include "test_util.h"

struct Params {
  int n;
  float scale;
  double offset;
  int taps[5];
  char tag;
  short bias;
  const float* src;
  unsigned long long mask;
};

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__constant__ float c_poly[8];
__constant__ int c_table[256];
__device__ int g_scale;
__device__ unsigned g_counter;
__device__ float g_lut[8] = {0.5f, 1.0f, 1.5f, 2.0f, -0.5f, -1.0f, -1.5f, -2.0f};

__global__ void const_mem_kernel(const int* in, float* out, int* out2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = in[i];
  float x = (v & 3) * 0.5f;
  float p = c_poly[7];
  for (int k = 6; k >= 0; --k) p = p * x + c_poly[k];  // every thread reads the same word
  out[i] = p + g_lut[v & 7];
  out2[i] = c_table[v & 255] * g_scale;  // divergent constant reads
  atomicAdd(&g_counter, 1u);
}

__global__ void local_array_kernel(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int buf[48];
  unsigned v = static_cast<unsigned>(in[i]);
#pragma unroll 1
  for (int j = 0; j < 48; ++j) buf[j] = static_cast<int>((v * (j + 1)) ^ j);
  unsigned idx = v % 48;
  int acc = 0;
#pragma unroll 1
  for (int k = 0; k < 12; ++k) {
    acc += buf[idx];
    buf[(idx + 5) % 48] += k;
    idx = (idx * 7 + static_cast<unsigned>(buf[idx])) % 48;
  }
  out[i] = acc;
}

__global__ void local_sort_kernel(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a[16];
#pragma unroll 1
  for (int j = 0; j < 16; ++j) a[j] = in[i * 16 + j];
#pragma unroll 1
  for (int j = 1; j < 16; ++j) {  // insertion sort: data-dependent inner trip count
    float key = a[j];
    int k = j - 1;
    while (k >= 0 && a[k] > key) {
      a[k + 1] = a[k];
      --k;
    }
    a[k + 1] = key;
  }
#pragma unroll 1
  for (int j = 0; j < 16; ++j) out[i * 16 + j] = a[j];
}

__global__ void struct_param_kernel(Params p, double* out, unsigned long long* out64) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= p.n) return;
  float r = p.src[i] * p.scale + static_cast<float>(p.taps[i % 5]) + p.bias + p.tag;
  out[i] = r + p.offset;
  out64[i] = p.mask >> (i & 63);
}
#endif  // __CUDACC__

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8192;
  if (n < 1) n = 1;
  Lcg rng(10);
  std::vector<int> hin(n);
  for (auto& v : hin) v = static_cast<int>(rng.next() % 100000);
  int* din;
  CUDA_CHECK(cudaMalloc(&din, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(din, hin.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  const int block = 128, grid = (n + block - 1) / block;

  // ---- constant memory and __device__ variables ----
  float poly[8];
  int table[256];
  for (int k = 0; k < 8; ++k) poly[k] = static_cast<float>(static_cast<int>(rng.next() % 9) - 4);
  for (int k = 0; k < 256; ++k) table[k] = static_cast<int>(rng.next() % 1000) - 500;
  const int scale = 3;
  const unsigned counter0 = 100;
  CUDA_CHECK(cudaMemcpyToSymbol(SYMBOL(c_poly), poly, sizeof poly));
  CUDA_CHECK(cudaMemcpyToSymbol(SYMBOL(c_table), table, sizeof table));
  CUDA_CHECK(cudaMemcpyToSymbol(SYMBOL(g_scale), &scale, sizeof scale));
  CUDA_CHECK(cudaMemcpyToSymbol(SYMBOL(g_counter), &counter0, sizeof counter0));
  float* dout;
  int* dout2;
  CUDA_CHECK(cudaMalloc(&dout, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dout2, n * sizeof(int)));
  LAUNCH(const_mem_kernel, grid, block)(din, dout, dout2, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<float> fout(n);
  std::vector<int> iout(n);
  unsigned counter = 0;
  float lut[8];
  CUDA_CHECK(cudaMemcpy(fout.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(iout.data(), dout2, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpyFromSymbol(&counter, SYMBOL(g_counter), sizeof counter));
  CUDA_CHECK(cudaMemcpyFromSymbol(lut, SYMBOL(g_lut), sizeof lut));
  void* lut_addr = nullptr;
  CUDA_CHECK(cudaGetSymbolAddress(&lut_addr, SYMBOL(g_lut)));
  float lut3 = 0.0f;
  CUDA_CHECK(
      cudaMemcpy(&lut3, static_cast<float*>(lut_addr) + 3, sizeof(float), cudaMemcpyDeviceToHost));
  if (lut[5] != -1.0f || lut3 != 2.0f) mismatch("g_lut initializer: %g %g", lut[5], lut3);
  if (counter != counter0 + static_cast<unsigned>(n))
    mismatch("g_counter = %u want %u", counter, counter0 + n);
  for (int i = 0; i < n; ++i) {
    int v = hin[i];
    float x = (v & 3) * 0.5f;
    float p = poly[7];
    for (int k = 6; k >= 0; --k) p = p * x + poly[k];  // exact: small dyadic values
    float want = p + lut[v & 7];
    if (fout[i] != want) mismatch("const_mem_kernel poly[%d] = %g want %g", i, fout[i], want);
    if (iout[i] != table[v & 255] * scale)
      mismatch("const_mem_kernel table[%d] = %d want %d", i, iout[i], table[v & 255] * scale);
  }

  // ---- local arrays ----
  LAUNCH(local_array_kernel, grid, block)(din, dout2, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(iout.data(), dout2, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    int buf[48];
    unsigned v = static_cast<unsigned>(hin[i]);
    for (int j = 0; j < 48; ++j) buf[j] = static_cast<int>((v * (j + 1)) ^ j);
    unsigned idx = v % 48;
    int acc = 0;
    for (int k = 0; k < 12; ++k) {
      acc += buf[idx];
      buf[(idx + 5) % 48] += k;
      idx = (idx * 7 + static_cast<unsigned>(buf[idx])) % 48;
    }
    if (iout[i] != acc) mismatch("local_array_kernel[%d] = %d want %d", i, iout[i], acc);
  }

  const int ns = n < 2048 ? n : 2048;
  std::vector<float> keys(ns * 16), sorted(ns * 16);
  for (auto& k : keys) k = static_cast<float>(rng.small());
  float *dkeys, *dsorted;
  CUDA_CHECK(cudaMalloc(&dkeys, ns * 16 * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dsorted, ns * 16 * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dkeys, keys.data(), ns * 16 * sizeof(float), cudaMemcpyHostToDevice));
  LAUNCH(local_sort_kernel, (ns + block - 1) / block, block)(dkeys, dsorted, ns);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(sorted.data(), dsorted, ns * 16 * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < ns; ++i) {
    std::vector<float> want(keys.begin() + i * 16, keys.begin() + i * 16 + 16);
    std::sort(want.begin(), want.end());
    for (int j = 0; j < 16; ++j)
      if (sorted[i * 16 + j] != want[j])
        mismatch("local_sort_kernel[%d][%d] = %g want %g", i, j, sorted[i * 16 + j], want[j]);
  }

  // ---- struct by value ----
  std::vector<float> src(n);
  for (auto& s : src) s = static_cast<float>(static_cast<int>(rng.next() % 2000) - 1000);
  float* dsrc;
  double* dres;
  unsigned long long* dres64;
  CUDA_CHECK(cudaMalloc(&dsrc, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dres, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dres64, n * sizeof(unsigned long long)));
  CUDA_CHECK(cudaMemcpy(dsrc, src.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  Params p;
  p.n = n;
  p.scale = 0.5f;
  p.offset = 0.125;
  for (int k = 0; k < 5; ++k) p.taps[k] = 10 * k - 17;
  p.tag = 'A';
  p.bias = -300;
  p.src = dsrc;
  p.mask = 0xfedcba9876543210ull;
  LAUNCH(struct_param_kernel, grid, block)(p, dres, dres64);
  CUDA_CHECK(cudaGetLastError());
  std::vector<double> res(n);
  std::vector<unsigned long long> res64(n);
  CUDA_CHECK(cudaMemcpy(res.data(), dres, n * sizeof(double), cudaMemcpyDeviceToHost));
  CUDA_CHECK(
      cudaMemcpy(res64.data(), dres64, n * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    float r = src[i] * p.scale + static_cast<float>(p.taps[i % 5]) + p.bias + p.tag;
    double want = r + p.offset;
    if (res[i] != want) mismatch("struct_param_kernel[%d] = %g want %g", i, res[i], want);
    if (res64[i] != p.mask >> (i & 63)) mismatch("struct_param_kernel mask[%d]", i);
  }

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(din);
  cudaFree(dout);
  cudaFree(dout2);
  cudaFree(dkeys);
  cudaFree(dsorted);
  cudaFree(dsrc);
  cudaFree(dres);
  cudaFree(dres64);
  return finish();
}
