// lonestar/sp: survey propagation with decimation on a random 3-SAT formula, after LonestarGPU's SP
// (sp.cu). Each round: sweeps of sp_update_pi then sp_update_eta (the host clears `changed`
// before each sweep) until the surveys move by at most kEps or the size's sweep limit; sp_bias;
// the host reads the biases and picks the threshold that fixes the kFixFraction most biased free
// variables (at least one); sp_decimate fixes them and sp_simplify drops the satisfied clauses.
// The run stops after the size's rounds, or earlier when the surveys are trivial (the threshold
// falls below kMinBias: SP would hand the rest to a local search). Every kernel is a grid-stride
// loop in 1-D blocks of 256, as many blocks as the GPU holds at once (graph.h).
// Input: a random 3-SAT formula (each clause three distinct variables drawn uniformly, each
// negated with probability 1/2), initial surveys uniform in [0, 1). Clause/variable ratio 4.2
// (hard, just below the satisfiability threshold 4.27) at small and paper, 4.0 at tiny. Seed 001
// gives no input sizes; small stops each round after 25 sweeps (simulating the first sweeps, as
// the thesis simulated long runs only until their IPC settled), paper allows 200
// (docs/workloads-lonestar.md).
// Check: a CPU replay of every kernel's float operations in the same order (the kernels use
// __f*_rn intrinsics, so nothing is fused), demanding identical results: per round the number of
// sweeps and every bias, at the end every survey, variable value, satisfied flag and the count of
// contradicted clauses.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "../graph.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::int32_t vars;
  std::int32_t clauses;
  std::int32_t rounds;
  std::int32_t max_sweeps;  // per round
};
constexpr Dims kDims[] = {{256, 1024, 2, 20}, {4096, 17203, 2, 25}, {16384, 68813, 10, 200}};
constexpr std::uint32_t kBlock = 256;
constexpr float kEps = 1e-3f;
constexpr double kFixFraction = 0.02;
constexpr float kMinBias = 0.01f;

class LonestarSp final : public Workload {
 public:
  std::string_view name() const override { return "lonestar/sp"; }
  std::string_view description() const override {
    return "LonestarGPU SP: survey propagation with decimation on a random 3-SAT formula "
           "(irregular gathers over the factor graph, cache-sensitive)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format(
        "3-SAT: {} variables, {} clauses (ratio {:.2f}), {} decimation rounds of at most {} sweeps",
        d.vars, d.clauses, static_cast<double>(d.clauses) / d.vars, d.rounds, d.max_sweeps);
  }
  void run(Host& host, Size size) const override;
};

struct Formula {
  std::vector<std::int32_t> lit;        // per edge 3a + k: variable * 2 + negated
  std::vector<std::int32_t> occ_start;  // vars + 1
  std::vector<std::int32_t> occ;        // per occurrence: edge * 2 + negated
};

Formula make_formula(const Dims& d, Lcg& rng) {
  Formula f;
  const auto edges = 3 * static_cast<std::size_t>(d.clauses);
  f.lit.resize(edges);
  for (std::size_t a = 0; a < static_cast<std::size_t>(d.clauses); ++a) {
    for (std::size_t k = 0; k < 3; ++k) {
      std::int32_t v = 0;
      bool repeated = true;
      while (repeated) {
        v = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(d.vars)));
        repeated = false;
        for (std::size_t j = 0; j < k; ++j) repeated = repeated || (f.lit[3 * a + j] >> 1) == v;
      }
      f.lit[3 * a + k] = v * 2 + static_cast<std::int32_t>(rng.below(2));
    }
  }
  f.occ_start.assign(static_cast<std::size_t>(d.vars) + 1, 0);
  for (std::int32_t l : f.lit) ++f.occ_start[static_cast<std::size_t>(l >> 1) + 1];
  for (std::size_t v = 0; v < static_cast<std::size_t>(d.vars); ++v)
    f.occ_start[v + 1] += f.occ_start[v];
  std::vector<std::int32_t> fill(f.occ_start.begin(), f.occ_start.end() - 1);
  f.occ.resize(edges);
  for (std::size_t e = 0; e < edges; ++e) {
    const std::int32_t l = f.lit[e];
    f.occ[static_cast<std::size_t>(fill[static_cast<std::size_t>(l >> 1)]++)] =
        static_cast<std::int32_t>(e) * 2 + (l & 1);
  }
  return f;
}

// The CPU replay: the kernels' operations, one float rounding each, in their order.
struct Pi {
  float prod[2];
  std::int32_t zeros[2];
};

static_assert(sizeof(Pi) == 16, "Pi must match the kernels' 16-byte struct");

struct State {
  std::vector<float> eta, bias;
  std::vector<Pi> pi;
  std::vector<std::int32_t> value, sat;
  std::int32_t contradictions = 0;
};

// sp_update_pi, then sp_update_eta; returns whether a survey moved by more than kEps.
bool sweep(const Formula& f, State& s) {
  for (std::size_t v = 0; v < s.value.size(); ++v) {
    if (s.value[v] != 0) continue;
    Pi p{{1.0f, 1.0f}, {0, 0}};
    for (std::int32_t i = f.occ_start[v]; i < f.occ_start[v + 1]; ++i) {
      const std::int32_t o = f.occ[static_cast<std::size_t>(i)];
      const float q = 1.0f - s.eta[static_cast<std::size_t>(o >> 1)];
      if (q == 0.0f) {
        ++p.zeros[o & 1];
      } else {
        p.prod[o & 1] = p.prod[o & 1] * q;
      }
    }
    s.pi[v] = p;
  }
  bool moved = false;
  for (std::size_t a = 0; a < s.sat.size(); ++a) {
    if (s.sat[a] != 0) continue;
    float old[3];
    float r[3];
    bool live[3];
    for (std::size_t k = 0; k < 3; ++k) {
      const std::int32_t l = f.lit[3 * a + k];
      const auto v = static_cast<std::size_t>(l >> 1);
      old[k] = s.eta[3 * a + k];
      live[k] = s.value[v] == 0;
      r[k] = 0.0f;
      if (!live[k]) continue;
      const Pi& p = s.pi[v];
      const std::int32_t same = l & 1;
      const float q = 1.0f - old[k];
      float ps = 0.0f;
      if (q == 0.0f) {
        ps = p.zeros[same] > 1 ? 0.0f : p.prod[same];
      } else {
        ps = p.zeros[same] > 0 ? 0.0f : p.prod[same] / q;
      }
      const float po = p.zeros[1 - same] > 0 ? 0.0f : p.prod[1 - same];
      const float pu = (1.0f - po) * ps;
      const float pss = (1.0f - ps) * po;
      const float p0 = ps * po;
      const float sum = (pu + pss) + p0;
      r[k] = sum > 0.0f ? pu / sum : 0.0f;
    }
    for (std::size_t k = 0; k < 3; ++k) {
      float x = 0.0f;
      if (live[k]) {
        x = 1.0f;
        for (std::size_t j = 0; j < 3; ++j) {
          if (j != k && live[j]) x = x * r[j];
        }
      }
      if (std::fabs(x - old[k]) > kEps) moved = true;
      s.eta[3 * a + k] = x;
    }
  }
  return moved;
}

void biases(const Formula& f, State& s) {
  for (std::size_t v = 0; v < s.value.size(); ++v) {
    float b = 0.0f;
    if (s.value[v] == 0) {
      float pp = 1.0f;
      float pm = 1.0f;
      for (std::int32_t i = f.occ_start[v]; i < f.occ_start[v + 1]; ++i) {
        const std::int32_t o = f.occ[static_cast<std::size_t>(i)];
        const float q = 1.0f - s.eta[static_cast<std::size_t>(o >> 1)];
        if ((o & 1) != 0) {
          pm = pm * q;
        } else {
          pp = pp * q;
        }
      }
      const float plus = (1.0f - pp) * pm;
      const float minus = (1.0f - pm) * pp;
      const float zero = pp * pm;
      const float sum = (plus + minus) + zero;
      if (sum > 0.0f) b = plus / sum - minus / sum;
    }
    s.bias[v] = b;
  }
}

void decimate_and_simplify(const Formula& f, State& s, float threshold) {
  for (std::size_t v = 0; v < s.value.size(); ++v) {
    if (s.value[v] == 0 && std::fabs(s.bias[v]) >= threshold) s.value[v] = s.bias[v] > 0 ? 1 : -1;
  }
  s.contradictions = 0;
  for (std::size_t a = 0; a < s.sat.size(); ++a) {
    if (s.sat[a] != 0) continue;
    bool satisfied = false;
    int free = 0;
    for (std::size_t k = 0; k < 3; ++k) {
      const std::int32_t l = f.lit[3 * a + k];
      const std::int32_t val = s.value[static_cast<std::size_t>(l >> 1)];
      if (val == 0) {
        ++free;
      } else if ((val > 0) != ((l & 1) != 0)) {
        satisfied = true;
      }
    }
    if (satisfied) {
      s.sat[a] = 1;
      for (std::size_t k = 0; k < 3; ++k) s.eta[3 * a + k] = 0.0f;
    } else if (free == 0) {
      ++s.contradictions;
    }
  }
}

// The |bias| of the kFixFraction-th most biased free variable (at least the first).
float pick_threshold(const State& s) {
  std::vector<float> magnitudes;
  for (std::size_t v = 0; v < s.value.size(); ++v) {
    if (s.value[v] == 0) magnitudes.push_back(std::fabs(s.bias[v]));
  }
  if (magnitudes.empty()) return 0.0f;
  const std::size_t count =
      std::max<std::size_t>(1, static_cast<std::size_t>(kFixFraction * magnitudes.size()));
  std::nth_element(magnitudes.begin(), magnitudes.begin() + static_cast<std::ptrdiff_t>(count - 1),
                   magnitudes.end(), std::greater<>());
  return magnitudes[count - 1];
}

void LonestarSp::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const auto edges = 3 * static_cast<std::size_t>(d.clauses);
  Lcg rng(0x5A7F0A11ull);
  const Formula f = make_formula(d, rng);
  State cpu;
  cpu.eta.resize(edges);
  for (float& x : cpu.eta) x = rng.unit();
  cpu.pi.assign(static_cast<std::size_t>(d.vars), Pi{});
  cpu.bias.assign(static_cast<std::size_t>(d.vars), 0.0f);
  cpu.value.assign(static_cast<std::size_t>(d.vars), 0);
  cpu.sat.assign(static_cast<std::size_t>(d.clauses), 0);

  host.load_workload_ptx(name());
  const std::int32_t zero = 0;
  const Addr lit_dev = host.alloc_copy(f.lit);
  const Addr start_dev = host.alloc_copy(f.occ_start);
  const Addr occ_dev = host.alloc_copy(f.occ);
  const Addr eta_dev = host.alloc_copy(cpu.eta);
  const Addr pi_dev = host.alloc(static_cast<std::size_t>(d.vars) * sizeof(Pi));
  const Addr bias_dev = host.alloc(static_cast<std::size_t>(d.vars) * sizeof(float));
  const Addr value_dev = host.alloc_copy(cpu.value);
  const Addr sat_dev = host.alloc_copy(cpu.sat);
  const Addr changed_dev = host.alloc(sizeof(std::int32_t));
  const Addr contradictions_dev = host.alloc(sizeof(std::int32_t));
  host.copy_in(contradictions_dev, &zero, sizeof(zero));
  const func::Dim3 clause_grid{lonestar::resident_blocks(host, kBlock, f.lit.size() / 3)};
  const func::Dim3 var_grid{lonestar::resident_blocks(host, kBlock, cpu.value.size())};

  for (std::int32_t round = 0; round < d.rounds; ++round) {
    std::int32_t sweeps = 0;
    bool moved = true;
    while (moved && sweeps < d.max_sweeps) {
      host.copy_in(changed_dev, &zero, sizeof(zero));
      host.launch("sp_update_pi", var_grid, {kBlock}, 0, start_dev, occ_dev, value_dev, eta_dev,
                  pi_dev, d.vars);
      host.launch("sp_update_eta", clause_grid, {kBlock}, 0, lit_dev, value_dev, sat_dev, pi_dev,
                  eta_dev, changed_dev, kEps, d.clauses);
      ++sweeps;
      moved = host.read<std::int32_t>(changed_dev, 1)[0] != 0;
    }
    std::int32_t cpu_sweeps = 0;
    bool cpu_moved = true;
    while (cpu_moved && cpu_sweeps < d.max_sweeps) {
      cpu_moved = sweep(f, cpu);
      ++cpu_sweeps;
    }
    if (sweeps != cpu_sweeps) {
      throw CheckFailed(fmt::format("round {}: {} survey sweeps, the CPU replay needs {}", round,
                                    sweeps, cpu_sweeps));
    }
    host.launch("sp_bias", var_grid, {kBlock}, 0, start_dev, occ_dev, value_dev, eta_dev, bias_dev,
                d.vars);
    biases(f, cpu);
    check_close(fmt::format("bias (round {})", round),
                host.read<float>(bias_dev, static_cast<std::size_t>(d.vars)), exact(cpu.bias));
    const float threshold = pick_threshold(cpu);
    if (threshold < kMinBias) break;  // trivial surveys: nothing left to decimate
    host.copy_in(contradictions_dev, &zero, sizeof(zero));
    host.launch("sp_decimate", var_grid, {kBlock}, 0, bias_dev, value_dev, threshold, d.vars);
    host.launch("sp_simplify", clause_grid, {kBlock}, 0, lit_dev, value_dev, sat_dev, eta_dev,
                contradictions_dev, d.clauses);
    decimate_and_simplify(f, cpu, threshold);
  }

  check_close("eta", host.read<float>(eta_dev, edges), exact(cpu.eta), 3);
  check_equal("value", host.read<std::int32_t>(value_dev, cpu.value.size()), cpu.value);
  check_equal("sat", host.read<std::int32_t>(sat_dev, cpu.sat.size()), cpu.sat);
  check_equal("contradictions", host.read<std::int32_t>(contradictions_dev, 1),
              std::vector<std::int32_t>{cpu.contradictions});
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(LonestarSp);

}  // namespace warpsim::workload
