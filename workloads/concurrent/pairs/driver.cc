// concurrent/*: the concurrent kernel pairs of seed 000 ch. 6 (Chao Li's thesis, Table 6.2:
// FFT-HIST, STO-HIST, FFT-MM, STO-FFT), each pair one program that stages both workloads'
// inputs, launches one kernel on stream 1 and the other on stream 2, and checks both results.
// The kernels, inputs, sizes and checks are the single workloads' own (workload/staged.h); in
// timing mode the two kernels share the GPU as the dispatcher's kernel_select policy decides
// (gpu.kernel_select: refill_same is the thesis's dispatch).

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "../../placement/fft-shared/fft_host.h"
#include "../../placement/mm-shared/mm_host.h"
#include "../../placement/sto-shared/sto_host.h"
#include "../../sdk/hist/hist_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

using Stager = std::function<Staged(Host&, Size)>;

struct Part {
  std::string_view label;     // FFT, STO, MM, HIST
  std::string_view workload;  // the single workload whose kernel it is
  std::string (*dimensions)(Size);
  Stager stage;
};

Part fft() {
  return {"FFT", "placement/fft-shared", placement_fft::dimensions, [](Host& host, Size size) {
            return placement_fft::stage(host, "placement/fft-shared", "fft1024_shared_kernel",
                                        false, size);
          }};
}
Part sto() {
  return {"STO", "placement/sto-shared", placement_sto::dimensions, [](Host& host, Size size) {
            return placement_sto::stage(host, size, "placement/sto-shared", "sto_shared_md5");
          }};
}
Part mm() {
  return {"MM", "placement/mm-shared", placement_mm::dimensions, [](Host& host, Size size) {
            return placement_mm::stage(host, "placement/mm-shared", "mm_shared_kernel", size);
          }};
}

Part hist() {
  return {"HIST", "sdk/hist", sdk_hist::dimensions,
          [](Host& host, Size size) { return sdk_hist::stage(host, size); }};
}

class ConcurrentPair final : public Workload {
 public:
  ConcurrentPair(std::string name, Part first, Part second)
      : name_(std::move(name)),
        description_(fmt::format("Seed 000 ch. 6's concurrent pair {}-{}: {} on stream 1 and {} "
                                 "on stream 2, run side by side",
                                 first.label, second.label, first.workload, second.workload)),
        first_(std::move(first)),
        second_(std::move(second)) {}

  std::string_view name() const override { return name_; }
  std::string_view ptx_name() const override { return first_.workload; }
  std::string_view description() const override { return description_; }
  std::string dimensions(Size size) const override {
    return fmt::format("{}: {}; {}: {}", first_.label, first_.dimensions(size), second_.label,
                       second_.dimensions(size));
  }
  void run(Host& host, Size size) const override {
    const Staged a = first_.stage(host, size);
    const Staged b = second_.stage(host, size);
    a.launch(1);
    b.launch(2);
    a.check();
    b.check();
  }

 private:
  std::string name_;
  std::string description_;
  Part first_;
  Part second_;
};

[[maybe_unused]] const bool kRegistered = [] {
  auto& registry = WorkloadRegistry::global();
  registry.add(std::make_unique<ConcurrentPair>("concurrent/fft-hist", fft(), hist()), __FILE__);
  registry.add(std::make_unique<ConcurrentPair>("concurrent/sto-hist", sto(), hist()), __FILE__);
  registry.add(std::make_unique<ConcurrentPair>("concurrent/fft-mm", fft(), mm()), __FILE__);
  registry.add(std::make_unique<ConcurrentPair>("concurrent/sto-fft", sto(), fft()), __FILE__);
  return true;
}();

}  // namespace
}  // namespace warpsim::workload
