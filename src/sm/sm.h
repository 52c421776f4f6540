#pragma once

// One streaming multiprocessor: resident CTAs and their warps, instruction fetch through the
// L1 I-cache, per-warp instruction buffers and scoreboards, N warp schedulers with a plug-in
// policy, functional units and the LD/ST unit. Execute at issue: a warp instruction runs in
// the functional model (func::step) in the cycle it issues.
//
// Every scheduler cycle is accounted to exactly one Stall reason (stall.h); cycles the engine
// skips carry the reasons of the last cycle the SM ran, which is exact because the SM asks to
// run again at the first cycle in which anything can change.

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "func/cta_state.h"
#include "func/warp_inst.h"
#include "sim/component.h"
#include "sim/link.h"
#include "sim/stats.h"
#include "sm/fetch.h"
#include "sm/kernel_run.h"
#include "sm/ldst.h"
#include "sm/sm_config.h"
#include "sm/sm_warp.h"
#include "sm/stall.h"
#include "sm/units.h"
#include "sm/warp_scheduler.h"

namespace warpsim {

struct SmLinks {
  Link<CtaAssignment>* ctas_in = nullptr;
  Link<CtaRetired>* retired_out = nullptr;
  Link<MemRequest>* mem_out = nullptr;
  Link<MemReply>* mem_in = nullptr;
};

// For tests and trace writers: called for every issued warp instruction.
using IssueObserver = std::function<void(std::uint32_t sm, std::uint32_t warp_slot, Cycle cycle,
                                         const func::WarpInst& inst)>;

class SharedTlb;

class Sm : public Component {
 public:
  // `sm_node`: the resolved config's `sm` section (policy slots are read from it).
  Sm(Simulation& sim, std::string path, ClockDomainId clock, std::uint32_t id,
     const SmConfig& config, const ConfigNode& sm_node, SharedTlb& tlb);
  ~Sm() override;

  void connect(const SmLinks& links) { links_ = links; }
  void set_issue_observer(IssueObserver observer) { observer_ = std::move(observer); }

  Wake tick(Cycle now) override;
  bool has_work() const override;
  std::string describe_state() const override;

  // Accounts the cycles before `cycle` that the SM has not accounted yet (stall reasons of its
  // last tick, which hold until its next one). The GPU model calls it before taking per-kernel
  // stat snapshots.
  void account_until(Cycle cycle);

 private:
  struct CtaSlot {
    bool used = false;
    KernelRun* kernel = nullptr;
    CtaBooking booking;
    std::unique_ptr<func::CtaState> cta;
    std::vector<std::uint32_t> warps;
  };
  struct SchedulerState {
    std::unique_ptr<WarpScheduler> policy;
    std::vector<WarpView> views;
    std::vector<Stall> status;
    std::vector<std::uint32_t> order;
  };

  void receive(Cycle now);
  void start_cta(const CtaAssignment& assignment);
  void complete_memory(Cycle now);
  Stall check(SmWarp& w, Cycle now) const;
  bool issue_scheduler(std::uint32_t s, Cycle now);
  void issue(std::uint32_t slot, std::uint32_t s, std::uint32_t index, Cycle now);
  void advance_ibuffer(SmWarp& w, const func::FunctionCode* code, std::uint32_t pc);
  void retire_ctas();
  Wake next_wake(Cycle now, bool issued) const;
  bool has_warps() const { return resident_ctas_ != 0; }

  std::uint32_t id_;
  const SmConfig& config_;
  SmLinks links_;
  FetchUnit fetch_;
  FunctionalUnits units_;
  std::uint64_t last_kernel_ = ~std::uint64_t{0};  // launch order of the last kernel started
  LdstUnit ldst_;
  std::vector<SmWarp> warps_;
  std::vector<CtaSlot> ctas_;
  std::vector<SchedulerState> schedulers_;
  std::vector<Stall> reasons_;  // per scheduler, for the last ticked cycle
  std::vector<CtaRetired> to_retire_;
  std::uint32_t resident_ctas_ = 0;
  std::uint64_t next_age_ = 0;
  std::uint64_t accounted_ = 0;  // cycles before this one are accounted
  func::WarpInst record_;
  IssueObserver observer_;

  std::array<Counter*, static_cast<std::size_t>(Stall::kCount)> stall_counters_{};
  Counter& active_cycles_;
  Counter& warp_insts_;
  Counter& thread_insts_;
  Counter& ctas_started_;
  std::array<Counter*, static_cast<std::size_t>(OpTiming::kCount)> op_counters_{};
};

}  // namespace warpsim
