#include "cache/l2_slice.h"

#include <algorithm>

#include <fmt/format.h>

#include "sim/simulation.h"

namespace warpsim {

SectionSpec l2_section() {
  CacheDefaults d;
  d.size = "128KiB";
  d.line = 128;
  d.sector = 32;
  d.ways = 16;
  d.hit_latency = 1;
  d.write_policy = "write_back";
  d.write_allocate = "lazy_fetch_on_read";
  d.mshrs = 64;
  d.mshr_merge = 8;
  d.miss_queue = 8;
  SectionSpec section =
      cache_section("l2",
                    "One L2 slice (all slices are alike; the GPU has memory.channels x "
                    "memory.slices_per_channel of them). Sets are indexed by the channel-local "
                    "address (the address mapping's `local`).",
                    d);
  section.params.push_back(uint_param(
      "latency", "L2 cycles from a request's arrival to its cache access (GPGPU-Sim's ROP latency)",
      "0"));
  section.params.push_back(uint_param("accesses_per_cycle", "cache accesses per L2 cycle", "1", 1));
  section.params.push_back(
      uint_param("atomic_latency", "extra cycles of an atomic executed at the slice", "0"));
  section.params.push_back(uint_param(
      "atomic_serial_cycles",
      "L2 cycles the slice's atomic unit takes per operation it executes one after another: a "
      "request holds it for this times the most lanes naming one of its addresses (lanes on "
      "different addresses execute together), requests in turn (0: every atomic executes at "
      "once)",
      "0"));
  section.params.push_back(uint_param(
      "response_queue", "replies waiting for the crossbar before accesses stop", "8", 1));
  section.params.push_back(
      uint_param("prefetch_degree",
                 "sequential prefetch: lines fetched after each demand miss (0: off)", "0"));
  section.params.push_back(choice_param(
      "host_writes",
      "what the host's writes into device memory (copies, memsets) leave here: bypass (nothing, "
      "as GPGPU-Sim's copies), allocate (the written lines, clean: the copy engine writes "
      "through the L2 to DRAM)",
      "bypass", {"bypass", "allocate"}));
  section.params.push_back(uint_param(
      "dram_latency",
      "L2 cycles a miss takes to reach the DRAM controller's queue (GPGPU-Sim's dram_latency)",
      "0"));
  return section;
}

L2SliceConfig read_l2_config(const ConfigNode& section) {
  L2SliceConfig c;
  c.cache = read_cache_config(section);
  c.latency = static_cast<std::uint32_t>(section.at("latency").as_uint());
  c.accesses_per_cycle = static_cast<std::uint32_t>(section.at("accesses_per_cycle").as_uint());
  c.atomic_latency = static_cast<std::uint32_t>(section.at("atomic_latency").as_uint());
  c.atomic_serial_cycles = static_cast<std::uint32_t>(section.at("atomic_serial_cycles").as_uint());
  c.response_queue = static_cast<std::uint32_t>(section.at("response_queue").as_uint());
  c.prefetch_degree = static_cast<std::uint32_t>(section.at("prefetch_degree").as_uint());
  c.dram_latency = static_cast<std::uint32_t>(section.at("dram_latency").as_uint());
  c.host_writes_allocate = section.at("host_writes").as_string() == "allocate";
  return c;
}

L2Slice::L2Slice(Simulation& sim, std::string path, ClockDomainId clock,
                 const L2SliceConfig& config, const ConfigNode& section,
                 const AddressMapping& mapping, std::uint32_t channel, std::uint32_t slice,
                 std::uint64_t seed)
    : Component(sim, std::move(path), clock),
      config_(config),
      mapping_(mapping),
      channel_(channel),
      slice_(slice),
      cache_(config.cache, section, stats(), seed),
      requests_(stats().counter("requests", "requests", "requests received from the crossbar")),
      access_stall_cycles_(stats().counter("access_stall_cycles", "cycles",
                                           "cycles the head request was refused by the cache")),
      reply_stall_cycles_(stats().counter("reply_stall_cycles", "cycles",
                                          "cycles accesses stopped because replies backed up")),
      prefetches_(stats().counter("prefetches", "requests", "sequential prefetches issued")),
      bytes_in_(stats().counter("bytes_from_dram", "bytes", "data bytes received from DRAM")),
      bytes_out_(stats().counter("bytes_to_icnt", "bytes", "data bytes sent to the crossbar")),
      host_lines_(stats().counter("host_write_lines", "lines",
                                  "lines the host's writes left here (host_writes: allocate)")),
      atomic_busy_cycles_(
          stats().counter("atomic_busy_cycles", "cycles",
                          "cycles the atomic unit spent executing (l2.atomic_serial_cycles > 0)")),
      atomic_wait_cycles_(
          stats().counter("atomic_wait_cycles", "cycles",
                          "cycles atomics with their line present waited for the atomic unit")) {
  const TokenClear clear = config.cache.tokens.clear;
  if (config.cache.tokens.honor &&
      (clear == TokenClear::kAllOwnersEnd || clear == TokenClear::kLastOwnerEnd)) {
    throw section.at("tokens").at("clear").error(
        "an L2 sees no warp ends: clear tokens at kernel_end or periodic");
  }
}

void L2Slice::connect(Link<MemRequest>* from_icnt, Link<MemReply>* to_icnt,
                      Link<MemRequest>* to_dram, Link<MemReply>* from_dram) {
  from_icnt_ = from_icnt;
  to_icnt_ = to_icnt;
  to_dram_ = to_dram;
  from_dram_ = from_dram;
}

std::uint64_t L2Slice::new_slot(const MemRequest& request) {
  ++waiting_;
  if (!free_slots_.empty()) {
    const std::uint64_t slot = free_slots_.back();
    free_slots_.pop_back();
    slots_[slot] = request;
    return slot;
  }
  slots_.push_back(request);
  return slots_.size() - 1;
}

MemRequest L2Slice::local_request(const MemRequest& request, std::uint64_t slot) const {
  MemRequest local = request;
  local.addr = mapping_.decode(request.addr).local;
  local.tag = slot;
  return local;
}

// When an atomic whose line is here from `ready` on has executed: at once, or after the
// requests before it and its own serial operations, atomic_serial_cycles each.
std::uint64_t L2Slice::execute_atomic(const MemRequest& request, std::uint64_t ready) {
  const std::uint64_t per_op = config_.atomic_serial_cycles;
  if (per_op == 0) return ready;
  const std::uint64_t cycles = std::max<std::uint64_t>(request.ops, 1) * per_op;
  const std::uint64_t start = std::max(ready, atomic_free_at_);
  atomic_wait_cycles_.inc(start - ready);
  atomic_busy_cycles_.inc(cycles);
  atomic_free_at_ = start + cycles;
  return atomic_free_at_;
}

// A request whose reply is due: writes evicted from above are not answered. `from_dram`: it
// waited for data from DRAM (a miss, a merge into a pending miss, a forward).
void L2Slice::complete(std::uint64_t slot, std::uint64_t due, bool from_dram) {
  if (slot == kPrefetchSlot) return;
  const MemRequest& request = slots_[slot];
  if (!request.writeback) {
    MemReply reply = reply_to(request);
    reply.from_dram = from_dram;
    replies_.push(Reply{due, reply_seq_++, reply});
  }
  free_slots_.push_back(slot);
  --waiting_;
}

void L2Slice::receive_from_dram(Cycle now) {
  while (from_dram_->ready()) {
    MemReply reply = from_dram_->pop();
    bytes_in_.inc(data_bytes(reply));
    if ((reply.tag & kFetchTagBit) != 0) {
      reply.addr = mapping_.decode(reply.addr).local;
      completed_.clear();
      cache_.fill(reply, now, completed_);
      for (std::uint64_t slot : completed_) {
        // An atomic that missed executes once its line is here, as a hit would.
        const bool atomic = slot != kPrefetchSlot && slots_[slot].kind == MemKind::kAtomic;
        complete(slot,
                 atomic ? execute_atomic(slots_[slot], now.value() + config_.atomic_latency)
                        : now.value(),
                 true);
      }
    } else {
      complete(reply.tag, now.value(), true);
    }
  }
}

void L2Slice::receive_from_icnt(Cycle now) {
  while (from_icnt_->ready()) {
    arrivals_.push_back(Arrival{now.value() + config_.latency, from_icnt_->pop()});
    requests_.inc();
  }
}

void L2Slice::prefetch_after(const MemRequest& miss, Cycle now) {
  const std::uint32_t line = config_.cache.line;
  for (std::uint32_t i = 1; i <= config_.prefetch_degree; ++i) {
    MemRequest p = miss;
    p.addr = miss.addr + Addr{i} * line;
    p.size = line;
    p.sectors = sectors_of(p.addr, p.addr, line);
    p.kind = MemKind::kRead;
    p.writeback = false;
    p.tag = kPrefetchSlot;
    const CacheResult r = cache_.access(p, now);
    if (r.outcome == CacheOutcome::kMiss) prefetches_.inc();
  }
}

void L2Slice::access_cache(Cycle now) {
  blocked_ = false;
  for (std::uint32_t n = 0; n < config_.accesses_per_cycle; ++n) {
    if (arrivals_.empty() || arrivals_.front().due > now.value()) return;
    if (replies_.size() >= config_.response_queue) {
      reply_stall_cycles_.inc();
      blocked_ = true;
      return;
    }
    const MemRequest& request = arrivals_.front().request;
    const std::uint64_t slot = new_slot(request);
    const MemRequest local = local_request(request, slot);
    const CacheResult r = cache_.access(local, now);
    if (r.outcome == CacheOutcome::kFailed) {
      free_slots_.push_back(slot);
      --waiting_;
      access_stall_cycles_.inc();
      blocked_ = true;
      return;
    }
    if (r.outcome == CacheOutcome::kForwarded && request.writeback) {
      // Write-backs are never answered (packet.h): nothing will come back for this slot.
      free_slots_.push_back(slot);
      --waiting_;
    }
    if (r.outcome == CacheOutcome::kHit) {
      const std::uint64_t ready = now.value() + config_.cache.hit_latency;
      complete(slot,
               request.kind == MemKind::kAtomic
                   ? execute_atomic(request, ready + config_.atomic_latency)
                   : ready,
               false);
    }
    if (r.outcome == CacheOutcome::kMiss && config_.prefetch_degree != 0) {
      prefetch_after(local, now);
    }
    arrivals_.pop_front();
  }
}

void L2Slice::send_to_dram() {
  while (cache_.has_outgoing()) {
    MemRequest out = cache_.outgoing();
    out.addr = mapping_.global(out.addr, channel_, slice_);
    if (!to_dram_->try_send(out)) return;
    cache_.pop_outgoing();
  }
}

void L2Slice::send_replies(Cycle now) {
  while (!replies_.empty() && replies_.top().due <= now.value()) {
    MemReply reply = replies_.top().reply;
    const std::uint32_t bytes = data_bytes(reply);
    if (!to_icnt_->try_send(reply)) return;
    bytes_out_.inc(bytes);
    replies_.pop();
  }
}

Wake L2Slice::tick(Cycle now) {
  receive_from_dram(now);
  receive_from_icnt(now);
  access_cache(now);
  send_to_dram();
  send_replies(now);
  return next_wake(now);
}

// A refused send needs no wake-up here: the Link wakes the sender when space frees. Refused
// cache accesses are retried every cycle, so that the reservation-failure counters are the
// same whether idle cycles are skipped or not.
Wake L2Slice::next_wake(Cycle now) const {
  if (blocked_) return Wake::next_cycle();
  const std::uint64_t t = now.value();
  std::uint64_t next = kNever;
  if (!arrivals_.empty()) next = std::min(next, std::max(arrivals_.front().due, t + 1));
  if (!replies_.empty() && replies_.top().due > t) next = std::min(next, replies_.top().due);
  return next == kNever ? Wake::on_input() : Wake::at(Cycle(next));
}

void L2Slice::invalidate_all() {
  cache_.invalidate_all();
  sim().engine().request_wake(id(), sim().now());
}

void L2Slice::host_write(Addr addr) {
  if (!config_.host_writes_allocate) return;
  if (cache_.install(mapping_.decode(addr).local, false)) host_lines_.inc();
  if (cache_.has_outgoing()) sim().engine().request_wake(id(), sim().now());
}

bool L2Slice::has_work() const {
  return !arrivals_.empty() || waiting_ != 0 || !replies_.empty() || !cache_.idle();
}

std::string L2Slice::describe_state() const {
  return fmt::format("{} arriving, {} waiting for data, {} replies queued; cache: {}",
                     arrivals_.size(), waiting_, replies_.size(), cache_.describe_state());
}

}  // namespace warpsim
