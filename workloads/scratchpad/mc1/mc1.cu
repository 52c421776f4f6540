// scratchpad/mc1: seed 002's MC1, the marching-cubes kernels of mc.cuh with 32-thread blocks in
// generate_triangles (9216 B of shared memory; Tables 1 and 7).

#include "mc.cuh"

extern "C" __global__ void generate_triangles(const int* compacted, const int* vert_offsets,
                                              const float* volume, const int* case_verts,
                                              const int* case_edges, float4* positions,
                                              float4* normals, int dim, float iso, int active,
                                              int max_verts) {
  mc_generate<32>(compacted, vert_offsets, volume, case_verts, case_edges, positions,
                  normals, dim, iso, active, max_verts);
}
