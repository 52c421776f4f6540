// Device code shared by placement/mc-shared and placement/mc-dcache (marching cubes after the
// CUDA SDK's marchingCubes sample): the voxel classification kernel, the corner sampling and
// the edge interpolation. Only generateTriangles differs between the two (where its per-thread
// vertex list lives), so that is in each workload's own .cu.

#pragma once

#define MC_NTHREADS 32  // generateTriangles' block (NTHREADS in the SDK sample and seed 000)

// The 8 corners of a cube, corner k at (k & 1 ^ k >> 1 & 1, k >> 1 & 1, k >> 2) i.e. 0 (0,0,0),
// 1 (1,0,0), 2 (1,1,0), 3 (0,1,0), then 4..7 the same at z = 1; the 12 edges join corners
// (0,1) (1,2) (2,3) (3,0) (4,5) (5,6) (6,7) (7,4) (0,4) (1,5) (2,6) (3,7) (the usual numbering
// of marching cubes tables; mc_host.h builds the tables for it).

// Voxel `voxel` of a 2^lx x 2^ly x 2^lz grid: its position (the SDK's calcGridPos, shifts and
// masks over a power-of-two grid).
__device__ inline int3 mc_grid_pos(unsigned voxel, int lx, int ly, int lz) {
  int3 g;
  g.x = voxel & ((1u << lx) - 1);
  g.y = (voxel >> lx) & ((1u << ly) - 1);
  g.z = (voxel >> (lx + ly)) & ((1u << lz) - 1);
  return g;
}

// Samples the field at the voxel's 8 corners: `volume` holds (gradient x, y, z, value) at every
// grid vertex, (2^lx + 1) x (2^ly + 1) x (2^lz + 1) of them, x fastest. Returns the cube index:
// bit k set when corner k's value is below the iso value.
__device__ inline unsigned mc_sample_corners(const float4* volume, int3 g, int lx, int ly,
                                             float iso, float4 field[8]) {
  const int sx = (1 << lx) + 1;
  const int sy = (1 << ly) + 1;
  const int base = (g.z * sy + g.y) * sx + g.x;
  const int plane = sx * sy;
  field[0] = volume[base];
  field[1] = volume[base + 1];
  field[2] = volume[base + sx + 1];
  field[3] = volume[base + sx];
  field[4] = volume[base + plane];
  field[5] = volume[base + plane + 1];
  field[6] = volume[base + plane + sx + 1];
  field[7] = volume[base + plane + sx];
  unsigned cube = 0;
  for (int k = 0; k < 8; ++k) cube |= (field[k].w < iso ? 1u : 0u) << k;
  return cube;
}

// The point where the field crosses `iso` on the edge from p0 to p1 (linear interpolation of
// the corner values), and the gradient interpolated the same way (the SDK's vertexInterp2).
__device__ inline void mc_interp(float iso, float3 p0, float3 p1, float4 f0, float4 f1, float3& p,
                                 float3& n) {
  const float t = (iso - f0.w) / (f1.w - f0.w);
  p.x = p0.x + t * (p1.x - p0.x);
  p.y = p0.y + t * (p1.y - p0.y);
  p.z = p0.z + t * (p1.z - p0.z);
  n.x = f0.x + t * (f1.x - f0.x);
  n.y = f0.y + t * (f1.y - f0.y);
  n.z = f0.z + t * (f1.z - f0.z);
}

// The corner positions of voxel g: -1 + g * voxel size, plus one voxel size where the corner's
// coordinate is 1.
__device__ inline void mc_corner_positions(int3 g, float3 vs, float3 v[8]) {
  float3 p;
  p.x = -1.0f + g.x * vs.x;
  p.y = -1.0f + g.y * vs.y;
  p.z = -1.0f + g.z * vs.z;
  v[0] = p;
  v[1] = make_float3(p.x + vs.x, p.y, p.z);
  v[2] = make_float3(p.x + vs.x, p.y + vs.y, p.z);
  v[3] = make_float3(p.x, p.y + vs.y, p.z);
  v[4] = make_float3(p.x, p.y, p.z + vs.z);
  v[5] = make_float3(p.x + vs.x, p.y, p.z + vs.z);
  v[6] = make_float3(p.x + vs.x, p.y + vs.y, p.z + vs.z);
  v[7] = make_float3(p.x, p.y + vs.y, p.z + vs.z);
}

// classifyVoxel: one thread per voxel writes the number of vertices its triangles have
// (numVertsTable[cube index]). (The SDK's kernel also writes an occupied flag for compaction;
// generateTriangles here runs over every voxel, so there is none.)
#define MC_CLASSIFY_KERNEL(NAME)                                                                  \
  extern "C" __global__ void NAME(unsigned* voxel_verts, const float4* volume,                    \
                                  const unsigned* num_verts_table, int lx, int ly, int lz,        \
                                  float iso, unsigned num_voxels) {                               \
    const unsigned voxel = blockIdx.x * blockDim.x + threadIdx.x;                                 \
    if (voxel >= num_voxels) return;                                                              \
    float4 field[8];                                                                              \
    const unsigned cube = mc_sample_corners(volume, mc_grid_pos(voxel, lx, ly, lz), lx, ly, iso,  \
                                            field);                                               \
    voxel_verts[voxel] = num_verts_table[cube];                                                   \
  }
