#include "gpu/memory_stub.h"

#include <algorithm>

#include <fmt/format.h>

namespace warpsim {

MemoryStub::MemoryStub(Simulation& sim, std::string path, ClockDomainId clock, std::uint32_t sms,
                       std::uint32_t latency, std::uint32_t requests_per_cycle)
    : Component(sim, std::move(path), clock),
      latency_(latency),
      per_cycle_(requests_per_cycle),
      in_(sms, nullptr),
      out_(sms, nullptr),
      replies_(sms),
      requests_(stats().counter("requests", "requests", "requests served")),
      reads_(stats().counter("reads", "requests", "data reads")),
      writes_(stats().counter("writes", "requests", "writes")),
      atomics_(stats().counter("atomics", "requests", "atomic operations")),
      fetches_(stats().counter("inst_fetches", "requests", "instruction-cache line fills")),
      bytes_(stats().counter("bytes", "bytes", "bytes requested")) {}

void MemoryStub::connect(std::uint32_t sm, Link<MemRequest>* from_sm, Link<MemReply>* to_sm) {
  in_.at(sm) = from_sm;
  out_.at(sm) = to_sm;
}

Wake MemoryStub::tick(Cycle now) {
  const auto sms = static_cast<std::uint32_t>(in_.size());
  std::uint32_t accepted = 0;
  bool more = false;
  const std::uint32_t first = next_sm_;
  for (std::uint32_t i = 0; i < sms; ++i) {
    const std::uint32_t sm = (first + i) % sms;
    if (!in_[sm]->ready()) continue;
    if (accepted == per_cycle_) {
      more = true;
      break;
    }
    const MemRequest req = in_[sm]->pop();
    ++accepted;
    next_sm_ = (sm + 1) % sms;
    requests_.inc();
    bytes_.inc(req.size);
    (req.kind == MemKind::kWrite       ? writes_
     : req.kind == MemKind::kAtomic    ? atomics_
     : req.kind == MemKind::kInstFetch ? fetches_
                                       : reads_)
        .inc();
    replies_[sm].push_back(Pending{now.value() + latency_, reply_to(req)});
    ++queued_;
    if (in_[sm]->ready()) more = true;
  }
  std::uint64_t next = kNever;
  for (std::uint32_t sm = 0; sm < sms; ++sm) {
    auto& q = replies_[sm];
    while (!q.empty() && q.front().due <= now.value()) {
      if (!out_[sm]->try_send(q.front().reply)) break;
      q.pop_front();
      --queued_;
    }
    if (!q.empty()) next = std::min(next, std::max(q.front().due, now.value() + 1));
  }
  if (more) return Wake::next_cycle();
  return next == kNever ? Wake::on_input() : Wake::at(Cycle(next));
}

std::string MemoryStub::describe_state() const { return fmt::format("{} replies queued", queued_); }

}  // namespace warpsim
