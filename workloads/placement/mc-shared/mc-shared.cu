// placement/mc-shared: marching cubes after the CUDA SDK's marchingCubes sample, as seed 000
// (Chao Li's thesis, Ch.2, Table 2.2 and case study III "MC") uses it: the kernel
// generateTriangles with its per-thread vertex and normal lists in SHARED memory, indexed
// threadIdx.x + edge * NTHREADS as in the thesis' Fig. 2.6a. Two float3 arrays of 12 x 32 entries
// (vertlist, normlist) are 2 x 12 x 32 x 12 B = 9216 B per block, the thesis' footprint, which
// allows 5 blocks per SM with 48 KB of shared memory. placement/mc-dcache is the same kernel
// with the two lists in thread-local arrays (the thesis' "D-cache version").
// Launches (driver.cc, ../mc-shared/mc_host.h): mc_shared_classify, 128-thread blocks, one
// thread per voxel (the SDK's classifyVoxel); mc_shared_generate, 32-thread blocks (NTHREADS),
// one thread per voxel: for 32768 voxels 1024 blocks, seed 000 Table 2.2.

#include "mc_device.cuh"

MC_CLASSIFY_KERNEL(mc_shared_classify)

// generateTriangles: samples the voxel's corners, interpolates all 12 edges into the block's
// shared lists, then writes the vertices (position, w = 1) and normals (w = 0) of its triangles
// at verts_scanned[voxel] (an exclusive scan of the classify kernel's counts).
extern "C" __global__ void mc_shared_generate(float4* pos, float4* norm, const float4* volume,
                                              const unsigned* verts_scanned,
                                              const unsigned* num_verts_table,
                                              const int* tri_table, int lx, int ly, int lz,
                                              float vsx, float vsy, float vsz, float iso,
                                              unsigned num_voxels, unsigned max_verts) {
  __shared__ float3 vertlist[12 * MC_NTHREADS];
  __shared__ float3 normlist[12 * MC_NTHREADS];
  const unsigned voxel = blockIdx.x * blockDim.x + threadIdx.x;
  if (voxel >= num_voxels) return;
  const int3 g = mc_grid_pos(voxel, lx, ly, lz);
  float4 field[8];
  const unsigned cube = mc_sample_corners(volume, g, lx, ly, iso, field);
  float3 v[8];
  mc_corner_positions(g, make_float3(vsx, vsy, vsz), v);
  const unsigned t = threadIdx.x;
  mc_interp(iso, v[0], v[1], field[0], field[1], vertlist[t], normlist[t]);
  mc_interp(iso, v[1], v[2], field[1], field[2], vertlist[t + MC_NTHREADS],
            normlist[t + MC_NTHREADS]);
  mc_interp(iso, v[2], v[3], field[2], field[3], vertlist[t + 2 * MC_NTHREADS],
            normlist[t + 2 * MC_NTHREADS]);
  mc_interp(iso, v[3], v[0], field[3], field[0], vertlist[t + 3 * MC_NTHREADS],
            normlist[t + 3 * MC_NTHREADS]);
  mc_interp(iso, v[4], v[5], field[4], field[5], vertlist[t + 4 * MC_NTHREADS],
            normlist[t + 4 * MC_NTHREADS]);
  mc_interp(iso, v[5], v[6], field[5], field[6], vertlist[t + 5 * MC_NTHREADS],
            normlist[t + 5 * MC_NTHREADS]);
  mc_interp(iso, v[6], v[7], field[6], field[7], vertlist[t + 6 * MC_NTHREADS],
            normlist[t + 6 * MC_NTHREADS]);
  mc_interp(iso, v[7], v[4], field[7], field[4], vertlist[t + 7 * MC_NTHREADS],
            normlist[t + 7 * MC_NTHREADS]);
  mc_interp(iso, v[0], v[4], field[0], field[4], vertlist[t + 8 * MC_NTHREADS],
            normlist[t + 8 * MC_NTHREADS]);
  mc_interp(iso, v[1], v[5], field[1], field[5], vertlist[t + 9 * MC_NTHREADS],
            normlist[t + 9 * MC_NTHREADS]);
  mc_interp(iso, v[2], v[6], field[2], field[6], vertlist[t + 10 * MC_NTHREADS],
            normlist[t + 10 * MC_NTHREADS]);
  mc_interp(iso, v[3], v[7], field[3], field[7], vertlist[t + 11 * MC_NTHREADS],
            normlist[t + 11 * MC_NTHREADS]);

  const unsigned num_verts = num_verts_table[cube];
  for (unsigned i = 0; i < num_verts; i += 3) {
    const unsigned index = verts_scanned[voxel] + i;
    if (index + 2 < max_verts) {
      for (unsigned k = 0; k < 3; ++k) {
        const int edge = tri_table[cube * 16 + i + k];
        const float3 p = vertlist[edge * MC_NTHREADS + t];
        const float3 n = normlist[edge * MC_NTHREADS + t];
        pos[index + k] = make_float4(p.x, p.y, p.z, 1.0f);
        norm[index + k] = make_float4(n.x, n.y, n.z, 0.0f);
      }
    }
  }
}
