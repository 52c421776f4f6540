/* A program as nvcc would build it (-cudart shared), reduced to host code: it uses functions
 * warpsim implements, then calls one it does not (cudaGraphCreate), which must end the program
 * with status 3 and a message naming the function. The declarations are CUDA 13's
 * (cuda_runtime_api.h), written by hand so that the test needs no CUDA headers. */
#include <stdio.h>
#include <string.h>

typedef int cudaError_t;
typedef struct CUgraph_st* cudaGraph_t;
enum { cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2 };

cudaError_t cudaMalloc(void** devPtr, size_t size);
cudaError_t cudaMemset(void* devPtr, int value, size_t count);
cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, int kind);
cudaError_t cudaFree(void* devPtr);
cudaError_t cudaGraphCreate(cudaGraph_t* pGraph, unsigned int flags);

int main(void) {
  unsigned char host[64];
  void* device = NULL;
  memset(host, 0, sizeof host);
  if (cudaMalloc(&device, sizeof host) != 0 || cudaMemset(device, 0x7f, sizeof host) != 0 ||
      cudaMemcpy(host, device, sizeof host, cudaMemcpyDeviceToHost) != 0 || host[63] != 0x7f) {
    printf("unsupported_call: the supported calls failed\n");
    return 1;
  }
  cudaFree(device);
  printf("unsupported_call: supported calls ok\n");
  cudaGraph_t graph = NULL;
  cudaGraphCreate(&graph, 0);
  printf("unsupported_call: cudaGraphCreate returned\n");
  return 0;
}
