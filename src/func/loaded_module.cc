#include "func/loaded_module.h"

#include <cstring>

#include <fmt/format.h>

#include "func/address_map.h"
#include "func/decode.h"
#include "func/device_memory.h"
#include "func/exec_error.h"
#include "func/module_loader.h"

namespace warpsim::func {

const FunctionCode* LoadedModule::find_kernel(std::string_view name) const {
  for (const FunctionCode& code : functions) {
    if (code.ir->is_entry && code.ir->has_body && code.ir->name == name) return &code;
  }
  return nullptr;
}

std::vector<const FunctionCode*> LoadedModule::kernels() const {
  std::vector<const FunctionCode*> out;
  for (const FunctionCode& code : functions) {
    if (code.ir->is_entry && code.ir->has_body) out.push_back(&code);
  }
  return out;
}

std::optional<SymbolInfo> LoadedModule::find_symbol(std::string_view name) const {
  for (std::size_t i = 0; i < ir->globals.size(); ++i) {
    const ptx::Variable& v = ir->globals[i];
    if (v.name != name || global_addresses[i] == 0) continue;
    return SymbolInfo{global_addresses[i], v.size_bytes(), v.space};
  }
  return std::nullopt;
}

namespace {

[[noreturn]] void bad_variable(const ptx::Module& m, const ptx::Variable& v,
                               const std::string& what) {
  throw LaunchError(fmt::format("{}: variable '{}': {}", m.file_name, v.name, what));
}

Addr symbol_value(const LoadedModule& module, const ptx::Variable& owner,
                  const ptx::InitItem& item) {
  const ptx::Module& m = *module.ir;
  Addr base = 0;
  if (item.symbol.scope == ptx::SymbolScope::kFunction) {
    base = kFunctionBase + item.symbol.index;
  } else if (item.symbol.scope == ptx::SymbolScope::kGlobal) {
    base = module.global_addresses.at(item.symbol.index);
    if (base == 0) {
      bad_variable(m, owner,
                   "its initializer takes the address of a variable without global storage");
    }
  } else {
    bad_variable(m, owner, "unsupported symbol in initializer");
  }
  return base + static_cast<Addr>(item.offset);
}

// Writes the initializer of global `index` into its storage.
void initialize(const LoadedModule& module, DeviceMemory& memory, std::size_t index) {
  const ptx::Variable& v = module.ir->globals[index];
  if (v.init.empty()) return;
  unsigned elem = ptx::type_size(v.type);
  Addr at = module.global_addresses[index];
  Addr end = at + v.size_bytes();
  for (const ptx::InitItem& item : v.init) {
    if (item.kind == ptx::InitItem::Kind::kOpen || item.kind == ptx::InitItem::Kind::kClose)
      continue;
    if (at + elem > end)
      bad_variable(*module.ir, v, "initializer has more values than the variable");
    std::uint64_t bits = 0;
    if (item.kind == ptx::InitItem::Kind::kValue) {
      ptx::Operand imm = ptx::Operand::make_imm(item.bits, item.imm_kind);
      bits = ptx::immediate_bits(imm, v.type);
    } else {
      bits = symbol_value(module, v, item);  // generic == global address for global symbols
    }
    memory.write(at, &bits, elem);  // little-endian: the low `elem` bytes
    at += elem;
  }
}

}  // namespace

std::unique_ptr<LoadedModule> place_module(ptx::Module ir, DeviceMemory& memory) {
  auto module = std::make_unique<LoadedModule>();
  module->ir = std::make_unique<ptx::Module>(std::move(ir));
  const ptx::Module& m = *module->ir;
  module->global_addresses.assign(m.globals.size(), 0);
  module->shared_id_of_global.assign(m.globals.size(), kNoSlot);
  for (std::size_t i = 0; i < m.globals.size(); ++i) {
    const ptx::Variable& v = m.globals[i];
    if (v.space == ptx::StateSpace::kShared) {
      module->shared_id_of_global[i] = static_cast<std::uint32_t>(module->shared_vars.size());
      module->shared_vars.push_back(
          {v.name, v.size_bytes(), variable_align(v), v.size_bytes() == 0});
      continue;
    }
    if (v.space != ptx::StateSpace::kGlobal && v.space != ptx::StateSpace::kConst) continue;
    if (v.linkage == ptx::Linkage::kExtern) continue;  // defined in another module
    std::uint64_t size = v.size_bytes();
    if (size == 0) bad_variable(m, v, "has no size");
    AllocationKind kind = AllocationKind::kGlobalVar;
    if (v.space == ptx::StateSpace::kConst) kind = AllocationKind::kConstVar;
    if (v.managed) kind = AllocationKind::kManagedVar;  // __managed__: the host reaches it too
    module->global_addresses[i] =
        memory.allocate(size, kind, v.name, std::max<std::size_t>(variable_align(v), 256));
  }
  for (std::uint32_t f = 0; f < m.functions.size(); ++f) {
    const auto& vars = m.functions[f].vars;
    for (std::uint32_t i = 0; i < vars.size(); ++i) {
      if (vars[i].space != ptx::StateSpace::kShared) continue;
      module->shared_ids_of_locals[{f, i}] = static_cast<std::uint32_t>(module->shared_vars.size());
      module->shared_vars.push_back(
          {vars[i].name, vars[i].size_bytes(), variable_align(vars[i]), vars[i].size_bytes() == 0});
    }
  }
  for (std::size_t i = 0; i < m.globals.size(); ++i) {
    if (module->global_addresses[i] != 0) initialize(*module, memory, i);
  }
  decode_module(*module);
  return module;
}

}  // namespace warpsim::func
