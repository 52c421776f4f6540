// rodinia/lud-b22: seed 002's lud (Table 5's lud_internal: 3872 B of shared memory per
// 484-thread block), rodinia/lud with BLOCK_SIZE 22 (lud-b22.cu) and its host code
// (../lud/lud_host.h) on matrices whose side is a multiple of 22: tiny 88, small 264, paper 528.

#include "../lud/lud_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kB22Sides[] = {88, 264, 528};

class LudB22 final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/lud-b22"; }
  std::string_view description() const override {
    return "Rodinia LUD with BLOCK_SIZE 22 (seed 002 Table 5): 22 x 22 blocks, lud_internal with "
           "3872 B of shared memory";
  }
  std::string dimensions(Size size) const override {
    return rodinia_lud::dimensions(size, 22, kB22Sides);
  }
  void run(Host& host, Size size) const override {
    rodinia_lud::run(host, size, name(), 22, kB22Sides);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(LudB22);

}  // namespace warpsim::workload
