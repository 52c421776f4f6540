// Hashed: the `interleaved` layout with its slice index (channel * slices_per_channel + slice)
// rotated by a hash of the address bits above it: index' = (index + h(high)) mod N for N
// slices, any N. Consecutive chunks still visit all N slices once per N chunks (streams stay
// spread), while strides that are multiples of the chunk size no longer repeat the same few
// slices: with plain modulo interleaving over N = 160 (an HBM3 part with one slice per
// pseudo-channel), a stride of 4,224 chunks meets only 5 slices, and local memory's layout
// (src/sm/local_layout.h) makes such strides. IPOLY (ipoly.cc) spreads power-of-two strides
// too but needs a power-of-two N. NVIDIA does not publish its slice hash; this is the simplest
// mapping with both properties for any N, and h is a fixed 64-bit mixer (SplitMix64's
// finalizer), so the mapping is deterministic and the rotation invertible.

#include <cstdint>

#include "mem/address_mapping.h"
#include "mem/mapping/interleaved_layout.h"
#include "mem/mapping/mapping_util.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

// SplitMix64's output function (Steele, Lea, Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014): every input bit flips about half the output bits.
constexpr std::uint64_t mix(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

class HashedMapping final : public AddressMapping {
 public:
  HashedMapping(const ConfigNode& params, const Context& context)
      : layout_((mapping::check_context(context, params, "hashed"), context),
                params.at("interleave_bytes").as_uint()),
        slices_per_channel_(context.slices_per_channel),
        slices_(std::uint64_t{context.channels} * context.slices_per_channel) {}

  DramCoord decode(Addr addr) const override {
    const mapping::InterleavedLayout::Fields f = layout_.split(addr);
    const std::uint64_t index = std::uint64_t{f.channel} * slices_per_channel_ + f.slice;
    const std::uint64_t hashed = slices_.mod(index + rotation(f.high));
    return layout_.place(f, static_cast<std::uint32_t>(hashed / slices_per_channel_),
                         static_cast<std::uint32_t>(hashed % slices_per_channel_));
  }

  // `local` keeps the high bits, so the rotation is known and undone.
  Addr global(Addr local, std::uint32_t channel, std::uint32_t slice) const override {
    mapping::InterleavedLayout::Fields f = layout_.unplace(local, channel, slice);
    const std::uint64_t hashed = std::uint64_t{channel} * slices_per_channel_ + slice;
    const std::uint64_t index = slices_.mod(hashed + slices_.value() - rotation(f.high));
    f.channel = static_cast<std::uint32_t>(index / slices_per_channel_);
    f.slice = static_cast<std::uint32_t>(index % slices_per_channel_);
    return layout_.join(f);
  }

 private:
  std::uint64_t rotation(std::uint64_t high) const { return slices_.mod(mix(high)); }

  mapping::InterleavedLayout layout_;
  std::uint32_t slices_per_channel_;
  mapping::Divisor slices_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(AddressMapping, HashedMapping, "hashed",
                        "Interleaved, with the slice (and so the channel) index rotated by a "
                        "hash of the higher address bits; any number of slices",
                        {{.name = "interleave_bytes",
                          .type = ParamType::kSize,
                          .description = "bytes of one chunk; N consecutive chunks go to the "
                                         "N slices, in an order rotated by the bits above",
                          .default_value = "256",
                          .min = 1}});

}  // namespace warpsim
