#include "cache/cache_geometry.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>

#include "cache/replacement/replacement_policy.h"

namespace warpsim {

namespace {

std::string line_problem(const CacheConfig& c, std::string* key) {
  if (c.line == 0 || !std::has_single_bit(c.line) || c.line > kMaxCacheLine) {
    *key = "line";
    return "line size " + std::to_string(c.line) + " must be a power of two of at most " +
           std::to_string(kMaxCacheLine) + " bytes";
  }
  if (c.sector == 0 || !std::has_single_bit(c.sector) || c.sector > c.line ||
      c.line / c.sector > 32 || (c.sector != c.line && c.sector % kSectorBytes != 0)) {
    *key = "sector";
    return "sector size " + std::to_string(c.sector) + " must be the line size (" +
           std::to_string(c.line) +
           ") or a power-of-two multiple of 32 bytes dividing it into at most 32 sectors";
  }
  return "";
}

std::string capacity_problem(const CacheConfig& c, std::string* key) {
  if (c.set_ways.empty()) {
    if (c.ways == 0 || c.ways > kMaxWays) {
      *key = "ways";
      return "ways must be 1.." + std::to_string(kMaxWays) + ", got " + std::to_string(c.ways);
    }
    const std::uint64_t set_bytes = std::uint64_t{c.line} * c.ways;
    if (c.size == 0 || c.size % set_bytes != 0 ||
        c.size / set_bytes > std::numeric_limits<std::uint32_t>::max()) {
      *key = "size";
      return "size " + std::to_string(c.size) + " is not a whole number of sets of " +
             std::to_string(c.ways) + " ways x " + std::to_string(c.line) + "-byte lines";
    }
    return "";
  }
  std::uint64_t lines = 0;
  for (std::uint32_t ways : c.set_ways) {
    if (ways == 0 || ways > kMaxWays) {
      *key = "set_ways";
      return "every set needs 1.." + std::to_string(kMaxWays) + " ways, got " +
             std::to_string(ways);
    }
    lines += ways;
  }
  if (c.size != lines * c.line) {
    *key = "size";
    return "size " + std::to_string(c.size) + " differs from the " + std::to_string(lines) +
           " lines of set_ways x " + std::to_string(c.line) +
           " bytes = " + std::to_string(lines * c.line);
  }
  return "";
}

}  // namespace

std::string cache_geometry_problem(const CacheConfig& config, std::string* key) {
  std::string problem = line_problem(config, key);
  return problem.empty() ? capacity_problem(config, key) : problem;
}

CacheGeometry::CacheGeometry(const CacheConfig& config) {
  std::string key;
  const std::string problem = cache_geometry_problem(config, &key);
  if (!problem.empty()) throw std::invalid_argument("cache " + key + ": " + problem);
  line_ = config.line;
  sets_ = config.sets();
  if (config.set_ways.empty()) {
    max_ways_ = config.ways;
    lines_ = std::size_t{sets_} * max_ways_;
  } else {
    set_ways_ = config.set_ways;
    max_ways_ = *std::max_element(set_ways_.begin(), set_ways_.end());
    lines_ = std::size_t{sets_} * max_ways_;
  }
  line_sectors_ = std::max<std::uint32_t>(1, line_ / kSectorBytes);
  sectors_per_unit_ = std::max<std::uint32_t>(1, config.sector / kSectorBytes);
  full_ = line_sectors_ >= 32 ? ~SectorMask{0} : (SectorMask{1} << line_sectors_) - 1;
  unit_mask_ = sectors_per_unit_ >= 32 ? ~SectorMask{0} : (SectorMask{1} << sectors_per_unit_) - 1;
}

}  // namespace warpsim
