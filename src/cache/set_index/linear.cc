// Linear set indexing: the line address modulo the number of sets, GPGPU-Sim's default
// ('L' set-index function in -gpgpu_cache:dl1 / dl2) and the classic textbook mapping.
// Works for any number of sets; a power of two takes a mask instead of a division.

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "cache/set_index/set_index.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class LinearSetIndex final : public SetIndexFunction {
 public:
  LinearSetIndex(const ConfigNode& /*params*/, const Context& context)
      : sets_(context.sets),
        line_shift_(static_cast<std::uint32_t>(std::countr_zero(context.line))),
        set_mask_(std::has_single_bit(context.sets) ? context.sets - 1 : 0) {
    if (context.sets == 0 || !std::has_single_bit(context.line)) {
      throw std::invalid_argument("linear set index needs sets >= 1 and a power-of-two line, got " +
                                  std::to_string(context.sets) + " sets, " +
                                  std::to_string(context.line) + "-byte lines");
    }
  }

  std::uint32_t set_of(Addr addr) const override {
    const Addr line = addr >> line_shift_;
    if (set_mask_ != 0 || sets_ == 1) return static_cast<std::uint32_t>(line & set_mask_);
    return static_cast<std::uint32_t>(line % sets_);
  }

 private:
  std::uint32_t sets_;
  std::uint32_t line_shift_;
  std::uint32_t set_mask_;  // sets - 1 when sets is a power of two, else 0
};

}  // namespace

WARPSIM_REGISTER_POLICY(SetIndexFunction, LinearSetIndex, "linear",
                        "Line address modulo the number of sets", {});

}  // namespace warpsim
