#include "passes/load_schedule.h"

#include <algorithm>
#include <limits>
#include <queue>
#include <unordered_map>
#include <utility>

#include "passes/instruction_kinds.h"
#include "ptx/analysis/register_liveness.h"

namespace warpsim::passes {
namespace {

enum class Kind : std::uint8_t { kArithmetic, kLoad, kStore, kFixed };

Kind kind_of(const ptx::Instruction& inst) {
  if (is_pure_arithmetic(inst)) return Kind::kArithmetic;
  if (is_plain_load(inst)) return Kind::kLoad;
  if (is_plain_store(inst)) return Kind::kStore;
  return Kind::kFixed;
}

struct RegisterState {
  std::uint32_t writer = ptx::kNoIndex;
  std::vector<std::uint32_t> readers;  // since the last write
};

class DependenceGraph {
 public:
  explicit DependenceGraph(std::uint32_t n) : succs_(n), preds_(n, 0) {}

  void add(std::uint32_t from, std::uint32_t to) {
    if (from == ptx::kNoIndex || from == to) return;
    succs_[from].push_back(to);
    ++preds_[to];
  }
  const std::vector<std::uint32_t>& succs(std::uint32_t i) const { return succs_[i]; }
  std::uint32_t preds(std::uint32_t i) const { return preds_[i]; }

 private:
  std::vector<std::vector<std::uint32_t>> succs_;
  std::vector<std::uint32_t> preds_;
};

// Instructions are block-relative indices.
DependenceGraph build_graph(const std::vector<ptx::Instruction>& insts, std::uint32_t first,
                            std::uint32_t n, const std::vector<Kind>& kinds) {
  DependenceGraph g(n);
  std::unordered_map<std::uint32_t, RegisterState> regs;
  std::uint32_t fixed = ptx::kNoIndex;  // the last fixed instruction
  std::vector<std::uint32_t> since_fixed;
  std::vector<std::uint32_t> loads, stores;  // since the last fixed one
  for (std::uint32_t i = 0; i < n; ++i) {
    const ptx::Instruction& inst = insts[first + i];
    std::vector<std::uint32_t> uses = ptx::instruction_registers(inst).uses;
    const std::vector<std::uint32_t> defs = ptx::instruction_writes(inst);
    if (inst.guard != ptx::kNoIndex) uses.insert(uses.end(), defs.begin(), defs.end());
    for (std::uint32_t r : uses) {
      auto it = regs.find(r);
      if (it != regs.end()) g.add(it->second.writer, i);
    }
    for (std::uint32_t r : defs) {
      const RegisterState& s = regs[r];
      g.add(s.writer, i);
      for (std::uint32_t reader : s.readers) g.add(reader, i);
    }
    for (std::uint32_t r : uses) regs[r].readers.push_back(i);
    for (std::uint32_t r : defs) {
      RegisterState& s = regs[r];
      s.writer = i;
      s.readers.clear();
    }

    g.add(fixed, i);
    const auto latest_alias = [&](const std::vector<std::uint32_t>& of) {
      for (auto it = of.rbegin(); it != of.rend(); ++it) {
        if (spaces_may_alias(insts[first + *it].space, inst.space)) return *it;
      }
      return ptx::kNoIndex;
    };
    switch (kinds[i]) {
      case Kind::kFixed:
        for (std::uint32_t j : since_fixed) g.add(j, i);
        fixed = i;
        since_fixed.clear();
        loads.clear();
        stores.clear();
        continue;
      case Kind::kLoad:
        if (!loads.empty()) g.add(loads.back(), i);
        g.add(latest_alias(stores), i);
        loads.push_back(i);
        break;
      case Kind::kStore:
        if (!stores.empty()) g.add(stores.back(), i);
        g.add(latest_alias(loads), i);
        stores.push_back(i);
        break;
      case Kind::kArithmetic:
        break;
    }
    since_fixed.push_back(i);
  }
  return g;
}

}  // namespace

BlockSchedule schedule_loads_first(std::vector<ptx::Instruction>& insts, std::uint32_t first,
                                   std::uint32_t end) {
  const std::uint32_t n = end - first;
  std::vector<Kind> kinds;
  kinds.reserve(n);
  for (std::uint32_t i = first; i < end; ++i) kinds.push_back(kind_of(insts[i]));
  const DependenceGraph g = build_graph(insts, first, n, kinds);

  // Each instruction's priority: the first load that needs it (itself, for a load), else none.
  constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> need(n, kNone);
  for (std::uint32_t i = n; i-- > 0;) {
    if (kinds[i] == Kind::kLoad) need[i] = i;
    for (std::uint32_t s : g.succs(i)) need[i] = std::min(need[i], need[s]);
  }

  using Entry = std::pair<std::uint32_t, std::uint32_t>;  // (need, index)
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> ready;
  std::vector<std::uint32_t> waiting(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    waiting[i] = g.preds(i);
    if (waiting[i] == 0) ready.emplace(need[i], i);
  }
  std::vector<std::uint32_t> order;
  order.reserve(n);
  while (!ready.empty()) {
    const std::uint32_t i = ready.top().second;
    ready.pop();
    order.push_back(i);
    for (std::uint32_t s : g.succs(i)) {
      if (--waiting[s] == 0) ready.emplace(need[s], s);
    }
  }

  BlockSchedule result;
  std::vector<ptx::Instruction> scheduled;
  scheduled.reserve(n);
  for (std::uint32_t pos = 0; pos < n; ++pos) {
    const std::uint32_t i = order[pos];
    if (pos < i) {
      result.changed = true;
      if (kinds[i] == Kind::kLoad) {
        ++result.hoisted;
      } else if (need[i] != kNone) {
        ++result.producers;
      }
    }
    scheduled.push_back(std::move(insts[first + i]));
  }
  std::move(scheduled.begin(), scheduled.end(), insts.begin() + first);
  return result;
}

}  // namespace warpsim::passes
