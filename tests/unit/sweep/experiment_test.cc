// Experiment files (sweep/experiment.h): what a valid one reads as, and every mistake reported
// at its file:line:col.

#include "sweep/experiment.h"

#include <gtest/gtest.h>

#include "sweep_test_util.h"

namespace warpsim::sweep {
namespace {

using testing::parse;

std::vector<std::string> mistakes(std::string_view yaml) {
  return testing::mistakes(yaml, [](std::string_view y) { parse(y); });
}

constexpr std::string_view kValid = R"(name: study
description: a small study
mode: timing
size: tiny
gpu: v100
set: {sim.skip_idle: true}
axes:
  variant:
    base: {}
    big: {set: {sm.l1d.ways: 8}, overlays: [mrpb, ../x.yaml]}
  l1d_kb: {set: sm.l1d.size, values: [16KiB, 48KiB]}
  workload: [polybench/atax, rodinia/nw:small]
  program:
    vec: {program: [bin/vector_ops, "1024"]}
baseline: {variant: base}
metrics:
  cycles: total.cycles
  kernel_cycles: kernels.cycles
derived:
  speedup: baseline.cycles / cycles
  cycles_norm: cycles / baseline.cycles
summary: {over: workload, gmean: [speedup]}
)";

TEST(Experiment, AValidFileReadsAsWritten) {
  const Experiment e = parse(kValid);
  EXPECT_EQ(e.name, "study");
  EXPECT_EQ(e.description, "a small study");
  EXPECT_EQ(e.defaults.gpu, "v100");
  EXPECT_EQ(e.defaults.mode, "timing");
  EXPECT_EQ(e.defaults.size, "tiny");
  ASSERT_EQ(e.defaults.sets.size(), 1u);
  EXPECT_EQ(e.defaults.sets[0].first, "sim.skip_idle");

  ASSERT_EQ(e.axes.size(), 4u);
  const Axis& variant = e.axes[0];
  ASSERT_EQ(variant.levels.size(), 2u);
  EXPECT_EQ(variant.levels[1].name, "big");
  EXPECT_EQ(variant.levels[1].settings.overlays,
            (std::vector<std::string>{"mrpb", "/x.yaml"}));  // a file is relative to exp.yaml
  EXPECT_EQ(variant.levels[1].settings.sets[0].second.text(), "8");
  const Axis& l1d = e.axes[1];
  ASSERT_EQ(l1d.levels.size(), 2u);
  EXPECT_EQ(l1d.levels[0].name, "16KiB");
  EXPECT_EQ(l1d.levels[0].settings.sets[0].first, "sm.l1d.size");
  const Axis& workload = e.axes[2];
  EXPECT_EQ(workload.levels[1].name, "rodinia/nw:small");
  EXPECT_EQ(workload.levels[1].settings.input->spec, "rodinia/nw:small");
  const Input& program = *e.axes[3].levels[0].settings.input;
  EXPECT_EQ(program.kind, Input::Kind::kProgram);
  EXPECT_EQ(program.spec, "/lab/bin/vector_ops");
  EXPECT_EQ(program.args, std::vector<std::string>{"1024"});

  EXPECT_EQ(e.baseline.at("variant").level, "base");
  ASSERT_EQ(e.metrics.size(), 2u);
  EXPECT_FALSE(e.metrics[0].per_kernel);
  EXPECT_TRUE(e.metrics[1].per_kernel);
  ASSERT_EQ(e.derived.size(), 2u);
  EXPECT_EQ(e.derived[0].kind, Derived::Kind::kSpeedup);
  EXPECT_EQ(e.derived[1].kind, Derived::Kind::kNormalized);
  EXPECT_EQ(e.derived[1].metric, "cycles");
  ASSERT_TRUE(e.summary);
  EXPECT_EQ(e.summary->over, std::vector<std::string>{"workload"});
}

TEST(Experiment, EveryMistakeIsReportedWhereItWasWritten) {
  const std::vector<std::string> found = mistakes(R"(name: Bad Name
axes:
  gpu: [v100]
  variant:
    a: {overlays: [mrpb], colour: red}
    b: 3
baseline: {variant: c, flavour: x}
metrics:
  cycles: total.cycles
  bad: cycles
derived:
  speedup: baseline.cycles / cycles
  oops: ipc / baseline.ipc
  odd: cycles * 2
summary: {over: size, gmean: [speedup, nope]}
mode: fast
)");
  const std::vector<std::string> want = {
      "exp.yaml:1:7: name: the experiment's name 'Bad Name' is not a name: lower-case letters, "
      "digits, '_' and '-'",
      "exp.yaml:16:7: mode: mode is 'fast'; expected timing or functional",
      "exp.yaml:5:27: axes.variant.a.colour: unknown key 'colour' (known: gpu, overlays, set, "
      "mode, size, workload, program, trace)",
      "exp.yaml:6:8: axes.variant.b: a level's settings are a map (gpu, overlays, set, mode, "
      "workload, ...)",
      "exp.yaml:7:21: baseline.variant: axis 'variant' has no level 'c'",
      "exp.yaml:7:24: baseline.flavour: no axis is named 'flavour'",
      "exp.yaml:10:8: metrics.bad: 'cycles' is not total.PATH or kernels.PATH (or a sum of "
      "them, all total or all kernels)",
      "exp.yaml:13:9: derived.oops: no metric is named 'ipc'",
      "exp.yaml:14:8: derived.odd: expected METRIC / baseline.METRIC or baseline.METRIC / METRIC",
      "exp.yaml:15:17: summary.over: no axis is named 'size'",
      "exp.yaml:15:30: summary.gmean: no derived figure is named 'nope'"};
  EXPECT_EQ(found, want);
}

TEST(Experiment, ABaselineMapNamesLevelsOfItsAxis) {
  const Experiment e = parse(R"(name: x
gpu: v100
axes: {workload: [rodinia/srad, rodinia/srad-u, rodinia/nw]}
baseline: {workload: {rodinia/srad-u: rodinia/srad}}
metrics: {cycles: total.cycles}
)");
  const BaselineLevel& workload = e.baseline.at("workload");
  EXPECT_FALSE(workload.level);
  EXPECT_EQ(workload.of("rodinia/srad-u"), "rodinia/srad");
  EXPECT_EQ(workload.of("rodinia/nw"), "rodinia/nw");  // a level not named is its own

  EXPECT_EQ(mistakes(R"(name: x
gpu: v100
axes: {workload: [rodinia/srad, rodinia/srad-u]}
baseline:
  workload: {rodinia/srad-u: rodinia/sradd, rodinia/hotspot-u: rodinia/srad}
metrics: {cycles: total.cycles}
)"),
            (std::vector<std::string>{
                "exp.yaml:5:30: baseline.workload.rodinia/srad-u: axis 'workload' has no level "
                "'rodinia/sradd'",
                "exp.yaml:5:45: baseline.workload.rodinia/hotspot-u: axis 'workload' has no "
                "level 'rodinia/hotspot-u'"}));
}

TEST(Experiment, MissingPartsAreNamed) {
  EXPECT_EQ(mistakes("description: nothing else\n"),
            (std::vector<std::string>{
                "exp.yaml:1:1: missing key 'name'",
                "exp.yaml:1:1: missing key 'axes' (the runs are the product of the axes)",
                "exp.yaml:1:1: missing key 'metrics' (the stats.json figures to collect)"}));
  EXPECT_EQ(mistakes("- a list\n"),
            std::vector<std::string>{
                "exp.yaml:1:1: an experiment file is a map (name, axes, metrics, ...)"});
}

TEST(Experiment, AxesAndLevelsAreCheckedForShapeAndNames) {
  const std::vector<std::string> found = mistakes(R"(name: x
axes:
  variant: [a, b]
  gpu: []
  Size: {tiny: {}}
  ways: {set: sm.l1d.ways, values: 4}
  w: {one: {workload: polybench/atax, trace: t/kernelslist.g}}
  mode: [timing, timing]
metrics: {cycles: total.cycles}
derived: {speedup: baseline.cycles / cycles}
)");
  const std::vector<std::string> want = {
      "exp.yaml:3:12: axes.variant: an axis is a map of level names to settings, {set: PATH, "
      "values: [...]}, or, for an axis named gpu, overlays, mode, size, workload, program or "
      "trace, a list of values",
      "exp.yaml:4:8: axes.gpu: an axis needs at least one level",
      "exp.yaml:5:3: the axis name 'Size' is not a name: lower-case letters, digits, '_' and '-'",
      "exp.yaml:6:36: axes.ways.values: expected a list of the values the config path takes",
      "exp.yaml:7:39: axes.w.one.trace: a run has one input: a workload, a program or a trace",
      "exp.yaml:8:18: axes.mode: two levels of axis 'mode' are named 'timing'",
      "exp.yaml:10:1: derived: derived figures need a baseline"};
  EXPECT_EQ(found, want);
}

}  // namespace
}  // namespace warpsim::sweep
