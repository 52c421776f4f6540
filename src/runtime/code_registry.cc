#include "runtime/code_registry.h"

#include <exception>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "ptx/types.h"
#include "runtime/fatal.h"

namespace warpsim::runtime {

namespace {

ParamSlot slot_of(const ptx::Variable& param) {
  ParamSlot slot;
  slot.size = static_cast<std::uint32_t>(param.size_bytes());
  if (!param.dims.empty() || param.vec > 1) {
    slot.kind = ParamKind::kAggregate;
  } else if (ptx::is_float_type(param.type)) {
    slot.kind = ParamKind::kFloat;
  } else if (param.type >= ptx::DataType::kU8 && param.type <= ptx::DataType::kS64) {
    slot.kind = ParamKind::kInteger;
  } else {
    slot.kind = ParamKind::kBits;
  }
  return slot;
}

}  // namespace

void CodeRegistry::add_ptx_file(std::string path) {
  ptx_files_.push_back(std::move(path));
  if (attached_ != nullptr && !files_overridden_) load_file(ptx_files_.back());
}

void CodeRegistry::add_ptx_text(std::string text, std::string name) {
  ptx_texts_.emplace_back(std::move(text), std::move(name));
  if (attached_ != nullptr) load_text(ptx_texts_.size() - 1);
}

void CodeRegistry::attach(func::Device& device, const std::string& ptx_override) {
  attached_ = &device;
  files_overridden_ = !ptx_override.empty();
  std::vector<std::string> files = ptx_files_;
  if (files_overridden_) files.assign(1, ptx_override);
  for (const std::string& path : files) load_file(path);
  for (std::size_t i = 0; i < ptx_texts_.size(); ++i) load_text(i);
}

void CodeRegistry::load_file(const std::string& path) {
  try {
    module_sources_.emplace(&attached_->load_module_file(path), path);
  } catch (const std::exception& e) {
    fatal(fmt::format("cannot load the device code: {}", e.what()));
  }
}

void CodeRegistry::load_text(std::size_t index) {
  try {
    module_sources_.emplace(
        &attached_->load_module(ptx_texts_[index].first, ptx_texts_[index].second), index);
  } catch (const std::exception& e) {
    fatal(fmt::format("cannot load the device code: {}", e.what()));
  }
}

std::string CodeRegistry::module_ptx(const func::LoadedModule& module) const {
  auto it = module_sources_.find(&module);
  if (it == module_sources_.end()) return {};
  if (const std::size_t* index = std::get_if<std::size_t>(&it->second)) {
    return ptx_texts_[*index].first;
  }
  std::ifstream in(std::get<std::string>(it->second), std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const std::map<std::string, ptx::PtxasResources>* CodeRegistry::ptxas_report(
    const func::LoadedModule& module, int cc) {
  auto [it, inserted] = ptxas_reports_.try_emplace(&module);
  if (inserted) {
    const std::string text = module_ptx(module);
    if (!text.empty()) it->second = ptx::ptxas_resources(text, cc, nullptr);
  }
  return it->second ? &*it->second : nullptr;
}

const func::FunctionCode* CodeRegistry::find_kernel(std::string_view mangled) {
  for (const auto& module : device_().modules()) {
    if (const func::FunctionCode* code = module->find_kernel(mangled)) return code;
  }
  return nullptr;
}

void CodeRegistry::register_function(const void* handle, std::string mangled) {
  function_names_[handle] = std::move(mangled);
}

const func::FunctionCode* CodeRegistry::find_function(const void* handle) {
  auto it = function_names_.find(handle);
  if (it == function_names_.end()) return nullptr;
  return find_kernel(it->second);
}

void CodeRegistry::register_missing_code(const void* handle, std::string why) {
  missing_code_[handle] = std::move(why);
}

const func::FunctionCode* CodeRegistry::find_launchable(const void* handle) {
  const func::FunctionCode* kernel = find_function(handle);
  if (kernel == nullptr) {
    if (auto it = missing_code_.find(handle); it != missing_code_.end()) fatal(it->second);
  }
  return kernel;
}

std::vector<const func::FunctionCode*> CodeRegistry::kernels() {
  std::vector<const func::FunctionCode*> all;
  for (const auto& module : device_().modules()) {
    for (const func::FunctionCode* code : module->kernels()) all.push_back(code);
  }
  return all;
}

const std::vector<ParamSlot>& CodeRegistry::param_slots(const func::FunctionCode& kernel) {
  auto [it, inserted] = param_slots_.try_emplace(&kernel);
  if (inserted) {
    for (const ptx::Variable& param : kernel.ir->params) it->second.push_back(slot_of(param));
  }
  return it->second;
}

const void* CodeRegistry::symbol_handle(std::string_view name) {
  auto it = symbol_handles_.find(name);
  if (it == symbol_handles_.end()) it = symbol_handles_.emplace(name).first;
  const void* handle = &*it;
  symbol_names_.try_emplace(handle, *it);
  return handle;
}

void CodeRegistry::register_symbol(const void* handle, std::string name) {
  symbol_names_[handle] = std::move(name);
}

std::optional<func::SymbolInfo> CodeRegistry::find_symbol(const void* handle) {
  auto it = symbol_names_.find(handle);
  if (it == symbol_names_.end()) return std::nullopt;
  for (const auto& module : device_().modules()) {
    if (auto info = module->find_symbol(it->second)) return info;
  }
  return std::nullopt;
}

}  // namespace warpsim::runtime
