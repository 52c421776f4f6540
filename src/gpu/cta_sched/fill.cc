// Fill-first CTA placement: every cycle SMs are offered CTAs in index order, so low-numbered
// SMs fill up before the others get work. A contrast to round robin for studies of CTA
// placement (e.g. how much of the GPU a small grid occupies).

#include "gpu/cta_scheduler.h"
#include "sim/registry.h"

namespace warpsim {

namespace {

class FillCtas : public CtaScheduler {
 public:
  FillCtas(const ConfigNode& /*params*/, const Context& context) : sms_(context.sms) {}

  void order(std::vector<std::uint32_t>& order) override {
    order.clear();
    for (std::uint32_t i = 0; i < sms_; ++i) order.push_back(i);
  }

 private:
  std::uint32_t sms_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(CtaScheduler, FillCtas, "fill",
                        "offer CTAs to SMs in index order every cycle (fill low SMs first)", {});

}  // namespace warpsim
