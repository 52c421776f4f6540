// scratchpad/dct8x8: seed 002's DCT1-DCT4 (dct8x8.cu with 32 x 16 float tiles; host code and
// checks in dct8x8_host.h).

#include "dct8x8_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class Dct8x8 final : public scratchpad_dct::Dct8x8Base {
 public:
  Dct8x8() : Dct8x8Base(32, 16) {}
  std::string_view name() const override { return "scratchpad/dct8x8"; }
  std::string_view description() const override {
    return "CUDA SDK dct8x8: 8x8 DCT/IDCT of an image through a shared tile, float (64 threads, "
           "2112 B shared) and fixed point (128 threads, 2176 B) (seed 002 DCT1-DCT4)";
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Dct8x8);

}  // namespace warpsim::workload
