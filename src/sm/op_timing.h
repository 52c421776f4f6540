#pragma once

// The timing classes of warp instructions and the functional units they issue to. The
// functional model's OpClass says what an instruction does; the timing class refines it where
// latencies differ (integer multiply and divide, floating-point division) and folds together
// what shares a pipeline. Memory instructions go to the LD/ST unit (sm/ldst.h); their timing
// class covers only the issue slot.

#include <array>
#include <cstdint>

namespace warpsim {

namespace func {
struct DecodedInst;
}

enum class Unit : std::uint8_t { kSp, kInt, kSfu, kDp, kLdst, kCount };

struct UnitInfo {
  const char* name;
  const char* description;
};

inline constexpr std::array<UnitInfo, static_cast<std::size_t>(Unit::kCount)> kUnitInfo = {{
    {"sp", "single-precision (FP32) pipelines"},
    {"int", "integer pipelines (Volta and later; Fermi runs integer ops on sp)"},
    {"sfu", "special-function units (transcendentals, reciprocal, square root)"},
    {"dp", "double-precision (FP64) pipelines"},
    {"ldst", "load/store issue ports (the LD/ST unit behind them has its own queue)"},
}};

enum class OpTiming : std::uint8_t {
  kInt,
  kIntMul,
  kIntDiv,
  kFp32,
  kFp32Div,
  kFp64,
  kFp64Div,
  kFp16,
  kSfu,
  kConvert,
  kMove,
  kWarp,
  kControl,
  kMemory,
  kCount,
};

struct OpTimingInfo {
  const char* name;
  const char* description;
  const char* unit;  // default unit
  std::uint32_t latency;
  std::uint32_t interval;
};

// Defaults: Volta-class values (4-cycle integer and FP32 pipelines, 8-cycle FP64); each
// preset gives its own, with sources (gtx480 from GPGPU-Sim's GTX480 configuration).
inline constexpr std::array<OpTimingInfo, static_cast<std::size_t>(OpTiming::kCount)>
    kOpTimingInfo = {{
        {"int", "integer add, logic, shift, compare, select, min/max", "int", 4, 1},
        {"int_mul", "integer multiply and multiply-add", "int", 4, 1},
        {"int_div", "integer divide and remainder", "int", 21, 8},
        {"fp32", "single-precision add, multiply, fma, compare", "sp", 4, 1},
        {"fp32_div", "single-precision divide", "sp", 39, 4},
        {"fp64", "double-precision add, multiply, fma, compare", "dp", 8, 1},
        {"fp64_div", "double-precision divide", "dp", 330, 130},
        {"fp16", "half-precision arithmetic", "sp", 4, 1},
        {"sfu", "transcendentals, reciprocal, square root", "sfu", 21, 4},
        {"convert", "type conversions", "sp", 4, 1},
        {"move", "moves, special registers, address conversion", "int", 4, 1},
        {"warp", "shuffle, vote, match, warp reductions", "sp", 8, 1},
        {"control", "branch, call, return, exit, barrier, fence, nop", "int", 1, 1},
        {"memory", "loads, stores, atomics, texture and surface (issue slot)", "ldst", 1, 1},
    }};

inline const char* op_timing_name(OpTiming op) {
  return kOpTimingInfo[static_cast<std::size_t>(op)].name;
}

// The timing class of a decoded instruction.
OpTiming op_timing_of(const func::DecodedInst& inst);
// Whether an instruction of timing class `timing` goes to the LD/ST unit: memory instructions
// but ld.param.
bool goes_to_ldst(const func::DecodedInst& inst, OpTiming timing);
// The class the SM times an instruction by: ld.param reads the kernel's parameters, which the
// hardware holds in a constant bank operand, so it is an ordinary move.
OpTiming effective_timing(const func::DecodedInst& inst);

// Where a global load goes, from the PTX (ld.global.nc; .cg/.cv/volatile) or, for front ends
// without it (traces), from what the decoded instruction states (read_only, l1_bypass): the
// read-only (texture) path, or past the L1.
bool reads_only_path(const func::DecodedInst& inst);
bool skips_l1(const func::DecodedInst& inst);
// A load (not an atomic) that may read global or local memory: a generic address may, and so
// may ld.global.nc. What CCWS's throttle holds back (sm/warp_sched/ccws.cc).
bool loads_global_memory(const func::DecodedInst& inst);

}  // namespace warpsim
