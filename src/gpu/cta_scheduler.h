#pragma once

// Which SM is offered the next CTA. Each cycle the dispatcher walks the SMs in the order the
// policy gives and assigns at most one CTA to each SM that has room, as GPGPU-Sim does; the
// policy hears which SMs received one.

#include <cstdint>
#include <vector>

namespace warpsim {

class CtaScheduler {
 public:
  static constexpr const char* kKind = "cta_scheduler";

  struct Context {
    std::uint32_t sms = 0;
  };

  virtual ~CtaScheduler() = default;

  // Fills `order` with every SM index once, in the order to offer CTAs this cycle.
  virtual void order(std::vector<std::uint32_t>& order) = 0;
  virtual void on_assign(std::uint32_t /*sm*/) {}
};

}  // namespace warpsim
