#pragma once

// The derived geometry of a generic cache (cache.h) and the sector-mask arithmetic its hot
// path needs. Line state is kept per 32-byte sector (the packets' unit, mem/packet.h) whatever
// the configured sector size; the configured size is the fetch unit: a miss fetches whole
// units, so an unsectored 128-byte line always fetches its four sectors together, while a
// lazily written line may still hold single valid sectors.

#include <cstdint>
#include <string>
#include <vector>

#include "cache/cache_config.h"
#include "mem/packet.h"
#include "sim/time.h"

namespace warpsim {

// Lines of up to 32 sectors: the widest block a SectorMask can describe.
inline constexpr std::uint32_t kMaxCacheLine = 32 * kSectorBytes;

// What is wrong with `config`'s geometry ("" when nothing is); `key` receives the config key
// to blame (size, line, sector, ways or set_ways).
std::string cache_geometry_problem(const CacheConfig& config, std::string* key);

class CacheGeometry {
 public:
  // Throws std::invalid_argument for a geometry cache_geometry_problem() rejects.
  explicit CacheGeometry(const CacheConfig& config);

  std::uint32_t sets() const { return sets_; }
  // The stride of per-line arrays: the largest set's ways.
  std::uint32_t max_ways() const { return max_ways_; }
  std::uint32_t ways(std::uint32_t set) const {
    return set_ways_.empty() ? max_ways_ : set_ways_[set];
  }
  std::uint32_t line() const { return line_; }
  std::size_t lines() const { return lines_; }
  Addr line_of(Addr addr) const { return addr & ~Addr{line_ - 1}; }
  // Every sector of a line.
  SectorMask full() const { return full_; }

  // The sectors of the line holding block [addr, addr + size) that `sectors` (relative to the
  // block; 0 = the whole block) covers. The block must lie inside one line.
  SectorMask line_sectors(Addr addr, std::uint32_t size, SectorMask sectors) const {
    if (sectors == 0) sectors = sectors_of(addr, addr, size);
    const auto offset = static_cast<std::uint32_t>((addr - line_of(addr)) / kSectorBytes);
    return sectors << offset;
  }
  // `mask` widened to whole fetch units.
  SectorMask expand(SectorMask mask) const {
    if (sectors_per_unit_ == 1) return mask;
    if (mask == 0) return 0;
    if (unit_mask_ == full_) return full_;
    SectorMask out = 0;
    for (std::uint32_t first = 0; first < line_sectors_; first += sectors_per_unit_) {
      if ((mask >> first) & unit_mask_) out |= unit_mask_ << first;
    }
    return out;
  }

 private:
  std::uint32_t sets_ = 1;
  std::uint32_t max_ways_ = 1;
  std::vector<std::uint32_t> set_ways_;
  std::uint32_t line_ = 128;
  std::size_t lines_ = 1;
  std::uint32_t line_sectors_ = 1;      // 32-byte sectors per line (1 for lines under 32 bytes)
  std::uint32_t sectors_per_unit_ = 1;  // 32-byte sectors per fetch unit
  SectorMask unit_mask_ = 1;            // the sectors of the first unit
  SectorMask full_ = 1;
};

}  // namespace warpsim
