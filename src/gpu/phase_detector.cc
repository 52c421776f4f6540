#include "gpu/phase_detector.h"

#include <algorithm>
#include <cmath>

namespace warpsim {

bool PhaseDetector::differs(const PhaseSample& a, const PhaseSample& b) const {
  const auto apart = [&](double now, double then) {
    return std::abs(now - then) > params_.change * std::max(std::abs(then), params_.floor);
  };
  return apart(a.ipc, b.ipc) || apart(a.l1_miss, b.l1_miss) || apart(a.l2_miss, b.l2_miss);
}

bool PhaseDetector::on_sample(const PhaseSample& sample) {
  bool changed = false;
  if (!have_previous_) {
    changed_for_ = 0;
  } else if (changed_for_ == 0) {
    if (differs(sample, previous_)) {
      reference_ = previous_;
      changed_for_ = 1;
    }
  } else if (differs(sample, reference_)) {
    ++changed_for_;
  } else {
    changed_for_ = 0;
  }
  if (changed_for_ != 0 && changed_for_ >= params_.periods) {
    changed = true;
    changed_for_ = 0;
    ++phases_;
  }
  previous_ = sample;
  have_previous_ = true;
  return changed;
}

void PhaseDetector::restart() {
  have_previous_ = false;
  changed_for_ = 0;
}

}  // namespace warpsim
