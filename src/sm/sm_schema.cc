#include "sm/sm_schema.h"

#include <string>
#include <utility>

#include "sm/op_timing.h"

namespace warpsim {

namespace {

ParamSpec uint_param(std::string name, std::string description, std::string value, double min = 0,
                     std::optional<double> max = std::nullopt) {
  return ParamSpec{.name = std::move(name),
                   .type = ParamType::kUint,
                   .description = std::move(description),
                   .default_value = std::move(value),
                   .min = min,
                   .max = max};
}

ParamSpec size_param(std::string name, std::string description, std::string value, double min) {
  return ParamSpec{.name = std::move(name),
                   .type = ParamType::kSize,
                   .description = std::move(description),
                   .default_value = std::move(value),
                   .min = min};
}

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
                              .description = "which line to evict"}}};
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

SectionSpec ldst_section() {
  return SectionSpec{
      .name = "ldst",
      .description = "LD/ST unit: queue, coalescing into memory requests, shared memory banks.",
      .params = {
          uint_param("queue", "memory instructions waiting in the LD/ST unit", "8", 1),
          uint_param("coalesce_bytes",
                     "bytes of one memory request: a warp's lanes touching one aligned "
                     "block of this size share a request (128 Fermi lines, 32 sectors)",
                     "32", 4),
          uint_param("requests_per_cycle", "memory requests the unit sends per cycle", "1", 1),
          uint_param("shared_latency", "cycles of a conflict-free shared-memory access", "24", 1),
          uint_param("shared_banks", "shared-memory banks", "32", 1, 64),
          uint_param("bank_bytes", "bytes per bank word (4, or 8 in Kepler's mode)", "4", 4, 8),
          uint_param("const_latency", "cycles of a constant-cache hit", "8", 1),
          uint_param("local_stride",
                     "bytes of local memory per thread reserved in the "
                     "simulated address space",
                     "65536", 4)}};
}

}  // namespace

std::vector<SectionSpec> sm_timing_sections() {
  return {fetch_section(), icache_section(), units_section(), ops_section(), ldst_section()};
}

std::vector<PolicySlot> sm_policy_slots() {
  return {PolicySlot{.name = "warp_scheduler",
                     .kind = "warp_scheduler",
                     .default_impl = "gto",
                     .description = "order in which each scheduler considers its warps"}};
}

std::vector<ParamSpec> sm_timing_params() {
  return {uint_param("schedulers", "warp schedulers per SM (warp w goes to scheduler w mod N)", "4",
                     1, 16),
          uint_param("issue_width", "instructions one scheduler may issue per cycle", "1", 1, 4)};
}

SectionSpec memory_stub_section() {
  return SectionSpec{
      .name = "memory",
      .description =
          "Stand-in for the memory hierarchy until it is modeled (issue F6): every "
          "global, local, texture and atomic request and every I-cache miss is "
          "answered after a fixed latency, a limited number per cycle.",
      .params = {
          uint_param("latency", "core cycles from request to reply", "200", 1),
          uint_param("requests_per_cycle", "requests accepted per core cycle, GPU-wide", "8", 1)}};
}

SectionSpec gpu_section() {
  return SectionSpec{
      .name = "gpu",
      .description = "Kernel and CTA scheduling across the GPU.",
      .params = {uint_param("max_concurrent_kernels", "kernels that may run at once", "32", 1),
                 uint_param("progress_cycles", "core cycles between --progress lines", "1000000",
                            1)},
      .policies = {PolicySlot{.name = "cta_scheduler",
                              .kind = "cta_scheduler",
                              .default_impl = "round_robin",
                              .description = "which SM gets the next CTA"}}};
}

}  // namespace warpsim
