#include "sim/stats.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace warpsim {
namespace {

using ::testing::HasSubstr;
using json = nlohmann::ordered_json;

static_assert(!std::is_copy_constructible_v<Counter>);
static_assert(!std::is_move_constructible_v<Counter>);
static_assert(!std::is_copy_constructible_v<Histogram>);
static_assert(!std::is_copy_constructible_v<TimeWeighted>);
static_assert(!std::is_copy_constructible_v<StatGroup>);

// Runs `fn` and returns the std::logic_error message it throws, failing if it does not.
template <typename Fn>
std::string logic_error_message(Fn fn) {
  try {
    fn();
  } catch (const std::logic_error& error) {
    return error.what();
  }
  ADD_FAILURE() << "expected std::logic_error";
  return "";
}

// A cache-like group with a hit-rate formula, as components are expected to build it.
struct CacheStats {
  explicit CacheStats(StatGroup& group)
      : accesses(group.counter("accesses", "requests", "Requests looked up")),
        hits(group.counter("hits", "requests", "Requests that hit")) {
    group.formula("hit_rate", "ratio", "hits / accesses", [](const GroupValues& v) {
      return v["accesses"] == 0 ? 0.0 : v["hits"] / v["accesses"];
    });
  }
  void access(bool hit) {
    accesses.inc();
    if (hit) {
      hits.inc();
    }
  }
  Counter& accesses;
  Counter& hits;
};

TEST(StatGroup, CountersAndPaths) {
  Picos now = 0;
  StatGroup gpu("gpu", &now);
  StatGroup& l1d = gpu.child("sm[3]").child("l1d");
  EXPECT_EQ(l1d.path(), "gpu.sm[3].l1d");
  EXPECT_EQ(gpu.child("sm[3]").path(), "gpu.sm[3]");
  EXPECT_EQ(&gpu.child("sm[3]").child("l1d"), &l1d);  // create-or-get

  Counter& hits = l1d.counter("hits", "requests", "L1D hits");
  hits.inc();
  hits.inc(41);
  EXPECT_EQ(hits.value(), 42u);

  const StatSnapshot snap = gpu.snapshot();
  EXPECT_EQ(snap.counter("sm[3].l1d.hits"), 42u);
  EXPECT_DOUBLE_EQ(snap.value("sm[3].l1d.hits"), 42.0);
  EXPECT_EQ(snap.path(), "gpu");
  EXPECT_TRUE(snap.contains("sm[3].l1d.hits"));
  EXPECT_FALSE(snap.contains("sm[3].l1d.misses"));
  EXPECT_FALSE(snap.contains("sm[4].l1d.hits"));

  const StatSnapshot sub = l1d.snapshot();
  EXPECT_EQ(sub.path(), "gpu.sm[3].l1d");
  EXPECT_EQ(sub.counter("hits"), 42u);
}

TEST(StatGroup, StatsKeepTheirAddressesAsGroupsGrow) {
  StatGroup gpu("gpu", nullptr);
  Counter& first = gpu.counter("c0", "", "");
  StatGroup& first_child = gpu.child("g0");
  for (int i = 1; i < 1000; ++i) {
    gpu.counter("c" + std::to_string(i), "", "");
    gpu.child("g" + std::to_string(i));
  }
  first.inc(7);
  EXPECT_EQ(&gpu.child("g0"), &first_child);
  EXPECT_EQ(gpu.snapshot().counter("c0"), 7u);
}

TEST(StatGroup, NestedJsonShapeFollowsRegistrationOrder) {
  Picos now = 0;
  StatGroup gpu("gpu", &now);
  gpu.counter("cycles", "cycles", "Core cycles").inc(100);
  StatGroup& sm1 = gpu.child("sm[1]");
  StatGroup& sm0 = gpu.child("sm[0]");
  gpu.counter("kernels", "kernels", "Kernels launched").inc(2);
  sm0.counter("insts", "warp insts", "Issued").inc(5);
  sm1.counter("insts", "warp insts", "Issued").inc(6);
  sm1.child("l1d").counter("misses", "requests", "Misses").inc(3);

  EXPECT_EQ(gpu.snapshot().to_json().dump(),
            R"({"cycles":100,"sm[1]":{"insts":6,"l1d":{"misses":3}},"sm[0]":{"insts":5},)"
            R"("kernels":2})");
  EXPECT_EQ(StatSnapshot{}.to_json().dump(), "{}");
}

TEST(StatHistogram, LinearBucketsAtBoundaries) {
  StatGroup gpu("gpu", nullptr);
  Histogram& latency = gpu.histogram(
      "latency", "cycles", "Load latency",
      HistogramSpec{.scale = HistogramSpec::Scale::kLinear, .bucket_width = 10, .buckets = 4});
  for (const std::uint64_t v : {0u, 9u, 10u, 19u, 20u, 29u, 30u, 1000u}) {
    latency.sample(v);
  }
  latency.sample(15, 3);             // three samples at once
  EXPECT_EQ(latency.bucket(0), 2u);  // 0, 9
  EXPECT_EQ(latency.bucket(1), 5u);  // 10, 19, 15 x3
  EXPECT_EQ(latency.bucket(2), 2u);  // 20, 29
  EXPECT_EQ(latency.bucket(3), 2u);  // overflow: 30, 1000
  EXPECT_EQ(latency.count(), 11u);
  EXPECT_EQ(latency.sum(), 0u + 9 + 10 + 19 + 20 + 29 + 30 + 1000 + 45);
  EXPECT_DOUBLE_EQ(latency.mean(), 1162.0 / 11.0);
  EXPECT_EQ(latency.spec().bucket_lower_bound(3), 30u);
}

TEST(StatHistogram, Log2BucketsAtBoundaries) {
  const HistogramSpec spec{.scale = HistogramSpec::Scale::kLog2, .buckets = 5};
  // [0,1) [1,2) [2,4) [4,8) overflow
  EXPECT_EQ(spec.bucket_of(0), 0u);
  EXPECT_EQ(spec.bucket_of(1), 1u);
  EXPECT_EQ(spec.bucket_of(2), 2u);
  EXPECT_EQ(spec.bucket_of(3), 2u);
  EXPECT_EQ(spec.bucket_of(4), 3u);
  EXPECT_EQ(spec.bucket_of(7), 3u);
  EXPECT_EQ(spec.bucket_of(8), 4u);
  EXPECT_EQ(spec.bucket_of(std::numeric_limits<std::uint64_t>::max()), 4u);
  EXPECT_EQ(spec.bucket_lower_bound(0), 0u);
  EXPECT_EQ(spec.bucket_lower_bound(1), 1u);
  EXPECT_EQ(spec.bucket_lower_bound(4), 8u);

  StatGroup gpu("gpu", nullptr);
  Histogram& h = gpu.histogram("occupancy", "entries", "MSHR entries in use", spec);
  for (const std::uint64_t v : {0u, 1u, 2u, 3u, 4u, 7u, 8u, 9000u}) {
    h.sample(v);
  }
  const json j = gpu.snapshot().to_json()["occupancy"];
  EXPECT_EQ(j.dump(), R"({"count":8,"sum":9025,"mean":1128.125,"scale":"log2","bucket_width":1,)"
                      R"("buckets":[1,1,2,2,2]})");
}

TEST(StatHistogram, EmptyHistogramHasZeroMeanAndBadLayoutsThrow) {
  StatGroup gpu("gpu", nullptr);
  gpu.histogram("h", "", "", HistogramSpec{.bucket_width = 4, .buckets = 2});
  const StatSnapshot snap = gpu.snapshot();
  EXPECT_EQ(snap.histogram("h").count, 0u);
  EXPECT_EQ(snap.to_json()["h"]["mean"], 0.0);
  EXPECT_THROW(gpu.histogram("w", "", "", HistogramSpec{.bucket_width = 0}), std::logic_error);
  EXPECT_THROW(gpu.histogram("b", "", "", HistogramSpec{.buckets = 0}), std::logic_error);
  EXPECT_FALSE(gpu.snapshot().contains("w"));  // a rejected stat is not registered
}

TEST(StatTimeWeighted, ExactIntegralAndWindowDiff) {
  Picos now = 0;
  StatGroup gpu("gpu", &now);
  TimeWeighted& queue = gpu.time_weighted("queue", "entries", "Queue occupancy");
  now = 100;
  queue.set(2);
  now = 200;
  const StatSnapshot at200 = gpu.snapshot();
  now = 300;
  queue.set(5);
  now = 400;
  const StatSnapshot at400 = gpu.snapshot();

  const TimeWeightedData& live = at400.time_weighted("queue");
  EXPECT_EQ(live.integral, 900.0);  // 2*200 + 5*100
  EXPECT_EQ(live.window, 400u);
  EXPECT_EQ(live.current, 5.0);
  EXPECT_DOUBLE_EQ(at400.value("queue"), 2.25);
  EXPECT_EQ(at400.to_json()["queue"], 2.25);

  const StatSnapshot window = at400 - at200;
  EXPECT_EQ(window.time_weighted("queue").integral, 700.0);  // 2*100 + 5*100
  EXPECT_EQ(window.time_weighted("queue").window, 200u);
  EXPECT_DOUBLE_EQ(window.value("queue"), 3.5);
  EXPECT_EQ(window.window(), 200u);
  EXPECT_EQ(window.taken_at(), 400u);
}

TEST(StatTimeWeighted, StatCreatedLateIsZeroBeforeItsCreation) {
  Picos now = 1000;
  StatGroup gpu("gpu", &now);
  TimeWeighted& warps = gpu.time_weighted("active_warps", "warps", "Active warps");
  EXPECT_EQ(gpu.snapshot().to_json()["active_warps"], 0.0);  // empty window -> 0
  warps.add(3);
  now = 1200;
  warps.add(-1);
  now = 1500;
  const TimeWeightedData data = warps.data();
  EXPECT_EQ(data.integral, 3.0 * 200 + 2.0 * 300);
  EXPECT_EQ(data.window, 500u);
  EXPECT_EQ(warps.current(), 2.0);
  EXPECT_DOUBLE_EQ(data.mean(), 1200.0 / 500.0);
}

TEST(StatTimeWeighted, SamplingEveryCycleEqualsSkipping) {
  // The engine may tick every cycle (--no-skip) or jump over idle spans; both must give the
  // same bits. Values like 0.1 would accumulate rounding if every tick added a term.
  Picos now_skip = 0;
  Picos now_tick = 0;
  StatGroup skip("gpu", &now_skip);
  StatGroup tick("gpu", &now_tick);
  TimeWeighted& a = skip.time_weighted("q", "", "");
  TimeWeighted& b = tick.time_weighted("q", "", "");
  const double values[] = {0.1, 0.7, 0.3};
  for (int phase = 0; phase < 3; ++phase) {
    a.set(values[phase]);
    now_skip += Picos{7} * 1000;
    for (int cycle = 0; cycle < 1000; ++cycle) {
      b.set(values[phase]);
      now_tick += 7;
    }
  }
  EXPECT_EQ(a.data().integral, b.data().integral);
  EXPECT_EQ(skip.snapshot().to_json(), tick.snapshot().to_json());
  EXPECT_DOUBLE_EQ(a.data().integral, 7000 * (0.1 + 0.7 + 0.3));
}

TEST(StatTimeWeighted, ClockGoingBackwardsIsAnError) {
  Picos now = 50;
  StatGroup gpu("gpu", &now);
  gpu.time_weighted("q", "", "").set(1);
  now = 10;
  EXPECT_THAT(logic_error_message([&] { gpu.snapshot(); }), HasSubstr("before its last change"));
  StatGroup clockless("gpu", nullptr);
  EXPECT_THROW(clockless.time_weighted("q", "", ""), std::logic_error);
}

TEST(StatSnapshot, DiffEqualsCountsInBetween) {
  Picos now = 0;
  StatGroup gpu("gpu", &now);
  Counter& insts = gpu.child("sm[0]").counter("insts", "warp insts", "Issued");
  Histogram& lat =
      gpu.histogram("latency", "cycles", "", HistogramSpec{.bucket_width = 100, .buckets = 3});
  insts.inc(10);
  lat.sample(50);
  lat.sample(150);
  now = 1000;
  const StatSnapshot begin = gpu.snapshot();
  insts.inc(25);
  lat.sample(120);
  lat.sample(999, 2);
  now = 3000;
  const StatSnapshot end = gpu.snapshot();
  insts.inc(1000);  // after the window: must not leak into it

  const StatSnapshot kernel = end - begin;
  EXPECT_EQ(kernel.counter("sm[0].insts"), 25u);
  EXPECT_EQ(kernel.window(), 2000u);
  const HistogramData& h = kernel.histogram("latency");
  EXPECT_EQ(h.count, 3u);
  EXPECT_EQ(h.sum, 120u + 999 * 2);
  EXPECT_EQ(h.buckets, (std::vector<std::uint64_t>{0, 1, 2}));
  EXPECT_EQ(end.counter("sm[0].insts"), 35u);  // snapshots are immutable values
  EXPECT_EQ(kernel.to_json()["sm[0]"]["insts"], 25u);
}

TEST(StatSnapshot, SumOfWindowsEqualsTheWholeSpan) {
  Picos now = 0;
  StatGroup gpu("gpu", &now);
  CacheStats l1d(gpu.child("l1d"));
  TimeWeighted& q = gpu.time_weighted("q", "", "");
  const StatSnapshot s0 = gpu.snapshot();
  l1d.access(true);
  q.set(4);
  now = 10;
  const StatSnapshot s1 = gpu.snapshot();
  l1d.access(false);
  l1d.access(true);
  q.set(1);
  now = 30;
  const StatSnapshot s2 = gpu.snapshot();

  const StatSnapshot total = StatSnapshot{} + (s1 - s0) + (s2 - s1);
  EXPECT_EQ(total.to_json(), (s2 - s0).to_json());
  EXPECT_EQ(total.counter("l1d.hits"), 2u);
  EXPECT_DOUBLE_EQ(total.value("l1d.hit_rate"), 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(total.value("q"), (4.0 * 10 + 1.0 * 20) / 30);
  EXPECT_EQ(total.window(), 30u);
}

TEST(StatSnapshot, FormulaOnDiffUsesTheWindowRate) {
  Picos now = 0;
  StatGroup gpu("gpu", &now);
  CacheStats l1d(gpu.child("l1d"));
  for (int i = 0; i < 10; ++i) {
    l1d.access(true);  // warm-up: 10 of 10 hit
  }
  const StatSnapshot before = gpu.snapshot();
  l1d.access(true);
  l1d.access(false);
  l1d.access(false);
  l1d.access(false);  // kernel: 1 of 4 hit
  const StatSnapshot after = gpu.snapshot();

  EXPECT_DOUBLE_EQ(after.value("l1d.hit_rate"), 11.0 / 14.0);
  const StatSnapshot kernel = after - before;
  EXPECT_DOUBLE_EQ(kernel.value("l1d.hit_rate"), 0.25);
  EXPECT_EQ(kernel.to_json()["l1d"].dump(), R"({"accesses":4,"hits":1,"hit_rate":0.25})");

  const StatSnapshot idle = after - after;
  EXPECT_EQ(idle.value("l1d.hit_rate"), 0.0);  // 0 accesses -> 0, not NaN
  EXPECT_EQ(idle.to_json()["l1d"]["hit_rate"], 0.0);
}

TEST(StatSnapshot, FormulaSeesOtherFormulasChildrenAndMeans) {
  Picos now = 0;
  StatGroup gpu("gpu", &now);
  gpu.counter("cycles", "cycles", "").inc(200);
  StatGroup& sm = gpu.child("sm[0]");
  sm.counter("thread_insts", "insts", "").inc(500);
  TimeWeighted& warps = sm.time_weighted("active_warps", "warps", "");
  warps.set(8);
  gpu.formula("ipc", "insts/cycle", "Thread instructions per cycle",
              [](const GroupValues& v) { return v.child("sm[0]")["thread_insts"] / v["cycles"]; });
  gpu.formula("ipc_x2", "", "", [](const GroupValues& v) { return 2 * v["ipc"]; });
  gpu.formula("warps", "", "", [](const GroupValues& v) {
    return v.child("sm[0]")["active_warps"] + (v.contains("nope") ? 100 : 0);
  });
  now = 40;
  const StatSnapshot snap = gpu.snapshot();
  EXPECT_DOUBLE_EQ(snap.value("ipc"), 2.5);
  EXPECT_DOUBLE_EQ(snap.value("ipc_x2"), 5.0);
  EXPECT_DOUBLE_EQ(snap.value("warps"), 8.0);
  EXPECT_EQ(snap.to_json()["ipc_x2"], 5.0);
}

TEST(StatSnapshot, FormulaErrorsNameTheProblem) {
  StatGroup gpu("gpu", nullptr);
  StatGroup& l2 = gpu.child("l2");
  l2.formula("bad", "", "", [](const GroupValues& v) { return v["nope"]; });
  l2.formula("bad_child", "", "", [](const GroupValues& v) { return v.child("x")["y"]; });
  l2.formula("a", "", "", [](const GroupValues& v) { return v["b"]; });
  l2.formula("b", "", "", [](const GroupValues& v) { return v["a"]; });
  const StatSnapshot snap = gpu.snapshot();
  EXPECT_THAT(logic_error_message([&] { snap.value("l2.bad"); }),
              HasSubstr("unknown stat 'nope' in group gpu.l2"));
  EXPECT_THAT(logic_error_message([&] { snap.value("l2.bad_child"); }),
              HasSubstr("unknown group 'x'"));
  EXPECT_THAT(logic_error_message([&] { snap.value("l2.a"); }),
              HasSubstr("formula cycle: gpu.l2.a -> gpu.l2.b -> gpu.l2.a"));
  EXPECT_THROW(gpu.formula("empty", "", "", nullptr), std::logic_error);
}

TEST(StatSnapshot, NonFiniteFormulaIsNullInJson) {
  StatGroup gpu("gpu", nullptr);
  gpu.counter("zero", "", "");
  gpu.formula("ratio", "", "", [](const GroupValues& v) { return v["zero"] / v["zero"]; });
  gpu.formula("inf", "", "", [](const GroupValues& v) { return 1.0 / v["zero"]; });
  const StatSnapshot snap = gpu.snapshot();
  EXPECT_TRUE(std::isnan(snap.value("ratio")));
  EXPECT_EQ(snap.to_json().dump(), R"({"zero":0,"ratio":null,"inf":null})");
}

TEST(StatSnapshot, LookupsCheckPathAndKind) {
  StatGroup gpu("gpu", nullptr);
  gpu.child("l1d").counter("hits", "", "").inc(3);
  gpu.histogram("lat", "", "", HistogramSpec{});
  const StatSnapshot snap = gpu.snapshot();
  EXPECT_THROW(snap.counter("l1d.misses"), std::out_of_range);
  EXPECT_THROW(snap.counter("l2.hits"), std::out_of_range);
  EXPECT_THROW(snap.counter("hits"), std::out_of_range);
  EXPECT_THAT(logic_error_message([&] { snap.counter("lat"); }),
              HasSubstr("'lat' is a histogram, not a counter"));
  EXPECT_THROW(StatSnapshot{}.value("x"), std::out_of_range);
  EXPECT_EQ(snap.counter("l1d.hits"), 3u);
}

TEST(StatGroup, SchemaListsKindUnitAndDescription) {
  Picos now = 0;
  StatGroup gpu("gpu", &now);
  CacheStats l1d(gpu.child("sm[0]").child("l1d"));
  gpu.time_weighted("dram_queue", "requests", "DRAM queue occupancy");
  gpu.histogram("lat", "cycles", "Load latency",
                HistogramSpec{.scale = HistogramSpec::Scale::kLog2, .buckets = 8});
  const json schema = gpu.schema();
  EXPECT_EQ(schema.dump(),
            R"({"gpu.sm[0].l1d.accesses":{"kind":"counter","unit":"requests",)"
            R"("description":"Requests looked up"},)"
            R"("gpu.sm[0].l1d.hits":{"kind":"counter","unit":"requests",)"
            R"("description":"Requests that hit"},)"
            R"("gpu.sm[0].l1d.hit_rate":{"kind":"formula","unit":"ratio",)"
            R"("description":"hits / accesses"},)"
            R"("gpu.dram_queue":{"kind":"time_weighted","unit":"requests",)"
            R"("description":"DRAM queue occupancy"},)"
            R"("gpu.lat":{"kind":"histogram","unit":"cycles","description":"Load latency",)"
            R"("scale":"log2","bucket_width":1,"buckets":8}})");
}

TEST(StatGroup, DuplicateAndBadNamesThrow) {
  StatGroup gpu("gpu", nullptr);
  gpu.counter("hits", "", "");
  gpu.child("l1d");
  EXPECT_THAT(logic_error_message([&] { gpu.counter("hits", "", ""); }),
              HasSubstr("duplicate stat or group name 'hits' in gpu"));
  EXPECT_THROW(gpu.histogram("hits", "", "", HistogramSpec{}), std::logic_error);
  EXPECT_THROW(gpu.formula("l1d", "", "", [](const GroupValues&) { return 0.0; }),
               std::logic_error);
  EXPECT_THAT(logic_error_message([&] { gpu.child("hits"); }), HasSubstr("is a stat"));
  EXPECT_THROW(gpu.counter("Hits", "", ""), std::logic_error);
  EXPECT_THROW(gpu.counter("sm[0]", "", ""), std::logic_error);  // indices only on groups
  EXPECT_THROW(gpu.counter("", "", ""), std::logic_error);
  EXPECT_THROW(gpu.child("a.b"), std::logic_error);
  EXPECT_THROW(gpu.child("sm[]"), std::logic_error);
  EXPECT_THROW(gpu.child("sm[1"), std::logic_error);
  EXPECT_THROW(StatGroup("GPU", nullptr), std::logic_error);
  EXPECT_EQ(gpu.child("bank[1][0]").path(), "gpu.bank[1][0]");
  EXPECT_EQ(gpu.snapshot().to_json().dump(), R"({"hits":0,"l1d":{},"bank[1][0]":{}})");
}

TEST(StatSnapshot, StructureMismatchOnDiffThrows) {
  Picos now = 0;
  StatGroup gpu("gpu", &now);
  gpu.counter("a", "", "");
  const StatSnapshot before = gpu.snapshot();
  gpu.child("l2").counter("b", "", "");
  const StatSnapshot after = gpu.snapshot();
  EXPECT_THAT(logic_error_message([&] { (void)(after - before); }),
              HasSubstr("differ in structure"));

  StatGroup other("gpu", &now);
  other.histogram("a", "", "", HistogramSpec{});  // same name, another kind
  EXPECT_THAT(logic_error_message([&] { (void)(other.snapshot() - before); }),
              HasSubstr("gpu.a (histogram) vs gpu.a (counter)"));

  StatGroup h1("gpu", &now);
  StatGroup h2("gpu", &now);
  h1.histogram("h", "", "", HistogramSpec{.buckets = 4});
  h2.histogram("h", "", "", HistogramSpec{.buckets = 5});
  EXPECT_THROW((void)(h1.snapshot() - h2.snapshot()), std::logic_error);
  EXPECT_THROW((void)(h1.snapshot() + h2.snapshot()), std::logic_error);
  EXPECT_THROW((void)(StatSnapshot{} - before), std::logic_error);
}

TEST(StatSnapshot, ReversedDiffThrowsInsteadOfWrapping) {
  Picos now = 0;
  StatGroup gpu("gpu", &now);
  Counter& c = gpu.counter("c", "", "");
  const StatSnapshot early = gpu.snapshot();
  c.inc(5);
  now = 10;
  const StatSnapshot late = gpu.snapshot();
  EXPECT_THAT(logic_error_message([&] { (void)(early - late); }), HasSubstr("gpu.c"));
  EXPECT_EQ((late - early).counter("c"), 5u);
}

TEST(StatSnapshot, IdenticalRunsGiveIdenticalJson) {
  const auto run = [] {
    Picos now = 0;
    StatGroup gpu("gpu", &now);
    for (int sm = 3; sm >= 0; --sm) {
      StatGroup& group = gpu.child("sm[" + std::to_string(sm) + "]");
      group.counter("insts", "", "").inc(static_cast<std::uint64_t>(sm) * 11);
      group.time_weighted("warps", "", "").set(sm * 0.5);
      group.formula("half", "", "", [](const GroupValues& v) { return v["insts"] / 2; });
    }
    now = 977;
    return gpu.snapshot().to_json().dump();
  };
  const std::string first = run();
  EXPECT_EQ(first, run());
  EXPECT_EQ(json::parse(first).begin().key(), "sm[3]");  // registration order, not sorted
  EXPECT_EQ(json::parse(first)["sm[3]"]["half"], 16.5);
}

}  // namespace
}  // namespace warpsim
