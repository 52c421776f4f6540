#pragma once

// Shared-memory latency and bank conflicts (seed 003, Mei & Chu §2.9), measured with the kernels
// of microbench/kernels/shared.cu:
//  - latency: one thread chasing pointers through shared memory, each access timed on its own,
//    the timing code's cost subtracted;
//  - bank geometry: one warp, lane t at word t * s for s = 1, 2, 4, ..., 128: the largest
//    stride still as fast as stride 1 is the bank width (4 bytes: stride 1; 8 bytes: stride 2
//    is conflict-free too), the smallest stride as slow as the largest is one row of all banks;
//  - conflict_latency[n - 1]: the average latency of 64 dependent accesses of one warp whose
//    lanes 0..n-1 ask one bank for n different rows and whose other lanes each use a bank of
//    their own (degree n, for n = 1..32).

#include <cstdint>
#include <vector>

#include "probe/device.h"
#include "probe/hierarchy.h"

namespace warpsim::probe {

// Per-access latency of one warp at each stride (words) of the bank-geometry sweep.
struct BankSweep {
  std::vector<std::uint32_t> strides;
  std::vector<double> latency;
};

// One warp's average latency per access when lane t uses shared word offsets[t] (32 offsets),
// the timing code's cost subtracted.
double warp_access_latency(Device& device, const std::vector<std::uint32_t>& offsets);

BankSweep sweep_bank_strides(Device& device);

// The conflict-free latency of one thread.
double shared_latency(Device& device);

// Everything above. Throws std::runtime_error when the device refuses a launch.
SharedMemory measure_shared(Device& device);

}  // namespace warpsim::probe
