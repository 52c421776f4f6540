#pragma once

// The kernel source of execute-at-issue timing: a prepared functional launch
// (func::Device::prepare) whose instructions the functional model executes as the SM issues
// them, so device memory ends up as in functional mode.

#include <cstdint>
#include <vector>

#include "func/code_layout.h"
#include "func/launch_state.h"
#include "sm/kernel_source.h"

namespace warpsim {

class FunctionalSource final : public KernelSource {
 public:
  explicit FunctionalSource(func::LaunchState launch);

  const KernelShape& shape() const override { return shape_; }
  std::uint32_t code_offset(const func::FunctionCode& code) const override {
    return layout_.code_offset(code);
  }
  std::uint32_t code_end() const override { return layout_.end; }
  std::uint32_t register_offset(const func::FunctionCode& code) const override {
    return layout_.register_offset(code);
  }
  std::unique_ptr<func::CtaState> start_cta(std::uint64_t linear_cta) override;
  func::StepResult step(func::CtaState& cta, func::WarpState& warp, func::WarpInst& record,
                        std::uint64_t now, std::uint32_t smid) override;
  std::string barrier_deadlock(const func::CtaState& cta) const override;
  void end_cta(const func::CtaState& /*cta*/) override {}

 private:
  func::LaunchState launch_;
  KernelShape shape_;
  func::CodeLayout layout_;
};

}  // namespace warpsim
