// The workload registry: lookup by name, a sorted listing, and the mistakes it refuses at
// start-up (a name registered twice, a name that is not suite/name); and the process-wide
// registry as the build fills it: every workload offers every size and has its PTX built in.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "workload/embedded_ptx.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class Fake final : public Workload {
 public:
  explicit Fake(std::string name) : name_(std::move(name)) {}
  std::string_view name() const override { return name_; }
  std::string_view description() const override { return "a test workload"; }
  std::string dimensions(Size size) const override { return std::string(size_name(size)); }
  void run(Host&, Size) const override {}

 private:
  std::string name_;
};

TEST(WorkloadRegistry, FindsByNameAndListsSorted) {
  WorkloadRegistry registry;
  registry.add(std::make_unique<Fake>("suite/zeta"), "z.cc");
  registry.add(std::make_unique<Fake>("suite/alpha"), "a.cc");
  registry.add(std::make_unique<Fake>("other/beta-2_x"), "b.cc");
  ASSERT_NE(registry.find("suite/zeta"), nullptr);
  EXPECT_EQ(registry.find("suite/zeta")->name(), "suite/zeta");
  EXPECT_EQ(registry.find("suite/missing"), nullptr);
  EXPECT_EQ(registry.find("zeta"), nullptr);
  std::vector<std::string_view> names;
  for (const Workload* w : registry.list()) names.push_back(w->name());
  EXPECT_EQ(names, (std::vector<std::string_view>{"other/beta-2_x", "suite/alpha", "suite/zeta"}));
}

TEST(WorkloadRegistry, ANameRegisteredTwiceNamesBothFiles) {
  WorkloadRegistry registry;
  registry.add(std::make_unique<Fake>("suite/a"), "first.cc");
  try {
    registry.add(std::make_unique<Fake>("suite/a"), "second.cc");
    FAIL() << "no error";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("first.cc"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("second.cc"), std::string::npos) << e.what();
  }
}

TEST(WorkloadRegistry, RefusesNamesThatAreNotSuiteSlashName) {
  for (const char* bad : {"atax", "polybench/", "/atax", "PolyBench/atax", "a/b/c", "a b/c"}) {
    WorkloadRegistry registry;
    EXPECT_THROW(registry.add(std::make_unique<Fake>(bad)), std::logic_error) << bad;
  }
  EXPECT_TRUE(valid_workload_name("polybench/fdtd-2d"));
  EXPECT_TRUE(valid_workload_name("polybench/2dconv"));
}

TEST(WorkloadSizes, NamesRoundTrip) {
  for (Size size : kAllSizes) EXPECT_EQ(parse_size(size_name(size)), size);
  EXPECT_EQ(parse_size("huge"), std::nullopt);
  EXPECT_EQ(parse_size("Tiny"), std::nullopt);
}

// The PolyBench/GPU workloads of issue F8 that are built so far, each with its PTX embedded
// from ptx/sm_75 and a description of every size.
TEST(BuiltInWorkloads, EachHasItsPtxAndEverySize) {
  const auto workloads = WorkloadRegistry::global().list();
  for (const char* name : {"polybench/atax", "polybench/bicg", "polybench/gesummv", "polybench/mvt",
                           "polybench/gemm"}) {
    EXPECT_NE(WorkloadRegistry::global().find(name), nullptr) << name;
  }
  for (const Workload* w : workloads) {
    SCOPED_TRACE(std::string(w->name()));
    EXPECT_FALSE(w->description().empty());
    const std::optional<std::string_view> ptx = find_workload_ptx(w->ptx_name());
    ASSERT_TRUE(ptx.has_value());
    EXPECT_NE(ptx->find(".entry"), std::string_view::npos);
    for (Size size : kAllSizes) EXPECT_FALSE(w->dimensions(size).empty());
  }
  EXPECT_EQ(find_workload_ptx("polybench/no-such-thing"), std::nullopt);
  EXPECT_EQ(find_workload_ptx("atax"), std::nullopt);
}

// The test suite finds each workload by its driver's folder (tests/CMakeLists.txt): suite/name
// of the folder, or the folder's workloads.txt, which must list exactly the workloads its driver
// registers.
TEST(BuiltInWorkloads, EachIsFoundWhereTheTestSuiteLooks) {
  std::map<std::filesystem::path, std::set<std::string>> listed;  // folder -> names
  for (const Workload* w : WorkloadRegistry::global().list()) {
    const std::string name(w->name());
    SCOPED_TRACE(name);
    const std::filesystem::path folder =
        std::filesystem::path(WorkloadRegistry::global().source_file(name)).parent_path();
    ASSERT_TRUE(std::filesystem::exists(folder / "driver.cc"));
    if (!std::filesystem::exists(folder / "workloads.txt")) {
      EXPECT_EQ(name, folder.parent_path().filename().string() + "/" + folder.filename().string());
      continue;
    }
    if (!listed.contains(folder)) {
      std::ifstream in(folder / "workloads.txt");
      for (std::string line; std::getline(in, line);) {
        const std::string first = line.substr(0, line.find(' '));
        if (!first.empty()) listed[folder].insert(first);
      }
    }
    EXPECT_EQ(listed[folder].erase(name), 1u) << "not in " << (folder / "workloads.txt");
  }
  for (const auto& [folder, names] : listed) {
    for (const std::string& name : names) {
      ADD_FAILURE() << (folder / "workloads.txt") << " lists " << name << ", never registered";
    }
  }
}

}  // namespace
}  // namespace warpsim::workload
