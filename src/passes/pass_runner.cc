#include "passes/pass_runner.h"

#include <memory>

#include "ptx/error.h"
#include "ptx/verifier.h"
#include "sim/registry.h"

namespace warpsim::passes {

std::uint64_t PassReport::total(const std::string& name) const {
  std::uint64_t sum = 0;
  for (const auto& [kernel, by_name] : counts) {
    auto it = by_name.find(name);
    if (it != by_name.end()) sum += it->second;
  }
  return sum;
}

namespace {

std::string pass_name(const ConfigNode& slot) {
  const ConfigNode* impl = slot.find("impl");
  return impl != nullptr ? impl->as_string() : slot.as_string();
}

}  // namespace

ConfigNode parse_pass_spec(const std::string& spec) {
  if (!spec.empty() && spec.front() == '{') return ConfigNode::parse_string(spec, "--pass");
  return ConfigNode::scalar(spec, Origin{"--pass"});
}

PassReport run_passes(ptx::Module& module, const std::vector<ConfigNode>& passes,
                      const Pass::Context& context) {
  PassReport report;
  for (const ConfigNode& slot : passes) {
    std::unique_ptr<Pass> pass = PolicyRegistry::global().create<Pass>(slot, context);
    pass->run(module, report);
    // The verifier works on what the parser makes; positions of new code are unknown (0).
    try {
      ptx::verify(module);
    } catch (const ptx::ParseError& e) {
      throw ptx::ParseError(e.file(), e.line(), e.col(),
                            "after PTX pass " + pass_name(slot) + ": " + e.message());
    }
  }
  return report;
}

PassReport run_configured_passes(ptx::Module& module, const ConfigNode& gpu_config,
                                 const std::vector<ConfigNode>& extra) {
  std::vector<ConfigNode> passes;
  const ConfigNode* compiler = gpu_config.find("compiler");
  if (compiler != nullptr) {
    const ConfigNode& slot = compiler->at("pass");
    if (pass_name(slot) != "none") passes.push_back(slot);
  }
  passes.insert(passes.end(), extra.begin(), extra.end());
  Pass::Context context;
  const ConfigNode* sm = gpu_config.find("sm");
  if (sm != nullptr && sm->find("scratchpad_sharing") != nullptr) {
    context.sharing_t = sm->at("scratchpad_sharing").at("t").as_double();
  }
  if (passes.empty()) return {};
  return run_passes(module, passes, context);
}

std::function<void(ptx::Module&)> configured_transform(const ConfigNode& gpu_config) {
  const ConfigNode* compiler = gpu_config.find("compiler");
  if (compiler == nullptr || pass_name(compiler->at("pass")) == "none") return {};
  return [config = gpu_config](ptx::Module& module) { run_configured_passes(module, config); };
}

}  // namespace warpsim::passes
