#include "import/gpgpusim_import.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "sim/config_node.h"

namespace warpsim::import {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class GpgpusimImport : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / "warpsim-import-test" / "SM9_TEST";
    std::filesystem::create_directories(dir);
    const std::filesystem::path path = dir / name;
    std::ofstream(path) << text;
    return path.string();
  }
};

TEST_F(GpgpusimImport, TranslatesAndCitesEachOption) {
  const std::string file = write("gpgpusim.config",
                                 "-gpgpu_n_clusters 4\n"
                                 "-gpgpu_n_cores_per_cluster 2\n"
                                 "-gpgpu_clock_domains 1000.0:1000.0:1000.0:500.5\n"
                                 "-gpgpu_scheduler two_level_active:6:0:1\n"
                                 "-gpgpu_cache:dl1 N:64:128:6,F:E:m:N:X,A:32:8,8\n"
                                 "-gpgpu_dram_timing_opt \"nbk=8:CCD=2:RRD=6:RCD=12:RAS=28:"
                                 "RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12\"\n"
                                 "-power_simulation_enabled 0\n");
  const ImportResult r = import_gpgpusim({.files = {file}, .name = "", .inherits = ""});
  EXPECT_EQ(r.name, "sm9_test");
  const ConfigNode preset = ConfigNode::parse_string(r.yaml, "imported");
  EXPECT_EQ(preset.at("sm").at("count").as_string(), "8");
  EXPECT_EQ(preset.at("clocks").at("dram_mhz").as_string(), "500.5");
  EXPECT_EQ(preset.at("sm").at("warp_scheduler").at("impl").as_string(), "two_level_pool");
  EXPECT_EQ(preset.at("sm").at("warp_scheduler").at("active_warps").as_string(), "6");
  const ConfigNode& l1d = preset.at("sm").at("l1d");
  EXPECT_EQ(l1d.at("size").as_string(), "48KiB");
  EXPECT_EQ(l1d.at("replacement").as_string(), "fifo");
  EXPECT_EQ(l1d.at("write_policy").as_string(), "write_evict");
  EXPECT_EQ(l1d.at("set_index").as_string(), "xor");
  const ConfigNode& dram = preset.at("dram");
  EXPECT_EQ(dram.at("banks").as_string(), "8");
  EXPECT_EQ(dram.at("bank_groups").as_string(), "1");         // no nbkgrp=
  EXPECT_EQ(dram.at("timing").at("ccd_l").as_string(), "2");  // no CCDL=: CCD
  EXPECT_EQ(dram.at("timing").at("rcd_wr").as_string(), "7");
  EXPECT_EQ(dram.at("timing").at("refi").as_string(), "0");
  EXPECT_THAT(r.yaml, HasSubstr("# -gpgpu_cache:dl1 N:64:128:6,F:E:m:N:X,A:32:8,8"));
  EXPECT_THAT(r.yaml, HasSubstr("count: 8  # -gpgpu_n_clusters 4 x -gpgpu_n_cores_per_cluster 2"));
  ASSERT_EQ(r.untranslated.size(), 1u);
  EXPECT_THAT(r.untranslated[0], HasSubstr("gpgpusim.config:7: -power_simulation_enabled 0"));
  ASSERT_EQ(r.approximations.size(), 1u);
  EXPECT_THAT(r.approximations[0], HasSubstr("inner and outer orders"));
}

TEST_F(GpgpusimImport, FoldsWaysBeyondWarpsimsLimitIntoSets) {
  const std::string file =
      write("fold.config", "-gpgpu_tex_cache:l1 N:4:128:256,L:R:m:N:L,T:512:8,128:2\n");
  const ImportResult r = import_gpgpusim({.files = {file}, .name = "fold", .inherits = ""});
  const ConfigNode preset = ConfigNode::parse_string(r.yaml, "imported");
  EXPECT_EQ(preset.at("sm").at("l1t").at("ways").as_string(), "64");
  EXPECT_EQ(preset.at("sm").at("l1t").at("size").as_string(), "128KiB");
  ASSERT_GE(r.approximations.size(), 1u);
  EXPECT_THAT(r.approximations[0], HasSubstr("4 sets x 256 ways become 16 sets x 64 ways"));
}

TEST_F(GpgpusimImport, InheritingLeavesOutStandInValues) {
  const std::string file = write("inherit.config", "-gpgpu_ptx_force_max_capability 20\n");
  const ImportResult own = import_gpgpusim({.files = {file}, .name = "x", .inherits = ""});
  EXPECT_THAT(own.yaml, HasSubstr("register_allocation_unit: 64"));
  EXPECT_THAT(own.yaml, HasSubstr("global_memory: 4GiB"));
  const ImportResult inherited =
      import_gpgpusim({.files = {file}, .name = "x", .inherits = "gtx480"});
  EXPECT_THAT(inherited.yaml, HasSubstr("inherits: gtx480"));
  EXPECT_THAT(inherited.yaml, HasSubstr("compute_capability: \"2.0\""));
  EXPECT_THAT(inherited.yaml, Not(HasSubstr("register_allocation_unit")));
  EXPECT_THAT(inherited.yaml, Not(HasSubstr("global_memory")));
}

TEST_F(GpgpusimImport, BadValuesNameFileAndLine) {
  const std::string file = write("bad.config",
                                 "-gpgpu_n_clusters 4\n"
                                 "-gpgpu_mem_addr_mapping dramid@8;RRRR\n");
  try {
    import_gpgpusim({.files = {file}, .name = "", .inherits = ""});
    FAIL() << "expected an error";
  } catch (const ImportError& e) {
    EXPECT_THAT(e.what(), HasSubstr("bad.config:2: -gpgpu_mem_addr_mapping"));
    EXPECT_THAT(e.what(), HasSubstr("expected 64 bit letters, got 4"));
  }
  const std::string sched = write("sched.config", "-gpgpu_scheduler fancy\n");
  EXPECT_THROW(import_gpgpusim({.files = {sched}, .name = "", .inherits = ""}), ImportError);
  EXPECT_THROW(import_gpgpusim({.files = {}, .name = "", .inherits = ""}), ImportError);
}

}  // namespace
}  // namespace warpsim::import
