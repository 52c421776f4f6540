#pragma once

// A built-in workload: our own CUDA implementation of a published benchmark (PolyBench/GPU,
// Rodinia, ...), in workloads/<suite>/<name>/: the kernels (<name>.cu, compiled to the committed
// PTX), and a host driver (driver.cc) that implements this interface and registers itself
// (registry.h). `warpsim run --workload suite/name:size` runs it on a Host (host.h).

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::workload {

class Host;

// Problem sizes every workload offers: `tiny` for the test suite (seconds in timing mode),
// `small` for everyday experiments (minutes at most), `paper` the input sizes and scaling
// factors the seed papers used.
enum class Size : std::uint8_t { kTiny, kSmall, kPaper };

inline constexpr Size kAllSizes[] = {Size::kTiny, Size::kSmall, Size::kPaper};

std::string_view size_name(Size size);
std::optional<Size> parse_size(std::string_view name);

// The entry of `per_size` (tiny, small, paper) for `size`.
template <typename T>
const T& for_size(const T (&per_size)[3], Size size) {
  return per_size[static_cast<int>(size)];
}

// Blocks of `per_block` threads that cover `n` threads: ceil(n / per_block), as PolyBench/GPU
// and Rodinia size their grids.
inline std::uint32_t blocks_for(std::uint64_t n, std::uint32_t per_block) {
  return static_cast<std::uint32_t>((n + per_block - 1) / per_block);
}

// The results a workload computed on the simulated GPU differ from its CPU reference; the
// message names the first mismatching element.
class CheckFailed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Workload {
 public:
  virtual ~Workload() = default;

  // "suite/name", e.g. "polybench/atax".
  virtual std::string_view name() const = 0;
  // The embedded PTX the workload loads (embedded_ptx.h): its own name, unless its folder's
  // driver registers several workloads over one PTX file (the CNN layers), which name the
  // folder's "suite/folder".
  virtual std::string_view ptx_name() const { return name(); }
  // One line: what it computes and where it comes from.
  virtual std::string_view description() const = 0;
  // The problem dimensions of `size`, e.g. "NX=NY=2048", for `warpsim list workloads`.
  virtual std::string dimensions(Size size) const = 0;
  // Allocates and fills the inputs deterministically, launches the kernels, copies the results
  // back and checks them against a CPU reference. Throws CheckFailed on a mismatch.
  virtual void run(Host& host, Size size) const = 0;
};

}  // namespace warpsim::workload
