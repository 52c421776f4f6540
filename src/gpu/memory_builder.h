#pragma once

// Builds what lies behind the SMs' L1 caches (the `memory` section): either the hierarchy —
// one crossbar, memory.slices_per_channel L2 slices per DRAM channel, the DRAM channels, one
// address mapping and the shared L2 TLB — or the fixed-latency stand-in. Part of the builder:
// the only other place that creates components and wires Links.

#include <cstdint>
#include <memory>
#include <vector>

#include "mem/address_mapping.h"
#include "mem/packet.h"
#include "sim/config_node.h"
#include "sim/link.h"
#include "sim/simulation.h"

namespace warpsim {

class Crossbar;
class DramChannel;
class L2Slice;
class MemoryStub;
struct GpuClocks;

struct MemorySystem {
  std::unique_ptr<AddressMapping> mapping;
  AddressMapping::Context mapping_context;
  Crossbar* icnt = nullptr;
  std::vector<L2Slice*> slices;
  std::vector<DramChannel*> channels;
  MemoryStub* fixed = nullptr;

  // The component an SM's requests go to (the crossbar or the stand-in).
  Component& port() const;
  // Wires SM `sm`'s request and reply Links to the port.
  void connect_sm(std::uint32_t sm, Link<MemRequest>* from_sm, Link<MemReply>* to_sm) const;
};

// The address mapping of the `memory` section (memory.address_mapping over dram.channels x
// memory.slices_per_channel slices).
AddressMapping::Context address_mapping_context(const ConfigNode& resolved);
std::unique_ptr<AddressMapping> make_address_mapping(const ConfigNode& resolved,
                                                     const AddressMapping::Context& context);

// `sms` SMs will be connected afterwards with connect_sm().
std::unique_ptr<MemorySystem> build_memory(Simulation& sim, const ConfigNode& resolved,
                                           const GpuClocks& clocks, std::uint32_t sms);

}  // namespace warpsim
