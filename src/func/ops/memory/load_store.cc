// ld, ldu, st, prefetch and cp.async (functionally a copy done at issue).

#include <cstring>

#include "func/address_map.h"
#include "func/memory_access.h"
#include "func/ops/memory/memory_ops.h"

namespace warpsim::func {

namespace {

using ptx::DataType;
using ptx::OperandKind;

void note_access(ExecContext& ctx, ptx::StateSpace space, std::uint32_t size, bool load,
                 bool store) {
  if (ctx.record == nullptr) return;
  ctx.record->space = space;
  ctx.record->size = size;
  ctx.record->is_load = load;
  ctx.record->is_store = store;
}

// Destination (or source) element operands: the vector's elements, or the operand itself.
std::span<const Operand> elements_of(const DecodedInst& inst, unsigned i) {
  const Operand& op = inst.ops[i];
  if (op.kind == OperandKind::kVector) return inst.elements(op);
  return {&op, 1};
}

void exec_load(ExecContext& ctx, const DecodedInst& inst) {
  DataType type = inst.ir->type;
  std::uint32_t elem = ptx::type_size(type);
  std::span<const Operand> dsts = elements_of(inst, 0);
  std::uint32_t size = elem * static_cast<std::uint32_t>(dsts.size());
  std::array<LaneValues, 8> values;
  bool first = true;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    Addr a = ctx.address(inst.ops[1], lane);
    Resolved r = access_memory(ctx, inst, inst.ir->space, lane, a, size, AccessKind::kRead);
    if (ctx.record != nullptr) {
      if (first) note_access(ctx, r.space, size, true, false);
      ctx.record->addr[lane] = r.address;
    }
    first = false;
    for (std::size_t e = 0; e < dsts.size(); ++e) {
      std::uint64_t v = 0;
      std::memcpy(&v, r.ptr + e * elem, elem);
      values[e].v[lane] = canonical(v, type);
    }
  });
  for (std::size_t e = 0; e < dsts.size(); ++e)
    ctx.write_masked(dsts[e], type, values[e], ctx.mask);
}

void exec_store(ExecContext& ctx, const DecodedInst& inst) {
  DataType type = inst.ir->type;
  std::uint32_t elem = ptx::type_size(type);
  const Operand& src = inst.ops[1];
  std::size_t count = src.kind == OperandKind::kVector ? src.count : 1;
  std::uint32_t size = elem * static_cast<std::uint32_t>(count);
  std::array<LaneValues, 8> values;
  for (std::size_t e = 0; e < count; ++e) {
    unsigned index = src.kind == OperandKind::kVector ? src.index + static_cast<unsigned>(e) : 1;
    ctx.read(inst, index, type, values[e]);
  }
  bool first = true;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    Addr a = ctx.address(inst.ops[0], lane);
    Resolved r = access_memory(ctx, inst, inst.ir->space, lane, a, size, AccessKind::kWrite);
    if (ctx.record != nullptr) {
      if (first) note_access(ctx, r.space, size, false, true);
      ctx.record->addr[lane] = r.address;
    }
    first = false;
    for (std::size_t e = 0; e < count; ++e) std::memcpy(r.ptr + e * elem, &values[e].v[lane], elem);
  });
}

// prefetch{.space}.level [a] / prefetchu.L1 [a]: no data moves, nothing is checked (a prefetch
// of an address outside every allocation does not fault); the record carries one byte per lane
// so that the timing model brings the line holding it into the cache the level names. A warp
// whose lowest lane's generic address is not global or local memory prefetches nothing.
void exec_prefetch(ExecContext& ctx, const DecodedInst& inst) {
  if (ctx.record == nullptr) return;
  const ptx::StateSpace declared = inst.ir->space;
  const bool generic = declared != ptx::StateSpace::kGlobal && declared != ptx::StateSpace::kLocal;
  bool first = true;
  bool wanted = false;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    SpaceAddress at{declared, ctx.address(inst.ops[0], lane)};
    if (generic) at = from_generic(at.offset);
    if (first) {
      wanted = at.space == ptx::StateSpace::kGlobal || at.space == ptx::StateSpace::kLocal;
      if (wanted) note_access(ctx, at.space, 1, true, false);
      first = false;
    }
    if (wanted) ctx.record->addr[lane] = at.offset;
  });
}

// cp.async.{ca,cg}.shared.global [dst], [src], cp-size{, src-size}: copies cp-size bytes,
// zero-filling those past src-size.
void exec_cp_async(ExecContext& ctx, const DecodedInst& inst) {
  LaneValues cp_size = ctx.read(inst, 2, DataType::kU32);
  bool has_src_size = inst.ir->num_operands > 3 && inst.ops[3].kind != OperandKind::kNone;
  LaneValues src_size;
  if (has_src_size) ctx.read(inst, 3, DataType::kU32, src_size);
  for_each_lane(ctx.mask, [&](unsigned lane) {
    auto n = static_cast<std::uint32_t>(cp_size.v[lane]);
    auto from_n = has_src_size ? static_cast<std::uint32_t>(src_size.v[lane]) : n;
    if (from_n > n) from_n = n;
    Addr dst = ctx.address(inst.ops[0], lane);
    Addr src = ctx.address(inst.ops[1], lane);
    Resolved d = access_memory(ctx, inst, inst.ir->space, lane, dst, n, AccessKind::kWrite);
    if (from_n > 0) {
      Resolved s =
          access_memory(ctx, inst, inst.ir->space2, lane, src, from_n, AccessKind::kRead, n);
      std::memcpy(d.ptr, s.ptr, from_n);
    }
    std::memset(d.ptr + from_n, 0, n - from_n);
    if (ctx.record != nullptr) ctx.record->addr[lane] = src;
  });
  note_access(ctx, ptx::StateSpace::kGlobal, 0, true, false);
}

void exec_nothing(ExecContext&, const DecodedInst&) {}

}  // namespace

ExecFn select_load_store(const ptx::Instruction& inst) {
  switch (inst.op) {
    case ptx::Opcode::kLd:
    case ptx::Opcode::kLdu:
      if (ptx::type_size(inst.type) == 0 || ptx::type_size(inst.type) > 8 || inst.vec > 8)
        return nullptr;
      return &exec_load;
    case ptx::Opcode::kSt:
      if (ptx::type_size(inst.type) == 0 || ptx::type_size(inst.type) > 8 || inst.vec > 8)
        return nullptr;
      return &exec_store;
    case ptx::Opcode::kPrefetch:
    case ptx::Opcode::kPrefetchu:
      return &exec_prefetch;
    case ptx::Opcode::kCpAsync:
      return &exec_cp_async;
    case ptx::Opcode::kCpAsyncCommitGroup:
    case ptx::Opcode::kCpAsyncWaitGroup:
    case ptx::Opcode::kCpAsyncWaitAll:
      return &exec_nothing;
    default:
      return nullptr;
  }
}

ExecFn select_memory(const ptx::Instruction& inst) {
  if (ExecFn fn = select_move(inst)) return fn;
  return select_load_store(inst);
}

}  // namespace warpsim::func
