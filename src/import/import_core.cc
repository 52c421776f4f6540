// `config import`: the SM and its clocks. GPGPU-Sim option names and value layouts are those of
// its option registration (gpu-sim.cc, shader.cc) as the Accel-Sim notes list them
// (../shared/notes/anchor-accelsim.md §2); occupancy rules GPGPU-Sim does not have come from
// the CUDA occupancy calculator's per-capability table.
#include <fmt/format.h>

#include "import/translation.h"

namespace warpsim::import {

namespace {

std::uint64_t uint_at(const OptionValue& o, const std::vector<std::string>& f, std::size_t i,
                      std::string_view what) {
  if (i >= f.size()) o.fail(fmt::format("needs a {} field", what));
  return field_uint(o, f[i], what);
}

void translate_clocks(Translation& t) {
  const OptionValue* o = t.take("gpgpu_clock_domains");
  if (o == nullptr) return;
  const std::vector<std::string> f = split(o->value, ':');
  if (f.size() != 4) o->fail("expected core:icnt:L2:DRAM clocks in MHz");
  static constexpr const char* kKeys[] = {"core_mhz", "icnt_mhz", "l2_mhz", "dram_mhz"};
  for (std::size_t i = 0; i < 4; ++i) {
    const double mhz = field_double(*o, f[i], kKeys[i]);
    if (!(mhz > 0)) o->fail(fmt::format("{} must be positive", kKeys[i]));
    t.set(fmt::format("clocks.{}", kKeys[i]), number_text(mhz), *o);
  }
}

// Occupancy rules per compute capability (CUDA occupancy calculator, cuda_occupancy.h).
struct CapabilityRules {
  unsigned max_registers_per_thread;
  unsigned register_allocation_unit;
  unsigned register_file_partitions;
  unsigned shared_allocation_unit;
  unsigned reserved_shared_per_cta;
};

CapabilityRules rules_for(unsigned major, unsigned minor) {
  if (major <= 2) return {63, 64, 2, 128, 0};
  if (major == 3 && minor == 0) return {63, 256, 4, 256, 0};
  if (major < 8) return {255, 256, 4, 256, 0};
  return {255, 256, 4, 128, 1024};
}

void translate_capability(Translation& t) {
  unsigned major = 0;
  unsigned minor = 0;
  std::string source;
  const OptionValue* maj = t.take("gpgpu_compute_capability_major");
  const OptionValue* min = t.take("gpgpu_compute_capability_minor");
  const OptionValue* force = t.take("gpgpu_ptx_force_max_capability");
  if (maj != nullptr) {
    major = static_cast<unsigned>(option_uint(*maj));
    minor = min == nullptr ? 0 : static_cast<unsigned>(option_uint(*min));
    source = cite(*maj) + (min == nullptr ? "" : ", " + cite(*min));
  } else if (force != nullptr && option_uint(*force) >= 10) {
    const std::uint64_t value = option_uint(*force);
    major = static_cast<unsigned>(value / 10);
    minor = static_cast<unsigned>(value % 10);
    source = cite(*force);
  } else {
    major = 7;
    source = "not in the configuration: 7.0 assumed";
  }
  t.set("sm.compute_capability", yaml_quote(fmt::format("{}.{}", major, minor)), source);
  t.set("sm.fetch.inst_bytes", major >= 7 ? "16" : "8",
        fmt::format("SASS instruction size of compute capability {}.x", major));
  if (t.inheriting) return;
  const CapabilityRules r = rules_for(major, minor);
  const std::string from =
      fmt::format("CUDA occupancy rules of compute capability {}.{}", major, minor);
  t.set("sm.max_threads_per_cta", "1024", from);
  t.set("sm.max_registers_per_thread", fmt::format("{}", r.max_registers_per_thread), from);
  t.set("sm.register_allocation_unit", fmt::format("{}", r.register_allocation_unit), from);
  t.set("sm.register_allocation_granularity", "warp", from);
  t.set("sm.register_file_partitions", fmt::format("{}", r.register_file_partitions), from);
  t.set("sm.shared_allocation_unit", fmt::format("{}B", r.shared_allocation_unit), from);
  t.set("sm.reserved_shared_per_cta", bytes_text(r.reserved_shared_per_cta), from);
}

void translate_limits(Translation& t) {
  const OptionValue* clusters = t.take("gpgpu_n_clusters");
  const OptionValue* per_cluster = t.take("gpgpu_n_cores_per_cluster");
  if (clusters != nullptr) {
    const std::uint64_t per = per_cluster == nullptr ? 1 : option_uint(*per_cluster);
    t.set("sm.count", fmt::format("{}", option_uint(*clusters) * per),
          cite(*clusters) + (per_cluster == nullptr ? "" : " x " + cite(*per_cluster)));
  }
  if (const OptionValue* o = t.take("gpgpu_shader_core_pipeline")) {
    const std::vector<std::string> f = split(o->value, ':');
    t.set("sm.max_threads", fmt::format("{}", uint_at(*o, f, 0, "threads per SM")), *o);
    if (f.size() > 1) t.set("sm.warp_size", fmt::format("{}", uint_at(*o, f, 1, "warp size")), *o);
  }
  if (const OptionValue* o = t.take("gpgpu_shader_cta")) {
    t.set("sm.max_ctas", fmt::format("{}", option_uint(*o)), *o);
  }
  const OptionValue* registers = t.take("gpgpu_shader_registers");
  if (registers != nullptr)
    t.set("sm.registers", fmt::format("{}", option_uint(*registers)), *registers);
  if (const OptionValue* o = t.take("gpgpu_registers_per_block")) {
    t.set("sm.max_registers_per_cta", fmt::format("{}", option_uint(*o)), *o);
  } else if (registers != nullptr) {
    t.set("sm.max_registers_per_cta", fmt::format("{}", option_uint(*registers)),
          "-gpgpu_registers_per_block not given: the SM's registers");
  }
}

void translate_shared(Translation& t) {
  const OptionValue* size = t.take("gpgpu_shmem_size");
  if (size != nullptr) t.set("sm.shared_memory", bytes_text(option_uint(*size)), *size);
  if (const OptionValue* o = t.take("gpgpu_shmem_per_block")) {
    t.set("sm.max_shared_per_cta", bytes_text(option_uint(*o)), *o);
  } else if (size != nullptr) {
    t.set("sm.max_shared_per_cta", bytes_text(option_uint(*size)),
          "-gpgpu_shmem_per_block not given: the SM's shared memory");
  }
  if (const OptionValue* o = t.take("gpgpu_shmem_num_banks")) {
    t.set("sm.ldst.shared_banks", fmt::format("{}", option_uint(*o)), *o);
  }
  if (const OptionValue* o = t.take("gpgpu_smem_latency")) {
    t.set("sm.ldst.shared_latency", fmt::format("{}", option_uint(*o)), *o);
  }
  t.agree("gpgpu_shmem_limited_broadcast", "0",
          "lanes that read the same bank word are served together, as in warpsim");
  t.agree("gpgpu_shmem_warp_parts", "1",
          "a warp's shared-memory access is one request, its conflicts counted over the warp, "
          "as in warpsim");
  const OptionValue* adaptive = t.take("gpgpu_adaptive_cache_config");
  const OptionValue* options = t.take("gpgpu_shmem_option");
  const OptionValue* unified = t.take("gpgpu_unified_l1d_size");
  if (adaptive == nullptr || !option_bool(*adaptive)) {
    t.set("sm.shared_carveouts", "[]",
          adaptive == nullptr ? "no -gpgpu_adaptive_cache_config: a fixed split"
                              : cite(*adaptive) + ": a fixed split");
    return;
  }
  if ((options == nullptr) != (unified == nullptr)) {
    adaptive->fail("an adaptive split needs both -gpgpu_shmem_option and -gpgpu_unified_l1d_size");
  }
  if (options == nullptr) {
    // GPGPU-Sim 4.0 (-adaptive_volta_cache_config, Accel-Sim 1.0's configurations) had no option
    // lists: its adaptive split was Volta's, 0 to 96 KB of shared memory in a 128 KB array.
    t.set("sm.shared_carveouts", "[0, 8KiB, 16KiB, 32KiB, 64KiB, 96KiB]",
          cite(*adaptive) + " without -gpgpu_shmem_option: GPGPU-Sim 4.0's Volta split");
    t.set("sm.shared_carveout_choice", "smallest",
          "GPGPU-Sim gives a kernel the smallest option that holds its shared memory");
    t.set("sm.l1d.unified_bytes", "128KiB",
          cite(*adaptive) + " without -gpgpu_unified_l1d_size: Volta's 128 KB");
    t.approximate(*adaptive,
                  "no -gpgpu_shmem_option and -gpgpu_unified_l1d_size (a configuration for "
                  "GPGPU-Sim 4.0): its built-in Volta split assumed, 0, 8, 16, 32, 64 or 96 KB "
                  "of shared memory in a 128 KB L1/shared array");
    return;
  }
  std::string list;
  for (const std::string& kb : split(options->value, ',')) {
    list +=
        (list.empty() ? "" : ", ") + bytes_text(field_uint(*options, kb, "carve-out (KB)") * 1024);
  }
  t.set("sm.shared_carveouts", "[" + list + "]", *options);
  t.set("sm.shared_carveout_choice", "smallest",
        "GPGPU-Sim gives a kernel the smallest option that holds its shared memory");
  t.set("sm.l1d.unified_bytes", bytes_text(option_uint(*unified) * 1024), *unified);
}

void translate_scheduler(Translation& t) {
  if (const OptionValue* o = t.take("gpgpu_num_sched_per_core")) {
    t.set("sm.schedulers", fmt::format("{}", option_uint(*o)), *o);
  }
  if (const OptionValue* o = t.take("gpgpu_max_insn_issue_per_warp")) {
    t.set("sm.issue_width", fmt::format("{}", option_uint(*o)), *o);
    if (option_uint(*o) > 1) {
      t.approximate(*o,
                    "warpsim's issue_width lets a scheduler issue that many instructions "
                    "per cycle from any of its warps, GPGPU-Sim's from one warp");
    } else {
      // Dual issue's rule (the two instructions on different units) has nothing to act on.
      for (const char* value : {"0", "1"}) {
        t.agree("gpgpu_dual_issue_diff_exec_units", value,
                "a scheduler issues one instruction per cycle (-gpgpu_max_insn_issue_per_warp "
                "1), so there is no second instruction to constrain");
      }
    }
  }
  t.agree("gpgpu_simd_model", "1",
          "branches reconverge at the immediate post-dominator (a SIMT stack), as in warpsim");
  const OptionValue* o = t.take("gpgpu_scheduler");
  if (o == nullptr) return;
  const std::vector<std::string> f = split(o->value, ':');
  const std::string& kind = f[0];
  if (kind == "lrr" || kind == "gto") {
    t.set("sm.warp_scheduler", kind, *o);
  } else if (kind == "old") {
    t.set("sm.warp_scheduler", "oldest_first", *o);
  } else if (kind == "two_level_active") {
    t.set("sm.warp_scheduler.impl", "two_level_pool", *o);
    t.set("sm.warp_scheduler.active_warps", fmt::format("{}", uint_at(*o, f, 1, "active warps")),
          *o);
    if (f.size() > 2) {
      t.approximate(*o, "the inner and outer orders are not choices of two_level_pool");
    }
  } else if (kind == "rrr") {
    t.set("sm.warp_scheduler", "lrr", *o);
    t.approximate(*o, "round robin from the next warp (rrr) taken as lrr");
  } else if (kind == "warp_limiting") {
    t.set("sm.warp_scheduler", "gto", *o);
    t.approximate(*o,
                  "static warp limiting has no warpsim scheduler: greedy-then-oldest over "
                  "all warps");
  } else {
    o->fail("unknown scheduler (lrr, gto, old, rrr, two_level_active:..., warp_limiting:...)");
  }
}

// Functional units and which of them each op class issues to, GPGPU-Sim's way: integer work on
// the INT units where the SM has them (else SP), double precision on the DP units where it has
// them (else SFU).
void translate_units(Translation& t) {
  struct Unit {
    const char* option;
    const char* unit;
    unsigned gpgpusim_default;
  };
  static constexpr Unit kUnits[] = {{"gpgpu_num_sp_units", "sp", 1},
                                    {"gpgpu_num_sfu_units", "sfu", 1},
                                    {"gpgpu_num_dp_units", "dp", 0},
                                    {"gpgpu_num_int_units", "int", 0}};
  bool has_int = false;
  bool has_dp = false;
  for (const auto& [option, unit, gpgpusim_default] : kUnits) {
    const OptionValue* o = t.take(option);
    if (o == nullptr) {
      if (!t.inheriting) {
        t.set(fmt::format("sm.units.{}", unit), fmt::format("{}", gpgpusim_default),
              fmt::format("no -{}: GPGPU-Sim's default", option));
      }
      continue;
    }
    const std::uint64_t n = option_uint(*o);
    t.set(fmt::format("sm.units.{}", unit), fmt::format("{}", n), *o);
    if (std::string_view(unit) == "int") has_int = n > 0;
    if (std::string_view(unit) == "dp") has_dp = n > 0;
  }
  t.set("sm.units.ldst", "1", "one LD/ST unit per SM, as in GPGPU-Sim");
  const char* int_unit = has_int ? "int" : "sp";
  const char* dp_unit = has_dp ? "dp" : "sfu";
  for (const char* op : {"int", "int_mul", "int_div", "move", "warp", "control"}) {
    t.set(fmt::format("sm.ops.{}.unit", op), int_unit,
          has_int ? "GPGPU-Sim issues what is not SP, SFU or DP work to the INT units"
                  : "no INT units: GPGPU-Sim issues integer work to SP");
  }
  for (const char* op : {"fp32", "fp32_div", "fp16", "convert"}) {
    t.set(fmt::format("sm.ops.{}.unit", op), "sp", "single precision on SP");
  }
  for (const char* op : {"fp64", "fp64_div"}) {
    t.set(fmt::format("sm.ops.{}.unit", op), dp_unit,
          has_dp ? "double precision on the DP units" : "no DP units: double precision on SFU");
  }
  t.set("sm.ops.sfu.unit", "sfu", "transcendentals on SFU");
}

// One op class's latency and initiation interval from fields `index` of two PTX option lists.
void ptx_op(Translation& t, const char* op, const OptionValue* latency, const OptionValue* interval,
            std::size_t index) {
  if (latency != nullptr) {
    const std::vector<std::string> f = split(latency->value, ',');
    if (index < f.size()) {
      t.set(fmt::format("sm.ops.{}.latency", op),
            fmt::format("{}", field_uint(*latency, f[index], "latency")), *latency);
    }
  }
  if (interval != nullptr) {
    const std::vector<std::string> f = split(interval->value, ',');
    if (index < f.size()) {
      t.set(fmt::format("sm.ops.{}.interval", op),
            fmt::format("{}", field_uint(*interval, f[index], "initiation interval")), *interval);
    }
  }
}

// PTX-mode latencies: _int, _fp and _dp list ADD,MAX,MUL,MAD,DIV (and _int a sixth, SHFL);
// _sfu is one number. warpsim's multiply class takes MAD's numbers, its add class ADD's.
void translate_ptx_latencies(Translation& t) {
  const OptionValue* int_lat = t.take("ptx_opcode_latency_int");
  const OptionValue* int_ii = t.take("ptx_opcode_initiation_int");
  ptx_op(t, "int", int_lat, int_ii, 0);
  ptx_op(t, "move", int_lat, int_ii, 0);
  ptx_op(t, "int_mul", int_lat, int_ii, 3);
  ptx_op(t, "int_div", int_lat, int_ii, 4);
  ptx_op(t, "warp", int_lat, int_ii, 5);
  const OptionValue* fp_lat = t.take("ptx_opcode_latency_fp");
  const OptionValue* fp_ii = t.take("ptx_opcode_initiation_fp");
  for (const char* op : {"fp32", "fp16", "convert"}) ptx_op(t, op, fp_lat, fp_ii, 0);
  ptx_op(t, "fp32_div", fp_lat, fp_ii, 4);
  const OptionValue* dp_lat = t.take("ptx_opcode_latency_dp");
  const OptionValue* dp_ii = t.take("ptx_opcode_initiation_dp");
  ptx_op(t, "fp64", dp_lat, dp_ii, 0);
  ptx_op(t, "fp64_div", dp_lat, dp_ii, 4);
  ptx_op(t, "sfu", t.take("ptx_opcode_latency_sfu"), t.take("ptx_opcode_initiation_sfu"), 0);
}

// Trace-mode latencies (Accel-Sim's trace.config): "<latency>,<initiation>" per unit class.
// They replace the PTX numbers of the classes they name, so a preset imported with a
// trace.config times traces as Accel-Sim does.
void translate_trace_latencies(Translation& t) {
  struct Class {
    const char* option;
    std::vector<const char*> ops;
  };
  const Class kClasses[] = {{"trace_opcode_latency_initiation_int", {"int", "int_mul", "move"}},
                            {"trace_opcode_latency_initiation_sp", {"fp32", "fp16", "convert"}},
                            {"trace_opcode_latency_initiation_dp", {"fp64"}},
                            {"trace_opcode_latency_initiation_sfu", {"sfu"}}};
  for (const auto& [option, ops] : kClasses) {
    const OptionValue* o = t.take(option);
    if (o == nullptr) continue;
    const std::vector<std::string> f = split(o->value, ',');
    if (f.size() != 2) o->fail("expected <latency>,<initiation interval>");
    for (const char* op : ops) {
      t.set(fmt::format("sm.ops.{}.latency", op),
            fmt::format("{}", field_uint(*o, f[0], "latency")), *o);
      t.set(fmt::format("sm.ops.{}.interval", op),
            fmt::format("{}", field_uint(*o, f[1], "initiation interval")), *o);
    }
  }
}

// Kernel launch and instruction fetch.
void translate_launch(Translation& t) {
  if (const OptionValue* o = t.take("gpgpu_kernel_launch_latency")) {
    t.set("gpu.kernel_launch_latency", fmt::format("{}", option_uint(*o)), *o);
  }
  t.agree("gpgpu_TB_launch_latency", "0",
          "no cycles per CTA added to a kernel's launch latency, as in warpsim");
  if (const OptionValue* o = t.take("gpgpu_max_concurrent_kernel")) {
    const std::uint64_t n = option_uint(*o);
    if (n == 0) o->fail("at least one kernel must be able to run");
    t.set("gpu.max_concurrent_kernels", fmt::format("{}", n), *o);
  }
  // GPGPU-Sim runs its decode and fetch stages this many times per core cycle, each time
  // filling one warp's instruction buffer with up to two instructions (fetch_width 2).
  if (const OptionValue* o = t.take("gpgpu_inst_fetch_throughput")) {
    const std::uint64_t n = option_uint(*o);
    if (n == 0) o->fail("at least one warp must be fetched per cycle");
    t.set("sm.fetch.warps_per_cycle", fmt::format("{}", n), *o);
  }
}

}  // namespace

void translate_core(Translation& t) {
  translate_clocks(t);
  translate_launch(t);
  translate_limits(t);
  translate_capability(t);
  translate_shared(t);
  translate_scheduler(t);
  translate_units(t);
  translate_ptx_latencies(t);
  translate_trace_latencies(t);
}

}  // namespace warpsim::import
