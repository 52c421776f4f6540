#include "gpu/cta_dispatch.h"

#include <algorithm>

#include <fmt/format.h>

#include "sim/registry.h"
#include "sim/simulation.h"

namespace warpsim {

CtaDispatcher::CtaDispatcher(Simulation& sim, std::string path, ClockDomainId clock,
                             const GpuDescription& gpu, std::uint32_t max_concurrent,
                             const ConfigNode& cta_scheduler, const ConfigNode& kernel_select,
                             LaunchTiming timing)
    : Component(sim, std::move(path), clock),
      gpu_(gpu),
      max_concurrent_(max_concurrent),
      timing_(timing),
      policy_(PolicyRegistry::global().create<CtaScheduler>(cta_scheduler,
                                                            CtaScheduler::Context{gpu.sm_count})),
      select_(PolicyRegistry::global().create<KernelSelect>(kernel_select,
                                                            KernelSelect::Context{gpu.sm_count})),
      to_sm_(gpu.sm_count, nullptr),
      from_sm_(gpu.sm_count, nullptr),
      usage_(gpu.sm_count),
      ctas_dispatched_(stats().counter("ctas", "CTAs", "CTAs dispatched to SMs")),
      kernels_(stats().counter("kernels", "kernels", "kernels started")) {}

void CtaDispatcher::connect(std::uint32_t sm, Link<CtaAssignment>* to_sm,
                            Link<CtaRetired>* from_sm) {
  to_sm_.at(sm) = to_sm;
  from_sm_.at(sm) = from_sm;
}

void CtaDispatcher::set_kernel_events(KernelEvent on_start, KernelEvent on_end,
                                      KernelEvent on_ready) {
  on_start_ = std::move(on_start);
  on_end_ = std::move(on_end);
  on_ready_ = std::move(on_ready);
}

void CtaDispatcher::enqueue(KernelRun* kernel) {
  kernel->resident_ctas.assign(to_sm_.size(), 0);
  kernel->active_cycles.assign(to_sm_.size(), 0);
  kernel->active_since.assign(to_sm_.size(), 0);
  kernel->flush_caches = timing_.serialize;
  pending_.push_back(kernel);
  sim().engine().request_wake(id(), sim().now());
}

bool CtaDispatcher::receive_retirements(Cycle now) {
  bool ended = false;
  for (std::uint32_t sm = 0; sm < from_sm_.size(); ++sm) {
    while (from_sm_[sm]->ready()) {
      const CtaRetired r = from_sm_[sm]->pop();
      KernelRun& k = *r.kernel;
      SharingSlots* slots = nullptr;
      if (r.booking.sharing_slot != kNoPair) {
        slots = &sharing_.at({&k, sm});
        slots->free(r.booking.sharing_slot);
      }
      remove(usage_[sm], per_cta(k, slots, r.booking.sharing_slot), r.booking);
      if (--k.resident_ctas[sm] == 0) k.active_cycles[sm] += now.value() - k.active_since[sm];
      select_->on_retire(sm, k);
      if (++k.done_ctas == k.ctas) {
        k.end_cycle = now.value();
        std::erase(running_, &k);
        std::erase_if(sharing_, [&k](const auto& entry) { return entry.first.first == &k; });
        if (on_end_) on_end_(k, now);
        ended = true;
      }
    }
  }
  return ended;
}

bool CtaDispatcher::may_start(std::size_t index) const {
  const KernelRun& k = *pending_[index];
  if (running_.size() >= max_concurrent_) return false;
  if (timing_.serialize && (!running_.empty() || index != 0)) return false;
  // Earlier kernels still queued or running that this one must wait for.
  auto blocks = [&](const KernelRun* earlier) {
    return earlier->stream == k.stream || earlier->stream == 0 || k.stream == 0;
  };
  if (std::any_of(running_.begin(), running_.end(), blocks)) return false;
  return std::none_of(pending_.begin(), pending_.begin() + static_cast<std::ptrdiff_t>(index),
                      blocks);
}

void CtaDispatcher::start_kernels(Cycle now) {
  for (std::size_t i = 0; i < pending_.size();) {
    if (!may_start(i)) {
      ++i;
      continue;
    }
    KernelRun& k = *pending_[i];
    k.ready_cycle = now.value() + timing_.launch_latency;
    if (on_ready_) on_ready_(k, now);
    running_.push_back(&k);
    pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(i));
  }
}

std::optional<Cycle> CtaDispatcher::next_ready(Cycle now) const {
  std::optional<Cycle> next;
  for (const KernelRun* k : running_) {
    if (k->all_dispatched() || k->ready_cycle <= now.value()) continue;
    if (!next || k->ready_cycle < next->value()) next = Cycle(k->ready_cycle);
  }
  return next;
}

bool CtaDispatcher::assign(Cycle now) {
  bool assigned = false;
  policy_->order(order_);
  for (std::uint32_t sm : order_) {
    select_->order(sm, running_, kernel_order_);
    for (std::uint32_t index : kernel_order_) {
      KernelRun* k = running_[index];
      if (k->all_dispatched() || k->ready_cycle > now.value()) continue;
      if (k->throttle.ctas != 0 && k->resident_ctas[sm] >= k->throttle.ctas) continue;
      SmUsage booked = usage_[sm];
      CtaAssignment a{k, k->next_cta, {}};
      if (!book(sm, *k, a.booking, booked)) continue;
      if (!to_sm_[sm]->try_send(a)) break;
      usage_[sm] = booked;
      if (a.booking.sharing_slot != kNoPair) sharing_.at({k, sm}).take(a.booking.sharing_slot);
      if (k->resident_ctas[sm]++ == 0) k->active_since[sm] = now.value();
      if (!k->started) {
        k->started = true;
        k->dispatch_cycle = now.value();
        k->start_cycle = now.value() - timing_.launch_latency;
        kernels_.inc();
        if (on_start_) on_start_(*k, now);
      }
      ++k->next_cta;
      ctas_dispatched_.inc();
      policy_->on_assign(sm);
      select_->on_assign(sm, *k);
      assigned = true;
      break;
    }
  }
  return assigned;
}

Occupancy CtaDispatcher::per_cta(const KernelRun& k, const SharingSlots* slots,
                                 std::uint32_t slot) {
  Occupancy per = k.occupancy;
  if (slots != nullptr) per.shared_per_cta = slots->bytes(slot);
  return per;
}

bool CtaDispatcher::book(std::uint32_t sm, KernelRun& k, CtaBooking& booking, SmUsage& usage) {
  if (!k.sharing.sharing()) {
    if (!fits(gpu_, usage, k.occupancy)) return false;
    booking = add(gpu_, usage, k.occupancy);
    return true;
  }
  const auto it = sharing_.try_emplace({&k, sm}, k.sharing, k.occupancy.shared_per_cta).first;
  const std::optional<std::uint32_t> slot = it->second.next_free();
  if (!slot) return false;
  const Occupancy per = per_cta(k, &it->second, *slot);
  if (!fits(gpu_, usage, per)) return false;
  booking = add(gpu_, usage, per);
  booking.sharing_slot = *slot;
  booking.pair = it->second.pair(*slot);
  return true;
}

Wake CtaDispatcher::tick(Cycle now) {
  // A kernel that waited for one that ended this cycle starts the next cycle, as one launched
  // after the host saw the end would: where the host synchronizes never changes the timing.
  const bool ended = receive_retirements(now);
  if (!ended) start_kernels(now);
  const bool assigned = assign(now);
  if (assigned) note_progress();
  if (assigned || (ended && !pending_.empty())) return Wake::next_cycle();
  if (const std::optional<Cycle> ready = next_ready(now)) return Wake::at(*ready);
  return Wake::on_input();
}

std::string CtaDispatcher::describe_state() const {
  std::string s = fmt::format("{} kernels queued, {} running", pending_.size(), running_.size());
  for (const KernelRun* k : running_) {
    s += fmt::format("; {}: {} of {} CTAs dispatched, {} retired", k->source->shape().name,
                     k->next_cta, k->ctas, k->done_ctas);
  }
  return s;
}

}  // namespace warpsim
