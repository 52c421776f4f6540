#include "trace/trace_code.h"

#include <algorithm>

#include <fmt/format.h>

#include "trace/line_source.h"

namespace warpsim::trace {

namespace {

// The opcode's modifiers: "LDG.E.64.CONSTANT" has E, 64 and CONSTANT.
bool has_modifier(std::string_view opcode, std::string_view modifier) {
  std::size_t start = opcode.find('.');
  while (start != std::string_view::npos) {
    const std::size_t end = opcode.find('.', start + 1);
    const std::string_view token = opcode.substr(start + 1, end - start - 1);
    if (token == modifier) return true;
    start = end;
  }
  return false;
}

std::vector<std::uint32_t> registers(const std::array<std::uint16_t, kMaxInstRegs>& regs,
                                     std::uint8_t count) {
  std::vector<std::uint32_t> out;
  for (std::uint8_t i = 0; i < count; ++i) {
    if (regs[i] != kZeroRegister) out.push_back(regs[i]);
  }
  return out;
}

// Whether the line's registers (RZ left out) are `decoded`'s, without building a list.
bool same_registers(const std::array<std::uint16_t, kMaxInstRegs>& regs, std::uint8_t count,
                    const std::vector<std::uint32_t>& decoded) {
  std::size_t n = 0;
  for (std::uint8_t i = 0; i < count; ++i) {
    if (regs[i] == kZeroRegister) continue;
    if (n == decoded.size() || decoded[n] != regs[i]) return false;
    ++n;
  }
  return n == decoded.size();
}

std::string register_list(const std::vector<std::uint32_t>& regs) {
  std::string s;
  for (std::uint32_t r : regs) s += fmt::format("{}R{}", s.empty() ? "" : " ", r);
  return s.empty() ? "none" : s;
}

}  // namespace

TraceCode::TraceCode(std::uint32_t binary_version, SassOpMap::Reporter report)
    : ops_(binary_version, std::move(report)), inst_bytes_(binary_version >= 70 ? 16 : 8) {}

std::uint32_t TraceCode::add(const TraceInst& inst, const std::string& file) {
  auto fail = [&](const std::string& what) {
    throw TraceError(fmt::format("{}:{}: {}", file, inst.line, what));
  };
  if (inst.pc % inst_bytes_ != 0) {
    fail(fmt::format("pc 0x{:x} is not a multiple of the {}-byte instruction size", inst.pc,
                     inst_bytes_));
  }
  if (inst.pc >= (std::uint64_t{1} << 24)) {
    fail(fmt::format("pc 0x{:x} is beyond the 16 MiB a kernel's code may span", inst.pc));
  }
  const std::uint32_t index = index_of(inst.pc);
  if (index >= code_.insts.size()) {
    code_.insts.resize(index + 1);
    infos_.resize(index + 1);
  }
  Info& info = infos_[index];
  if (!info.known) {
    decode(inst, index);
    info.known = true;
    info.opcode = inst.opcode;
    info.line = inst.line;
    return index;
  }
  const func::DecodedInst& d = code_.insts[index];
  if (info.opcode != inst.opcode) {
    fail(fmt::format("pc 0x{:x} is {} here but {} at line {}", inst.pc, inst.opcode, info.opcode,
                     info.line));
  }
  if (!same_registers(inst.dst, inst.dst_count, d.writes) ||
      !same_registers(inst.src, inst.src_count, d.reads)) {
    fail(fmt::format(
        "pc 0x{:x} ({}) writes {} and reads {} here but writes {} and reads {} at line {}", inst.pc,
        inst.opcode, register_list(registers(inst.dst, inst.dst_count)),
        register_list(registers(inst.src, inst.src_count)), register_list(d.writes),
        register_list(d.reads), info.line));
  }
  return index;
}

void TraceCode::decode(const TraceInst& inst, std::uint32_t index) {
  const SassOp op = ops_.lookup(inst.opcode);
  func::DecodedInst& d = code_.insts[index];
  d.pc = index;
  d.op_class = op.op_class;
  const bool division = has_modifier(inst.opcode, kDivisionModifier);
  d.timing = static_cast<std::uint8_t>(division ? division_timing(op.timing) : op.timing);
  d.writes = registers(inst.dst, inst.dst_count);
  d.reads = registers(inst.src, inst.src_count);
  const std::string_view opcode = inst.opcode;
  if (op.op_class == func::OpClass::kLoad && op.space == SassSpace::kGlobal) {
    // ld.global.nc is LDG.E.CONSTANT from Volta on and LDG.E.CI before; .cg/.cv/volatile loads
    // are STRONG.GPU / STRONG.SYS (Accel-Sim sends these past the L1 too).
    d.read_only = has_modifier(opcode, "CONSTANT") || has_modifier(opcode, "CI") ||
                  has_modifier(opcode, "NC");
    d.l1_bypass =
        has_modifier(opcode, "STRONG") || has_modifier(opcode, "CG") || has_modifier(opcode, "CV");
  }
  d.global_memory = op.space == SassSpace::kGlobal || op.space == SassSpace::kLocal ||
                    op.space == SassSpace::kGeneric;
  Info& info = infos_[index];
  info.space = op.space;
  info.arrive_only = op.op_class == func::OpClass::kBarrier && has_modifier(opcode, "ARV");
}

}  // namespace warpsim::trace
