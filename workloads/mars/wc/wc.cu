// mars/wc: word count, after the Mars release's WordCount (He et al., PACT 2008; the Mars
// MapReduce framework, workloads/mars/mars.cuh): each map task is a chunk of the upper-case text
// (about 2 KB, ending between words); Map emits (word, 1) for every word of its chunk, the key
// being the word's bytes copied into the key buffer; the group stage sorts the records by word
// (bitonic sort comparing the words byte by byte) and groups equal words; Reduce sums each
// group's values into the word's count. As in the Mars release, both map kernels terminate every
// word in place, storing a NUL over the non-letter after it (a store per word into the lines
// being scanned).

#define MARS_GROUP
#include "../mars.cuh"

__device__ __forceinline__ bool wc_letter(char c) { return c >= 'A' && c <= 'Z'; }

// Words order lexicographically by their bytes, a prefix before the longer word.
__device__ int mars_compare(const char* keys, const char* /*aux*/, int4 a, int4 b) {
  const int common = a.y < b.y ? a.y : b.y;
  for (int i = 0; i < common; ++i) {
    const char ca = keys[a.x + i];
    const char cb = keys[b.x + i];
    if (ca != cb) return ca < cb ? -1 : 1;
  }
  return a.y - b.y;
}

// records[r] = {chunk offset, chunk size, 0, 0}.
extern "C" __global__ void wc_map_count(const int4* records, char* text, int record_count,
                                        int* counts, int* key_bytes, int* val_bytes) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= record_count) return;
  const int4 rec = records[r];
  char* chunk = text + rec.x;
  int words = 0;
  int letters = 0;
  int pos = 0;
  while (pos < rec.y) {
    while (pos < rec.y && !wc_letter(chunk[pos])) ++pos;
    const int start = pos;
    while (pos < rec.y && wc_letter(chunk[pos])) ++pos;
    if (pos > start && pos < rec.y) chunk[pos] = '\0';
    if (pos > start) {
      ++words;
      letters += pos - start;
    }
  }
  counts[r] = words;
  key_bytes[r] = letters;
  val_bytes[r] = words * 4;
}

extern "C" __global__ void wc_map(const int4* records, char* text, int record_count,
                                  const int* record_base, const int* key_base, const int* val_base,
                                  int4* dir, char* keys, char* vals) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= record_count) return;
  const int4 rec = records[r];
  char* chunk = text + rec.x;
  int out = record_base[r];
  int key_off = key_base[r];
  int val_off = val_base[r];
  int pos = 0;
  while (pos < rec.y) {
    while (pos < rec.y && !wc_letter(chunk[pos])) ++pos;
    const int start = pos;
    while (pos < rec.y && wc_letter(chunk[pos])) ++pos;
    if (pos > start && pos < rec.y) chunk[pos] = '\0';
    if (pos > start) {
      for (int i = start; i < pos; ++i) keys[key_off + i - start] = chunk[i];
      *reinterpret_cast<int*>(vals + val_off) = 1;
      mars_emit(dir, out, key_off, pos - start, val_off, 4);
      ++out;
      key_off += pos - start;
      val_off += 4;
    }
  }
}

// One thread per group: the word's count is the sum of its records' values.
extern "C" __global__ void wc_reduce(int* counts, const int2* ranges, int group_count,
                                     const int4* dir, const char* vals) {
  const int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= group_count) return;
  const int2 range = ranges[g];
  int sum = 0;
  for (int i = range.x; i < range.y; ++i) sum += *reinterpret_cast<const int*>(vals + dir[i].z);
  counts[g] = sum;
}
