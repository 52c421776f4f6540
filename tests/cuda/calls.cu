// calls: device calls that survive inlining: __noinline__ functions (.func, .param ABI, struct
// return), recursion with divergent depths (fib, tree walk), and indirect calls through a
// __device__ table of function pointers (call with .callprototype, initializer of addresses).
// Usage: calls [n]   (default n = 4096)
#include <vector>

static const char* kName = "calls";
#include "test_util.h"

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
struct Pair {
  int lo;
  int hi;
};

__device__ __noinline__ Pair split_bits(unsigned x, int shift) {
  Pair p;
  p.lo = static_cast<int>(x & ((1u << shift) - 1u));
  p.hi = static_cast<int>(x >> shift);
  return p;
}

__device__ __noinline__ float blend(float a, float b, float w) { return a * w + b * (1.0f - w); }

__device__ int fib_rec(int n) { return n < 2 ? n : fib_rec(n - 1) + fib_rec(n - 2); }

// Sum of the subtree rooted at `node` of an implicit binary tree stored in an array.
__device__ int subtree_sum(const int* tree, int node, int n) {
  if (node >= n) return 0;
  return tree[node] + subtree_sum(tree, 2 * node + 1, n) + subtree_sum(tree, 2 * node + 2, n);
}

typedef int (*BinOp)(int, int);
__device__ __noinline__ int op_add(int a, int b) { return a + b; }
__device__ __noinline__ int op_sub(int a, int b) { return a - b; }
__device__ __noinline__ int op_mul(int a, int b) { return a * b; }
__device__ __noinline__ int op_xor(int a, int b) { return a ^ b; }
__device__ BinOp d_ops[4] = {op_add, op_sub, op_mul, op_xor};

__global__ void noinline_kernel(const unsigned* in, int* out, float* fout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned v = in[i];
  Pair p = split_bits(v, 1 + static_cast<int>(v % 30));
  out[2 * i] = p.lo;
  out[2 * i + 1] = p.hi;
  fout[i] = blend(static_cast<float>(v & 255), static_cast<float>(v >> 24), 0.25f);
}

__global__ void recursive_fib_kernel(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = fib_rec((in[i] & 7) + 3);  // depths 3..10 differ between lanes
}

__global__ void tree_sum_kernel(const int* tree, int tree_n, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= tree_n) return;
  out[i] = subtree_sum(tree, i, tree_n);
}

__global__ void func_ptr_kernel(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = in[i];
  out[i] = d_ops[v & 3](v, i);
}
#endif  // __CUDACC__

static int host_fib(int n) { return n < 2 ? n : host_fib(n - 1) + host_fib(n - 2); }
static int host_subtree(const std::vector<int>& t, int node) {
  if (node >= static_cast<int>(t.size())) return 0;
  return t[node] + host_subtree(t, 2 * node + 1) + host_subtree(t, 2 * node + 2);
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  if (n < 1) n = 1;
  Lcg rng(11);
  std::vector<unsigned> hu(n);
  std::vector<int> hi(n);
  for (int i = 0; i < n; ++i) {
    hu[i] = rng.next() * 2u + (rng.next() & 1u);
    hi[i] = static_cast<int>(rng.next() % 20001) - 10000;
  }
  unsigned* du;
  int *di, *dout;
  float* dfout;
  CUDA_CHECK(cudaMalloc(&du, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&di, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dout, 2 * n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dfout, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(du, hu.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(di, hi.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  const int block = 128, grid = (n + block - 1) / block;
  std::vector<int> out(2 * n);
  std::vector<float> fout(n);

  LAUNCH(noinline_kernel, grid, block)(du, dout, dfout, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, 2 * n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(fout.data(), dfout, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    unsigned v = hu[i];
    int shift = 1 + static_cast<int>(v % 30);
    int lo = static_cast<int>(v & ((1u << shift) - 1u)), hi = static_cast<int>(v >> shift);
    if (out[2 * i] != lo || out[2 * i + 1] != hi)
      mismatch("split_bits[%d] = (%d,%d) want (%d,%d)", i, out[2 * i], out[2 * i + 1], lo, hi);
    float want = static_cast<float>(v & 255) * 0.25f + static_cast<float>(v >> 24) * 0.75f;
    if (fout[i] != want) mismatch("blend[%d] = %g want %g", i, fout[i], want);
  }

  LAUNCH(recursive_fib_kernel, grid, block)(di, dout, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    int want = host_fib((hi[i] & 7) + 3);
    if (out[i] != want) mismatch("fib_rec[%d] = %d want %d", i, out[i], want);
  }

  const int tree_n = 1000;
  std::vector<int> tree(tree_n), tout(tree_n);
  for (auto& t : tree) t = static_cast<int>(rng.next() % 100);
  int *dtree, *dtout;
  CUDA_CHECK(cudaMalloc(&dtree, tree_n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dtout, tree_n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(dtree, tree.data(), tree_n * sizeof(int), cudaMemcpyHostToDevice));
  LAUNCH(tree_sum_kernel, (tree_n + block - 1) / block, block)(dtree, tree_n, dtout);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(tout.data(), dtout, tree_n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < tree_n; ++i) {
    int want = host_subtree(tree, i);
    if (tout[i] != want) mismatch("subtree_sum[%d] = %d want %d", i, tout[i], want);
  }

  LAUNCH(func_ptr_kernel, grid, block)(di, dout, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    int v = hi[i], want;
    switch (v & 3) {
      case 0:
        want = v + i;
        break;
      case 1:
        want = v - i;
        break;
      case 2:
        want = v * i;
        break;
      default:
        want = v ^ i;
        break;
    }
    if (out[i] != want) mismatch("func_ptr[%d] = %d want %d", i, out[i], want);
  }

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(du);
  cudaFree(di);
  cudaFree(dout);
  cudaFree(dfout);
  cudaFree(dtree);
  cudaFree(dtout);
  return finish();
}
