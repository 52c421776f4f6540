#pragma once

// One traced kernel launch as a timing-model kernel source (sm/kernel_source.h). CTA k runs the
// thread block whose id is k in x-major order, as in execute-at-issue timing (Accel-Sim instead
// gives each CTA the file's next block). Blocks are read when their CTA starts, from the file
// in its order: blocks met before their CTA starts wait in memory (the file's order and the
// dispatch order rarely differ by more than one cycle's dispatches), and a block is freed when
// its CTA retires. A block read is decoded into the code table and checked at once and kept in
// a compact form: 16 bytes a line and 8 per address of a memory line's active lanes (a parsed
// TraceInst holds 32 addresses and its opcode text, about 370 bytes). The file is open only while
// the kernel runs (the header is read once at construction), so that any number of queued launches
// costs little memory and no open files. A warp's step replays its next trace line:
//
// - the record gets the line's mask (active and guard predicate together) and, for memory
//   instructions, the space (generic addresses resolved through the header's shared and local
//   windows, 4 GiB each, a window cut short where the other begins; a base of 0: no window)
//   and each lane's address, shared and local ones as offsets in their space;
// - EXIT removes its lanes; the warp finishes with its last line, and every warp must end in
//   EXIT with all of its threads exited (checked when the block is read, with file and line);
// - BAR waits until every unfinished warp of the CTA has arrived (one barrier per CTA; named
//   barriers and thread counts are not in the trace); BAR.ARV arrives without waiting and is
//   not counted.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

#include "sim/time.h"
#include "sm/kernel_source.h"
#include "trace/trace_code.h"
#include "trace/trace_reader.h"

namespace warpsim::trace {

class TraceKernel final : public KernelSource {
 public:
  // Opens the kernel trace at `path` and reads its header. `report` is called once per opcode
  // the traced SM family's table lacks.
  TraceKernel(const std::string& path, std::uint64_t launch_id, SassOpMap::Reporter report = {});
  ~TraceKernel() override;

  const KernelHeader& header() const { return header_; }
  const TraceCode& code() const { return code_; }

  const KernelShape& shape() const override { return shape_; }
  // The trace's pcs and register numbers already place called functions (one code table).
  std::uint32_t code_offset(const func::FunctionCode& /*code*/) const override { return 0; }
  std::uint32_t register_offset(const func::FunctionCode& /*code*/) const override { return 0; }
  // The header's `-warpsim code end`, else as far as the pcs seen so far reach.
  std::uint32_t code_end() const override {
    return std::max(header_.code_end, static_cast<std::uint32_t>(code_.code().insts.size()));
  }
  std::unique_ptr<func::CtaState> start_cta(std::uint64_t linear_cta) override;
  func::StepResult step(func::CtaState& cta, func::WarpState& warp, func::WarpInst& record,
                        std::uint64_t now, std::uint32_t smid) override;
  std::string barrier_deadlock(const func::CtaState& cta) const override;
  void end_cta(const func::CtaState& cta) override;

 private:
  // A generic-address window: [base, end); empty when the header gives no base.
  struct Window {
    Addr base = 0;
    Addr end = 0;
    bool holds(Addr a) const { return a >= base && a < end; }
  };
  // Each window spans func::kWindowSize bytes, cut short where the other one begins.
  static Window window(Addr base, Addr other);

  // One trace line as replay needs it.
  struct Line {
    std::uint32_t index = 0;  // the code index of its pc
    func::LaneMask mask = 0;
    std::uint32_t mem_width = 0;  // > 0: a memory line
    std::uint32_t addrs = 0;      // its first address in Warp::addrs
  };
  struct Warp {
    std::vector<Line> lines;
    std::vector<Addr> addrs;  // the memory lines' addresses, active lanes in lane order
  };
  struct Block {
    std::vector<Warp> warps;
  };

  struct Cta {
    Block block;
    std::vector<std::uint32_t> next;  // per warp: its next line
    std::uint32_t unfinished = 0;     // warps
    std::uint32_t waiting = 0;        // warps at the barrier
  };
  // The threads of warp `w` that the block has (all 32 but in a last, partial warp).
  func::LaneMask warp_lanes(std::uint32_t w) const;
  void check_warp(const TraceBlock& block, std::uint32_t w, func::LaneMask lanes) const;
  // Adds `read`'s instructions to the code table, checks each warp and keeps what replay needs.
  Block compact(const TraceBlock& read);
  void fill_memory(const Line& line, const Addr* addrs, SassSpace space,
                   func::WarpInst& record) const;
  // The block of CTA `linear_cta`, read ahead to it if need be.
  Block take_block(std::uint64_t linear_cta);
  // Releases the barrier when every unfinished warp waits at it.
  static void maybe_release(Cta& c, func::CtaState& cta);

  // The reader, opened (and its header read again) when the first CTA starts.
  TraceReader& reader();

  std::string path_;
  KernelHeader header_;
  std::unique_ptr<TraceReader> reader_;  // null before the first CTA and after the last
  KernelShape shape_;
  Window shared_;  // the header's generic windows
  Window local_;
  TraceCode code_;
  std::unordered_map<const func::CtaState*, std::unique_ptr<Cta>> ctas_;
  std::unordered_map<std::uint64_t, Block> ahead_;  // read, CTA not started yet
  std::uint64_t started_ = 0;                       // CTAs
  TraceBlock read_;  // the block last read, its storage reused for the next one
};

}  // namespace warpsim::trace
