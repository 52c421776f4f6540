#include "func/device.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "func/address_map.h"
#include "func/exec_error.h"
#include "func/module_loader.h"
#include "func/run.h"
#include "ptx/error.h"
#include "ptx/parser.h"
#include "ptx/verifier.h"

namespace warpsim::func {

Device::Device(DeviceOptions options) : options_(options), memory_(options.host_mapped) {}
Device::~Device() = default;

std::ostream& Device::printf_out() const {
  return options_.printf_out != nullptr ? *options_.printf_out : std::cout;
}

namespace {

void reject_relssp(const ptx::Module& module) {
  for (const ptx::Function& fn : module.functions) {
    for (const ptx::Instruction& inst : fn.insts) {
      if (inst.op != ptx::Opcode::kRelssp) continue;
      throw ptx::ParseError(module.file_name, inst.loc.line, inst.loc.col,
                            fmt::format("function {}: relssp is warpsim's instruction for "
                                        "scratchpad sharing; the GPU needs "
                                        "sm.scratchpad_sharing.enabled: true",
                                        fn.name));
    }
  }
}

}  // namespace

const LoadedModule& Device::load_module(std::string_view ptx_text, const std::string& file_name) {
  ptx::Module ir = ptx::parse_ptx(ptx_text, file_name);
  if (options_.transform) {
    options_.transform(ir);
    ptx::verify(ir);
  }
  if (!options_.allow_relssp) reject_relssp(ir);
  auto module = place_module(std::move(ir), memory_);
  module->id = static_cast<std::uint32_t>(modules_.size());
  modules_.push_back(std::move(module));
  return *modules_.back();
}

const LoadedModule& Device::load_module_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ptx::ParseError(path, 0, 0, "cannot open file");
  std::ostringstream text;
  text << in.rdbuf();
  return load_module(text.str(), path);
}

namespace {

[[noreturn]] void bad_launch(const FunctionCode& kernel, const std::string& what) {
  throw LaunchError(fmt::format("launch of kernel {}: {}", kernel.name(), what));
}

void check_dims(const FunctionCode& kernel, const LaunchConfig& config,
                const DeviceOptions& options) {
  const Dim3& g = config.grid;
  const Dim3& b = config.block;
  if (g.x == 0 || g.y == 0 || g.z == 0 || b.x == 0 || b.y == 0 || b.z == 0) {
    bad_launch(kernel, fmt::format("empty grid {} or block {}", g.str(), b.str()));
  }
  if (g.y > 65535 || g.z > 65535 || g.x > 0x7fffffffU) {
    bad_launch(kernel, fmt::format("grid {} exceeds the limits (2^31-1, 65535, 65535)", g.str()));
  }
  if (b.volume() > options.max_threads_per_cta || b.z > 64) {
    bad_launch(kernel, fmt::format("block {} has {} threads; the limit is {} (z at most 64)",
                                   b.str(), b.volume(), options.max_threads_per_cta));
  }
  const ptx::PerfDirectives& perf = kernel.ir->perf;
  if (!perf.reqntid.empty()) {
    Dim3 want{perf.reqntid[0], perf.reqntid.size() > 1 ? perf.reqntid[1] : 1,
              perf.reqntid.size() > 2 ? perf.reqntid[2] : 1};
    if (!(want == b))
      bad_launch(kernel, fmt::format("block {} but .reqntid {}", b.str(), want.str()));
  }
}

// Static shared variables first (each at its alignment), then the dynamic area.
void layout_shared(const LoadedModule& module, const FunctionCode& kernel, LaunchState& launch) {
  launch.shared_offsets.assign(module.shared_vars.size(), kNoSlot);
  std::uint64_t offset = 0;
  std::uint32_t dynamic_align = 16;
  for (std::uint32_t id : kernel.shared_ids) {
    const SharedVar& v = module.shared_vars[id];
    if (v.dynamic) {
      dynamic_align = std::max(dynamic_align, v.align);
      continue;
    }
    offset = align_up(offset, v.align);
    launch.shared_offsets[id] = static_cast<std::uint32_t>(offset);
    offset += v.size;
  }
  launch.static_shared = static_cast<std::uint32_t>(offset);
  offset = align_up(offset, dynamic_align);
  for (std::uint32_t id : kernel.shared_ids) {
    if (module.shared_vars[id].dynamic)
      launch.shared_offsets[id] = static_cast<std::uint32_t>(offset);
  }
  std::uint64_t total = offset + launch.config.dynamic_shared;
  if (total > launch.device->options().max_shared_per_cta) {
    bad_launch(kernel, fmt::format("needs {} bytes of shared memory ({} static + {} dynamic); the "
                                   "limit is {}",
                                   total, launch.static_shared, launch.config.dynamic_shared,
                                   launch.device->options().max_shared_per_cta));
  }
  launch.shared_size = static_cast<std::uint32_t>(total);
}

}  // namespace

LaunchState Device::prepare(const FunctionCode& kernel, const LaunchConfig& config,
                            std::span<const void* const> args) {
  const LoadedModule* module = nullptr;
  for (const auto& m : modules_) {
    if (!m->functions.empty() && &kernel >= m->functions.data() &&
        &kernel < m->functions.data() + m->functions.size()) {
      module = m.get();
    }
  }
  if (module == nullptr || !kernel.ir->is_entry || !kernel.ir->has_body) {
    throw LaunchError(
        "launch of a function that is not a kernel of a module loaded on this device");
  }
  check_dims(kernel, config, options_);
  LaunchState launch;
  launch.device = this;
  launch.module = module;
  launch.kernel = &kernel;
  launch.config = config;
  launch.launch_id = launches_++;
  launch.warps_per_cta =
      static_cast<std::uint32_t>((config.block.volume() + kWarpSize - 1) / kWarpSize);
  const auto& params = kernel.ir->params;
  if (args.size() != params.size()) {
    bad_launch(kernel,
               fmt::format("{} arguments given, the kernel takes {}", args.size(), params.size()));
  }
  launch.params.assign(kernel.kernel_param_size, 0);
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (args[i] == nullptr) bad_launch(kernel, fmt::format("argument {} is null", i));
    std::memcpy(launch.params.data() + kernel.kernel_param_offsets[i], args[i],
                params[i].size_bytes());
  }
  layout_shared(*module, kernel, launch);
  return launch;
}

LaunchResult Device::run(LaunchState& launch) { return run_functional(launch, options_); }

}  // namespace warpsim::func
