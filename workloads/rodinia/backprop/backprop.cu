// rodinia/backprop: the two GPU kernels of one training step of a 3-layer perceptron, after
// Rodinia 3.x's backprop (Rodinia's CUDA version of a neural-network trainer). Both kernels run
// on 16x16 blocks over a grid of 1 x (in / 16) blocks: block `by` covers input units
// 16 by + 1 .. 16 by + 16 (unit 0 is the bias), thread (tx, ty) the weight from input unit
// 16 by + ty + 1 to hidden unit tx + 1 of the (in + 1) x (hid + 1) weight matrix (hid = 16).
//
// bpnn_layerforward_CUDA: the block stages its 16 input units and its 16x16 weights in shared
// memory (input_node[16], weight_matrix[16][16]: 1088 bytes), multiplies, and sums each column
// over the 16 rows by a pairwise tree (4 levels, a barrier after each); the tree's partial values
// go back to the weight matrix in global memory (as in the original) and each column's sum is
// the block's partial sum for that hidden unit, which the host adds over the blocks.
// bpnn_adjust_weights_cuda: the weight update with momentum for the same weights, and for the
// bias row by the first row of the first block.

// BACKPROP_DIM: the shared arrays' WIDTH = HEIGHT (16; rodinia/backprop-w48 sets 48, seed 002's
// Table 3), of which the 16 x 16 threads use the first 16 x 16.
#ifndef BACKPROP_DIM
#define BACKPROP_DIM 16
#endif

namespace {
constexpr int kTile = 16;  // BLOCK_SIZE = 16 in the original
constexpr float kEta = 0.3f;
constexpr float kMomentum = 0.3f;
}  // namespace

extern "C" __global__ void bpnn_layerforward_CUDA(const float* input, float* weights,
                                                  float* partial_sum, int in, int hid) {
  __shared__ float input_node[BACKPROP_DIM];
  __shared__ float weight_matrix[BACKPROP_DIM][BACKPROP_DIM];
  const int by = blockIdx.y;
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int unit = kTile * by + ty + 1;  // this thread's input unit (its weight row)
  const int index = (hid + 1) * unit + tx + 1;
  (void)in;

  if (tx == 0) input_node[ty] = input[unit];
  __syncthreads();
  weight_matrix[ty][tx] = weights[index];
  __syncthreads();
  weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];
  __syncthreads();
  for (int half = 1; half < kTile; half *= 2) {
    if (ty % (2 * half) == 0) weight_matrix[ty][tx] += weight_matrix[ty + half][tx];
    __syncthreads();
  }
  weights[index] = weight_matrix[ty][tx];
  __syncthreads();
  // Row 0 now holds the column sums; thread (0, ty) writes hidden unit ty's.
  if (tx == 0) partial_sum[by * hid + ty] = weight_matrix[0][ty];
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
