// placement/mc-dcache: the "D-cache version" of placement/mc-shared, after seed 000 (Chao Li's
// thesis, Ch.2 case study III "MC", Fig. 2.6b; Ch.3 pattern 2): the per-thread vertex and
// normal lists of generateTriangles, which the CUDA SDK's marchingCubes keeps in shared memory
// (threadIdx.x + edge * NTHREADS, never shared between threads), become thread-local arrays
// vertlist[12], normlist[12]. They are indexed by the triangle table's edge numbers, known only
// at run time, so they live in local memory (cached by the L1D) rather than registers. The
// kernel uses no shared memory, so the block count per SM is no longer limited by the 9216 B
// of the shared version (seed 000: 8 instead of 5 blocks per SM on the GTX480).
// Everything else, launches included, is as placement/mc-shared (../mc-shared/mc_host.h):
// mc_dcache_classify, 128-thread blocks; mc_dcache_generate, 32-thread blocks, one thread per
// voxel (1024 blocks for 32768 voxels, seed 000 Table 2.2).

#include "../mc-shared/mc_device.cuh"

MC_CLASSIFY_KERNEL(mc_dcache_classify)

extern "C" __global__ void mc_dcache_generate(float4* pos, float4* norm, const float4* volume,
                                              const unsigned* verts_scanned,
                                              const unsigned* num_verts_table,
                                              const int* tri_table, int lx, int ly, int lz,
                                              float vsx, float vsy, float vsz, float iso,
                                              unsigned num_voxels, unsigned max_verts) {
  float3 vertlist[12];
  float3 normlist[12];
  const unsigned voxel = blockIdx.x * blockDim.x + threadIdx.x;
  if (voxel >= num_voxels) return;
  const int3 g = mc_grid_pos(voxel, lx, ly, lz);
  float4 field[8];
  const unsigned cube = mc_sample_corners(volume, g, lx, ly, iso, field);
  float3 v[8];
  mc_corner_positions(g, make_float3(vsx, vsy, vsz), v);
  mc_interp(iso, v[0], v[1], field[0], field[1], vertlist[0], normlist[0]);
  mc_interp(iso, v[1], v[2], field[1], field[2], vertlist[1], normlist[1]);
  mc_interp(iso, v[2], v[3], field[2], field[3], vertlist[2], normlist[2]);
  mc_interp(iso, v[3], v[0], field[3], field[0], vertlist[3], normlist[3]);
  mc_interp(iso, v[4], v[5], field[4], field[5], vertlist[4], normlist[4]);
  mc_interp(iso, v[5], v[6], field[5], field[6], vertlist[5], normlist[5]);
  mc_interp(iso, v[6], v[7], field[6], field[7], vertlist[6], normlist[6]);
  mc_interp(iso, v[7], v[4], field[7], field[4], vertlist[7], normlist[7]);
  mc_interp(iso, v[0], v[4], field[0], field[4], vertlist[8], normlist[8]);
  mc_interp(iso, v[1], v[5], field[1], field[5], vertlist[9], normlist[9]);
  mc_interp(iso, v[2], v[6], field[2], field[6], vertlist[10], normlist[10]);
  mc_interp(iso, v[3], v[7], field[3], field[7], vertlist[11], normlist[11]);

  const unsigned num_verts = num_verts_table[cube];
  for (unsigned i = 0; i < num_verts; i += 3) {
    const unsigned index = verts_scanned[voxel] + i;
    if (index + 2 < max_verts) {
      for (unsigned k = 0; k < 3; ++k) {
        const int edge = tri_table[cube * 16 + i + k];
        const float3 p = vertlist[edge];
        const float3 n = normlist[edge];
        pos[index + k] = make_float4(p.x, p.y, p.z, 1.0f);
        norm[index + k] = make_float4(n.x, n.y, n.z, 0.0f);
      }
    }
  }
}
