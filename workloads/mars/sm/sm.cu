// mars/sm: string match, after Mars's String Match (He et al., PACT 2008: "each Map searches one
// line in the input file to check whether the target string is in the line"; the Mars release
// gives each map task a chunk of lines of about 1 KB): every map thread scans its chunk word by
// word and, for every word equal to the key string, emits (the word's offset in the text, its
// length). Map only: no group or reduce stage (workloads/mars/mars.cuh). As in the Mars release,
// both kernels terminate every word in place, storing a NUL over the delimiter after it, so the
// text is written as well as read (a store per word into the lines being scanned).

#include "../mars.cuh"

// Words are separated by spaces, tabs and newlines (Mars's delimiters), and by the NULs the
// kernels store over them.
__device__ __forceinline__ bool sm_delimiter(char c) {
  return c == ' ' || c == '\n' || c == '\t' || c == '\0';
}

// Whether chunk[start, start + length) equals the key string (read from global memory, as
// Mars's map reads its keyword); lengths are compared first.
__device__ __forceinline__ bool sm_matches(const char* chunk, int start, int length,
                                           const char* keyword, int keyword_length) {
  if (length != keyword_length) return false;
  for (int i = 0; i < length; ++i) {
    if (chunk[start + i] != keyword[i]) return false;
  }
  return true;
}

// records[r] = {chunk offset, chunk size, 0, 0}.
extern "C" __global__ void sm_map_count(const int4* records, char* text, const char* keyword,
                                        int keyword_length, int record_count, int* counts,
                                        int* key_bytes, int* val_bytes) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= record_count) return;
  const int4 rec = records[r];
  char* chunk = text + rec.x;
  int matches = 0;
  int pos = 0;
  while (pos < rec.y) {
    while (pos < rec.y && sm_delimiter(chunk[pos])) ++pos;
    const int start = pos;
    while (pos < rec.y && !sm_delimiter(chunk[pos])) ++pos;
    if (pos > start && pos < rec.y) chunk[pos] = '\0';
    if (pos > start && sm_matches(chunk, start, pos - start, keyword, keyword_length)) ++matches;
  }
  counts[r] = matches;
  key_bytes[r] = matches * 4;
  val_bytes[r] = matches * 4;
}

extern "C" __global__ void sm_map(const int4* records, char* text, const char* keyword,
                                  int keyword_length, int record_count, const int* record_base,
                                  const int* key_base, const int* val_base, int4* dir, char* keys,
                                  char* vals) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= record_count) return;
  const int4 rec = records[r];
  char* chunk = text + rec.x;
  int out = record_base[r];
  int key_off = key_base[r];
  int val_off = val_base[r];
  int pos = 0;
  while (pos < rec.y) {
    while (pos < rec.y && sm_delimiter(chunk[pos])) ++pos;
    const int start = pos;
    while (pos < rec.y && !sm_delimiter(chunk[pos])) ++pos;
    if (pos > start && pos < rec.y) chunk[pos] = '\0';
    if (pos > start && sm_matches(chunk, start, pos - start, keyword, keyword_length)) {
      *reinterpret_cast<int*>(keys + key_off) = rec.x + start;
      *reinterpret_cast<int*>(vals + val_off) = pos - start;
      mars_emit(dir, out, key_off, 4, val_off, 4);
      ++out;
      key_off += 4;
      val_off += 4;
    }
  }
}
