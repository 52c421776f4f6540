// IPOLY: the `interleaved` layout with its slice index (channel * slices_per_channel + slice)
// XORed with a hash of the address bits above it, so that power-of-two strides spread over
// every slice. Rau, "Pseudo-randomly interleaved memory", ISCA 1991: the index is the address
// polynomial modulo an irreducible polynomial over GF(2). This is Accel-Sim's
// -gpgpu_memory_partition_indexing 2 (its Volta and later configs), whose tables for 16, 32
// and 64 slices are this residue for x^4+x+1, x^5+x^2+1 and x^6+x+1 over 13, 15 and 19 bits.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "mem/address_mapping.h"
#include "mem/mapping/interleaved_layout.h"
#include "mem/mapping/mapping_util.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

// A primitive (so irreducible) polynomial of each degree 1..10, bit i = coefficient of x^i,
// from the standard tables (Peterson & Weldon, "Error-Correcting Codes", appendix C).
constexpr std::array<std::uint32_t, 11> kPolynomial = {0,    // degree 0: one slice, nothing to hash
                                                       0x3,  // x + 1
                                                       0x7,  // x^2 + x + 1
                                                       0xb,  // x^3 + x + 1
                                                       0x13,    // x^4 + x + 1
                                                       0x25,    // x^5 + x^2 + 1
                                                       0x43,    // x^6 + x + 1
                                                       0x83,    // x^7 + x + 1
                                                       0x11d,   // x^8 + x^4 + x^3 + x^2 + 1
                                                       0x211,   // x^9 + x^4 + 1
                                                       0x409};  // x^10 + x^3 + 1

class IpolyMapping final : public AddressMapping {
 public:
  IpolyMapping(const ConfigNode& params, const Context& context)
      : layout_((mapping::check_context(context, params, "ipoly"), context),
                params.at("interleave_bytes").as_uint()),
        slices_per_channel_(context.slices_per_channel),
        xor_(params.at("hash").as_string() == "xor") {
    const std::uint64_t total = std::uint64_t{context.channels} * context.slices_per_channel;
    if (!mapping::is_pow2(total)) {
      throw params.error(fmt::format(
          "ipoly mapping: channels x slices per channel must be a power of two, got {} x {}",
          context.channels, context.slices_per_channel));
    }
    degree_ = mapping::log2_exact(total);
    if (!xor_ && degree_ >= kPolynomial.size()) {
      throw params.error(fmt::format("ipoly mapping: at most {} slices, got {}",
                                     1u << (kPolynomial.size() - 1), total));
    }
    const std::uint64_t bits = params.at("hash_bits").as_uint();
    hash_mask_ = bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
    if (!xor_) build_table();
  }

  DramCoord decode(Addr addr) const override {
    const mapping::InterleavedLayout::Fields f = layout_.split(addr);
    const std::uint64_t index = std::uint64_t{f.channel} * slices_per_channel_ + f.slice;
    const std::uint64_t hashed = index ^ hash(f.high & hash_mask_);
    return layout_.place(f, static_cast<std::uint32_t>(hashed / slices_per_channel_),
                         static_cast<std::uint32_t>(hashed % slices_per_channel_));
  }

  // XOR is its own inverse: the high bits, which `local` keeps, give the same hash back.
  Addr global(Addr local, std::uint32_t channel, std::uint32_t slice) const override {
    mapping::InterleavedLayout::Fields f = layout_.unplace(local, channel, slice);
    const std::uint64_t hashed = std::uint64_t{channel} * slices_per_channel_ + slice;
    const std::uint64_t index = hashed ^ hash(f.high & hash_mask_);
    f.channel = static_cast<std::uint32_t>(index / slices_per_channel_);
    f.slice = static_cast<std::uint32_t>(index % slices_per_channel_);
    return layout_.join(f);
  }

 private:
  // residue_[i] = x^(degree + i) mod P: where bit i of the high part lands in the index.
  void build_table() {
    const std::uint64_t poly = kPolynomial[degree_];
    const std::uint64_t top = std::uint64_t{1} << degree_;
    std::uint64_t r = degree_ == 0 ? 0 : poly ^ top;  // x^degree mod P
    for (std::uint64_t& entry : residue_) {
      entry = r;
      r <<= 1;
      if ((r & top) != 0) r ^= poly;
    }
  }

  std::uint64_t hash(std::uint64_t high) const {
    if (xor_) return high & ((std::uint64_t{1} << degree_) - 1);
    std::uint64_t out = 0;
    while (high != 0) {
      out ^= residue_[static_cast<std::size_t>(std::countr_zero(high))];
      high &= high - 1;
    }
    return out;
  }

  mapping::InterleavedLayout layout_;
  std::uint32_t slices_per_channel_;
  bool xor_;
  std::uint32_t degree_ = 0;
  std::uint64_t hash_mask_ = 0;
  std::array<std::uint64_t, 64> residue_{};
};

}  // namespace

WARPSIM_REGISTER_POLICY(
    AddressMapping, IpolyMapping, "ipoly",
    "Interleaved, with the slice (and so the channel) index hashed with the higher address "
    "bits: an irreducible-polynomial residue (Accel-Sim's IPOLY) or a plain XOR",
    {{.name = "interleave_bytes",
      .type = ParamType::kSize,
      .description = "bytes of one chunk; the slice index comes from the bits above it",
      .default_value = "256",
      .min = 1},
     {.name = "hash",
      .type = ParamType::kString,
      .description = "ipoly: residue modulo a degree-log2(slices) irreducible polynomial; xor: "
                     "XOR with the next log2(slices) bits (GPGPU-Sim's bitwise permutation)",
      .default_value = "ipoly",
      .choices = {"ipoly", "xor"}},
     {.name = "hash_bits",
      .type = ParamType::kUint,
      .description = "how many of the bits above the slice index feed the hash (Accel-Sim's "
                     "tables: 13, 15, 19 for 16, 32, 64 slices)",
      .default_value = "64",
      .min = 0,
      .max = 64}});

}  // namespace warpsim
