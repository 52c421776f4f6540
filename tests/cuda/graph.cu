// graph: irregular kernels over a CSR graph: level-synchronous and frontier-queue BFS (atomicCAS,
// atomicAdd), CSR SpMV and Collatz step counts: divergence and data-dependent loop trip counts.
// Usage: graph [vertices]   (default 4096)
#include <queue>
#include <vector>

static const char* kName = "graph";
#include "test_util.h"

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void bfs_level_step(const int* rowptr, const int* col, int* level, int* changed, int cur,
                               int n) {
  int u = blockIdx.x * blockDim.x + threadIdx.x;
  if (u >= n || level[u] != cur) return;
  for (int e = rowptr[u]; e < rowptr[u + 1]; ++e) {
    int v = col[e];
    if (level[v] == -1) {
      level[v] = cur + 1;  // every writer stores the same value
      *changed = 1;
    }
  }
}

__global__ void bfs_queue_step(const int* rowptr, const int* col, int* level, const int* frontier,
                               int fsize, int* next, int* next_size, int cur) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= fsize) return;
  int u = frontier[k];
  int end = rowptr[u + 1];
  for (int e = rowptr[u]; e < end; ++e) {
    int v = col[e];
    if (level[v] != -1) continue;
    if (atomicCAS(&level[v], -1, cur + 1) == -1) next[atomicAdd(next_size, 1)] = v;
  }
}

__global__ void spmv_csr(const int* rowptr, const int* col, const float* val, const float* x,
                         float* y, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n) return;
  float acc = 0.0f;
  for (int e = rowptr[r]; e < rowptr[r + 1]; ++e) acc += val[e] * x[col[e]];
  y[r] = acc;
}

__global__ void collatz_steps(const unsigned* in, int* steps, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = in[i];
  int s = 0;
  while (x > 1) {
    if (x & 1) {
      x = 3 * x + 1;
    } else {
      x >>= 1;
    }
    if (++s > 100000) break;
  }
  steps[i] = s;
}
#endif  // __CUDACC__

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  if (n < 2) n = 2;
  Lcg rng(9);
  // Random out-degrees 0..7, every 64th vertex a hub with 40 edges, plus a sparse "spine".
  std::vector<int> rowptr(n + 1, 0), col;
  std::vector<float> val;
  for (int u = 0; u < n; ++u) {
    int deg = (u % 64 == 0) ? 40 : static_cast<int>(rng.next() % 8);
    for (int k = 0; k < deg; ++k) {
      col.push_back(static_cast<int>(rng.next() % n));
      val.push_back(static_cast<float>(static_cast<int>(rng.next() % 9) - 4));
    }
    if (u % 5 == 0 && u + 1 < n) {
      col.push_back(u + 1);
      val.push_back(1.0f);
    }
    rowptr[u + 1] = static_cast<int>(col.size());
  }
  const int m = static_cast<int>(col.size());

  // CPU reference BFS from vertex 0.
  std::vector<int> want_level(n, -1);
  {
    std::queue<int> q;
    want_level[0] = 0;
    q.push(0);
    while (!q.empty()) {
      int u = q.front();
      q.pop();
      for (int e = rowptr[u]; e < rowptr[u + 1]; ++e)
        if (want_level[col[e]] == -1) {
          want_level[col[e]] = want_level[u] + 1;
          q.push(col[e]);
        }
    }
  }

  int *d_rowptr, *d_col, *d_level, *d_flag, *d_front, *d_next, *d_size;
  CUDA_CHECK(cudaMalloc(&d_rowptr, (n + 1) * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_col, m * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_level, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_flag, sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_front, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_next, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_size, sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_rowptr, rowptr.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_col, col.data(), m * sizeof(int), cudaMemcpyHostToDevice));
  const int block = 128, blocks = (n + block - 1) / block;
  std::vector<int> level(n);
  const int zero = 0;

  // Level-synchronous BFS.
  CUDA_CHECK(cudaMemset(d_level, 0xff, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_level, &zero, sizeof(int), cudaMemcpyHostToDevice));
  for (int cur = 0; cur < n; ++cur) {
    int changed = 0;
    CUDA_CHECK(cudaMemcpy(d_flag, &zero, sizeof(int), cudaMemcpyHostToDevice));
    LAUNCH(bfs_level_step, blocks, block)(d_rowptr, d_col, d_level, d_flag, cur, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(&changed, d_flag, sizeof(int), cudaMemcpyDeviceToHost));
    if (!changed) break;
  }
  CUDA_CHECK(cudaMemcpy(level.data(), d_level, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int u = 0; u < n; ++u)
    if (level[u] != want_level[u])
      mismatch("bfs_level_step level[%d] = %d want %d", u, level[u], want_level[u]);

  // Frontier-queue BFS.
  CUDA_CHECK(cudaMemset(d_level, 0xff, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_level, &zero, sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_front, &zero, sizeof(int), cudaMemcpyHostToDevice));
  int fsize = 1;
  for (int cur = 0; fsize > 0 && cur < n; ++cur) {
    CUDA_CHECK(cudaMemcpy(d_size, &zero, sizeof(int), cudaMemcpyHostToDevice));
    const int fblocks = (fsize + block - 1) / block;
    // clang-format off
    LAUNCH(bfs_queue_step, fblocks, block)(d_rowptr, d_col, d_level, d_front, fsize, d_next,
                                           d_size, cur);
    // clang-format on
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(&fsize, d_size, sizeof(int), cudaMemcpyDeviceToHost));
    std::swap(d_front, d_next);
  }
  CUDA_CHECK(cudaMemcpy(level.data(), d_level, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int u = 0; u < n; ++u)
    if (level[u] != want_level[u])
      mismatch("bfs_queue_step level[%d] = %d want %d", u, level[u], want_level[u]);

  // SpMV.
  std::vector<float> x(n), y(n);
  for (auto& v : x) v = static_cast<float>(static_cast<int>(rng.next() % 21) - 10);
  float *d_val, *d_x, *d_y;
  CUDA_CHECK(cudaMalloc(&d_val, m * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_val, val.data(), m * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  LAUNCH(spmv_csr, (n + block - 1) / block, block)(d_rowptr, d_col, d_val, d_x, d_y, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(y.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int r = 0; r < n; ++r) {
    float acc = 0.0f;
    for (int e = rowptr[r]; e < rowptr[r + 1]; ++e) acc += val[e] * x[col[e]];
    if (y[r] != acc) mismatch("spmv_csr y[%d] = %g want %g", r, y[r], acc);
  }

  // Collatz.
  std::vector<unsigned> cin(n);
  std::vector<int> csteps(n);
  for (auto& v : cin) v = 1 + rng.next() % 10000;
  unsigned* d_cin;
  int* d_steps;
  CUDA_CHECK(cudaMalloc(&d_cin, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&d_steps, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_cin, cin.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  LAUNCH(collatz_steps, (n + block - 1) / block, block)(d_cin, d_steps, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(csteps.data(), d_steps, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    unsigned v = cin[i];
    int s = 0;
    while (v > 1) {
      v = (v & 1) ? 3 * v + 1 : v >> 1;
      ++s;
    }
    if (csteps[i] != s) mismatch("collatz_steps[%d] (x=%u) = %d want %d", i, cin[i], csteps[i], s);
  }

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(d_rowptr);
  cudaFree(d_col);
  cudaFree(d_level);
  cudaFree(d_flag);
  cudaFree(d_front);
  cudaFree(d_next);
  cudaFree(d_size);
  cudaFree(d_val);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_cin);
  cudaFree(d_steps);
  return finish();
}
