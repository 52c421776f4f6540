// independent_threads: what Volta's independent thread scheduling lets threads of one warp do
// that a lockstep SIMT stack cannot: a spin lock with the critical section after the spin loop
// (the lane that took the lock goes on while its warp-mates spin), lanes that wait for a flag
// set by lanes on the other side of the same branch (the waiting side runs first), a lane that
// spins for another warp while its warp-mates go on to __syncthreads, __syncthreads reached from
// both sides of a divergent branch (per-thread barriers, PTX bar.sync on sm_70 and later), and
// a hand-off through __syncwarp calls on both sides of a branch.
// Needs compute capability 7.0 or later; on earlier GPUs these kernels never finish.
// Usage: independent_threads [n]   (default n = 512: threads that take the lock)
#include <vector>

static const char* kName = "independent_threads";
#include "test_util.h"

constexpr int kBlock = 128;

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
// Every thread takes the one lock, reads the counter, writes it back incremented and records
// what it read: the counter ends at n and the values read are 0..n-1, each once.
__global__ void lock_after_loop(int* lock, volatile int* counter, int* seen, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();
  int v = *counter;
  *counter = v + 1;
  seen[i] = v;
  __threadfence();
  atomicExch(lock, 0);
}

// Odd lanes wait for the flag their even neighbour sets on the other side of the branch. nvcc
// makes the waiting side the fall-through, which a SIMT stack runs first.
__global__ void neighbour_flags(volatile int* flag, int* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if ((threadIdx.x & 1) == 0) {
    flag[t] = t + 1;
    out[t] = -1;
  } else {
    while (flag[t ^ 1] == 0) {
    }
    out[t] = flag[t ^ 1] * 10;
  }
}

// Lane 0 of warp 0 waits for a value warp 1 publishes; the rest of warp 0 goes straight on to
// __syncthreads. Every thread then reads the value from shared memory.
__global__ void spin_then_barrier(int* out) {
  __shared__ volatile int published;
  __shared__ int copy;
  int t = threadIdx.x;
  if (t == 0) published = 0;
  __syncthreads();
  if (t == 0) {
    while (published == 0) {
    }
    copy = published;
  } else if (t == 32) {
    published = 1000 + blockIdx.x;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = copy + t;
}

// Even and odd lanes write their half, meet at a __syncthreads on their own side of the branch,
// and read the other half.
__global__ void divergent_barrier(int* out) {
  __shared__ int s[kBlock];
  int t = threadIdx.x;
  int r;
  if (t & 1) {
    s[t] = 3 * t;
    __syncthreads();
    r = s[t ^ 1];
  } else {
    s[t] = 5 * t;
    __syncthreads();
    r = s[t ^ 1] + 1;
  }
  out[blockIdx.x * blockDim.x + t] = r;
}
// Lane 0 of each warp publishes a value and meets its warp-mates at a __syncwarp on its own side
// of the branch; they wait at theirs (the side that runs first) before reading it.
__global__ void syncwarp_handoff(int* out) {
  __shared__ int value[kBlock / 32];
  int lane = threadIdx.x & 31;
  int w = threadIdx.x >> 5;
  int r;
  if (lane == 0) {
    value[w] = 100 * blockIdx.x + w;
    __syncwarp();
    r = -1;
  } else {
    __syncwarp();
    r = value[w] + lane;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = r;
}
#endif  // __CUDACC__

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 512;
  if (n < 1) n = 1;
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  if (prop.major < 7) {
    printf("%s: FAIL needs compute capability 7.0, the device has %d.%d\n", kName, prop.major,
           prop.minor);
    return 1;
  }
  const int nb = (n + kBlock - 1) / kBlock;
  int *dlock, *dcounter, *dseen;
  CUDA_CHECK(cudaMalloc(&dlock, sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dcounter, sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dseen, n * sizeof(int)));
  CUDA_CHECK(cudaMemset(dlock, 0, sizeof(int)));
  CUDA_CHECK(cudaMemset(dcounter, 0, sizeof(int)));
  LAUNCH(lock_after_loop, nb, kBlock)(dlock, dcounter, dseen, n);
  CUDA_CHECK(cudaGetLastError());
  int counter = 0;
  std::vector<int> seen(n);
  CUDA_CHECK(cudaMemcpy(&counter, dcounter, sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(seen.data(), dseen, n * sizeof(int), cudaMemcpyDeviceToHost));
  if (counter != n) mismatch("lock_after_loop counter = %d want %d", counter, n);
  std::vector<int> times(n, 0);
  for (int i = 0; i < n; ++i) {
    if (seen[i] < 0 || seen[i] >= n) {
      mismatch("lock_after_loop thread %d read %d", i, seen[i]);
    } else {
      ++times[seen[i]];
    }
  }
  for (int v = 0; v < n; ++v) {
    if (times[v] != 1) mismatch("lock_after_loop value %d read %d times", v, times[v]);
  }

  const int threads = 2 * kBlock;
  int *dflag, *dout;
  CUDA_CHECK(cudaMalloc(&dflag, threads * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dout, threads * sizeof(int)));
  std::vector<int> out(threads);
  CUDA_CHECK(cudaMemset(dflag, 0, threads * sizeof(int)));
  LAUNCH(neighbour_flags, 2, kBlock)(dflag, dout);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, threads * sizeof(int), cudaMemcpyDeviceToHost));
  for (int t = 0; t < threads; ++t) {
    int want = (t & 1) ? ((t ^ 1) + 1) * 10 : -1;
    if (out[t] != want) mismatch("neighbour_flags thread %d = %d want %d", t, out[t], want);
  }

  LAUNCH(spin_then_barrier, 2, kBlock)(dout);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, threads * sizeof(int), cudaMemcpyDeviceToHost));
  for (int t = 0; t < threads; ++t) {
    int want = 1000 + t / kBlock + t % kBlock;
    if (out[t] != want) mismatch("spin_then_barrier thread %d = %d want %d", t, out[t], want);
  }

  LAUNCH(divergent_barrier, 2, kBlock)(dout);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, threads * sizeof(int), cudaMemcpyDeviceToHost));
  for (int t = 0; t < threads; ++t) {
    int u = t % kBlock;
    int want = (u & 1) ? 5 * (u ^ 1) : 3 * (u ^ 1) + 1;
    if (out[t] != want) mismatch("divergent_barrier thread %d = %d want %d", t, out[t], want);
  }
  LAUNCH(syncwarp_handoff, 2, kBlock)(dout);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, threads * sizeof(int), cudaMemcpyDeviceToHost));
  for (int t = 0; t < threads; ++t) {
    int u = t % kBlock;
    int want = (u & 31) == 0 ? -1 : 100 * (t / kBlock) + u / 32 + (u & 31);
    if (out[t] != want) mismatch("syncwarp_handoff thread %d = %d want %d", t, out[t], want);
  }
  CUDA_CHECK(cudaFree(dlock));
  CUDA_CHECK(cudaFree(dcounter));
  CUDA_CHECK(cudaFree(dseen));
  CUDA_CHECK(cudaFree(dflag));
  CUDA_CHECK(cudaFree(dout));
  return finish();
}
