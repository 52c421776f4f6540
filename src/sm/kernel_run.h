#pragma once

// One kernel launch as the timing model runs it: the source its SMs take instructions from
// (the functional model or a trace), the per-CTA allocation the dispatcher books, and what the
// kernel has done so far.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sm/issue_cost.h"
#include "sm/kernel_occupancy.h"
#include "sm/kernel_source.h"
#include "sm/throttle.h"

namespace warpsim {

struct KernelRun {
  std::unique_ptr<KernelSource> source;
  std::uint64_t stream = 0;
  std::uint64_t order = 0;        // launch order within the GpuModel
  std::uint32_t code_region = 0;  // by kernel name, in first-launch order (sm/fetch.h)
  Occupancy occupancy;
  std::uint32_t registers_per_thread = 0;
  std::uint64_t local_per_thread = 0;
  std::string resource_source;
  std::uint64_t ctas = 0;
  std::uint64_t next_cta = 0;   // next CTA to dispatch
  std::uint64_t done_ctas = 0;  // CTAs retired
  std::uint64_t warp_insts = 0;
  std::uint64_t thread_insts = 0;
  // sm.issue_costs and sm.count_issue_keys: per function its warps ran, each instruction's
  // issue cost and how many warp instructions issued from it, filled by the SMs as they first
  // issue from one.
  struct FunctionIssues {
    std::vector<IssueCost> costs;
    std::vector<std::uint64_t> issued;  // only with sm.count_issue_keys
  };
  std::map<const func::FunctionCode*, FunctionIssues> function_issues;
  // start_cycle: the first CTA's dispatch less gpu.kernel_launch_latency (the launch counts in
  // the kernel's cycles); ready_cycle: the earliest cycle its first CTA may be dispatched.
  std::uint64_t start_cycle = 0;
  std::uint64_t end_cycle = 0;
  std::uint64_t ready_cycle = 0;
  std::uint64_t dispatch_cycle = 0;  // the first CTA's dispatch
  bool started = false;
  bool flush_caches = false;  // gpu.cache_control flush: SMs start it with empty caches
  ThrottleCaps throttle;      // sm.throttle, for this kernel
  // sm.scratchpad_sharing for this kernel (no pairs: off), and the offset in a shared CTA's
  // scratchpad from which its accesses need the pair's lock: floor(t * its exact bytes).
  SharingOccupancy sharing;
  std::uint64_t sharing_boundary = 0;
  std::vector<std::uint32_t> resident_ctas;  // per SM, kept by the dispatcher for throttle.ctas
  // Per SM: cycles with at least one of the kernel's CTAs resident (closed intervals so far) and
  // where the open one began (Nsight Compute's sm__cycles_active for this kernel).
  std::vector<std::uint64_t> active_cycles;
  std::vector<std::uint64_t> active_since;

  bool all_dispatched() const { return next_cta >= ctas; }
  bool finished() const { return done_ctas >= ctas; }
};

// Dispatcher → SM: run CTA `cta` of `kernel`.
struct CtaAssignment {
  KernelRun* kernel = nullptr;
  std::uint64_t cta = 0;
  CtaBooking booking;  // what the dispatcher booked; comes back with the retirement
};

// SM → dispatcher: a CTA retired; its resources are free again.
struct CtaRetired {
  KernelRun* kernel = nullptr;
  std::uint32_t sm = 0;
  CtaBooking booking;
};

}  // namespace warpsim
