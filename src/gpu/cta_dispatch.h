#pragma once

// The GPU's kernel and CTA scheduler. Kernels wait in launch order until their stream allows
// them to start (kernels of one stream run in order; a kernel on the legacy default stream 0
// waits for all earlier kernels and holds back all later ones) and fewer than
// max_concurrent_kernels run; a kernel whose wait ends because another ended starts the cycle
// after that end. Each cycle every SM, in the CtaScheduler policy's order, may
// receive one CTA: of the first running kernel in the KernelSelect policy's order (by default
// the oldest) with CTAs left whose CTA fits in what the SM has free (CTA slots, warp slots,
// registers, shared memory) and which has fewer than its sm.throttle.ctas CTAs on that SM. A kernel
// with scratchpad sharing (seed 002) fills its SharingSlots table on each SM: a CTA fits when a
// place is free and the place's bytes fit.
// Launch timing (gpu.kernel_launch_latency, gpu.cache_control): a kernel's first CTA is
// dispatched no earlier than launch_latency cycles after it may start, and its cycles count
// from there; with serialize (cache_control flush) a kernel starts only when no other runs, and
// the on_ready event (the GPU flushing its L2) fires as it starts. Per SM the dispatcher keeps
// the cycles with at least one of a kernel's CTAs resident (KernelRun::active_cycles).

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gpu/cta_scheduler.h"
#include "gpu/gpu_description.h"
#include "gpu/kernel_select.h"
#include "gpu/occupancy.h"
#include "gpu/sharing_slots.h"
#include "sim/component.h"
#include "sim/link.h"
#include "sim/stats.h"
#include "sm/kernel_run.h"

namespace warpsim {

class CtaDispatcher : public Component {
 public:
  using KernelEvent = std::function<void(KernelRun& kernel, Cycle now)>;
  struct LaunchTiming {
    std::uint64_t launch_latency = 0;  // core cycles
    bool serialize = false;            // and flush: gpu.cache_control flush
  };

  CtaDispatcher(Simulation& sim, std::string path, ClockDomainId clock, const GpuDescription& gpu,
                std::uint32_t max_concurrent, const ConfigNode& cta_scheduler,
                const ConfigNode& kernel_select, LaunchTiming timing);

  void connect(std::uint32_t sm, Link<CtaAssignment>* to_sm, Link<CtaRetired>* from_sm);
  void set_kernel_events(KernelEvent on_start, KernelEvent on_end, KernelEvent on_ready = {});
  // Adds a kernel (owned by the caller, alive until it finishes) and wakes the dispatcher.
  void enqueue(KernelRun* kernel);

  Wake tick(Cycle now) override;
  bool has_work() const override { return !pending_.empty() || !running_.empty(); }
  std::string describe_state() const override;

 private:
  bool receive_retirements(Cycle now);  // whether a kernel ended
  void start_kernels(Cycle now);
  // The earliest ready_cycle of a running kernel with CTAs left that is not ready at `now`.
  std::optional<Cycle> next_ready(Cycle now) const;
  bool may_start(std::size_t index) const;
  bool assign(Cycle now);
  // Books one CTA of `k` on `sm` if it fits (with scratchpad sharing, in the SM's lowest free
  // place of the kernel's table); false if it does not.
  bool book(std::uint32_t sm, KernelRun& k, CtaBooking& booking, SmUsage& usage);
  // What one CTA of `k` books: the kernel's occupancy, with a sharing place's bytes.
  static Occupancy per_cta(const KernelRun& k, const SharingSlots* slots, std::uint32_t slot);

  GpuDescription gpu_;
  std::uint32_t max_concurrent_;
  LaunchTiming timing_;
  std::unique_ptr<CtaScheduler> policy_;
  std::unique_ptr<KernelSelect> select_;
  std::vector<Link<CtaAssignment>*> to_sm_;
  std::vector<Link<CtaRetired>*> from_sm_;
  std::vector<SmUsage> usage_;
  std::vector<KernelRun*> pending_;  // launch order
  std::vector<KernelRun*> running_;  // launch order
  // Scratchpad sharing: each sharing kernel's table on each SM.
  std::map<std::pair<const KernelRun*, std::uint32_t>, SharingSlots> sharing_;
  std::vector<std::uint32_t> order_;
  std::vector<std::uint32_t> kernel_order_;
  KernelEvent on_start_;
  KernelEvent on_end_;
  KernelEvent on_ready_;
  Counter& ctas_dispatched_;
  Counter& kernels_;
};

}  // namespace warpsim
