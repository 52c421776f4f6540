#pragma once

// The phase detector of seed 001's dynamic mechanisms (Dong Li's thesis §4.4 for dynamic PCAL,
// §5.3 for Dynamic-AgeLRU): fed one sample per sampling period, it reports a new phase when
// some of IPC, L1D and L2 miss ratio has moved by more than `change` (relative to the larger of
// its old value and `floor`) from the last sample before the move, and the move has held for
// `periods` samples in a row. restart() forgets the history: a controller calls it after it
// changed the machine, whose own effect is not a phase.

#include <cstdint>

namespace warpsim {

struct PhaseSample {
  double ipc = 0;      // warp instructions per core cycle over the GPU
  double l1_miss = 0;  // L1D miss ratio
  double l2_miss = 0;  // L2 miss ratio
};

struct PhaseParams {
  double change = 0.20;
  double floor = 0.05;
  std::uint32_t periods = 2;
};

class PhaseDetector {
 public:
  explicit PhaseDetector(PhaseParams params) : params_(params) {}

  // One period's sample; true when it completes a new phase.
  bool on_sample(const PhaseSample& sample);
  void restart();
  std::uint64_t phases() const { return phases_; }

 private:
  bool differs(const PhaseSample& a, const PhaseSample& b) const;

  PhaseParams params_;
  bool have_previous_ = false;
  PhaseSample previous_;           // the last sample
  PhaseSample reference_;          // the last sample before a move under way
  std::uint32_t changed_for_ = 0;  // samples in a row that differ from reference_
  std::uint64_t phases_ = 0;
};

}  // namespace warpsim
