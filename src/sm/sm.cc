#include "sm/sm.h"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "func/exec_error.h"
#include "func/executor.h"
#include "sim/registry.h"
#include "sim/simulation.h"

namespace warpsim {

namespace {

// How close a warp came to issuing; the scheduler's cycle takes the reason of the closest.
int rank(Stall s) {
  switch (s) {
    case Stall::kIssued:
      return 8;
    case Stall::kMemBackPressure:
      return 7;
    case Stall::kPipelineBusy:
      return 6;
    case Stall::kScoreboardMem:
    case Stall::kScoreboardAlu:
      return 5;
    case Stall::kNoInstruction:
      return 3;
    case Stall::kBarrier:
      return 2;
    default:
      return 0;
  }
}

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
      fetch_(config, sm_node.at("icache").at("replacement"), id, stats().child("icache")),
      units_(config),
      ldst_(config.ldst, sm_node, id, config.warp_size, config.max_warps, stats(), tlb),
      active_cycles_(
          stats().counter("active_cycles", "cycles", "cycles with at least one resident CTA")),
      warp_insts_(stats().counter("warp_insts", "warp insts", "warp instructions issued")),
      thread_insts_(stats().counter("thread_insts", "thread insts",
                                    "thread instructions executed (active, unpredicated lanes)")),
      ctas_started_(stats().counter("ctas", "CTAs", "CTAs started")) {
  warps_.resize(config.max_warps);
  ctas_.resize(config.max_ctas);
  const std::uint32_t per_sched = (config.max_warps + config.schedulers - 1) / config.schedulers;
  schedulers_.resize(config.schedulers);
  for (std::uint32_t s = 0; s < config.schedulers; ++s) {
    SchedulerState& st = schedulers_[s];
    st.policy = PolicyRegistry::global().create<WarpScheduler>(
        sm_node.at("warp_scheduler"), WarpScheduler::Context{s, per_sched});
    st.views.resize(per_sched);
    st.status.resize(per_sched, Stall::kIdle);
    st.order.reserve(per_sched);
  }
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

void Sm::account_until(Cycle cycle) {
  if (cycle.value() <= accounted_) return;
  const std::uint64_t n = cycle.value() - accounted_;
  for (Stall r : reasons_) stall_counters_[static_cast<std::size_t>(r)]->inc(n);
  if (has_warps()) active_cycles_.inc(n);
  accounted_ = cycle.value();
}

void Sm::start_cta(const CtaAssignment& a) {
  KernelRun& k = *a.kernel;
  // GPGPU-Sim's -gpgpu_flush_l1_cache: an SM that takes up a new kernel with nothing of the
  // previous one left starts with empty L1 caches, sized by the kernel's carve-out when L1 and
  // shared memory share one array.
  if (resident_ctas_ == 0 && last_kernel_ != k.order) {
    if (config_.ldst.flush_l1_between_kernels) ldst_.invalidate_l1();
    ldst_.set_shared_carveout(k.occupancy.shared_carveout);
  }
  last_kernel_ = k.order;
  std::uint32_t slot = 0;
  while (ctas_[slot].used) ++slot;  // the dispatcher only assigns CTAs that fit
  CtaSlot& c = ctas_[slot];
  c.used = true;
  c.kernel = &k;
  c.booking = a.booking;
  c.cta = std::make_unique<func::CtaState>(func::start_cta(k.launch, a.cta));
  c.warps.clear();
  std::uint32_t w = 0;
  for (func::WarpState& fw : c.cta->warps) {
    while (warps_[w].valid) ++w;
    SmWarp& sw = warps_[w];
    sw = SmWarp{};
    sw.valid = true;
    sw.cta_slot = slot;
    sw.module = k.launch.module->id;
    sw.age = next_age_++;
    sw.state = &fw;
    sw.finished = fw.done();
    c.warps.push_back(w);
    schedulers_[w % config_.schedulers].policy->on_warp_start(w / config_.schedulers);
  }
  ++resident_ctas_;
  ctas_started_.inc();
}

void Sm::receive(Cycle now) {
  while (links_.ctas_in->ready()) start_cta(links_.ctas_in->pop());
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
  }
  ldst_.completions().clear();
}

Stall Sm::check(SmWarp& w, Cycle now) const {
  const func::WarpState& fw = *w.state;
  if (fw.wait == func::WarpWait::kBarrier) return Stall::kBarrier;
  w.settle_ibuffer(now);
  if (w.ib_count == 0) return Stall::kNoInstruction;
  const func::FunctionCode* code = fw.calls.back().code;
  const std::uint32_t pc = fw.simt.back().pc;
  if (w.ib_code != code || w.ib_pc != pc) return Stall::kNoInstruction;
  const func::DecodedInst& inst = code->insts[pc];
  if (inst.op_class == func::OpClass::kFence && w.outstanding_mem != 0) {
    return Stall::kScoreboardMem;
  }
  switch (w.scoreboard.check(inst.reads, inst.writes, fw.calls.back().reg_base, now)) {
    case Hazard::kMemory:
      return Stall::kScoreboardMem;
    case Hazard::kAlu:
      return Stall::kScoreboardAlu;
    case Hazard::kNone:
      break;
  }
  const OpTiming t = effective_timing(inst);
  if (goes_to_ldst(inst, t) && ldst_.full()) return Stall::kMemBackPressure;
  if (!units_.can_issue(config_.op(t).unit, now)) return Stall::kPipelineBusy;
  return Stall::kIssued;
}

void Sm::advance_ibuffer(SmWarp& w, const func::FunctionCode* code, std::uint32_t pc) {
  const func::WarpState& fw = *w.state;
  if (fw.done()) {
    w.flush_ibuffer();
    return;
  }
  const bool sequential = fw.calls.back().code == code && fw.simt.back().pc == pc + 1;
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

void Sm::issue(std::uint32_t slot, std::uint32_t s, std::uint32_t index, Cycle now) {
  SmWarp& w = warps_[slot];
  CtaSlot& c = ctas_[w.cta_slot];
  KernelRun& k = *c.kernel;
  func::WarpState& fw = *w.state;
  const func::FunctionCode* code = fw.calls.back().code;
  const std::uint32_t pc = fw.simt.back().pc;
  const std::uint32_t base = fw.calls.back().reg_base;
  const func::DecodedInst& inst = code->insts[pc];
  const OpTiming t = effective_timing(inst);
  k.launch.clock = now.value();
  k.launch.smid = id_;
  const func::StepResult result = func::step(k.launch, *c.cta, fw, &record_);
  note_progress();
  const auto lanes = static_cast<std::uint64_t>(std::popcount(record_.exec));
  ++k.warp_insts;
  k.thread_insts += lanes;
  warp_insts_.inc();
  thread_insts_.inc(lanes);
  op_counters_[static_cast<std::size_t>(t)]->inc();
  const OpTimingConfig& timing = config_.op(t);
  units_.issue(timing.unit, now, timing.interval);
  const bool memory = goes_to_ldst(inst, t);
  if (memory) {
    std::vector<std::uint32_t> regs;
    regs.reserve(inst.writes.size());
    for (std::uint32_t r : inst.writes) {
      regs.push_back(base + r);
      w.scoreboard.reserve_memory(base + r);
    }
    ++w.outstanding_mem;
    ldst_.accept(slot, std::uint64_t{id_} * config_.max_warps + slot, inst, record_,
                 std::move(regs), now);
  } else {
    for (std::uint32_t r : inst.writes) w.scoreboard.reserve(base + r, now + timing.latency);
  }
  if (observer_) observer_(id_, slot, now, record_);
  advance_ibuffer(w, code, pc);
  schedulers_[s].policy->on_issue(index, IssueInfo{now, memory, memory && !inst.writes.empty()});
  if (result == func::StepResult::kFinished) w.finished = true;
  if (result == func::StepResult::kBlocked) {
    const std::string deadlock = func::barrier_deadlock(k.launch, *c.cta);
    if (!deadlock.empty()) throw func::ExecError(deadlock);
  }
}

bool Sm::issue_scheduler(std::uint32_t s, Cycle now) {
  SchedulerState& st = schedulers_[s];
  const auto n = static_cast<std::uint32_t>(st.views.size());
  bool any = false;
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t slot = s + i * config_.schedulers;
    WarpView& v = st.views[i];
    if (slot >= warps_.size() || !warps_[slot].issuable()) {
      v = WarpView{};
      v.finished = slot < warps_.size() && warps_[slot].valid;
      st.status[i] = Stall::kIdle;
      continue;
    }
    SmWarp& w = warps_[slot];
    const Stall status = check(w, now);
    st.status[i] = status;
    v = WarpView{
        true, w.age, w.cta_slot, status == Stall::kScoreboardMem, status == Stall::kBarrier, false};
    any = true;
  }
  if (!any) {
    reasons_[s] = Stall::kIdle;
    return false;
  }
  st.order.clear();
  st.policy->order(st.views, now, st.order);
  Stall best = Stall::kIdle;
  std::uint32_t issued = 0;
  for (std::uint32_t index : st.order) {
    if (issued == config_.issue_width) break;
    const std::uint32_t slot = s + index * config_.schedulers;
    if (!st.views[index].valid) continue;
    Stall status = st.status[index];
    if (status == Stall::kIssued && issued != 0) status = check(warps_[slot], now);
    if (status == Stall::kIssued) {
      issue(slot, s, index, now);
      ++issued;
    } else if (rank(status) > rank(best)) {
      best = status;
    }
  }
  // Warps the policy left out this cycle (a two-level policy's pending pool) still stall for a
  // reason of their own; the closest one counts.
  for (std::uint32_t i = 0; issued == 0 && i < n; ++i) {
    if (st.views[i].valid && rank(st.status[i]) > rank(best)) best = st.status[i];
  }
  reasons_[s] = issued != 0 ? Stall::kIssued : best;
  return issued != 0;
}

void Sm::retire_ctas() {
  for (std::uint32_t slot = 0; slot < ctas_.size(); ++slot) {
    CtaSlot& c = ctas_[slot];
    if (!c.used) continue;
    const bool done = std::all_of(c.warps.begin(), c.warps.end(), [&](std::uint32_t w) {
      return warps_[w].finished && warps_[w].outstanding_mem == 0;
    });
    if (!done) continue;
    for (std::uint32_t w : c.warps) {
      warps_[w] = SmWarp{};
      schedulers_[w % config_.schedulers].policy->on_warp_end(w / config_.schedulers);
    }
    to_retire_.push_back(CtaRetired{c.kernel, id_, c.booking});
    c = CtaSlot{};
    --resident_ctas_;
  }
  while (!to_retire_.empty() && links_.retired_out->try_send(to_retire_.front())) {
    to_retire_.erase(to_retire_.begin());
  }
}

Wake Sm::next_wake(Cycle now, bool issued) const {
  if (issued || ldst_.needs_next_cycle() || fetch_.needs_next_cycle() || !to_retire_.empty() ||
      fetch_.has_work(warps_)) {
    return Wake::next_cycle();
  }
  std::uint64_t next = std::min(ldst_.next_event(now), units_.next_free(now));
  for (const SmWarp& w : warps_) {
    if (!w.valid) continue;
    next = std::min(next, w.scoreboard.next_ready(now));
    if (w.ib_pending != 0 && w.ib_pending_ready > now.value()) {
      next = std::min(next, w.ib_pending_ready);
    }
  }
  return next == kNever ? Wake::on_input() : Wake::at(Cycle(next));
}

Wake Sm::tick(Cycle now) {
  account_until(now);
  receive(now);
  ldst_.cycle(now, *links_.mem_out);
  complete_memory(now);
  bool issued = false;
  for (std::uint32_t s = 0; s < config_.schedulers; ++s) issued |= issue_scheduler(s, now);
  account_until(now + 1);
  fetch_.cycle(now, warps_, *links_.mem_out);
  retire_ctas();
  return next_wake(now, issued);
}

bool Sm::has_work() const { return has_warps() || !to_retire_.empty() || !ldst_.idle(); }

std::string Sm::describe_state() const {
  std::string s = fmt::format("{} resident CTAs", resident_ctas_);
  for (std::uint32_t i = 0; i < warps_.size(); ++i) {
    const SmWarp& w = warps_[i];
    if (!w.valid) continue;
    s += fmt::format("; warp {}: {}{} outstanding mem {}", i, w.finished ? "finished" : "live",
                     w.state->wait == func::WarpWait::kBarrier ? " at barrier" : "",
                     w.outstanding_mem);
  }
  for (std::size_t i = 0; i < reasons_.size(); ++i) {
    s += fmt::format("; scheduler {}: {}", i, stall_name(reasons_[i]));
  }
  return s;
}

}  // namespace warpsim
