// The capacity of placement/bp-dcache's global scratch array, shared by bp-dcache.cu (nvcc) and
// driver.cc (host C++): one region per block, and bpnn_layerforward_CUDA runs in / 16 blocks
// (in = 65536 at size paper: 4096 blocks).
#pragma once

#define BP_DCACHE_MAX_BLOCKS 4096
// A region: weight_matrix[16][16] then input_node[16] (1088 bytes), padded to 9 lines of 128
// bytes so that no two blocks share a line and each weight row pair is one line.
#define BP_DCACHE_REGION_FLOATS 288
