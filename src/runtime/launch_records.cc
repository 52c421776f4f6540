#include "runtime/launch_records.h"

#include "runtime/kernel_names.h"

namespace warpsim::runtime {

namespace {

nlohmann::ordered_json describe(const std::string& name, const func::LaunchConfig& config) {
  nlohmann::ordered_json line;
  line["name"] = kernel_cpp_name(name);
  line["mangled"] = name;
  line["grid"] = {config.grid.x, config.grid.y, config.grid.z};
  line["block"] = {config.block.x, config.block.y, config.block.z};
  line["dynamic_shared"] = config.dynamic_shared;
  return line;
}

}  // namespace

nlohmann::ordered_json launch_record(const func::FunctionCode& kernel,
                                     const func::LaunchConfig& config,
                                     const func::LaunchResult& result) {
  nlohmann::ordered_json line = describe(kernel.name(), config);
  line["warp_insts"] = result.warp_insts;
  line["thread_insts"] = result.thread_insts;
  line["ctas"] = result.ctas;
  return line;
}

// The model's own per-kernel figures follow the fixed ones; where it names one of them too, its
// value replaces the computed one in place.
nlohmann::ordered_json kernel_result_record(const func::FunctionCode& kernel,
                                            const func::LaunchConfig& config,
                                            const KernelResult& result) {
  return kernel_result_record(kernel.name(), config, result);
}

nlohmann::ordered_json kernel_result_record(const std::string& name,
                                            const func::LaunchConfig& config,
                                            const KernelResult& result) {
  nlohmann::ordered_json line = describe(name, config);
  line["launch"] = result.launch_id;
  line["stream"] = result.stream;
  line["ctas"] = result.ctas;
  line["cycles"] = result.end_cycle - result.start_cycle;
  line["start_cycle"] = result.start_cycle;
  line["end_cycle"] = result.end_cycle;
  line["warp_insts"] = result.warp_insts;
  line["thread_insts"] = result.thread_insts;
  if (result.stats.is_object()) {
    for (const auto& [key, value] : result.stats.items()) line[key] = value;
  }
  return line;
}

nlohmann::ordered_json run_record(const nlohmann::ordered_json& run_stats) {
  return {{"run", run_stats}};
}

}  // namespace warpsim::runtime
