#pragma once

// The program's device code and the host-side handles that name it. nvcc's host code registers
// PTX, kernels (by the address of their host stub) and module variables before main
// (registration.cc); the PTX is loaded into the functional device when the device is first
// needed, or at once once it exists. Lookups go through the loaded modules.

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "func/device.h"
#include "ptx/ptxas.h"
#include "runtime/include/warpsim_functional.h"

namespace warpsim::runtime {

class CodeRegistry {
 public:
  // `device` gives the functional device, creating it (and so attaching this registry) on first
  // use.
  explicit CodeRegistry(std::function<func::Device&()> device) : device_(std::move(device)) {}

  // PTX files (or texts) are loaded in the order added: when the device is created, or at once
  // when it exists. Code that cannot be loaded is fatal.
  void add_ptx_file(std::string path);
  void add_ptx_text(std::string text, std::string name);
  // The device was just created: loads what was added, `ptx_override` (when not empty) in place
  // of the files.
  void attach(func::Device& device, const std::string& ptx_override);

  // What `ptxas -v` reports for a module's kernels, assembled for compute capability `cc` once
  // per module (measured_resources.cc); nullptr when ptxas is missing or cannot assemble it.
  const std::map<std::string, ptx::PtxasResources>* ptxas_report(const func::LoadedModule& module,
                                                                 int cc);

  // Kernels: by mangled PTX name, by the host handle registered for them, all of them.
  const func::FunctionCode* find_kernel(std::string_view mangled);
  void register_function(const void* handle, std::string mangled);
  const func::FunctionCode* find_function(const void* handle);
  // A kernel handle whose fatbin had no usable PTX maps to the message that explains it.
  void register_missing_code(const void* handle, std::string why);
  // find_function for a launch: a kernel registered as missing is fatal, with its message; an
  // unknown handle is nullptr.
  const func::FunctionCode* find_launchable(const void* handle);
  std::vector<const func::FunctionCode*> kernels();
  // How each parameter of `kernel` is passed (warpsim_functional.h), worked out once.
  const std::vector<ParamSlot>& param_slots(const func::FunctionCode& kernel);
  // Kernels found by warpsim::runtime::find_kernel_by_name, by the program's text (nullptr
  // until remembered).
  const func::FunctionCode*& kernel_by_text(const std::string& text) {
    return kernels_by_text_[text];
  }

  // Module variables, by handle: a registered host shadow, or one made for a name
  // (warpsim::runtime::symbol()).
  const void* symbol_handle(std::string_view name);
  void register_symbol(const void* handle, std::string name);
  std::optional<func::SymbolInfo> find_symbol(const void* handle);

 private:
  void load_file(const std::string& path);
  void load_text(std::size_t index);
  // The PTX text a loaded module was made from; empty when it is unknown.
  std::string module_ptx(const func::LoadedModule& module) const;

  std::function<func::Device&()> device_;
  func::Device* attached_ = nullptr;
  std::vector<std::string> ptx_files_;
  std::vector<std::pair<std::string, std::string>> ptx_texts_;  // (text, name)
  bool files_overridden_ = false;                               // WARPSIM_PTX replaced the files
  // Where each loaded module's PTX came from: a file path, or an index into ptx_texts_.
  std::map<const func::LoadedModule*, std::variant<std::string, std::size_t>> module_sources_;
  std::map<const func::LoadedModule*, std::optional<std::map<std::string, ptx::PtxasResources>>>
      ptxas_reports_;
  std::map<const void*, std::string> missing_code_;
  std::map<const void*, std::string> function_names_;
  std::map<const void*, std::string> symbol_names_;
  std::set<std::string, std::less<>> symbol_handles_;  // node addresses are the handles
  std::map<const func::FunctionCode*, std::vector<ParamSlot>> param_slots_;
  std::map<std::string, const func::FunctionCode*> kernels_by_text_;
};

}  // namespace warpsim::runtime
