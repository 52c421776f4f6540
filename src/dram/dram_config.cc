#include "dram/dram_config.h"

#include <bit>
#include <string>
#include <utility>

#include "dram/dram_scheduler.h"

namespace warpsim {

namespace {

SectionSpec timing_section() {
  return SectionSpec{
      .name = "timing",
      .description =
          "Timing constraints in DRAM command-clock cycles (clocks.dram_mhz). Defaults: "
          "GPGPU-Sim's GTX480 GDDR5 (Hynix H5GQ1H24AFR) set.",
      .params = {
          uint_param("cl", "tCL: RD command to first read data", "12", 1),
          uint_param("cwl", "tCWL (GPGPU-Sim WL): WR command to first write data", "4", 0),
          uint_param("rcd", "tRCD: ACT to RD in the same bank", "12", 1),
          uint_param("rcd_wr", "tRCDWR: ACT to WR in the same bank", "7", 1),
          uint_param("rp", "tRP: PRE to ACT in the same bank", "12", 1),
          uint_param("ras", "tRAS: ACT to PRE in the same bank", "28", 1),
          uint_param("rc", "tRC: ACT to ACT in the same bank", "40", 1),
          uint_param("ccd_s", "tCCD_S: column command to column command, other bank group", "2", 1),
          uint_param("ccd_l", "tCCD_L: column command to column command, same bank group", "3", 1),
          uint_param("rrd_s", "tRRD_S: ACT to ACT, other bank group", "6", 1),
          uint_param("rrd_l", "tRRD_L: ACT to ACT, same bank group", "6", 1),
          uint_param("faw", "tFAW: at most four ACTs in any window this long (0: no limit)", "22"),
          uint_param("wr", "tWR: end of write data to PRE in the same bank", "12", 0),
          uint_param("wtr", "tWTR (GPGPU-Sim CDLR): end of write data to a RD command", "5", 0),
          uint_param("rtp", "tRTP: RD to PRE in the same bank", "2", 1),
          uint_param("rw_turnaround",
                     "idle data-bus cycles between read data and following write data (RD to WR "
                     "= cl + burst + this - cwl)",
                     "2", 0),
          uint_param("refi", "tREFI: cycles between all-bank refreshes (0: refresh not modeled)",
                     "3603"),
          uint_param("rfc", "tRFC: REF to ACT (all banks)", "102", 1)}};
}

std::uint32_t u32(const ConfigNode& node, std::string_view key) {
  return static_cast<std::uint32_t>(node.at(key).as_uint());
}

DramTiming read_timing(const ConfigNode& t) {
  DramTiming d;
  d.cl = u32(t, "cl");
  d.cwl = u32(t, "cwl");
  d.rcd = u32(t, "rcd");
  d.rcd_wr = u32(t, "rcd_wr");
  d.rp = u32(t, "rp");
  d.ras = u32(t, "ras");
  d.rc = u32(t, "rc");
  d.ccd_s = u32(t, "ccd_s");
  d.ccd_l = u32(t, "ccd_l");
  d.rrd_s = u32(t, "rrd_s");
  d.rrd_l = u32(t, "rrd_l");
  d.faw = u32(t, "faw");
  d.wr = u32(t, "wr");
  d.wtr = u32(t, "wtr");
  d.rtp = u32(t, "rtp");
  d.rw_turnaround = u32(t, "rw_turnaround");
  d.refi = u32(t, "refi");
  d.rfc = u32(t, "rfc");
  if (d.refi != 0 && d.refi <= d.rfc) {
    throw t.at("refi").error("refi must be larger than rfc (or 0 to leave refresh out)");
  }
  return d;
}

}  // namespace

SectionSpec dram_section() {
  return SectionSpec{
      .name = "dram",
      .description =
          "DRAM channels (GPGPU-Sim's memory partitions): banks, rows, a request queue with a "
          "scheduler, and command-level timing in command-clock cycles (clocks.dram_mhz).",
      .params =
          {uint_param("channels", "DRAM channels", "6", 1),
           uint_param("banks", "banks per channel, bank groups included (a power of two)", "16", 1,
                      1024),
           uint_param("bank_groups", "bank groups per channel (1: none); divides banks", "4", 1),
           ParamSpec{.name = "row_bytes",
                     .type = ParamType::kSize,
                     .description = "bytes of one row across the channel (its page size)",
                     .default_value = "4KiB",
                     .min = 32},
           uint_param("bus_bytes",
                      "data bytes the channel moves per command-clock cycle (bus width x data "
                      "transfers per command clock)",
                      "32", 1),
           uint_param("burst_bytes",
                      "data bytes one RD or WR command moves (bus width x burst length); a "
                      "multiple of bus_bytes",
                      "64", 1),
           uint_param("queue", "request queue entries per channel", "64", 1),
           uint_param("return_queue", "replies a channel holds until the L2 takes them", "116", 1),
           ParamSpec{.name = "row_policy",
                     .type = ParamType::kString,
                     .description = "open: rows stay open until a conflict or refresh; closed: "
                                    "a column command auto-precharges unless a queued request "
                                    "hits the same row",
                     .default_value = "open",
                     .choices = {"open", "closed"}},
           ParamSpec{.name = "dual_command_bus",
                     .type = ParamType::kBool,
                     .description = "separate row and column command buses (HBM): one row and "
                                    "one column command may issue per cycle",
                     .default_value = "false"}},
      .sections = {timing_section()},
      .policies = {PolicySlot{.name = "scheduler",
                              .kind = DramScheduler::kKind,
                              .default_impl = "fr_fcfs",
                              .description = "which queued request's command issues next"}}};
}

DramConfig read_dram_config(const ConfigNode& dram) {
  DramConfig c;
  c.channels = u32(dram, "channels");
  c.banks = u32(dram, "banks");
  c.bank_groups = u32(dram, "bank_groups");
  c.row_bytes = dram.at("row_bytes").as_size();
  c.bus_bytes = u32(dram, "bus_bytes");
  c.burst_bytes = u32(dram, "burst_bytes");
  c.queue = u32(dram, "queue");
  c.return_queue = u32(dram, "return_queue");
  c.row_policy =
      dram.at("row_policy").as_string() == "closed" ? RowPolicy::kClosed : RowPolicy::kOpen;
  c.dual_command_bus = dram.at("dual_command_bus").as_bool();
  c.timing = read_timing(dram.at("timing"));
  c.scheduler = dram.at("scheduler");
  if (!std::has_single_bit(c.banks)) {
    throw dram.at("banks").error("banks must be a power of two");
  }
  if (c.banks % c.bank_groups != 0) {
    throw dram.at("bank_groups").error("bank_groups must divide banks");
  }
  if (c.burst_bytes % c.bus_bytes != 0) {
    throw dram.at("burst_bytes").error("burst_bytes must be a multiple of bus_bytes");
  }
  return c;
}

}  // namespace warpsim
