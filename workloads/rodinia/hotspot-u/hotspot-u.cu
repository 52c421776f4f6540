// rodinia/hotspot-u: the "/U" (unshared) variant of rodinia/hotspot (seed 004: the same program
// rewritten to use global memory instead of shared memory). Algorithm, launch shape, barriers and
// arithmetic are hotspot's (Rodinia 3.x `calculate_temp`, see ../hotspot/hotspot.cu): 16 x 16
// blocks, each advancing its tile by `iterations` time steps with a ghost zone of `iterations`
// cells, then writing its inner (16 - 2 iterations)^2 cells. The three 16 x 16 shared tiles
// (temperature, power, next temperature) become this block's slice of a global scratch buffer,
// 3 x 256 floats per block selected by the block's linear id, indexed as the tiles were.
//
// The update of one cell, with its neighbours clamped to the grid at its edges:
//   T' = T + step/Cap (P + (T_S + T_N - 2 T) / Ry + (T_E + T_W - 2 T) / Rx + (T_amb - T) / Rz)
// `2.0` is a double literal, as in the original, so most of the expression is evaluated in
// double and rounded to float at the end.

#define HOTSPOT_BLOCK 16
#define HOTSPOT_TILE (HOTSPOT_BLOCK * HOTSPOT_BLOCK)

extern "C" __global__ void hotspot_u_calculate_temp(int iterations, const float* power,
                                                    const float* temp_src, float* temp_dst,
                                                    int cols, int rows, int border_cols,
                                                    int border_rows, float cap, float rx,
                                                    float ry, float rz, float step,
                                                    float* scratch) {
  // This block's three tiles in the global scratch buffer.
  float* const tiles = scratch + 3 * HOTSPOT_TILE * (blockIdx.y * gridDim.x + blockIdx.x);
  typedef float Tile[HOTSPOT_BLOCK][HOTSPOT_BLOCK];
  Tile& temp_tile = *reinterpret_cast<Tile*>(tiles);
  Tile& power_tile = *reinterpret_cast<Tile*>(tiles + HOTSPOT_TILE);
  Tile& next_tile = *reinterpret_cast<Tile*>(tiles + 2 * HOTSPOT_TILE);

  const float ambient = 80.0f;
  const float step_div_cap = step / cap;
  const float rx_inv = 1 / rx;
  const float ry_inv = 1 / ry;
  const float rz_inv = 1 / rz;

  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  // The block's tile starts `border` cells before its output region, which is
  // (16 - 2 iterations) cells wide.
  const int inner = HOTSPOT_BLOCK - 2 * iterations;
  const int top = inner * (int)blockIdx.y - border_rows;
  const int left = inner * (int)blockIdx.x - border_cols;
  const int bottom = top + HOTSPOT_BLOCK - 1;
  const int right = left + HOTSPOT_BLOCK - 1;

  const int row = top + ty;
  const int col = left + tx;
  const int index = cols * row + col;
  if (row >= 0 && row <= rows - 1 && col >= 0 && col <= cols - 1) {
    temp_tile[ty][tx] = temp_src[index];
    power_tile[ty][tx] = power[index];
  }
  __syncthreads();

  // The part of the tile inside the grid.
  const int min_y = top < 0 ? -top : 0;
  const int max_y = bottom > rows - 1 ? HOTSPOT_BLOCK - 1 - (bottom - rows + 1) : HOTSPOT_BLOCK - 1;
  const int min_x = left < 0 ? -left : 0;
  const int max_x = right > cols - 1 ? HOTSPOT_BLOCK - 1 - (right - cols + 1) : HOTSPOT_BLOCK - 1;

  // Neighbours, clamped to the grid (a cell on the edge is its own neighbour).
  const int north = ty - 1 < min_y ? min_y : ty - 1;
  const int south = ty + 1 > max_y ? max_y : ty + 1;
  const int west = tx - 1 < min_x ? min_x : tx - 1;
  const int east = tx + 1 > max_x ? max_x : tx + 1;

  bool computed = false;
  for (int i = 0; i < iterations; ++i) {
    computed = false;
    if (tx >= i + 1 && tx <= HOTSPOT_BLOCK - i - 2 && ty >= i + 1 && ty <= HOTSPOT_BLOCK - i - 2 &&
        tx >= min_x && tx <= max_x && ty >= min_y && ty <= max_y) {
      computed = true;
      const float t = temp_tile[ty][tx];
      next_tile[ty][tx] =
          t + step_div_cap * (power_tile[ty][tx] +
                              (temp_tile[south][tx] + temp_tile[north][tx] - 2.0 * t) * ry_inv +
                              (temp_tile[ty][east] + temp_tile[ty][west] - 2.0 * t) * rx_inv +
                              (ambient - t) * rz_inv);
    }
    __syncthreads();
    if (i == iterations - 1) break;
    if (computed) temp_tile[ty][tx] = next_tile[ty][tx];
    __syncthreads();
  }
  if (computed) temp_dst[index] = next_tile[ty][tx];
}
