#pragma once

// One streaming multiprocessor: resident CTAs and their warps, instruction fetch through the
// L1 I-cache, per-warp instruction buffers and scoreboards, N warp schedulers with a plug-in
// policy, functional units and the LD/ST unit. Execute at issue: a warp instruction runs in
// the functional model (func::step) in the cycle it issues.
//
// Every scheduler cycle is accounted to exactly one Stall reason (stall.h); cycles the engine
// skips carry the reasons of the last cycle the SM ran, which is exact because the SM asks to
// run again at the first cycle in which anything can change.
//
// For speed, a waiting warp is not re-examined every cycle: each warp's verdict is memoized
// until an event that can change it (WarpMemo), and a scheduler whose warps' verdicts all
// still hold and that issued nothing is not run at all (SchedulerState::quiet_until); the
// outcome is what a full re-examination would give, cycle for cycle. Every event that changes
// a warp goes through invalidate(slot, WarpChange): code that adds per-warp state the verdicts
// read must call it. sm.check_memo makes the SM run every cycle and re-derive every verdict
// from scratch (memo_check.cc), stopping at the first one the memo got wrong.

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "cache/cache_listener.h"
#include "func/cta_state.h"
#include "func/warp_inst.h"
#include "sim/component.h"
#include "sim/link.h"
#include "sim/stats.h"
#include "sm/fetch.h"
#include "sm/kernel_run.h"
#include "sm/ldst.h"
#include "sm/scratchpad_sharing.h"
#include "sm/sm_config.h"
#include "sm/sm_warp.h"
#include "sm/stall.h"
#include "sm/tokens/token_policy.h"
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

// sm.check_memo found a memoized verdict, or a skipped scheduler cycle, that a re-derivation
// from scratch contradicts: a state change that did not call Sm::invalidate.
class MemoMismatch : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

// Why a warp's memoized verdict may no longer hold (Sm::invalidate).
enum class WarpChange : std::uint8_t {
  kStarted,          // a CTA's warp took the slot
  kIssued,           // it issued an instruction (its functional state stepped)
  kBarrierReleased,  // its CTA's barrier released it
  kMemoryCompleted,  // one of its memory instructions completed (scoreboard released)
  kFetchStarted,     // the fetch unit started filling its instruction buffer
  kFinished,         // it ran its last instruction (stores may still drain)
  kEmptied,          // its CTA retired: the slot is empty
  kLockGranted,      // its access held for the scratchpad lock went to the LD/ST unit
};

// A CacheListener for its L1D when a warp-scheduler policy watches it, and the source of its
// L1D's active-warp window (l1d_watch.cc).
class Sm : public Component, private CacheListener, private WarpWindowSource {
 public:
  // `sm_node`: the resolved config's `sm` section (policy slots are read from it).
  Sm(Simulation& sim, std::string path, ClockDomainId clock, std::uint32_t id,
     const SmConfig& config, const ConfigNode& sm_node, SharedTlb& tlb);
  ~Sm() override;

  void connect(const SmLinks& links) { links_ = links; }
  // Joins a group's shared instruction cache (sm.gpc_icache).
  void join_gpc_icache(GpcIcache& shared);
  void set_issue_observer(IssueObserver observer) { observer_ = std::move(observer); }
  // Tests of sm.check_memo: invalidate() ignores changes of this kind from now on, as code that
  // forgot to call it would.
  void drop_invalidations_for_testing(WarpChange change) {
    dropped_changes_ |= 1u << static_cast<unsigned>(change);
  }

  Wake tick(Cycle now) override;
  bool has_work() const override;
  std::string describe_state() const override;

  // Accounts the cycles before `cycle` that the SM has not accounted yet (stall reasons of its
  // last tick, which hold until its next one) and brings its cycle counters up to date. The
  // GPU model calls it before taking per-kernel stat snapshots; until then the counters may
  // lag behind.
  void account_until(Cycle cycle);

  // Dynamic PCAL (gpu/pcal_controller.h): from now on this SM's warps run EBTNum `ebt` instead
  // of their kernel's; resident warps' issue and token caps change at once (warp_split.cc).
  void set_ebt(std::int32_t ebt);
  // Warps that are live, not at a barrier and held back by their kernel's warp cap now.
  std::uint32_t held_warps() const;
  // The L1 data cache, for GPU-level controllers of its policies (Dynamic-AgeLRU's vote, RPR's
  // shared predictor: gpu/builder.cc).
  Cache& l1d() { return ldst_.l1d(); }

 private:
  struct CtaSlot {
    bool used = false;
    KernelRun* kernel = nullptr;
    CtaBooking booking;
    std::unique_ptr<func::CtaState> cta;
    std::vector<std::uint32_t> warps;
  };
  // check()'s memo of the warp-local part of a warp's verdict (barrier, instruction buffer,
  // fence, scoreboard), kept beside the scheduler's views so that the per-cycle scan reads a
  // few contiguous bytes per warp. It holds until the warp changes (`stale`, set by touch():
  // its own issue, a memory completion, a barrier release, a fetch) or until cycle
  // `recheck_at` (an arithmetic result or fetched instructions arrive). kIssued means "ready
  // but for the structural checks"; `unit` and `to_ldst` say which resources the next
  // instruction needs.
  struct WarpMemo {
    std::uint64_t recheck_at = 0;
    Stall local = Stall::kIdle;
    Unit unit = Unit::kSp;
    bool stale = true;
    bool to_ldst = false;
    bool global_load = false;  // the next instruction loads global memory (loads_global_memory)
    bool live = false;         // the slot holds a warp with lanes left (SmWarp::issuable())
  };
  struct SchedulerState {
    std::unique_ptr<WarpScheduler> policy;
    // Per slot of this scheduler. A live warp's view is completed by each classify_warps();
    // the others' by publish().
    std::vector<WarpView> views;
    std::vector<Stall> status;
    std::vector<WarpMemo> memo;
    std::vector<std::uint32_t> order;
    // apply_warp_caps()'s scratch: live warps by age, warps per kernel, warps held back.
    std::vector<std::uint32_t> by_age;
    std::vector<std::pair<const KernelSource*, std::uint32_t>> kernel_counts;
    std::vector<std::uint8_t> held;
    // issue_scheduler() need not run again before cycle `quiet_until` unless `dirty` (one of
    // its warps changed: Sm::touch) or, with `watch_ldst`, the LD/ST queue has room again.
    bool dirty = true;
    bool watch_ldst = false;
    std::uint64_t quiet_until = 0;
    // Until this cycle the scheduler issues the rest of an instruction's SASS (sm.issue_costs).
    std::uint64_t busy_until = 0;
  };

  // Whether scheduler `st` need not run at `now`: nothing its warps' verdicts depend on has
  // changed since it last ran without issuing (issue_scheduler; checked by check_memo).
  bool skips(const SchedulerState& st, Cycle now) const {
    return !st.dirty && now.value() < st.quiet_until && !(st.watch_ldst && !ldst_.full());
  }
  // Accounts cycles up to `cycle` into the unflushed tallies.
  void account(Cycle cycle);
  void receive(Cycle now);
  void start_cta(const CtaAssignment& assignment, Cycle now);
  // Seed 002: sends the accesses held for their pair's lock to the LD/ST unit once their CTA
  // holds it (retried every cycle).
  void retry_held(Cycle now);
  void complete_memory(Cycle now);
  WarpMemo& memo(std::uint32_t slot) {
    return schedulers_[slot % config_.schedulers].memo[slot / config_.schedulers];
  }
  // Whether warp `slot` can issue now, or why not.
  Stall check(std::uint32_t slot, Cycle now);
  // check() from an up-to-date memo: a ready warp still needs its unit and LD/ST queue room.
  Stall verdict(const WarpMemo& m, Cycle now) const {
    if (m.local != Stall::kIssued) return m.local;
    if (m.to_ldst && ldst_.full()) return Stall::kMemBackPressure;
    if (!units_.can_issue(m.unit, now)) return Stall::kPipelineBusy;
    return Stall::kIssued;
  }
  // Brings `m` up to date: the warp-local verdict and until when it holds.
  void check_local(std::uint32_t slot, WarpMemo& m, Cycle now);
  Stall local_verdict(std::uint32_t slot, WarpMemo& m, Cycle now);
  // Warp `slot` changed in a way its memoized verdict cannot foresee: the one entry point.
  void invalidate(std::uint32_t slot, WarpChange change);
  // invalidate()'s parts. touch: the memo and the scheduler's skip no longer hold; with
  // `functional` (it stepped, started or left a barrier) copy what the checks read.
  void touch(std::uint32_t slot, bool functional);
  // What the checks read of the warp's functional state (next instruction, register window,
  // barrier wait), copied into its slot.
  static void copy_functional(SmWarp& w);
  // The warp started, finished or emptied: its scheduler entries follow.
  void publish(std::uint32_t slot);
  // sm.check_memo (memo_check.cc): re-derives scheduler `s`'s verdicts at `now` from scratch and
  // throws MemoMismatch at the first one its memo or skip got wrong.
  void check_memo(std::uint32_t s, Cycle now) const;
  // The warp-local verdict of `w` at `now` without the memo; `m` receives unit and to_ldst and
  // recheck_at. `settled`: arriving instructions were moved into its buffer.
  Stall derive_local(SmWarp& w, WarpMemo& m, Cycle now, bool& settled) const;
  // Fills scheduler `s`'s views and statuses for this cycle and says until when they hold if
  // nothing issues; returns how many live warps it has.
  std::uint32_t classify_warps(std::uint32_t s, Cycle now);
  bool issue_scheduler(std::uint32_t s, Cycle now);
  // sm.throttle.warps: drops from `st.order` the warps beyond their kernel's cap (warp_caps.cc).
  void apply_warp_caps(std::uint32_t s, SchedulerState& st);
  // Issues warp `slot`'s next instruction; returns the issue slots it takes (sm.issue_costs:
  // 0 for one folded into another, more for one that expands into several SASS instructions).
  std::uint32_t issue(std::uint32_t slot, std::uint32_t s, std::uint32_t index, Cycle now);
  // The slots the instruction at `pc` of `code` takes this time: its cost plus what the warp's
  // earlier instructions left of a slot (sm/issue_cost.h).
  std::uint32_t issue_slots(SmWarp& w, KernelRun& k, const func::FunctionCode* code,
                            std::uint32_t pc);
  // CacheListener (l1d_watch.cc): the L1D's events about this SM's warps, passed to the
  // policies that watch it.
  void on_evict(std::uint64_t line, const AccessInfo& owner, Cycle now) override;
  void on_access(std::uint64_t line, const AccessInfo& info, MemKind kind, CacheOutcome outcome,
                 Cycle now) override;
  // WarpWindowSource (l1d_watch.cc): the oldest warp that has instructions left and is not at a
  // barrier, and the youngest warp launched here.
  WarpWindow warp_window() const override;
  // Live warps on `slot`'s scheduler launched before it (0: the oldest), for MemRequest
  // (warp_age.cc).
  std::uint32_t age_rank(std::uint32_t slot) const;
  // The issue and token caps of kernel `k`'s warps here (sm.cache_tokens; warp_split.cc).
  TokenPolicy::Split kernel_split(const KernelRun& k) const;
  // Whether warp `slot` holds a cache token: fewer than its token_cap unfinished warps of its
  // kernel on its scheduler are older (warp_age.cc).
  bool holds_token(std::uint32_t slot) const;
  void advance_ibuffer(SmWarp& w, const func::FunctionCode* code, std::uint32_t pc);
  void retire_ctas(Cycle now);
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
  std::unique_ptr<TokenPolicy> tokens_;  // sm.cache_tokens
  std::optional<std::int32_t> ebt_;      // set_ebt()'s EBTNum, over every kernel's own
  std::vector<Stall> reasons_;           // per scheduler, for the last ticked cycle
  std::vector<CtaRetired> to_retire_;
  // Scratchpad sharing (sm.scratchpad_sharing): pairs, locks and release bits, and per warp
  // slot the access waiting for its pair's lock.
  struct HeldAccess {
    Requester who;
    const func::DecodedInst* inst = nullptr;
    func::WarpInst record;
    std::vector<std::uint32_t> regs;
    std::uint64_t since = 0;
  };
  ScratchpadSharing sharing_;
  std::vector<std::optional<HeldAccess>> held_;
  std::uint32_t held_count_ = 0;
  std::uint32_t resident_ctas_ = 0;
  bool retire_check_ = false;  // a CTA may have become retirable since the last scan
  std::uint64_t next_age_ = 0;
  bool warp_caps_ = false;       // a CTA of a kernel with a sm.throttle.warps cap has started here
  std::uint64_t accounted_ = 0;  // cycles before this one are accounted
  // Accounted cycles not yet added to the counters (account_until() adds them): the SM's
  // own per-cycle accounting stays in these few words.
  std::array<std::uint64_t, static_cast<std::size_t>(Stall::kCount)> unflushed_stalls_{};
  std::uint64_t unflushed_active_ = 0;
  func::WarpInst record_;
  IssueObserver observer_;
  unsigned dropped_changes_ = 0;  // drop_invalidations_for_testing()

  std::array<Counter*, static_cast<std::size_t>(Stall::kCount)> stall_counters_{};
  Counter& active_cycles_;
  Counter& warp_insts_;
  Counter& issue_slots_;
  Counter& thread_insts_;
  Counter& ctas_started_;
  std::array<Counter*, static_cast<std::size_t>(OpTiming::kCount)> op_counters_{};
};

}  // namespace warpsim
