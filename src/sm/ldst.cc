#include "sm/ldst.h"

#include <algorithm>
#include <cmath>

#include "ptx/ir.h"
#include "sm/op_timing.h"

namespace warpsim {

namespace {

// Local memory is private per thread; the hardware interleaves it so that the same word of
// consecutive lanes is contiguous (a warp's accesses to one local variable coalesce). Above
// kLocalBase, word k of every thread the kernel can have resident lies in one region of
// 4 x LocalLayout::threads bytes (local_layout.h).
constexpr Addr kLocalBase = Addr{0x7000} << 32;
// The constant cache delivers one 4-byte word per access.
constexpr std::uint32_t kConstWord = 4;

}  // namespace

LdstUnit::LdstUnit(const LdstConfig& config, const ConfigNode& sm_node, std::uint32_t sm,
                   std::uint32_t warp_size, std::uint32_t warps, StatGroup& sm_stats,
                   SharedTlb& tlb)
    : config_(config),
      sm_(sm),
      warp_size_(warp_size),
      tlb_(tlb, sm, sm_stats.child("l1_tlb")),
      l1_(sm_node, sm, warps, sm_stats, tlb.enabled() ? &tlb_ : nullptr),
      shared_accesses_(
          sm_stats.child("ldst").counter("shared_accesses", "warp insts",
                                         "shared-memory instructions executed by the LD/ST unit")),
      shared_bank_cycles_(sm_stats.child("ldst").counter(
          "shared_bank_cycles", "cycles",
          "cycles shared-memory instructions held the banks: one pass (1, or bytes per lane / "
          "sm.ldst.bank_bytes_per_cycle) + (conflict degree - 1) x sm.ldst.bank_conflict_cycles "
          "each (the sum of conflict degrees with the defaults)")),
      const_accesses_(
          sm_stats.child("ldst").counter("const_accesses", "warp insts", "constant-memory loads")),
      tex_accesses_(sm_stats.child("ldst").counter(
          "tex_accesses", "warp insts", "texture and non-coherent (ld.global.nc) loads")),
      mem_insts_(sm_stats.child("ldst").counter(
          "mem_insts", "warp insts",
          "global, local and atomic instructions (texture and constant loads are "
          "tex_accesses and const_accesses)")),
      requests_(sm_stats.child("ldst").counter(
          "mem_requests", "requests", "coalesced requests (one per line, or per constant word)")),
      read_requests_(
          sm_stats.child("ldst").counter("mem_read_requests", "requests", "read requests")),
      write_requests_(
          sm_stats.child("ldst").counter("mem_write_requests", "requests", "write requests")),
      atomic_requests_(
          sm_stats.child("ldst").counter("mem_atomic_requests", "requests", "atomic requests")),
      load_latency_(sm_stats.child("ldst").histogram(
          "load_latency", "cycles",
          "core cycles from a global, local, texture or constant load's issue to its completion",
          HistogramSpec{.scale = HistogramSpec::Scale::kLog2, .buckets = 16})) {}

std::uint32_t LdstUnit::new_entry() {
  if (free_ids_.empty()) {
    entries_.emplace_back();
    return static_cast<std::uint32_t>(entries_.size() - 1);
  }
  const std::uint32_t id = free_ids_.back();
  free_ids_.pop_back();
  return id;
}

// Where a global-memory access goes: the texture path for tex and ld.global.nc (ld.global.nc
// through the L1 data cache where sm.ldst.readonly_in_l1d says so), straight to L2
// for loads the program marked not to cache in L1 (.cg, .cv, volatile, prefetch.L2) and for every
// global load when the L1 does not cache them; the L1 data cache otherwise (local memory included).
L1Target LdstUnit::target_of(const func::DecodedInst& decoded, const func::WarpInst& inst) const {
  if (inst.space == ptx::StateSpace::kConst) return L1Target::kConst;
  if (decoded.op_class == func::OpClass::kTexture) {
    return config_.texture_in_l1d ? L1Target::kData : L1Target::kTexture;
  }
  if (inst.space == ptx::StateSpace::kLocal) return L1Target::kData;
  if (reads_only_path(decoded)) {
    return config_.readonly_in_l1d ? L1Target::kData : L1Target::kTexture;
  }
  if (inst.is_load && !inst.is_atomic && (skips_l1(decoded) || !config_.cache_global_loads)) {
    return L1Target::kBypass;
  }
  return L1Target::kData;
}

void LdstUnit::accept(const Requester& who, const func::DecodedInst& decoded,
                      const func::WarpInst& inst, std::vector<std::uint32_t> regs, Cycle now) {
  const std::uint32_t id = new_entry();
  Entry& e = entries_[id];
  e = Entry{};
  e.who = who;
  e.regs = std::move(regs);
  e.pc = decoded.pc;
  e.accepted_at = now.value();
  e.kind = inst.is_atomic ? MemKind::kAtomic : (inst.is_store ? MemKind::kWrite : MemKind::kRead);
  if (inst.exec == 0 || inst.size == 0) {
    e.path = Path::kNone;
  } else if (inst.space == ptx::StateSpace::kShared) {
    e.path = Path::kShared;
    const std::uint32_t degree = shared_conflict_degree(
        inst, SharedBankLayout{config_.shared_banks, config_.bank_bytes, config_.bank_word_bytes});
    const double pass =
        shared_pass_cycles(std::min(std::max<std::uint32_t>(inst.size, 1), config_.bank_word_bytes),
                           config_.bank_bytes_per_cycle);
    e.bank_cycles = shared_bank_busy_cycles(degree, config_.bank_conflict_cycles, pass);
    // The conflict-free latency (shared_latency) includes the first pass.
    e.extra_latency = e.bank_cycles - static_cast<std::uint32_t>(std::llround(pass));
  } else {
    e.path = Path::kMemory;
    e.target = target_of(decoded, inst);
    e.texture_in_l1d = decoded.op_class == func::OpClass::kTexture && e.target == L1Target::kData;
    e.timed_load = inst.is_load && !inst.is_atomic;
    (e.target == L1Target::kConst                         ? const_accesses_
     : e.target == L1Target::kTexture || e.texture_in_l1d ? tex_accesses_
                                                          : mem_insts_)
        .inc();
    const std::uint32_t line = l1_.line_of(e.target);
    if (e.target == L1Target::kConst) {
      serialize_words(inst, line, kConstWord, e.blocks);
    } else if (inst.space == ptx::StateSpace::kLocal) {
      e.local = true;
      const Addr slot = kLocalBase + who.local.first * 4;
      const Addr word_stride = 4 * who.local.threads;
      coalesce(
          inst, line,
          [&](Addr offset, unsigned lane) {
            return slot + offset / 4 * word_stride + lane * 4 + offset % 4;
          },
          e.blocks);
    } else {
      coalesce(
          inst, line, [](Addr a, unsigned) { return a; }, e.blocks);
      if (inst.is_atomic) count_atomic_ops(inst, line, e.blocks);
    }
  }
  queue_.push_back(id);
}

void LdstUnit::start_head(Cycle now) {
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
      e.done_at = now.value() + config_.shared_latency + e.extra_latency;
      timed_.push_back(id);
      queue_.pop_front();
      return;
    case Path::kMemory:
      break;
  }
  while (e.next_block < e.blocks.size() && l1_.can_accept()) {
    const LineAccess& b = e.blocks[e.next_block];
    const std::uint32_t line = l1_.line_of(e.target);
    const MemRequest req{.addr = b.line,
                         .size = line,
                         .sectors = b.sectors,
                         .kind = e.kind,
                         .local = e.local,
                         .sm = sm_,
                         .tag = e.texture_in_l1d ? id | kTextureRequestBit : id,
                         .pc = e.pc,
                         .warp = e.who.warp,
                         .cta = e.who.cta,
                         .cta_warp = e.who.cta_warp,
                         .epoch = e.who.epoch,
                         .warp_age = e.who.age,
                         .age_rank = e.who.age_rank,
                         .token = e.who.token,
                         .born = now.value(),
                         .ops = b.atomic_ops};
    l1_.push(req, e.target, now);
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
  if (!queue_.empty()) start_head(now);
  completed_tags_.clear();
  l1_.cycle(now, out, completed_tags_);
  for (std::uint64_t tag : completed_tags_) complete_request(tag, now.value());
  if (timed_.empty()) return;
  std::erase_if(timed_, [&](std::uint32_t id) {
    if (entries_[id].done_at > now.value()) return false;
    finish(id, now.value());
    return true;
  });
}

void LdstUnit::on_reply(const MemReply& reply, Cycle now) {
  completed_tags_.clear();
  l1_.on_reply(reply, now, completed_tags_);
  for (std::uint64_t tag : completed_tags_) complete_request(tag, now.value());
}

void LdstUnit::complete_request(std::uint64_t tag, std::uint64_t now) {
  const auto id = static_cast<std::uint32_t>(tag);
  Entry& e = entries_[id];
  if (--e.outstanding == 0 && e.next_block == e.blocks.size()) {
    --in_flight_;
    finish(id, now);
  }
}

void LdstUnit::finish(std::uint32_t id, std::uint64_t now) {
  Entry& e = entries_[id];
  if (e.timed_load) load_latency_.sample(now - e.accepted_at);
  done_.push_back(LdstCompletion{e.who.warp, std::move(e.regs)});
  free_ids_.push_back(id);
}

std::uint64_t LdstUnit::next_event(Cycle now) const {
  std::uint64_t next = l1_.next_event(now);
  for (std::uint32_t id : timed_)
    next = std::min(next, std::max(entries_[id].done_at, now.value() + 1));
  return next;
}

bool LdstUnit::idle() const {
  return queue_.empty() && timed_.empty() && in_flight_ == 0 && l1_.idle();
}

}  // namespace warpsim
