#pragma once

// Global- and shared-memory throughput (seed 003, Mei & Chu §2.6 and §2.8) with the kernels of
// microbench/kernels/throughput.cu, swept over launch shapes; the peak over the sweep is the
// figure reported.
//  - global: the whole grid copies `bytes` from one array to another (ILP words per thread in
//    flight), timed by the launch; throughput = 2 * bytes / cycles (read + write). The paper
//    copies "large, fixed amounts of data" and sweeps CTAs, CTA size and ILP; the default sweep
//    covers 1-8 CTAs per SM x 256-1024 threads x ILP 1-8 over at least 8 MiB and twice the L2,
//    so that each launch's ramp and drain (about one DRAM latency each) are a few percent of it
//    and the copy streams through the L2 (docs/validation.md, "Global throughput").
//  - shared: every CTA copies ILP words per thread between two halves of its shared memory,
//    `iterations` times, timed per SM from the first CTA's start to the last CTA's end (clock()
//    after __syncthreads()); the same launch with no iterations is subtracted, which removes the
//    barrier and clock overhead. Throughput per SM = 2 * 4 * threads * ILP * iterations / cycles.

#include <cstdint>
#include <string>
#include <vector>

#include "probe/device.h"
#include "probe/hierarchy.h"

namespace warpsim::probe {

struct GlobalSweep {
  std::vector<std::uint32_t> ctas_per_sm{1, 2, 4, 8};
  std::vector<std::uint32_t> threads{256, 512, 1024};
  std::vector<std::uint32_t> ilp{1, 2, 4, 8};  // each of 1, 2, 4, 6, 8 (the kernels that exist)
  std::uint64_t bytes = 0;                     // 0: twice the device's L2, at least 8 MiB
};

struct SharedSweep {
  std::vector<std::uint32_t> ctas_per_sm{1, 2};
  std::vector<std::uint32_t> threads{256, 1024};
  std::vector<std::uint32_t> ilp{1, 4, 8};
  std::uint64_t iterations = 16;
};

// Points that cannot launch (too many threads or too much shared memory for the device) are
// left out. Throws std::invalid_argument for an ILP without a kernel.
std::vector<ThroughputPoint> sweep_global(Device& device, const GlobalSweep& sweep);
std::vector<ThroughputPoint> sweep_shared(Device& device, const SharedSweep& sweep);

// The peaks of both sweeps, in core cycles and GB/s at the device's core clock, and every point.
Bandwidth measure_bandwidth(Device& device, const GlobalSweep& global, const SharedSweep& shared);

// "8 CTAs/SM x 256 threads, ILP 4"
std::string describe(const ThroughputPoint& point);

}  // namespace warpsim::probe
