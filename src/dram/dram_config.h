#pragma once

// A DRAM channel's organization and timing, read once from the resolved `dram` section
// (dram_section() declares it), so the hot path never touches the config tree. Every timing
// counts DRAM command-clock cycles (clocks.dram_mhz).

#include <cstdint>

#include "sim/config_node.h"
#include "sim/schema.h"

namespace warpsim {

enum class RowPolicy : std::uint8_t {
  kOpen,    // a row stays open until a request to another row (or a refresh) closes it
  kClosed,  // a column command auto-precharges when no queued request hits the same row
};

// JEDEC-style timing constraints, in command-clock cycles. Names follow the datasheets
// without the leading t (cl = tCL). burst_cycles() of DramConfig is the data-bus time of one
// burst (tBURST = burst length / data rate).
struct DramTiming {
  std::uint32_t cl = 12;            // RD to first read data
  std::uint32_t cwl = 4;            // WR to first write data
  std::uint32_t rcd = 12;           // ACT to RD
  std::uint32_t rcd_wr = 7;         // ACT to WR
  std::uint32_t rp = 12;            // PRE to ACT (same bank)
  std::uint32_t ras = 28;           // ACT to PRE (same bank)
  std::uint32_t rc = 40;            // ACT to ACT (same bank)
  std::uint32_t ccd_s = 2;          // column to column, different bank groups
  std::uint32_t ccd_l = 3;          // column to column, same bank group
  std::uint32_t rrd_s = 6;          // ACT to ACT, different bank groups
  std::uint32_t rrd_l = 6;          // ACT to ACT, same bank group
  std::uint32_t faw = 22;           // window holding at most four ACTs (0: no limit)
  std::uint32_t wr = 12;            // end of write data to PRE (write recovery)
  std::uint32_t wtr = 5;            // end of write data to RD
  std::uint32_t rtp = 2;            // RD to PRE
  std::uint32_t rw_turnaround = 2;  // idle data-bus cycles between read data and write data
  std::uint32_t refi = 3603;        // interval between all-bank refreshes (0: no refresh)
  std::uint32_t rfc = 102;          // REF to ACT
};

struct DramConfig {
  std::uint32_t channels = 6;
  std::uint32_t banks = 16;       // per channel, bank groups included; a power of two
  std::uint32_t bank_groups = 4;  // divides banks
  std::uint64_t row_bytes = 4096;
  std::uint32_t bus_bytes = 32;      // data bytes per command-clock cycle (width x data rate)
  std::uint32_t burst_bytes = 64;    // data bytes of one RD or WR command
  std::uint32_t queue = 64;          // request queue entries per channel
  std::uint32_t return_queue = 116;  // replies a channel holds until the L2 takes them
  RowPolicy row_policy = RowPolicy::kOpen;
  bool dual_command_bus = false;  // a row and a column command may issue in the same cycle
  DramTiming timing;
  ConfigNode scheduler = ConfigNode::scalar("fr_fcfs");  // the `scheduler` policy slot

  std::uint32_t burst_cycles() const { return burst_bytes / bus_bytes; }
};

// The `dram` section: organization, queues, row policy, scheduler slot and a `timing`
// sub-section. Defaults are GPGPU-Sim's GTX480 GDDR5 set (configs/overlays/dram_gddr5.yaml).
SectionSpec dram_section();

// `dram` is the resolved config's `dram` section. Throws ConfigError for an inconsistent
// organization (banks not a power of two, bursts not a whole number of bus cycles, ...).
DramConfig read_dram_config(const ConfigNode& dram);

}  // namespace warpsim
