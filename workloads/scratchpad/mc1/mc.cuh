// The kernels of scratchpad/mc1 and scratchpad/mc2: marching cubes over a sampled scalar field,
// after the CUDA SDK's marchingCubes sample as seed 002 (Jatala et al., Tables 1, 5 and 7) runs
// it. classify_voxel counts each voxel's output vertices from its corners' inside/outside
// pattern (the case table's vertex counts); the host compacts the occupied voxels and scans the
// counts; generate_triangles, the kernel the paper studies, gives each occupied voxel a thread
// that interpolates the iso-surface point and normal on all 12 cube edges into shared memory
// (vertlist and normlist, 12 float3 per thread: 9216 B at 32 threads, 13824 B at 48) and then
// writes the vertices of the case's triangles to the output arrays at the scanned offsets.
// The field is a (dim + 1)^3 volume of samples; corner normals are central differences of it
// (one-sided at the border).

constexpr int kMaxCaseVerts = 16;  // the case table's row length (up to 15 vertices, -1 ends)

__device__ inline int mc_index(int x, int y, int z, int side) { return (z * side + y) * side + x; }

// The corner order of the case index: bit c for corner c at (c & 1) ^ ((c >> 1) & 1), c >> 1 & 1,
// c >> 2 (0 (0,0,0), 1 (1,0,0), 2 (1,1,0), 3 (0,1,0), then the same at z + 1).
__device__ inline void mc_corner(int c, int& dx, int& dy, int& dz) {
  dx = (c & 1) ^ ((c >> 1) & 1);
  dy = (c >> 1) & 1;
  dz = c >> 2;
}

__device__ inline int mc_case(const float* volume, int x, int y, int z, int side, float iso) {
  int cube = 0;
  for (int c = 0; c < 8; ++c) {
    int dx, dy, dz;
    mc_corner(c, dx, dy, dz);
    if (volume[mc_index(x + dx, y + dy, z + dz, side)] < iso) cube |= 1 << c;
  }
  return cube;
}

// Voxel `voxel` of a dim^3 grid: its vertex count and whether it has any.
extern "C" __global__ void classify_voxel(const float* volume, const int* case_verts,
                                          int* voxel_verts, int* voxel_occupied, int dim,
                                          float iso) {
  const int voxel = blockIdx.x * blockDim.x + threadIdx.x;
  if (voxel >= dim * dim * dim) return;
  const int x = voxel % dim;
  const int y = (voxel / dim) % dim;
  const int z = voxel / (dim * dim);
  const int verts = case_verts[mc_case(volume, x, y, z, dim + 1, iso)];
  voxel_verts[voxel] = verts;
  voxel_occupied[voxel] = verts > 0;
}

__device__ inline float mc_sample(const float* volume, int x, int y, int z, int side) {
  x = min(max(x, 0), side - 1);
  y = min(max(y, 0), side - 1);
  z = min(max(z, 0), side - 1);
  return volume[mc_index(x, y, z, side)];
}

__device__ inline float3 mc_gradient(const float* volume, int x, int y, int z, int side) {
  return make_float3(
      mc_sample(volume, x + 1, y, z, side) - mc_sample(volume, x - 1, y, z, side),
      mc_sample(volume, x, y + 1, z, side) - mc_sample(volume, x, y - 1, z, side),
      mc_sample(volume, x, y, z + 1, side) - mc_sample(volume, x, y, z - 1, side));
}

// Corners joined by edge e: the bottom square's edges 0-3, the top's 4-7, the verticals 8-11.
__device__ inline void mc_edge(int e, int& a, int& b) {
  if (e < 8) {
    a = e;
    b = (e & 4) | ((e + 1) & 3);
  } else {
    a = e - 8;
    b = e - 4;
  }
}

template <int Threads>
__device__ void mc_generate(const int* compacted, const int* vert_offsets,
                                   const float* volume, const int* case_verts,
                                   const int* case_edges, float4* positions, float4* normals,
                                   int dim, float iso, int active, int max_verts) {
  __shared__ float3 vertlist[12 * Threads];
  __shared__ float3 normlist[12 * Threads];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * Threads + tid;
  if (i >= active) return;
  const int voxel = compacted[i];
  const int x = voxel % dim;
  const int y = (voxel / dim) % dim;
  const int z = voxel / (dim * dim);
  const int side = dim + 1;
  const float step = 1.0f / dim;
  const int cube = mc_case(volume, x, y, z, side, iso);
  for (int e = 0; e < 12; ++e) {
    int a, b;
    mc_edge(e, a, b);
    int ax, ay, az, bx, by, bz;
    mc_corner(a, ax, ay, az);
    mc_corner(b, bx, by, bz);
    const float fa = volume[mc_index(x + ax, y + ay, z + az, side)];
    const float fb = volume[mc_index(x + bx, y + by, z + bz, side)];
    const float t = (iso - fa) / (fb - fa);
    const float3 pa = make_float3((x + ax) * step, (y + ay) * step, (z + az) * step);
    const float3 pb = make_float3((x + bx) * step, (y + by) * step, (z + bz) * step);
    vertlist[e * Threads + tid] =
        make_float3(pa.x + t * (pb.x - pa.x), pa.y + t * (pb.y - pa.y), pa.z + t * (pb.z - pa.z));
    const float3 na = mc_gradient(volume, x + ax, y + ay, z + az, side);
    const float3 nb = mc_gradient(volume, x + bx, y + by, z + bz, side);
    normlist[e * Threads + tid] =
        make_float3(na.x + t * (nb.x - na.x), na.y + t * (nb.y - na.y), na.z + t * (nb.z - na.z));
  }
  const int verts = case_verts[cube];
  for (int k = 0; k < verts; ++k) {
    const int edge = case_edges[cube * kMaxCaseVerts + k];
    const int index = vert_offsets[voxel] + k;
    if (index < max_verts) {
      const float3 p = vertlist[edge * Threads + tid];
      const float3 n = normlist[edge * Threads + tid];
      positions[index] = make_float4(p.x, p.y, p.z, 1.0f);
      normals[index] = make_float4(n.x, n.y, n.z, 0.0f);
    }
  }
}
