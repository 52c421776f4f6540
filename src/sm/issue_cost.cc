#include "sm/issue_cost.h"

#include <cmath>
#include <filesystem>

#include <fmt/format.h>

#include "func/program.h"
#include "ptx/ir.h"
#include "sim/config_node.h"

namespace warpsim {

namespace {

// The operand class of a type: what decides how many SASS instructions its arithmetic takes.
std::string type_class(ptx::DataType t) {
  using ptx::DataType;
  switch (t) {
    case DataType::kNone:
      return "";
    case DataType::kPred:
      return "pred";
    case DataType::kB8:
    case DataType::kU8:
    case DataType::kS8:
    case DataType::kB16:
    case DataType::kU16:
    case DataType::kS16:
      return "16";
    case DataType::kB32:
    case DataType::kU32:
    case DataType::kS32:
      return "32";
    case DataType::kB64:
    case DataType::kU64:
    case DataType::kS64:
      return "64";
    case DataType::kF16:
    case DataType::kF16x2:
    case DataType::kBf16:
    case DataType::kBf16x2:
      return "f16";
    case DataType::kF32:
    case DataType::kTf32:
      return "f32";
    case DataType::kF64:
      return "f64";
    default:
      return std::string(ptx::type_name(t));
  }
}

std::string with_class(std::string key, ptx::DataType t) {
  const std::string c = type_class(t);
  if (!c.empty()) key += "." + c;
  return key;
}

bool is_memory(ptx::Opcode op) {
  using ptx::Opcode;
  return op == Opcode::kLd || op == Opcode::kLdu || op == Opcode::kSt || op == Opcode::kAtom ||
         op == Opcode::kRed;
}

bool is_long_math(ptx::Opcode op) {
  using ptx::Opcode;
  switch (op) {
    case Opcode::kDiv:
    case Opcode::kRem:
    case Opcode::kSqrt:
    case Opcode::kRcp:
    case Opcode::kRsqrt:
    case Opcode::kEx2:
    case Opcode::kLg2:
    case Opcode::kSin:
    case Opcode::kCos:
    case Opcode::kTanh:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::string issue_key(const ptx::Instruction& inst) {
  using ptx::ModCat;
  using ptx::Opcode;
  std::string key(ptx::opcode_name(inst.op));
  if (is_memory(inst.op)) {
    const std::string_view space = ptx::space_name(inst.space);
    return key + "." + (space.empty() ? std::string("generic") : std::string(space));
  }
  if (is_long_math(inst.op)) {
    const ptx::Mod precision = inst.mod(ModCat::kPrecision);
    if (precision != ptx::Mod::kNone) {
      key += '.';
      key += ptx::mod_name(precision);
    } else if (inst.has(ModCat::kRounding)) {
      key += ".rn";  // IEEE-rounded: the long, software sequence whatever the mode
    }
    return with_class(key, inst.type);
  }
  switch (inst.op) {
    case Opcode::kMul:
    case Opcode::kMad:
      if (inst.has(ModCat::kMulMode)) {
        key += '.';
        key += ptx::mod_name(inst.mod(ModCat::kMulMode));
      }
      return with_class(key, inst.type);
    case Opcode::kCvt:
      return with_class(with_class(key, inst.type), inst.type2);
    case Opcode::kMov:
      if (inst.operands.size() > 1) {
        const ptx::OperandKind source = inst.operands[1].kind;
        if (source == ptx::OperandKind::kSreg) return key + ".sreg";
        if (source == ptx::OperandKind::kSymbol) return key + ".symbol";
      }
      return with_class(key, inst.type);
    case Opcode::kBra:
    case Opcode::kCvta:
      return key;
    default:
      return with_class(key, inst.type);
  }
}

std::string issue_key_opcode(const std::string& key) { return key.substr(0, key.find('.')); }

namespace {

IssueCost to_cost(double slots) { return static_cast<IssueCost>(std::lround(slots * kOneSlot)); }

}  // namespace

IssueCostTable::IssueCostTable(const std::map<std::string, double>& slots) {
  for (const auto& [key, value] : slots) costs_[key] = to_cost(value);
}

IssueCostTable::IssueCostTable(const ConfigNode& sm) {
  const ConfigNode& name = sm.at("issue_costs");
  // Made absolute by the schema (ParamSpec::file).
  const std::filesystem::path file = name.as_string();
  if (file.empty()) return;
  if (!std::filesystem::exists(file)) {
    throw name.error(fmt::format("no such file: {}", file.string()));
  }
  const ConfigNode doc = ConfigNode::parse_file(file.string());
  if (!doc.is_map()) throw doc.error("expected a map of instruction keys to issue slots");
  for (const auto& [key, value] : doc.entries()) {
    if (!value.is_scalar()) throw value.error(fmt::format("'{}': expected a number", key));
    const double slots = value.as_double();
    if (!(slots >= 0 && slots <= 64)) {
      throw value.error(fmt::format("'{}': issue slots are 0 to 64, got {}", key, slots));
    }
    costs_[key] = to_cost(slots);
  }
  if (costs_.empty()) throw doc.error("an issue-cost table with no entries");
}

IssueCost IssueCostTable::cost(const ptx::Instruction& inst) const {
  const std::string key = issue_key(inst);
  if (auto it = costs_.find(key); it != costs_.end()) return it->second;
  if (auto it = costs_.find(issue_key_opcode(key)); it != costs_.end()) return it->second;
  if (auto it = costs_.find("*"); it != costs_.end()) return it->second;
  return kOneSlot;
}

std::vector<IssueCost> IssueCostTable::costs_of(const func::FunctionCode& code) const {
  std::vector<IssueCost> costs;
  costs.reserve(code.insts.size());
  for (const func::DecodedInst& inst : code.insts) {
    costs.push_back(inst.ir == nullptr ? kOneSlot : cost(*inst.ir));
  }
  return costs;
}

}  // namespace warpsim
