#pragma once

// Checks shared by the address-mapping tests: a table of hand-computed decodings,
// reachability of every channel, slice, bank and bank group, uniqueness of the coordinates,
// global() as decode's inverse, and purity.

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "mem/address_mapping.h"
#include "sim/config_node.h"
#include "sim/registry.h"

namespace warpsim::test {

using Context = AddressMapping::Context;

inline std::string fmt_hex(Addr a) { return fmt::format("{:x}", a); }

inline std::unique_ptr<AddressMapping> make(const std::string& slot_yaml, const Context& context) {
  return PolicyRegistry::global().create<AddressMapping>(
      ConfigNode::parse_string(slot_yaml, "test.yaml"), context);
}

struct Row {
  Addr addr;
  DramCoord want;
};

inline void expect_table(const AddressMapping& m, const std::vector<Row>& rows) {
  for (const Row& r : rows) {
    const DramCoord c = m.decode(r.addr);
    const std::string at = "address 0x" + fmt_hex(r.addr);
    EXPECT_EQ(c.channel, r.want.channel) << at;
    EXPECT_EQ(c.slice, r.want.slice) << at;
    EXPECT_EQ(c.bank, r.want.bank) << at;
    EXPECT_EQ(c.bank_group, r.want.bank_group) << at;
    EXPECT_EQ(c.row, r.want.row) << at;
    EXPECT_EQ(c.column, r.want.column) << at;
    EXPECT_EQ(c.local, r.want.local) << at;
  }
}

// DramCoord{channel, slice, bank_group, bank, row, column, local}
inline DramCoord coord(std::uint32_t channel, std::uint32_t slice, std::uint32_t bank_group,
                       std::uint32_t bank, std::uint64_t row, std::uint32_t column, Addr local) {
  return DramCoord{channel, slice, bank_group, bank, row, column, local};
}

// Over addresses base + k * step, k < count: every channel, slice, bank and bank group is
// reached; no two addresses share (channel, bank, row, column) or (global slice, local); and
// global() gives each address back from its decode.
inline void expect_complete(const AddressMapping& m, const Context& ctx, Addr base, Addr step,
                            std::uint64_t count) {
  std::set<std::uint32_t> channels;
  std::set<std::uint32_t> slices;
  std::set<std::pair<std::uint32_t, std::uint32_t>> banks;  // (channel, bank)
  std::set<std::uint32_t> groups;
  std::set<std::tuple<std::uint32_t, std::uint32_t, std::uint64_t, std::uint32_t>> dram;
  std::set<std::pair<std::uint32_t, Addr>> l2;
  for (std::uint64_t k = 0; k < count; ++k) {
    const Addr a = base + k * step;
    const DramCoord c = m.decode(a);
    ASSERT_LT(c.channel, ctx.channels);
    ASSERT_LT(c.slice, ctx.slices_per_channel);
    ASSERT_LT(c.bank, ctx.banks);
    ASSERT_LT(c.bank_group, ctx.bank_groups);
    ASSERT_LT(c.column, ctx.row_bytes);
    EXPECT_EQ(c.bank_group, c.bank % ctx.bank_groups);
    channels.insert(c.channel);
    slices.insert(AddressMapping::global_slice(c, ctx));
    banks.emplace(c.channel, c.bank);
    groups.insert(c.bank_group);
    EXPECT_TRUE(dram.emplace(c.channel, c.bank, c.row, c.column).second)
        << "DRAM coordinates of 0x" << fmt_hex(a) << " repeat";
    EXPECT_TRUE(l2.emplace(AddressMapping::global_slice(c, ctx), c.local).second)
        << "slice and local address of 0x" << fmt_hex(a) << " repeat";
    ASSERT_EQ(m.global(c.local, c.channel, c.slice), a);
  }
  EXPECT_EQ(channels.size(), ctx.channels);
  EXPECT_EQ(slices.size(), std::size_t{ctx.channels} * ctx.slices_per_channel);
  EXPECT_EQ(banks.size(), std::size_t{ctx.channels} * ctx.banks);
  EXPECT_EQ(groups.size(), ctx.bank_groups);
}

// decode() depends on the address alone: the same answers in any order, from any instance.
inline void expect_pure(const std::string& slot, const Context& ctx,
                        const std::vector<Addr>& addrs) {
  const auto a = make(slot, ctx);
  const auto b = make(slot, ctx);
  std::vector<DramCoord> forward;
  for (Addr x : addrs) forward.push_back(a->decode(x));
  for (std::size_t i = addrs.size(); i-- > 0;) {
    const DramCoord again = a->decode(addrs[i]);
    const DramCoord other = b->decode(addrs[i]);
    for (const DramCoord& c : {again, other}) {
      EXPECT_EQ(std::tie(c.channel, c.slice, c.bank_group, c.bank, c.row, c.column, c.local),
                std::tie(forward[i].channel, forward[i].slice, forward[i].bank_group,
                         forward[i].bank, forward[i].row, forward[i].column, forward[i].local));
    }
  }
}

}  // namespace warpsim::test
