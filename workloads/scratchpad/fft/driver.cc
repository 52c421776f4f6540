// scratchpad/fft: seed 002's FFT (Table 7; Yang et al.'s kfft: one 1024-point complex FFT per
// 64-thread block in 8704 B of shared memory; fft.cu). Inputs: values in [-1, 1) from a fixed
// hash; twiddles e^(-2 pi i k / 1024), k < 512, rounded to float.
// Sizes: tiny 8 transforms, small 112 (8 per SM of fermi-scratchpad), paper 1024.
// Checked: every output within its float error bound, the reference repeating the kernel's
// butterflies in Bounded arithmetic.

#include <cmath>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::uint32_t kBatches[] = {8, 112, 1024};
constexpr std::uint32_t kPoints = 1024, kLog = 10, kThreads = 64;

std::uint32_t bit_reverse(std::uint32_t i) {
  std::uint32_t r = 0;
  for (std::uint32_t b = 0; b < kLog; ++b) r |= ((i >> b) & 1U) << (kLog - 1 - b);
  return r;
}

class Fft final : public Workload {
 public:
  std::string_view name() const override { return "scratchpad/fft"; }
  std::string_view description() const override {
    return "Batched 1024-point radix-2 FFTs in shared memory, one per 64-thread block (8704 B; "
           "seed 002 FFT, Yang et al.'s kfft)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("{} transforms of {} points", for_size(kBatches, size), kPoints);
  }
  void run(Host& host, Size size) const override;
};

void Fft::run(Host& host, Size size) const {
  const std::uint32_t batches = for_size(kBatches, size);
  const std::size_t total = std::size_t{batches} * kPoints;
  std::vector<float> in(2 * total), twiddles(kPoints);
  for (std::size_t i = 0; i < 2 * total; ++i) in[i] = hashed_signed_unit(i, 77);
  for (std::uint32_t k = 0; k < kPoints / 2; ++k) {
    const double angle = -2.0 * 3.14159265358979323846 * k / kPoints;
    twiddles[2 * k] = static_cast<float>(std::cos(angle));
    twiddles[2 * k + 1] = static_cast<float>(std::sin(angle));
  }
  host.load_workload_ptx(name());
  const Addr in_dev = host.alloc_copy(in);
  const Addr tw_dev = host.alloc_copy(twiddles);
  const Addr out_dev = host.alloc(2 * total * sizeof(float));
  host.launch("kfft", {batches}, {kThreads}, 0, out_dev, in_dev, tw_dev);
  const auto got = host.read<float>(out_dev, 2 * total);

  std::vector<Bounded> want(2 * total);
  std::vector<Bounded> re(kPoints), im(kPoints);
  for (std::uint32_t f = 0; f < batches; ++f) {
    const std::size_t base = std::size_t{f} * kPoints;
    for (std::uint32_t i = 0; i < kPoints; ++i) {
      re[i] = Bounded::exact(in[2 * (base + bit_reverse(i))]);
      im[i] = Bounded::exact(in[2 * (base + bit_reverse(i)) + 1]);
    }
    for (std::uint32_t half = 1; half < kPoints; half *= 2) {
      for (std::uint32_t b = 0; b < kPoints / 2; ++b) {
        const std::uint32_t pos = b % half;
        const std::uint32_t i = (b / half) * 2 * half + pos;
        const std::uint32_t j = i + half;
        const std::uint32_t k = pos * (kPoints / 2 / half);
        const Bounded wr = Bounded::exact(twiddles[2 * k]),
                      wi = Bounded::exact(twiddles[2 * k + 1]);
        const Bounded tr = wr * re[j] - wi * im[j];
        const Bounded ti = wr * im[j] + wi * re[j];
        const Bounded ur = re[i], ui = im[i];
        re[i] = ur + tr;
        im[i] = ui + ti;
        re[j] = ur - tr;
        im[j] = ui - ti;
      }
    }
    for (std::uint32_t i = 0; i < kPoints; ++i) {
      want[2 * (base + i)] = re[i];
      want[2 * (base + i) + 1] = im[i];
    }
  }
  check_close("spectra", got, want, 2 * kPoints);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Fft);

}  // namespace warpsim::workload
