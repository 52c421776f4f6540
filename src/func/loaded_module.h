#pragma once

// A PTX module loaded onto a Device: its IR, the decoded code of every function, and where its
// variables live (global/const variables are allocated in device memory at load time and
// initialized; shared variables get per-kernel offsets at launch).

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "func/program.h"
#include "ptx/ir.h"
#include "sim/time.h"

namespace warpsim::func {

struct SharedVar {
  std::string name;
  std::uint64_t size = 0;
  std::uint32_t align = 1;
  bool dynamic = false;  // `extern .shared ... []`: placed after the static ones
};

struct SymbolInfo {
  Addr address = 0;
  std::uint64_t size = 0;
  ptx::StateSpace space = ptx::StateSpace::kGlobal;
};

class LoadedModule {
 public:
  std::unique_ptr<ptx::Module> ir;
  std::vector<FunctionCode> functions;             // indexed like ir->functions
  std::vector<Addr> global_addresses;              // ir->globals index -> address, or 0
  std::vector<std::uint32_t> shared_id_of_global;  // ir->globals index -> shared id or kNoSlot
  std::vector<SharedVar> shared_vars;
  // Function-scope .shared variables: (function, Function::vars index) -> shared id.
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> shared_ids_of_locals;
  std::uint32_t id = 0;  // load order on its Device

  std::uint32_t shared_id_of_local(std::uint32_t function, std::uint32_t var) const {
    return shared_ids_of_locals.at({function, var});
  }

  // nullptr when there is no kernel (.entry with a body) of that name.
  const FunctionCode* find_kernel(std::string_view name) const;
  std::vector<const FunctionCode*> kernels() const;
  // A .global or .const variable; nullopt when there is none of that name.
  std::optional<SymbolInfo> find_symbol(std::string_view name) const;
  const std::string& file_name() const { return ir->file_name; }
};

}  // namespace warpsim::func
