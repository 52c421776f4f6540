#pragma once

// What compaction's variance analysis (compaction.h) reads off a kernel body in one walk: its
// local variables, every definition of one (initialisation, assignment, ++/--, `&v`, an
// out-argument), and the barriers, returns, breaks / continues and warp-level calls.

#include <initializer_list>
#include <vector>

#include <clang/AST/RecursiveASTVisitor.h>

namespace warpsim::place {

// One definition of a local variable.
struct Def {
  const clang::VarDecl* target = nullptr;
  const clang::Stmt* value = nullptr;  // the assigned value (or the statement that writes it)
  const clang::Stmt* site = nullptr;   // the assignment itself
};

// The local variable an assignment to `expr` changes: a variable, or an element of a local
// array (an element through a pointer is memory, which the analysis does not follow).
const clang::VarDecl* var_of(const clang::Expr* expr);

// A call to a function whose name starts with one of `names`.
bool is_call_to(const clang::Stmt* stmt, std::initializer_list<const char*> names);

class KernelWalk : public clang::RecursiveASTVisitor<KernelWalk> {
 public:
  std::vector<Def> defs;
  std::vector<const clang::VarDecl*> locals;
  std::vector<const clang::Stmt*> barriers, returns, jumps, warp_calls;

  bool VisitVarDecl(clang::VarDecl* var);
  bool VisitBinaryOperator(clang::BinaryOperator* op);
  bool VisitUnaryOperator(clang::UnaryOperator* op);
  bool VisitCallExpr(clang::CallExpr* call);
  bool VisitReturnStmt(clang::ReturnStmt* stmt);
  bool VisitBreakStmt(clang::BreakStmt* stmt);
  bool VisitContinueStmt(clang::ContinueStmt* stmt);
};

}  // namespace warpsim::place
