/* The per-thread-default-stream entry points (what nvcc --default-stream per-thread makes a
 * program call) behave as their plain counterparts, arguments included; one whose base function
 * warpsim lacks names itself. Usage: per_thread copy | per_thread unsupported. */
#include <stdio.h>
#include <string.h>

typedef int cudaError_t;
typedef struct CUstream_st* cudaStream_t;
typedef struct CUgraphExec_st* cudaGraphExec_t;
enum { cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2 };

cudaError_t cudaMalloc(void** devPtr, size_t size);
cudaError_t cudaMemset_ptds(void* devPtr, int value, size_t count);
cudaError_t cudaMemcpy_ptds(void* dst, const void* src, size_t count, int kind);
cudaError_t cudaMemsetAsync_ptsz(void* devPtr, int value, size_t count, cudaStream_t stream);
cudaError_t cudaMemcpyAsync_ptsz(void* dst, const void* src, size_t count, int kind,
                                 cudaStream_t stream);
cudaError_t cudaStreamSynchronize_ptsz(cudaStream_t stream);
cudaError_t cudaGraphLaunch_ptsz(cudaGraphExec_t graphExec, cudaStream_t stream);

static int copy(void) {
  enum { kBytes = 256, kHalf = 128 };
  unsigned char host[kBytes];
  void* device = NULL;
  int failures = 0;
  if (cudaMalloc(&device, kBytes) != 0) return 1;
  failures += cudaMemset_ptds(device, 0x5a, kBytes) != 0;
  failures += cudaMemcpy_ptds(host, device, kBytes, cudaMemcpyDeviceToHost) != 0;
  for (int i = 0; i < kBytes; ++i) failures += host[i] != 0x5a;
  failures += cudaMemsetAsync_ptsz(device, 0x33, kHalf, NULL) != 0;
  failures += cudaStreamSynchronize_ptsz(NULL) != 0;
  memset(host, 0, sizeof host);
  failures += cudaMemcpyAsync_ptsz(host, device, kBytes, cudaMemcpyDeviceToHost, NULL) != 0;
  failures += cudaStreamSynchronize_ptsz(NULL) != 0;
  for (int i = 0; i < kBytes; ++i) failures += host[i] != (i < kHalf ? 0x33 : 0x5a);
  /* The other direction: the kind argument arrives too. */
  for (int i = 0; i < kBytes; ++i) host[i] = (unsigned char)i;
  failures += cudaMemcpy_ptds(device, host, kBytes, cudaMemcpyHostToDevice) != 0;
  memset(host, 0, sizeof host);
  failures += cudaMemcpy_ptds(host, device, kBytes, cudaMemcpyDeviceToHost) != 0;
  for (int i = 0; i < kBytes; ++i) failures += host[i] != (unsigned char)i;
  printf("per_thread: %s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}

int main(int argc, char** argv) {
  if (argc == 2 && strcmp(argv[1], "copy") == 0) return copy();
  if (argc == 2 && strcmp(argv[1], "unsupported") == 0) {
    cudaGraphLaunch_ptsz(NULL, NULL);
    printf("per_thread: cudaGraphLaunch_ptsz returned\n");
    return 0;
  }
  fprintf(stderr, "usage: per_thread copy|unsupported\n");
  return 64;
}
