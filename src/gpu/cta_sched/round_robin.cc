// Round-robin CTA placement as in GPGPU-Sim (gpgpu_sim::issue_block2core): each cycle the SMs
// are offered a CTA starting after the last SM that received one, so consecutive CTAs of a
// kernel land on consecutive SMs. The seeds' results assume this placement.

#include "gpu/cta_scheduler.h"
#include "sim/registry.h"

namespace warpsim {

namespace {

class RoundRobinCtas : public CtaScheduler {
 public:
  RoundRobinCtas(const ConfigNode& /*params*/, const Context& context)
      : sms_(context.sms), last_(context.sms - 1) {}  // the first cycle starts at SM 0

  void order(std::vector<std::uint32_t>& order) override {
    order.clear();
    for (std::uint32_t i = 1; i <= sms_; ++i) order.push_back((last_ + i) % sms_);
  }
  void on_assign(std::uint32_t sm) override { last_ = sm; }

 private:
  std::uint32_t sms_;
  std::uint32_t last_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(CtaScheduler, RoundRobinCtas, "round_robin",
                        "offer CTAs to SMs round robin, starting after the last SM that got one "
                        "(GPGPU-Sim)",
                        {});

}  // namespace warpsim
