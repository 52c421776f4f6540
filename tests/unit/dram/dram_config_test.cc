// The `dram` config section and the named timing sets in configs/overlays.

#include <gtest/gtest.h>

#include "dram_test_util.h"

namespace warpsim::test {
namespace {

DramConfig overlay(const std::string& name) {
  SectionSpec root;
  root.sections = {dram_section()};
  const ConfigNode raw =
      ConfigNode::parse_file(std::string(WARPSIM_SOURCE_DIR) + "/configs/overlays/" + name);
  return read_dram_config(resolve_config(raw, root, PolicyRegistry::global()).at("dram"));
}

TEST(DramConfig, EveryKeyHasADefault) {
  // An empty section resolves: the defaults are the GTX480 GDDR5 set.
  const DramConfig c = dram_config_from("{}");
  EXPECT_EQ(c.banks, 16u);
  EXPECT_EQ(c.timing.cl, 12u);
  EXPECT_EQ(c.burst_cycles(), 2u);
  EXPECT_EQ(c.row_policy, RowPolicy::kOpen);
}

TEST(DramConfig, Gddr5MatchesGpgpuSimGtx480) {
  const DramConfig c = overlay("dram_gddr5.yaml");
  EXPECT_EQ(c.channels, 6u);
  // 8-byte channel, QDR: 32 bytes per command cycle; BL8 bursts of 64 bytes take BL/4 = 2.
  EXPECT_EQ(c.bus_bytes, 32u);
  EXPECT_EQ(c.burst_cycles(), 2u);
  EXPECT_EQ(c.timing.rcd, 12u);
  EXPECT_EQ(c.timing.rcd_wr, 12u - (4u + 1u));  // GPGPU-Sim's tRCDWR = RCD - (WL + 1)
  EXPECT_EQ(c.timing.ccd_l, 3u);
  EXPECT_FALSE(c.dual_command_bus);
  EXPECT_EQ(c.queue, 64u);
  EXPECT_EQ(c.return_queue, 116u);
}

TEST(DramConfig, Hbm2MatchesAccelSimQv100) {
  const DramConfig c = overlay("dram_hbm2.yaml");
  EXPECT_EQ(c.channels, 32u);
  // 16-byte channel, DDR: 32 bytes per command cycle; BL2 bursts of 32 bytes take BL/2 = 1.
  EXPECT_EQ(c.bus_bytes, 32u);
  EXPECT_EQ(c.burst_cycles(), 1u);
  EXPECT_EQ(c.timing.cwl, 2u);
  EXPECT_EQ(c.timing.rcd_wr, 12u - (2u + 1u));
  EXPECT_TRUE(c.dual_command_bus);
  EXPECT_EQ(c.return_queue, 192u);
  // 32 channels x 32 B x 850 MHz = 870 GB/s, V100's HBM2 peak (900 GB/s at 877 MHz).
  EXPECT_EQ(std::uint64_t{c.channels} * c.bus_bytes * 850, 870'400u);
}

TEST(DramConfig, Hbm3GivesH100Bandwidth) {
  const DramConfig c = overlay("dram_hbm3.yaml");
  // A 32-bit pseudo channel with BL8: 32-byte bursts of 4 cycles, one tCCD_S apart.
  EXPECT_EQ(c.burst_cycles(), 4u);
  EXPECT_EQ(c.timing.ccd_s, c.burst_cycles());
  // 160 x 8 B x 2619 MHz = 3352 GB/s (H100 SXM5: 3.35 TB/s).
  EXPECT_EQ(std::uint64_t{c.channels} * c.bus_bytes * 2619, 3'352'320u);
}

TEST(DramConfig, RejectsInconsistentOrganization) {
  EXPECT_THROW(dram_config_from("{banks: 12}"), ConfigError);
  EXPECT_THROW(dram_config_from("{banks: 16, bank_groups: 3}"), ConfigError);
  EXPECT_THROW(dram_config_from("{bus_bytes: 32, burst_bytes: 48}"), ConfigError);
  EXPECT_THROW(dram_config_from("{timing: {refi: 50, rfc: 60}}"), ConfigError);
  EXPECT_THROW(dram_config_from("{row_policy: half}"), ConfigError);
  EXPECT_THROW(dram_config_from("{scheduler: lifo}"), ConfigError);
  EXPECT_NO_THROW(dram_config_from("{timing: {refi: 0, rfc: 60}}"));
}

TEST(DramConfig, SchedulerSlotTakesParams) {
  const DramConfig c = dram_config_from("{scheduler: {impl: fr_fcfs, max_row_hits: 4}}");
  EXPECT_EQ(c.scheduler.at("impl").as_string(), "fr_fcfs");
  EXPECT_EQ(c.scheduler.at("max_row_hits").as_uint(), 4u);
  EXPECT_EQ(dram_config_from("{scheduler: fcfs}").scheduler.at("impl").as_string(), "fcfs");
}

TEST(DramConfig, DecodedBankOutsideTheChannelIsAnError) {
  // The test mapping yields banks 0-15; a channel configured with 8 banks must refuse bank 9.
  DramBench b(test_config({{"banks", "8"}}), {{0, 0, read(9, 1, 1)}});
  EXPECT_THROW(b.run(), std::logic_error);
}

}  // namespace
}  // namespace warpsim::test
