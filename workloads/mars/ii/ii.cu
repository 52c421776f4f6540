// mars/ii: inverted index, after Mars's Inverted Index (He et al., PACT 2008: "it scans a set of
// HTML files and extracts the positions for all links ... for each link it finds, it outputs an
// intermediate pair with the link as the key"; the Mars release gives each map task a chunk of
// lines of one file, about 1 KB, and runs Map then Group). Every map thread scans its chunk with
// a small state machine for `<a href="`, and for each link emits (the URL's offset in the text,
// the document's id); the group stage sorts the records by URL (bitonic sort comparing the URLs
// in the text byte by byte) and groups equal URLs, so that each group lists the documents that
// link to one URL (workloads/mars/mars.cuh). As in the Mars release, Map terminates each URL in
// place, storing a NUL over its closing quote; MapCount only reads.

#define MARS_GROUP
#include "../mars.cuh"

// URLs end at the NUL Map stored over the closing quote; a prefix orders first.
__device__ int mars_compare(const char* keys, const char* text, int4 a, int4 b) {
  int ua = *reinterpret_cast<const int*>(keys + a.x);
  int ub = *reinterpret_cast<const int*>(keys + b.x);
  for (;;) {
    const char ca = text[ua];
    const char cb = text[ub];
    if (ca != cb) return ca < cb ? -1 : 1;
    if (ca == '\0') return 0;
    ++ua;
    ++ub;
  }
}

// Character `state` of the pattern `<a href="` (9 characters), from two packed constants.
__device__ __forceinline__ char ii_pattern(int state) {
  const unsigned long long first8 = 0x3d6665726820613cull;  // '<' 'a' ' ' 'h' 'r' 'e' 'f' '=',
                                                            // lowest byte first
  return state < 8 ? static_cast<char>((first8 >> (8 * state)) & 0xff) : '"';
}
#define II_PATTERN_LENGTH 9

// Calls emit(url_start, url_end) for every link in chunk[0, size): a URL follows `<a href="` and
// ends at the next quote, which the generator always puts in the same chunk.
template <typename Emit>
__device__ __forceinline__ void ii_scan(const char* chunk, int size, Emit emit) {
  int state = 0;
  for (int pos = 0; pos < size; ++pos) {
    const char c = chunk[pos];
    if (c == ii_pattern(state)) {
      if (++state == II_PATTERN_LENGTH) {
        const int url = pos + 1;
        pos = url;
        while (chunk[pos] != '"') ++pos;
        emit(url, pos);
        state = 0;
      }
    } else {
      state = c == '<' ? 1 : 0;
    }
  }
}

// records[r] = {chunk offset, chunk size, document id, 0}.
extern "C" __global__ void ii_map_count(const int4* records, const char* text, int record_count,
                                        int* counts, int* key_bytes, int* val_bytes) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= record_count) return;
  const int4 rec = records[r];
  int links = 0;
  ii_scan(text + rec.x, rec.y, [&](int, int) { ++links; });
  counts[r] = links;
  key_bytes[r] = links * 4;
  val_bytes[r] = links * 4;
}

extern "C" __global__ void ii_map(const int4* records, char* text, int record_count,
                                  const int* record_base, const int* key_base, const int* val_base,
                                  int4* dir, char* keys, char* vals) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= record_count) return;
  const int4 rec = records[r];
  int out = record_base[r];
  int key_off = key_base[r];
  int val_off = val_base[r];
  char* chunk = text + rec.x;
  ii_scan(chunk, rec.y, [&](int url, int url_end) {
    chunk[url_end] = '\0';
    *reinterpret_cast<int*>(keys + key_off) = rec.x + url;
    *reinterpret_cast<int*>(vals + val_off) = rec.z;
    mars_emit(dir, out, key_off, 4, val_off, 4);
    ++out;
    key_off += 4;
    val_off += 4;
  });
}
