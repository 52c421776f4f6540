#pragma once

// One direction of the crossbar (requests SM -> slice, or replies slice -> SM): an
// input-queued switch. See crossbar.h for the timing model; this class implements it for one
// message type and keeps its statistics.

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "icnt/icnt_config.h"
#include "icnt/ring.h"
#include "sim/link.h"
#include "sim/stats.h"

namespace warpsim {

template <class Msg>
class Subnetwork {
 public:
  // The output port a message is for.
  using Route = std::function<std::uint32_t(const Msg&)>;
  static constexpr std::uint64_t kNoWake = std::numeric_limits<std::uint64_t>::max();

  // Stats go under `group`; ports are named `in_name[i]` and `out_name[o]` ("sm[3]").
  Subnetwork(StatGroup& group, const std::string& in_name, const std::string& out_name,
             std::uint32_t inputs, std::uint32_t outputs, const CrossbarConfig& config,
             std::uint32_t header_bytes, Route route);

  void connect_input(std::uint32_t port, Link<Msg>* link);
  void connect_output(std::uint32_t port, Link<Msg>* link);

  // Runs cycle `now`: sends from the output buffers, takes packets from the input links,
  // arbitrates. Returns the next cycle at which something can happen without new input
  // (kNoWake: only a Link can wake it).
  std::uint64_t step(std::uint64_t now);

  bool has_work() const { return buffered_ != 0; }
  std::string describe_state() const;

  // Bytes of the packet carrying `msg`.
  std::uint32_t packet_bytes(const Msg& msg) const;

 private:
  struct InEntry {
    Msg msg{};
    std::uint64_t entered = 0;  // cycle it was taken from the input link
    std::uint32_t out = 0;
    std::uint32_t bytes = 0;
  };
  struct OutEntry {
    Msg msg{};
    std::uint64_t entered = 0;
    std::uint64_t arrive = 0;  // cycle it is in the output buffer and may leave
    std::uint32_t bytes = 0;
  };
  struct Input {
    Input(StatGroup& group, std::uint32_t capacity);
    Link<Msg>* link = nullptr;
    Ring<InEntry> buffer;
    std::uint64_t free_at = 0;  // first cycle the port is not serializing a packet
    std::uint64_t last_pop = kNoWake;
    bool active = false;  // listed in active_inputs_
    Counter& packets;
    Counter& bytes;
    Counter& busy_cycles;
    Counter& stall_cycles;
  };
  struct Output {
    Output(StatGroup& group, std::uint32_t capacity);
    Link<Msg>* link = nullptr;
    Ring<OutEntry> fifo;  // crossing and arrived packets, in order of arrival (then of grant)
    std::uint64_t free_at = 0;
    std::uint64_t last_sent = kNoWake;
    std::uint32_t next = 0;  // round robin: the input with the highest priority
    bool active = false;     // listed in active_outputs_
    // This cycle's arbitration: contenders seen and the one closest after `next`.
    std::uint32_t contenders = 0;
    std::uint32_t best = 0;
    std::uint32_t best_distance = 0;
    Counter& packets;
    Counter& bytes;
    Counter& busy_cycles;
    Counter& conflicts;
    Counter& blocked_cycles;
    Counter& latency_sum;
  };

  void send_outputs(std::uint64_t now);
  void fill(std::uint32_t port, std::uint64_t now);
  void arbitrate(std::uint64_t now);
  void grant(std::uint32_t out_port, std::uint64_t now);
  std::uint64_t next_wake(std::uint64_t now) const;

  // Cycles from grant to arrival beyond serialization: latency_, plus far_latency_ between
  // partitions.
  std::uint64_t crossing(std::uint32_t in, std::uint32_t out) const {
    return in_partition_[in] == out_partition_[out] ? latency_ : latency_ + far_latency_;
  }

  std::uint32_t flit_bytes_;
  std::uint32_t latency_;
  std::uint32_t far_latency_;
  std::vector<std::uint8_t> in_partition_;
  std::vector<std::uint8_t> out_partition_;
  std::uint32_t header_bytes_;
  Route route_;
  std::vector<Input> inputs_;
  std::vector<Output> outputs_;
  std::vector<std::uint32_t> active_inputs_;   // inputs holding packets
  std::vector<std::uint32_t> active_outputs_;  // outputs holding packets
  std::vector<std::uint32_t> contested_;       // outputs with contenders this cycle
  std::uint64_t buffered_ = 0;
  Counter& packets_;
  Counter& bytes_;
  Counter& latency_sum_;
  Counter& stall_cycles_;
  Counter& conflicts_;
  Counter& blocked_cycles_;
  Counter& far_packets_;
};

}  // namespace warpsim
