#include "place/kernel_walk.h"

#include <string>

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

namespace warpsim::place {

const clang::VarDecl* var_of(const clang::Expr* expr) {
  expr = expr->IgnoreParenImpCasts();
  bool element = false;
  while (const auto* sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(expr)) {
    expr = sub->getBase()->IgnoreParenImpCasts();
    element = true;
  }
  const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr);
  const auto* var = ref == nullptr ? nullptr : llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
  if (var == nullptr || !var->hasLocalStorage()) return nullptr;
  if (element && !var->getType()->isConstantArrayType()) return nullptr;
  return var;
}

bool is_call_to(const clang::Stmt* stmt, std::initializer_list<const char*> names) {
  const auto* call = llvm::dyn_cast<clang::CallExpr>(stmt);
  if (call == nullptr || call->getDirectCallee() == nullptr) return false;
  const std::string name = call->getDirectCallee()->getNameAsString();
  for (const char* n : names) {
    if (name.rfind(n, 0) == 0) return true;
  }
  return false;
}

bool KernelWalk::VisitVarDecl(clang::VarDecl* var) {
  if (var->hasLocalStorage() || var->isStaticLocal()) {
    locals.push_back(var);
    if (var->hasInit()) defs.push_back({var, var->getInit(), var->getInit()});
  }
  return true;
}
bool KernelWalk::VisitBinaryOperator(clang::BinaryOperator* op) {
  if (!op->isAssignmentOp()) return true;
  if (const clang::VarDecl* v = var_of(op->getLHS())) {
    defs.push_back({v, op->getRHS(), op});
    if (op->isCompoundAssignmentOp()) defs.push_back({v, op->getLHS(), op});
  }
  return true;
}
bool KernelWalk::VisitUnaryOperator(clang::UnaryOperator* op) {
  // ++/--, and `&v`: whatever the statement does with the address may write v.
  if (!op->isIncrementDecrementOp() && op->getOpcode() != clang::UO_AddrOf) return true;
  if (const clang::VarDecl* v = var_of(op->getSubExpr())) defs.push_back({v, op->getSubExpr(), op});
  return true;
}
bool KernelWalk::VisitCallExpr(clang::CallExpr* call) {
  if (is_call_to(call, {"__syncthreads"})) barriers.push_back(call);
  if (is_call_to(call, {"__shfl", "__ballot", "__any", "__all", "__activemask", "__syncwarp"})) {
    warp_calls.push_back(call);
  }
  const clang::FunctionDecl* fn = call->getDirectCallee();
  for (unsigned i = 0; i < call->getNumArgs(); ++i) {
    const bool by_ref = fn != nullptr && i < fn->getNumParams() &&
                        fn->getParamDecl(i)->getType()->isReferenceType() &&
                        !fn->getParamDecl(i)->getType()->getPointeeType().isConstQualified();
    if (const clang::VarDecl* v = by_ref ? var_of(call->getArg(i)) : nullptr) {
      defs.push_back({v, call, call});  // an out-argument: variant if the call is
    }
  }
  return true;
}
bool KernelWalk::VisitReturnStmt(clang::ReturnStmt* stmt) {
  returns.push_back(stmt);
  return true;
}
bool KernelWalk::VisitBreakStmt(clang::BreakStmt* stmt) {
  jumps.push_back(stmt);
  return true;
}
bool KernelWalk::VisitContinueStmt(clang::ContinueStmt* stmt) {
  jumps.push_back(stmt);
  return true;
}

}  // namespace warpsim::place
