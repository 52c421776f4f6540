#pragma once

// The pre-decoded form the executor runs: per function, one DecodedInst per PTX instruction
// with its handler chosen once (by opcode, types and modifiers), register operands mapped to
// slots of the register window, symbols resolved to how their address is found at run time,
// and control-flow facts (branch target, reconvergence point) precomputed.

#include <cstdint>
#include <string>
#include <vector>

#include "func/lanes.h"
#include "ptx/ir.h"

namespace warpsim::func {

struct ExecContext;
struct DecodedInst;
using ExecFn = void (*)(ExecContext& ctx, const DecodedInst& inst);

inline constexpr std::uint32_t kNoSlot = 0xffffffffU;
inline constexpr std::uint32_t kNoPc = 0xffffffffU;

// What a warp instruction does, for the timing model's pipelines and for statistics.
enum class OpClass : std::uint8_t {
  kInt,
  kFp32,
  kFp64,
  kFp16,
  kSfu,
  kConvert,
  kMove,
  kLoad,
  kStore,
  kAtomic,
  kBranch,
  kCall,
  kReturn,
  kExit,
  kBarrier,
  kFence,
  kWarpOp,  // shfl, vote, match, redux
  kTexture,
  kSurface,
  kNop,
};
const char* op_class_name(OpClass op_class);

// Where the address of a symbol comes from at run time.
enum class SymbolBase : std::uint8_t {
  kNone,      // no symbol
  kAbsolute,  // value: a global/const variable, kernel parameter or function address
  kShared,    // index: shared-variable id; the launch's layout gives the offset
  kFrame,     // value: offset in the current call frame (locals, .func params, call params)
};

struct Operand {
  ptx::OperandKind kind = ptx::OperandKind::kNone;
  SymbolBase base = SymbolBase::kNone;
  bool negated = false;
  ptx::SpecialReg sreg = ptx::SpecialReg::kTid;
  std::uint8_t component = 0;
  std::uint32_t slot = kNoSlot;  // kReg; a kAddress register base
  std::uint32_t index = 0;       // kVector/kTuple first element; kLabel target pc; shared id
  std::uint32_t count = 0;       // kVector/kTuple element count
  std::uint64_t value = 0;       // absolute address or frame offset (see SymbolBase)
  std::int64_t offset = 0;       // added to the address (symbol + offset, [reg + offset])
  const ptx::Operand* ir = nullptr;
};

struct DecodedInst {
  ExecFn fn = nullptr;
  const ptx::Instruction* ir = nullptr;
  std::vector<Operand> ops;  // indexed like ir->operands
  std::uint32_t pc = 0;
  std::uint32_t guard_slot = kNoSlot;
  bool guard_negated = false;
  OpClass op_class = OpClass::kInt;
  std::uint32_t target = kNoPc;       // bra: the instruction it jumps to
  std::uint32_t reconverge = kNoPc;   // bra/ret/call: immediate post-dominator (exit_pc())
  std::vector<std::uint32_t> reads;   // register slots read (guard included)
  std::vector<std::uint32_t> writes;  // register slots written
  // Front ends without PTX (traces: `ir` is null) state what the timing model would otherwise
  // derive from the IR: the timing class (an sm OpTiming value; kNoTiming: from op_class) and,
  // for global loads, the read-only (texture) path or no L1 allocation.
  static constexpr std::uint8_t kNoTiming = 0xff;
  std::uint8_t timing = kNoTiming;
  bool read_only = false;
  bool l1_bypass = false;
  // Traces: a memory instruction on global or local memory (a generic address included); PTX
  // front ends leave it false and the timing model reads the IR's state space.
  bool global_memory = false;

  const Operand& op(unsigned i) const { return ops[i]; }
  std::span<const Operand> elements(const Operand& aggregate) const {
    return {ops.data() + aggregate.index, aggregate.count};
  }
};

// Frame layout of a function: everything per-activation that is addressed (locals, the
// function's own parameters and return values, and the .param variables of its call sites).
struct FrameLayout {
  std::uint32_t size = 0;
  std::uint32_t align = 16;
  std::vector<std::uint32_t> var_offsets;    // Function::vars index -> offset (local/param vars)
  std::vector<std::uint32_t> param_offsets;  // .func params
  std::vector<std::uint32_t> ret_offsets;    // .func return values
};

struct FunctionCode {
  const ptx::Function* ir = nullptr;
  std::uint32_t index = 0;  // Module::functions index
  std::vector<DecodedInst> insts;
  std::vector<std::uint32_t> slot_of_reg;  // Function::regs index -> first slot
  std::uint32_t num_slots = 0;
  FrameLayout frame;
  // Kernels: the parameter buffer layout (offsets of Function::params in it) and its size.
  std::vector<std::uint32_t> kernel_param_offsets;
  std::uint32_t kernel_param_size = 0;
  // Shared-variable ids this function (and everything it calls) uses; kernels lay these out.
  std::vector<std::uint32_t> shared_ids;
  std::vector<std::uint32_t> callees;  // module function indices called directly

  // The pc of the virtual exit (one past the last instruction): `ret` jumps here.
  std::uint32_t exit_pc() const { return static_cast<std::uint32_t>(insts.size()); }
  const std::string& name() const { return ir->name; }
};

}  // namespace warpsim::func
