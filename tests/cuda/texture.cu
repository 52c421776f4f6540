// texture: tex1Dfetch over linear memory (int, float4), tex2D over a cudaArray (point sampling,
// clamp and normalized/wrap addressing), tex1D over a uchar4 cudaArray, and __ldg loads.
// Usage: texture [n]   (default n = 4096)
#include <vector>

static const char* kName = "texture";
#include "test_util.h"

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void tex1d_fetch_linear(cudaTextureObject_t ti, cudaTextureObject_t tf4, int* out,
                                   float* fout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int j = (i * 7 + 3) % n;  // scattered
  out[i] = tex1Dfetch<int>(ti, j);
  float4 v = tex1Dfetch<float4>(tf4, i / 4);
  fout[i] = (i & 3) == 0 ? v.x : (i & 3) == 1 ? v.y : (i & 3) == 2 ? v.z : v.w;
}

// Reads a (w + 4) x (h + 4) window starting 2 texels before the array: clamp addressing.
__global__ void tex2d_array_read(cudaTextureObject_t tc, cudaTextureObject_t tw, float* out,
                                 float* wout, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w + 4 && y < h + 4) {
    out[y * (w + 4) + x] = tex2D<float>(tc, x - 2 + 0.5f, y - 2 + 0.5f);
  }
  if (x < w && y < h) {
    float u = (x + 0.5f) / w, v = (y + 0.5f) / h;
    float shift = (x + y) % 3 == 0 ? 1.0f : ((x + y) % 3 == 1 ? -1.0f : 0.0f);
    wout[y * w + x] = tex2D<float>(tw, u + shift, v - shift);
  }
}

__global__ void tex1d_array_uchar4(cudaTextureObject_t t, unsigned* out, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= w) return;
  uchar4 c = tex1D<uchar4>(t, x + 0.5f);
  out[x] = (static_cast<unsigned>(c.w) << 24) | (static_cast<unsigned>(c.z) << 16) |
           (static_cast<unsigned>(c.y) << 8) | c.x;
}

__global__ void ldg_kernel(const float* __restrict__ a, const float4* b, const double* c,
                           const int2* d, float* out, double* dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 v = __ldg(&b[i]);
  int2 q = __ldg(&d[i]);
  out[i] = a[i] + v.x - v.y + v.z * 2.0f - v.w + static_cast<float>(q.x - q.y);
  dout[i] = __ldg(&c[i]) * 0.5;
}
#endif  // __CUDACC__

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  if (n < 4) n = 4;
  n &= ~3;
  Lcg rng(16);
  const int block = 128, grid = (n + block - 1) / block;

  // ---- linear memory ----
  std::vector<int> hi(n);
  std::vector<float> hf(n);
  for (auto& v : hi) v = static_cast<int>(rng.next()) - 0x40000000;
  for (auto& v : hf) v = static_cast<float>(rng.small());
  int* di;
  float* df;
  CUDA_CHECK(cudaMalloc(&di, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&df, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(di, hi.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(df, hf.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  cudaTextureDesc td = {};
  td.addressMode[0] = cudaAddressModeClamp;
  td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModePoint;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = 0;
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = di;
  rd.res.linear.desc = cudaCreateChannelDesc<int>();
  rd.res.linear.sizeInBytes = n * sizeof(int);
  cudaTextureObject_t tex_i = 0, tex_f4 = 0;
  CUDA_CHECK(cudaCreateTextureObject(&tex_i, &rd, &td, nullptr));
  rd.res.linear.devPtr = df;
  rd.res.linear.desc = cudaCreateChannelDesc<float4>();
  rd.res.linear.sizeInBytes = n * sizeof(float);
  CUDA_CHECK(cudaCreateTextureObject(&tex_f4, &rd, &td, nullptr));
  int* dout;
  float* dfout;
  CUDA_CHECK(cudaMalloc(&dout, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dfout, n * sizeof(float)));
  LAUNCH(tex1d_fetch_linear, grid, block)(tex_i, tex_f4, dout, dfout, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<int> iout(n);
  std::vector<float> fout(n);
  CUDA_CHECK(cudaMemcpy(iout.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(fout.data(), dfout, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    int want = hi[(i * 7 + 3) % n];
    if (iout[i] != want) mismatch("tex1Dfetch<int>[%d] = %d want %d", i, iout[i], want);
    if (fout[i] != hf[i]) mismatch("tex1Dfetch<float4>[%d] = %g want %g", i, fout[i], hf[i]);
  }

  // ---- 2D cudaArray ----
  const int w = 64, h = 32;
  std::vector<float> img(w * h);
  for (auto& v : img) v = static_cast<float>(rng.small());
  cudaChannelFormatDesc fdesc = cudaCreateChannelDesc<float>();
  cudaArray_t arr2d;
  CUDA_CHECK(cudaMallocArray(&arr2d, &fdesc, w, h));
  CUDA_CHECK(cudaMemcpy2DToArray(arr2d, 0, 0, img.data(), w * sizeof(float), w * sizeof(float), h,
                                 cudaMemcpyHostToDevice));
  cudaResourceDesc ra = {};
  ra.resType = cudaResourceTypeArray;
  ra.res.array.array = arr2d;
  cudaTextureObject_t tex_clamp = 0, tex_wrap = 0;
  CUDA_CHECK(cudaCreateTextureObject(&tex_clamp, &ra, &td, nullptr));
  cudaTextureDesc tdw = td;
  tdw.addressMode[0] = cudaAddressModeWrap;
  tdw.addressMode[1] = cudaAddressModeWrap;
  tdw.normalizedCoords = 1;
  CUDA_CHECK(cudaCreateTextureObject(&tex_wrap, &ra, &tdw, nullptr));
  float *dimg, *dwimg;
  CUDA_CHECK(cudaMalloc(&dimg, (w + 4) * (h + 4) * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dwimg, w * h * sizeof(float)));
  dim3 b2(16, 8), g2((w + 4 + 15) / 16, (h + 4 + 7) / 8);
  LAUNCH(tex2d_array_read, g2, b2)(tex_clamp, tex_wrap, dimg, dwimg, w, h);
  CUDA_CHECK(cudaGetLastError());
  std::vector<float> cimg((w + 4) * (h + 4)), wimg(w * h);
  CUDA_CHECK(cudaMemcpy(cimg.data(), dimg, cimg.size() * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(wimg.data(), dwimg, wimg.size() * sizeof(float), cudaMemcpyDeviceToHost));
  for (int y = 0; y < h + 4; ++y)
    for (int x = 0; x < w + 4; ++x) {
      int sx = x - 2 < 0 ? 0 : (x - 2 >= w ? w - 1 : x - 2);
      int sy = y - 2 < 0 ? 0 : (y - 2 >= h ? h - 1 : y - 2);
      float want = img[sy * w + sx];
      if (cimg[y * (w + 4) + x] != want)
        mismatch("tex2D clamp (%d,%d) = %g want %g", x - 2, y - 2, cimg[y * (w + 4) + x], want);
    }
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (wimg[y * w + x] != img[y * w + x])
        mismatch("tex2D wrap (%d,%d) = %g want %g", x, y, wimg[y * w + x], img[y * w + x]);

  // ---- 1D cudaArray of uchar4 ----
  const int w1 = 300;
  std::vector<uchar4> row(w1);
  for (auto& c : row) {
    unsigned r = rng.next();
    c = make_uchar4(r & 0xff, (r >> 8) & 0xff, (r >> 16) & 0xff, (r >> 23) & 0xff);
  }
  cudaChannelFormatDesc cdesc = cudaCreateChannelDesc<uchar4>();
  cudaArray_t arr1d;
  CUDA_CHECK(cudaMallocArray(&arr1d, &cdesc, w1, 0));
  CUDA_CHECK(cudaMemcpy2DToArray(arr1d, 0, 0, row.data(), w1 * sizeof(uchar4), w1 * sizeof(uchar4),
                                 1, cudaMemcpyHostToDevice));
  ra.res.array.array = arr1d;
  cudaTextureObject_t tex_u4 = 0;
  CUDA_CHECK(cudaCreateTextureObject(&tex_u4, &ra, &td, nullptr));
  unsigned* du4;
  CUDA_CHECK(cudaMalloc(&du4, w1 * sizeof(unsigned)));
  LAUNCH(tex1d_array_uchar4, (w1 + 127) / 128, 128)(tex_u4, du4, w1);
  CUDA_CHECK(cudaGetLastError());
  std::vector<unsigned> u4(w1);
  CUDA_CHECK(cudaMemcpy(u4.data(), du4, w1 * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int x = 0; x < w1; ++x) {
    const uchar4& c = row[x];
    unsigned want = (static_cast<unsigned>(c.w) << 24) | (static_cast<unsigned>(c.z) << 16) |
                    (static_cast<unsigned>(c.y) << 8) | c.x;
    if (u4[x] != want) mismatch("tex1D<uchar4>[%d] = %08x want %08x", x, u4[x], want);
  }

  // ---- __ldg ----
  std::vector<float4> hb(n);
  std::vector<double> hc(n);
  std::vector<int2> hd(n);
  for (int i = 0; i < n; ++i) {
    hb[i] = make_float4(static_cast<float>(rng.small()), static_cast<float>(rng.small()),
                        static_cast<float>(rng.small()), static_cast<float>(rng.small()));
    hc[i] = rng.small() * 1e10;
    hd[i] = make_int2(static_cast<int>(rng.next() % 1000), static_cast<int>(rng.next() % 1000));
  }
  float4* db4;
  double *dc, *ddout;
  int2* dd2;
  CUDA_CHECK(cudaMalloc(&db4, n * sizeof(float4)));
  CUDA_CHECK(cudaMalloc(&dc, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dd2, n * sizeof(int2)));
  CUDA_CHECK(cudaMalloc(&ddout, n * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(db4, hb.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dc, hc.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dd2, hd.data(), n * sizeof(int2), cudaMemcpyHostToDevice));
  LAUNCH(ldg_kernel, grid, block)(df, db4, dc, dd2, dfout, ddout, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<double> dres(n);
  CUDA_CHECK(cudaMemcpy(fout.data(), dfout, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(dres.data(), ddout, n * sizeof(double), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    const float4& v = hb[i];
    // Multiples of 1/256 below 2^11: every partial sum is exact, so evaluation order is free.
    float want = hf[i] + v.x - v.y + v.z * 2.0f - v.w + static_cast<float>(hd[i].x - hd[i].y);
    if (fout[i] != want) mismatch("ldg float[%d] = %g want %g", i, fout[i], want);
    if (dres[i] != hc[i] * 0.5) mismatch("ldg double[%d] = %g want %g", i, dres[i], hc[i] * 0.5);
  }

  CUDA_CHECK(cudaDestroyTextureObject(tex_i));
  CUDA_CHECK(cudaDestroyTextureObject(tex_f4));
  CUDA_CHECK(cudaDestroyTextureObject(tex_clamp));
  CUDA_CHECK(cudaDestroyTextureObject(tex_wrap));
  CUDA_CHECK(cudaDestroyTextureObject(tex_u4));
  CUDA_CHECK(cudaFreeArray(arr2d));
  CUDA_CHECK(cudaFreeArray(arr1d));
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(di);
  cudaFree(df);
  cudaFree(dout);
  cudaFree(dfout);
  cudaFree(dimg);
  cudaFree(dwimg);
  cudaFree(du4);
  cudaFree(db4);
  cudaFree(dc);
  cudaFree(dd2);
  cudaFree(ddout);
  return finish();
}
