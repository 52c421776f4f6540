// The `relssp` pass (seed 002): in every kernel, releases the CTA's shared scratchpad region
// right after its last access with warpsim's `relssp` instruction, placed by OPT (on the CFG
// with critical edges split: code on a split edge costs a `bra` when the edge is a branch's
// taken edge, nothing when it is the fall-through) or PostDom (one point, no splitting);
// optionally after Reorder (shared_reorder.h). docs/passes.md describes the choices.

#include <cstdint>
#include <string>
#include <vector>

#include "passes/function_editor.h"
#include "passes/pass.h"
#include "passes/relssp_placement.h"
#include "passes/shared_reorder.h"
#include "passes/shared_vars.h"
#include "ptx/cfg.h"
#include "sim/registry.h"

namespace warpsim::passes {
namespace {

using ptx::BasicBlock;
using ptx::Instruction;
using ptx::NodeId;
using ptx::Opcode;

// Puts `relssp` where `placement` says, on `cfg` (which may hold split blocks).
class Inserter {
 public:
  Inserter(ptx::Function& fn, const ptx::Cfg& cfg, const std::vector<bool>& inst_accesses)
      : fn_(fn), cfg_(cfg), accesses_(inst_accesses), editor_(fn) {}

  void place(const Placement& p) {
    const BasicBlock& block = cfg_.blocks[p.node];
    if (p.where == Placement::Where::kAfterLastAccess) {
      std::uint32_t last = block.end;
      while (last > block.first && !accesses_[last - 1]) --last;
      const std::uint32_t at = last - 1;
      editor_.insert_after(at, make_plain(Opcode::kRelssp, fn_.insts[at]));
      ++relssp_;
      return;
    }
    if (block.kind == BasicBlock::Kind::kCode) {
      editor_.insert_before(block.first, make_plain(Opcode::kRelssp, fn_.insts[block.first]));
      ++relssp_;
      return;
    }
    if (block.kind != BasicBlock::Kind::kSplit) {
      throw std::logic_error("relssp placed at the entry or exit node");
    }
    place_on_edge(p.node);
  }

  void commit() { editor_.commit(); }
  std::uint64_t relssp() const { return relssp_; }
  std::uint64_t branches() const { return branches_; }

 private:
  // The split block `node` stands for one edge pred -> succ.
  void place_on_edge(NodeId node) {
    const NodeId pred = cfg_.graph.preds(node).at(0);
    const std::uint32_t last = cfg_.blocks[pred].end - 1;
    Instruction& term = editor_.instruction(last);
    const bool taken = cfg_.graph.succs(pred).at(0) == node && ptx::ends_block(term.op) &&
                       term.guard != ptx::kNoIndex;
    ++relssp_;
    if (!taken) {  // the fall-through edge: right after the branch, before the next label
      editor_.insert_after(last, make_plain(Opcode::kRelssp, term));
      return;
    }
    // The taken edge: a new block `relssp; <the terminator, unguarded>`, and the branch (or the
    // guarded ret/exit, now a guarded bra) goes there.
    const std::uint32_t label = editor_.add_label("relssp");
    Instruction moved = term;
    moved.guard = ptx::kNoIndex;
    moved.guard_negated = false;
    editor_.append_block(label, {make_plain(Opcode::kRelssp, term), moved});
    term = make_branch(label, term);
    ++branches_;
  }

  ptx::Function& fn_;
  const ptx::Cfg& cfg_;
  const std::vector<bool>& accesses_;
  FunctionEditor editor_;
  std::uint64_t relssp_ = 0;
  std::uint64_t branches_ = 0;
};

class RelsspPass final : public Pass {
 public:
  RelsspPass(const ConfigNode& params, const Context& context)
      : postdom_(params.at("placement").as_string() == "postdom"),
        reorder_(params.at("reorder").as_bool()),
        loop_weight_(params.at("loop_weight").as_double()),
        t_(context.sharing_t) {}

  void run(ptx::Module& module, PassReport& report) override {
    for (std::uint32_t f = 0; f < module.functions.size(); ++f) {
      ptx::Function& fn = module.functions[f];
      if (!fn.is_entry || !fn.has_body) continue;
      if (reorder_) {
        const ReorderResult r = reorder_shared_vars(module, f, t_, loop_weight_);
        if (r.changed) report.add(fn.name, "reordered");
      }
      place(module, f, report);
    }
  }

 private:
  void place(ptx::Module& module, std::uint32_t f, PassReport& report) const {
    ptx::Function& fn = module.functions[f];
    const std::vector<bool> inst_accesses = shared_region_accesses(module, f, t_);
    ptx::Cfg cfg = ptx::build_cfg(fn);
    if (!postdom_) report.add(fn.name, "split_edges", ptx::split_critical_edges(cfg));
    std::vector<bool> node_accesses(cfg.graph.size(), false);
    for (NodeId n = 0; n < cfg.graph.size(); ++n) {
      for (std::uint32_t i = cfg.blocks[n].first; i < cfg.blocks[n].end; ++i) {
        if (cfg.blocks[n].kind == BasicBlock::Kind::kCode && inst_accesses[i])
          node_accesses[n] = true;
      }
    }
    const std::vector<Placement> placements =
        postdom_ ? place_postdom(cfg.graph, cfg.entry, cfg.exit, node_accesses)
                 : place_opt(cfg.graph, cfg.entry, cfg.exit, node_accesses);
    if (placements.empty()) {
      report.notes[fn.name] = "no relssp: the shared region is released at the exit";
      return;
    }
    Inserter inserter(fn, cfg, inst_accesses);
    for (const Placement& p : placements) inserter.place(p);
    inserter.commit();
    report.add(fn.name, "relssp", inserter.relssp());
    report.add(fn.name, "branches", inserter.branches());
  }

  bool postdom_;
  bool reorder_;
  double loop_weight_;
  double t_;
};

class ReorderPass final : public Pass {
 public:
  ReorderPass(const ConfigNode& params, const Context& context)
      : loop_weight_(params.at("loop_weight").as_double()), t_(context.sharing_t) {}

  void run(ptx::Module& module, PassReport& report) override {
    for (std::uint32_t f = 0; f < module.functions.size(); ++f) {
      const ptx::Function& fn = module.functions[f];
      if (!fn.is_entry || !fn.has_body) continue;
      const ReorderResult r = reorder_shared_vars(module, f, t_, loop_weight_);
      if (r.changed) report.add(fn.name, "reordered");
      if (!r.note.empty()) report.notes[fn.name] = r.note;
    }
  }

 private:
  double loop_weight_;
  double t_;
};

class NonePass final : public Pass {
 public:
  NonePass(const ConfigNode& /*params*/, const Context& /*context*/) {}
  void run(ptx::Module& /*module*/, PassReport& /*report*/) override {}
};

ParamSpec loop_weight_param() {
  return {.name = "loop_weight",
          .type = ParamType::kFloat,
          .description =
              "Weight of an instruction per enclosing loop when access ranges are "
              "measured (the paper's approximate loop bounds; unspecified there)",
          .default_value = "4",
          .min = 1};
}

}  // namespace

WARPSIM_REGISTER_POLICY(Pass, NonePass, "none", "No transformation", {});
WARPSIM_REGISTER_POLICY(Pass, ReorderPass, "reorder",
                        "Seed 002's shared-region minimisation: reorders each kernel's shared "
                        "variables so those left in the pair's shared region have the smallest "
                        "access range",
                        {loop_weight_param()});
WARPSIM_REGISTER_POLICY(
    Pass, RelsspPass, "relssp",
    "Seed 002's relssp insertion: releases the shared scratchpad region after its last access "
    "on every path (OPT: Safe/INS analysis over split critical edges; PostDom: one common "
    "post-dominator)",
    {choice_param("placement",
                  "where relssp goes: opt (the paper's optimal placement) or "
                  "postdom (a common post-dominator of the last accesses)",
                  "opt", {"opt", "postdom"}),
     {.name = "reorder",
      .type = ParamType::kBool,
      .description = "Reorder the shared variables first (the reorder pass)",
      .default_value = "true"},
     loop_weight_param()});

}  // namespace warpsim::passes
