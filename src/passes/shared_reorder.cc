#include "passes/shared_reorder.h"

#include <cmath>
#include <map>
#include <utility>

#include "passes/access_range.h"
#include "passes/shared_vars.h"
#include "ptx/cfg.h"

namespace warpsim::passes {

using ptx::SymbolScope;

std::uint64_t shared_region_mask(const std::vector<SharedVar>& vars, double t) {
  const auto boundary =
      static_cast<std::uint64_t>(std::floor(t * static_cast<double>(static_shared_bytes(vars))));
  std::uint64_t mask = 0;
  for (std::size_t i = 0; i < vars.size() && i < 64; ++i) {
    if (vars[i].dynamic || vars[i].offset + vars[i].size > boundary) mask |= std::uint64_t{1} << i;
  }
  return vars.size() > 64 ? all_vars_mask(64) : mask;
}

std::vector<bool> shared_region_accesses(const ptx::Module& module, std::uint32_t function,
                                         double t) {
  const ptx::Function& fn = module.functions.at(function);
  const std::vector<SharedVar> vars = kernel_shared_vars(module, function);
  const std::vector<std::uint64_t> access = shared_accesses(fn, vars);
  // With calls, the callees' variables shift the layout: every variable counts as shared.
  const std::uint64_t region =
      calls_functions(fn) ? all_vars_mask(vars.size()) : shared_region_mask(vars, t);
  std::vector<bool> out(fn.insts.size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = (access[i] & region) != 0;
  return out;
}

namespace {

// Permutes the kernel's shared variables: the one at vars[k]'s position in Function::vars
// receives order[k]; symbol references follow.
void apply_order(ptx::Function& fn, const std::vector<SharedVar>& vars,
                 const std::vector<std::size_t>& order) {
  std::map<std::uint32_t, std::uint32_t> new_index;  // old var index -> new
  std::vector<ptx::Variable> moved;
  for (std::size_t k = 0; k < vars.size(); ++k) {
    const std::uint32_t slot = vars[k].ref.index;
    const std::uint32_t from = vars[order[k]].ref.index;
    new_index[from] = slot;
    moved.push_back(fn.vars[from]);
  }
  for (std::size_t k = 0; k < vars.size(); ++k) {
    const std::uint32_t scope = fn.vars[vars[k].ref.index].scope;
    fn.vars[vars[k].ref.index] = std::move(moved[k]);
    fn.vars[vars[k].ref.index].scope = scope;
  }
  for (ptx::Instruction& inst : fn.insts) {
    for (ptx::Operand& op : inst.operands) {
      if ((op.kind == ptx::OperandKind::kSymbol || op.kind == ptx::OperandKind::kAddress) &&
          op.symbol.scope == SymbolScope::kLocal) {
        auto it = new_index.find(op.symbol.index);
        if (it != new_index.end()) op.symbol.index = it->second;
      }
    }
  }
}

}  // namespace

ReorderResult reorder_shared_vars(ptx::Module& module, std::uint32_t function, double t,
                                  double loop_weight) {
  ptx::Function& fn = module.functions.at(function);
  std::vector<SharedVar> vars = kernel_shared_vars(module, function);
  ReorderResult result;
  for (const SharedVar& v : vars) result.order.push_back(v.name);
  const auto skip = [&](std::string why) {
    result.note = std::move(why);
    return result;
  };
  if (vars.size() < 2) return skip("fewer than two shared variables");
  if (vars.size() > 16) return skip("more than 16 shared variables");
  if (calls_functions(fn)) return skip("calls functions (their shared variables are laid out too)");
  for (const SharedVar& v : vars) {
    if (v.ref.scope != SymbolScope::kLocal) return skip("uses module-scope shared variables");
    if (v.dynamic) return skip("uses dynamic shared memory");
    if (fn.vars[v.ref.index].scope != fn.vars[vars[0].ref.index].scope) {
      return skip("shared variables in different scopes");
    }
  }

  const ptx::Cfg cfg = ptx::build_cfg(fn);
  const std::vector<std::uint64_t> access = shared_accesses(fn, vars);
  const InstructionRanges ranges = instruction_ranges(cfg, access, vars.size(), loop_weight);

  // The range of the region a layout leaves shared, as a mask over the original variables.
  const auto cost = [&](const std::vector<std::size_t>& order) {
    std::vector<SharedVar> laid;
    for (std::size_t k : order) laid.push_back(vars[k]);
    assign_offsets(laid);
    const std::uint64_t region = shared_region_mask(laid, t);
    std::uint64_t original = 0;
    for (std::size_t k = 0; k < order.size(); ++k) {
      if ((region >> k) & 1U) original |= std::uint64_t{1} << order[k];
    }
    return ranges.range_size(original);
  };

  std::vector<std::size_t> declared(vars.size());
  for (std::size_t k = 0; k < vars.size(); ++k) declared[k] = k;
  result.range_before = result.range_after = cost(declared);
  std::vector<std::size_t> best = declared;
  const std::uint32_t subsets = 1U << vars.size();
  for (std::uint32_t low = 1; low + 1 < subsets; ++low) {  // the variables placed first
    std::vector<std::size_t> order;
    for (std::size_t k = 0; k < vars.size(); ++k) {
      if ((low >> k) & 1U) order.push_back(k);
    }
    for (std::size_t k = 0; k < vars.size(); ++k) {
      if (!((low >> k) & 1U)) order.push_back(k);
    }
    const double c = cost(order);
    if (c < result.range_after) {
      result.range_after = c;
      best = order;
    }
  }
  if (best == declared) return result;
  apply_order(fn, vars, best);
  result.changed = true;
  result.order.clear();
  for (std::size_t k : best) result.order.push_back(vars[k].name);
  return result;
}

}  // namespace warpsim::passes
