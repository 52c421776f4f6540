// atom and red on global, shared and generic addresses. The lanes of one warp instruction
// update memory one after another in ascending lane order, each seeing the previous lanes'
// results, so contended atomics behave like some serialization a GPU could produce and repeat
// run to run. Memory-order semantics and scopes have no functional effect in this model.

#include <array>
#include <cstring>

#include <fmt/format.h>

#include "func/memory_access.h"
#include "func/ops/atomic/atomic_math.h"

namespace warpsim::func {

namespace {

using atomic::Combine;
using atomic::HalfOp;
using ptx::DataType;
using ptx::Mod;
using ptx::OperandKind;
using ptx::StateSpace;

// The elements of operand `i` (a vector's, or the operand itself) as indices into inst.ops,
// so that ctx.read can fetch them.
unsigned element_index(const DecodedInst& inst, unsigned i, unsigned e) {
  const Operand& op = inst.ops[i];
  return op.kind == OperandKind::kVector ? op.index + e : i;
}

constexpr std::uint32_t element_size(DataType type) {
  switch (type) {
    case DataType::kB16:
    case DataType::kF16:
    case DataType::kBf16:
      return 2;
    case DataType::kB64:
    case DataType::kU64:
    case DataType::kS64:
    case DataType::kF64:
      return 8;
    default:
      return 4;
  }
}

void note_atomic(ExecContext& ctx, StateSpace space, std::uint32_t size) {
  ctx.record->space = space;
  ctx.record->size = size;
  ctx.record->is_atomic = true;
}

// atom: d, [a], b{, c}; red: [a], b. Vector forms (.v2/.v4/.v8) combine element by element.
template <DataType kType, Combine kOp>
void exec_atomic(ExecContext& ctx, const DecodedInst& inst) {
  constexpr std::uint32_t kElem = element_size(kType);
  const bool has_dest = inst.ir->op == ptx::Opcode::kAtom;
  const unsigned addr_op = has_dest ? 1 : 0;
  const unsigned count = inst.ir->vec;
  const std::uint32_t size = kElem * count;
  std::array<LaneValues, 8> b;
  for (unsigned e = 0; e < count; ++e) {
    ctx.read(inst, element_index(inst, addr_op + 1, e), kType, b[e]);
  }
  LaneValues c;
  if (inst.ir->mod(ptx::ModCat::kAtomOp) == Mod::kCas) ctx.read(inst, addr_op + 2, kType, c);
  std::array<LaneValues, 8> old;
  bool first = true;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    Addr a = ctx.address(inst.ops[addr_op], lane);
    Resolved r = access_memory(ctx, inst, inst.ir->space, lane, a, size, AccessKind::kAtomic);
    if (r.space != StateSpace::kGlobal && r.space != StateSpace::kShared) {
      ctx.fail(inst, lane,
               fmt::format("atomic on {} address 0x{:x}: atomics need global or shared memory",
                           ptx::space_name(r.space), a));
    }
    if (ctx.record != nullptr) {
      if (first) note_atomic(ctx, r.space, size);
      ctx.record->addr[lane] = r.address;
    }
    first = false;
    bool global = r.space == StateSpace::kGlobal;
    for (unsigned e = 0; e < count; ++e) {
      std::uint8_t* p = r.ptr + e * kElem;
      std::uint64_t raw = 0;
      std::memcpy(&raw, p, kElem);
      std::uint64_t before = canonical(raw, kType);
      std::uint64_t after = kOp(before, b[e].v[lane], c.v[lane], global);
      std::memcpy(p, &after, kElem);
      old[e].v[lane] = before;
    }
  });
  if (!has_dest) return;
  for (unsigned e = 0; e < count; ++e) {
    ctx.write_masked(inst.ops[element_index(inst, 0, e)], kType, old[e], ctx.mask);
  }
}

template <DataType kType, Combine kOp>
ExecFn fn() {
  return &exec_atomic<kType, kOp>;
}

// Operations that treat the value as plain bits (and/or/xor/exch/cas, integer add): the type
// only fixes the width and how the returned old value is extended.
template <Combine kOp>
ExecFn any_integer(DataType type, bool allow_b16) {
  switch (type) {
    case DataType::kB16:
      return allow_b16 ? fn<DataType::kB16, kOp>() : nullptr;
    case DataType::kB32:
      return fn<DataType::kB32, kOp>();
    case DataType::kU32:
      return fn<DataType::kU32, kOp>();
    case DataType::kS32:
      return fn<DataType::kS32, kOp>();
    case DataType::kB64:
      return fn<DataType::kB64, kOp>();
    case DataType::kU64:
      return fn<DataType::kU64, kOp>();
    case DataType::kS64:
      return fn<DataType::kS64, kOp>();
    default:
      return nullptr;
  }
}

template <HalfOp kOp>
ExecFn half_types(DataType type) {
  switch (type) {
    case DataType::kF16:
      return fn<DataType::kF16, atomic::op_half<false, kOp, false>>();
    case DataType::kF16x2:
      return fn<DataType::kF16x2, atomic::op_half<false, kOp, true>>();
    case DataType::kBf16:
      return fn<DataType::kBf16, atomic::op_half<true, kOp, false>>();
    case DataType::kBf16x2:
      return fn<DataType::kBf16x2, atomic::op_half<true, kOp, true>>();
    default:
      return nullptr;
  }
}

ExecFn select_add(DataType type) {
  switch (type) {
    case DataType::kF32:
      return fn<DataType::kF32, atomic::op_add_f32>();
    case DataType::kF64:
      return fn<DataType::kF64, atomic::op_add_f64>();
    default:
      if (ExecFn f = half_types<HalfOp::kAdd>(type)) return f;
      return any_integer<atomic::op_add>(type, false);
  }
}

template <bool kMin>
ExecFn select_min_max(DataType type) {
  switch (type) {
    case DataType::kU32:
      return fn < DataType::kU32, kMin ? atomic::op_min<false> : atomic::op_max < false >> ();
    case DataType::kU64:
      return fn < DataType::kU64, kMin ? atomic::op_min<false> : atomic::op_max < false >> ();
    case DataType::kS32:
      return fn < DataType::kS32, kMin ? atomic::op_min<true> : atomic::op_max < true >> ();
    case DataType::kS64:
      return fn < DataType::kS64, kMin ? atomic::op_min<true> : atomic::op_max < true >> ();
    default:
      return half_types < kMin ? HalfOp::kMin : HalfOp::kMax > (type);
  }
}

ExecFn select_scalar_or_vector(const ptx::Instruction& inst) {
  DataType type = inst.type;
  Mod op = inst.mod(ptx::ModCat::kAtomOp);
  switch (op) {
    case Mod::kAdd:
      return select_add(type);
    case Mod::kMin:
      return select_min_max<true>(type);
    case Mod::kMax:
      return select_min_max<false>(type);
    case Mod::kAnd:
      return any_integer<atomic::op_and>(type, false);
    case Mod::kOr:
      return any_integer<atomic::op_or>(type, false);
    case Mod::kXor:
      return any_integer<atomic::op_xor>(type, false);
    case Mod::kExch:
      return any_integer<atomic::op_exch>(type, false);
    case Mod::kCas:
      return any_integer<atomic::op_cas>(type, true);
    case Mod::kInc:
      return type == DataType::kU32 ? fn<DataType::kU32, atomic::op_inc>() : nullptr;
    case Mod::kDec:
      return type == DataType::kU32 ? fn<DataType::kU32, atomic::op_dec>() : nullptr;
    default:
      return nullptr;
  }
}

// Vector atomics exist for f32 add and for add/min/max of the 16-bit float types.
bool vector_form_allowed(const ptx::Instruction& inst) {
  if (inst.vec == 1) return true;
  Mod op = inst.mod(ptx::ModCat::kAtomOp);
  if (inst.type == DataType::kF32) return op == Mod::kAdd && inst.vec <= 4;
  bool half = inst.type == DataType::kF16 || inst.type == DataType::kBf16;
  bool pair = inst.type == DataType::kF16x2 || inst.type == DataType::kBf16x2;
  if (!half && !pair) return false;
  return (op == Mod::kAdd || op == Mod::kMin || op == Mod::kMax) && inst.vec <= (half ? 8 : 4);
}

}  // namespace

ExecFn select_atomic(const ptx::Instruction& inst) {
  if (inst.op != ptx::Opcode::kAtom && inst.op != ptx::Opcode::kRed) return nullptr;
  if (!vector_form_allowed(inst)) return nullptr;
  return select_scalar_or_vector(inst);
}

}  // namespace warpsim::func
