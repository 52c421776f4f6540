// Bit string: GPGPU-Sim's explicit address mapping (-gpgpu_mem_addr_mapping, decoded as in
// its src/gpgpu-sim/addrdec.cc). 64 letters, bit 63 first ('.', '|' and ' ' only separate):
// D channel, B bank, R row, C column, S burst (a column bit too), 0 unused. "dramid@N;"
// instead of D letters puts the channel at bit N: with a power-of-two channel count every
// letter at or above N moves up by log2(channels); otherwise channel = (addr >> N) % channels
// and the letters apply to ((addr >> N) / channels) << N | addr % 2^N. As in GPGPU-Sim,
// addresses that differ only in 0 bits share their DRAM coordinates (not their L2 `local`).

#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "mem/address_mapping.h"
#include "mem/mapping/mapping_util.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

struct Masks {
  bool dramid = false;
  std::uint32_t dramid_bit = 0;
  std::uint64_t channel = 0;
  std::uint64_t bank = 0;
  std::uint64_t row = 0;
  std::uint64_t column = 0;  // C and S
};

Masks parse_mapping(const ConfigNode& node) {
  const std::string text = node.as_string();
  Masks m;
  std::string::size_type start = 0;
  if (text.rfind("dramid@", 0) == 0) {
    const std::string::size_type semicolon = text.find(';');
    const std::string number =
        text.substr(7, semicolon == std::string::npos ? std::string::npos : semicolon - 7);
    std::uint64_t bit = 0;
    if (semicolon == std::string::npos || !parse_uint_text(number, &bit) || bit > 63) {
      throw node.error("bit_string mapping: expected 'dramid@<bit 0..63>;<64 letters>'");
    }
    m.dramid = true;
    m.dramid_bit = static_cast<std::uint32_t>(bit);
    start = semicolon + 1;
  }
  int bit = 63;
  for (std::string::size_type i = start; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.' || c == '|' || c == ' ') continue;
    if (bit < 0) throw node.error("bit_string mapping: more than 64 bit letters");
    const std::uint64_t b = std::uint64_t{1} << bit;
    switch (c) {
      case 'D':
      case 'd':
        m.channel |= b;
        break;
      case 'B':
      case 'b':
        m.bank |= b;
        break;
      case 'R':
      case 'r':
        m.row |= b;
        break;
      case 'C':
      case 'c':
      case 'S':
      case 's':
        m.column |= b;
        break;
      case '0':
        break;
      default:
        throw node.error(fmt::format(
            "bit_string mapping: '{}' is not one of D B R C S 0 (or the separators . | space)", c));
    }
    --bit;
  }
  if (bit != -1) {
    throw node.error(fmt::format("bit_string mapping: {} bit letters, expected 64", 63 - bit));
  }
  if (m.dramid && m.channel != 0) {
    throw node.error("bit_string mapping: D letters cannot be combined with dramid@");
  }
  return m;
}

// Inserts `width` zero bits at bit `at` of every mask bit at or above it.
std::uint64_t open_gap(std::uint64_t mask, std::uint32_t at, std::uint32_t width,
                       const ConfigNode& node) {
  const std::uint64_t low = at == 0 ? 0 : mask & (~std::uint64_t{0} >> (64 - at));
  const std::uint64_t high = mask & ~low;
  if (width != 0 && (high >> (64 - width)) != 0) {
    throw node.error("bit_string mapping: dramid@ pushes mapped bits above bit 63");
  }
  return low | (high << width);
}

class BitStringMapping final : public AddressMapping {
 public:
  BitStringMapping(const ConfigNode& params, const Context& context)
      : channels_(context.channels),
        slices_(context.slices_per_channel),
        bank_groups_(context.bank_groups) {
    mapping::check_context(context, params, "bit_string");
    const ConfigNode& node = params.at("mapping");
    Masks m = parse_mapping(node);
    const bool pow2 = mapping::is_pow2(context.channels);
    const std::uint32_t channel_bits = pow2 ? mapping::log2_exact(context.channels) : 0;
    if (m.dramid && pow2) {
      m.bank = open_gap(m.bank, m.dramid_bit, channel_bits, node);
      m.row = open_gap(m.row, m.dramid_bit, channel_bits, node);
      m.column = open_gap(m.column, m.dramid_bit, channel_bits, node);
      m.channel = channel_bits == 0 ? 0 : ((std::uint64_t{1} << channel_bits) - 1) << m.dramid_bit;
    }
    modulo_ = m.dramid && !pow2;
    dramid_bit_ = m.dramid_bit;
    check(m, context, node, pow2, channel_bits);
    channel_ = mapping::BitGather(m.channel);
    bank_ = mapping::BitGather(m.bank);
    row_ = mapping::BitGather(m.row);
    column_ = mapping::BitGather(m.column);
    // The slice is the low bank bits (GPGPU-Sim's sub-partition); the L2 sees the address
    // without the channel bits and those bank bits.
    std::uint64_t slice_mask = 0;
    std::uint64_t bank_bits = m.bank;
    for (std::uint32_t i = 0; i < mapping::log2_exact(context.slices_per_channel); ++i) {
      slice_mask |= bank_bits & (~bank_bits + 1);
      bank_bits &= bank_bits - 1;
    }
    local_ = mapping::BitGather(~(m.channel | slice_mask));
    slice_ = mapping::BitGather(slice_mask);
  }

  DramCoord decode(Addr addr) const override {
    std::uint32_t channel = 0;
    Addr rest = addr;
    if (modulo_) {
      const std::uint64_t above = addr >> dramid_bit_;
      const std::uint64_t low =
          dramid_bit_ == 0 ? 0 : addr & ((std::uint64_t{1} << dramid_bit_) - 1);
      channel = static_cast<std::uint32_t>(above % channels_);
      rest = ((above / channels_) << dramid_bit_) | low;
    } else {
      channel = static_cast<std::uint32_t>(channel_(addr));
    }
    const auto bank = static_cast<std::uint32_t>(bank_(rest));
    return DramCoord{.channel = channel,
                     .slice = bank & (slices_ - 1),
                     .bank_group = mapping::bank_group_of(bank, bank_groups_),
                     .bank = bank,
                     .row = row_(rest),
                     .column = static_cast<std::uint32_t>(column_(rest)),
                     .local = local_(rest)};
  }

  Addr global(Addr local, std::uint32_t channel, std::uint32_t slice) const override {
    const Addr rest = local_.scatter(local) | slice_.scatter(slice);
    if (!modulo_) return rest | channel_.scatter(channel);
    const std::uint64_t low = dramid_bit_ == 0 ? 0 : rest & ((std::uint64_t{1} << dramid_bit_) - 1);
    return (((rest >> dramid_bit_) * channels_ + channel) << dramid_bit_) | low;
  }

 private:
  void check(const Masks& m, const Context& context, const ConfigNode& node, bool pow2,
             std::uint32_t channel_bits) const {
    auto fail = [&node](const std::string& message) {
      return node.error("bit_string mapping: " + message);
    };
    if (!m.dramid) {
      if (!pow2) throw fail("a channel count that is not a power of two needs dramid@");
      if (std::popcount(m.channel) != static_cast<int>(channel_bits)) {
        throw fail(
            fmt::format("{} D bits for {} channels", std::popcount(m.channel), context.channels));
      }
    }
    if (std::popcount(m.bank) != static_cast<int>(mapping::log2_exact(context.banks))) {
      throw fail(fmt::format("{} B bits for {} banks", std::popcount(m.bank), context.banks));
    }
    const int column_bits = std::popcount(m.column);
    if (column_bits >= 32 || (std::uint64_t{1} << column_bits) != context.row_bytes) {
      throw fail(fmt::format("{} C and S bits do not make rows of {} bytes", column_bits,
                             context.row_bytes));
    }
    if (!mapping::is_pow2(context.slices_per_channel) ||
        context.slices_per_channel > context.banks) {
      throw fail(fmt::format(
          "the slice is the low bank bits: slices per channel ({}) must be a power of two no "
          "larger than the banks ({})",
          context.slices_per_channel, context.banks));
    }
  }

  std::uint32_t channels_;
  std::uint32_t slices_;
  std::uint32_t bank_groups_;
  bool modulo_ = false;
  std::uint32_t dramid_bit_ = 0;
  mapping::BitGather channel_;
  mapping::BitGather bank_;
  mapping::BitGather row_;
  mapping::BitGather column_;
  mapping::BitGather local_;
  mapping::BitGather slice_;  // the low bank bits
};

}  // namespace

WARPSIM_REGISTER_POLICY(
    AddressMapping, BitStringMapping, "bit_string",
    "GPGPU-Sim's explicit mapping string (-gpgpu_mem_addr_mapping); the slice is the low bank "
    "bits",
    {{.name = "mapping",
      .type = ParamType::kString,
      .description = "[dramid@<bit>;]<64 of D B R C S 0, bit 63 first>, e.g. GPGPU-Sim's "
                     "GTX480: dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR."
                     "RBBBCCCC.BCCSSSSS"}});

}  // namespace warpsim
