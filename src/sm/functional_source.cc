#include "sm/functional_source.h"

#include "func/loaded_module.h"
#include "func/program.h"

namespace warpsim {

FunctionalSource::FunctionalSource(func::LaunchState launch) : launch_(std::move(launch)) {
  shape_.name = launch_.kernel->name();
  shape_.launch_id = launch_.launch_id;
  shape_.grid = launch_.config.grid;
  shape_.block = launch_.config.block;
  shape_.shared_bytes = launch_.shared_size;
  layout_ = func::code_layout(*launch_.module, *launch_.kernel);
}

std::unique_ptr<func::CtaState> FunctionalSource::start_cta(std::uint64_t linear_cta) {
  return std::make_unique<func::CtaState>(func::start_cta(launch_, linear_cta));
}

func::StepResult FunctionalSource::step(func::CtaState& cta, func::WarpState& warp,
                                        func::WarpInst& record, std::uint64_t now,
                                        std::uint32_t smid) {
  launch_.clock = now;
  launch_.smid = smid;
  return func::step(launch_, cta, warp, &record);
}

std::string FunctionalSource::barrier_deadlock(const func::CtaState& cta) const {
  return func::barrier_deadlock(launch_, cta);
}

}  // namespace warpsim
