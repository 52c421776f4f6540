#include "place/tuner.h"

#include <algorithm>
#include <exception>

#include <fmt/format.h>

#include "place/compaction.h"
#include "place/cuda_source.h"

namespace warpsim::place {

namespace {

// Evaluates `v` into the result; whether it beats the best so far.
bool try_version(Version v, TuneResult& result, const Evaluate& evaluate) {
  v.name = fmt::format("v{}", result.versions.size());
  try {
    v.cycles = evaluate(v);
  } catch (const std::exception& e) {
    v.error = e.what();
  }
  const bool better = v.error.empty() && v.cycles < result.versions[result.best].cycles;
  result.versions.push_back(std::move(v));
  if (better) result.best = result.versions.size() - 1;
  return better;
}

// Moves `array` out of shared memory on top of the best version; whether that was faster.
bool promote(const SharedArray& array, const std::string& path, const TuneOptions& options,
             TuneResult& result, const Evaluate& evaluate) {
  const Version& best = result.versions[result.best];
  Version v;
  v.pass = array.placement() == Placement::kRegisters ? "P1"
           : array.placement() == Placement::kLocal   ? "P2-local"
                                                      : "P2-global";
  v.description = fmt::format("{} -> {} ({} B, {:g} references{})", array.name,
                              placement_name(array.placement()), array.bytes, array.references,
                              array.overlap ? "; shared: " + array.why_shared : "");
  try {
    v.source = promote_shared_array(parse_cuda(best.source, path), options.kernel, array.name,
                                    options.block, options.grid);
  } catch (const PlaceError& e) {
    result.notes.push_back(
        fmt::format("pass 1: {} left in shared memory: {}", array.name, e.what()));
    return true;  // not a slowdown: go on with the next array
  }
  return try_version(std::move(v), result, evaluate);
}

// Pass 2 along one dimension on top of the best version so far: C_Factor 2, 4, ... until one is
// not faster. `divisor` is how the best version's block already shrinks.
void compact_along(char dim, const std::string& path, const TuneOptions& options,
                   TuneResult& result, const Evaluate& evaluate) {
  const std::size_t base = result.best;
  const Shape divisor = result.versions[base].block_divisor;
  const long long extent = options.block.extent(dim) / (dim == 'y' ? divisor.y : divisor.x);
  for (int factor : options.factors) {
    if (extent % factor != 0) {
      result.notes.push_back(fmt::format("pass 2: C_Factor {} does not divide the block's {} ({})",
                                         factor, dim, extent));
      break;
    }
    Version v;
    v.pass = "P3";
    v.block_divisor = divisor;
    (dim == 'y' ? v.block_divisor.y : v.block_divisor.x) *= factor;
    try {
      CompactionInfo done;
      v.source = compact_threads(parse_cuda(result.versions[base].source, path), options.kernel,
                                 dim, factor, &done);
      v.description =
          fmt::format("C_Factor {} along {} ({} statements repeated, {} loads read once)", factor,
                      dim, done.replicated, done.hoisted);
    } catch (const PlaceError& e) {
      result.notes.push_back(fmt::format("pass 2: {}", e.what()));
      break;
    }
    if (!try_version(std::move(v), result, evaluate)) break;
  }
}

// Pass 2: thread compaction along each dimension with redundant loads, the most redundant
// first (y on a tie), the second on top of the first's best: a two-dimensional C_Factor.x x
// C_Factor.y where loads are redundant along both.
void compact(const std::string& path, const TuneOptions& options, TuneResult& result,
             const Evaluate& evaluate) {
  const std::size_t base = result.best;
  std::vector<CompactionInfo> dims;
  std::string refusal;
  try {
    const ParsedSource parsed = parse_cuda(result.versions[base].source, path);
    for (char d : {'y', 'x'}) {
      if (options.block.extent(d) == 1) continue;
      try {
        CompactionInfo found = analyze_compaction(parsed, options.kernel, d);
        if (found.redundant_loads > 0) dims.push_back(found);
      } catch (const PlaceError& e) {
        refusal = e.what();
      }
    }
  } catch (const PlaceError& e) {
    refusal = e.what();
  }
  if (dims.empty()) {
    result.notes.push_back(refusal.empty() ? "pass 2: no redundant loads along x or y"
                                           : "pass 2: " + refusal);
    return;
  }
  std::stable_sort(dims.begin(), dims.end(), [](const CompactionInfo& a, const CompactionInfo& b) {
    return a.redundant_loads > b.redundant_loads;
  });
  // Each dimension's best is the next one's base: all of them make up the best version.
  for (const CompactionInfo& info : dims) {
    const auto divides = std::count_if(options.factors.begin(), options.factors.end(), [&](int f) {
      return options.block.extent(info.dim) % f == 0;
    });
    result.full_space *= 1 + static_cast<std::size_t>(divides);
    compact_along(info.dim, path, options, result, evaluate);
    if (result.best > base) result.versions[result.best].kept = true;
  }
}

}  // namespace

TuneResult tune(const std::string& text, const std::string& path, const TuneOptions& options,
                const Evaluate& evaluate) {
  TuneResult result;
  Version original;
  original.name = "v0";
  original.pass = "original";
  original.description = "as written";
  original.source = text;
  original.cycles = evaluate(original);  // the baseline must run: its failure is the caller's
  result.versions.push_back(original);

  if (options.pass1) {
    const ParsedSource parsed = parse_cuda(text, path);
    std::vector<SharedArray> arrays = analyze_shared_arrays(parsed, options.kernel, options.block);
    arrays.erase(std::remove_if(arrays.begin(), arrays.end(),
                                [](const SharedArray& a) { return a.references == 0; }),
                 arrays.end());
    if (arrays.empty()) result.notes.push_back("pass 1: the kernel has no __shared__ arrays");
    result.full_space <<= arrays.size();
    // P1: private arrays with constant indices to registers, most referenced first.
    std::vector<SharedArray> p1, p2;
    for (const SharedArray& a : arrays)
      (a.placement() == Placement::kRegisters ? p1 : p2).push_back(a);
    std::stable_sort(p1.begin(), p1.end(), [](const SharedArray& a, const SharedArray& b) {
      return a.references > b.references;
    });
    // P2: the rest to local or global memory, largest first (the most shared memory freed).
    std::stable_sort(p2.begin(), p2.end(),
                     [](const SharedArray& a, const SharedArray& b) { return a.bytes > b.bytes; });
    for (const auto* phase : {&p1, &p2}) {
      for (const SharedArray& array : *phase) {
        if (!promote(array, path, options, result, evaluate)) break;
      }
    }
  }
  for (std::size_t i = 0; i <= result.best; ++i) {
    // Pass 1's kept chain: every version up to the best (each built on the one before).
    result.versions[i].kept = true;
  }

  if (options.pass2) compact(path, options, result, evaluate);
  return result;
}

}  // namespace warpsim::place
