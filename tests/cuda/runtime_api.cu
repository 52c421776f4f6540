// runtime_api: the documented behaviour of the runtime API around the kernels: error codes,
// names and strings, the last-error state (peek vs get), invalid launch configurations,
// copies in every direction (cudaMemcpyDefault, 2D with pitches, partial memset), symbol sizes,
// offsets and range checks, device properties, non-blocking streams, and event timing rules.
// Usage: runtime_api [n]   (default n = 4096)
#include <cmath>
#include <cstring>
#include <vector>

static const char* kName = "runtime_api";
#include "test_util.h"

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__device__ int d_table[16];
__constant__ int c_bias[16];

__global__ void fill_kernel(float* p, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v + static_cast<float>(i);
}

__global__ void symbol_kernel(int* out) {
  int i = threadIdx.x;
  out[i] = d_table[i] * 10 + c_bias[i];
  d_table[i] = -i;
}
#endif  // __CUDACC__

// Checks that `call` returned `want` and leaves the last-error state clear.
#define EXPECT_ERROR(call, want)                                                           \
  do {                                                                                     \
    cudaError_t got_ = (call);                                                             \
    if (got_ != (want))                                                                    \
      mismatch("%s -> %s want %s", #call, cudaGetErrorName(got_), cudaGetErrorName(want)); \
    cudaGetLastError();                                                                    \
  } while (0)

static void check_errors() {
  if (strcmp(cudaGetErrorName(cudaErrorInvalidValue), "cudaErrorInvalidValue") != 0)
    mismatch("cudaGetErrorName(cudaErrorInvalidValue) = %s",
             cudaGetErrorName(cudaErrorInvalidValue));
  if (strcmp(cudaGetErrorString(cudaSuccess), "no error") != 0)
    mismatch("cudaGetErrorString(cudaSuccess) = %s", cudaGetErrorString(cudaSuccess));
  if (cudaErrorInvalidConfiguration != 9 || cudaErrorInvalidSymbol != 13 ||
      cudaErrorInvalidMemcpyDirection != 21 || cudaErrorInvalidDevice != 101 ||
      cudaErrorInvalidResourceHandle != 400)
    mismatch("cudaError_t numbering");
  EXPECT_ERROR(cudaFree(nullptr), cudaSuccess);
  int count = 0, device = -1;
  CUDA_CHECK(cudaGetDeviceCount(&count));
  CUDA_CHECK(cudaGetDevice(&device));
  if (count < 1 || device != 0) mismatch("device count %d, current device %d", count, device);
  EXPECT_ERROR(cudaSetDevice(count), cudaErrorInvalidDevice);
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  if (prop.warpSize != 32 || prop.maxThreadsPerBlock < 1024 || prop.major < 7 ||
      prop.multiProcessorCount < 1 || prop.totalGlobalMem == 0)
    mismatch("device properties: warp %d, threads %d, cc %d.%d, %d SMs", prop.warpSize,
             prop.maxThreadsPerBlock, prop.major, prop.minor, prop.multiProcessorCount);
  size_t free_bytes = 0, total_bytes = 0;
  CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  if (total_bytes == 0 || free_bytes > total_bytes)
    mismatch("cudaMemGetInfo: %zu free of %zu", free_bytes, total_bytes);
}

// A bad configuration fails the launch without running it; peek keeps the error, get clears it.
static void check_launch_errors(float* dp, int n) {
  LAUNCH(fill_kernel, 1, 2048)(dp, 1.0f, n);
  if (cudaPeekAtLastError() != cudaErrorInvalidConfiguration ||
      cudaPeekAtLastError() != cudaErrorInvalidConfiguration)
    mismatch("peek after a 2048-thread block: %s", cudaGetErrorName(cudaPeekAtLastError()));
  if (cudaGetLastError() != cudaErrorInvalidConfiguration || cudaGetLastError() != cudaSuccess)
    mismatch("get after a 2048-thread block does not report then clear the error");
  LAUNCH(fill_kernel, 0, 128)(dp, 1.0f, n);
  EXPECT_ERROR(cudaGetLastError(), cudaErrorInvalidConfiguration);
  LAUNCH(fill_kernel, dim3(1, 1, 1), dim3(1, 1, 65))(dp, 1.0f, n);  // z is limited to 64
  EXPECT_ERROR(cudaGetLastError(), cudaErrorInvalidConfiguration);
  float first = -1.0f;
  CUDA_CHECK(cudaMemcpy(&first, dp, sizeof first, cudaMemcpyDeviceToHost));
  if (first != 0.0f) mismatch("a failed launch wrote %g", first);
}

static void check_copies(float* dp, int n) {
  std::vector<float> h(n), back(n);
  for (int i = 0; i < n; ++i) h[i] = static_cast<float>(i) * 0.5f;
  float* dq;
  CUDA_CHECK(cudaMalloc(&dq, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dp, h.data(), n * sizeof(float), cudaMemcpyDefault));
  CUDA_CHECK(cudaMemcpy(dq, dp, n * sizeof(float), cudaMemcpyDefault));
  CUDA_CHECK(cudaMemset(dq + 1, 0, 2 * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(back.data(), dq, n * sizeof(float), cudaMemcpyDefault));
  for (int i = 0; i < n; ++i) {
    const float want = i == 1 || i == 2 ? 0.0f : h[i];
    if (back[i] != want) mismatch("default-kind round trip [%d] = %g want %g", i, back[i], want);
  }
  // 7: no such direction, yet a value the enum can hold (anything larger would be UB to form).
  EXPECT_ERROR(cudaMemcpy(dq, dp, 4, static_cast<cudaMemcpyKind>(7)),
               cudaErrorInvalidMemcpyDirection);
  CUDA_CHECK(cudaMemcpy(dq, dp, 0, cudaMemcpyDeviceToDevice));
  // 2D: 5 rows of 3 floats from a host pitch of 7 floats to a device pitch of 4 floats.
  std::vector<float> src(5 * 7), rows(5 * 4, -1.0f);
  for (int i = 0; i < 35; ++i) src[i] = static_cast<float>(i);
  CUDA_CHECK(cudaMemset(dq, 0xff, 5 * 4 * sizeof(float)));
  CUDA_CHECK(cudaMemcpy2D(dq, 4 * sizeof(float), src.data(), 7 * sizeof(float), 3 * sizeof(float),
                          5, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(rows.data(), dq, rows.size() * sizeof(float), cudaMemcpyDeviceToHost));
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 4; ++c) {
      float got = rows[r * 4 + c];
      if (c < 3 ? got != src[r * 7 + c] : !std::isnan(got))  // column 3 keeps the 0xff fill
        mismatch("cudaMemcpy2D row %d col %d = %g", r, c, got);
    }
  EXPECT_ERROR(cudaMemcpy2D(dq, 2 * sizeof(float), src.data(), 7 * sizeof(float), 3 * sizeof(float),
                            5, cudaMemcpyHostToDevice),
               cudaErrorInvalidPitchValue);
  CUDA_CHECK(cudaFree(dq));
}

static void check_symbols() {
  size_t size = 0;
  CUDA_CHECK(cudaGetSymbolSize(&size, SYMBOL(d_table)));
  if (size != 16 * sizeof(int)) mismatch("cudaGetSymbolSize(d_table) = %zu", size);
  int zeros[16] = {}, part[4] = {7, 8, 9, 10}, bias[16];
  for (int i = 0; i < 16; ++i) bias[i] = 1000 * i;
  CUDA_CHECK(cudaMemcpyToSymbol(SYMBOL(d_table), zeros, sizeof zeros));
  CUDA_CHECK(cudaMemcpyToSymbol(SYMBOL(d_table), part, sizeof part, 2 * sizeof(int)));
  CUDA_CHECK(cudaMemcpyToSymbol(SYMBOL(c_bias), bias, sizeof bias));
  EXPECT_ERROR(cudaMemcpyToSymbol(SYMBOL(d_table), part, sizeof part, 13 * sizeof(int)),
               cudaErrorInvalidValue);
  int* dout;
  CUDA_CHECK(cudaMalloc(&dout, 16 * sizeof(int)));
  LAUNCH(symbol_kernel, 1, 16)(dout);
  CUDA_CHECK(cudaGetLastError());
  int out[16], table[16], tail[2];
  CUDA_CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpyFromSymbol(table, SYMBOL(d_table), sizeof table));
  CUDA_CHECK(cudaMemcpyFromSymbol(tail, SYMBOL(d_table), sizeof tail, 14 * sizeof(int)));
  for (int i = 0; i < 16; ++i) {
    const int before = i >= 2 && i < 6 ? part[i - 2] : 0;
    if (out[i] != before * 10 + bias[i]) mismatch("symbol_kernel[%d] = %d", i, out[i]);
    if (table[i] != -i) mismatch("d_table[%d] after the kernel = %d", i, table[i]);
  }
  if (tail[0] != -14 || tail[1] != -15) mismatch("d_table tail = %d %d", tail[0], tail[1]);
  CUDA_CHECK(cudaFree(dout));
}

static void check_streams_and_events(float* dp, int n) {
  cudaStream_t s;
  cudaEvent_t a, b, untimed, unrecorded;
  CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  CUDA_CHECK(cudaEventCreate(&a));
  CUDA_CHECK(cudaEventCreate(&b));
  CUDA_CHECK(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming));
  CUDA_CHECK(cudaEventCreate(&unrecorded));
  CUDA_CHECK(cudaEventRecord(a, s));
  LAUNCH(fill_kernel, (n + 255) / 256, 256, 0, s)(dp, 3.0f, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(b, s));
  CUDA_CHECK(cudaEventRecord(untimed, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
  float ms = -1.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
  if (!(ms >= 0.0f)) mismatch("elapsed time %g", ms);
  EXPECT_ERROR(cudaEventElapsedTime(&ms, a, untimed), cudaErrorInvalidResourceHandle);
  EXPECT_ERROR(cudaEventElapsedTime(&ms, a, unrecorded), cudaErrorInvalidResourceHandle);
  EXPECT_ERROR(cudaEventQuery(b), cudaSuccess);
  std::vector<float> h(n);
  CUDA_CHECK(cudaMemcpyAsync(h.data(), dp, n * sizeof(float), cudaMemcpyDeviceToHost, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
  for (int i = 0; i < n; ++i)
    if (h[i] != 3.0f + static_cast<float>(i))
      mismatch("fill_kernel on a stream [%d] = %g", i, h[i]);
  CUDA_CHECK(cudaEventDestroy(a));
  CUDA_CHECK(cudaEventDestroy(b));
  CUDA_CHECK(cudaEventDestroy(untimed));
  CUDA_CHECK(cudaEventDestroy(unrecorded));
  CUDA_CHECK(cudaStreamDestroy(s));
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  if (n < 35) n = 35;
  float* dp;
  CUDA_CHECK(cudaMalloc(&dp, n * sizeof(float)));
  CUDA_CHECK(cudaMemset(dp, 0, n * sizeof(float)));
  check_errors();
  check_launch_errors(dp, n);
  check_copies(dp, n);
  check_symbols();
  check_streams_and_events(dp, n);
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(dp));
  return finish();
}
