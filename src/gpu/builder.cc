#include "gpu/builder.h"

#include <stdexcept>
#include <string>

#include "cache/cache.h"
#include "cache/replacement/replacement_group.h"
#include "gpu/age_lru_controller.h"
#include "gpu/cta_dispatch.h"
#include "gpu/l1d_dueling.h"
#include "gpu/memory_builder.h"
#include "gpu/pcal_controller.h"
#include "gpu/timeline.h"
#include "sm/sm.h"
#include "tlb/tlb.h"
#include "tlb/tlb_config.h"

namespace warpsim {

namespace {

ClockDomainId add_clock(Simulation& sim, const ConfigNode& clocks, const char* key,
                        const char* name) {
  const ConfigNode& mhz = clocks.at(key);
  try {
    return sim.add_clock(name, period_from_mhz(mhz.as_double()));
  } catch (const std::invalid_argument& e) {
    throw mhz.error(e.what());
  }
}

// Dispatcher first, so that within one instant it runs before the SMs (components run in
// order of creation): a kernel's start and end snapshots then see whole SM cycles.
void build_core(BuiltGpu& gpu, const ConfigNode& resolved) {
  Simulation& sim = *gpu.sim;
  const ConfigNode& gpu_cfg = resolved.at("gpu");
  const ConfigNode& sm_cfg = resolved.at("sm");
  const std::uint32_t sms = gpu.description.sm_count;
  gpu.dispatcher = &sim.add<CtaDispatcher>(
      "gpu.dispatch", gpu.clocks.core, gpu.description,
      static_cast<std::uint32_t>(gpu_cfg.at("max_concurrent_kernels").as_uint()),
      gpu_cfg.at("cta_scheduler"), gpu_cfg.at("kernel_select"),
      CtaDispatcher::LaunchTiming{.launch_latency = gpu_cfg.at("kernel_launch_latency").as_uint(),
                                  .serialize = gpu_cfg.at("cache_control").as_string() == "flush"});
  gpu.tlb = std::make_unique<SharedTlb>(read_tlb_config(resolved.at("tlb")),
                                        sim.stat_group("gpu.l2_tlb"));
  for (std::uint32_t i = 0; i < sms; ++i) {
    gpu.sms.push_back(&sim.add<Sm>("gpu.sm[" + std::to_string(i) + "]", gpu.clocks.core, i,
                                   *gpu.sm_config, sm_cfg, *gpu.tlb));
  }
  gpu.memory = build_memory(sim, resolved, gpu.clocks, sms);
  Component& memory = gpu.memory->port();
  const SmConfig& c = *gpu.sm_config;
  for (std::uint32_t i = 0; i < sms; ++i) {
    std::string n = "[";
    n += std::to_string(i);
    n += ']';
    Sm& sm = *gpu.sms[i];
    auto& to_sm = sim.connect<CtaAssignment>("cta_dispatch" + n, *gpu.dispatcher, sm,
                                             LinkParams{c.max_ctas, 1, 1});
    auto& retired = sim.connect<CtaRetired>("cta_retire" + n, sm, *gpu.dispatcher,
                                            LinkParams{c.max_ctas, 1, c.max_ctas});
    auto& req = sim.connect<MemRequest>("sm_to_mem" + n, sm, memory,
                                        LinkParams{16, 1, c.ldst.requests_per_cycle + 1});
    auto& rep = sim.connect<MemReply>("mem_to_sm" + n, memory, sm, LinkParams{64, 1, 64});
    gpu.dispatcher->connect(i, &to_sm, &retired);
    gpu.memory->connect_sm(i, &req, &rep);
    sm.connect(SmLinks{&to_sm, &retired, &req, &rep});
  }
  if (const ConfigNode& g = sm_cfg.at("gpc_icache"); g.at("sms").as_uint() != 0) {
    const auto per = static_cast<std::uint32_t>(g.at("sms").as_uint());
    for (std::uint32_t i = 0; i < sms; ++i) {
      if (i % per == 0) {
        gpu.gpc_icaches.push_back(
            std::make_unique<GpcIcache>(g.at("size").as_size(), c.icache.line,
                                        static_cast<std::uint32_t>(g.at("ways").as_uint()),
                                        static_cast<std::uint32_t>(g.at("hit_latency").as_uint()),
                                        sm_cfg.at("icache").at("replacement"), i));
      }
      gpu.sms[i]->join_gpc_icache(*gpu.gpc_icaches.back());
    }
  }
  gpu.l1d_group = std::make_unique<ReplacementGroup>(sms);
  for (std::uint32_t i = 0; i < sms; ++i)
    gpu.sms[i]->l1d().join_replacement_group(gpu.l1d_group.get(), i);
}

}  // namespace

BuiltGpu::BuiltGpu() = default;
BuiltGpu::BuiltGpu(BuiltGpu&&) noexcept = default;
BuiltGpu& BuiltGpu::operator=(BuiltGpu&&) noexcept = default;
BuiltGpu::~BuiltGpu() = default;

BuiltGpu build_gpu(const ConfigNode& resolved) {
  const ConfigNode& sim_cfg = resolved.at("sim");
  SimOptions options;
  options.skip_idle = sim_cfg.at("skip_idle").as_bool();
  options.watchdog_cycles = sim_cfg.at("watchdog_cycles").as_uint();
  options.root = "gpu";

  BuiltGpu gpu;
  gpu.sm_config = std::make_unique<SmConfig>(read_sm_config(resolved.at("sm")));
  gpu.description = describe_gpu(resolved);
  gpu.sim = std::make_unique<Simulation>(options);
  const ConfigNode& clocks = resolved.at("clocks");
  // The core clock is added first: the watchdog counts in its cycles.
  gpu.clocks.core = add_clock(*gpu.sim, clocks, "core_mhz", "core");
  gpu.clocks.icnt = add_clock(*gpu.sim, clocks, "icnt_mhz", "icnt");
  gpu.clocks.l2 = add_clock(*gpu.sim, clocks, "l2_mhz", "l2");
  gpu.clocks.dram = add_clock(*gpu.sim, clocks, "dram_mhz", "dram");
  build_core(gpu, resolved);
  const Engine& engine = gpu.sim->engine();
  const WindowClocks window_clocks{.l2 = engine.clock(gpu.clocks.l2).period,
                                   .dram = engine.clock(gpu.clocks.dram).period};
  std::vector<WindowSampler*> samplers;
  // After the SMs, so that in each instant it samples after they have run.
  if (const ConfigNode& tokens = resolved.at("sm").at("cache_tokens");
      tokens.at("impl").as_string() == "dynamic_pcal") {
    std::uint64_t period = 0;
    PcalFsmParams params = pcal_fsm_params(tokens, &period);
    samplers.push_back(&gpu.sim->add<PcalController>("gpu.pcal", gpu.clocks.core, period,
                                                     std::move(params), gpu.sms,
                                                     gpu.sm_config->schedulers, window_clocks));
  }
  if (const ConfigNode& l1d = resolved.at("sm").at("l1d").at("replacement");
      l1d.at("impl").as_string() == "age_lru" && l1d.at("dynamic").as_bool()) {
    std::uint64_t period = 0;
    AgeLruVoteParams params = age_lru_vote_params(l1d, &period);
    if (params.candidate >= gpu.sms.size()) {
      throw ConfigError(locate(l1d.at("candidate_sm").origin(), "sm.l1d.replacement.candidate_sm",
                               "is " + std::to_string(params.candidate) + ", but the GPU has " +
                                   std::to_string(gpu.sms.size()) + " SMs"));
    }
    samplers.push_back(&gpu.sim->add<AgeLruController>("gpu.age_lru_vote", gpu.clocks.core, period,
                                                       params, gpu.sms, gpu.sm_config->schedulers,
                                                       window_clocks));
  }
  if (const ConfigNode& admission = resolved.at("sm").at("l1d").at("admission");
      admission.at("impl").as_string() == "decoupled" && admission.at("dueling").as_bool()) {
    const L1dDuelingParams params = l1d_dueling_params(admission);
    for (const char* key : {"dueling_leader", "dueling_baseline"}) {
      if (admission.at(key).as_uint() >= gpu.sms.size()) {
        throw ConfigError(locate(admission.at(key).origin(), std::string("sm.l1d.admission.") + key,
                                 "is " + std::to_string(admission.at(key).as_uint()) +
                                     ", but the GPU has " + std::to_string(gpu.sms.size()) +
                                     " SMs"));
      }
    }
    if (params.leader == params.baseline) {
      throw ConfigError(locate(admission.at("dueling_baseline").origin(),
                               "sm.l1d.admission.dueling_baseline",
                               "is the leader SM too: dueling needs two different SMs"));
    }
    gpu.sim->add<L1dDueling>("gpu.l1d_dueling", gpu.clocks.core, params, gpu.sms);
  }
  // Last, so that in each instant it samples after every other component has run.
  if (const std::uint64_t every = resolved.at("gpu").at("timeline_cycles").as_uint(); every != 0) {
    gpu.timeline = &gpu.sim->add<Timeline>("gpu.timeline", gpu.clocks.core, every, gpu.sms,
                                           gpu.sm_config->schedulers, window_clocks);
    samplers.push_back(gpu.timeline);
  }
  for (WindowSampler* sampler : samplers) sampler->start();
  return gpu;
}

}  // namespace warpsim
