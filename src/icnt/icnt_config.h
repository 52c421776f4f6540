#pragma once

// Configuration of the SM <-> L2 crossbar (src/icnt/crossbar.h): the `icnt` section of the GPU
// config and the plain struct the Crossbar is built from.

#include <cstdint>

#include "sim/config_node.h"
#include "sim/schema.h"

namespace warpsim {

struct CrossbarConfig {
  // Bytes one port moves per icnt cycle: a packet of B bytes holds its input and its output
  // port for ceil(B / flit_bytes) cycles. GPGPU-Sim's GTX480 BookSim file
  // (configs/GTX480/config_fermi_islip.icnt) has flit_size = 32; Accel-Sim's SM7_QV100 has
  // -icnt_flit_size 40 (one 32-byte sector plus an 8-byte header per flit).
  std::uint32_t flit_bytes = 32;
  // Cycles from the end of a packet's serialization to its arrival in the output buffer.
  // A placeholder for presets to calibrate: neither NVIDIA nor the microbenchmark papers
  // separate the crossbar's share of the L2 hit latency (Accel-Sim's local crossbar has none
  // and puts it all in -gpgpu_l2_rop_latency).
  std::uint32_t latency = 8;
  // Packets each input port holds before it stops taking packets from its Link (GPGPU-Sim's
  // GTX480 BookSim file: vc_buf_size = 8 with one virtual channel; Accel-Sim's QV100:
  // -icnt_in_buffer_limit 512).
  std::uint32_t input_buffer = 8;
  // Packets each output port holds, counting those still crossing (the `latency` pipe), so
  // at least latency + 1 lets an output take a one-flit packet every cycle.
  std::uint32_t output_buffer = 16;
  // Header bytes added to every request and every reply (data_bytes() comes on top): seed
  // 004's 8-byte read requests and 136-byte (8 + 128) writes.
  std::uint32_t request_header_bytes = 8;
  std::uint32_t reply_header_bytes = 8;
  // L2 partitions (A100, H100: two, each serving the SMs of half the GPCs): the SMs and the
  // slices are split into `partitions` contiguous groups of equal size (SM i is in group
  // i x partitions / SMs, slice j in j x partitions / slices), and a packet between an SM and a
  // slice of different groups takes `far_latency` more cycles to cross, each way.
  std::uint32_t partitions = 1;
  std::uint32_t far_latency = 0;
};

// The `icnt` section: flit_bytes, latency, input_buffer, output_buffer, request_header_bytes,
// reply_header_bytes.
SectionSpec icnt_section();

// Reads a resolved `icnt` section (the schema has already checked every range).
CrossbarConfig read_icnt_config(const ConfigNode& icnt);

}  // namespace warpsim
