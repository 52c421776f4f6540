#include "mem/mapping/mapping_util.h"

#include <fmt/format.h>

namespace warpsim::mapping {

void check_context(const AddressMapping::Context& c, const ConfigNode& params,
                   const std::string& mapping_name) {
  if (c.channels == 0 || c.slices_per_channel == 0 || c.row_bytes == 0) {
    throw params.error(fmt::format(
        "{} mapping: channels, slices per channel and row bytes must be at least 1 (got {}, "
        "{}, {})",
        mapping_name, c.channels, c.slices_per_channel, c.row_bytes));
  }
  if (!is_pow2(c.banks)) {
    throw params.error(fmt::format("{} mapping: banks per channel must be a power of two, got {}",
                                   mapping_name, c.banks));
  }
  if (c.bank_groups == 0 || c.banks % c.bank_groups != 0) {
    throw params.error(fmt::format("{} mapping: {} bank groups do not divide {} banks",
                                   mapping_name, c.bank_groups, c.banks));
  }
}

BitGather::BitGather(std::uint64_t mask) : mask_(mask) {
  std::uint32_t to = 0;
  std::uint64_t rest = mask;
  while (rest != 0) {
    const auto from = static_cast<std::uint32_t>(std::countr_zero(rest));
    const auto length = static_cast<std::uint32_t>(std::countr_one(rest >> from));
    const std::uint64_t bits = length == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << length) - 1;
    runs_.push_back(Run{from, to, bits});
    to += length;
    rest &= length + from >= 64 ? 0 : ~std::uint64_t{0} << (from + length);
  }
}

}  // namespace warpsim::mapping
