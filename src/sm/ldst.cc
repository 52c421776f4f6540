#include "sm/ldst.h"

#include <algorithm>

#include "sm/coalescer.h"

namespace warpsim {

namespace {

// Local memory is private per thread; the hardware interleaves it so that the same word of
// consecutive lanes is contiguous (a warp's accesses to one local variable coalesce). Each
// warp slot of the GPU gets its own region above kLocalBase.
constexpr Addr kLocalBase = Addr{0x7000} << 32;

}  // namespace

LdstUnit::LdstUnit(const LdstConfig& config, std::uint32_t sm, std::uint32_t warp_size,
                   StatGroup& stats)
    : config_(config),
      sm_(sm),
      warp_size_(warp_size),
      shared_accesses_(stats.counter("shared_accesses", "warp insts",
                                     "shared-memory instructions executed by the LD/ST unit")),
      shared_bank_cycles_(stats.counter("shared_bank_cycles", "cycles",
                                        "bank cycles of shared-memory instructions (1 per "
                                        "instruction without bank conflicts)")),
      const_accesses_(
          stats.counter("const_accesses", "warp insts", "constant-memory loads (fixed latency)")),
      mem_insts_(stats.counter("mem_insts", "warp insts",
                               "global, local, texture and atomic instructions")),
      requests_(stats.counter("mem_requests", "requests",
                              "requests sent to the memory system (one per coalesced block)")),
      read_requests_(stats.counter("mem_read_requests", "requests", "read requests")),
      write_requests_(stats.counter("mem_write_requests", "requests", "write requests")),
      atomic_requests_(stats.counter("mem_atomic_requests", "requests", "atomic requests")) {}

std::uint32_t LdstUnit::new_entry() {
  if (free_ids_.empty()) {
    entries_.emplace_back();
    return static_cast<std::uint32_t>(entries_.size() - 1);
  }
  const std::uint32_t id = free_ids_.back();
  free_ids_.pop_back();
  return id;
}

void LdstUnit::accept(std::uint32_t warp, std::uint64_t hw_warp, const func::WarpInst& inst,
                      std::vector<std::uint32_t> regs, Cycle /*now*/) {
  const std::uint32_t id = new_entry();
  Entry& e = entries_[id];
  e = Entry{};
  e.warp = warp;
  e.regs = std::move(regs);
  e.kind = inst.is_atomic ? MemKind::kAtomic : (inst.is_store ? MemKind::kWrite : MemKind::kRead);
  if (inst.exec == 0 || inst.size == 0) {
    e.path = Path::kNone;
  } else if (inst.space == ptx::StateSpace::kShared) {
    e.path = Path::kShared;
    e.bank_cycles = shared_bank_cycles(inst, config_.shared_banks, config_.bank_bytes);
  } else if (inst.space == ptx::StateSpace::kConst || inst.space == ptx::StateSpace::kParam) {
    e.path = Path::kConst;
  } else {
    e.path = Path::kMemory;
    if (inst.space == ptx::StateSpace::kLocal) {
      const Addr region = kLocalBase + hw_warp * warp_size_ * config_.local_stride;
      coalesce(
          inst, config_.coalesce_bytes,
          [&](Addr offset, unsigned lane) {
            return region + offset / 4 * (4 * Addr{warp_size_}) + lane * 4 + offset % 4;
          },
          e.blocks);
    } else {
      coalesce(
          inst, config_.coalesce_bytes, [](Addr a, unsigned) { return a; }, e.blocks);
    }
  }
  queue_.push_back(id);
}

void LdstUnit::start_head(Cycle now, Link<MemRequest>& out) {
  const std::uint32_t id = queue_.front();
  Entry& e = entries_[id];
  switch (e.path) {
    case Path::kNone:
      e.done_at = now.value() + 1;
      timed_.push_back(id);
      queue_.pop_front();
      return;
    case Path::kShared:
      if (banks_free_at_ > now.value()) return;
      shared_accesses_.inc();
      shared_bank_cycles_.inc(e.bank_cycles);
      banks_free_at_ = now.value() + e.bank_cycles;
      e.done_at = now.value() + config_.shared_latency + e.bank_cycles - 1;
      timed_.push_back(id);
      queue_.pop_front();
      return;
    case Path::kConst:
      const_accesses_.inc();
      e.done_at = now.value() + config_.const_latency;
      timed_.push_back(id);
      queue_.pop_front();
      return;
    case Path::kMemory:
      break;
  }
  if (e.next_block == 0) mem_insts_.inc();
  const std::uint32_t size = config_.coalesce_bytes;
  for (std::uint32_t n = 0; n < config_.requests_per_cycle && e.next_block < e.blocks.size(); ++n) {
    MemRequest req{e.blocks[e.next_block], size, e.kind, sm_, id};
    if (!out.try_send(req)) return;
    ++e.next_block;
    ++e.outstanding;
    requests_.inc();
    (e.kind == MemKind::kWrite    ? write_requests_
     : e.kind == MemKind::kAtomic ? atomic_requests_
                                  : read_requests_)
        .inc();
  }
  if (e.next_block == e.blocks.size()) {
    ++in_flight_;
    queue_.pop_front();
  }
}

void LdstUnit::cycle(Cycle now, Link<MemRequest>& out) {
  if (!queue_.empty()) start_head(now, out);
  if (timed_.empty()) return;
  std::erase_if(timed_, [&](std::uint32_t id) {
    if (entries_[id].done_at > now.value()) return false;
    finish(id);
    return true;
  });
}

void LdstUnit::on_reply(const MemReply& reply, Cycle /*now*/) {
  const auto id = static_cast<std::uint32_t>(reply.tag);
  Entry& e = entries_[id];
  if (--e.outstanding == 0 && e.next_block == e.blocks.size()) {
    --in_flight_;
    finish(id);
  }
}

void LdstUnit::finish(std::uint32_t id) {
  Entry& e = entries_[id];
  done_.push_back(LdstCompletion{e.warp, std::move(e.regs)});
  free_ids_.push_back(id);
}

std::uint64_t LdstUnit::next_event(Cycle now) const {
  std::uint64_t next = kNever;
  for (std::uint32_t id : timed_)
    next = std::min(next, std::max(entries_[id].done_at, now.value() + 1));
  return next;
}

bool LdstUnit::idle() const { return queue_.empty() && timed_.empty() && in_flight_ == 0; }

}  // namespace warpsim
