#pragma once

// Which running kernel an SM's next CTA comes from, when kernels run concurrently (streams).
// Each cycle the dispatcher offers each SM (in the CtaScheduler's order) one CTA: of the first
// kernel in this policy's order for that SM that has CTAs left and whose CTA fits.
//
// Contract:
// - order(sm, running, out) writes a permutation of indices into `running` (the running
//   kernels in launch order, KernelRun::order increasing) into `out`; it must depend only on
//   the calls the policy has received and be idempotent (the dispatcher may ask again in a
//   cycle in which nothing changed).
// - on_assign(sm, kernel) follows each CTA the dispatcher sends; on_retire(sm, kernel) each CTA
//   an SM retires (before the dispatcher assigns in that cycle).

#include <cstdint>
#include <span>
#include <vector>

namespace warpsim {

struct KernelRun;

class KernelSelect {
 public:
  static constexpr const char* kKind = "kernel_select";

  struct Context {
    std::uint32_t sms = 0;
  };

  virtual ~KernelSelect() = default;

  virtual void order(std::uint32_t sm, std::span<KernelRun* const> running,
                     std::vector<std::uint32_t>& out) = 0;
  virtual void on_assign(std::uint32_t /*sm*/, const KernelRun& /*kernel*/) {}
  virtual void on_retire(std::uint32_t /*sm*/, const KernelRun& /*kernel*/) {}
};

}  // namespace warpsim
