#include "import/gpgpusim_import.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "gpu/gpu_schema.h"
#include "sim/config_load.h"
#include "sim/config_node.h"
#include "sim/registry.h"

namespace warpsim::import {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

// The value at dotted `path` of a resolved config, as text.
std::string at(const ConfigNode& config, std::string_view path) {
  const ConfigNode* node = &config;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = path.find('.', start);
    node = &node->at(path.substr(start, dot == std::string_view::npos ? dot : dot - start));
    if (dot == std::string_view::npos) return node->as_string();
    start = dot + 1;
  }
}

// A GPU made up for this test (no shipped configuration has these numbers), in the layout
// Accel-Sim's files use: comments, a repeated option, a quoted DRAM timing over two lines with a
// comment between its halves, and every option the import translates or agrees with.
constexpr const char* kEveryOption = R"(# SM9_TEST: a made-up GPU
-gpgpu_ptx_force_max_capability 86
-gpgpu_compute_capability_major 8
-gpgpu_compute_capability_minor 6
-gpgpu_kernel_launch_latency 1234
-gpgpu_TB_launch_latency 0
-gpgpu_max_concurrent_kernel 16
-gpgpu_n_clusters 6
-gpgpu_n_cores_per_cluster 2
-gpgpu_n_mem 4
-gpgpu_n_sub_partition_per_mchannel 2
#-gpgpu_clock_domains 1:1:1:1
-gpgpu_clock_domains 1500:1400:1300:2000.5   # core:icnt:L2:DRAM
-gpgpu_shader_registers 65536
-gpgpu_registers_per_block 32768
-gpgpu_shader_core_pipeline 1536:32
-gpgpu_shader_cta 24
-gpgpu_num_sp_units 2
-gpgpu_num_sfu_units 1
-gpgpu_num_dp_units 1
-gpgpu_num_int_units 2
-ptx_opcode_latency_int 3,10,3,6,100,12
-ptx_opcode_initiation_int 1,2,2,2,16,2
-ptx_opcode_latency_fp 5,10,5,5,30
-ptx_opcode_initiation_fp 1,1,1,1,6
-ptx_opcode_latency_dp 9,20,9,9,200
-ptx_opcode_initiation_dp 3,3,3,3,90
-ptx_opcode_latency_sfu 18
-ptx_opcode_initiation_sfu 6
-gpgpu_num_sched_per_core 2
-gpgpu_scheduler gto
-gpgpu_max_insn_issue_per_warp 1
-gpgpu_dual_issue_diff_exec_units 1
-gpgpu_inst_fetch_throughput 3
-gpgpu_shmem_num_banks 32
-gpgpu_shmem_limited_broadcast 0
-gpgpu_shmem_warp_parts 1
-gpgpu_adaptive_cache_config 1
-gpgpu_shmem_option 0,16,48,96
-gpgpu_unified_l1d_size 128
-gpgpu_shmem_size 98304
-gpgpu_shmem_per_block 49152
-gpgpu_smem_latency 27
-gpgpu_l1_latency 30             # replaced below: the last value counts
-gpgpu_l1_banks 2
-gpgpu_cache:dl1 S:4:128:64,L:T:m:L:L,A:256:16,16:0,32
-gpgpu_gmem_skip_L1D 0
-gpgpu_flush_l1_cache 0
-gpgpu_tex_cache:l1 N:8:128:16,L:R:m:N:L,T:256:4,64:2
-gpgpu_const_cache:l1 N:64:64:4,L:R:f:N:L,S:2:32,4
-gpgpu_cache:il1 N:32:128:8,L:R:f:N:L,S:2:48,4
-gpgpu_perfect_inst_const_cache 1
-gpgpu_cache:dl2 S:64:128:16,L:B:m:L:X,A:128:4,16:0,32
-gpgpu_cache:dl2_texture_only 0
-gpgpu_dram_partition_queues 32:32:32:48
-gpgpu_l2_rop_latency 150
-dram_latency 90
-gpgpu_dram_scheduler 1
-gpgpu_frfcfs_dram_sched_queue_size 48
-gpgpu_dram_return_queue_size 96
-gpgpu_n_mem_per_ctrlr 2
-gpgpu_dram_buswidth 4
-gpgpu_dram_burst_length 8
-dram_data_command_freq_ratio 4  # QDR
-dram_dual_bus_interface 0
-gpgpu_simple_dram_model 0
-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.000RRRRR.RRRRRRRR.RBBBBCCC.CCCSSSSS
-gpgpu_memory_partition_indexing 1
-gpgpu_dram_timing_opt "nbk=16:CCD=2:RRD=7:RCD=15:RAS=35:RP=15:RC=50:   # rows
                        CL=15:WL=5:CDLR=6:WR=14:nbkgrp=4:CCDL=3:RTPL=3"
-network_mode 2
-icnt_flit_size 32
-icnt_in_buffer_limit 256
-icnt_out_buffer_limit 128
-icnt_subnets 2
-gpgpu_l1_latency 25
-gpgpu_l1_cache_write_ratio 20
-visualizer_enabled 0
)";

constexpr const char* kEveryTraceOption = R"(-trace_opcode_latency_initiation_int 4,2
-trace_opcode_latency_initiation_sp 5,2
-trace_opcode_latency_initiation_dp 10,4
-trace_opcode_latency_initiation_sfu 22,8
)";

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

// Every option that has a warpsim counterpart, each key it sets checked in the config the
// preset resolves to (which also shows that the preset validates against the schema).
TEST_F(GpgpusimImport, EveryTranslatedOptionReachesTheResolvedConfig) {
  const std::string config = write("gpgpusim.config", kEveryOption);
  const std::string trace = write("trace.config", kEveryTraceOption);
  const ImportResult r = import_gpgpusim({.files = {config, trace}, .name = "", .inherits = ""});
  const std::string preset = write("sm9_test.yaml", r.yaml);
  const ConfigNode c = resolve_config(
      load_config(ConfigRequest{preset, {}, {}}, ConfigPaths::under(WARPSIM_SOURCE_DIR)),
      gpu_schema(), PolicyRegistry::global());

  const std::pair<const char*, const char*> kExpected[] = {
      {"name", "sm9_test"},
      // clocks, launch, fetch
      {"clocks.core_mhz", "1500"},
      {"clocks.icnt_mhz", "1400"},
      {"clocks.l2_mhz", "1300"},
      {"clocks.dram_mhz", "2000.5"},
      {"gpu.kernel_launch_latency", "1234"},
      {"gpu.max_concurrent_kernels", "16"},
      {"sm.fetch.warps_per_cycle", "3"},
      {"sm.fetch.inst_bytes", "16"},
      // the SM
      {"sm.count", "12"},
      {"sm.max_threads", "1536"},
      {"sm.warp_size", "32"},
      {"sm.max_ctas", "24"},
      {"sm.registers", "65536"},
      {"sm.max_registers_per_cta", "32768"},
      {"sm.compute_capability", "8.6"},
      {"sm.max_registers_per_thread", "255"},
      {"sm.register_allocation_unit", "256"},
      {"sm.register_file_partitions", "4"},
      {"sm.shared_allocation_unit", "128"},
      {"sm.reserved_shared_per_cta", "1024"},
      {"sm.shared_memory", "98304"},
      {"sm.max_shared_per_cta", "49152"},
      {"sm.shared_carveout_choice", "smallest"},
      {"sm.ldst.shared_banks", "32"},
      {"sm.ldst.shared_latency", "27"},
      {"sm.schedulers", "2"},
      {"sm.issue_width", "1"},
      {"sm.warp_scheduler.impl", "gto"},
      {"sm.units.sp", "2"},
      {"sm.units.sfu", "1"},
      {"sm.units.dp", "1"},
      {"sm.units.int", "2"},
      {"sm.ops.int.unit", "int"},
      {"sm.ops.fp64.unit", "dp"},
      // trace.config's latencies over the PTX ones of the same classes
      {"sm.ops.int.latency", "4"},
      {"sm.ops.int.interval", "2"},
      {"sm.ops.int_mul.latency", "4"},
      {"sm.ops.move.latency", "4"},
      {"sm.ops.fp32.latency", "5"},
      {"sm.ops.fp16.interval", "2"},
      {"sm.ops.fp64.latency", "10"},
      {"sm.ops.fp64.interval", "4"},
      {"sm.ops.sfu.latency", "22"},
      {"sm.ops.sfu.interval", "8"},
      // PTX latencies of the classes trace.config does not name
      {"sm.ops.int_div.latency", "100"},
      {"sm.ops.int_div.interval", "16"},
      {"sm.ops.warp.latency", "12"},
      {"sm.ops.fp32_div.latency", "30"},
      {"sm.ops.fp32_div.interval", "6"},
      {"sm.ops.fp64_div.latency", "200"},
      {"sm.ops.fp64_div.interval", "90"},
      // L1 caches
      {"sm.l1d.size", "32768"},
      {"sm.l1d.sector", "32"},
      {"sm.l1d.ways", "64"},
      {"sm.l1d.hit_latency", "25"},
      {"sm.l1d.write_policy", "write_through"},
      {"sm.l1d.write_allocate", "lazy_fetch_on_read"},
      {"sm.l1d.allocate", "on_miss"},
      {"sm.l1d.mshrs", "256"},
      {"sm.l1d.mshr_merge", "16"},
      {"sm.l1d.miss_queue", "16"},
      {"sm.l1d.unified_bytes", "131072"},
      {"sm.ldst.requests_per_cycle", "2"},
      {"sm.ldst.cache_global_loads", "true"},
      {"sm.ldst.flush_l1_between_kernels", "false"},
      {"sm.l1t.size", "16384"},
      {"sm.l1t.ways", "16"},
      {"sm.l1t.write_policy", "read_only"},
      {"sm.l1t.hit_latency", "25"},
      {"sm.l1t.mshrs", "256"},
      {"sm.l1c.size", "16384"},
      {"sm.l1c.line", "64"},
      {"sm.l1c.allocate", "on_fill"},
      {"sm.l1c.perfect_reads", "true"},
      {"sm.icache.size", "32768"},
      {"sm.icache.ways", "8"},
      {"sm.icache.mshrs", "2"},
      // L2
      {"l2.size", "131072"},
      {"l2.ways", "16"},
      {"l2.write_policy", "write_back"},
      {"l2.set_index.impl", "xor"},
      {"l2.mshrs", "128"},
      {"l2.latency", "150"},
      {"l2.dram_latency", "90"},
      {"l2.response_queue", "48"},
      // memory partitions, DRAM, crossbar
      {"memory.slices_per_channel", "2"},
      {"memory.address_mapping.impl", "ipoly"},
      {"memory.address_mapping.hash", "xor"},
      {"memory.address_mapping.interleave_bytes", "256"},
      {"dram.channels", "4"},
      {"dram.row_bytes", "2048"},
      {"dram.bus_bytes", "32"},
      {"dram.burst_bytes", "64"},
      {"dram.queue", "48"},
      {"dram.return_queue", "96"},
      {"dram.scheduler.impl", "fr_fcfs"},
      {"dram.dual_command_bus", "false"},
      {"dram.banks", "16"},
      {"dram.bank_groups", "4"},
      {"dram.timing.cl", "15"},
      {"dram.timing.cwl", "5"},
      {"dram.timing.rcd", "15"},
      {"dram.timing.rcd_wr", "9"},
      {"dram.timing.rp", "15"},
      {"dram.timing.ras", "35"},
      {"dram.timing.rc", "50"},
      {"dram.timing.ccd_s", "2"},
      {"dram.timing.ccd_l", "3"},
      {"dram.timing.rrd_s", "7"},
      {"dram.timing.wr", "14"},
      {"dram.timing.wtr", "6"},
      {"dram.timing.rtp", "3"},
      {"icnt.flit_bytes", "32"},
      {"icnt.input_buffer", "51"},  // 256 flits / 5 flits per 136-byte packet
      {"icnt.output_buffer", "25"},
      {"device.l2_size", "1048576"},
      {"device.memory_bus_bits", "256"},
  };
  for (const auto& [path, value] : kExpected) {
    SCOPED_TRACE(path);
    EXPECT_EQ(at(c, path), value);
  }
  EXPECT_EQ(c.at("sm").at("shared_carveouts").as_int_list(),
            (std::vector<std::int64_t>{0, 16384, 49152, 98304}));

  // The repeated option is cited where its last value was read.
  EXPECT_THAT(r.yaml, HasSubstr("hit_latency: 25  # -gpgpu_l1_latency 25"));
  EXPECT_THAT(r.yaml,
              HasSubstr("kernel_launch_latency: 1234  # -gpgpu_kernel_launch_latency 1234"));
  // The timing's two lines joined as GPGPU-Sim joins them.
  EXPECT_THAT(r.yaml, HasSubstr("-gpgpu_dram_timing_opt nbk=16:CCD=2:RRD=7:RCD=15:RAS=35:RP=15:"
                                "RC=50: CL=15:WL=5"));
  EXPECT_EQ(r.options, 74u + 4u);
  EXPECT_EQ(r.agreements.size(), 7u);
  for (const char* agreed :
       {"-gpgpu_TB_launch_latency 0", "-gpgpu_shmem_limited_broadcast 0",
        "-gpgpu_shmem_warp_parts 1", "-gpgpu_dual_issue_diff_exec_units 1",
        "-gpgpu_cache:dl2_texture_only 0", "-gpgpu_simple_dram_model 0", "-icnt_subnets 2"}) {
    EXPECT_THAT(r.yaml, HasSubstr(agreed));
  }
  ASSERT_EQ(r.untranslated.size(), 2u);
  EXPECT_THAT(r.untranslated[0], HasSubstr("gpgpusim.config:77: -gpgpu_l1_cache_write_ratio 20"));
  EXPECT_THAT(r.untranslated[1], HasSubstr("-visualizer_enabled 0"));
  ASSERT_EQ(r.not_timing.size(), 1u);
  EXPECT_THAT(r.not_timing[0], HasSubstr("-visualizer_enabled 0"));
  ASSERT_EQ(r.approximations.size(), 5u);
  EXPECT_THAT(r.approximations[0], HasSubstr("dl1 S:4:128:64,L:T:m:L:L,A:256:16,16:0,32: the "
                                             "32-byte data port is not modeled"));
  EXPECT_THAT(r.approximations[1], HasSubstr("fill FIFO"));
  EXPECT_THAT(r.approximations[2], HasSubstr("gpgpusim.config:52: "
                                             "-gpgpu_perfect_inst_const_cache 1: only the "
                                             "constant cache is perfect"));
  EXPECT_THAT(r.approximations[3], HasSubstr("dl2 S:64:128:16"));
  EXPECT_THAT(r.approximations[4], HasSubstr("only the L2-to-icnt queue is translated"));
}

// Accel-Sim 1.0 and GPGPU-Sim 4.0 configurations: the option names before the gpgpu_ prefixes,
// and an adaptive L1 without the option lists later releases added.
TEST_F(GpgpusimImport, ReadsGpgpuSim40Names) {
  const std::string file = write("old.config",
                                 "-adaptive_volta_cache_config 1\n"
                                 "-mem_unit_ports 4\n"
                                 "-gmem_skip_L1D 1\n"
                                 "-l1_latency 28\n"
                                 "-smem_latency 19\n"
                                 "-rop_latency 120\n"
                                 "-dual_bus_interface 1\n"
                                 "-gpgpu_shmem_size 98304\n");
  const ImportResult r = import_gpgpusim({.files = {file}, .name = "old", .inherits = ""});
  const ConfigNode preset = ConfigNode::parse_string(r.yaml, "imported");
  EXPECT_EQ(preset.at("sm").at("ldst").at("requests_per_cycle").as_string(), "4");
  EXPECT_EQ(preset.at("sm").at("ldst").at("cache_global_loads").as_string(), "false");
  EXPECT_EQ(preset.at("sm").at("ldst").at("shared_latency").as_string(), "19");
  EXPECT_EQ(preset.at("sm").at("l1d").at("hit_latency").as_string(), "28");
  EXPECT_EQ(preset.at("l2").at("latency").as_string(), "120");
  EXPECT_EQ(preset.at("dram").at("dual_command_bus").as_string(), "true");
  EXPECT_EQ(preset.at("sm").at("l1d").at("unified_bytes").as_string(), "128KiB");
  EXPECT_THAT(r.yaml, HasSubstr("shared_carveouts: [0, 8KiB, 16KiB, 32KiB, 64KiB, 96KiB]"));
  EXPECT_THAT(r.yaml, HasSubstr("# -rop_latency 120"));
  EXPECT_TRUE(r.untranslated.empty());
  ASSERT_EQ(r.approximations.size(), 1u);
  EXPECT_THAT(r.approximations[0], HasSubstr("old.config:1: -adaptive_volta_cache_config 1"));
  EXPECT_THAT(r.approximations[0], HasSubstr("built-in Volta split"));
}

// A value that is not what warpsim does stays in the not-translated list.
TEST_F(GpgpusimImport, OnlyAgreeingValuesAreTakenWithoutAKey) {
  const std::string file = write("agree.config",
                                 "-gpgpu_TB_launch_latency 10\n"
                                 "-gpgpu_cache:dl2_texture_only 1\n"
                                 "-gpgpu_simple_dram_model 1\n");
  const ImportResult r = import_gpgpusim({.files = {file}, .name = "agree", .inherits = ""});
  EXPECT_TRUE(r.agreements.empty());
  ASSERT_EQ(r.untranslated.size(), 2u);
  EXPECT_THAT(r.untranslated[0], HasSubstr("-gpgpu_TB_launch_latency 10"));
  EXPECT_THAT(r.untranslated[1], HasSubstr("-gpgpu_cache:dl2_texture_only 1"));
  ASSERT_EQ(r.approximations.size(), 1u);
  EXPECT_THAT(r.approximations[0], HasSubstr("simple DRAM model"));
  EXPECT_THAT(r.yaml, HasSubstr("# Not translated: timing options"));
}

}  // namespace
}  // namespace warpsim::import
