#pragma once

// One L2 slice (GPGPU-Sim's memory sub-partition): requests from the crossbar wait `latency`
// L2 cycles (the ROP/queueing pipeline, GPGPU-Sim's l2_rop_latency), then access the slice's
// cache, up to `accesses_per_cycle` per cycle, in arrival order; a request the cache refuses
// (reservation failure) blocks the ones behind it, as in hardware's in-order access queue.
// Misses and write-backs go to the DRAM channel; replies go back to the crossbar after the hit
// latency, or when the fill arrives. Atomics execute here: a hit answers after hit latency +
// atomic_latency, and with atomic_serial_cycles > 0 an atomic unit executes the requests one
// after another, each for its serial operations (MemRequest::ops) times that many cycles. An
// optional sequential prefetcher (seed 003 reports one in Fermi's L2) fetches the next
// `prefetch_degree` lines on each demand miss. With host_writes: allocate, what the host writes
// into device memory (copies, memsets) is left in the slice as clean lines: the copy engine writes
// through the L2 to DRAM and the data stay.

#include <cstdint>
#include <deque>
#include <queue>
#include <string>
#include <vector>

#include "cache/cache.h"
#include "mem/address_mapping.h"
#include "sim/component.h"
#include "sim/link.h"
#include "sim/stats.h"

namespace warpsim {

struct L2SliceConfig {
  CacheConfig cache;
  std::uint32_t latency = 0;
  std::uint32_t accesses_per_cycle = 1;
  std::uint32_t atomic_latency = 0;
  std::uint32_t atomic_serial_cycles = 0;  // 0: atomics execute at once
  std::uint32_t response_queue = 8;
  std::uint32_t prefetch_degree = 0;
  std::uint32_t dram_latency = 0;     // L2 cycles to the DRAM controller (the builder's Link)
  bool host_writes_allocate = false;  // host_writes: allocate
};

SectionSpec l2_section();
L2SliceConfig read_l2_config(const ConfigNode& section);

class L2Slice : public Component {
 public:
  // `section` is the resolved `l2` section (the cache's policy slots are read from it).
  // `mapping` turns addresses into channel-local ones for set indexing.
  L2Slice(Simulation& sim, std::string path, ClockDomainId clock, const L2SliceConfig& config,
          const ConfigNode& section, const AddressMapping& mapping, std::uint32_t channel,
          std::uint32_t slice, std::uint64_t seed);

  void connect(Link<MemRequest>* from_icnt, Link<MemReply>* to_icnt, Link<MemRequest>* to_dram,
               Link<MemReply>* from_dram);

  Wake tick(Cycle now) override;
  bool has_work() const override;
  std::string describe_state() const override;
  // A kernel ended: cache tokens' kernel_end clear (cache.h).
  void clear_tokens() { cache_.clear_tokens(); }
  // Drops every line, writing dirty ones back (gpu.cache_control flush, between kernels).
  void invalidate_all();
  // The host wrote the line holding global address `addr` (host_writes: allocate installs it,
  // clean; bypass does nothing).
  void host_write(Addr addr);
  bool keeps_host_writes() const { return config_.host_writes_allocate; }
  std::uint32_t line_bytes() const { return config_.cache.line; }

 private:
  struct Arrival {
    std::uint64_t due = 0;
    MemRequest request;
  };
  struct Reply {
    std::uint64_t due = 0;
    std::uint64_t seq = 0;
    MemReply reply;
    bool operator>(const Reply& o) const { return due != o.due ? due > o.due : seq > o.seq; }
  };
  static constexpr std::uint64_t kPrefetchSlot = ~std::uint64_t{0} >> 2;

  void receive_from_dram(Cycle now);
  void receive_from_icnt(Cycle now);
  void access_cache(Cycle now);
  void prefetch_after(const MemRequest& miss, Cycle now);
  void send_to_dram();
  void send_replies(Cycle now);
  void complete(std::uint64_t slot, std::uint64_t due, bool from_dram);
  std::uint64_t execute_atomic(const MemRequest& request, std::uint64_t ready);
  std::uint64_t new_slot(const MemRequest& request);
  MemRequest local_request(const MemRequest& request, std::uint64_t slot) const;
  Wake next_wake(Cycle now) const;

  L2SliceConfig config_;
  const AddressMapping& mapping_;
  std::uint32_t channel_;
  std::uint32_t slice_;
  Cache cache_;
  Link<MemRequest>* from_icnt_ = nullptr;
  Link<MemReply>* to_icnt_ = nullptr;
  Link<MemRequest>* to_dram_ = nullptr;
  Link<MemReply>* from_dram_ = nullptr;
  std::deque<Arrival> arrivals_;
  std::vector<MemRequest> slots_;  // requests waiting for their reply, indexed by slot
  std::vector<std::uint64_t> free_slots_;
  std::uint64_t waiting_ = 0;  // slots in use
  std::priority_queue<Reply, std::vector<Reply>, std::greater<>> replies_;
  std::uint64_t reply_seq_ = 0;
  std::vector<std::uint64_t> completed_;
  bool blocked_ = false;              // the head access was refused this cycle
  std::uint64_t atomic_free_at_ = 0;  // first L2 cycle the atomic unit is free
  Counter& requests_;
  Counter& access_stall_cycles_;
  Counter& reply_stall_cycles_;
  Counter& prefetches_;
  Counter& bytes_in_;
  Counter& bytes_out_;
  Counter& host_lines_;
  Counter& atomic_busy_cycles_;
  Counter& atomic_wait_cycles_;
};

}  // namespace warpsim
