#include "gpu/gpu_description.h"

#include <charconv>
#include <string>
#include <string_view>

namespace warpsim {

namespace {

// "9.0" -> {9, 0}; anything else is a ConfigError at the key.
void read_compute_capability(const ConfigNode& node, GpuDescription& gpu) {
  const std::string text = node.as_string();
  const std::string_view view = text;
  const std::size_t dot = view.find('.');
  auto number = [](std::string_view digits, int& out) {
    if (digits.empty() || digits.size() > 2) return false;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
    return ec == std::errc() && end == digits.data() + digits.size();
  };
  if (dot == std::string_view::npos || !number(view.substr(0, dot), gpu.cc_major) ||
      !number(view.substr(dot + 1), gpu.cc_minor) || gpu.cc_major < 1 || gpu.cc_minor > 9) {
    throw node.error("expected a compute capability MAJOR.MINOR such as \"9.0\", got '" + text +
                     "'");
  }
}

std::uint32_t as_u32(const ConfigNode& node) {
  const std::uint64_t value = node.as_uint();
  if (value > 0xffffffffULL) throw node.error("value is too large");
  return static_cast<std::uint32_t>(value);
}

// Carve-outs must rise strictly and end at the SM's shared_memory, the largest split.
void read_carveouts(const ConfigNode& sm, GpuDescription& gpu) {
  const ConfigNode& node = sm.at("shared_carveouts");
  for (const std::int64_t bytes : node.as_int_list()) {
    if (!gpu.shared_carveouts.empty() &&
        static_cast<std::uint64_t>(bytes) <= gpu.shared_carveouts.back()) {
      throw node.error("carve-outs must be listed from the smallest up, each once");
    }
    gpu.shared_carveouts.push_back(static_cast<std::uint64_t>(bytes));
  }
  if (!gpu.shared_carveouts.empty() && gpu.shared_carveouts.back() != gpu.shared_per_sm) {
    throw node.error("the largest carve-out must be the SM's shared_memory (" +
                     std::to_string(gpu.shared_per_sm) + " bytes)");
  }
  gpu.shared_carveout_choice = sm.at("shared_carveout_choice").as_string() == "largest"
                                   ? CarveoutChoice::kLargest
                                   : CarveoutChoice::kSmallest;
}

void read_occupancy_rules(const ConfigNode& sm, GpuDescription& gpu) {
  gpu.max_threads_per_cta = as_u32(sm.at("max_threads_per_cta"));
  if (gpu.max_threads_per_cta > gpu.max_threads_per_sm) {
    throw sm.at("max_threads_per_cta").error("is larger than the SM's max_threads");
  }
  gpu.max_registers_per_cta = as_u32(sm.at("max_registers_per_cta"));
  if (gpu.max_registers_per_cta > gpu.registers_per_sm) {
    throw sm.at("max_registers_per_cta").error("is larger than the SM's registers");
  }
  gpu.max_registers_per_thread = as_u32(sm.at("max_registers_per_thread"));
  gpu.register_allocation_unit = as_u32(sm.at("register_allocation_unit"));
  gpu.register_allocation_granularity =
      sm.at("register_allocation_granularity").as_string() == "cta" ? RegisterGranularity::kCta
                                                                    : RegisterGranularity::kWarp;
  gpu.register_file_partitions = as_u32(sm.at("register_file_partitions"));
  for (const std::int64_t count : sm.at("registers_in_double_units").as_int_list()) {
    gpu.registers_in_double_units.push_back(static_cast<std::uint32_t>(count));
  }
  gpu.shared_allocation_unit = sm.at("shared_allocation_unit").as_size();
  gpu.reserved_shared_per_cta = sm.at("reserved_shared_per_cta").as_size();
  read_carveouts(sm, gpu);
}

}  // namespace

GpuDescription describe_gpu(const ConfigNode& resolved) {
  GpuDescription gpu;
  gpu.name = resolved.at("name").as_string();
  if (const ConfigNode* description = resolved.find("description")) {
    gpu.description = description->as_string();
  }
  const ConfigNode& sm = resolved.at("sm");
  read_compute_capability(sm.at("compute_capability"), gpu);
  gpu.sm_count = as_u32(sm.at("count"));
  gpu.warp_size = as_u32(sm.at("warp_size"));
  gpu.max_threads_per_sm = as_u32(sm.at("max_threads"));
  gpu.max_ctas_per_sm = as_u32(sm.at("max_ctas"));
  gpu.registers_per_sm = as_u32(sm.at("registers"));
  gpu.shared_per_sm = sm.at("shared_memory").as_size();
  gpu.max_shared_per_cta = sm.at("max_shared_per_cta").as_size();
  if (gpu.max_shared_per_cta > gpu.shared_per_sm) {
    throw sm.at("max_shared_per_cta").error("is larger than the SM's shared_memory");
  }
  read_occupancy_rules(sm, gpu);
  gpu.kernel_registers = as_u32(resolved.at("gpu").at("kernel_registers"));
  gpu.kernel_local_bytes = as_u32(resolved.at("gpu").at("kernel_local_bytes"));
  if (gpu.kernel_registers > gpu.max_registers_per_thread && gpu.max_registers_per_thread != 0) {
    throw resolved.at("gpu")
        .at("kernel_registers")
        .error("is more than the SM's max_registers_per_thread");
  }
  const ConfigNode& device = resolved.at("device");
  gpu.global_memory = device.at("global_memory").as_size();
  gpu.l2_size = device.at("l2_size").as_size();
  gpu.memory_bus_bits = as_u32(device.at("memory_bus_bits"));
  const ConfigNode& clocks = resolved.at("clocks");
  gpu.core_mhz = clocks.at("core_mhz").as_double();
  gpu.dram_mhz = clocks.at("dram_mhz").as_double();
  return gpu;
}

}  // namespace warpsim
