#pragma once

// Writes Accel-Sim traces of functional-mode launches (`warpsim run --mode functional
// --write-trace DIR`): DIR/kernelslist.g and one DIR/kernel-N.traceg per launch, in the tracer
// version 4 layout that `warpsim run --trace` and Accel-Sim read (docs/traces.md).
//
// Each executed warp instruction becomes one line, in the order the functional model ran them:
// - its pc: the instruction's index in the kernel's code layout (func/code_layout.h: the kernel,
//   then the module's functions), times the SASS instruction size of the header's binary
//   version; the timing model fetches PTX code from the same addresses;
// - the lanes that executed it (guard predicate applied);
// - the registers it writes and reads: register slot n of the function's register window as
//   R<n>, stepping over R255 (RZ), up to R65534, predicates included so that dependencies
//   through them survive; a function's window is its place in the register layout
//   (func/code_layout.h), as the timing model scoreboards it;
// - a SASS opcode of the same op class, timing class and memory space (trace/sass_ops.h);
//   a division or remainder is IMAD/FFMA/DFMA with warpsim's WARPSIM_DIV modifier. Local
//   atomics and constant stores, which SASS lacks, get "*.WARPSIM" opcodes, counted
//   (unmatched_insts) and reported;
// - for memory instructions, the width and every executing lane's address (address mode 0),
//   shared and local addresses inside the header's windows. Parameter loads are MOVs.
// An operand list longer than the format's 8 registers is an error naming kernel and pc.

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "func/code_layout.h"
#include "func/launch_observer.h"

namespace warpsim::func {
struct FunctionCode;
struct DecodedInst;
}  // namespace warpsim::func

namespace warpsim::trace {

class TraceWriter : public func::LaunchObserver {
 public:
  // Which register lists a line holds: every register the instruction reads and writes (up to
  // the format's 8 each; what warpsim's reader takes, and what the round trip needs), or at
  // most 1 destination and 4 sources, the first ones, as Accel-Sim's trace parser sizes a line.
  enum class Registers : std::uint8_t { kAll, kAccelSim };
  // Parses "warpsim" (kAll) or "accelsim"; nullopt for anything else.
  static std::optional<Registers> registers_named(std::string_view name);

  // `binary_version`: the SM version written in each header (70 for 7.0), which also picks the
  // SASS names and instruction size. Creates `dir`. Throws std::runtime_error when it cannot.
  TraceWriter(std::filesystem::path dir, std::uint32_t binary_version,
              Registers registers = Registers::kAll);
  ~TraceWriter() override;

  void on_launch_begin(const func::LaunchState& launch) override;
  void on_inst(const func::LaunchState& launch, const func::CtaState& cta,
               const func::WarpState& warp, const func::WarpInst& inst) override;
  void on_cta_end(const func::LaunchState& launch, const func::CtaState& cta) override;
  void on_launch_end(const func::LaunchState& launch) override;

  // A host-to-device copy, listed in kernelslist.g before the next launch.
  void on_memcpy_h2d(std::uint64_t device_address, std::uint64_t bytes);
  // A point where the host waits for the device (every API call that touches device state is
  // one; runtime.h). When kernels were listed since the last copy or sync, the next launch is
  // preceded by a zero-byte MemcpyHtoD line, where warpsim's reader waits for the kernels
  // before it (a copy of nothing changes nothing for Accel-Sim).
  void on_sync_point();

  std::uint64_t kernels() const { return kernels_; }
  std::uint64_t unmatched_insts() const { return unmatched_; }
  // Lines whose register lists Registers::kAccelSim cut short.
  std::uint64_t cut_lines() const { return cut_lines_; }
  // PTX operations written without a SASS counterpart, in the order first seen.
  const std::vector<std::string>& unmatched_ops() const { return unmatched_ops_; }
  // Registers per thread the next launch's header states (-nregs): what its occupancy uses.
  void set_next_registers(std::uint32_t registers) { registers_ = registers; }
  // The stream the next launch's header states (-cuda stream id): the timing model's id (0 the
  // legacy default stream, 2 the per-thread default stream, 3 and up created streams).
  void set_next_stream(std::uint64_t stream) { stream_ = stream; }

 private:
  struct Cta {
    std::vector<std::vector<std::string>> warps;  // lines per warp
  };

  // The pc of instruction `index` of `function` (func/code_layout.h).
  std::uint64_t pc_of(const func::FunctionCode* function, std::uint32_t index) const;
  std::string opcode_of(const func::LaunchState& launch, const func::WarpInst& inst);
  void write_cta(const func::CtaState& cta, Cta& buffer);

  std::filesystem::path dir_;
  std::uint32_t binary_version_;
  std::uint32_t inst_bytes_;
  std::ofstream list_;
  std::ofstream kernel_;
  std::filesystem::path kernel_path_;
  std::uint64_t kernels_ = 0;
  std::uint64_t unmatched_ = 0;
  Registers registers_mode_;
  std::uint64_t cut_lines_ = 0;
  std::uint32_t registers_ = 32;
  std::uint64_t stream_ = 0;
  bool listed_since_sync_ = false;  // a kernel listed after the last copy or sync line
  bool sync_pending_ = false;       // a sync point came after such a kernel
  std::vector<std::string> unmatched_ops_;
  std::unordered_map<std::uint64_t, Cta> ctas_;  // by linear CTA id (CtaState objects move)
  func::CodeLayout layout_;                      // the current kernel's
};

}  // namespace warpsim::trace
