#include "sm/sm.h"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "func/exec_error.h"
#include "sim/registry.h"
#include "sim/simulation.h"

namespace warpsim {

namespace {

// Instructions without an issue slot one warp may issue in a cycle after one that has none.
constexpr std::uint32_t kMaxFreeIssues = 16;

bool goes_to_ldst(const func::DecodedInst& inst, OpTiming timing) {
  return timing == OpTiming::kMemory &&
         !(inst.ir != nullptr && inst.ir->space == ptx::StateSpace::kParam);
}

// ld.param reads the kernel's parameters, which the hardware holds in a constant bank operand:
// an ordinary move.
OpTiming effective_timing(const func::DecodedInst& inst) {
  const OpTiming t = op_timing_of(inst);
  return t == OpTiming::kMemory && !goes_to_ldst(inst, t) ? OpTiming::kMove : t;
}

}  // namespace

Sm::Sm(Simulation& sim, std::string path, ClockDomainId clock, std::uint32_t id,
       const SmConfig& config, const ConfigNode& sm_node, SharedTlb& tlb)
    : Component(sim, std::move(path), clock),
      id_(id),
      config_(config),
      fetch_(config, sm_node.at("icache"), id, stats().child("icache")),
      units_(config),
      ldst_(config.ldst, sm_node, id, config.warp_size, config.max_warps, stats(), tlb),
      sharing_(stats().child("sharing"), config.max_ctas),
      active_cycles_(
          stats().counter("active_cycles", "cycles", "cycles with at least one resident CTA")),
      warp_insts_(stats().counter("warp_insts", "warp insts", "warp instructions issued")),
      issue_slots_(stats().counter("issue_slots", "slots",
                                   "scheduler issue slots the warp instructions took (SASS "
                                   "instructions under sm.issue_costs; warp_insts without)")),
      thread_insts_(stats().counter("thread_insts", "thread insts",
                                    "thread instructions executed (active, unpredicated lanes)")),
      ctas_started_(stats().counter("ctas", "CTAs", "CTAs started")) {
  warps_.resize(config.max_warps);
  ctas_.resize(config.max_ctas);
  held_.resize(config.max_warps);
  const std::uint32_t per_sched = (config.max_warps + config.schedulers - 1) / config.schedulers;
  schedulers_.resize(config.schedulers);
  for (std::uint32_t s = 0; s < config.schedulers; ++s) {
    SchedulerState& st = schedulers_[s];
    st.policy = PolicyRegistry::global().create<WarpScheduler>(
        sm_node.at("warp_scheduler"), WarpScheduler::Context{s, per_sched, &stats()});
    if (st.policy->watches_l1d()) ldst_.set_l1d_listener(this);
    st.views.resize(per_sched);
    st.status.resize(per_sched, Stall::kIdle);
    st.memo.resize(per_sched);
    st.order.reserve(per_sched);
  }
  ldst_.set_l1d_warp_window(this);
  tokens_ = PolicyRegistry::global().create<TokenPolicy>(sm_node.at("cache_tokens"),
                                                         TokenPolicy::Context{id, per_sched});
  reasons_.assign(config.schedulers, Stall::kIdle);
  StatGroup& stalls = stats().child("stalls");
  for (std::size_t i = 0; i < kStallNames.size(); ++i) {
    stall_counters_[i] = &stalls.counter(kStallNames[i], "scheduler cycles",
                                         "scheduler cycles with this outcome (one per cycle)");
  }
  StatGroup& ops = stats().child("ops");
  for (std::size_t i = 0; i < kOpTimingInfo.size(); ++i) {
    op_counters_[i] =
        &ops.counter(kOpTimingInfo[i].name, "warp insts", kOpTimingInfo[i].description);
  }
}

Sm::~Sm() = default;

void Sm::account(Cycle cycle) {
  if (cycle.value() <= accounted_) return;
  const std::uint64_t n = cycle.value() - accounted_;
  for (Stall r : reasons_) unflushed_stalls_[static_cast<std::size_t>(r)] += n;
  if (has_warps()) unflushed_active_ += n;
  accounted_ = cycle.value();
}

void Sm::account_until(Cycle cycle) {
  account(cycle);
  for (std::size_t i = 0; i < unflushed_stalls_.size(); ++i) {
    stall_counters_[i]->inc(unflushed_stalls_[i]);
    unflushed_stalls_[i] = 0;
  }
  active_cycles_.inc(unflushed_active_);
  unflushed_active_ = 0;
}

void Sm::join_gpc_icache(GpcIcache& shared) {
  fetch_.set_gpc_icache(&shared);
  shared.connect(id_, [this](Addr line, std::uint64_t ready) {
    fetch_.deliver(line, ready);
    sim().engine().request_wake(id(), clock().time_of(Cycle(ready)));
  });
}

void Sm::start_cta(const CtaAssignment& a, Cycle now) {
  KernelRun& k = *a.kernel;
  // GPGPU-Sim's -gpgpu_flush_l1_cache: an SM that takes up a new kernel with nothing of the
  // previous one left starts with empty L1 caches, sized by the kernel's carve-out when L1 and
  // shared memory share one array.
  if (resident_ctas_ == 0 && last_kernel_ != k.order) {
    if (config_.ldst.flush_l1_between_kernels || k.flush_caches) ldst_.invalidate_l1();
    if (k.flush_caches) fetch_.invalidate_icache();
    ldst_.clear_l1_tokens();
    ldst_.set_shared_carveout(k.occupancy.shared_carveout);
  }
  last_kernel_ = k.order;
  std::uint32_t slot = 0;
  while (ctas_[slot].used) ++slot;  // the dispatcher only assigns CTAs that fit
  CtaSlot& c = ctas_[slot];
  c.used = true;
  c.kernel = &k;
  c.booking = a.booking;
  c.cta = k.source->start_cta(a.cta);
  c.warps.clear();
  if (config_.sharing) sharing_.start(slot, k, a.booking.pair, now);
  const TokenPolicy::Split split = kernel_split(k);
  std::uint32_t w = 0;
  for (func::WarpState& fw : c.cta->warps) {
    while (warps_[w].valid) ++w;
    SmWarp& sw = warps_[w];
    sw = SmWarp{};
    sw.valid = true;
    sw.cta_slot = slot;
    sw.code_region = k.code_region;
    sw.source = k.source.get();
    sw.age = next_age_++;
    sw.warp_cap = split.issue;
    sw.token_cap = split.tokens;
    sw.state = &fw;
    sw.local = local_layout(k.occupancy, id_, config_, slot, fw.warp_id);
    sw.finished = fw.done();
    invalidate(w, WarpChange::kStarted);
    c.warps.push_back(w);
    schedulers_[w % config_.schedulers].policy->on_warp_start(w / config_.schedulers);
  }
  warp_caps_ |= split.issue != 0;
  ++resident_ctas_;
  ctas_started_.inc();
  retire_check_ = true;
}

void Sm::receive(Cycle now) {
  while (links_.ctas_in->ready()) start_cta(links_.ctas_in->pop(), now);
  while (links_.mem_in->ready()) {
    const MemReply reply = links_.mem_in->pop();
    if (reply.kind == MemKind::kInstFetch) {
      fetch_.on_fill(reply, warps_, now);
    } else {
      ldst_.on_reply(reply, now);
    }
  }
}

void Sm::complete_memory(Cycle now) {
  for (LdstCompletion& done : ldst_.completions()) {
    SmWarp& w = warps_[done.warp];
    for (std::uint32_t reg : done.regs) w.scoreboard.release_memory(reg, now);
    --w.outstanding_mem;
    invalidate(done.warp, WarpChange::kMemoryCompleted);
    if (w.finished && w.outstanding_mem == 0) retire_check_ = true;
  }
  ldst_.completions().clear();
}

Stall Sm::check(std::uint32_t slot, Cycle now) {
  WarpMemo& m = memo(slot);
  if (m.stale || now.value() >= m.recheck_at) check_local(slot, m, now);
  return verdict(m, now);
}

// The warp-local part of check() into `m` (WarpMemo says until when it holds).
void Sm::check_local(std::uint32_t slot, WarpMemo& m, Cycle now) {
  m.stale = false;
  m.recheck_at = kNever;
  m.local = local_verdict(slot, m, now);
}

Stall Sm::local_verdict(std::uint32_t slot, WarpMemo& m, Cycle now) {
  bool settled = false;
  const Stall local = derive_local(warps_[slot], m, now, settled);
  if (settled) fetch_.note(slot);
  return local;
}

Stall Sm::derive_local(SmWarp& w, WarpMemo& m, Cycle now, bool& settled) const {
  if (w.lock_wait) return Stall::kScratchpadLock;
  if (w.at_barrier) return Stall::kBarrier;
  // Arriving instructions are moved into the buffer in the first check at or after their cycle.
  if (w.ib_pending != 0 && w.ib_pending_ready <= now.value()) {
    w.settle_ibuffer(now);
    settled = true;
  }
  if (w.ib_pending != 0) m.recheck_at = w.ib_pending_ready;
  if (w.ib_count == 0) return Stall::kNoInstruction;
  if (w.ib_code != w.code || w.ib_pc != w.pc) return Stall::kNoInstruction;
  const func::DecodedInst& inst = w.code->insts[w.pc];
  m.global_load = loads_global_memory(inst);
  if (inst.op_class == func::OpClass::kFence && w.outstanding_mem != 0) {
    return Stall::kScoreboardMem;
  }
  switch (w.scoreboard.check(inst.reads, inst.writes, w.reg_base, now)) {
    case Hazard::kMemory:
      return Stall::kScoreboardMem;
    case Hazard::kAlu:
      m.recheck_at = std::min(m.recheck_at, w.scoreboard.next_ready(now));
      return Stall::kScoreboardAlu;
    case Hazard::kNone:
      break;
  }
  const OpTiming t = effective_timing(inst);
  m.unit = config_.op(t).unit;
  m.to_ldst = goes_to_ldst(inst, t);
  return Stall::kIssued;
}

void Sm::advance_ibuffer(SmWarp& w, const func::FunctionCode* code, std::uint32_t pc) {
  if (w.state->done()) {
    w.flush_ibuffer();
    return;
  }
  const bool sequential = w.code == code && w.pc == pc + 1;
  if (sequential && w.ib_count > 1) {
    ++w.ib_pc;
    --w.ib_count;
  } else if (sequential && w.ib_count == 1 && w.ib_pending != 0) {
    ++w.ib_pc;
    w.ib_count = 0;
  } else {
    w.flush_ibuffer();
  }
}

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

void Sm::invalidate(std::uint32_t slot, WarpChange change) {
  if ((dropped_changes_ >> static_cast<unsigned>(change) & 1u) != 0) return;
  switch (change) {
    case WarpChange::kStarted:
      touch(slot, true);
      publish(slot);
      break;
    case WarpChange::kIssued:
    case WarpChange::kBarrierReleased:
      touch(slot, true);
      break;
    case WarpChange::kMemoryCompleted:
    case WarpChange::kFetchStarted:
    case WarpChange::kLockGranted:
      touch(slot, false);
      break;
    case WarpChange::kFinished:  // touched when it issued
    case WarpChange::kEmptied:   // nothing left to touch
      publish(slot);
      break;
  }
}

void Sm::copy_functional(SmWarp& w) {
  const func::WarpState& fw = *w.state;
  w.at_barrier = fw.wait == func::WarpWait::kBarrier;
  if (!fw.done()) {
    w.code = fw.calls.back().code;
    w.pc = fw.simt.back().pc;
    w.reg_base = w.source->register_offset(*w.code);
  }
}

void Sm::touch(std::uint32_t slot, bool functional) {
  SmWarp& w = warps_[slot];
  memo(slot).stale = true;
  if (functional) copy_functional(w);
  fetch_.note(slot);
  schedulers_[slot % config_.schedulers].dirty = true;
}

void Sm::publish(std::uint32_t slot) {
  SchedulerState& st = schedulers_[slot % config_.schedulers];
  const std::uint32_t i = slot / config_.schedulers;
  const SmWarp& w = warps_[slot];
  st.memo[i] = WarpMemo{};
  st.memo[i].live = w.issuable();
  // What classify_warps() does not fill in: a live warp's identity; for any other slot, the
  // whole view (empty, or finished while its stores drain).
  WarpView& v = st.views[i];
  v = WarpView{};
  if (w.issuable()) {
    v.valid = true;
    v.age = w.age;
    v.cta_slot = w.cta_slot;
  } else {
    v.finished = w.valid;
  }
  st.dirty = true;
}

void Sm::retry_held(Cycle now) {
  for (std::uint32_t slot = 0; held_count_ != 0 && slot < held_.size(); ++slot) {
    std::optional<HeldAccess>& h = held_[slot];
    if (!h || ldst_.full()) continue;
    SmWarp& w = warps_[slot];
    if (!sharing_.try_lock(w.cta_slot, now)) continue;
    ldst_.accept(h->who, *h->inst, h->record, std::move(h->regs), now);
    sharing_.note_wait(now.value() - h->since);
    h.reset();
    --held_count_;
    w.lock_wait = false;
    invalidate(slot, WarpChange::kLockGranted);
    note_progress();
  }
}

void Sm::retire_ctas(Cycle now) {
  // A CTA can only become retirable when one of its warps finishes or completes a memory
  // instruction (or when it starts with nothing to run).
  for (std::uint32_t slot = 0; retire_check_ && slot < ctas_.size(); ++slot) {
    CtaSlot& c = ctas_[slot];
    if (!c.used) continue;
    const bool done = std::all_of(c.warps.begin(), c.warps.end(), [&](std::uint32_t w) {
      return warps_[w].finished && warps_[w].outstanding_mem == 0;
    });
    if (!done) continue;
    for (std::uint32_t w : c.warps) {
      warps_[w] = SmWarp{};
      invalidate(w, WarpChange::kEmptied);
      schedulers_[w % config_.schedulers].policy->on_warp_end(w / config_.schedulers);
    }
    if (config_.sharing) sharing_.end(slot, now);
    c.kernel->source->end_cta(*c.cta);
    to_retire_.push_back(CtaRetired{c.kernel, id_, c.booking});
    c = CtaSlot{};
    --resident_ctas_;
  }
  retire_check_ = false;
  while (!to_retire_.empty() && links_.retired_out->try_send(to_retire_.front())) {
    to_retire_.erase(to_retire_.begin());
  }
}

Wake Sm::next_wake(Cycle now, bool issued) const {
  // sm.check_memo checks every cycle, the ones the SM would sleep through included.
  if (config_.check_memo && has_work()) return Wake::next_cycle();
  if (issued || held_count_ != 0 || ldst_.needs_next_cycle() || fetch_.needs_next_cycle() ||
      !to_retire_.empty() || fetch_.has_work(warps_)) {
    return Wake::next_cycle();
  }
  std::uint64_t next = std::min(ldst_.next_event(now), units_.next_free(now));
  // Until then the warps' verdicts hold (results arriving for registers a warp does not wait
  // on, or for a warp held at a barrier, change nothing), so neither does the outcome.
  for (const SchedulerState& st : schedulers_) {
    if (st.dirty) return Wake::next_cycle();
    next = std::min(next, st.quiet_until);
  }
  return next == kNever ? Wake::on_input() : Wake::at(Cycle(next));
}

Wake Sm::tick(Cycle now) {
  account(now);
  receive(now);
  ldst_.cycle(now, *links_.mem_out);
  complete_memory(now);
  if (held_count_ != 0) retry_held(now);
  // The schedulers share the SM's units and the LD/ST unit's input; which of them asks first
  // rotates every cycle (sm.scheduler_turns), so that none of them keeps the shared units from
  // the others' warps (with scheduler 0 always first, its warps ran tens of loop iterations
  // ahead of the others' in a memory-bound copy; docs/timing.md "Issue").
  bool issued = false;
  const auto first = config_.rotate_scheduler_turns
                         ? static_cast<std::uint32_t>(now.value() % config_.schedulers)
                         : 0u;
  for (std::uint32_t i = 0; i < config_.schedulers; ++i) {
    issued |= issue_scheduler((first + i) % config_.schedulers, now);
  }
  account(now + 1);
  fetch_.cycle(now, warps_, *links_.mem_out);
  for (std::uint32_t slot : fetch_.started()) invalidate(slot, WarpChange::kFetchStarted);
  retire_ctas(now);
  return next_wake(now, issued);
}

bool Sm::has_work() const { return has_warps() || !to_retire_.empty() || !ldst_.idle(); }

std::string Sm::describe_state() const {
  std::string s = fmt::format("{} resident CTAs", resident_ctas_);
  for (std::uint32_t i = 0; i < warps_.size(); ++i) {
    const SmWarp& w = warps_[i];
    if (!w.valid) continue;
    s += fmt::format("; warp {}: {}{}{} outstanding mem {}", i, w.finished ? "finished" : "live",
                     w.state->wait == func::WarpWait::kBarrier ? " at barrier" : "",
                     w.lock_wait ? " waiting for the scratchpad lock" : "", w.outstanding_mem);
  }
  for (std::size_t i = 0; i < reasons_.size(); ++i) {
    s += fmt::format("; scheduler {}: {}", i, stall_name(reasons_[i]));
  }
  return s;
}

}  // namespace warpsim
