#include "icnt/subnetwork.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "mem/packet.h"

namespace warpsim {

namespace {

void add_latency_formula(StatGroup& group) {
  group.formula("avg_latency", "cycles",
                "latency_sum / packets: mean icnt cycles from entering an input buffer to "
                "leaving through the output link",
                [](const GroupValues& v) { return v["latency_sum"] / v["packets"]; });
}

}  // namespace

template <class Msg>
Subnetwork<Msg>::Input::Input(StatGroup& group, std::uint32_t capacity)
    : buffer(capacity),
      packets(group.counter("packets", "packets", "packets that crossed from this input")),
      bytes(group.counter("bytes", "bytes", "bytes of those packets, headers included")),
      busy_cycles(group.counter("busy_cycles", "cycles",
                                "cycles the input port spent serializing packets")),
      stall_cycles(group.counter(
          "stall_cycles", "cycles",
          "cycles the oldest packet waited with the input port free: its output was busy, "
          "full or granted to another input. Every packet behind it waited too "
          "(head-of-line blocking)")) {}

template <class Msg>
Subnetwork<Msg>::Output::Output(StatGroup& group, std::uint32_t capacity)
    : fifo(capacity),
      packets(group.counter("packets", "packets", "packets delivered through this output")),
      bytes(group.counter("bytes", "bytes", "bytes of those packets, headers included")),
      busy_cycles(
          group.counter("busy_cycles", "cycles", "cycles the output port spent receiving packets")),
      conflicts(group.counter("conflicts", "requests",
                              "arbitration losses: inputs that asked for this output in a cycle "
                              "in which it granted another")),
      blocked_cycles(group.counter(
          "blocked_cycles", "cycles",
          "cycles packets ready to leave waited because the output link refused them")),
      latency_sum(group.counter("latency_sum", "cycles",
                                "sum over delivered packets of the cycles from entering an "
                                "input buffer to leaving through this output")) {
  add_latency_formula(group);
}

template <class Msg>
Subnetwork<Msg>::Subnetwork(StatGroup& group, const std::string& in_name,
                            const std::string& out_name, std::uint32_t inputs,
                            std::uint32_t outputs, const CrossbarConfig& config,
                            std::uint32_t header_bytes, Route route)
    : flit_bytes_(config.flit_bytes),
      latency_(config.latency),
      far_latency_(config.far_latency),
      header_bytes_(header_bytes),
      route_(std::move(route)),
      packets_(group.counter("packets", "packets", "packets delivered")),
      bytes_(group.counter("bytes", "bytes", "bytes delivered, headers included")),
      latency_sum_(group.counter("latency_sum", "cycles",
                                 "sum over delivered packets of the cycles from entering an "
                                 "input buffer to leaving through an output")),
      stall_cycles_(
          group.counter("stall_cycles", "cycles", "head-of-line stall cycles, summed over inputs")),
      conflicts_(group.counter("conflicts", "requests", "arbitration losses, all outputs")),
      blocked_cycles_(group.counter("blocked_cycles", "cycles",
                                    "cycles ready packets waited for a refusing output link")),
      far_packets_(group.counter("far_packets", "packets",
                                 "packets granted between an SM and a slice of different L2 "
                                 "partitions (icnt.partitions), each far_latency cycles slower")) {
  if (flit_bytes_ == 0 || config.input_buffer == 0 || config.output_buffer == 0 ||
      config.partitions == 0 || config.partitions > 255) {
    throw std::invalid_argument(
        "crossbar: flit_bytes and buffer sizes must be at least 1, partitions 1 to 255");
  }
  const auto groups = [&config](std::uint32_t n) {
    std::vector<std::uint8_t> g(n);
    for (std::uint32_t i = 0; i < n; ++i) {
      g[i] = static_cast<std::uint8_t>(std::uint64_t{i} * config.partitions / n);
    }
    return g;
  };
  in_partition_ = groups(inputs);
  out_partition_ = groups(outputs);
  add_latency_formula(group);
  inputs_.reserve(inputs);
  for (std::uint32_t i = 0; i < inputs; ++i) {
    inputs_.emplace_back(group.child(fmt::format("{}[{}]", in_name, i)), config.input_buffer);
  }
  outputs_.reserve(outputs);
  for (std::uint32_t o = 0; o < outputs; ++o) {
    outputs_.emplace_back(group.child(fmt::format("{}[{}]", out_name, o)), config.output_buffer);
  }
  active_inputs_.reserve(inputs);
  active_outputs_.reserve(outputs);
  contested_.reserve(outputs);
}

template <class Msg>
void Subnetwork<Msg>::connect_input(std::uint32_t port, Link<Msg>* link) {
  inputs_.at(port).link = link;
}

template <class Msg>
void Subnetwork<Msg>::connect_output(std::uint32_t port, Link<Msg>* link) {
  outputs_.at(port).link = link;
}

template <class Msg>
std::uint32_t Subnetwork<Msg>::packet_bytes(const Msg& msg) const {
  return header_bytes_ + data_bytes(msg);
}

template <class Msg>
std::uint64_t Subnetwork<Msg>::step(std::uint64_t now) {
  send_outputs(now);
  for (std::uint32_t i = 0; i < inputs_.size(); ++i) fill(i, now);
  arbitrate(now);
  return next_wake(now);
}

// At most one packet leaves each output per cycle; the output's own bandwidth was already
// spent when the packet crossed, so this only drains packets that queued behind a refusal.
template <class Msg>
void Subnetwork<Msg>::send_outputs(std::uint64_t now) {
  bool emptied = false;
  for (std::uint32_t o : active_outputs_) {
    Output& out = outputs_[o];
    OutEntry& head = out.fifo.front();
    if (head.arrive > now || !out.link->try_send(head.msg)) continue;
    const std::uint64_t ready =
        out.last_sent == kNoWake ? head.arrive : std::max(head.arrive, out.last_sent + 1);
    out.blocked_cycles.inc(now - ready);
    blocked_cycles_.inc(now - ready);
    out.latency_sum.inc(now - head.entered);
    latency_sum_.inc(now - head.entered);
    out.packets.inc();
    packets_.inc();
    out.bytes.inc(head.bytes);
    bytes_.inc(head.bytes);
    out.last_sent = now;
    out.fifo.pop_front();
    --buffered_;
    if (out.fifo.empty()) {
      out.active = false;
      emptied = true;
    }
  }
  if (emptied) {
    std::erase_if(active_outputs_, [this](std::uint32_t o) { return !outputs_[o].active; });
  }
}

// Takes at most one packet per cycle from an input's link, while its buffer has room.
template <class Msg>
void Subnetwork<Msg>::fill(std::uint32_t port, std::uint64_t now) {
  Input& in = inputs_[port];
  if (in.last_pop == now || in.buffer.full() || in.link == nullptr || !in.link->ready()) return;
  Msg msg = in.link->pop();
  const std::uint32_t out = route_(msg);
  if (out >= outputs_.size() || outputs_[out].link == nullptr) {
    throw std::logic_error(fmt::format(
        "crossbar: a packet from input {} is for output {}, which is not connected", port, out));
  }
  const std::uint32_t bytes = packet_bytes(msg);
  in.buffer.push_back(InEntry{std::move(msg), now, out, bytes});
  in.last_pop = now;
  ++buffered_;
  if (!in.active) {
    in.active = true;
    active_inputs_.push_back(port);
  }
}

// Every free output with buffer room grants the requesting input nearest at or after its
// round-robin pointer (McKeown's iSLIP grant step with one packet queue per input, which is
// Accel-Sim's local crossbar with -icnt_arbiter_algo 1). Inputs hold one head packet, so no
// input can receive two grants and the order of the loops does not matter.
template <class Msg>
void Subnetwork<Msg>::arbitrate(std::uint64_t now) {
  const auto n = static_cast<std::uint32_t>(inputs_.size());
  for (std::uint32_t i : active_inputs_) {
    const Input& in = inputs_[i];
    if (in.free_at > now) continue;
    const std::uint32_t o = in.buffer.front().out;
    Output& out = outputs_[o];
    if (out.free_at > now || out.fifo.full()) continue;
    const std::uint32_t distance = i >= out.next ? i - out.next : i + n - out.next;
    if (out.contenders++ == 0) {
      contested_.push_back(o);
      out.best = i;
      out.best_distance = distance;
    } else if (distance < out.best_distance) {
      out.best = i;
      out.best_distance = distance;
    }
  }
  if (contested_.empty()) return;
  for (std::uint32_t o : contested_) grant(o, now);
  contested_.clear();
  std::erase_if(active_inputs_, [this](std::uint32_t i) { return !inputs_[i].active; });
}

template <class Msg>
void Subnetwork<Msg>::grant(std::uint32_t out_port, std::uint64_t now) {
  Output& out = outputs_[out_port];
  const std::uint32_t port = out.best;
  Input& in = inputs_[port];
  InEntry& head = in.buffer.front();
  const std::uint64_t flits =
      std::max<std::uint64_t>(1, (head.bytes + flit_bytes_ - 1) / flit_bytes_);
  const std::uint64_t eligible = std::max(head.entered, in.free_at);
  in.stall_cycles.inc(now - eligible);
  stall_cycles_.inc(now - eligible);
  in.packets.inc();
  in.bytes.inc(head.bytes);
  in.busy_cycles.inc(flits);
  out.busy_cycles.inc(flits);
  out.conflicts.inc(out.contenders - 1);
  conflicts_.inc(out.contenders - 1);
  out.contenders = 0;
  out.next = port + 1 == inputs_.size() ? 0 : port + 1;
  in.free_at = now + flits;
  out.free_at = now + flits;
  const std::uint64_t delay = crossing(port, out_port);
  if (delay != latency_) far_packets_.inc();
  out.fifo.push_back(OutEntry{std::move(head.msg), head.entered, now + flits + delay, head.bytes});
  // A near packet granted after a far one may arrive first: keep the FIFO in arrival order.
  for (std::uint32_t k = out.fifo.size() - 1; k > 0 && out.fifo[k - 1].arrive > out.fifo[k].arrive;
       --k) {
    std::swap(out.fifo[k - 1], out.fifo[k]);
  }
  in.buffer.pop_front();
  if (!out.active) {
    out.active = true;
    active_outputs_.push_back(out_port);
  }
  fill(port, now);  // the freed slot takes the link's next packet in the same cycle
  if (in.buffer.empty()) in.active = false;
}

// The earliest cycle at which a packet can arrive at an output, leave it, or be granted,
// given what is buffered now. Input that becomes visible on a link, and room that frees on a
// refusing output link, wake the crossbar through the Link itself.
template <class Msg>
std::uint64_t Subnetwork<Msg>::next_wake(std::uint64_t now) const {
  std::uint64_t next = kNoWake;
  for (std::uint32_t o : active_outputs_) {
    const Output& out = outputs_[o];
    const std::uint64_t arrive = out.fifo.front().arrive;
    if (arrive > now) {
      next = std::min(next, arrive);
    } else if (out.last_sent == now) {
      next = std::min(next, now + 1);  // sent one this cycle; the next is already waiting
    }
  }
  for (std::uint32_t i : active_inputs_) {
    const Input& in = inputs_[i];
    const Output& out = outputs_[in.buffer.front().out];
    if (out.fifo.full()) continue;  // waits for the output to drain: an output event
    next = std::min(next, std::max({in.free_at, out.free_at, now + 1}));
  }
  return next;
}

template <class Msg>
std::string Subnetwork<Msg>::describe_state() const {
  std::uint64_t queued = 0;
  for (std::uint32_t i : active_inputs_) queued += inputs_[i].buffer.size();
  return fmt::format("{} packets in input buffers, {} crossing or in output buffers", queued,
                     buffered_ - queued);
}

template class Subnetwork<MemRequest>;
template class Subnetwork<MemReply>;

}  // namespace warpsim
