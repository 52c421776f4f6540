// Explicit bit selection: the set number is a listed set of address bits, concatenated with the
// first listed bit as its least significant bit. Mei & Chu (seed 003, §2.5 "Texture L1") found
// the Fermi and Kepler texture L1 takes its 4 sets from address bits 7-8, not the 5-6 a linear
// index over 32-byte lines would use: `bits: [7, 8]`.

#include <cstdint>
#include <string>
#include <vector>

#include "cache/set_index/set_index.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

std::vector<std::uint8_t> read_positions(const ConfigNode& params,
                                         const SetIndexFunction::Context& context) {
  const ConfigNode& node = params.at("bits");
  std::vector<std::int64_t> listed = node.as_int_list();
  if (listed.size() >= 32 || context.sets != (std::uint64_t{1} << listed.size())) {
    throw node.error("bits selects 2^" + std::to_string(listed.size()) +
                     " sets but the cache has " + std::to_string(context.sets));
  }
  const auto offset_bits = static_cast<std::int64_t>(std::countr_zero(context.line));
  std::uint64_t seen = 0;
  std::vector<std::uint8_t> positions;
  for (std::int64_t bit : listed) {  // 0..63 by the schema
    if (bit < offset_bits) {
      throw node.error("bit " + std::to_string(bit) + " lies inside the " +
                       std::to_string(context.line) +
                       "-byte line: the bytes of one line would go to different sets");
    }
    if ((seen >> bit) & 1) throw node.error("bit " + std::to_string(bit) + " is listed twice");
    seen |= std::uint64_t{1} << bit;
    positions.push_back(static_cast<std::uint8_t>(bit));
  }
  return positions;
}

class BitsSetIndex final : public SetIndexFunction {
 public:
  BitsSetIndex(const ConfigNode& params, const Context& context)
      : positions_(read_positions(params, context)) {}

  std::uint32_t set_of(Addr addr) const override {
    std::uint32_t set = 0;
    for (std::size_t i = 0; i < positions_.size(); ++i) {
      set |= static_cast<std::uint32_t>((addr >> positions_[i]) & 1) << i;
    }
    return set;
  }

 private:
  std::vector<std::uint8_t> positions_;  // address bit of set bit i
};

}  // namespace

WARPSIM_REGISTER_POLICY(SetIndexFunction, BitsSetIndex, "bits",
                        "Set = the listed address bits, first listed = least significant "
                        "(texture L1: [7, 8])",
                        {{.name = "bits",
                          .type = ParamType::kIntList,
                          .description = "Address bit positions (at or above the line offset), "
                                         "least significant set bit first; the cache must have "
                                         "2^(number of bits) sets",
                          .min = 0,
                          .max = 63}});

}  // namespace warpsim
