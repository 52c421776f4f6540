#pragma once

// Where a physical address lives in the memory system: which DRAM channel (memory partition)
// and which L2 slice of it, and which bank, row and column inside the channel. One mapping is
// shared by the crossbar (to route a request to its slice), the L2 slices (which index their
// sets by the channel-local address, as GPGPU-Sim does, so that the bits that pick the
// channel do not leave sets unused) and the DRAM channels. Plug-ins under src/mem/mapping/.

#include <cstdint>

#include "sim/config_node.h"
#include "sim/time.h"

namespace warpsim {

struct DramCoord {
  std::uint32_t channel = 0;     // 0..channels-1
  std::uint32_t slice = 0;       // L2 slice within the channel, 0..slices_per_channel-1
  std::uint32_t bank_group = 0;  // 0..bank_groups-1
  std::uint32_t bank = 0;        // 0..banks-1 within the channel (bank groups included)
  std::uint64_t row = 0;
  std::uint32_t column = 0;  // byte offset within the row
  Addr local = 0;            // the address with the channel and slice bits taken out
};

class AddressMapping {
 public:
  static constexpr const char* kKind = "address_mapping";

  struct Context {
    std::uint32_t channels = 1;
    std::uint32_t slices_per_channel = 1;
    std::uint32_t banks = 1;         // per channel, a power of two
    std::uint32_t bank_groups = 1;   // divides banks; 1 = no bank groups
    std::uint32_t row_bytes = 2048;  // bytes of one row of one channel (its page size)
  };

  virtual ~AddressMapping() = default;
  // Pure: the same address always gives the same coordinates, whatever was decoded before.
  virtual DramCoord decode(Addr addr) const = 0;
  // The inverse of decode's `local`: the address whose decode() has this channel, slice and
  // local address. The L2 slices index and tag their lines by local addresses and use this
  // to address the DRAM. (Added by the lead after the first version of this header: every
  // mapping must implement it, and tests must check decode(global(c.local, ...)) == c.)
  virtual Addr global(Addr local, std::uint32_t channel, std::uint32_t slice) const = 0;

  // GPU-wide L2 slice index of a coordinate.
  static std::uint32_t global_slice(const DramCoord& c, const Context& context) {
    return c.channel * context.slices_per_channel + c.slice;
  }
};

}  // namespace warpsim
