#include "gpu/gpu_description.h"

#include <charconv>
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
