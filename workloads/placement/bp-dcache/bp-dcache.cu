// placement/bp-dcache: the D-cache version of Rodinia's backprop (seed 000 Ch. 2, Table 2.2's
// BP, category 1: shared memory used for communication between the threads of a block). The
// same two kernels and launches as rodinia/backprop (../../rodinia/backprop/backprop.cu), but
// bpnn_layerforward_CUDA keeps its tiles weight_matrix[16][16] and input_node[16] in a per-block
// region of a global scratch array (bp_scratch, region blockIdx.y), cached implicitly by the L1D,
// instead of shared memory. The barriers stay: the threads still pass the products and the
// tree's partial sums to each other through the tile. bpnn_adjust_weights_cuda uses no shared
// memory and is rodinia/backprop's unchanged (the host code calls both kernels by name).

#include "bp_dcache.h"

namespace {
constexpr int kTile = 16;  // BLOCK_SIZE = 16 in the original
constexpr float kEta = 0.3f;
constexpr float kMomentum = 0.3f;
}  // namespace

// One region per block; the grid is 1 x (in / 16) with in / 16 <= BP_DCACHE_MAX_BLOCKS
// (driver.cc static_asserts the bound for every size).
__device__ __align__(128) float bp_scratch[BP_DCACHE_MAX_BLOCKS * BP_DCACHE_REGION_FLOATS];

extern "C" __global__ void bpnn_layerforward_CUDA(const float* input, float* weights,
                                                  float* partial_sum, int in, int hid) {
  const int by = blockIdx.y;
  float* weight_matrix = bp_scratch + by * BP_DCACHE_REGION_FLOATS;  // [16][16], row ty
  float* input_node = weight_matrix + kTile * kTile;                 // [16]
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int unit = kTile * by + ty + 1;  // this thread's input unit (its weight row)
  const int index = (hid + 1) * unit + tx + 1;
  const int cell = ty * kTile + tx;  // weight_matrix[ty][tx]
  (void)in;

  if (tx == 0) input_node[ty] = input[unit];
  __syncthreads();
  weight_matrix[cell] = weights[index];
  __syncthreads();
  weight_matrix[cell] = weight_matrix[cell] * input_node[ty];
  __syncthreads();
  for (int half = 1; half < kTile; half *= 2) {
    if (ty % (2 * half) == 0) weight_matrix[cell] += weight_matrix[cell + half * kTile];
    __syncthreads();
  }
  weights[index] = weight_matrix[cell];
  __syncthreads();
  // Row 0 now holds the column sums; thread (0, ty) writes hidden unit ty's.
  if (tx == 0) partial_sum[by * hid + ty] = weight_matrix[ty];
}

extern "C" __global__ void bpnn_adjust_weights_cuda(const float* delta, int hid, const float* ly,
                                                    int in, float* w, float* oldw) {
  const int by = blockIdx.y;
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int unit = kTile * by + ty + 1;
  const int index = (hid + 1) * unit + tx + 1;
  const int hidden = tx + 1;
  (void)in;

  w[index] += kEta * delta[hidden] * ly[unit] + kMomentum * oldw[index];
  oldw[index] = kEta * delta[hidden] * ly[unit] + kMomentum * oldw[index];
  __syncthreads();
  if (ty == 0 && by == 0) {  // the bias weights (row 0), whose input is 1
    w[hidden] += kEta * delta[hidden] + kMomentum * oldw[hidden];
    oldw[hidden] = kEta * delta[hidden] + kMomentum * oldw[hidden];
  }
}
