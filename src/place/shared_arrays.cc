#include "place/shared_arrays.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/Stmt.h>
#include <fmt/format.h>

#include "place/kernel_exprs.h"
#include "place/source_edit.h"

namespace warpsim::place {

const char* placement_name(Placement placement) {
  switch (placement) {
    case Placement::kRegisters:
      return "registers";
    case Placement::kLocal:
      return "local";
    case Placement::kGlobal:
      return "global";
  }
  return "?";
}

namespace {

struct Access {
  const clang::Expr* whole = nullptr;  // the outermost subscript (or the bare reference)
  std::vector<const clang::Expr*> subscripts;
  std::string new_index;  // private: "[...]" (empty for a scalar)
};

struct Found {
  const clang::VarDecl* decl = nullptr;
  const clang::DeclStmt* decl_stmt = nullptr;
  SharedArray info;
  std::vector<Access> accesses;
};

class SharedFinder : public clang::RecursiveASTVisitor<SharedFinder> {
 public:
  std::vector<std::pair<const clang::VarDecl*, const clang::DeclStmt*>> decls;
  std::vector<const clang::DeclRefExpr*> refs;

  bool VisitDeclStmt(clang::DeclStmt* stmt) {
    for (const clang::Decl* d : stmt->decls()) {
      const auto* var = llvm::dyn_cast<clang::VarDecl>(d);
      if (var != nullptr && var->hasAttr<clang::CUDASharedAttr>()) decls.push_back({var, stmt});
    }
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
    refs.push_back(ref);
    return true;
  }
};

// The subscripts applied to `ref`, outermost last, and the outermost subscript expression.
Access subscript_chain(const clang::DeclRefExpr* ref, clang::ASTContext& ctx) {
  Access access;
  const clang::Expr* current = ref;
  while (true) {
    const auto parents = ctx.getParents(*current);
    if (parents.empty()) break;
    const auto* parent = parents[0].get<clang::Expr>();
    if (parent == nullptr) break;
    if (llvm::isa<clang::ImplicitCastExpr, clang::ParenExpr>(parent)) {
      current = parent;
      continue;
    }
    const auto* sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(parent);
    if (sub == nullptr || sub->getBase()->IgnoreParenImpCasts() != current->IgnoreParenImpCasts()) {
      break;
    }
    access.subscripts.push_back(sub->getIdx());
    current = sub;
  }
  access.whole = current;
  return access;
}

// The single thread atom of a subscript that is exactly `threadIdx.D`; empty otherwise.
std::string exact_thread_atom(const Affine& a) {
  if (a.thread_nonlinear || a.constant != 0 || a.terms.size() != 1) return "";
  const auto& [atom, c] = *a.terms.begin();
  return (c == 1 && atom.rfind("threadIdx.", 0) == 0) ? atom : "";
}

bool covers_block(const std::vector<std::string>& atoms, Shape block) {
  for (char d : {'x', 'y', 'z'}) {
    if (block.extent(d) > 1 &&
        std::find(atoms.begin(), atoms.end(), fmt::format("threadIdx.{}", d)) == atoms.end()) {
      return false;
    }
  }
  return true;
}

// Decides whether the array is private and, if so, each access's new index.
void classify(Found& f, const ParsedSource& source, const AffineBuilder& affine, Shape block) {
  SharedArray& info = f.info;
  auto shared = [&](const clang::Expr* at, const std::string& why) {
    if (!info.overlap)
      info.why_shared = fmt::format("{}: {}", source.where(at->getSourceRange()), why);
    info.overlap = true;
  };
  const std::size_t rank = info.dims.size();
  for (const Access& a : f.accesses) {
    if (a.subscripts.size() != rank) shared(a.whole, "used as a pointer");
  }
  if (info.overlap) return;
  const clang::ASTContext& ctx = source.context();
  if (rank >= 2) {
    // Per position: the same thread atom in every access, or no thread index at all.
    std::vector<std::string> signature;
    for (std::size_t i = 0; i < f.accesses.size(); ++i) {
      std::vector<std::string> sig;
      for (const clang::Expr* s : f.accesses[i].subscripts) {
        const Affine form = affine.build(s);
        if (!form.has_thread()) {
          sig.push_back("");
          continue;
        }
        const std::string atom = exact_thread_atom(form);
        if (atom.empty()) {
          shared(s, "a thread-dependent index that is not exactly a thread index");
          return;
        }
        sig.push_back(atom);
      }
      if (i == 0) signature = sig;
      if (sig != signature) {
        shared(f.accesses[i].whole, "threads index it differently");
        return;
      }
    }
    std::vector<std::string> atoms;
    for (const std::string& s : signature) {
      if (s.empty()) continue;
      if (std::find(atoms.begin(), atoms.end(), s) != atoms.end()) {
        shared(f.accesses[0].whole, "one thread index in two positions");
        return;
      }
      atoms.push_back(s);
    }
    if (atoms.empty() || !covers_block(atoms, block)) {
      shared(f.accesses.empty() ? f.decl->getInit() : f.accesses[0].whole,
             "its thread positions do not cover the block");
      return;
    }
    for (std::size_t p = 0; p < rank; ++p) {
      if (signature[p].empty()) info.private_dims.push_back(info.dims[p]);
    }
    for (Access& a : f.accesses) {
      for (std::size_t p = 0; p < rank; ++p) {
        if (!signature[p].empty()) continue;
        a.new_index += "[" + source.spelling(a.subscripts[p]->getSourceRange()) + "]";
        if (!int_constant(a.subscripts[p], ctx)) info.dynamic_index = true;
      }
    }
    return;
  }
  // One dimension: index = threadIdx.D + M * (rest), with M at least the block's extent in D.
  const long long size = info.dims.empty() ? 1 : info.dims[0];
  std::string thread_atom;
  long long m = size;
  std::vector<Affine> forms;
  for (const Access& a : f.accesses) {
    Affine form = affine.build(a.subscripts[0]);
    const auto threads = form.thread_terms();
    if (form.thread_nonlinear || threads.size() != 1 || threads.begin()->second != 1) {
      shared(a.whole, "its index is not the thread's index plus a multiple");
      return;
    }
    if (thread_atom.empty()) thread_atom = threads.begin()->first;
    if (threads.begin()->first != thread_atom) {
      shared(a.whole, "threads index it differently");
      return;
    }
    m = std::gcd(m, form.constant);
    for (const auto& [atom, c] : form.terms) {
      if (atom != thread_atom) m = std::gcd(m, c);
    }
    forms.push_back(std::move(form));
  }
  if (f.accesses.empty() || !covers_block({thread_atom}, block)) {
    shared(f.accesses.empty() ? f.decl->getInit() : f.accesses[0].whole,
           "its thread index does not cover the block");
    return;
  }
  m = m < 0 ? -m : m;
  if (m < block.extent(thread_atom.back())) {
    shared(f.accesses[0].whole, fmt::format("{} threads share its elements (stride {})",
                                            block.extent(thread_atom.back()), m));
    return;
  }
  if (size / m > 1) info.private_dims.push_back(size / m);
  for (std::size_t i = 0; i < f.accesses.size(); ++i) {
    const std::optional<std::string> rest = forms[i].rest_divided(m);
    if (!info.private_dims.empty()) f.accesses[i].new_index = "[" + rest.value() + "]";
    if (forms[i].terms.size() > 1) info.dynamic_index = true;
  }
}

std::vector<Found> find_arrays(const ParsedSource& source, const clang::FunctionDecl& kernel,
                               Shape block) {
  SharedFinder finder;
  finder.TraverseStmt(kernel.getBody());
  clang::ASTContext& ctx = source.context();
  const AffineBuilder affine(source, kernel);
  std::vector<Found> found;
  for (const auto& [var, stmt] : finder.decls) {
    Found f;
    f.decl = var;
    f.decl_stmt = stmt;
    SharedArray& info = f.info;
    info.name = var->getNameAsString();
    info.where = source.where(var->getSourceRange());
    clang::QualType type = var->getType();
    const auto* array = ctx.getAsConstantArrayType(type);
    if (array == nullptr) continue;  // scalars and extern (dynamic) shared arrays stay
    while (array != nullptr) {
      info.dims.push_back(static_cast<long long>(array->getSize().getZExtValue()));
      type = array->getElementType();
      array = ctx.getAsConstantArrayType(type);
    }
    info.element_type = type.getUnqualifiedType().getAsString(ctx.getPrintingPolicy());
    info.bytes = static_cast<std::uint64_t>(ctx.getTypeSizeInChars(var->getType()).getQuantity());
    for (const clang::DeclRefExpr* ref : finder.refs) {
      if (ref->getDecl() != var) continue;
      Access a = subscript_chain(ref, ctx);
      info.references += reference_weight(a.whole, kernel, ctx);
      f.accesses.push_back(std::move(a));
    }
    classify(f, source, affine, block);
    found.push_back(std::move(f));
  }
  return found;
}

}  // namespace

std::vector<SharedArray> analyze_shared_arrays(const ParsedSource& source,
                                               const std::string& kernel, Shape block) {
  std::vector<SharedArray> out;
  for (Found& f : find_arrays(source, source.kernel(kernel), block)) out.push_back(f.info);
  return out;
}

std::string promote_shared_array(const ParsedSource& source, const std::string& kernel,
                                 const std::string& array, Shape block, Shape grid) {
  const clang::FunctionDecl& fn = source.kernel(kernel);
  std::vector<Found> found = find_arrays(source, fn, block);
  auto it = std::find_if(found.begin(), found.end(),
                         [&](const Found& f) { return f.info.name == array; });
  if (it == found.end()) {
    throw PlaceError(fmt::format("{}: kernel {} has no static __shared__ array '{}'", source.path(),
                                 kernel, array));
  }
  const Found& f = *it;
  if (!f.decl_stmt->isSingleDecl()) {
    throw PlaceError(fmt::format("{}: declare __shared__ array '{}' in a statement of its own",
                                 f.info.where, array));
  }
  SourceEdit edit(source);
  std::string dims;
  if (f.info.placement() == Placement::kGlobal) {
    for (long long d : f.info.dims) dims += fmt::format("[{}]", d);
    edit.insert(kernel_start_offset(source, fn),
                fmt::format("// {} of kernel {}, moved to global memory: one copy per block.\n"
                            "__device__ {} {}__g[{}]{};\n\n",
                            array, kernel, f.info.element_type, array, grid.volume(), dims));
    edit.replace(f.decl_stmt->getSourceRange(),
                 fmt::format("auto& {0} = {0}__g[blockIdx.x + gridDim.x * (blockIdx.y + "
                             "gridDim.y * blockIdx.z)];",
                             array));
    return edit.apply();
  }
  for (long long d : f.info.private_dims) dims += fmt::format("[{}]", d);
  edit.replace(f.decl_stmt->getSourceRange(),
               fmt::format("{} {}{};  // was __shared__: private to each thread",
                           f.info.element_type, array, dims));
  for (const Access& a : f.accesses) edit.replace(a.whole->getSourceRange(), array + a.new_index);
  return edit.apply();
}

}  // namespace warpsim::place
