// scratchpad/fdtd3d: one time step of a 3-D finite-difference stencil of radius 4 (8th order in
// space), after the CUDA SDK's FDTD3d sample (FiniteDifferencesKernel; seed 002 Table 1:
// 3840 B shared, 128-thread blocks). The volume is dimx x dimy x dimz points inside a halo of
// 4 on every side; `in` and `out` both hold the padded (dimx+8) x (dimy+8) x (dimz+8) volume.
// Blocks of 32 x 4 threads cover the x-y plane, one thread per (x, y) column, and march along z:
// each thread keeps the 4 values behind and the 4 in front of its point in registers, and the
// block stages the current x-y plane (with a halo of 4) in a shared tile, declared for the SDK's
// largest block height (k_blockDimMaxY = 16): (16 + 8) x (32 + 8) floats = 3840 B, of which a
// 32 x 4 block uses 12 rows. Per point,
//   out = c0 * v + sum_{i=1..4} c_i * (behind_i + front_i + up_i + down_i + left_i + right_i)
// with the six terms added left to right and each c_i term added by an explicit fmaf, so the
// CPU reference can repeat the operations exactly (driver.cc). The coefficients are kernel
// parameters (the SDK keeps them in __constant__ memory).

#define RADIUS 4
#define TILE_X 32       // block width (k_blockDimX)
#define TILE_MAX_Y 16   // largest block height (k_blockDimMaxY)
#define TILE_W (TILE_X + 2 * RADIUS)

extern "C" __global__ void fdtd3d_kernel(float* out, const float* in, int dimx, int dimy,
                                         int dimz, float c0, float c1, float c2, float c3,
                                         float c4) {
  __shared__ float tile[TILE_MAX_Y + 2 * RADIUS][TILE_W];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int gx = blockIdx.x * TILE_X + tx;  // interior coordinates of this thread's column
  const int gy = blockIdx.y * blockDim.y + ty;
  const int outer_x = dimx + 2 * RADIUS;
  const int outer_y = dimy + 2 * RADIUS;
  const long plane = (long)outer_x * outer_y;
  const bool writes = gx < dimx && gy < dimy;
  // Padded coordinates of this thread's point; a value is read where it lies in the padded
  // volume (the points a writing thread needs always do).
  const int px = gx + RADIUS;
  const int py = gy + RADIUS;
  const bool center_in = px < outer_x && py < outer_y;
  const float* column = in + (long)py * outer_x + px;

  float behind[RADIUS];  // behind[i]: z - 1 - i
  float front[RADIUS];   // front[i]: z + 1 + i
  float current = 0.0f;
  for (int i = 0; i < RADIUS; ++i) {
    behind[i] = 0.0f;
    front[i] = 0.0f;
  }
  if (center_in) {
    for (int i = 0; i < RADIUS; ++i) behind[i] = column[(RADIUS - 1 - i) * plane];
    current = column[RADIUS * plane];
    for (int i = 0; i < RADIUS; ++i) front[i] = column[(RADIUS + 1 + i) * plane];
  }

  const int sx = tx + RADIUS;
  const int sy = ty + RADIUS;
  for (int iz = 0; iz < dimz; ++iz) {
    const long z = iz + RADIUS;
    const float* slice = in + z * plane;
    __syncthreads();  // the previous plane's readers are done with the tile
    if (center_in) tile[sy][sx] = current;
    if (ty < RADIUS) {  // rows above and below the block
      if (px < outer_x) {
        tile[ty][sx] = slice[(long)gy * outer_x + px];
        const int below = gy + blockDim.y + RADIUS;
        if (below < outer_y) tile[sy + blockDim.y][sx] = slice[(long)below * outer_x + px];
      }
    }
    if (tx < RADIUS && py < outer_y) {  // columns left and right of the block
      tile[sy][tx] = slice[(long)py * outer_x + gx];
      const int right = gx + TILE_X + RADIUS;
      if (right < outer_x) tile[sy][sx + TILE_X] = slice[(long)py * outer_x + right];
    }
    __syncthreads();

    float value = c0 * current;
    value = fmaf(c1, behind[0] + front[0] + tile[sy - 1][sx] + tile[sy + 1][sx] + tile[sy][sx - 1] +
                         tile[sy][sx + 1],
                 value);
    value = fmaf(c2, behind[1] + front[1] + tile[sy - 2][sx] + tile[sy + 2][sx] + tile[sy][sx - 2] +
                         tile[sy][sx + 2],
                 value);
    value = fmaf(c3, behind[2] + front[2] + tile[sy - 3][sx] + tile[sy + 3][sx] + tile[sy][sx - 3] +
                         tile[sy][sx + 3],
                 value);
    value = fmaf(c4, behind[3] + front[3] + tile[sy - 4][sx] + tile[sy + 4][sx] + tile[sy][sx - 4] +
                         tile[sy][sx + 4],
                 value);
    if (writes) out[z * plane + (long)py * outer_x + px] = value;

    // Advance along z: the queue shifts by one, and the new front value is read.
    for (int i = RADIUS - 1; i > 0; --i) behind[i] = behind[i - 1];
    behind[0] = current;
    current = front[0];
    for (int i = 0; i < RADIUS - 1; ++i) front[i] = front[i + 1];
    if (center_in && iz + 1 < dimz) front[RADIUS - 1] = column[(z + 1 + RADIUS) * plane];
  }
}
