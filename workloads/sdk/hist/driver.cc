// sdk/hist: the CUDA SDK's histogram256 as seed 000 ch. 6 runs it (HIST, Table 6.2): per-warp
// sub-histograms in shared memory with the SDK's tagged updates (128 threads, 16 KB per block),
// then the merge kernel (hist.cu; launches, sizes, inputs and reference in hist_host.h).

#include "hist_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class Hist final : public Workload {
 public:
  std::string_view name() const override { return "sdk/hist"; }
  std::string_view description() const override {
    return "CUDA SDK histogram256 as seed 000 ch. 6's HIST: per-warp shared sub-histograms with "
           "tagged updates (128 threads, 16 KB), then a merge kernel";
  }
  std::string dimensions(Size size) const override { return sdk_hist::dimensions(size); }
  void run(Host& host, Size size) const override { sdk_hist::stage(host, size).run(); }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Hist);

}  // namespace warpsim::workload
