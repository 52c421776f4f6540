// concurrent_streams: kernels launched back to back on three created streams, the per-thread
// default stream and the legacy default stream, with nothing in between that synchronizes, so a
// timing model runs them concurrently where CUDA's ordering rules allow: kernels of one stream in
// order, a legacy-default-stream kernel after everything launched before it and before
// everything launched after it. Each kernel reads what an earlier one wrote, so a broken order
// gives wrong numbers. Then cudaStreamSynchronize, a second round, cudaDeviceSynchronize.
// Usage: concurrent_streams [n]   (default n = 4096)
#include <vector>

static const char* kName = "concurrent_streams";
#include "test_util.h"

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void iota(unsigned* x, unsigned base, unsigned step, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = base + step * i;
}

__global__ void axpb(unsigned* x, unsigned a, unsigned b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = a * x[i] + b;
}

// A longer kernel: `rounds` dependent multiply-adds per element.
__global__ void chain(unsigned* x, int rounds, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned v = x[i];
    for (int r = 0; r < rounds; ++r) v = v * 5u + static_cast<unsigned>(r);
    x[i] = v;
  }
}

__global__ void combine(const unsigned* a, const unsigned* b, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] - 2u * b[i];
}
#endif  // __CUDACC__

namespace {

unsigned chain_ref(unsigned v, int rounds) {
  for (int r = 0; r < rounds; ++r) v = v * 5u + static_cast<unsigned>(r);
  return v;
}

void check(const char* what, const std::vector<unsigned>& got, const std::vector<unsigned>& want) {
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] != want[i]) mismatch("%s[%zu] = %u want %u", what, i, got[i], want[i]);
  }
}

std::vector<unsigned> fetch(const unsigned* device, int n) {
  std::vector<unsigned> host(n);
  CUDA_CHECK(cudaMemcpy(host.data(), device, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  return host;
}

}  // namespace

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  if (n < 1) n = 1;
  const int block = 128, grid = (n + block - 1) / block;
  unsigned *a, *b, *c, *d, *e, *f;
  for (unsigned** p : {&a, &b, &c, &d, &e, &f}) CUDA_CHECK(cudaMalloc(p, n * sizeof(unsigned)));
  cudaStream_t s1, s2, s3;
  CUDA_CHECK(cudaStreamCreate(&s1));
  CUDA_CHECK(cudaStreamCreate(&s2));
  CUDA_CHECK(cudaStreamCreate(&s3));

  // Round 1: nine launches, no synchronizing call between them.
  LAUNCH(iota, grid, block, 0, s1)(a, 1u, 2u, n);    // a = 1 + 2i
  LAUNCH(axpb, grid, block, 0, s1)(a, 3u, 4u, n);    // a = 3a + 4: after the iota on s1
  LAUNCH(iota, grid, block, 0, s2)(b, 100u, 1u, n);  // independent of s1
  LAUNCH(chain, grid, block, 0, s2)(b, 16, n);
  LAUNCH(iota, grid, block, 0, s3)(c, 7u, 5u, n);
  LAUNCH(combine, grid, block)(a, b, d, n);         // legacy stream: after all of the above
  LAUNCH(combine, grid, block, 0, s3)(d, c, e, n);  // after the legacy-stream kernel
  LAUNCH(axpb, grid, block, 0, s1)(a, 1u, 1u, n);   // after it too: it read a
  LAUNCH(iota, grid, block, 0, cudaStreamPerThread)(f, 9u, 3u, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaStreamSynchronize(s3));

  std::vector<unsigned> want_a(n), want_b(n), want_d(n), want_e(n), want_f(n);
  for (int i = 0; i < n; ++i) {
    const unsigned u = static_cast<unsigned>(i);
    const unsigned a1 = 3u * (1u + 2u * u) + 4u;
    want_b[i] = chain_ref(100u + u, 16);
    want_d[i] = a1 - 2u * want_b[i];
    want_e[i] = want_d[i] - 2u * (7u + 5u * u);
    want_a[i] = a1 + 1u;
    want_f[i] = 9u + 3u * u;
  }
  check("e after round 1", fetch(e, n), want_e);

  // Round 2: independent work on three streams, then the whole device.
  LAUNCH(chain, grid, block, 0, s2)(b, 8, n);
  LAUNCH(axpb, grid, block, 0, s1)(a, 2u, 0u, n);
  LAUNCH(axpb, grid, block, 0, cudaStreamPerThread)(f, 1u, 1u, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < n; ++i) {
    want_b[i] = chain_ref(want_b[i], 8);
    want_a[i] *= 2u;
    want_f[i] += 1u;
  }
  check("a", fetch(a, n), want_a);
  check("b", fetch(b, n), want_b);
  check("d", fetch(d, n), want_d);
  check("f", fetch(f, n), want_f);

  CUDA_CHECK(cudaStreamDestroy(s1));
  CUDA_CHECK(cudaStreamDestroy(s2));
  CUDA_CHECK(cudaStreamDestroy(s3));
  for (unsigned* p : {a, b, c, d, e, f}) CUDA_CHECK(cudaFree(p));
  return finish();
}
