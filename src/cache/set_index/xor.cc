// XOR set index: the linear set bits XOR the next-higher group of as many bits, so that strides
// of a multiple of sets x line, which a linear index sends to one set, spread over all sets.
// GPGPU-Sim's 'X' set-index option (BITWISE_XORING_FUNCTION); the classic XOR-based placement of
// Gonzalez et al., "Eliminating cache conflict misses through XOR-based placement functions",
// ICS 1997. Needs a power-of-two number of sets.

#include <bit>
#include <cstdint>
#include <string>

#include "cache/set_index/set_index.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class XorSetIndex final : public SetIndexFunction {
 public:
  XorSetIndex(const ConfigNode& params, const Context& context)
      : line_shift_(static_cast<std::uint32_t>(std::countr_zero(context.line))),
        set_bits_(static_cast<std::uint32_t>(std::countr_zero(context.sets))),
        mask_(context.sets - 1) {
    if (!std::has_single_bit(context.sets)) {
      throw params.error("xor needs a power-of-two number of sets, got " +
                         std::to_string(context.sets));
    }
  }

  std::uint32_t set_of(Addr addr) const override {
    const Addr line = addr >> line_shift_;
    return static_cast<std::uint32_t>((line ^ (line >> set_bits_)) & mask_);
  }

 private:
  std::uint32_t line_shift_;
  std::uint32_t set_bits_;
  std::uint32_t mask_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(SetIndexFunction, XorSetIndex, "xor",
                        "Linear set bits XOR the next-higher group of bits (GPGPU-Sim 'X'); "
                        "power-of-two sets",
                        {});

}  // namespace warpsim
