#pragma once

// The thesis's auto-tuner (seed 000 ch. 3, Figs. 3.6 and 3.7): each pass makes one version at a
// time, has it evaluated, keeps it when it is faster and stops at the first that is not.
//   Pass 1 (P1, then P2): first the private, constant-indexed __shared__ arrays to registers in
//     decreasing weighted reference count; then the others to local or global memory, largest
//     first (the thesis's two search spaces); each on top of the versions kept so far, each
//     phase stopping at its first version that is not faster.
//   Pass 2 (P3): thread compaction of pass 1's best along each block dimension with redundant
//     loads, the most redundant first (y on a tie), by C_Factor 2, 4, 8, 16 in turn while the
//     factor divides what is left of the block; the second dimension's factors apply on top of
//     the first's best (the thesis's 2-D C_Factor.x x C_Factor.y).
// The search space is pruned as in the thesis: one greedy order per pass, no combinations.

#include <functional>
#include <string>
#include <vector>

#include "place/shared_arrays.h"

namespace warpsim::place {

struct Version {
  std::string name;         // "v0", "v1", ...
  std::string pass;         // "original", "P1", "P2-local", "P2-global", "P3"
  std::string description;  // what changed, e.g. "result -> registers", "C_Factor 4 along y"
  std::string source;       // the whole CUDA file
  Shape block_divisor;      // how the launch's block shrinks (P3)
  double cycles = 0;        // the evaluation
  std::string error;        // why it could not be evaluated (no cycles then)
  bool kept = false;        // part of the best version
};

// Times a version (its kernel's simulated cycles); throws std::exception when it cannot.
using Evaluate = std::function<double(const Version&)>;

struct TuneOptions {
  std::string kernel;
  Shape block;  // the original launch's block and grid
  Shape grid;
  bool pass1 = true;
  bool pass2 = true;
  std::vector<int> factors = {2, 4, 8, 16};
};

struct TuneResult {
  std::vector<Version> versions;  // in the order tried; versions[0] is the original
  std::size_t best = 0;
  std::vector<std::string> notes;  // passes or arrays skipped, and why
  // The unpruned search space: every subset of the movable arrays times every compaction choice
  // (none, or each C_Factor that divides the block, per dimension with redundant loads),
  // 2^arrays x (1 + factors along y) x (1 + factors along x). versions.size()
  // is the pruned one the tuner evaluated (the original included).
  std::size_t full_space = 1;
};

TuneResult tune(const std::string& text, const std::string& path, const TuneOptions& options,
                const Evaluate& evaluate);

}  // namespace warpsim::place
