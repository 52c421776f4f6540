// Fermi L1 set hash: the set is line-address bits 0-4 XOR address bits 13, 14, 15, 17 and 19;
// with 64 sets (48 KB L1) address bit 12 is the sixth set bit. Nugteren et al., "A Detailed GPU
// Cache Model Based on Reuse Distance Theory", HPCA 2014, measured it on a Fermi GPU; GPGPU-Sim
// implements it as the 'H' set-index option (FERMI_HASH_SET_FUNCTION) for 32 or 64 sets.

#include <bit>
#include <cstdint>
#include <string>

#include "cache/set_index/set_index.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class FermiHashSetIndex final : public SetIndexFunction {
 public:
  FermiHashSetIndex(const ConfigNode& params, const Context& context)
      : line_shift_(static_cast<std::uint32_t>(std::countr_zero(context.line))),
        wide_(context.sets == 64) {
    if (context.sets != 32 && context.sets != 64) {
      throw params.error(
          "fermi_hash is defined for 32 or 64 sets (the 16 KB and 48 KB Fermi L1), got " +
          std::to_string(context.sets));
    }
  }

  // The upper bits are absolute address bits, as measured on 128-byte lines; GPGPU-Sim keeps
  // them absolute for other line sizes too, and so do we, so that configs carry over.
  std::uint32_t set_of(Addr addr) const override {
    const auto lower = static_cast<std::uint32_t>((addr >> line_shift_) & 0x1f);
    const auto upper = static_cast<std::uint32_t>(((addr >> 13) & 0x7) |       // 13-15 -> 0-2
                                                  (((addr >> 17) & 1) << 3) |  // 17 -> 3
                                                  (((addr >> 19) & 1) << 4));  // 19 -> 4
    std::uint32_t set = lower ^ upper;
    if (wide_) set |= static_cast<std::uint32_t>((addr >> 12) & 1) << 5;
    return set;
  }

 private:
  std::uint32_t line_shift_;
  bool wide_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(SetIndexFunction, FermiHashSetIndex, "fermi_hash",
                        "Fermi L1 hash (Nugteren et al., HPCA 2014; GPGPU-Sim 'H'): line bits 0-4 "
                        "XOR address bits 13,14,15,17,19; bit 12 on top for 64 sets",
                        {});

}  // namespace warpsim
