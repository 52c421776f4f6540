// scratchpad/nn: the second convolution layer of a LeNet-style digit recognizer, after
// GPGPU-Sim's NN benchmark (executeSecondLayer) as seed 002 runs it among its Set-3 kernels
// (Table 2: limited by the block count): one 5 x 5-thread block per output feature map and
// image, each thread one neuron of the 5 x 5 map: the bias plus the 6 input maps' (13 x 13) 5 x 5
// windows at stride 2 times the map's weights (50 maps x (1 + 6 x 25) = 7550 weights), then the
// scaled activation. No shared memory. The activation is 1.7159 x / (1 + |x|) in place of the
// original's 1.7159 tanh(2x/3): float operations that the host's error bounds can follow.

constexpr int kInSide = 13;
constexpr int kInMaps = 6;
constexpr int kOutSide = 5;
constexpr int kWeightsPerMap = 1 + kInMaps * 25;

extern "C" __global__ void second_layer(float* out, const float* in, const float* weights) {
  const int map = blockIdx.x;
  const int image = blockIdx.y;
  const int ox = threadIdx.x;
  const int oy = threadIdx.y;
  const float* w = weights + map * kWeightsPerMap;
  const float* x = in + image * kInMaps * kInSide * kInSide;
  float sum = w[0];
  for (int m = 0; m < kInMaps; ++m) {
    for (int ky = 0; ky < 5; ++ky) {
      for (int kx = 0; kx < 5; ++kx) {
        sum += w[1 + m * 25 + ky * 5 + kx] *
               x[(m * kInSide + 2 * oy + ky) * kInSide + 2 * ox + kx];
      }
    }
  }
  out[((image * gridDim.x + map) * kOutSide + oy) * kOutSide + ox] =
      1.7159f * sum / (1.0f + fabsf(sum));
}
