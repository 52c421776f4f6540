#include "gpu/memory_schema.h"

#include "cache/l2_slice.h"
#include "dram/dram_config.h"
#include "icnt/icnt_config.h"
#include "tlb/tlb_config.h"

namespace warpsim {

SectionSpec memory_section() {
  return SectionSpec{
      .name = "memory",
      .description =
          "What lies behind the SMs' L1 caches. `hierarchy`: crossbar (icnt), L2 slices (l2) "
          "and DRAM channels (dram). `fixed`: every request the L1s send is answered after "
          "`latency` core cycles, `requests_per_cycle` per cycle GPU-wide (a stand-in for "
          "testing the SM alone).",
      .params = {ParamSpec{.name = "model",
                           .type = ParamType::kString,
                           .description = "hierarchy or fixed",
                           .default_value = "hierarchy",
                           .choices = {"hierarchy", "fixed"}},
                 uint_param("latency", "fixed model: core cycles from request to reply", "200", 1),
                 uint_param("requests_per_cycle",
                            "fixed model: requests accepted per core cycle, GPU-wide", "8", 1),
                 uint_param("slices_per_channel",
                            "L2 slices per DRAM channel (GPGPU-Sim's sub-partitions)", "2", 1)},
      .policies = {
          PolicySlot{.name = "address_mapping",
                     .kind = "address_mapping",
                     .default_impl = "interleaved",
                     .description = "which channel, slice, bank and row an address is in"}}};
}

std::vector<SectionSpec> memory_hierarchy_sections() {
  return {l2_section(), icnt_section(), dram_section(), tlb_section()};
}

}  // namespace warpsim
