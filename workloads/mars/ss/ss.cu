// mars/ss: similarity score, after Mars's Similarity Score (He et al., PACT 2008: "each Map
// computes the similarity score for two documents. It outputs the intermediate pair of the score
// as the key and the pair of the two document IDs as the value"; the Mars release makes one map
// record per document pair i < j, in row-major order, and runs Map then Group). Every map thread
// reads the two documents' feature rows with float4 loads and emits (cos(a, b), (i, j)), where
// cos(a, b) = a.b / (|a| |b|); the group stage sorts the records by score, highest first
// (bitonic sort), and groups equal scores (workloads/mars/mars.cuh).

#define MARS_GROUP
#include "../mars.cuh"

// Higher scores first.
__device__ int mars_compare(const char* keys, const char* /*aux*/, int4 a, int4 b) {
  const float sa = *reinterpret_cast<const float*>(keys + a.x);
  const float sb = *reinterpret_cast<const float*>(keys + b.x);
  return sa > sb ? -1 : (sa < sb ? 1 : 0);
}

// records[r] = {first document, second document, 0, 0}. Every record of two different documents
// emits one score and one pair of ids.
extern "C" __global__ void ss_map_count(const int4* records, int record_count, int* counts,
                                        int* key_bytes, int* val_bytes) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= record_count) return;
  const int4 rec = records[r];
  const int emits = rec.x != rec.y ? 1 : 0;
  counts[r] = emits;
  key_bytes[r] = emits * 4;
  val_bytes[r] = emits * 8;
}

// features: documents x dim floats, row-major; dim a multiple of 4.
extern "C" __global__ void ss_map(const int4* records, const float* features, int dim,
                                  int record_count, const int* record_base, const int* key_base,
                                  const int* val_base, int4* dir, char* keys, char* vals) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= record_count) return;
  const int4 rec = records[r];
  if (rec.x == rec.y) return;
  const float4* a = reinterpret_cast<const float4*>(features + rec.x * dim);
  const float4* b = reinterpret_cast<const float4*>(features + rec.y * dim);
  float dot = 0.0f;
  float norm_a = 0.0f;
  float norm_b = 0.0f;
  for (int i = 0; i < dim / 4; ++i) {
    const float4 x = a[i];
    const float4 y = b[i];
    dot += x.x * y.x + x.y * y.y + x.z * y.z + x.w * y.w;
    norm_a += x.x * x.x + x.y * x.y + x.z * x.z + x.w * x.w;
    norm_b += y.x * y.x + y.y * y.y + y.z * y.z + y.w * y.w;
  }
  const float score = dot / (sqrtf(norm_a) * sqrtf(norm_b));
  const int key_off = key_base[r];
  const int val_off = val_base[r];
  *reinterpret_cast<float*>(keys + key_off) = score;
  *reinterpret_cast<int2*>(vals + val_off) = make_int2(rec.x, rec.y);
  mars_emit(dir, record_base[r], key_off, 4, val_off, 8);
}
