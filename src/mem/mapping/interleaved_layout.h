#pragma once

// The address layout of the `interleaved` mapping, which `ipoly` reuses with a hashed slice
// index. With I = interleave_bytes, C = channels, S = slices per channel, R = row bytes and
// B = banks (division and remainder throughout, so C and S need not be powers of two):
//
//   chunk   = addr / I             offset  = addr % I
//   channel = chunk % C            slice   = (chunk / C) % S
//   high    = chunk / C / S        (the bits above the channel and slice fields)
//   local   = high * I + offset                    -- channel and slice taken out (L2 sets)
//   dram    = (chunk / C) * I + offset             -- channel taken out, slice kept
//   column  = dram % R     bank = (dram / R) % B     row = dram / R / B
//
// The DRAM coordinates keep the slice so that the slices of one channel never share a
// (bank, row, column): (channel, bank, row, column) and (global slice, local) each identify
// the address. For powers of two it is a bit layout; e.g. I = 256, C = 32, S = 2, R = 2 KiB,
// B = 16: addr[7:0] offset, addr[12:8] channel, addr[13] slice, and with dram = addr without
// bits 12:8, column = dram[10:0] (so offset, slice and dram[10:9] = addr[15:14]),
// bank = dram[14:11] = addr[19:16], row = dram[63:15] = addr[63:20].

#include <cstdint>

#include "mem/address_mapping.h"
#include "mem/mapping/mapping_util.h"

namespace warpsim::mapping {

class InterleavedLayout {
 public:
  struct Fields {
    std::uint64_t offset = 0;
    std::uint32_t channel = 0;
    std::uint32_t slice = 0;
    std::uint64_t high = 0;
  };

  InterleavedLayout(const AddressMapping::Context& context, std::uint64_t interleave_bytes);

  Fields split(Addr addr) const;
  // Coordinates of `addr` (split as `f`) placed in `channel` and `slice`, which a hash may
  // have chosen instead of f.channel and f.slice.
  DramCoord place(const Fields& f, std::uint32_t channel, std::uint32_t slice) const;
  // The fields of a `local` address, given the unhashed channel and slice.
  Fields unplace(Addr local, std::uint32_t channel, std::uint32_t slice) const;
  // The address split into `f`.
  Addr join(const Fields& f) const;
  std::uint32_t slices_per_channel() const { return static_cast<std::uint32_t>(slices_.value()); }

 private:
  Divisor interleave_;
  Divisor channels_;
  Divisor slices_;
  Divisor row_bytes_;
  Divisor banks_;
  std::uint32_t bank_groups_;
};

}  // namespace warpsim::mapping
