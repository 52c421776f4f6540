#pragma once

// Dynamic PCAL's EBTNum predictor (Dong Li's thesis §4.4, Fig. 4.11; docs/timing.md "Dynamic
// PCAL"): a phase detector and a four-state control unit that, once per sampling period, reads
// the period's statistics and decides every SM's EBTNum. Pure logic; gpu/pcal_controller.h
// samples the model and applies the decisions.
//
//   Init          the period ran at EBTNum 0 (warp-opt). If NoC latency and memory-pipeline
//                 stall ratio are at or below their thresholds and some warps are throttled,
//                 EBTNum 1 everywhere and Hill-Climbing; otherwise each SM gets one of the
//                 `vote` EBTNums (SM i the (i mod n)-th) and Parallel-Voting.
//   Hill-Climbing IPC above up x the last period's: EBTNum + 1 and stay (up to max_ebt, and
//                 only while warps are throttled); below down x: EBTNum - 1 and Stable;
//                 otherwise Stable.
//   Voting        each candidate's IPC is the mean over the SMs that ran it; the best one goes
//                 to every SM (the first listed on a tie), and Stable.
//   Stable        hold; a new phase sets EBTNum 0 everywhere and goes to Init.
// New phases come from gpu/phase_detector.h (`phase_change`, `phase_floor`, `phase_periods`). A
// period in which this unit changed EBTNums starts a fresh comparison: its own effect is not a
// phase.

#include <cstdint>
#include <vector>

#include "gpu/phase_detector.h"

namespace warpsim {

struct PcalSample {
  double ipc = 0;              // warp instructions per core cycle over the GPU
  double l1_miss = 0;          // L1D miss ratio
  double l2_miss = 0;          // L2 miss ratio
  double noc_latency = 0;      // crossbar cycles, request plus reply
  double stall_ratio = 0;      // memory-pipeline stall ratio
  bool throttled = false;      // some warp was held back by its warp cap at the sample
  std::vector<double> sm_ipc;  // per SM
};

struct PcalFsmParams {
  double up = 1.10;
  double down = 0.97;
  double phase_change = 0.20;
  double phase_floor = 0.05;
  std::uint32_t phase_periods = 2;
  double noc_threshold = 60;
  double stall_threshold = 0.30;
  std::int32_t max_ebt = 6;
  std::vector<std::int32_t> vote = {0, -1, -2, -3, -4, -5, -6};
};

class PcalFsm {
 public:
  enum class State : std::uint8_t { kInit, kHillClimb, kVote, kStable };

  PcalFsm(PcalFsmParams params, std::uint32_t sms);

  // One sampling period ended with these statistics. Returns whether the SMs' EBTNums changed
  // (then ebts() holds the new ones, to apply from now).
  bool on_sample(const PcalSample& sample);

  State state() const { return state_; }
  const std::vector<std::int32_t>& ebts() const { return ebts_; }
  std::uint64_t phases() const { return phase_.phases(); }

 private:
  void set_all(std::int32_t ebt);

  PcalFsmParams params_;
  State state_ = State::kInit;
  std::vector<std::int32_t> ebts_;
  double last_ipc_ = 0;  // Hill-Climbing: the previous period's IPC
  PhaseDetector phase_;
};

}  // namespace warpsim
