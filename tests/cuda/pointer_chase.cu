// pointer_chase: one thread chases a random single-cycle permutation, reading %clock / clock() /
// clock64() before each dependent load (plain, .ca, .cg, .cs, .cv and shared memory). Checks the
// visited sequence exactly; timestamps only have to be non-decreasing.
// Usage: pointer_chase [elements]   (default 4096; 256 loads per chase)
#include <vector>

static const char* kName = "pointer_chase";
#include "test_util.h"

constexpr int kSteps = 256;

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__device__ __forceinline__ unsigned clock32() {
  unsigned t;
  asm volatile("mov.u32 %0, %%clock;" : "=r"(t));
  return t;
}

__global__ void chase_clock32(const unsigned* next, unsigned start, unsigned* visited,
                              unsigned* stamps) {
  __shared__ unsigned s_visit[kSteps];
  __shared__ unsigned s_time[kSteps + 1];
  unsigned j = start;
  for (int k = 0; k < kSteps; ++k) {
    unsigned t = clock32();
    j = next[j];
    s_visit[k] = j;  // the store waits for the load, so the next clock() follows it
    s_time[k] = t;
  }
  s_time[kSteps] = clock32();
  for (int k = 0; k < kSteps; ++k) {
    visited[k] = s_visit[k];
    stamps[k] = s_time[k];
  }
  stamps[kSteps] = s_time[kSteps];
}

template <int MODE>
__device__ __forceinline__ unsigned load_mode(const unsigned* p) {
  if (MODE == 1) return __ldca(p);
  if (MODE == 2) return __ldcg(p);
  if (MODE == 3) return __ldcs(p);
  if (MODE == 4) return __ldcv(p);
  return *p;
}

// MODE: 0 plain ld.global, 1 .ca, 2 .cg, 3 .cs, 4 .cv
template <int MODE>
__global__ void chase_clock64(const unsigned* next, unsigned start, unsigned* visited,
                              unsigned long long* stamps) {
  __shared__ unsigned s_visit[kSteps];
  __shared__ long long s_time[kSteps + 1];
  unsigned j = start;
  for (int k = 0; k < kSteps; ++k) {
    long long t = clock64();
    j = load_mode<MODE>(next + j);
    s_visit[k] = j;
    s_time[k] = t;
  }
  s_time[kSteps] = clock64();
  for (int k = 0; k < kSteps; ++k) {
    visited[k] = s_visit[k];
    __stcg(&stamps[k], static_cast<unsigned long long>(s_time[k]));
  }
  __stwt(&stamps[kSteps], static_cast<unsigned long long>(s_time[kSteps]));
}

// The whole table is copied into shared memory first (n <= 8192), then thread 0 chases it.
__global__ void chase_shared(const unsigned* next, int n, unsigned start, unsigned* visited,
                             unsigned long long* stamps) {
  extern __shared__ unsigned s_next[];
  for (int k = threadIdx.x; k < n; k += blockDim.x) s_next[k] = next[k];
  __syncthreads();
  if (threadIdx.x != 0) return;
  unsigned j = start;
  for (int k = 0; k < kSteps; ++k) {
    clock_t t = clock();
    j = s_next[j];
    visited[k] = j;
    stamps[k] = static_cast<unsigned long long>(t);
  }
  stamps[kSteps] = static_cast<unsigned long long>(clock());
}
#endif  // __CUDACC__

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  if (n < 2) n = 2;
  if (n > 8192) n = 8192;  // the shared-memory chase holds the whole table
  Lcg rng(15);
  // Sattolo's algorithm: a random permutation that is one single cycle.
  std::vector<unsigned> next(n);
  for (int i = 0; i < n; ++i) next[i] = i;
  for (int i = n - 1; i > 0; --i) {
    int j = static_cast<int>(rng.next() % i);
    unsigned t = next[i];
    next[i] = next[j];
    next[j] = t;
  }
  const unsigned start = static_cast<unsigned>(rng.next() % n);
  std::vector<unsigned> want(kSteps);
  {
    unsigned j = start;
    for (int k = 0; k < kSteps; ++k) want[k] = j = next[j];
  }
  unsigned *dnext, *dvisit, *dstamp32;
  unsigned long long* dstamp64;
  CUDA_CHECK(cudaMalloc(&dnext, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dvisit, kSteps * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dstamp32, (kSteps + 1) * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dstamp64, (kSteps + 1) * sizeof(unsigned long long)));
  CUDA_CHECK(cudaMemcpy(dnext, next.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  std::vector<unsigned> visit(kSteps), s32(kSteps + 1);
  std::vector<unsigned long long> s64(kSteps + 1);

  auto check_visits = [&](const char* what) {
    CUDA_CHECK(cudaMemcpy(visit.data(), dvisit, kSteps * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (int k = 0; k < kSteps; ++k)
      if (visit[k] != want[k])
        mismatch("%s step %d visited %u want %u", what, k, visit[k], want[k]);
  };
  auto check_stamps64 = [&](const char* what) {
    CUDA_CHECK(cudaMemcpy(s64.data(), dstamp64, (kSteps + 1) * sizeof(unsigned long long),
                          cudaMemcpyDeviceToHost));
    for (int k = 0; k < kSteps; ++k)
      if (s64[k + 1] < s64[k]) mismatch("%s clock64 decreased at step %d", what, k);
  };

  CUDA_CHECK(cudaMemset(dvisit, 0xff, kSteps * sizeof(unsigned)));
  LAUNCH(chase_clock32, 1, 1)(dnext, start, dvisit, dstamp32);
  CUDA_CHECK(cudaGetLastError());
  check_visits("chase_clock32");
  CUDA_CHECK(
      cudaMemcpy(s32.data(), dstamp32, (kSteps + 1) * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int k = 0; k < kSteps; ++k)
    if (s32[k + 1] - s32[k] >= 0x80000000u)  // unsigned difference: tolerates one wrap
      mismatch("chase_clock32 clock decreased at step %d (%u -> %u)", k, s32[k], s32[k + 1]);

  const char* names[5] = {"chase_clock64<ld>", "chase_clock64<ca>", "chase_clock64<cg>",
                          "chase_clock64<cs>", "chase_clock64<cv>"};
  for (int mode = 0; mode < 5; ++mode) {
    CUDA_CHECK(cudaMemset(dvisit, 0xff, kSteps * sizeof(unsigned)));
    switch (mode) {
      case 0:
        LAUNCH(chase_clock64<0>, 1, 1)(dnext, start, dvisit, dstamp64);
        break;
      case 1:
        LAUNCH(chase_clock64<1>, 1, 1)(dnext, start, dvisit, dstamp64);
        break;
      case 2:
        LAUNCH(chase_clock64<2>, 1, 1)(dnext, start, dvisit, dstamp64);
        break;
      case 3:
        LAUNCH(chase_clock64<3>, 1, 1)(dnext, start, dvisit, dstamp64);
        break;
      default:
        LAUNCH(chase_clock64<4>, 1, 1)(dnext, start, dvisit, dstamp64);
        break;
    }
    CUDA_CHECK(cudaGetLastError());
    check_visits(names[mode]);
    check_stamps64(names[mode]);
  }

  CUDA_CHECK(cudaMemset(dvisit, 0xff, kSteps * sizeof(unsigned)));
  LAUNCH(chase_shared, 1, 128, n * sizeof(unsigned))(dnext, n, start, dvisit, dstamp64);
  CUDA_CHECK(cudaGetLastError());
  check_visits("chase_shared");
  check_stamps64("chase_shared");

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(dnext);
  cudaFree(dvisit);
  cudaFree(dstamp32);
  cudaFree(dstamp64);
  return finish();
}
