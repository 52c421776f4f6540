// The Mars-style MapReduce pipeline the four mars/ workloads share, written from the published
// design (He, Fang, Luo, Govindaraju, Wang, "Mars: a MapReduce framework on graphics processors",
// PACT 2008) and the facts of the Mars release's runtime: 256-thread blocks and one input record
// per map thread (DEFAULT_DIMBLOCK, DEFAULT_NUMTASK), a MapCount kernel in which every thread
// counts the records and key/value bytes its input record will emit, an exclusive prefix sum of
// each count, a Map kernel that writes the records at the scanned offsets, and, for jobs with a
// group stage, a bitonic sort of the intermediate records by key followed by grouping.
// No Mars code is copied.
//
// Intermediate data is Mars's: a key buffer and a value buffer of bytes, and a directory of one
// int4 per record {key offset, key size, value offset, value size}. The sort orders the
// directory, comparing keys through it (mars_compare below, defined by the application), as
// Mars's sort_GPU does; directory entries with key offset -1 pad it to a power of two and sort
// after every key.
//
// An application with a group stage defines MARS_GROUP before including this header, and then
// defines
//   __device__ int mars_compare(const char* keys, const char* aux, int4 a, int4 b);
// returning <0, 0, >0 as key a orders before, with, after key b (`aux`: any second buffer the
// keys refer to, e.g. the text a key's offset points into).

#ifndef WARPSIM_WORKLOADS_MARS_MARS_CUH
#define WARPSIM_WORKLOADS_MARS_MARS_CUH

#define MARS_BLOCK 256
#define MARS_SCAN_ELEMS (2 * MARS_BLOCK)

// ---- exclusive prefix sum (Mars's prefexSum: a work-efficient scan, 512 elements a block) ----

// Scans in[base, base + 512) of each block into out (in place is allowed) and writes the block's
// total to sums[blockIdx.x]: Blelloch's up-sweep and down-sweep in shared memory.
extern "C" __global__ void mars_scan_block(int* out, int* sums, const int* in, int n) {
  __shared__ int s[MARS_SCAN_ELEMS];
  const int t = threadIdx.x;
  const int a = blockIdx.x * MARS_SCAN_ELEMS + t;
  const int b = a + MARS_BLOCK;
  s[t] = a < n ? in[a] : 0;
  s[t + MARS_BLOCK] = b < n ? in[b] : 0;
  int stride = 1;
  for (int active = MARS_BLOCK; active > 0; active >>= 1) {
    __syncthreads();
    if (t < active) s[stride * (2 * t + 2) - 1] += s[stride * (2 * t + 1) - 1];
    stride <<= 1;
  }
  __syncthreads();
  if (t == 0) {
    sums[blockIdx.x] = s[MARS_SCAN_ELEMS - 1];
    s[MARS_SCAN_ELEMS - 1] = 0;
  }
  for (int active = 1; active <= MARS_BLOCK; active <<= 1) {
    stride >>= 1;
    __syncthreads();
    if (t < active) {
      const int left = stride * (2 * t + 1) - 1;
      const int right = stride * (2 * t + 2) - 1;
      const int v = s[left];
      s[left] = s[right];
      s[right] += v;
    }
  }
  __syncthreads();
  if (a < n) out[a] = s[t];
  if (b < n) out[b] = s[t + MARS_BLOCK];
}

// Adds the scanned block totals to every block's elements.
extern "C" __global__ void mars_scan_add(int* out, const int* block_offsets, int n) {
  const int a = blockIdx.x * MARS_SCAN_ELEMS + threadIdx.x;
  const int add = block_offsets[blockIdx.x];
  if (a < n) out[a] += add;
  if (a + MARS_BLOCK < n) out[a + MARS_BLOCK] += add;
}

// ---- emitting a record in Map ----

// Writes directory entry `rec` of a record whose key and value the caller has written at
// key_off and val_off.
__device__ __forceinline__ void mars_emit(int4* dir, int rec, int key_off, int key_size,
                                          int val_off, int val_size) {
  dir[rec] = make_int4(key_off, key_size, val_off, val_size);
}

#ifdef MARS_GROUP

// ---- group stage: bitonic sort of the directory by key, then group ranges ----

__device__ int mars_compare(const char* keys, const char* aux, int4 a, int4 b);

// Padding (key offset -1) orders after every key.
__device__ __forceinline__ int mars_order(const char* keys, const char* aux, int4 a, int4 b) {
  if (a.x < 0 || b.x < 0) return (a.x < 0 ? 1 : 0) - (b.x < 0 ? 1 : 0);
  return mars_compare(keys, aux, a, b);
}

// padded[i] = dir[i] for i < n, padding up to the power of two `padded_count`.
extern "C" __global__ void mars_sort_pad(int4* padded, const int4* dir, int n, int padded_count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < padded_count) padded[i] = i < n ? dir[i] : make_int4(-1, -1, -1, -1);
}

// One compare-exchange step (k, j) of the bitonic sorting network over `dir` (a power of two of
// entries, one thread each): ascending where i & k is 0, descending elsewhere.
extern "C" __global__ void mars_sort_step(int4* dir, int k, int j, const char* keys,
                                          const char* aux) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int partner = i ^ j;
  if (partner <= i) return;
  const int4 a = dir[i];
  const int4 b = dir[partner];
  const int order = mars_order(keys, aux, a, b);
  if ((i & k) == 0 ? order > 0 : order < 0) {
    dir[i] = b;
    dir[partner] = a;
  }
}

// flags[i] = 1 where sorted record i starts a group of equal keys.
extern "C" __global__ void mars_group_flags(int* flags, const int4* dir, int n, const char* keys,
                                            const char* aux) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  flags[i] = (i == 0 || mars_compare(keys, aux, dir[i - 1], dir[i]) != 0) ? 1 : 0;
}

// ranges[g] = {first, one past the last} record of group g, from the flags and their exclusive
// prefix sum.
extern "C" __global__ void mars_group_ranges(int2* ranges, const int* flags, const int* scanned,
                                             int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int group = scanned[i] + flags[i] - 1;
  if (flags[i] != 0) ranges[group].x = i;
  if (i == n - 1 || flags[i + 1] != 0) ranges[group].y = i + 1;
}

#endif  // MARS_GROUP

#endif  // WARPSIM_WORKLOADS_MARS_MARS_CUH
