#pragma once

// Pieces the address-mapping plug-ins share: validation of the Context, division by a
// constant that becomes a shift for powers of two, bit-field gathering, and the bank-group
// convention.

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "mem/address_mapping.h"
#include "sim/config_node.h"

namespace warpsim::mapping {

constexpr bool is_pow2(std::uint64_t x) { return x != 0 && (x & (x - 1)) == 0; }
constexpr std::uint32_t log2_exact(std::uint64_t x) {
  return static_cast<std::uint32_t>(std::countr_zero(x));
}

// Throws ConfigError (located at `params`) unless the memory system is well formed.
void check_context(const AddressMapping::Context& context, const ConfigNode& params,
                   const std::string& mapping_name);

// Bank group of a bank: its low bits, so that consecutive banks are in different groups, as
// Accel-Sim's GDDR5 and HBM configs choose (-dram_bnkgrp_indexing_policy 1, "lower bits").
constexpr std::uint32_t bank_group_of(std::uint32_t bank, std::uint32_t bank_groups) {
  return bank % bank_groups;
}

// x / d and x % d for a fixed d >= 1, by shifting when d is a power of two.
class Divisor {
 public:
  explicit Divisor(std::uint64_t d = 1) : d_(d), shift_(is_pow2(d) ? log2_exact(d) : kNoShift) {}
  std::uint64_t value() const { return d_; }
  std::uint64_t div(std::uint64_t x) const { return shift_ != kNoShift ? x >> shift_ : x / d_; }
  std::uint64_t mod(std::uint64_t x) const { return shift_ != kNoShift ? x & (d_ - 1) : x % d_; }

 private:
  static constexpr std::uint32_t kNoShift = 64;
  std::uint64_t d_;
  std::uint32_t shift_;
};

// Gathers the bits of an address that a mask selects into a contiguous value, lowest selected
// bit first (GPGPU-Sim's packbits), and scatters them back; one shift-and-mask per run of
// adjacent mask bits.
class BitGather {
 public:
  BitGather() = default;
  explicit BitGather(std::uint64_t mask);
  std::uint64_t mask() const { return mask_; }
  std::uint32_t width() const { return static_cast<std::uint32_t>(std::popcount(mask_)); }
  std::uint64_t operator()(std::uint64_t addr) const {
    std::uint64_t out = 0;
    for (const Run& r : runs_) out |= ((addr >> r.from) & r.bits) << r.to;
    return out;
  }
  // The inverse: puts the low width() bits of `value` back at the mask's positions.
  std::uint64_t scatter(std::uint64_t value) const {
    std::uint64_t out = 0;
    for (const Run& r : runs_) out |= ((value >> r.to) & r.bits) << r.from;
    return out;
  }

 private:
  struct Run {
    std::uint32_t from;  // lowest address bit of the run
    std::uint32_t to;    // where it lands in the result
    std::uint64_t bits;  // (1 << length) - 1
  };
  std::uint64_t mask_ = 0;
  std::vector<Run> runs_;
};

}  // namespace warpsim::mapping
