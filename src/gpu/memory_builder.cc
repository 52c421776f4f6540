#include "gpu/memory_builder.h"

#include <string>

#include "cache/l2_slice.h"
#include "dram/dram_channel.h"
#include "dram/dram_config.h"
#include "gpu/builder.h"
#include "gpu/memory_stub.h"
#include "icnt/crossbar.h"
#include "icnt/icnt_config.h"
#include "sim/registry.h"

namespace warpsim {

namespace {

std::uint32_t u32(const ConfigNode& node, const char* key) {
  return static_cast<std::uint32_t>(node.at(key).as_uint());
}

std::string indexed(const char* name, std::uint32_t i) {
  return std::string(name) + "[" + std::to_string(i) + "]";
}

void build_fixed(MemorySystem& m, Simulation& sim, const ConfigNode& mem, const GpuClocks& clocks,
                 std::uint32_t sms) {
  m.fixed = &sim.add<MemoryStub>("gpu.memory", clocks.core, sms, u32(mem, "latency"),
                                 u32(mem, "requests_per_cycle"));
}

void build_hierarchy(MemorySystem& m, Simulation& sim, const ConfigNode& resolved,
                     const GpuClocks& clocks, std::uint32_t sms) {
  const ConfigNode& dram_node = resolved.at("dram");
  const ConfigNode& l2_node = resolved.at("l2");
  const AddressMapping::Context& ctx = m.mapping_context = address_mapping_context(resolved);
  m.mapping = make_address_mapping(resolved, ctx);
  const std::uint32_t slices = ctx.channels * ctx.slices_per_channel;

  const AddressMapping& mapping = *m.mapping;
  m.icnt = &sim.add<Crossbar>(
      "gpu.icnt", clocks.icnt, read_icnt_config(resolved.at("icnt")), sms, slices,
      [&mapping, ctx](Addr a) { return AddressMapping::global_slice(mapping.decode(a), ctx); });
  const L2SliceConfig l2 = read_l2_config(l2_node);
  const std::uint64_t seed = resolved.at("sim").at("seed").as_uint();
  for (std::uint32_t s = 0; s < slices; ++s) {
    m.slices.push_back(&sim.add<L2Slice>("gpu." + indexed("l2", s), clocks.l2, l2, l2_node, mapping,
                                         s / ctx.slices_per_channel, s % ctx.slices_per_channel,
                                         seed * 1000003 + s));
  }
  const DramConfig dram = read_dram_config(dram_node);
  for (std::uint32_t c = 0; c < ctx.channels; ++c) {
    m.channels.push_back(&sim.add<DramChannel>("gpu." + indexed("dram", c), clocks.dram, dram,
                                               mapping, c, ctx.slices_per_channel));
  }
  const std::uint32_t to_dram_capacity = l2.dram_latency + 8;
  for (std::uint32_t s = 0; s < slices; ++s) {
    L2Slice& slice = *m.slices[s];
    DramChannel& channel = *m.channels[s / ctx.slices_per_channel];
    auto& req =
        sim.connect<MemRequest>(indexed("icnt_to_l2", s), *m.icnt, slice, LinkParams{4, 1, 1});
    auto& rep =
        sim.connect<MemReply>(indexed("l2_to_icnt", s), slice, *m.icnt, LinkParams{4, 1, 1});
    auto& to_dram = sim.connect<MemRequest>(
        indexed("l2_to_dram", s), slice, channel,
        LinkParams{to_dram_capacity, std::max<std::uint32_t>(l2.dram_latency, 1), 1});
    auto& from_dram =
        sim.connect<MemReply>(indexed("dram_to_l2", s), channel, slice, LinkParams{4, 1, 1});
    m.icnt->connect_slice(s, &req, &rep);
    slice.connect(&req, &rep, &to_dram, &from_dram);
    channel.connect(s % ctx.slices_per_channel, &to_dram, &from_dram);
  }
}

}  // namespace

AddressMapping::Context address_mapping_context(const ConfigNode& resolved) {
  const ConfigNode& dram = resolved.at("dram");
  AddressMapping::Context ctx;
  ctx.channels = u32(dram, "channels");
  ctx.slices_per_channel = u32(resolved.at("memory"), "slices_per_channel");
  ctx.banks = u32(dram, "banks");
  ctx.bank_groups = u32(dram, "bank_groups");
  ctx.row_bytes = u32(dram, "row_bytes");
  return ctx;
}

std::unique_ptr<AddressMapping> make_address_mapping(const ConfigNode& resolved,
                                                     const AddressMapping::Context& context) {
  return PolicyRegistry::global().create<AddressMapping>(
      resolved.at("memory").at("address_mapping"), context);
}

Component& MemorySystem::port() const {
  if (fixed != nullptr) return *fixed;
  return *icnt;
}

void MemorySystem::connect_sm(std::uint32_t sm, Link<MemRequest>* from_sm,
                              Link<MemReply>* to_sm) const {
  if (fixed != nullptr) {
    fixed->connect(sm, from_sm, to_sm);
  } else {
    icnt->connect_sm(sm, from_sm, to_sm);
  }
}

std::unique_ptr<MemorySystem> build_memory(Simulation& sim, const ConfigNode& resolved,
                                           const GpuClocks& clocks, std::uint32_t sms) {
  auto m = std::make_unique<MemorySystem>();
  const ConfigNode& mem = resolved.at("memory");
  if (mem.at("model").as_string() == "fixed") {
    build_fixed(*m, sim, mem, clocks, sms);
  } else {
    build_hierarchy(*m, sim, resolved, clocks, sms);
  }
  return m;
}

}  // namespace warpsim
