// The capacity of placement/nw-dcache's global scratch array, shared by nw-dcache.cu (nvcc) and
// driver.cc (host C++): one region per block of a launch, and a launch of rodinia/nw's host loop
// has at most n / 16 blocks (n = 2048 at size paper: 128 blocks).
#pragma once

#define NW_DCACHE_MAX_BLOCKS 128
// A region: temp[17][17] then ref[16][16] (2180 bytes), padded to 18 lines of 128 bytes so that
// no two blocks share a line.
#define NW_DCACHE_REGION_INTS 576
