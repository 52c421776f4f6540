#include "ptx/ir.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <tuple>

namespace warpsim::ptx {

Operand Operand::make_reg(std::uint32_t reg, bool negated) {
  Operand op;
  op.kind = OperandKind::kReg;
  op.reg = reg;
  op.negated = negated;
  return op;
}

Operand Operand::make_imm(std::uint64_t bits, ImmKind kind) {
  Operand op;
  op.kind = OperandKind::kImm;
  op.imm = bits;
  op.imm_kind = kind;
  return op;
}

Operand Operand::make_label(std::uint32_t label) {
  Operand op;
  op.kind = OperandKind::kLabel;
  op.index = label;
  return op;
}

Operand Operand::make_symbol(SymbolRef symbol, std::int64_t offset) {
  Operand op;
  op.kind = OperandKind::kSymbol;
  op.symbol = symbol;
  op.offset = offset;
  return op;
}

Operand Operand::make_reg_address(std::uint32_t reg, std::int64_t offset) {
  Operand op;
  op.kind = OperandKind::kAddress;
  op.reg = reg;
  op.offset = offset;
  return op;
}

Operand Operand::make_symbol_address(SymbolRef symbol, std::int64_t offset) {
  Operand op;
  op.kind = OperandKind::kAddress;
  op.symbol = symbol;
  op.offset = offset;
  return op;
}

std::span<const Operand> Instruction::elements(const Operand& aggregate) const {
  if (aggregate.kind != OperandKind::kVector && aggregate.kind != OperandKind::kTuple) return {};
  return {operands.data() + aggregate.index, aggregate.count};
}

void Instruction::add_operand(const Operand& operand) {
  // Elements of aggregates live after the written operands; inserting into the written prefix
  // moves every element one slot to the right.
  operands.insert(operands.begin() + num_operands, operand);
  for (std::size_t i = 0; i < num_operands; ++i) {
    Operand& written = operands[i];
    if (written.kind == OperandKind::kVector || written.kind == OperandKind::kTuple) {
      ++written.index;
    }
  }
  ++num_operands;
}

void Instruction::add_aggregate(OperandKind kind, std::span<const Operand> elements) {
  Operand aggregate;
  aggregate.kind = kind;
  aggregate.count = static_cast<std::uint32_t>(elements.size());
  add_operand(aggregate);
  operands[num_operands - 1].index = static_cast<std::uint32_t>(operands.size());
  operands.insert(operands.end(), elements.begin(), elements.end());
}

bool Instruction::operator==(const Instruction& other) const {
  auto fields = [](const Instruction& i) {
    return std::tie(i.op, i.type, i.type2, i.type3, i.space, i.space2, i.vec, i.guard_negated,
                    i.guard, i.num_operands, i.mods, i.operands, i.debug);
  };
  return fields(*this) == fields(other);
}

std::uint32_t Variable::alignment() const {
  if (align != 0) return align;
  return std::max<std::uint32_t>(type_size(type) * vec, 1);
}

std::uint64_t Variable::size_bytes() const {
  std::uint64_t size = std::uint64_t{type_size(type)} * vec;
  for (std::uint64_t dim : dims) {
    if (dim == 0) return 0;
    if (size > std::numeric_limits<std::uint64_t>::max() / dim) return 0;
    size *= dim;
  }
  return size;
}

std::uint64_t Variable::element_count() const {
  std::uint64_t count = vec;
  for (std::uint64_t dim : dims) {
    if (dim == 0) return 0;
    if (count > std::numeric_limits<std::uint64_t>::max() / dim) return 0;
    count *= dim;
  }
  return count;
}

std::size_t Variable::init_value_count() const {
  std::size_t count = 0;
  for (const InitItem& item : init) {
    if (item.kind != InitItem::Kind::kOpen && item.kind != InitItem::Kind::kClose) ++count;
  }
  return count;
}

std::string Function::reg_name(std::uint32_t reg) const {
  if (reg >= regs.size() || regs[reg].decl >= reg_decls.size()) return "%<invalid>";
  const RegDecl& decl = reg_decls[regs[reg].decl];
  if (!decl.range) return decl.name;
  return decl.name + std::to_string(reg - decl.first);
}

std::uint32_t Function::branch_target(const Instruction& bra) const {
  if (bra.num_operands == 0 || bra.operands[0].kind != OperandKind::kLabel) return kNoIndex;
  std::uint32_t label = bra.operands[0].index;
  return label < labels.size() ? labels[label].inst : kNoIndex;
}

bool Function::operator==(const Function& other) const {
  auto fields = [](const Function& f) {
    return std::tie(f.name, f.is_entry, f.has_body, f.noreturn, f.linkage, f.rets, f.params, f.perf,
                    f.scopes, f.vars, f.reg_decls, f.regs, f.labels, f.prototypes, f.pragmas,
                    f.locs, f.insts, f.body);
  };
  return fields(*this) == fields(other);
}

const Function* Module::find_function(std::string_view name) const {
  for (const Function& function : functions) {
    if (function.name == name) return &function;
  }
  return nullptr;
}

const SourceFile* Module::find_file(std::uint32_t index) const {
  for (const SourceFile& file : files) {
    if (file.index == index) return &file;
  }
  return nullptr;
}

std::size_t Module::kernel_count() const {
  std::size_t count = 0;
  for (const Function& function : functions) {
    if (function.is_entry && function.has_body) ++count;
  }
  return count;
}

bool Module::operator==(const Module& other) const {
  auto fields = [](const Module& m) {
    return std::tie(m.version_major, m.version_minor, m.target, m.address_size, m.globals,
                    m.functions, m.files, m.sections, m.pragmas, m.debug_names, m.layout);
  };
  return fields(*this) == fields(other);
}

std::string source_position(const Module& module, const Instruction& inst) {
  std::string text =
      module.file_name + ":" + std::to_string(inst.loc.line) + ":" + std::to_string(inst.loc.col);
  if (!inst.debug.valid) return text;
  const SourceFile* file = module.find_file(inst.debug.file);
  std::string source = file ? file->path : "file " + std::to_string(inst.debug.file);
  return text + " (" + source + ":" + std::to_string(inst.debug.line) + ")";
}

namespace {

double literal_as_double(const Operand& operand) {
  switch (operand.imm_kind) {
    case ImmKind::kF32:
      return std::bit_cast<float>(static_cast<std::uint32_t>(operand.imm));
    case ImmKind::kF64:
      return std::bit_cast<double>(operand.imm);
    case ImmKind::kUnsigned:
      return static_cast<double>(operand.imm);
    case ImmKind::kInt:
      break;
  }
  return static_cast<double>(static_cast<std::int64_t>(operand.imm));
}

std::uint64_t truncate_to(std::uint64_t bits, DataType type) {
  unsigned size = type_size(type);
  if (size == 0 || size >= 8) return bits;
  return bits & ((std::uint64_t{1} << (size * 8)) - 1);
}

std::uint64_t double_to_integer_bits(double value, DataType type) {
  if (std::isnan(value)) return 0;
  double truncated = std::trunc(value);
  if (is_signed_type(type)) {
    if (truncated <= -0x1p63) return truncate_to(std::uint64_t{1} << 63, type);
    if (truncated >= 0x1p63) return truncate_to(~(std::uint64_t{1} << 63), type);
    return truncate_to(static_cast<std::uint64_t>(static_cast<std::int64_t>(truncated)), type);
  }
  if (truncated <= 0) return 0;
  if (truncated >= 0x1p64) return truncate_to(~std::uint64_t{0}, type);
  return truncate_to(static_cast<std::uint64_t>(truncated), type);
}

}  // namespace

std::uint64_t immediate_bits(const Operand& operand, DataType type) {
  bool float_literal = operand.imm_kind == ImmKind::kF32 || operand.imm_kind == ImmKind::kF64;
  if (type == DataType::kF32) {
    if (operand.imm_kind == ImmKind::kF32) return operand.imm & 0xffffffffU;
    return std::bit_cast<std::uint32_t>(static_cast<float>(literal_as_double(operand)));
  }
  if (type == DataType::kF64) {
    if (operand.imm_kind == ImmKind::kF64) return operand.imm;
    return std::bit_cast<std::uint64_t>(literal_as_double(operand));
  }
  if (float_literal && !is_float_type(type)) {
    // Bit types take the literal's own pattern (mov.b32 %r, 0f3F800000).
    if (type == DataType::kB32 || type == DataType::kB64 || type == DataType::kB16) {
      return truncate_to(operand.imm, type);
    }
    return double_to_integer_bits(literal_as_double(operand), type);
  }
  return truncate_to(operand.imm, type);
}

}  // namespace warpsim::ptx
