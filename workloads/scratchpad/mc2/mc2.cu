// scratchpad/mc2: seed 002's MC2, the marching-cubes kernels of mc.cuh with 48-thread blocks in
// generate_triangles (13824 B of shared memory; Table 5).

#include "../mc1/mc.cuh"

extern "C" __global__ void generate_triangles(const int* compacted, const int* vert_offsets,
                                              const float* volume, const int* case_verts,
                                              const int* case_edges, float4* positions,
                                              float4* normals, int dim, float iso, int active,
                                              int max_verts) {
  mc_generate<48>(compacted, vert_offsets, volume, case_verts, case_edges, positions,
                  normals, dim, iso, active, max_verts);
}
