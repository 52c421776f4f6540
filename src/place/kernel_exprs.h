#pragma once

// Expression facts the placement passes share: CUDA's built-in index variables, integer
// constants, which locals a kernel modifies after their declaration, affine index forms, and
// how often an expression runs (the thesis's reference counting: a loop of unknown trip count
// runs 4 times, a condition holds half the time).

#include <map>
#include <optional>
#include <set>
#include <string>

namespace clang {
class ASTContext;
class Expr;
class FunctionDecl;
class Stmt;
class VarDecl;
}  // namespace clang

namespace warpsim::place {

class ParsedSource;

// `threadIdx.x` -> {"threadIdx", 'x'} (also blockIdx, blockDim, gridDim); nullopt otherwise.
struct BuiltinIndex {
  std::string variable;
  char dim = 'x';
};
std::optional<BuiltinIndex> builtin_index(const clang::Expr* expr);

// The value of an integer constant expression (macros, constexpr, sizeof); nullopt otherwise.
std::optional<long long> int_constant(const clang::Expr* expr, const clang::ASTContext& ctx);

// The kernel's local variables that are assigned, incremented or have their address taken or
// bound to a non-const reference after their declaration.
std::set<const clang::VarDecl*> modified_locals(const clang::FunctionDecl& kernel);

// An integer expression as sum(coefficient * atom) + constant. Atoms: "threadIdx.x|y|z", a
// variable ("v:NAME", with its name as text) or any other subexpression ("e:TEXT"). Locals that
// are never modified and were initialised from threadIdx are replaced by their initialisers,
// so `tid + 96 * i` with `const int tid = threadIdx.x` has the atoms threadIdx.x and v:i.
struct Affine {
  std::map<std::string, long long> terms;   // atom -> coefficient (never 0)
  std::map<std::string, std::string> text;  // atom -> source text
  long long constant = 0;
  bool thread_nonlinear = false;  // threadIdx appears in a non-affine subexpression

  bool has_thread() const;
  // The thread part: the threadIdx terms only.
  std::map<std::string, long long> thread_terms() const;
  // This form's non-thread part divided by `divisor` (each coefficient a multiple) as source
  // text; nullopt when a coefficient is not a multiple.
  std::optional<std::string> rest_divided(long long divisor) const;
};
class AffineBuilder {
 public:
  AffineBuilder(const ParsedSource& source, const clang::FunctionDecl& kernel);
  Affine build(const clang::Expr* expr) const;

 private:
  void add(const clang::Expr* expr, long long scale, Affine& out) const;
  const ParsedSource& source_;
  std::set<const clang::VarDecl*> modified_;
};

// How many times a statement of the kernel runs per thread, by the thesis's rule: the product of
// its enclosing loops' trip counts (4 when unknown) times 1/2 per enclosing condition.
double reference_weight(const clang::Stmt* stmt, const clang::FunctionDecl& kernel,
                        clang::ASTContext& ctx);

}  // namespace warpsim::place
