// The SM's issue stage: each scheduler classifies its warps, asks its policy for an order and
// issues the first ready ones (docs/timing.md "The SM pipeline", "Issue costs").

#include <algorithm>
#include <bit>

#include "func/exec_error.h"
#include "sm/sm.h"

namespace warpsim {

namespace {

// Instructions without an issue slot one warp may issue in a cycle after one that has none.
constexpr std::uint32_t kMaxFreeIssues = 16;

}  // namespace

std::uint32_t Sm::issue_slots(SmWarp& w, KernelRun& k, const func::FunctionCode* code,
                              std::uint32_t pc) {
  if (config_.issue_costs.empty() && !config_.count_issue_keys) return 1;
  if (w.costs_code != code) {
    auto [it, fresh] = k.function_issues.try_emplace(code);
    KernelRun::FunctionIssues& f = it->second;
    if (fresh) {
      f.costs = config_.issue_costs.empty() ? std::vector<IssueCost>(code->insts.size(), kOneSlot)
                                            : config_.issue_costs.costs_of(*code);
      if (config_.count_issue_keys) f.issued.assign(code->insts.size(), 0);
    }
    w.costs_code = code;
    w.costs = f.costs.data();
    w.issued = f.issued.empty() ? nullptr : f.issued.data();
  }
  if (w.issued != nullptr) ++w.issued[pc];
  w.issue_credit += w.costs[pc];
  const std::uint32_t slots = w.issue_credit / kOneSlot;
  w.issue_credit %= kOneSlot;
  return slots;
}

std::uint32_t Sm::issue(std::uint32_t slot, std::uint32_t s, std::uint32_t index, Cycle now) {
  SmWarp& w = warps_[slot];
  CtaSlot& c = ctas_[w.cta_slot];
  KernelRun& k = *c.kernel;
  func::WarpState& fw = *w.state;
  const func::FunctionCode* code = w.code;
  const std::uint32_t pc = w.pc;
  const std::uint32_t base = w.reg_base;
  const func::DecodedInst& inst = code->insts[pc];
  const OpTiming t = effective_timing(inst);
  const std::uint64_t releases = c.cta->barrier_releases;
  const func::StepResult result = k.source->step(*c.cta, fw, record_, now.value(), id_);
  invalidate(slot, WarpChange::kIssued);
  if (c.cta->barrier_releases != releases) {
    for (std::uint32_t other : c.warps) invalidate(other, WarpChange::kBarrierReleased);
  }
  note_progress();
  const auto lanes = static_cast<std::uint64_t>(std::popcount(record_.exec));
  ++k.warp_insts;
  k.thread_insts += lanes;
  warp_insts_.inc();
  thread_insts_.inc(lanes);
  op_counters_[static_cast<std::size_t>(t)]->inc();
  // The instruction that ends the warp takes one slot whatever it costs: the kernel may end
  // before more would be issued.
  std::uint32_t slots = issue_slots(w, k, code, pc);
  if (result == func::StepResult::kFinished) slots = 1;
  issue_slots_.inc(slots);
  const OpTimingConfig& timing = config_.op(t);
  // An instruction of several SASS ones keeps its pipeline for at least as many cycles; a
  // folded one (no slot) none.
  if (slots != 0) units_.issue(timing.unit, now, std::max(timing.interval, slots));
  const bool memory = goes_to_ldst(inst, t);
  if (memory) {
    std::vector<std::uint32_t> regs;
    regs.reserve(inst.writes.size());
    for (std::uint32_t r : inst.writes) {
      regs.push_back(base + r);
      w.scoreboard.reserve_memory(base + r);
    }
    ++w.outstanding_mem;
    const Requester who{.warp = slot,
                        .local = w.local,
                        .cta = w.cta_slot,
                        .cta_warp = fw.warp_id,
                        .epoch = releases,
                        .age = w.age,
                        .age_rank = age_rank(slot),
                        .token = holds_token(slot)};
    if (sharing_.shared(w.cta_slot) && sharing_.needs_lock(w.cta_slot, record_) &&
        !sharing_.try_lock(w.cta_slot, now)) {
      held_[slot] = HeldAccess{who, &inst, record_, std::move(regs), now.value()};
      ++held_count_;
      w.lock_wait = true;
    } else {
      ldst_.accept(who, inst, record_, std::move(regs), now);
    }
  } else {
    // The class latency covers the whole sequence (as microbenchmarks measure it) unless the
    // sequence issues for longer; a folded instruction's value is there at once.
    const std::uint64_t latency = slots == 0 ? 0 : std::max<std::uint64_t>(timing.latency, slots);
    for (std::uint32_t r : inst.writes) w.scoreboard.reserve(base + r, now + latency);
  }
  if (config_.sharing) {
    if (inst.ir != nullptr && inst.ir->op == ptx::Opcode::kRelssp) {
      sharing_.relssp(w.cta_slot, fw.warp_id, record_.exec, *c.cta, now);
    } else if (inst.op_class == func::OpClass::kExit || inst.op_class == func::OpClass::kReturn) {
      sharing_.on_exit(w.cta_slot, *c.cta, now);
    }
  }
  if (observer_) observer_(id_, slot, now, record_);
  advance_ibuffer(w, code, pc);
  schedulers_[s].policy->on_issue(index, IssueInfo{now, memory, memory && !inst.writes.empty()});
  if (result == func::StepResult::kFinished) {
    w.finished = true;
    ldst_.on_warp_end(slot);
    invalidate(slot, WarpChange::kFinished);
    retire_check_ = true;
  }
  if (result == func::StepResult::kBlocked) {
    const std::string deadlock = k.source->barrier_deadlock(*c.cta);
    if (!deadlock.empty()) throw func::ExecError(deadlock);
  }
  return slots;
}

std::uint32_t Sm::classify_warps(std::uint32_t s, Cycle now) {
  SchedulerState& st = schedulers_[s];
  const auto n = static_cast<std::uint32_t>(st.views.size());
  std::uint32_t live = 0;
  bool ready = false;       // a warp that can issue now
  bool watch_ldst = false;  // a warp that only the LD/ST unit's full queue holds back
  std::uint64_t until = kNever;
  for (std::uint32_t i = 0; i < n; ++i) {
    WarpMemo& m = st.memo[i];
    if (!m.live) {
      st.status[i] = Stall::kIdle;
      continue;
    }
    if (m.stale || now.value() >= m.recheck_at) check_local(s + i * config_.schedulers, m, now);
    const Stall status = verdict(m, now);
    ready |= status == Stall::kIssued;
    watch_ldst |= status == Stall::kMemBackPressure;
    until = std::min(until, m.recheck_at);
    // A busy unit stays busy until its first pipeline frees: issues only occupy free ones.
    if (status == Stall::kPipelineBusy) until = std::min(until, units_.free_from(m.unit));
    st.status[i] = status;
    WarpView& v = st.views[i];
    v.ready = status == Stall::kIssued;
    v.global_load = m.global_load;
    v.waiting_memory = status == Stall::kScoreboardMem;
    v.at_barrier = status == Stall::kBarrier;
    if (config_.sharing) v.share = sharing_.role(warps_[s + i * config_.schedulers].cta_slot);
    ++live;
  }
  st.quiet_until = ready ? 0 : until;
  st.watch_ldst = watch_ldst;
  return live;
}

bool Sm::issue_scheduler(std::uint32_t s, Cycle now) {
  if (config_.check_memo) check_memo(s, now);
  SchedulerState& st = schedulers_[s];
  // Still issuing the SASS instructions of a multi-slot instruction (sm.issue_costs).
  if (now.value() < st.busy_until) {
    reasons_[s] = Stall::kIssued;
    return false;
  }
  // Since it last ran without issuing, nothing its warps' verdicts depend on has changed: the
  // views, the (idempotent) order and the outcome would be those of that cycle.
  if (skips(st, now)) {
    return false;
  }
  st.dirty = false;
  const std::uint32_t live = classify_warps(s, now);
  if (live == 0) {
    reasons_[s] = Stall::kIdle;
    return false;
  }
  st.order.clear();
  st.policy->order(st.views, now, st.order);
  if (warp_caps_) apply_warp_caps(s, st);
  Stall best = Stall::kIdle;
  std::uint32_t issued = 0;
  std::uint32_t considered = 0;
  std::uint32_t paid = 0;  // issue slots taken this cycle (sm.issue_costs)
  std::uint32_t last = 0;  // the slot that issued last
  for (std::uint32_t index : st.order) {
    if (issued == config_.issue_width) break;
    const std::uint32_t slot = s + index * config_.schedulers;
    if (!st.views[index].valid) continue;
    ++considered;
    Stall status = st.status[index];
    if (status == Stall::kIssued && issued != 0) status = check(slot, now);
    if (status == Stall::kIssued) {
      std::uint32_t slots = issue(slot, s, index, now);
      // What ptxas folds into other instructions takes no slot: the warp goes on, as far as
      // its instruction buffer reaches (bounded again for safety).
      for (std::uint32_t free = 1; slots == 0 && free < kMaxFreeIssues; ++free) {
        if (check(slot, now) != Stall::kIssued) break;
        slots = issue(slot, s, index, now);
      }
      if (slots > 1) st.busy_until = now.value() + slots;
      paid += slots;
      last = slot;
      ++issued;
    } else if (stall_rank(status) > stall_rank(best)) {
      best = status;
    }
  }
  // Warps the policy left out this cycle (a two-level policy's pending pool) still stall for a
  // reason of their own; the closest one counts. A ready warp left out has none: the policy
  // chose not to issue it, and the cycle must not count as issued.
  for (std::uint32_t i = 0; issued == 0 && considered < live && i < st.views.size(); ++i) {
    const Stall status = st.status[i];
    if (st.views[i].valid && status != Stall::kIssued && stall_rank(status) > stall_rank(best))
      best = status;
  }
  reasons_[s] = issued != 0 ? Stall::kIssued : best;
  // Only folded instructions (no slot) issued: on the hardware nothing issued this cycle; the
  // scheduler stalls for what now holds back the warp that issued them.
  if (issued != 0 && paid == 0) {
    const Stall after = check(last, now);
    if (after != Stall::kIssued) reasons_[s] = after;
  }
  if (issued != 0) st.quiet_until = 0;
  return issued != 0;
}

}  // namespace warpsim
