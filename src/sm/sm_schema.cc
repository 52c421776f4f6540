#include "sm/sm_schema.h"

#include <string>
#include <utility>

#include "cache/cache_config.h"
#include "sm/op_timing.h"
#include "sm/throttle.h"

namespace warpsim {

namespace {

SectionSpec fetch_section() {
  return SectionSpec{
      .name = "fetch",
      .description =
          "Instruction fetch and decode: warps whose instruction buffer has room are "
          "fetched in round-robin order, warps_per_cycle per cycle.",
      .params = {
          uint_param("ibuffer_entries", "decoded instructions buffered per warp", "2", 1, 16),
          uint_param("warps_per_cycle", "warps whose buffers are filled per cycle", "1", 1, 64),
          uint_param("fetch_width", "instructions one fetch brings into a warp's buffer", "2", 1,
                     16),
          uint_param("decode_latency", "cycles from an I-cache hit to a decoded entry", "1", 1),
          uint_param("inst_bytes",
                     "bytes of code per PTX instruction, for I-cache addresses (8 for "
                     "Fermi-Maxwell SASS, 16 from Volta)",
                     "16", 1, 64)}};
}

SectionSpec icache_section() {
  return SectionSpec{
      .name = "icache",
      .description = "L1 instruction cache. Misses go to the memory system as instruction reads.",
      .params = {size_param("size", "capacity", "128KiB", 64),
                 uint_param("line", "line size in bytes", "128", 8),
                 uint_param("ways", "associativity", "16", 1, 64),
                 uint_param("hit_latency", "cycles added to a hit (0: decode latency only)", "0"),
                 uint_param("mshrs", "outstanding line misses", "4", 1)},
      .policies = {PolicySlot{.name = "replacement",
                              .kind = "replacement",
                              .default_impl = "lru",
                              .description = "which line to evict"},
                   PolicySlot{.name = "prefetcher",
                              .kind = "icache_prefetcher",
                              .default_impl = "none",
                              .description = "instruction prefetching on I-cache misses"}}};
}

SectionSpec gpc_icache_section() {
  return {.name = "gpc_icache",
          .description =
              "A second-level instruction cache shared by groups of `sms` consecutive SMs (a "
              "GPC's L1.5): I-cache misses look here first; one memory request per line per "
              "group, the other SMs waiting for it (sm/gpc_icache.h). Lines of sm.icache.line "
              "bytes.",
          .params = {uint_param("sms", "SMs per group (0: none; misses go to memory)", "0"),
                     size_param("size", "capacity of each group's cache", "128KiB", 64),
                     uint_param("ways", "associativity", "16", 1, 64),
                     uint_param("hit_latency",
                                "cycles from the request (or the owner's fill) to the line in "
                                "the SM's I-cache",
                                "20", 1)}};
}

SectionSpec units_section() {
  SectionSpec section{.name = "units",
                      .description =
                          "Functional units per SM, each accepting one warp "
                          "instruction per initiation interval. 0: the SM has none "
                          "(an op class may not name it)."};
  for (const UnitInfo& unit : kUnitInfo) {
    section.params.push_back(uint_param(unit.name, unit.description, "4", 0, 64));
  }
  return section;
}

SectionSpec ops_section() {
  SectionSpec section{.name = "ops",
                      .description =
                          "Timing of each op class: the unit it issues to, the cycles "
                          "until its result can be read (latency) and the cycles the "
                          "unit is busy (initiation interval)."};
  for (const OpTimingInfo& op : kOpTimingInfo) {
    std::vector<std::string> units;
    for (const UnitInfo& unit : kUnitInfo) units.emplace_back(unit.name);
    section.sections.push_back(SectionSpec{
        .name = op.name,
        .description = op.description,
        .params = {ParamSpec{.name = "unit",
                             .type = ParamType::kString,
                             .description = "functional unit",
                             .default_value = std::string(op.unit),
                             .choices = units},
                   uint_param("latency", "cycles from issue until a dependent may issue",
                              std::to_string(op.latency), 1),
                   uint_param("interval", "cycles the unit is busy (initiation interval)",
                              std::to_string(op.interval), 1)}});
  }
  return section;
}

SectionSpec throttle_section() {
  return SectionSpec{
      .name = "throttle",
      .description =
          "Static throttling below the hardware's limits (seed 001's warp-opt and CTA-opt), for "
          "every scheduler policy. 0: no cap.",
      .params = {
          uint_param("warps",
                     "warps each scheduler may issue from: the oldest this many of its warps of "
                     "the kernel that are neither finished nor waiting at a barrier",
                     "0", 0, kMaxThrottleCap),
          uint_param("ctas", "CTAs of one kernel resident on an SM at a time", "0", 0,
                     kMaxThrottleCap),
          ParamSpec{.name = "kernels",
                    .type = ParamType::kString,
                    .description = "a YAML file of per-kernel caps over the two above, "
                                   "{KERNEL: {warps: N, ctas: M, ebt: E}, ...} (ebt: the "
                                   "kernel's EBTNum for cache_tokens: pcal), relative to the "
                                   "config file that names it (\"\": none)",
                    .default_value = "",
                    .file = true}}};
}

SectionSpec scratchpad_sharing_section() {
  return SectionSpec{
      .name = "scratchpad_sharing",
      .description =
          "Seed 002's scratchpad sharing (Jatala et al.): extra CTAs share part of a partner's "
          "scratchpad under a per-pair lock (docs/timing.md \"Scratchpad sharing\").",
      .params = {{.name = "enabled",
                  .type = ParamType::kBool,
                  .description = "launch extra CTAs for kernels that shared memory limits, in "
                                 "pairs sharing their scratchpad; also allows the relssp "
                                 "instruction",
                  .default_value = "false"},
                 {.name = "t",
                  .type = ParamType::kFloat,
                  .description = "the fraction of a shared CTA's scratchpad it keeps private; "
                                 "the rest (1 - t) is the pair's shared region (the paper: 0.1)",
                  .default_value = "0.1",
                  .min = 0,
                  .max = 1}}};
}

SectionSpec ldst_section() {
  return SectionSpec{
      .name = "ldst",
      .description =
          "LD/ST unit: queue, coalescing into one request per L1 line (per word for the "
          "constant cache), the request prioritizer in front of the L1, shared memory banks.",
      .params =
          {uint_param("queue", "memory instructions waiting in the LD/ST unit", "8", 1),
           uint_param("requests_per_cycle",
                      "L1 accesses per cycle, and requests sent to the crossbar per cycle", "1", 1),
           uint_param("prioritizer_entries",
                      "coalesced requests waiting in front of the L1 (the prioritizer's buffer)",
                      "8", 1),
           ParamSpec{.name = "cache_global_loads",
                     .type = ParamType::kBool,
                     .description = "whether global loads are cached in the L1 data cache "
                                    "(false: they go to L2 in sectors, as on Kepler by default)",
                     .default_value = "true"},
           ParamSpec{.name = "readonly_in_l1d",
                     .type = ParamType::kBool,
                     .description = "whether read-only global loads (ld.global.nc, __ldg) go "
                                    "through the L1 data cache, as in the unified L1/texture "
                                    "cache of Volta and later (measured on an H100), instead of "
                                    "the texture cache",
                     .default_value = "false"},
           ParamSpec{.name = "texture_in_l1d",
                     .type = ParamType::kBool,
                     .description = "whether texture fetches (tex, tld4) are served by the L1 "
                                    "data cache, one array with the data (Volta and later; an "
                                    "H100's texture L1 has the L1D's size under every carve-out), "
                                    "instead of the texture cache; texture_latency applies",
                     .default_value = "false"},
           uint_param("texture_latency",
                      "with texture_in_l1d, cycles the texture pipeline adds to every texture "
                      "fetch the L1D serves, hit or miss (an H100 texture hit takes 91 cycles "
                      "against 31 for an L1D hit)",
                      "0"),
           uint_param("texture_miss_latency",
                      "cycles the texture pipeline adds to a texture fetch that missed in its L1 "
                      "(the texture cache, or the L1D with texture_in_l1d), after the fill (an "
                      "H100 texture miss takes 327 cycles against 259 for an L1D miss)",
                      "0"),
           ParamSpec{.name = "flush_l1_between_kernels",
                     .type = ParamType::kBool,
                     .description = "whether an SM empties its L1 caches when it starts a CTA of "
                                    "a new kernel with no CTA of the previous one left "
                                    "(GPGPU-Sim's -gpgpu_flush_l1_cache)",
                     .default_value = "true"},
           uint_param("shared_latency", "cycles of a conflict-free shared-memory access", "24", 1),
           uint_param("shared_banks", "shared-memory banks", "32", 1, 64),
           uint_param("bank_bytes",
                      "addressing mode: successive units of this many bytes go to successive "
                      "banks (4, or 8 in Kepler's 8-byte mode)",
                      "4", 4, 8),
           uint_param("bank_word_bytes",
                      "physical width of a bank row: lanes asking one bank for the same row are "
                      "served together, different rows conflict (0: bank_bytes; 8 on Kepler, "
                      "whose 4-byte mode puts words w and w+32 of a 64-word row in one bank row)",
                      "0", 0, 16),
           ParamSpec{.name = "bank_conflict_cycles",
                     .type = ParamType::kFloat,
                     .description =
                         "cycles each conflicting row after the first adds: a degree-n access "
                         "completes shared_latency + round((n-1) x this) cycles after it starts "
                         "and holds the banks 1 + round((n-1) x this) cycles (fractional: an "
                         "average replay cost, e.g. 37.4 on Fermi)",
                     .default_value = "1",
                     .min = 0,
                     .max = 1024},
           ParamSpec{.name = "bank_bytes_per_cycle",
                     .type = ParamType::kFloat,
                     .description =
                         "bytes one bank delivers per cycle (seed 003 Table VII's W: 2 on "
                         "Fermi, 8 on Kepler, 4 on Maxwell): a pass in which each lane takes "
                         "B = min(access size, bank_word_bytes) bytes from its bank holds the "
                         "banks max(1, B / this) cycles, which bounds shared-memory throughput "
                         "without changing latency (0: one cycle per pass)",
                     .default_value = "0",
                     .min = 0,
                     .max = 64}},
      .policies = {PolicySlot{.name = "prioritizer",
                              .kind = "request_prioritizer",
                              .default_impl = "fifo",
                              .description = "which waiting request accesses the L1 next"}}};
}

// Volta-class defaults (Accel-Sim's SM7_QV100 L1: 128-byte lines of four 32-byte sectors,
// write-through, streaming allocation); presets give their own numbers.
SectionSpec l1d_section() {
  CacheDefaults d;
  d.size = "32KiB";
  d.line = 128;
  d.sector = 32;
  d.ways = 4;
  d.hit_latency = 20;
  d.write_policy = "write_through";
  d.write_allocate = "none";
  d.allocate = "on_miss";
  d.mshrs = 32;
  d.mshr_merge = 8;
  d.miss_queue = 8;
  SectionSpec section = cache_section("l1d", "L1 data cache: global and local memory.", d);
  section.params.push_back(size_param(
      "unified_bytes",
      "bytes of the unified L1/shared-memory array (0: the L1 is separate and `size` is fixed); "
      "otherwise an SM starting a new kernel gives its L1 what the kernel's shared-memory "
      "carve-out leaves (whole sets of `ways` lines)",
      "0"));
  return section;
}

SectionSpec l1t_section() {
  CacheDefaults d;
  d.size = "16KiB";
  d.line = 128;
  d.sector = 32;
  d.ways = 4;
  d.hit_latency = 20;
  d.write_policy = "read_only";
  d.write_allocate = "none";
  d.mshrs = 32;
  d.mshr_merge = 8;
  d.miss_queue = 8;
  return cache_section("l1t", "Texture / read-only cache: tex and ld.global.nc loads.", d);
}

SectionSpec l1c_section() {
  CacheDefaults d;
  d.size = "8KiB";
  d.line = 64;
  d.sector = 64;
  d.ways = 2;
  d.hit_latency = 8;
  d.write_policy = "read_only";
  d.write_allocate = "none";
  d.mshrs = 8;
  d.mshr_merge = 32;
  d.miss_queue = 4;
  return cache_section("l1c",
                       "Constant cache: one distinct word per access (lanes reading the same "
                       "word share it).",
                       d);
}

}  // namespace

std::vector<SectionSpec> sm_timing_sections() {
  return {fetch_section(),
          icache_section(),
          gpc_icache_section(),
          units_section(),
          ops_section(),
          ldst_section(),
          l1d_section(),
          l1t_section(),
          l1c_section(),
          throttle_section(),
          scratchpad_sharing_section()};
}

std::vector<PolicySlot> sm_policy_slots() {
  return {PolicySlot{.name = "warp_scheduler",
                     .kind = "warp_scheduler",
                     .default_impl = "gto",
                     .description = "order in which each scheduler considers its warps"},
          PolicySlot{.name = "cache_tokens",
                     .kind = "cache_tokens",
                     .default_impl = "all",
                     .description = "which issuing warps hold a cache token (PCAL, seed 001); "
                                    "caches act on tokens with tokens.honor"}};
}

std::vector<ParamSpec> sm_timing_params() {
  return {
      uint_param("schedulers", "warp schedulers per SM (warp w goes to scheduler w mod N)", "4", 1,
                 16),
      uint_param("issue_width", "instructions one scheduler may issue per cycle", "1", 1, 4),
      choice_param("scheduler_turns",
                   "which scheduler asks first for the shared units each cycle: rotate (cycle c: "
                   "scheduler c mod N) or fixed (scheduler 0; warpsim before 2026-11-27)",
                   "rotate", {"rotate", "fixed"}),
      ParamSpec{.name = "issue_costs",
                .type = ParamType::kString,
                .description =
                    "a YAML file of issue slots per PTX instruction key, {KEY: slots, ...}, "
                    "relative to the config file that names it: how many SASS instructions "
                    "ptxas makes of each (fractions: on average; 0: folded into another), "
                    "taken from the scheduler's issue port (sm/issue_cost.h, docs/timing.md "
                    "\"Issue costs\"; \"\": one slot each)",
                .default_value = "",
                .file = true},
      ParamSpec{.name = "count_issue_keys",
                .type = ParamType::kBool,
                .description = "count each kernel's warp instructions by issue-cost key "
                               "(stats.json kernels[].issue_keys; what "
                               "validation/issue_costs/fit.py fits the table on)",
                .default_value = "false"},
      ParamSpec{.name = "check_memo",
                .type = ParamType::kBool,
                .description = "run every cycle and re-derive each warp's memoized issue verdict "
                               "and each skipped scheduler cycle from scratch, stopping at the "
                               "first difference (a check of the model; slow)",
                .default_value = "false"}};
}

SectionSpec gpu_section() {
  return SectionSpec{
      .name = "gpu",
      .description = "Kernel and CTA scheduling across the GPU.",
      .params = {uint_param("max_concurrent_kernels", "kernels that may run at once", "32", 1),
                 uint_param("progress_cycles", "core cycles between --progress lines", "1000000",
                            1),
                 uint_param("timeline_cycles",
                            "core cycles per row of stats.json's total.timeline (IPC, miss "
                            "ratios and the bottleneck statistics of each window; 0: none)",
                            "0"),
                 uint_param("kernel_registers",
                            "registers per thread booked for every kernel instead of ptxas's "
                            "count or the estimate (0: measured; stats.json says "
                            "resource_source \"config\")",
                            "0"),
                 uint_param("kernel_local_bytes",
                            "local memory per thread booked for every kernel when "
                            "kernel_registers overrides the measurement",
                            "0"),
                 uint_param("kernel_launch_latency",
                            "core cycles from the moment a kernel may start (its stream and "
                            "the concurrency limit allow it) to its first CTA's dispatch; the "
                            "kernel's cycles include them (GPGPU-Sim's "
                            "-gpgpu_kernel_launch_latency)",
                            "0"),
                 ParamSpec{.name = "cache_control",
                           .type = ParamType::kString,
                           .description =
                               "keep: caches keep what earlier kernels left; flush: kernels run "
                               "one at a time and each starts with every cache (L1s, I-caches, "
                               "L2) invalidated, dirty lines written back, as under Nsight "
                               "Compute's default --cache-control all",
                           .default_value = "keep",
                           .choices = {"keep", "flush"}}},
      .policies = {PolicySlot{.name = "cta_scheduler",
                              .kind = "cta_scheduler",
                              .default_impl = "round_robin",
                              .description = "which SM gets the next CTA"},
                   PolicySlot{.name = "kernel_select",
                              .kind = "kernel_select",
                              .default_impl = "oldest",
                              .description = "which running kernel an SM's next CTA comes from"}}};
}

}  // namespace warpsim
