// StatGroup::schema_by_kind (stats-schema.json): one entry per stat of each kind of component,
// indices written [*], and no two instances of a kind that disagree.

#include <stdexcept>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "sim/stats.h"

namespace warpsim {
namespace {

TEST(StatGroup, SchemaByKindListsEachStatOfAnIndexedComponentOnce) {
  Picos now = 0;
  StatGroup gpu("gpu", &now);
  for (int sm = 0; sm < 3; ++sm) {
    StatGroup& g = gpu.child("sm[" + std::to_string(sm) + "]");
    g.counter("warp_insts", "warp insts", "warp instructions issued");
    g.child("l1d[0]").counter("hits", "requests", "Requests that hit");
  }
  gpu.counter("kernels", "kernels", "kernels started");
  EXPECT_EQ(gpu.schema().size(), 7u);
  EXPECT_EQ(
      gpu.schema_by_kind().dump(),
      R"({"gpu.sm[*].warp_insts":{"kind":"counter","unit":"warp insts",)"
      R"("description":"warp instructions issued"},)"
      R"("gpu.sm[*].l1d[*].hits":{"kind":"counter","unit":"requests",)"
      R"("description":"Requests that hit"},)"
      R"("gpu.kernels":{"kind":"counter","unit":"kernels","description":"kernels started"}})");
}

TEST(StatGroup, SchemaByKindRefusesInstancesRegisteredDifferently) {
  StatGroup gpu("gpu", nullptr);
  gpu.child("sm[0]").counter("warp_insts", "warp insts", "warp instructions issued");
  gpu.child("sm[1]").counter("warp_insts", "instructions", "warp instructions issued");
  EXPECT_THROW(gpu.schema_by_kind(), std::logic_error);
}

}  // namespace
}  // namespace warpsim
