// divergence: control flow that splits warps: nested loops with data-dependent trip counts,
// break and continue at both levels, a goto out of two loops, a do-while with continue, early
// returns from inside a loop, a switch with fall-through, and a full-warp ballot after divergent
// loops (the warp must have reconverged by then).
// Usage: divergence [n]   (default n = 8192)
#include <vector>

static const char* kName = "divergence";
#include "test_util.h"

constexpr unsigned kFull = 0xffffffffu;

// The per-thread work, compiled for both sides: the kernels run nvcc's PTX of it, the host
// reference the host compiler's code.
__host__ __device__ inline int nested_walk(unsigned v) {
  int acc = 0;
  for (int a = 0; a < 8 + static_cast<int>(v & 7); ++a) {
    if (((v >> (a & 15)) & 3) == 1) continue;
    for (int b = 0; b < static_cast<int>((v >> 3) & 15) + a; ++b) {
      if ((b ^ a ^ static_cast<int>(v & 0xff)) % 5 == 0) continue;
      acc += a * 3 + b;
      if (acc > static_cast<int>(v & 0x3ff) + 200) break;
    }
    if (acc & 0x100) break;
    acc ^= a << 4;
  }
  return acc;
}

__host__ __device__ inline int find_cell(unsigned v) {
  int found = -1;
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) {
      unsigned h = (v * 2654435761u) ^ (static_cast<unsigned>(r) * 0x9e37u + c * 0x85ebu);
      if ((h & 0xff) < (v & 7)) {
        found = r * 16 + c;
        goto done;
      }
      if (((h >> 8) & 0x1f) == 3) break;
    }
  }
done:
  return found;
}

__host__ __device__ inline unsigned do_while_skip(unsigned v) {
  unsigned x = v | 1, sum = 0;
  int k = 0;
  do {
    x = x * 1103515245u + 12345u;
    if ((x >> 16) % 3 == 0) continue;  // jumps to the condition
    sum += x >> 24;
  } while (++k < static_cast<int>(v % 23) + 1 && sum < 2000);
  return sum ^ static_cast<unsigned>(k);
}

__host__ __device__ inline int switch_chain(unsigned v) {
  int acc = static_cast<int>(v & 0xff);
  switch (v % 7) {
    case 0:
      acc += 11;
      [[fallthrough]];
    case 1:
      acc *= 3;
      break;
    case 2:
      acc -= 100;
      [[fallthrough]];
    case 3:
      acc ^= 0x55;
      [[fallthrough]];
    case 4:
      acc *= 4;
      break;
    case 5:
      while (acc > 7) acc = (acc >> 1) + (acc & 1);
      break;
    default:
      acc = -acc;
  }
  return acc;
}

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void structured_kernel(const unsigned* in, int* walk, int* cell, unsigned* skip, int* sw,
                                  int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned v = in[i];
  walk[i] = nested_walk(v);
  cell[i] = find_cell(v);
  skip[i] = do_while_skip(v);
  sw[i] = switch_chain(v);
}

// Lanes leave at different iterations; each writes its result just before it returns.
__global__ void early_exit_kernel(const unsigned* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned v = in[i];
  int s = 0;
  for (int k = 0; k < 64; ++k) {
    v = v * 1664525u + 1013904223u;
    if ((v >> 28) == 0xf) {
      out[i] = -k - 1;
      return;
    }
    s += static_cast<int>(v >> 29);
    if (s > 150 && (v & 1)) {
      out[i] = s * 1000 + k;
      return;
    }
  }
  out[i] = s;
}

// Every lane runs its own loop nest, then the whole warp votes: the ballot needs all 32 lanes,
// so the divergent paths must have reconverged. Threads past n work on a clamped index instead
// of returning, so warps stay full.
__global__ void reconverge_kernel(const unsigned* in, unsigned* ballots, int* values, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = in[i < n ? i : n - 1];
  int acc = nested_walk(v ^ 0x5bd1e995u);
  for (int k = 0; k < static_cast<int>(v & 31); ++k) {
    if (k % 3 == 2) continue;
    acc += k;
    if (acc % 17 == 0) break;
  }
  unsigned ballot = __ballot_sync(kFull, acc & 1);
  if (i < n) values[i] = acc;
  if ((threadIdx.x & 31) == 0) ballots[i / 32] = ballot;
}
#endif  // __CUDACC__

static int early_exit_ref(unsigned v) {
  int s = 0;
  for (int k = 0; k < 64; ++k) {
    v = v * 1664525u + 1013904223u;
    if ((v >> 28) == 0xf) return -k - 1;
    s += static_cast<int>(v >> 29);
    if (s > 150 && (v & 1)) return s * 1000 + k;
  }
  return s;
}

static int reconverge_ref(unsigned v) {
  int acc = nested_walk(v ^ 0x5bd1e995u);
  for (int k = 0; k < static_cast<int>(v & 31); ++k) {
    if (k % 3 == 2) continue;
    acc += k;
    if (acc % 17 == 0) break;
  }
  return acc;
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8192;
  if (n < 1) n = 1;
  Lcg rng(31);
  std::vector<unsigned> hin(n);
  for (auto& v : hin) v = rng.next();
  const int block = 128, grid = (n + block - 1) / block;
  unsigned *din, *dskip, *dballots;
  int *dwalk, *dcell, *dsw, *dout;
  CUDA_CHECK(cudaMalloc(&din, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dwalk, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dcell, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dskip, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dsw, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dout, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dballots, grid * block / 32 * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(din, hin.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));

  LAUNCH(structured_kernel, grid, block)(din, dwalk, dcell, dskip, dsw, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<int> walk(n), cell(n), sw(n), out(n);
  std::vector<unsigned> skip(n);
  CUDA_CHECK(cudaMemcpy(walk.data(), dwalk, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(cell.data(), dcell, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(skip.data(), dskip, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(sw.data(), dsw, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    const unsigned v = hin[i];
    if (walk[i] != nested_walk(v))
      mismatch("nested_walk[%d] = %d want %d", i, walk[i], nested_walk(v));
    if (cell[i] != find_cell(v)) mismatch("find_cell[%d] = %d want %d", i, cell[i], find_cell(v));
    if (skip[i] != do_while_skip(v))
      mismatch("do_while_skip[%d] = %u want %u", i, skip[i], do_while_skip(v));
    if (sw[i] != switch_chain(v))
      mismatch("switch_chain[%d] = %d want %d", i, sw[i], switch_chain(v));
  }

  LAUNCH(early_exit_kernel, grid, block)(din, dout, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (out[i] != early_exit_ref(hin[i]))
      mismatch("early_exit_kernel[%d] = %d want %d", i, out[i], early_exit_ref(hin[i]));

  LAUNCH(reconverge_kernel, grid, block)(din, dballots, dout, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<unsigned> ballots(grid * block / 32);
  CUDA_CHECK(cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(ballots.data(), dballots, ballots.size() * sizeof(unsigned),
                        cudaMemcpyDeviceToHost));
  for (int w = 0; w < static_cast<int>(ballots.size()); ++w) {
    unsigned want = 0;
    for (int lane = 0; lane < 32; ++lane) {
      const int i = w * 32 + lane;
      const int acc = reconverge_ref(hin[i < n ? i : n - 1]);
      if (i < n && out[i] != acc) mismatch("reconverge_kernel[%d] = %d want %d", i, out[i], acc);
      want |= static_cast<unsigned>(acc & 1) << lane;
    }
    if (ballots[w] != want) mismatch("ballot of warp %d = %08x want %08x", w, ballots[w], want);
  }

  cudaFree(din);
  cudaFree(dwalk);
  cudaFree(dcell);
  cudaFree(dskip);
  cudaFree(dsw);
  cudaFree(dout);
  cudaFree(dballots);
  return finish();
}
