// scratchpad/dct5: the 8x8 forward DCT one coefficient per thread, after the CUDA SDK's
// CUDAkernel1DCT (dct8x8) as seed 002 runs it among its Set-3 kernels (Table 2: DCT5, limited by
// the block count, not by scratchpad): 8 x 8-thread blocks, one per image block; thread (u, v)
// stages its pixel in block[8][8], computes the row transform's coefficient into rows[8][8] (the
// DCT matrix's row u times the column v of the block) and then the output coefficient (row u of
// that times row v of the matrix). 512 bytes of shared memory per block.

extern "C" __global__ void dct_coefficient(float* dst, const float* src, const float* matrix,
                                           int width) {
  __shared__ float block[8][8];
  __shared__ float rows[8][8];
  const int u = threadIdx.y;
  const int v = threadIdx.x;
  const int x = blockIdx.x * 8 + v;
  const int y = blockIdx.y * 8 + u;
  block[u][v] = src[y * width + x];
  __syncthreads();
  float sum = 0;
  for (int k = 0; k < 8; ++k) sum += matrix[u * 8 + k] * block[k][v];
  rows[u][v] = sum;
  __syncthreads();
  float out = 0;
  for (int k = 0; k < 8; ++k) out += rows[u][k] * matrix[v * 8 + k];
  dst[y * width + x] = out;
}
