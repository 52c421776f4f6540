#pragma once

// Seed 000 Ch. 2's reuse micro-kernel, shared by placement/reuse-shared and reuse-dcache: blocks
// of REUSE_THREADS threads, each block owning REUSE_THREADS floats (eight 128-byte rows) that
// every warp reads `passes` times over: in a pass each lane reads its column of the eight rows
// in turn (one aligned row per warp load) and adds them up. The reads are inline PTX (volatile
// asm with immediate row offsets) so that the compiler neither keeps the values in registers
// across passes (the addresses repeat) nor adds address arithmetic: both versions' passes are
// the same eight loads and eight adds, from shared memory or from global memory through the L1D.
// The host side is ../reuse-shared/reuse_host.h.

#define REUSE_THREADS 256

// One pass over the block: `LOAD` is the PTX load ("ld.shared.f32" or "ld.global.f32"),
// `CONSTRAINT` the address operand's ("r" or "l"), `addr` the lane's column in row 0. The eight
// loads come before the adds, so a pass's misses (the first pass of a D-cache block) overlap.
#define REUSE_LOAD(LOAD, CONSTRAINT, addr, offset, v) \
  asm volatile(LOAD " %0, [%1+" #offset "];" : "=f"(v) : CONSTRAINT(addr) : "memory")
#define REUSE_PASS(LOAD, CONSTRAINT, addr, sum)     \
  do {                                              \
    float v_[8];                                    \
    REUSE_LOAD(LOAD, CONSTRAINT, addr, 0, v_[0]);   \
    REUSE_LOAD(LOAD, CONSTRAINT, addr, 128, v_[1]); \
    REUSE_LOAD(LOAD, CONSTRAINT, addr, 256, v_[2]); \
    REUSE_LOAD(LOAD, CONSTRAINT, addr, 384, v_[3]); \
    REUSE_LOAD(LOAD, CONSTRAINT, addr, 512, v_[4]); \
    REUSE_LOAD(LOAD, CONSTRAINT, addr, 640, v_[5]); \
    REUSE_LOAD(LOAD, CONSTRAINT, addr, 768, v_[6]); \
    REUSE_LOAD(LOAD, CONSTRAINT, addr, 896, v_[7]); \
    for (int r_ = 0; r_ < 8; ++r_) sum += v_[r_];   \
  } while (0)
