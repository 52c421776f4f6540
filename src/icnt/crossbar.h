#pragma once

// The interconnect between the SMs and the L2 slices: a crossbar with two subnetworks,
// requests (SM -> slice, routed by the address mapping) and replies (slice -> SM, routed by
// MemReply::sm), each an input-queued switch as in GPGPU-Sim's local crossbar and Accel-Sim's
// default network (-network_mode 2, src/gpgpu-sim/local_interconnect.cc).
//
// Timing, in icnt cycles, for each subnetwork:
//  - A packet is header + data bytes (request_header_bytes + data_bytes(request): a read
//    request is 8 bytes, a 128-byte write 136; replies likewise with reply_header_bytes).
//  - Each input takes at most one packet per cycle from its Link into its input buffer
//    (input_buffer packets); while the buffer is full it leaves the Link alone, which pushes
//    back on the sender. A packet may be granted in the cycle it is taken.
//  - Each output that is free and has room in its output buffer grants, among the inputs
//    whose oldest packet is for it and whose port is free, the first at or after its
//    round-robin pointer; the pointer then moves past the winner. Only an input's oldest
//    packet can ask, so a packet for a free output waits behind one for a busy output:
//    head-of-line blocking is part of this design, as in the simulators it follows.
//  - A packet granted at cycle g holds its input and its output port for
//    F = ceil(bytes / flit_bytes) cycles (g .. g+F-1) and is in the output buffer at
//    g + F + latency; the output buffer counts it from the grant. It leaves through the
//    output Link at that cycle or, if the Link refuses, when the Link takes it (at most one
//    packet per output per cycle).
//  - L2 partitions (icnt.partitions, icnt_config.h): a packet between an SM and a slice of
//    another partition arrives far_latency cycles later (g + F + latency + far_latency), and
//    may be overtaken at its output by a near packet granted after it.
// The crossbar sleeps when it holds nothing and otherwise wakes exactly when a packet can
// arrive, leave or be granted; Links wake it for new input and freed space.
//
// Stats, per subnetwork (`request`, `reply`) and per port (`request.sm[i]` inputs,
// `request.slice[j]` outputs, and the reverse under `reply`): packets, bytes, busy_cycles,
// head-of-line stall_cycles (inputs), conflicts and blocked_cycles (outputs), latency_sum and
// avg_latency. They are counted when a packet is granted (busy, stall, conflicts) or delivered
// (packets and bytes of outputs and subnetworks, latency, blocked), never per idle cycle, so
// they are the same with and without idle skipping.

#include <cstdint>
#include <functional>
#include <string>

#include "icnt/icnt_config.h"
#include "icnt/subnetwork.h"
#include "mem/packet.h"
#include "sim/component.h"
#include "sim/link.h"

namespace warpsim {

class Crossbar : public Component {
 public:
  // `slice_of` gives the GPU-wide L2 slice (0..slices-1) of a request's address.
  Crossbar(Simulation& sim, std::string path, ClockDomainId clock, const CrossbarConfig& config,
           std::uint32_t sms, std::uint32_t slices, std::function<std::uint32_t(Addr)> slice_of);

  void connect_sm(std::uint32_t sm, Link<MemRequest>* from_sm, Link<MemReply>* to_sm);
  void connect_slice(std::uint32_t slice, Link<MemRequest>* to_slice, Link<MemReply>* from_slice);

  Wake tick(Cycle now) override;
  bool has_work() const override { return requests_.has_work() || replies_.has_work(); }
  std::string describe_state() const override;

  // Bytes of the packets carrying `request` and `reply` (header + data).
  std::uint32_t packet_bytes(const MemRequest& request) const {
    return requests_.packet_bytes(request);
  }
  std::uint32_t packet_bytes(const MemReply& reply) const { return replies_.packet_bytes(reply); }

 private:
  std::function<std::uint32_t(Addr)> slice_of_;
  Subnetwork<MemRequest> requests_;
  Subnetwork<MemReply> replies_;
};

}  // namespace warpsim
