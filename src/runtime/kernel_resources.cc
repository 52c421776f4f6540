#include "runtime/kernel_resources.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <vector>

#include "func/decode.h"
#include "ptx/analysis/register_liveness.h"
#include "ptx/cfg.h"
#include "ptx/types.h"

namespace warpsim::runtime {
namespace {

constexpr std::uint32_t kMaxRegistersPerThread = 255;

std::uint64_t align_up(std::uint64_t value, std::uint64_t align) {
  return align <= 1 ? value : (value + align - 1) / align * align;
}

// 32-bit registers one PTX register occupies: predicates live in their own file.
std::uint32_t register_weight(const ptx::Register& reg) {
  if (reg.type == ptx::DataType::kPred) return 0;
  const std::uint32_t words = (ptx::type_size(reg.type) + 3) / 4;
  return std::max<std::uint32_t>(words, 1) * reg.vec;
}

std::uint32_t weight_of(const ptx::BitSet& live, const std::vector<std::uint32_t>& weights) {
  std::uint32_t total = 0;
  live.for_each([&](std::size_t reg) { total += weights[reg]; });
  return total;
}

// The most register storage live at once in one function: before each instruction, and just
// after it together with what it writes (a value written and never read still needs a register).
std::uint32_t function_pressure(const ptx::Function& function) {
  if (!function.has_body || function.insts.empty()) return 0;
  std::vector<std::uint32_t> weights;
  weights.reserve(function.regs.size());
  for (const ptx::Register& reg : function.regs) weights.push_back(register_weight(reg));
  const ptx::Cfg cfg = ptx::build_cfg(function);
  const ptx::LivenessInfo liveness = ptx::function_liveness(function, cfg);
  std::uint32_t most = 0;
  for (std::size_t b = 0; b < cfg.blocks.size(); ++b) {
    const ptx::BasicBlock& block = cfg.blocks[b];
    if (block.empty()) continue;
    most = std::max(most, weight_of(liveness.live_in[b], weights));
    const auto regs = ptx::block_registers(function, block);
    const auto live_out = ptx::instruction_live_out(regs, liveness.live_out[b]);
    for (std::size_t i = 0; i < regs.size(); ++i) {
      ptx::BitSet busy = live_out[i];
      for (std::uint32_t reg : regs[i].defs) busy.set(reg);
      most = std::max(most, weight_of(busy, weights));
    }
  }
  return most;
}

std::uint32_t static_shared_bytes(const func::LoadedModule& module,
                                  const func::FunctionCode& kernel) {
  std::uint64_t offset = 0;
  for (std::uint32_t id : kernel.shared_ids) {
    const func::SharedVar& var = module.shared_vars[id];
    if (var.dynamic) continue;
    offset = align_up(offset, var.align) + var.size;
  }
  return static_cast<std::uint32_t>(offset);
}

std::uint32_t const_bank_bytes(const ptx::Module& module) {
  std::uint64_t offset = 0;
  for (const ptx::Variable& var : module.globals) {
    if (var.space != ptx::StateSpace::kConst) continue;
    offset = align_up(offset, func::variable_align(var)) + var.size_bytes();
  }
  return static_cast<std::uint32_t>(offset);
}

std::uint32_t product(const std::vector<std::uint32_t>& dims) {
  std::uint64_t total = 1;
  for (std::uint32_t d : dims) total *= d;
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(total, UINT32_MAX));
}

// Threads per block the kernel's .maxntid/.reqntid allow; 0 when it has neither.
std::uint32_t launch_bound(const ptx::PerfDirectives& perf) {
  std::uint32_t bound = 0;
  if (!perf.maxntid.empty()) bound = product(perf.maxntid);
  if (!perf.reqntid.empty()) {
    const std::uint32_t required = product(perf.reqntid);
    bound = bound == 0 ? required : std::min(bound, required);
  }
  return bound;
}

// XY of the first sm_XY (or sm_XYa/f) the module's .target names; 0 when it names none.
int target_version(const ptx::Module& module) {
  for (const std::string& target : module.target) {
    int version = 0;
    if (std::sscanf(target.c_str(), "sm_%d", &version) == 1) return version;
  }
  return 0;
}

}  // namespace

const func::LoadedModule* module_of(const func::Device& device, const func::FunctionCode& kernel) {
  for (const auto& module : device.modules()) {
    const auto& functions = module->functions;
    if (!functions.empty() && &kernel >= functions.data() &&
        &kernel < functions.data() + functions.size()) {
      return module.get();
    }
  }
  return nullptr;
}

std::uint32_t estimate_registers(const func::LoadedModule& module,
                                 const func::FunctionCode& kernel) {
  std::uint32_t most = 0;
  std::set<std::uint32_t> seen;
  std::vector<std::uint32_t> pending{kernel.index};
  while (!pending.empty()) {
    const std::uint32_t index = pending.back();
    pending.pop_back();
    if (!seen.insert(index).second) continue;
    const func::FunctionCode& code = module.functions[index];
    most = std::max(most, function_pressure(*code.ir));
    pending.insert(pending.end(), code.callees.begin(), code.callees.end());
  }
  std::uint32_t cap = kMaxRegistersPerThread;
  if (kernel.ir->perf.maxnreg) cap = std::min(cap, *kernel.ir->perf.maxnreg);
  return std::min(most, cap);
}

KernelResources measure_kernel(const func::LoadedModule& module, const func::FunctionCode& kernel) {
  KernelResources r;
  r.static_shared = static_shared_bytes(module, kernel);
  r.const_bytes = const_bank_bytes(*module.ir);
  r.local_bytes = kernel.frame.size;
  const ptx::PerfDirectives& perf = kernel.ir->perf;
  r.launch_bound = launch_bound(perf);
  r.ptx_version = target_version(*module.ir);
  if (!perf.reqnctapercluster.empty()) {
    for (std::size_t i = 0; i < 3; ++i) {
      const auto& dims = perf.reqnctapercluster;
      r.cluster_dims[i] = i < dims.size() ? static_cast<int>(dims[i]) : 1;
    }
  }
  r.explicit_cluster = perf.explicitcluster;
  return r;
}

}  // namespace warpsim::runtime
