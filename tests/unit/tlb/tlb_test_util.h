#pragma once

// TLB configs from YAML text, resolved the way the GPU schema will resolve them (the `tlb`
// section under a root, so errors carry the full key path, tlb.l2.set_ways), and a small GPU's
// worth of translation objects.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/config_node.h"
#include "sim/registry.h"
#include "sim/schema.h"
#include "sim/stats.h"
#include "tlb/tlb.h"
#include "tlb/tlb_config.h"

namespace warpsim::test {

inline ConfigNode resolved_tlb(const std::string& yaml) {
  const SectionSpec root{.sections = {tlb_section()}};
  return resolve_config(ConfigNode::parse_string(yaml, "test.yaml"), root, PolicyRegistry::global())
      .at("tlb");
}

inline TlbConfig tlb_config(const std::string& yaml) { return read_tlb_config(resolved_tlb(yaml)); }

constexpr std::uint64_t kPage = 2u << 20;
// Device allocations start above 4 GiB; page 2048 is 0 mod 8 and mod every window used here.
constexpr Addr kBase = Addr{4} << 30;

inline Addr page_addr(std::uint64_t i) { return kBase + i * kPage; }

// A GPU's translation: one SharedTlb and `sms` TlbUnits, each with its own stat group.
struct Translation {
  explicit Translation(const std::string& yaml, std::uint32_t sms = 1)
      : config(tlb_config(yaml)), shared(config, stats.child("l2_tlb")) {
    for (std::uint32_t i = 0; i < sms; ++i) {
      units.push_back(
          std::make_unique<TlbUnit>(shared, i, stats.child("sm[" + std::to_string(i) + "]")));
    }
  }
  std::uint64_t stat(const std::string& path) const { return stats.snapshot().counter(path); }

  StatGroup stats{"gpu", nullptr};
  TlbConfig config;
  SharedTlb shared;
  std::vector<std::unique_ptr<TlbUnit>> units;
};

}  // namespace warpsim::test
