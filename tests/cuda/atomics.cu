// atomics: atomicAdd (int/u64/float/double, _block/_system), Sub/Min/Max/And/Or/Xor/Exch, CAS
// (16/32/64-bit), Inc/Dec, CAS loops and unique returned tickets, on global and shared memory;
// a spin lock built from atomicCAS + __threadfence around plain volatile data.
// Usage: atomics [n]   (default n = 16384)
#include <vector>

static const char* kName = "atomics";
#include "test_util.h"

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__device__ float cas_fmax(float* addr, float v) {
  int* a = reinterpret_cast<int*>(addr);
  int old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, __float_as_int(fmaxf(v, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

__device__ double cas_add_double(double* addr, double v) {
  unsigned long long* a = reinterpret_cast<unsigned long long*>(addr);
  unsigned long long old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, __double_as_longlong(__longlong_as_double(assumed) + v));
  } while (assumed != old);
  return __longlong_as_double(old);
}

__device__ unsigned hash32(int v) { return static_cast<unsigned>(v) * 2654435761u; }

__global__ void atomic_global_ops(const int* in, int n, int* iacc, unsigned* uacc,
                                  unsigned long long* ull, long long* sll, float* facc,
                                  double* dacc, unsigned* tickets) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = in[i];
  unsigned h = hash32(v + i);
  atomicAdd(&iacc[0], v);
  atomicSub(&iacc[1], v);
  atomicMin(&iacc[2], v);
  atomicMax(&iacc[3], v);
  atomicAdd_block(&iacc[4], 1);
  atomicAdd_system(&iacc[5], 2);
  atomicAnd(&uacc[0], h | 0xff00ff00u);
  atomicOr(&uacc[1], h & 0x0010a004u);
  atomicXor(&uacc[2], h);
  atomicInc(&uacc[3], 1000u);
  atomicDec(&uacc[4], 777u);
  atomicMin(&uacc[5], h);
  atomicMax(&uacc[6], h);
  tickets[i] = atomicAdd(&uacc[7], 1u);
  atomicAdd(&ull[0], static_cast<unsigned long long>(h) * 3u);
  atomicMin(&ull[1], static_cast<unsigned long long>(h) << 20);
  atomicMax(&ull[2], static_cast<unsigned long long>(h) << 20);
  atomicAnd(&ull[3], ~(1ull << (h & 63)));
  atomicOr(&ull[4], 1ull << (v & 63));
  atomicXor(&ull[5], static_cast<unsigned long long>(h) << (v & 31));
  atomicMin(&sll[0], static_cast<long long>(v) * 1000000007LL);
  atomicMax(&sll[1], static_cast<long long>(v) * 1000000007LL);
  atomicAdd(&facc[0], (v % 64) * 0.125f);  // exact: multiples of 1/8 with small sums
  cas_fmax(&facc[1], v * 0.5f);
  atomicAdd(&dacc[0], v / 1024.0);
  cas_add_double(&dacc[1], v / 64.0);
}

__global__ void atomic_exch_cas(const int* targets, int* slots, int* won, int* old_exch,
                                int* exch_cell, unsigned long long* slots64,
                                unsigned short* slots16, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int t = targets[i];
  int prev = atomicCAS(&slots[t], -1, i);
  unsigned long long prev64 = atomicCAS(&slots64[t], ~0ull, (1ull << 40) + i);
  unsigned short prev16 = atomicCAS(&slots16[t], static_cast<unsigned short>(0xffff),
                                    static_cast<unsigned short>(i & 0x7fff));
  won[i] = (prev == -1) + 2 * (prev64 == ~0ull) + 4 * (prev16 == 0xffff);
  old_exch[i] = atomicExch(&exch_cell[0], i);
}

__global__ void atomic_shared_ops(const int* in, int n, int* out, int* order) {
  __shared__ int s_sum, s_min, s_max;
  __shared__ unsigned s_or, s_inc, s_cnt;
  __shared__ unsigned long long s_ull;
  __shared__ float s_f;
  __shared__ int s_claim;
  __shared__ int s_order[256];
  int tid = threadIdx.x;
  if (tid == 0) {
    s_sum = 0;
    s_min = 0x7fffffff;
    s_max = -0x7fffffff - 1;
    s_or = 0;
    s_inc = 0;
    s_cnt = 0;
    s_ull = 0;
    s_f = 0.0f;
    s_claim = -1;
  }
  __syncthreads();
  int i = blockIdx.x * blockDim.x + tid;
  if (i < n) {
    int v = in[i];
    atomicAdd(&s_sum, v);
    atomicMin(&s_min, v);
    atomicMax(&s_max, v);
    atomicOr(&s_or, 1u << (v & 31));
    atomicInc(&s_inc, 63u);
    atomicAdd(&s_ull, static_cast<unsigned long long>(v + 1000) << 20);
    atomicAdd(&s_f, v * 0.25f);
    if (v > 0) atomicCAS(&s_claim, -1, tid);
  }
  unsigned slot = atomicAdd(&s_cnt, 1u);
  s_order[slot] = tid;
  __syncthreads();
  order[blockIdx.x * blockDim.x + tid] = s_order[tid];
  if (tid == 0) {
    int* o = out + blockIdx.x * 10;
    o[0] = s_sum;
    o[1] = s_min;
    o[2] = s_max;
    o[3] = static_cast<int>(s_or);
    o[4] = static_cast<int>(s_inc);
    o[5] = static_cast<int>(s_ull >> 20);
    o[6] = static_cast<int>(s_ull & 0xfffff);
    o[7] = static_cast<int>(s_f * 4.0f);
    o[8] = s_claim;
    o[9] = static_cast<int>(s_cnt);
  }
}

// One thread per block takes the lock, so no warp ever spins against itself.
__global__ void spin_lock_kernel(int* lock, volatile int* counter, int* log, int iters) {
  if (threadIdx.x == 0) {
    for (int k = 0; k < iters; ++k) {
      while (atomicCAS(lock, 0, 1) != 0) {
      }
      __threadfence();
      int c = *counter;
      log[c] = blockIdx.x;
      *counter = c + 1;
      __threadfence();
      atomicExch(lock, 0);
    }
  }
}
#endif  // __CUDACC__

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 16384;
  if (n < 1) n = 1;
  Lcg rng(4);
  std::vector<int> hin(n);
  for (auto& v : hin) v = static_cast<int>(rng.next() % 2001) - 1000;
  int* din;
  CUDA_CHECK(cudaMalloc(&din, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(din, hin.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  const int block = 256, grid = (n + block - 1) / block;

  // ---- global atomics ----
  int h_iacc[6] = {5, 5, 0x7fffffff, -0x7fffffff - 1, 0, 0};
  unsigned h_uacc[8] = {0xffffffffu, 0, 0x12345678u, 0, 0, 0xffffffffu, 0, 0};
  unsigned long long h_ull[6] = {7, ~0ull, 0, ~0ull, 0, 0xabcdefull};
  long long h_sll[2] = {0x7fffffffffffffffLL, -0x7fffffffffffffffLL - 1};
  float h_facc[2] = {0.0f, -1e30f};
  double h_dacc[2] = {0.5, 0.0};
  int* d_iacc;
  unsigned *d_uacc, *d_tickets;
  unsigned long long* d_ull;
  long long* d_sll;
  float* d_facc;
  double* d_dacc;
  CUDA_CHECK(cudaMalloc(&d_iacc, sizeof h_iacc));
  CUDA_CHECK(cudaMalloc(&d_uacc, sizeof h_uacc));
  CUDA_CHECK(cudaMalloc(&d_ull, sizeof h_ull));
  CUDA_CHECK(cudaMalloc(&d_sll, sizeof h_sll));
  CUDA_CHECK(cudaMalloc(&d_facc, sizeof h_facc));
  CUDA_CHECK(cudaMalloc(&d_dacc, sizeof h_dacc));
  CUDA_CHECK(cudaMalloc(&d_tickets, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(d_iacc, h_iacc, sizeof h_iacc, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_uacc, h_uacc, sizeof h_uacc, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_ull, h_ull, sizeof h_ull, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_sll, h_sll, sizeof h_sll, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_facc, h_facc, sizeof h_facc, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_dacc, h_dacc, sizeof h_dacc, cudaMemcpyHostToDevice));
  // clang-format off
  LAUNCH(atomic_global_ops, grid, block)(din, n, d_iacc, d_uacc, d_ull, d_sll, d_facc, d_dacc,
                                         d_tickets);
  // clang-format on
  CUDA_CHECK(cudaGetLastError());
  int r_iacc[6];
  unsigned r_uacc[8];
  unsigned long long r_ull[6];
  long long r_sll[2];
  float r_facc[2];
  double r_dacc[2];
  std::vector<unsigned> tickets(n);
  CUDA_CHECK(cudaMemcpy(r_iacc, d_iacc, sizeof r_iacc, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(r_uacc, d_uacc, sizeof r_uacc, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(r_ull, d_ull, sizeof r_ull, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(r_sll, d_sll, sizeof r_sll, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(r_facc, d_facc, sizeof r_facc, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(r_dacc, d_dacc, sizeof r_dacc, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(tickets.data(), d_tickets, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    int v = hin[i];
    unsigned h = static_cast<unsigned>(v + i) * 2654435761u;
    h_iacc[0] += v;
    h_iacc[1] -= v;
    h_iacc[2] = v < h_iacc[2] ? v : h_iacc[2];
    h_iacc[3] = v > h_iacc[3] ? v : h_iacc[3];
    h_iacc[4] += 1;
    h_iacc[5] += 2;
    h_uacc[0] &= h | 0xff00ff00u;
    h_uacc[1] |= h & 0x0010a004u;
    h_uacc[2] ^= h;
    h_uacc[3] = h_uacc[3] >= 1000u ? 0 : h_uacc[3] + 1;
    h_uacc[4] = (h_uacc[4] == 0 || h_uacc[4] > 777u) ? 777u : h_uacc[4] - 1;
    h_uacc[5] = h < h_uacc[5] ? h : h_uacc[5];
    h_uacc[6] = h > h_uacc[6] ? h : h_uacc[6];
    h_uacc[7] += 1;
    h_ull[0] += static_cast<unsigned long long>(h) * 3u;
    unsigned long long hs = static_cast<unsigned long long>(h) << 20;
    h_ull[1] = hs < h_ull[1] ? hs : h_ull[1];
    h_ull[2] = hs > h_ull[2] ? hs : h_ull[2];
    h_ull[3] &= ~(1ull << (h & 63));
    h_ull[4] |= 1ull << (v & 63);
    h_ull[5] ^= static_cast<unsigned long long>(h) << (v & 31);
    long long sv = static_cast<long long>(v) * 1000000007LL;
    h_sll[0] = sv < h_sll[0] ? sv : h_sll[0];
    h_sll[1] = sv > h_sll[1] ? sv : h_sll[1];
    h_facc[0] += (v % 64) * 0.125f;
    h_facc[1] = v * 0.5f > h_facc[1] ? v * 0.5f : h_facc[1];
    h_dacc[0] += v / 1024.0;
    h_dacc[1] += v / 64.0;
  }
  for (int k = 0; k < 6; ++k)
    if (r_iacc[k] != h_iacc[k]) mismatch("int atomic %d = %d want %d", k, r_iacc[k], h_iacc[k]);
  for (int k = 0; k < 8; ++k)
    if (r_uacc[k] != h_uacc[k])
      mismatch("unsigned atomic %d = %08x want %08x", k, r_uacc[k], h_uacc[k]);
  for (int k = 0; k < 6; ++k)
    if (r_ull[k] != h_ull[k]) mismatch("u64 atomic %d = %llx want %llx", k, r_ull[k], h_ull[k]);
  for (int k = 0; k < 2; ++k)
    if (r_sll[k] != h_sll[k]) mismatch("s64 atomic %d = %lld want %lld", k, r_sll[k], h_sll[k]);
  for (int k = 0; k < 2; ++k)
    if (r_facc[k] != h_facc[k]) mismatch("float atomic %d = %g want %g", k, r_facc[k], h_facc[k]);
  for (int k = 0; k < 2; ++k)
    if (r_dacc[k] != h_dacc[k])
      mismatch("double atomic %d = %.17g want %.17g", k, r_dacc[k], h_dacc[k]);
  {
    std::vector<int> seen(n, 0);
    for (int i = 0; i < n; ++i) {
      if (tickets[i] >= static_cast<unsigned>(n) || seen[tickets[i]]++)
        mismatch("atomicAdd tickets not a permutation (thread %d got %u)", i, tickets[i]);
    }
  }

  // ---- exchange and compare-and-swap ----
  const int nslots = 97;
  std::vector<int> targets(n);
  for (auto& t : targets) t = static_cast<int>(rng.next() % (nslots - 7));  // 7 slots untouched
  int *d_targets, *d_slots, *d_won, *d_old, *d_cell;
  unsigned long long* d_slots64;
  unsigned short* d_slots16;
  CUDA_CHECK(cudaMalloc(&d_targets, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_slots, nslots * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_slots64, nslots * sizeof(unsigned long long)));
  CUDA_CHECK(cudaMalloc(&d_slots16, nslots * sizeof(unsigned short)));
  CUDA_CHECK(cudaMalloc(&d_won, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_old, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_cell, sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_targets, targets.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_slots, 0xff, nslots * sizeof(int)));
  CUDA_CHECK(cudaMemset(d_slots64, 0xff, nslots * sizeof(unsigned long long)));
  CUDA_CHECK(cudaMemset(d_slots16, 0xff, nslots * sizeof(unsigned short)));
  CUDA_CHECK(cudaMemset(d_cell, 0xff, sizeof(int)));
  // clang-format off
  LAUNCH(atomic_exch_cas, grid, block)(d_targets, d_slots, d_won, d_old, d_cell, d_slots64,
                                       d_slots16, n);
  // clang-format on
  CUDA_CHECK(cudaGetLastError());
  std::vector<int> slots(nslots), won(n), olds(n);
  std::vector<unsigned long long> slots64(nslots);
  std::vector<unsigned short> slots16(nslots);
  int cell;
  CUDA_CHECK(cudaMemcpy(slots.data(), d_slots, nslots * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(slots64.data(), d_slots64, nslots * sizeof(unsigned long long),
                        cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(slots16.data(), d_slots16, nslots * sizeof(unsigned short),
                        cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(won.data(), d_won, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(olds.data(), d_old, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&cell, d_cell, sizeof(int), cudaMemcpyDeviceToHost));
  {
    // Each width elects its own winner (lanes of one warp may be ordered differently).
    std::vector<int> winners(3 * nslots, 0), targeted(nslots, 0);
    for (int i = 0; i < n; ++i) {
      int t = targets[i];
      targeted[t] = 1;
      if ((won[i] & 1) != 0) {
        ++winners[t];
        if (slots[t] != i) mismatch("CAS slot %d holds %d but thread %d won", t, slots[t], i);
      }
      if ((won[i] & 2) != 0) {
        ++winners[nslots + t];
        if (slots64[t] != (1ull << 40) + i) mismatch("CAS64 slot %d mismatch", t);
      }
      if ((won[i] & 4) != 0) {
        ++winners[2 * nslots + t];
        if (slots16[t] != (i & 0x7fff)) mismatch("CAS16 slot %d mismatch", t);
      }
    }
    for (int t = 0; t < nslots; ++t) {
      for (int w = 0; w < 3; ++w)
        if (winners[w * nslots + t] != targeted[t])
          mismatch("CAS width %d slot %d: %d winners, targeted %d", w, t, winners[w * nslots + t],
                   targeted[t]);
      if (!targeted[t] && (slots[t] != -1 || slots64[t] != ~0ull || slots16[t] != 0xffff))
        mismatch("CAS slot %d written but never targeted", t);
    }
    // atomicExch: the returned values plus the final value are {-1, 0, ..., n-1}, each once.
    std::vector<int> seen(n + 1, 0);
    olds.push_back(cell);
    for (int v : olds) {
      if (v < -1 || v >= n || seen[v + 1]++) {
        mismatch("atomicExch chain broken at value %d", v);
        break;
      }
    }
  }

  // ---- shared-memory atomics ----
  int *d_sout, *d_order;
  CUDA_CHECK(cudaMalloc(&d_sout, grid * 10 * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_order, grid * block * sizeof(int)));
  LAUNCH(atomic_shared_ops, grid, block)(din, n, d_sout, d_order);
  CUDA_CHECK(cudaGetLastError());
  std::vector<int> sout(grid * 10), order(grid * block);
  CUDA_CHECK(cudaMemcpy(sout.data(), d_sout, sout.size() * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(order.data(), d_order, order.size() * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < grid; ++b) {
    int sum = 0, mn = 0x7fffffff, mx = -0x7fffffff - 1, cnt = 0;
    unsigned orr = 0, inc = 0;
    unsigned long long ull = 0;
    float f = 0.0f;
    bool any_positive = false;
    for (int i = b * block; i < n && i < (b + 1) * block; ++i) {
      int v = hin[i];
      sum += v;
      mn = v < mn ? v : mn;
      mx = v > mx ? v : mx;
      orr |= 1u << (v & 31);
      inc = inc >= 63u ? 0 : inc + 1;
      ull += static_cast<unsigned long long>(v + 1000) << 20;
      f += v * 0.25f;
      any_positive = any_positive || v > 0;
      ++cnt;
    }
    const int* o = &sout[b * 10];
    int want[8] = {sum,
                   mn,
                   mx,
                   static_cast<int>(orr),
                   static_cast<int>(inc),
                   static_cast<int>(ull >> 20),
                   0,
                   static_cast<int>(f * 4.0f)};
    for (int k = 0; k < 8; ++k)
      if (o[k] != want[k]) mismatch("shared atomic %d block %d = %d want %d", k, b, o[k], want[k]);
    if (any_positive) {
      int c = o[8];
      if (c < 0 || c >= block || b * block + c >= n || hin[b * block + c] <= 0)
        mismatch("shared atomicCAS claim block %d = %d", b, c);
    } else if (o[8] != -1) {
      mismatch("shared atomicCAS claim block %d = %d want -1", b, o[8]);
    }
    if (o[9] != block) mismatch("shared ticket count block %d = %d want %d", b, o[9], block);
    (void)cnt;
    std::vector<int> seen(block, 0);
    for (int t = 0; t < block; ++t) {
      int v = order[b * block + t];
      if (v < 0 || v >= block || seen[v]++) {
        mismatch("shared tickets block %d not a permutation", b);
        break;
      }
    }
  }

  // ---- spin lock ----
  const int lock_blocks = 32, iters = 4;
  int *d_lock, *d_counter, *d_log;
  CUDA_CHECK(cudaMalloc(&d_lock, sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_counter, sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_log, lock_blocks * iters * sizeof(int)));
  CUDA_CHECK(cudaMemset(d_lock, 0, sizeof(int)));
  CUDA_CHECK(cudaMemset(d_counter, 0, sizeof(int)));
  CUDA_CHECK(cudaMemset(d_log, 0xff, lock_blocks * iters * sizeof(int)));
  LAUNCH(spin_lock_kernel, lock_blocks, 64)(d_lock, d_counter, d_log, iters);
  CUDA_CHECK(cudaGetLastError());
  int counter, lock;
  std::vector<int> log(lock_blocks * iters);
  CUDA_CHECK(cudaMemcpy(&counter, d_counter, sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&lock, d_lock, sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(log.data(), d_log, log.size() * sizeof(int), cudaMemcpyDeviceToHost));
  if (counter != lock_blocks * iters)
    mismatch("spin lock counter = %d want %d", counter, lock_blocks * iters);
  if (lock != 0) mismatch("spin lock left held (%d)", lock);
  {
    std::vector<int> per_block(lock_blocks, 0);
    for (int v : log) {
      if (v < 0 || v >= lock_blocks) {
        mismatch("spin lock log entry %d", v);
        break;
      }
      ++per_block[v];
    }
    for (int b = 0; b < lock_blocks; ++b)
      if (per_block[b] != iters) mismatch("spin lock block %d entered %d times", b, per_block[b]);
  }

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(din);
  cudaFree(d_iacc);
  cudaFree(d_uacc);
  cudaFree(d_ull);
  cudaFree(d_sll);
  cudaFree(d_facc);
  cudaFree(d_dacc);
  cudaFree(d_tickets);
  cudaFree(d_targets);
  cudaFree(d_slots);
  cudaFree(d_slots64);
  cudaFree(d_slots16);
  cudaFree(d_won);
  cudaFree(d_old);
  cudaFree(d_cell);
  cudaFree(d_sout);
  cudaFree(d_order);
  cudaFree(d_lock);
  cudaFree(d_counter);
  cudaFree(d_log);
  return finish();
}
