#include "mem/mapping/interleaved_layout.h"

namespace warpsim::mapping {

InterleavedLayout::InterleavedLayout(const AddressMapping::Context& context,
                                     std::uint64_t interleave_bytes)
    : interleave_(interleave_bytes),
      channels_(context.channels),
      slices_(context.slices_per_channel),
      row_bytes_(context.row_bytes),
      banks_(context.banks),
      bank_groups_(context.bank_groups) {}

InterleavedLayout::Fields InterleavedLayout::split(Addr addr) const {
  const std::uint64_t chunk = interleave_.div(addr);
  const std::uint64_t in_channel = channels_.div(chunk);
  return Fields{.offset = interleave_.mod(addr),
                .channel = static_cast<std::uint32_t>(channels_.mod(chunk)),
                .slice = static_cast<std::uint32_t>(slices_.mod(in_channel)),
                .high = slices_.div(in_channel)};
}

DramCoord InterleavedLayout::place(const Fields& f, std::uint32_t channel,
                                   std::uint32_t slice) const {
  const std::uint64_t in_channel = f.high * slices_.value() + f.slice;
  const std::uint64_t dram = in_channel * interleave_.value() + f.offset;
  const std::uint64_t row_index = row_bytes_.div(dram);
  const auto bank = static_cast<std::uint32_t>(banks_.mod(row_index));
  return DramCoord{.channel = channel,
                   .slice = slice,
                   .bank_group = bank_group_of(bank, bank_groups_),
                   .bank = bank,
                   .row = banks_.div(row_index),
                   .column = static_cast<std::uint32_t>(row_bytes_.mod(dram)),
                   .local = f.high * interleave_.value() + f.offset};
}

InterleavedLayout::Fields InterleavedLayout::unplace(Addr local, std::uint32_t channel,
                                                     std::uint32_t slice) const {
  return Fields{.offset = interleave_.mod(local),
                .channel = channel,
                .slice = slice,
                .high = interleave_.div(local)};
}

Addr InterleavedLayout::join(const Fields& f) const {
  const std::uint64_t in_channel = f.high * slices_.value() + f.slice;
  return (in_channel * channels_.value() + f.channel) * interleave_.value() + f.offset;
}

}  // namespace warpsim::mapping
