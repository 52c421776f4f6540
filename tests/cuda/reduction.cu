// reduction: block sums through static __shared__ + __syncthreads, dynamic extern __shared__
// split into two typed arrays, interleaved addressing, and a strided bank-conflict pattern.
// Usage: reduction [n]   (default n = 65536)
#include <vector>

static const char* kName = "reduction";
#include "test_util.h"

constexpr int kBlock = 256;

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void reduce_static_smem(const int* in, int* partial, int n) {
  __shared__ int s[kBlock];
  int tid = threadIdx.x;
  int i = blockIdx.x * kBlock + tid;
  s[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = kBlock / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = s[0];
}

// Each thread loads two elements; the float sum and a count of positive elements are reduced
// side by side in one dynamic shared allocation.
__global__ void reduce_dynamic_smem(const float* in, float* fpartial, int* cpartial, int n) {
  extern __shared__ unsigned char smem[];
  float* sf = reinterpret_cast<float*>(smem);
  int* sc = reinterpret_cast<int*>(sf + blockDim.x);
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x * 2 + tid;
  float a = i < n ? in[i] : 0.0f;
  float b = i + static_cast<int>(blockDim.x) < n ? in[i + blockDim.x] : 0.0f;
  sf[tid] = a + b;
  sc[tid] = (a > 0.0f) + (b > 0.0f);
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) {
      sf[tid] += sf[tid + stride];
      sc[tid] += sc[tid + stride];
    }
    __syncthreads();
  }
  if (tid == 0) {
    fpartial[blockIdx.x] = sf[0];
    cpartial[blockIdx.x] = sc[0];
  }
}

// Interleaved addressing: thread t works on element 2*s*t, which makes multi-way bank conflicts.
__global__ void reduce_interleaved(const int* in, int* partial, int n) {
  __shared__ int s[kBlock];
  unsigned tid = threadIdx.x;
  int i = blockIdx.x * kBlock + tid;
  s[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned stride = 1; stride < kBlock; stride *= 2) {
    unsigned index = 2 * stride * tid;
    if (index < kBlock) s[index] += s[index + stride];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = s[0];
}

// Every thread reads words tid*stride + k*33 (mod table size): stride 32 is a 32-way conflict,
// stride 33 is conflict-free. The 64-bit table adds two-word accesses.
__global__ void smem_conflict_stride(const unsigned* seed, unsigned long long* out, int stride) {
  __shared__ unsigned table[1024];
  __shared__ unsigned long long wide[512];
  for (int j = threadIdx.x; j < 1024; j += blockDim.x) table[j] = seed[j] * 2654435761u;
  for (int j = threadIdx.x; j < 512; j += blockDim.x)
    wide[j] = (static_cast<unsigned long long>(seed[j]) << 32) | seed[1023 - j];
  __syncthreads();
  unsigned long long acc = 0;
  unsigned base = (blockIdx.x * blockDim.x + threadIdx.x) * stride;
  for (int k = 0; k < 16; ++k) {
    acc += table[(base + k * 33) & 1023];
    acc ^= wide[(base + k) & 511] >> (k & 7);
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
#endif  // __CUDACC__

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 65536;
  if (n < 1) n = 1;
  Lcg rng(2);
  std::vector<int> hi(n);
  std::vector<float> hf(n);
  for (int i = 0; i < n; ++i) {
    hi[i] = static_cast<int>(rng.next() % 2001) - 1000;
    hf[i] = static_cast<float>((static_cast<int>(rng.next() % 513) - 256) / 16.0);
  }
  int *din, *dpart;
  float* dfin;
  CUDA_CHECK(cudaMalloc(&din, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dfin, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(din, hi.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dfin, hf.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  // Static and interleaved: one partial sum per 256 elements.
  const int nb = (n + kBlock - 1) / kBlock;
  CUDA_CHECK(cudaMalloc(&dpart, 2 * nb * sizeof(int)));
  LAUNCH(reduce_static_smem, nb, kBlock)(din, dpart, n);
  CUDA_CHECK(cudaGetLastError());
  LAUNCH(reduce_interleaved, nb, kBlock)(din, dpart + nb, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<int> part(2 * nb);
  CUDA_CHECK(cudaMemcpy(part.data(), dpart, 2 * nb * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < nb; ++b) {
    int want = 0;
    for (int i = b * kBlock; i < n && i < (b + 1) * kBlock; ++i) want += hi[i];
    if (part[b] != want) mismatch("reduce_static_smem block %d = %d want %d", b, part[b], want);
    if (part[nb + b] != want)
      mismatch("reduce_interleaved block %d = %d want %d", b, part[nb + b], want);
  }

  // Dynamic: 128 threads, two elements each, 8 bytes of shared memory per thread.
  const int dblock = 128;
  const int dnb = (n + 2 * dblock - 1) / (2 * dblock);
  float* dfpart;
  int* dcpart;
  CUDA_CHECK(cudaMalloc(&dfpart, dnb * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dcpart, dnb * sizeof(int)));
  const size_t dshared = dblock * (sizeof(float) + sizeof(int));
  LAUNCH(reduce_dynamic_smem, dnb, dblock, dshared)(dfin, dfpart, dcpart, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<float> fpart(dnb);
  std::vector<int> cpart(dnb);
  CUDA_CHECK(cudaMemcpy(fpart.data(), dfpart, dnb * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(cpart.data(), dcpart, dnb * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < dnb; ++b) {
    double want = 0;  // multiples of 1/16 with small sums: exact in float in any order
    int count = 0;
    for (int i = b * 2 * dblock; i < n && i < (b + 1) * 2 * dblock; ++i) {
      want += hf[i];
      count += hf[i] > 0.0f;
    }
    if (fpart[b] != static_cast<float>(want))
      mismatch("reduce_dynamic_smem block %d sum %g want %g", b, fpart[b], want);
    if (cpart[b] != count)
      mismatch("reduce_dynamic_smem block %d count %d want %d", b, cpart[b], count);
  }

  // Strided shared-memory pattern, four strides.
  std::vector<unsigned> seed(1024);
  for (auto& s : seed) s = rng.next();
  unsigned* dseed;
  unsigned long long* dout;
  const int sblocks = 8, sthreads = 128;
  CUDA_CHECK(cudaMalloc(&dseed, 1024 * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dout, sblocks * sthreads * sizeof(unsigned long long)));
  CUDA_CHECK(cudaMemcpy(dseed, seed.data(), 1024 * sizeof(unsigned), cudaMemcpyHostToDevice));
  std::vector<unsigned long long> out(sblocks * sthreads);
  const int strides[] = {1, 2, 32, 33};
  for (int stride : strides) {
    LAUNCH(smem_conflict_stride, sblocks, sthreads)(dseed, dout, stride);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(out.data(), dout, out.size() * sizeof(unsigned long long),
                          cudaMemcpyDeviceToHost));
    for (int t = 0; t < sblocks * sthreads; ++t) {
      unsigned long long acc = 0;
      unsigned base = static_cast<unsigned>(t) * stride;
      for (int k = 0; k < 16; ++k) {
        acc += seed[(base + k * 33) & 1023] * 2654435761u;
        unsigned j = (base + k) & 511;
        unsigned long long w = (static_cast<unsigned long long>(seed[j]) << 32) | seed[1023 - j];
        acc ^= w >> (k & 7);
      }
      if (out[t] != acc)
        mismatch("smem_conflict_stride stride %d thread %d = %llx want %llx", stride, t, out[t],
                 acc);
    }
  }

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(din);
  cudaFree(dfin);
  cudaFree(dpart);
  cudaFree(dfpart);
  cudaFree(dcpart);
  cudaFree(dseed);
  cudaFree(dout);
  return finish();
}
