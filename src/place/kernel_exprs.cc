#include "place/kernel_exprs.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/Stmt.h>
#include <clang/AST/StmtCXX.h>
#include <fmt/format.h>

#include "place/cuda_source.h"

namespace warpsim::place {

std::optional<BuiltinIndex> builtin_index(const clang::Expr* expr) {
  if (expr == nullptr) return std::nullopt;
  expr = expr->IgnoreParenImpCasts();
  if (const auto* pseudo = llvm::dyn_cast<clang::PseudoObjectExpr>(expr)) {
    expr = pseudo->getSyntacticForm()->IgnoreParenImpCasts();
  }
  const auto* property = llvm::dyn_cast<clang::MSPropertyRefExpr>(expr);
  if (property == nullptr) return std::nullopt;
  const clang::Expr* base_expr = property->getBaseExpr()->IgnoreParenImpCasts();
  if (const auto* opaque = llvm::dyn_cast<clang::OpaqueValueExpr>(base_expr)) {
    base_expr = opaque->getSourceExpr();
  }
  const auto* base = llvm::dyn_cast_or_null<clang::DeclRefExpr>(base_expr);
  if (base == nullptr) return std::nullopt;
  const std::string var = base->getDecl()->getNameAsString();
  if (var != "threadIdx" && var != "blockIdx" && var != "blockDim" && var != "gridDim") {
    return std::nullopt;
  }
  const std::string field = property->getPropertyDecl()->getNameAsString();
  if (field.size() != 1 || field[0] < 'x' || field[0] > 'z') return std::nullopt;
  return BuiltinIndex{var, field[0]};
}

std::optional<long long> int_constant(const clang::Expr* expr, const clang::ASTContext& ctx) {
  if (expr == nullptr || expr->isValueDependent() ||
      !expr->getType()->isIntegralOrEnumerationType()) {
    return std::nullopt;
  }
  clang::Expr::EvalResult result;
  if (!expr->EvaluateAsInt(result, ctx)) return std::nullopt;
  return result.Val.getInt().getExtValue();
}

namespace {

class ModifiedLocals : public clang::RecursiveASTVisitor<ModifiedLocals> {
 public:
  std::set<const clang::VarDecl*> found;

  static const clang::VarDecl* target(const clang::Expr* expr) {
    const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts());
    return ref == nullptr ? nullptr : llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
  }
  bool VisitBinaryOperator(clang::BinaryOperator* op) {
    if (op->isAssignmentOp()) mark(op->getLHS());
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* op) {
    if (op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf) mark(op->getSubExpr());
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* call) {
    const clang::FunctionDecl* fn = call->getDirectCallee();
    for (unsigned i = 0; i < call->getNumArgs(); ++i) {
      if (fn == nullptr || i >= fn->getNumParams()) {
        mark(call->getArg(i));
        continue;
      }
      const clang::QualType type = fn->getParamDecl(i)->getType();
      if (type->isReferenceType() && !type->getPointeeType().isConstQualified()) {
        mark(call->getArg(i));
      }
    }
    return true;
  }
  bool VisitVarDecl(clang::VarDecl* var) {  // `T& r = x;` binds x to a reference
    if (var->getType()->isReferenceType() && var->hasInit()) mark(var->getInit());
    return true;
  }

 private:
  void mark(const clang::Expr* expr) {
    if (const clang::VarDecl* var = target(expr)) found.insert(var);
  }
};

}  // namespace

std::set<const clang::VarDecl*> modified_locals(const clang::FunctionDecl& kernel) {
  ModifiedLocals visitor;
  visitor.TraverseStmt(kernel.getBody());
  return visitor.found;
}

bool Affine::has_thread() const { return !thread_terms().empty() || thread_nonlinear; }

std::map<std::string, long long> Affine::thread_terms() const {
  std::map<std::string, long long> out;
  for (const auto& [atom, c] : terms) {
    if (atom.rfind("threadIdx.", 0) == 0) out[atom] = c;
  }
  return out;
}

std::optional<std::string> Affine::rest_divided(long long divisor) const {
  if (constant % divisor != 0) return std::nullopt;
  std::string out;
  for (const auto& [atom, c] : terms) {
    if (atom.rfind("threadIdx.", 0) == 0) continue;
    if (c % divisor != 0) return std::nullopt;
    const long long k = c / divisor;
    const std::string term =
        k == 1 ? "(" + text.at(atom) + ")" : fmt::format("{} * ({})", k, text.at(atom));
    out += out.empty() ? term : " + " + term;
  }
  const long long k = constant / divisor;
  if (out.empty()) return std::to_string(k);
  if (k != 0) out += fmt::format(" + {}", k);
  return out;
}

AffineBuilder::AffineBuilder(const ParsedSource& source, const clang::FunctionDecl& kernel)
    : source_(source), modified_(modified_locals(kernel)) {}

Affine AffineBuilder::build(const clang::Expr* expr) const {
  Affine out;
  add(expr, 1, out);
  for (auto it = out.terms.begin(); it != out.terms.end();) {
    it = it->second == 0 ? out.terms.erase(it) : std::next(it);
  }
  return out;
}

namespace {

bool contains_thread_index(const clang::Stmt* stmt) {
  if (stmt == nullptr) return false;
  if (const auto* expr = llvm::dyn_cast<clang::Expr>(stmt)) {
    if (auto b = builtin_index(expr); b && b->variable == "threadIdx") return true;
  }
  for (const clang::Stmt* child : stmt->children()) {
    if (contains_thread_index(child)) return true;
  }
  return false;
}

}  // namespace

void AffineBuilder::add(const clang::Expr* expr, long long scale, Affine& out) const {
  const clang::ASTContext& ctx = source_.context();
  expr = expr->IgnoreParens();
  if (const auto* cast = llvm::dyn_cast<clang::CastExpr>(expr);
      cast != nullptr && cast->getType()->isIntegerType() &&
      cast->getSubExpr()->getType()->isIntegerType()) {
    add(cast->getSubExpr(), scale, out);
    return;
  }
  if (auto value = int_constant(expr, ctx)) {
    out.constant += scale * *value;
    return;
  }
  if (auto b = builtin_index(expr); b && b->variable == "threadIdx") {
    const std::string atom = fmt::format("threadIdx.{}", b->dim);
    out.terms[atom] += scale;
    out.text[atom] = atom;
    return;
  }
  if (const auto* op = llvm::dyn_cast<clang::BinaryOperator>(expr)) {
    if (op->getOpcode() == clang::BO_Add || op->getOpcode() == clang::BO_Sub) {
      add(op->getLHS(), scale, out);
      add(op->getRHS(), op->getOpcode() == clang::BO_Add ? scale : -scale, out);
      return;
    }
    if (op->getOpcode() == clang::BO_Mul) {
      if (auto c = int_constant(op->getLHS(), ctx)) {
        add(op->getRHS(), scale * *c, out);
        return;
      }
      if (auto c = int_constant(op->getRHS(), ctx)) {
        add(op->getLHS(), scale * *c, out);
        return;
      }
    }
  }
  if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr)) {
    if (const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) {
      if (var->hasLocalStorage() && !modified_.contains(var) && var->hasInit() &&
          contains_thread_index(var->getInit())) {
        add(var->getInit(), scale, out);
        return;
      }
      const std::string atom = "v:" + var->getNameAsString();
      out.terms[atom] += scale;
      out.text[atom] = var->getNameAsString();
      return;
    }
  }
  const std::string text = source_.spelling(expr->getSourceRange());
  if (contains_thread_index(expr)) out.thread_nonlinear = true;
  const std::string atom = "e:" + text;
  out.terms[atom] += scale;
  out.text[atom] = text;
}

namespace {

// The trip count of `for (int i = A; i < B; i += S)` (also <=, >, >=, ++, --, -=) when A, B and
// S are constants.
std::optional<double> trip_count(const clang::ForStmt* loop, const clang::ASTContext& ctx) {
  const auto* init = llvm::dyn_cast_or_null<clang::DeclStmt>(loop->getInit());
  const auto* cond = llvm::dyn_cast_or_null<clang::BinaryOperator>(loop->getCond());
  if (init == nullptr || !init->isSingleDecl() || cond == nullptr || loop->getInc() == nullptr) {
    return std::nullopt;
  }
  const auto* var = llvm::dyn_cast<clang::VarDecl>(init->getSingleDecl());
  if (var == nullptr || !var->hasInit()) return std::nullopt;
  const auto start = int_constant(var->getInit(), ctx);
  const auto bound = int_constant(cond->getRHS(), ctx);
  if (!start || !bound) return std::nullopt;
  long long step = 0;
  const clang::Expr* inc = loop->getInc()->IgnoreParenImpCasts();
  if (const auto* un = llvm::dyn_cast<clang::UnaryOperator>(inc)) {
    step = un->isIncrementOp() ? 1 : -1;
  } else if (const auto* bin = llvm::dyn_cast<clang::CompoundAssignOperator>(inc)) {
    const auto s = int_constant(bin->getRHS(), ctx);
    if (!s) return std::nullopt;
    step = bin->getOpcode() == clang::BO_AddAssign ? *s : -*s;
  }
  if (step == 0) return std::nullopt;
  long long span = 0;
  switch (cond->getOpcode()) {
    case clang::BO_LT:
      span = *bound - *start;
      break;
    case clang::BO_LE:
      span = *bound - *start + 1;
      break;
    case clang::BO_GT:
      span = *start - *bound;
      break;
    case clang::BO_GE:
      span = *start - *bound + 1;
      break;
    default:
      return std::nullopt;
  }
  const long long s = step < 0 ? -step : step;
  return span <= 0 ? 0.0 : static_cast<double>((span + s - 1) / s);
}

}  // namespace

double reference_weight(const clang::Stmt* stmt, const clang::FunctionDecl& kernel,
                        clang::ASTContext& ctx) {
  double weight = 1.0;
  clang::DynTypedNode node = clang::DynTypedNode::create(*stmt);
  const clang::Stmt* child = stmt;
  while (true) {
    const auto parents = ctx.getParents(node);
    if (parents.empty()) break;
    node = parents[0];
    const auto* parent = node.get<clang::Stmt>();
    if (parent == nullptr) {  // a declaration: climb through it, stop at a function
      if (node.get<clang::VarDecl>() != nullptr) continue;
      break;
    }
    if (parent == kernel.getBody()) break;
    if (const auto* loop = llvm::dyn_cast<clang::ForStmt>(parent)) {
      if (child == loop->getBody() || child == loop->getCond() || child == loop->getInc()) {
        weight *= trip_count(loop, ctx).value_or(4.0);
      }
    } else if (llvm::isa<clang::WhileStmt, clang::DoStmt, clang::CXXForRangeStmt>(parent)) {
      weight *= 4.0;
    } else if (const auto* branch = llvm::dyn_cast<clang::IfStmt>(parent)) {
      if (child != branch->getCond()) weight *= 0.5;
    } else if (const auto* cond = llvm::dyn_cast<clang::ConditionalOperator>(parent)) {
      if (child != cond->getCond()) weight *= 0.5;
    }
    child = parent;
  }
  return weight;
}

}  // namespace warpsim::place
