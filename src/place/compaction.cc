#include "place/compaction.h"

#include <algorithm>
#include <map>
#include <set>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/Stmt.h>
#include <fmt/format.h>

#include "place/kernel_exprs.h"
#include "place/kernel_walk.h"
#include "place/source_edit.h"

namespace warpsim::place {

namespace {

struct Site {
  unsigned begin = 0, end = 0;
  std::string kind;  // "tid", "bdim", "var"
  std::string name;  // var: its name
};

class Compactor {
 public:
  Compactor(const ParsedSource& source, const clang::FunctionDecl& kernel, char dim)
      : source_(source), kernel_(kernel), ctx_(source.context()), dim_(dim) {
    walk_.TraverseStmt(kernel.getBody());
    if (!walk_.warp_calls.empty()) {
      fail(walk_.warp_calls[0], "a warp-level function depends on which threads share a warp");
    }
    find_variant();
  }

  CompactionInfo info() const {
    CompactionInfo out;
    out.dim = dim_;
    out.redundant_loads = redundant_loads();
    for (const clang::VarDecl* v : walk_.locals) {
      if (variant_.contains(v)) out.variant.push_back(v->getNameAsString());
    }
    return out;
  }

  std::string rewrite(int factor, CompactionInfo& info) {
    factor_ = factor;
    collect_sites(kernel_.getBody());
    SourceEdit edit(source_);
    // A parameter that becomes variant gets one copy per compacted thread, made on entry.
    std::string copies;
    for (const clang::ParmVarDecl* param : kernel_.parameters()) {
      if (!variant_.contains(param)) continue;
      for (int m = 0; m < factor_; ++m) {
        copies += fmt::format(" auto {0}__{1} = {0};", param->getNameAsString(), m);
      }
    }
    if (!copies.empty()) {
      const auto* body = llvm::cast<clang::CompoundStmt>(kernel_.getBody());
      const unsigned brace =
          source_.offsets(clang::SourceRange(body->getLBracLoc(), body->getLBracLoc())).second;
      edit.insert(brace, copies);
    }
    std::vector<std::pair<unsigned, unsigned>> replicated;
    visit_block(kernel_.getBody(), edit, replicated, info);
    for (const Site& s : sites_) {  // blockDim.DIM in code that runs once
      if (s.kind != "bdim") continue;
      const bool inside = std::any_of(replicated.begin(), replicated.end(), [&](const auto& r) {
        return s.begin >= r.first && s.end <= r.second;
      });
      if (!inside)
        edit.replace_offsets(s.begin, s.end, fmt::format("(blockDim.{} * {})", dim_, factor_));
    }
    return edit.apply();
  }

 private:
  [[noreturn]] void fail(const clang::Stmt* at, const std::string& why) const {
    throw PlaceError(fmt::format("{}: cannot compact threads along {}: {}",
                                 source_.where(at->getSourceRange()), dim_, why));
  }

  bool is_thread_dim(const clang::Expr* e) const {
    const auto b = builtin_index(e);
    return b && b->variable == "threadIdx" && b->dim == dim_;
  }
  bool is_block_dim(const clang::Expr* e) const {
    const auto b = builtin_index(e);
    return b && b->variable == "blockDim" && b->dim == dim_;
  }

  // Mentions threadIdx.DIM or a variant variable (reads, writes or declares one).
  bool variant(const clang::Stmt* stmt) const {
    if (stmt == nullptr) return false;
    // An atomic (or printf) happens once per thread even with the same arguments.
    if (is_call_to(stmt, {"atomic", "printf"})) return true;
    if (const auto* e = llvm::dyn_cast<clang::Expr>(stmt)) {
      if (is_thread_dim(e)) return true;
      if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
        const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
        if (var != nullptr && variant_.contains(var)) return true;
      }
      if (const auto* pseudo = llvm::dyn_cast<clang::PseudoObjectExpr>(e)) {
        return variant(pseudo->getSyntacticForm());
      }
    }
    if (const auto* decl = llvm::dyn_cast<clang::DeclStmt>(stmt)) {
      for (const clang::Decl* d : decl->decls()) {
        const auto* var = llvm::dyn_cast<clang::VarDecl>(d);
        if (var != nullptr && variant_.contains(var)) return true;
      }
    }
    for (const clang::Stmt* child : stmt->children()) {
      if (variant(child)) return true;
    }
    return false;
  }

  const clang::Stmt* parent_stmt(const clang::Stmt* stmt) const {
    clang::DynTypedNode node = clang::DynTypedNode::create(*stmt);
    while (true) {
      const auto parents = ctx_.getParents(node);
      if (parents.empty()) return nullptr;
      node = parents[0];
      if (const auto* s = node.get<clang::Stmt>()) return s;
      if (node.get<clang::VarDecl>() == nullptr) return nullptr;
    }
  }

  // The condition that decides whether `child` (inside `parent`) runs, if any.
  static const clang::Stmt* guard(const clang::Stmt* parent, const clang::Stmt* child) {
    if (const auto* s = llvm::dyn_cast<clang::IfStmt>(parent)) {
      return child == s->getCond() ? nullptr : s->getCond();
    }
    if (const auto* s = llvm::dyn_cast<clang::ForStmt>(parent)) {
      return child == s->getInit() ? nullptr : s->getCond();
    }
    if (const auto* s = llvm::dyn_cast<clang::WhileStmt>(parent)) return s->getCond();
    if (const auto* s = llvm::dyn_cast<clang::DoStmt>(parent)) return s->getCond();
    if (const auto* s = llvm::dyn_cast<clang::SwitchStmt>(parent)) return s->getCond();
    if (const auto* s = llvm::dyn_cast<clang::ConditionalOperator>(parent)) {
      return child == s->getCond() ? nullptr : s->getCond();
    }
    if (const auto* s = llvm::dyn_cast<clang::BinaryOperator>(parent);
        s != nullptr && s->isLogicalOp()) {
      return child == s->getRHS() ? s->getLHS() : nullptr;
    }
    return nullptr;
  }

  // A loop whose trip count depends on the thread: a variant condition, or a break / continue
  // of it under a variant condition.
  bool variant_loop(const clang::Stmt* loop) const {
    const clang::Stmt* cond = guard(loop, nullptr);
    if (variant(cond)) return true;
    if (const auto* f = llvm::dyn_cast<clang::ForStmt>(loop);
        f != nullptr && variant(f->getInc())) {
      return true;
    }
    for (const clang::Stmt* jump : walk_.jumps) {
      const bool is_break = llvm::isa<clang::BreakStmt>(jump);
      const clang::Stmt* owner = parent_stmt(jump);
      while (owner != nullptr &&
             !llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt>(owner) &&
             !(is_break && llvm::isa<clang::SwitchStmt>(owner))) {
        owner = parent_stmt(owner);
      }
      if (owner != loop) continue;
      const clang::Stmt* child = jump;
      for (const clang::Stmt* p = parent_stmt(jump); p != loop; child = p, p = parent_stmt(p)) {
        if (variant(guard(p, child))) return true;
      }
    }
    return false;
  }

  // Whether `stmt` runs under a condition that depends on the thread.
  bool under_variant_control(const clang::Stmt* stmt) const {
    const clang::Stmt* child = stmt;
    for (const clang::Stmt* p = parent_stmt(stmt); p != nullptr && p != kernel_.getBody();
         child = p, p = parent_stmt(p)) {
      if (variant(guard(p, child))) return true;
      if (llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt>(p) && variant_loop(p))
        return true;
    }
    return false;
  }

  // The expression statement (or declaration) that holds `stmt`.
  const clang::Stmt* full_statement(const clang::Stmt* stmt) const {
    const clang::Stmt* child = stmt;
    for (const clang::Stmt* p = parent_stmt(stmt); p != nullptr; child = p, p = parent_stmt(p)) {
      if (!llvm::isa<clang::Expr>(p)) return child;
    }
    return child;
  }

  void find_variant() {
    bool changed = true;
    while (changed) {
      changed = false;
      for (const Def& d : walk_.defs) {
        if (variant_.contains(d.target)) continue;
        const bool v =
            variant(d.value) || under_variant_control(d.site) || variant(full_statement(d.site));
        if (v) {
          variant_.insert(d.target);
          changed = true;
        }
      }
    }
  }

  // Invariant loads: subscripts read as values whose array and index are invariant.
  static bool is_load(const clang::ArraySubscriptExpr* sub, clang::ASTContext& ctx) {
    const auto parents = ctx.getParents(*sub);
    if (parents.empty()) return false;
    const auto* cast = parents[0].get<clang::ImplicitCastExpr>();
    return cast != nullptr && cast->getCastKind() == clang::CK_LValueToRValue;
  }
  double redundant_loads() const {
    double total = 0;
    std::vector<const clang::Stmt*> stack = {kernel_.getBody()};
    while (!stack.empty()) {
      const clang::Stmt* s = stack.back();
      stack.pop_back();
      if (s == nullptr) continue;
      if (const auto* sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(s)) {
        if (is_load(sub, ctx_) && !variant(sub)) {
          total += reference_weight(sub, kernel_, ctx_);
          continue;
        }
      }
      for (const clang::Stmt* c : s->children()) stack.push_back(c);
    }
    return total;
  }

  void collect_sites(const clang::Stmt* stmt) {
    if (stmt == nullptr) return;
    if (const auto* e = llvm::dyn_cast<clang::Expr>(stmt)) {
      if (is_thread_dim(e) || is_block_dim(e)) {
        const auto [b, en] = source_.offsets(e->getSourceRange());
        sites_.push_back({b, en, is_thread_dim(e) ? "tid" : "bdim", ""});
        return;
      }
      if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
        const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
        if (var != nullptr && variant_.contains(var)) {
          const auto [b, en] = source_.offsets(ref->getSourceRange());
          sites_.push_back({b, en, "var", var->getNameAsString()});
        }
        return;
      }
    }
    if (const auto* decl = llvm::dyn_cast<clang::DeclStmt>(stmt)) {
      for (const clang::Decl* d : decl->decls()) {
        const auto* var = llvm::dyn_cast<clang::VarDecl>(d);
        if (var != nullptr && variant_.contains(var)) {
          const clang::SourceLocation at = var->getLocation();
          const auto [b, en] = source_.offsets(clang::SourceRange(at, at));
          sites_.push_back({b, en, "var", var->getNameAsString()});
        }
      }
    }
    for (const clang::Stmt* child : stmt->children()) collect_sites(child);
  }

  // [begin, end) of a statement as written, with its semicolon.
  std::pair<unsigned, unsigned> statement_offsets(const clang::Stmt* stmt) const {
    auto [b, e] = source_.offsets(stmt->getSourceRange());
    const std::string& text = source_.text();
    unsigned i = e;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (!llvm::isa<clang::CompoundStmt>(stmt) && i < text.size() && text[i] == ';') e = i + 1;
    return {b, e};
  }

  // Loads of invariant values evaluated whenever the statement runs (not under ?:, && or ||).
  void hoistable(const clang::Stmt* s, std::vector<const clang::ArraySubscriptExpr*>& out) const {
    if (s == nullptr) return;
    if (const auto* sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(s)) {
      if (is_load(sub, ctx_) && !variant(sub) && !sub->HasSideEffects(ctx_)) {
        out.push_back(sub);
        return;
      }
    }
    if (llvm::isa<clang::ConditionalOperator, clang::BinaryConditionalOperator>(s)) return;
    if (const auto* op = llvm::dyn_cast<clang::BinaryOperator>(s);
        op != nullptr && op->isLogicalOp()) {
      hoistable(op->getLHS(), out);
      return;
    }
    if (llvm::isa<clang::LambdaExpr>(s)) return;
    for (const clang::Stmt* c : s->children()) hoistable(c, out);
  }

  void replicate(const clang::Stmt* stmt, bool wrap, SourceEdit& edit,
                 std::vector<std::pair<unsigned, unsigned>>& replicated, CompactionInfo& info) {
    for (const clang::Stmt* b : walk_.barriers) {
      for (const clang::Stmt* p = b; p != nullptr; p = parent_stmt(p)) {
        if (p == stmt) fail(b, "a barrier under a thread-dependent condition or loop");
      }
    }
    for (const clang::Stmt* r : walk_.returns) {
      for (const clang::Stmt* p = r; p != nullptr; p = parent_stmt(p)) {
        if (p == stmt) fail(r, "a return under a thread-dependent condition");
      }
    }
    const auto [begin, end] = statement_offsets(stmt);
    std::vector<const clang::ArraySubscriptExpr*> loads;
    if (llvm::isa<clang::Expr, clang::DeclStmt, clang::ReturnStmt>(stmt)) hoistable(stmt, loads);
    // Copies go on lines of their own, indented as the statement (a copy may end in a comment).
    const std::string& text = source_.text();
    unsigned line = begin;
    while (line > 0 && text[line - 1] != '\n') --line;
    unsigned lead = line;
    while (lead < begin && (text[lead] == ' ' || text[lead] == '\t')) ++lead;
    std::string indent = text.substr(line, lead - line);
    if (wrap) indent += "  ";
    std::string out = wrap ? "{\n" + indent : "";
    std::vector<Site> extra;
    for (const clang::ArraySubscriptExpr* load : loads) {
      const std::string name = fmt::format("p3_r{}", hoisted_++);
      const auto [lb, le] = source_.offsets(load->getSourceRange());
      out += fmt::format("const auto {} = {};\n{}", name, rewrite_range(lb, le, -1, {}), indent);
      extra.push_back({lb, le, "hoist", name});
      ++info.hoisted;
    }
    for (int m = 0; m < factor_; ++m) {
      out += rewrite_range(begin, end, m, extra);
      if (m + 1 < factor_) out += "\n" + indent;
    }
    if (wrap) out += "\n" + indent.substr(0, indent.size() - 2) + "}";
    edit.replace_offsets(begin, end, out);
    replicated.push_back({begin, end});
    ++info.replicated;
  }

  // The text of [begin, end) for copy m (m < 0: code that runs once).
  std::string rewrite_range(unsigned begin, unsigned end, int m,
                            const std::vector<Site>& extra) const {
    std::vector<Site> sites;
    for (const Site& h : extra) sites.push_back(h);
    for (const Site& s : sites_) {
      const bool in_hoist = std::any_of(extra.begin(), extra.end(), [&](const Site& h) {
        return s.begin >= h.begin && s.end <= h.end;
      });
      if (s.begin >= begin && s.end <= end && !in_hoist) sites.push_back(s);
    }
    std::sort(sites.begin(), sites.end(),
              [](const Site& a, const Site& b) { return a.begin < b.begin; });
    const std::string& text = source_.text();
    std::string out;
    unsigned at = begin;
    for (const Site& s : sites) {
      if (s.begin < at || s.end > end) continue;
      out.append(text, at, s.begin - at);
      if (s.kind == "tid") {
        out += m <= 0 ? fmt::format("threadIdx.{}", dim_)
                      : fmt::format("(threadIdx.{0} + {1} * blockDim.{0})", dim_, m);
      } else if (s.kind == "bdim") {
        out += fmt::format("(blockDim.{} * {})", dim_, factor_);
      } else if (s.kind == "var") {
        out += m < 0 ? s.name : fmt::format("{}__{}", s.name, m);
      } else {
        out += s.name;
      }
      at = s.end;
    }
    out.append(text, at, end - at);
    return out;
  }

  void visit_block(const clang::Stmt* stmt, SourceEdit& edit,
                   std::vector<std::pair<unsigned, unsigned>>& replicated, CompactionInfo& info) {
    const auto* block = llvm::dyn_cast<clang::CompoundStmt>(stmt);
    for (const clang::Stmt* s : block->body()) visit(s, false, edit, replicated, info);
  }

  void visit(const clang::Stmt* s, bool wrap, SourceEdit& edit,
             std::vector<std::pair<unsigned, unsigned>>& replicated, CompactionInfo& info) {
    if (s == nullptr || !variant(s)) return;
    if (const auto* attributed = llvm::dyn_cast<clang::AttributedStmt>(s)) {
      visit(attributed->getSubStmt(), wrap, edit, replicated, info);  // `#pragma unroll` stays
      return;
    }
    if (llvm::isa<clang::CompoundStmt>(s)) {
      visit_block(s, edit, replicated, info);
      return;
    }
    auto body = [&](const clang::Stmt* b) {
      if (llvm::isa<clang::CompoundStmt>(b)) {
        visit_block(b, edit, replicated, info);
      } else {
        visit(b, true, edit, replicated, info);
      }
    };
    if (const auto* f = llvm::dyn_cast<clang::ForStmt>(s);
        f != nullptr && !variant_loop(f) && !variant(f->getInit())) {
      body(f->getBody());
      return;
    }
    if (const auto* w = llvm::dyn_cast<clang::WhileStmt>(s); w != nullptr && !variant_loop(w)) {
      body(w->getBody());
      return;
    }
    if (const auto* d = llvm::dyn_cast<clang::DoStmt>(s); d != nullptr && !variant_loop(d)) {
      body(d->getBody());
      return;
    }
    if (const auto* i = llvm::dyn_cast<clang::IfStmt>(s);
        i != nullptr && !variant(i->getCond()) && i->getInit() == nullptr) {
      body(i->getThen());
      if (i->getElse() != nullptr) body(i->getElse());
      return;
    }
    replicate(s, wrap, edit, replicated, info);
  }

  const ParsedSource& source_;
  const clang::FunctionDecl& kernel_;
  clang::ASTContext& ctx_;
  char dim_;
  int factor_ = 1;
  int hoisted_ = 0;
  KernelWalk walk_;
  std::set<const clang::VarDecl*> variant_;
  std::vector<Site> sites_;
};

}  // namespace

CompactionInfo analyze_compaction(const ParsedSource& source, const std::string& kernel, char dim) {
  if (dim != 'x' && dim != 'y') throw PlaceError("thread compaction works along x or y");
  Compactor c(source, source.kernel(kernel), dim);
  return c.info();
}

std::string compact_threads(const ParsedSource& source, const std::string& kernel, char dim,
                            int factor, CompactionInfo* info) {
  if (dim != 'x' && dim != 'y') throw PlaceError("thread compaction works along x or y");
  if (factor < 2) throw PlaceError(fmt::format("compaction factor {} (at least 2)", factor));
  Compactor c(source, source.kernel(kernel), dim);
  CompactionInfo out = c.info();
  std::string text = c.rewrite(factor, out);
  if (info != nullptr) *info = out;
  return text;
}

}  // namespace warpsim::place
