#include "icnt/icnt_config.h"

#include <optional>
#include <string>
#include <utility>

namespace warpsim {

namespace {

std::uint32_t u32(const ConfigNode& node, std::string_view key) {
  return static_cast<std::uint32_t>(node.at(key).as_uint());
}

}  // namespace

SectionSpec icnt_section() {
  return SectionSpec{
      .name = "icnt",
      .description =
          "Crossbar between the SMs and the L2 slices: one subnetwork for requests, one for "
          "replies. Input-queued: each output grants one input at a time, round robin among "
          "the inputs whose oldest packet is for it; a packet holds both ports for "
          "ceil(bytes / flit_bytes) cycles and reaches the output buffer `latency` cycles "
          "after its last flit.",
      .params = {
          uint_param("flit_bytes",
                     "bytes a port moves per icnt cycle (GPGPU-Sim GTX480: 32; Accel-Sim "
                     "QV100: 40)",
                     "32", 1),
          uint_param("latency",
                     "icnt cycles from a packet's last flit leaving its input to its arrival in "
                     "the output buffer",
                     "8", 0, 1'000'000),
          uint_param("input_buffer",
                     "packets an input port holds; when full it stops taking packets from its "
                     "link (back-pressure)",
                     "8", 1, 1'000'000),
          uint_param("output_buffer",
                     "packets an output port holds, those still crossing included; at least "
                     "latency + 1 keeps an output busy with one-flit packets",
                     "16", 1, 1'000'000),
          uint_param("request_header_bytes",
                     "bytes of every request packet besides the data a write carries", "8", 0,
                     4096),
          uint_param("reply_header_bytes",
                     "bytes of every reply packet besides the data a read returns", "8", 0, 4096),
          uint_param("partitions",
                     "L2 partitions: SMs and slices split into this many equal contiguous "
                     "groups (SM i in group i x partitions / SMs, slice j in j x partitions / "
                     "slices); 1 = one crossbar, every slice equally near",
                     "1", 1, 64),
          uint_param("far_latency",
                     "icnt cycles a packet between an SM and a slice of another partition takes "
                     "beyond `latency`, each way (H100: far L2 hits 34 cycles slower)",
                     "0", 0, 1'000'000)}};
}

CrossbarConfig read_icnt_config(const ConfigNode& icnt) {
  CrossbarConfig c;
  c.flit_bytes = u32(icnt, "flit_bytes");
  c.latency = u32(icnt, "latency");
  c.input_buffer = u32(icnt, "input_buffer");
  c.output_buffer = u32(icnt, "output_buffer");
  c.request_header_bytes = u32(icnt, "request_header_bytes");
  c.reply_header_bytes = u32(icnt, "reply_header_bytes");
  c.partitions = u32(icnt, "partitions");
  c.far_latency = u32(icnt, "far_latency");
  return c;
}

}  // namespace warpsim
