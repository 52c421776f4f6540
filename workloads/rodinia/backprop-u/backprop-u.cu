// rodinia/backprop-u: seed 004's "/U" (unshared) version of rodinia/backprop (../backprop): the
// same algorithm, grid (1 x in / 16) and 16x16 blocks, with the shared arrays replaced by global
// memory. bpnn_layerforward_CUDA reads each thread's input unit straight from global memory
// (instead of input_node[16]) and does the product and the pairwise column reduction in place
// in the weight matrix in global memory (instead of weight_matrix[16][16]), which leaves there
// exactly what the original writes back from shared memory. Barriers order the block's global
// accesses between the tree levels. bpnn_adjust_weights_cuda uses no shared memory and is the
// original's.

namespace {
constexpr int kTile = 16;  // WIDTH = HEIGHT = BLOCK_SIZE = 16 in the original
constexpr float kEta = 0.3f;
constexpr float kMomentum = 0.3f;
}  // namespace

extern "C" __global__ void bpnn_layerforward_CUDA(const float* input, float* weights,
                                                  float* partial_sum, int in, int hid) {
  const int by = blockIdx.y;
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int unit = kTile * by + ty + 1;  // this thread's input unit (its weight row)
  const int row = hid + 1;               // floats per weight row
  const int index = row * unit + tx + 1;
  (void)in;

  weights[index] = weights[index] * input[unit];
  __syncthreads();
  for (int half = 1; half < kTile; half *= 2) {
    if (ty % (2 * half) == 0) weights[index] += weights[index + half * row];
    __syncthreads();
  }
  // The block's first row now holds the column sums; thread (0, ty) writes hidden unit ty's.
  if (tx == 0) partial_sum[by * hid + ty] = weights[row * (kTile * by + 1) + ty + 1];
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
