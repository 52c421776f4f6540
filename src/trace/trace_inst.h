#pragma once

// One warp instruction of an Accel-Sim trace and the parser of its line (tracer versions 1-6,
// notes/anchor-accelsim.md §4.5-4.6):
//
//   [ctax ctay ctaz warp]  (tracer version < 3 only; read and ignored)
//   [source line]          (only with "-enable lineinfo = 1")
//   PC(hex) mask(hex) dst_num {reg}*dst_num OPCODE src_num {reg}*src_num
//   [commit_group]          (version 6, opcodes containing GMMA: 0 or 1; read and ignored)
//   mem_width
//   [address_mode payload]  (only when mem_width > 0, and not a TMA opcode)
//   [TMA payload]           (version 6, UTMALDG/UTMASTG/UTMAPF/UTMAREDG/UBLKCP/UBLKPF/UBLKRED,
//                            whatever mem_width says: mbar(hex) multicast(0/1) [cta_mask(hex)]
//                            bytes oob_bytes mode, then for mode 3 n and n hex addresses, for
//                            mode 4 a hex base, n and n-1 deltas; read and not modeled)
//   [imm]                   (decimal; absent in traces older than 2023, then 0)
//   [imm2]                  (version 6: a second immediate, optional)
//   [Val|NoVal values]      (version 6: after Val, for the destination and then each source a
//                            count, 1 or 32, and that many hex register values; read and ignored)
//
// Registers are R<n>; version 6 adds uniform registers UR<n>, predicates P<n> and uniform
// predicates UP<n>, kept apart from the R<n> numbers (kUniformBase and up); RZ, URZ, PT and UPT
// read as kZeroRegister (no dependency).
// Addresses are given for the lanes set in `mask`, in lane order, in one of three forms:
//   0 list_all:    one hex address per active lane
//   1 base_stride: hex base, decimal stride; active lane k (k-th set bit) is base + k*stride
//   2 base_delta:  hex base for the first active lane, then (active - 1) signed decimal deltas,
//                  each from the previous active lane's address

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "trace/line_source.h"

namespace warpsim::trace {

inline constexpr int kWarpSize = 32;
inline constexpr std::size_t kMaxInstRegs = 8;  // the tracer writes at most 5 sources
// NVBit numbers SASS registers R0-R254 (R255 is RZ); traces warpsim writes of PTX code, whose
// virtual registers are many more, number them up to R65534.
inline constexpr std::uint64_t kMaxRegister = 65534;
// Register 255 is RZ, the zero register: reading or writing it waits for nothing.
inline constexpr std::uint16_t kZeroRegister = 255;
// Where tracer version 6's other register files go in TraceInst::dst/src: UR<n> at
// kUniformBase + n, P<n> at kPredicateBase + n, UP<n> at kUniformPredicateBase + n (NVBit's own
// R numbers stop at 255, so these never meet them).
inline constexpr std::uint16_t kUniformBase = 256;
inline constexpr std::uint16_t kPredicateBase = 512;
inline constexpr std::uint16_t kUniformPredicateBase = 520;

enum class AddressMode : std::int8_t { kNone = -1, kListAll = 0, kBaseStride = 1, kBaseDelta = 2 };

struct TraceInst {
  std::uint64_t line = 0;  // in the trace file
  std::uint64_t pc = 0;
  std::uint32_t mask = 0;         // active & guard-predicate mask; lane i is bit i
  std::uint32_t source_line = 0;  // CUDA source line with "-enable lineinfo = 1", else 0
  std::uint8_t dst_count = 0;
  std::uint8_t src_count = 0;
  std::array<std::uint16_t, kMaxInstRegs> dst{};  // R<n> as traced (RZ is R255)
  std::array<std::uint16_t, kMaxInstRegs> src{};
  std::string opcode;           // the full mnemonic with modifiers, e.g. "LDG.E.64.SYS"
  std::uint32_t mem_width = 0;  // > 0: a memory instruction
  AddressMode address_mode = AddressMode::kNone;
  std::array<std::uint64_t, kWarpSize> addrs{};  // per lane; 0 for lanes not in mask
  std::int64_t imm = 0;
  std::uint64_t tma_bytes = 0;  // a version-6 TMA line's byte count (its traffic is not modeled)

  bool is_memory() const { return mem_width > 0; }
  // A version-6 REPLAY_START / REPLAY_END marker line, which is no instruction.
  bool is_marker() const;
  // The mnemonic before the first '.': "LDG" for "LDG.E.64.SYS".
  std::string_view opcode_base() const;
  int active_lanes() const;
};

struct InstLineLayout {
  bool leading_ids = false;  // tracer version < 3
  bool source_line = false;  // -enable lineinfo = 1
  bool v6 = false;           // tracer version 6
};

// Parses `line` (the line `src` returned last) into `out`; throws TraceError with
// "FILE:LINE: what was expected". `tokens` is scratch space, reused between calls.
void parse_inst_line(const LineSource& src, std::string_view line, const InstLineLayout& layout,
                     std::vector<std::string_view>& tokens, TraceInst& out);

}  // namespace warpsim::trace
