#include "gpu/gpu_schema.h"

#include "gpu/memory_schema.h"
#include "sm/sm_schema.h"

namespace warpsim {

namespace {

ParamSpec required(std::string name, ParamType type, std::string description,
                   std::optional<double> min = std::nullopt) {
  return ParamSpec{std::move(name), type, std::move(description), std::nullopt, min, {}, {}};
}

ParamSpec with_default(std::string name, ParamType type, std::string description, std::string value,
                       std::optional<double> min = std::nullopt,
                       std::optional<double> max = std::nullopt) {
  return ParamSpec{std::move(name), type, std::move(description), std::move(value), min, max, {}};
}

SectionSpec clocks_section() {
  return SectionSpec{
      "clocks",
      "Clock domains. Each becomes an integer period in picoseconds (1e6 / MHz, rounded).",
      {required("core_mhz", ParamType::kFloat, "SM (shader core) clock in MHz", 1),
       required("icnt_mhz", ParamType::kFloat, "interconnect clock in MHz", 1),
       required("l2_mhz", ParamType::kFloat, "L2 cache clock in MHz", 1),
       required("dram_mhz", ParamType::kFloat,
                "DRAM command clock in MHz (the clock DRAM timing parameters count in)", 1)},
      {},
      {}};
}

SectionSpec sm_section() {
  SectionSpec section{
      "sm",
      "Streaming multiprocessors.",
      {required("count", ParamType::kUint, "number of SMs", 1),
       with_default("warp_size", ParamType::kUint, "threads per warp", "32", 1, 64),
       required("compute_capability", ParamType::kString,
                "CUDA compute capability MAJOR.MINOR (e.g. \"9.0\"): what the CUDA runtime "
                "reports, and which of a program's PTX versions runs"),
       required("max_threads", ParamType::kUint, "resident threads per SM", 32),
       required("max_ctas", ParamType::kUint, "resident thread blocks per SM", 1),
       required("registers", ParamType::kUint, "32-bit registers per SM", 1024),
       required("shared_memory", ParamType::kSize, "shared memory per SM (the largest carve-out)",
                1024),
       required("max_shared_per_cta", ParamType::kSize,
                "shared memory one thread block may use (with the opt-in attribute)", 1024),
       with_default("max_threads_per_cta", ParamType::kUint, "threads one thread block may have",
                    "1024", 1),
       with_default("independent_thread_scheduling", ParamType::kBool,
                    "threads of a warp are scheduled independently (Volta and later): a path "
                    "that spins or waits at a barrier lets the warp's other paths run "
                    "(docs/architecture.md); false: the lockstep SIMT stack of earlier GPUs",
                    "false"),
       required("max_registers_per_cta", ParamType::kUint,
                "32-bit registers one thread block may be allocated", 1),
       ParamSpec{.name = "max_registers_per_thread",
                 .type = ParamType::kUint,
                 .description = "registers one thread may use; a kernel needing more cannot launch",
                 .min = 1,
                 .max = 255},
       required("register_allocation_unit", ParamType::kUint,
                "registers are allocated in multiples of this many (per warp or per block)", 1),
       ParamSpec{.name = "register_allocation_granularity",
                 .type = ParamType::kString,
                 .description = "what registers are allocated to: each warp, or a whole block",
                 .choices = {"warp", "cta"}},
       ParamSpec{.name = "register_file_partitions",
                 .type = ParamType::kUint,
                 .description = "register file partitions (one per warp scheduler): a warp's "
                                "registers come from one, so the warps an SM holds are a multiple "
                                "of this",
                 .min = 1,
                 .max = 8},
       ParamSpec{.name = "registers_in_double_units",
                 .type = ParamType::kIntList,
                 .description = "per-thread register counts whose warps are allocated in twice "
                                "register_allocation_unit (a Fermi quirk)",
                 .default_value = "[]",
                 .min = 1,
                 .max = 255},
       required("shared_allocation_unit", ParamType::kSize,
                "a block's shared memory is allocated in multiples of this", 1),
       required("reserved_shared_per_cta", ParamType::kSize,
                "shared memory the driver reserves for each block (1 KiB from compute capability "
                "8.0)",
                0),
       ParamSpec{.name = "shared_carveouts",
                 .type = ParamType::kIntList,
                 .description = "sizes (bytes; KiB suffixes allowed) the unified L1/shared array "
                                "can give shared memory, smallest first, the last being "
                                "shared_memory; [] when the split is fixed",
                 .default_value = "[]",
                 .min = 0},
       ParamSpec{.name = "shared_carveout_choice",
                 .type = ParamType::kString,
                 .description = "the carve-out a kernel without a preference gets: the smallest "
                                "that still holds the most blocks (the driver from Volta on), or "
                                "the largest (Fermi's default 48 KiB of shared memory)",
                 .default_value = "smallest",
                 .choices = {"smallest", "largest"}}},
      sm_timing_sections(),
      sm_policy_slots()};
  for (ParamSpec& param : sm_timing_params()) section.params.push_back(std::move(param));
  return section;
}

SectionSpec device_section() {
  return SectionSpec{
      "device",
      "What the CUDA runtime reports about the device beyond the modeled hardware.",
      {required("global_memory", ParamType::kSize, "device memory capacity", 1),
       required("l2_size", ParamType::kSize, "L2 cache capacity, as cudaDeviceProp reports it", 0),
       required("memory_bus_bits", ParamType::kUint, "DRAM interface width in bits", 1)},
      {},
      {}};
}

SectionSpec sim_section() {
  return SectionSpec{
      "sim",
      "Simulator settings (not hardware): idle skipping, the deadlock watchdog, seeds.",
      {with_default("skip_idle", ParamType::kBool,
                    "skip cycles in which a component has nothing to do (false = --no-skip; "
                    "results are identical either way)",
                    "true"),
       with_default("watchdog_cycles", ParamType::kUint,
                    "core cycles without progress, while work is outstanding, that count as a "
                    "deadlock (0 disables the watchdog)",
                    "1000000"),
       with_default("seed", ParamType::kUint,
                    "seed for every pseudo-random policy (same seed, same results)", "1")},
      {},
      {}};
}

// The PTX pass (src/passes, kind "ptx_pass") applied to every module a program or workload
// loads; a compiler setting rather than hardware, kept with the GPU so one config says what a
// run simulated.
SectionSpec compiler_section() {
  return SectionSpec{
      "compiler",
      "Transformations of the program's PTX when it is loaded (docs/passes.md).",
      {},
      {},
      {{.name = "pass",
        .kind = "ptx_pass",
        .default_impl = "none",
        .description = "the PTX pass run on every loaded module (`warpsim list policies`)"}}};
}

SectionSpec build_root() {
  SectionSpec root;
  root.name = "";
  root.description = "A GPU to simulate.";
  root.params = {required("name", ParamType::kString, "short name of the GPU model")};
  root.sections = {clocks_section(), gpu_section(), sm_section(), memory_section()};
  for (SectionSpec& section : memory_hierarchy_sections()) root.sections.push_back(section);
  root.sections.push_back(device_section());
  root.sections.push_back(compiler_section());
  root.sections.push_back(sim_section());
  return root;
}

}  // namespace

const SectionSpec& gpu_schema() {
  static const SectionSpec root = build_root();
  return root;
}

}  // namespace warpsim
