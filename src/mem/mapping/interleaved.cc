// Interleaved: consecutive interleave_bytes chunks go to consecutive channels, then to
// consecutive slices of a channel; inside a channel, row-sized pieces go to consecutive banks.
// The linear partition interleaving of GPGPU-Sim's -gpgpu_memory_partition_indexing 0
// (CONSECUTIVE) with the chunk size of its dramid@8 mappings (256 bytes). The exact layout is
// in interleaved_layout.h.

#include <cstdint>

#include "mem/address_mapping.h"
#include "mem/mapping/interleaved_layout.h"
#include "mem/mapping/mapping_util.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class InterleavedMapping final : public AddressMapping {
 public:
  InterleavedMapping(const ConfigNode& params, const Context& context)
      : layout_((mapping::check_context(context, params, "interleaved"), context),
                params.at("interleave_bytes").as_uint()) {}

  DramCoord decode(Addr addr) const override {
    const mapping::InterleavedLayout::Fields f = layout_.split(addr);
    return layout_.place(f, f.channel, f.slice);
  }
  Addr global(Addr local, std::uint32_t channel, std::uint32_t slice) const override {
    return layout_.join(layout_.unplace(local, channel, slice));
  }

 private:
  mapping::InterleavedLayout layout_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(AddressMapping, InterleavedMapping, "interleaved",
                        "Channel every interleave_bytes, then slice within the channel; column, "
                        "bank and row from the channel-local address",
                        {{.name = "interleave_bytes",
                          .type = ParamType::kSize,
                          .description = "bytes sent to one channel (and slice) before the next",
                          .default_value = "256",
                          .min = 1}});

}  // namespace warpsim
