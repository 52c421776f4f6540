// The --summary text of a stats.json document.

#include <cstdint>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/run_summary.h"

namespace warpsim {
namespace {

TEST(RunSummary, CountsAbove32BitsArePrintedWhole) {
  // 21,859,250,219 thread instructions (a BH paper run) is 384,413,739 modulo 2^32: the
  // summary once printed that.
  nlohmann::ordered_json stats = {
      {"mode", "functional"},
      {"config", {{"name", "gtx480"}}},
      {"total",
       {{"kernels", 12},
        {"warp_insts", std::uint64_t{723277000}},
        {"thread_insts", std::uint64_t{21859250219}},
        {"cycles", nullptr}}},
      {"sim", {{"wall_s", 1.0}, {"warp_insts_per_s", 1.0}, {"peak_rss_mb", 1.0}}}};
  const std::string text = app::run_summary(stats);
  EXPECT_NE(text.find("21859250219 thread instructions"), std::string::npos) << text;
  EXPECT_NE(text.find("723277000 warp instructions"), std::string::npos) << text;
}

}  // namespace
}  // namespace warpsim
