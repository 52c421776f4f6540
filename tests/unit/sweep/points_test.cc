// The runs of an experiment (sweep/points.h): their order, settings, baselines and the
// arguments each `warpsim run` gets; settings decided twice are refused.

#include "sweep/points.h"

#include <gtest/gtest.h>

#include "sweep_test_util.h"

namespace warpsim::sweep {
namespace {

using testing::parse;

std::vector<std::string> expand_mistakes(std::string_view yaml) {
  return testing::mistakes(yaml, [](std::string_view y) { expand(parse(y)); });
}

constexpr std::string_view kStudy = R"(name: study
gpu: v100
size: tiny
overlays: [base]
axes:
  variant:
    plain: {}
    mrpb: {overlays: [mrpb], set: {sm.l1d.bypass: never}}
  ways: {set: sm.l1d.ways, values: [4, 8]}
  workload: [polybench/atax, rodinia/nw:small]
baseline: {variant: plain, ways: 4}
metrics: {cycles: total.cycles}
)";

TEST(Points, TheProductOfTheAxesWithTheFirstVaryingSlowest) {
  const Experiment e = parse(kStudy);
  const std::vector<Point> points = expand(e);
  ASSERT_EQ(points.size(), 8u);
  EXPECT_EQ(point_label(e, points[0]), "variant=plain ways=4 workload=polybench/atax");
  EXPECT_EQ(point_label(e, points[1]), "variant=plain ways=4 workload=rodinia/nw:small");
  EXPECT_EQ(point_label(e, points[2]), "variant=plain ways=8 workload=polybench/atax");
  EXPECT_EQ(point_label(e, points[7]), "variant=mrpb ways=8 workload=rodinia/nw:small");
  for (std::size_t i = 0; i < points.size(); ++i) EXPECT_EQ(points[i].index, i);

  const Point& p = points[6];  // mrpb, 8 ways, atax
  EXPECT_EQ(p.gpu, "v100");
  EXPECT_EQ(p.mode, "timing");
  EXPECT_EQ(p.overlays, (std::vector<std::string>{"base", "mrpb"}));  // top level first
  EXPECT_EQ(p.sets, (std::vector<std::string>{"sm.l1d.bypass=never", "sm.l1d.ways=8"}));
  EXPECT_EQ(p.input.spec, "polybench/atax:tiny");  // the size joins a workload without one
  EXPECT_EQ(points[7].input.spec, "rodinia/nw:small");
}

TEST(Points, EachRunsBaselineDiffersOnlyOnTheBaselineAxes) {
  const Experiment e = parse(kStudy);
  const std::vector<Point> points = expand(e);
  for (const Point& p : points) {
    const std::optional<std::size_t> base = baseline_of(e, p);
    ASSERT_TRUE(base);
    EXPECT_EQ(points[*base].levels[0], 0u);           // variant=plain
    EXPECT_EQ(points[*base].levels[1], 0u);           // ways=4
    EXPECT_EQ(points[*base].levels[2], p.levels[2]);  // the same workload
  }
  EXPECT_EQ(baseline_of(e, points[0]), 0u);  // a baseline run is its own baseline
  const Experiment without = parse(
      "name: x\ngpu: v100\naxes: {workload: [polybench/atax]}\n"
      "metrics: {cycles: total.cycles}\n");
  EXPECT_FALSE(baseline_of(without, expand(without)[0]));
}

// Seed 004's Fig. 15: each /U version and its original, on both presets, without and with MRPB,
// against the original on the first preset without MRPB.
TEST(Points, ABaselineCanMapLevelsOfAnAxisToOthers) {
  const Experiment e = parse(R"(name: unshared
size: tiny
axes:
  workload: [rodinia/srad, rodinia/srad-u, rodinia/nw]
  gpu: [c2050-base-s, c2050-base-l]
  variant: {baseline: {}, mrpb: {overlays: [mrpb]}}
baseline:
  workload: {rodinia/srad-u: rodinia/srad}
  gpu: c2050-base-s
  variant: baseline
metrics: {cycles: total.cycles}
)");
  const std::vector<Point> points = expand(e);
  ASSERT_EQ(points.size(), 12u);
  const auto baseline_label = [&](std::size_t i) {
    return point_label(e, points[*baseline_of(e, points[i])]);
  };
  const std::string srad = "workload=rodinia/srad gpu=c2050-base-s variant=baseline";
  EXPECT_EQ(baseline_label(0), srad);  // the baseline itself
  EXPECT_EQ(baseline_label(3), srad);  // srad, base-l, mrpb
  EXPECT_EQ(baseline_label(4), srad);  // srad-u, base-s, baseline
  EXPECT_EQ(baseline_label(7), srad);  // srad-u, base-l, mrpb
  EXPECT_EQ(baseline_label(11), "workload=rodinia/nw gpu=c2050-base-s variant=baseline");
}

TEST(Points, RunArgumentsAreWhatWarpsimRunTakes) {
  const Experiment e = parse(kStudy);
  EXPECT_EQ(
      run_arguments(expand(e)[6], "out/6"),
      (std::vector<std::string>{"--mode", "timing", "--gpu", "v100", "-c", "base", "-c", "mrpb",
                                "--set", "sm.l1d.bypass=never", "--set", "sm.l1d.ways=8", "--out",
                                "out/6", "--workload", "polybench/atax:tiny"}));
  const Experiment program = parse(R"(name: p
gpu: v100
mode: functional
program: [bin/app, "-n", "4"]
axes: {trace_or_not: {only: {}}}
metrics: {cycles: total.cycles}
)");
  EXPECT_EQ(run_arguments(expand(program)[0], "o"),
            (std::vector<std::string>{"--mode", "functional", "--gpu", "v100", "--out", "o", "--",
                                      "/lab/bin/app", "-n", "4"}));
}

TEST(Points, ASettingDecidedInTwoPlacesIsRefused) {
  EXPECT_EQ(expand_mistakes(R"(name: x
gpu: v100
axes:
  gpu: [gtx480]
  a: {one: {set: {sm.l1d.ways: 4}}}
  b: {two: {set: {sm.l1d.ways: 8}, workload: polybench/atax}}
metrics: {cycles: total.cycles}
)"),
            (std::vector<std::string>{
                "exp.yaml:4:3: the top level and axis 'gpu' both set the gpu",
                "exp.yaml:6:3: axis 'a' and axis 'b' both set the config path sm.l1d.ways"}));
}

TEST(Points, RunsNeedAGpuAKnownWorkloadAndSize) {
  EXPECT_EQ(expand_mistakes(R"(name: x
axes:
  workload: [polybench/atax:huge, nosuch/thing]
metrics: {cycles: total.cycles}
)"),
            (std::vector<std::string>{
                "exp.yaml:1:1: run 'workload=polybench/atax:huge' has no gpu",
                "exp.yaml:1:1: run 'workload=polybench/atax:huge': unknown size 'huge' (tiny, "
                "small or paper)",
                "exp.yaml:1:1: run 'workload=nosuch/thing' has no gpu",
                "exp.yaml:1:1: run 'workload=nosuch/thing': unknown workload 'nosuch/thing' (see "
                "warpsim list workloads)"}));
}

}  // namespace
}  // namespace warpsim::sweep
