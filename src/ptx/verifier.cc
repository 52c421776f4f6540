#include "ptx/verifier.h"

#include "ptx/verifier_impl.h"

namespace warpsim::ptx {
namespace detail {

// Located at the instruction being checked, else at the function, else at 1:1.
void Verifier::fail(const std::string& message) const {
  SourceLoc loc = inst_ ? inst_->loc : fn_ ? fn_->loc : SourceLoc{1, 1};
  std::string where = fn_ ? " (in " + quote_token(fn_->name) + ")" : std::string();
  throw ParseError(module_.file_name, loc.line, loc.col, message + where);
}

void Verifier::run() {
  check_header();
  for (const Variable& var : module_.globals) check_variable(var, nullptr);
  for (const ModuleEntry& entry : module_.layout) {
    std::size_t size = 0;
    switch (entry.kind) {
      case ModuleEntry::Kind::kVariable:
        size = module_.globals.size();
        break;
      case ModuleEntry::Kind::kFuncDecl:
      case ModuleEntry::Kind::kFuncDef:
        size = module_.functions.size();
        break;
      case ModuleEntry::Kind::kFile:
        size = module_.files.size();
        break;
      case ModuleEntry::Kind::kSection:
        size = module_.sections.size();
        break;
      case ModuleEntry::Kind::kPragma:
        size = module_.pragmas.size();
        break;
    }
    if (entry.index >= size) fail("module layout refers to a missing entry");
  }
  for (const Function& fn : module_.functions) check_function(fn);
}

void Verifier::check_header() const {
  if (module_.version_major == 0) fail("missing .version directive");
  if (module_.target.empty()) fail("missing .target directive");
}

void Verifier::check_symbol(SymbolRef ref, const Function* fn) const {
  std::size_t size = 0;
  switch (ref.scope) {
    case SymbolScope::kGlobal:
      size = module_.globals.size();
      break;
    case SymbolScope::kFunction:
      size = module_.functions.size();
      break;
    case SymbolScope::kLocal:
      size = fn ? fn->vars.size() : 0;
      break;
    case SymbolScope::kParam:
      size = fn ? fn->params.size() : 0;
      break;
    case SymbolScope::kRet:
      size = fn ? fn->rets.size() : 0;
      break;
    case SymbolScope::kNone:
      break;
  }
  if (ref.index >= size) fail("reference to an undeclared symbol");
}

void Verifier::check_variable(const Variable& var, const Function* fn) {
  if (var.type == DataType::kNone) fail("variable " + quote_token(var.name) + " has no type");
  for (const InitItem& item : var.init) {
    if (item.kind == InitItem::Kind::kSymbol || item.kind == InitItem::Kind::kGeneric) {
      check_symbol(item.symbol, fn);
    }
  }
  std::uint64_t elements = var.element_count();
  if (elements != 0 && var.init_value_count() > elements) {
    fail("too many initializers for " + quote_token(var.name) + " (" +
         std::to_string(var.init_value_count()) + " for " + std::to_string(elements) +
         " elements)");
  }
}

void Verifier::check_debug(const DebugLoc& loc) const {
  if (!loc.valid) return;
  if (!module_.files.empty() && !module_.find_file(loc.file)) {
    fail(".loc refers to undeclared file " + std::to_string(loc.file));
  }
  if (loc.function_name > module_.debug_names.size()) fail(".loc refers to a missing name");
  if (loc.function_name != 0 && !module_.files.empty() && !module_.find_file(loc.inlined_file)) {
    fail(".loc inlined_at refers to undeclared file " + std::to_string(loc.inlined_file));
  }
}

void Verifier::check_function(const Function& fn) {
  fn_ = &fn;
  inst_ = nullptr;
  for (const Variable& var : fn.params) check_variable(var, &fn);
  for (const Variable& var : fn.rets) check_variable(var, &fn);
  if (fn.is_entry && !fn.rets.empty()) fail("a kernel cannot return values");
  if (fn.has_body) check_body(fn);
  for (const Instruction& inst : fn.insts) check_instruction(inst);
  fn_ = nullptr;
  inst_ = nullptr;
}

void Verifier::check_body(const Function& fn) {
  for (const Variable& var : fn.vars) check_variable(var, &fn);
  for (const Register& r : fn.regs) {
    if (r.decl >= fn.reg_decls.size()) fail("register without a declaration");
  }
  for (const Label& label : fn.labels) {
    if (label.inst == kNoIndex || label.inst > fn.insts.size()) {
      fail("undefined label " + quote_token(label.name));
    }
  }
  for (const DebugLoc& loc : fn.locs) check_debug(loc);
  for (const BodyEntry& entry : fn.body) {
    std::size_t size = 0;
    switch (entry.kind) {
      case BodyEntry::Kind::kInst:
        size = fn.insts.size();
        break;
      case BodyEntry::Kind::kLabel:
        size = fn.labels.size();
        break;
      case BodyEntry::Kind::kRegDecl:
        size = fn.reg_decls.size();
        break;
      case BodyEntry::Kind::kVariable:
        size = fn.vars.size();
        break;
      case BodyEntry::Kind::kPrototype:
        size = fn.prototypes.size();
        break;
      case BodyEntry::Kind::kPragma:
        size = fn.pragmas.size();
        break;
      case BodyEntry::Kind::kOpenScope:
      case BodyEntry::Kind::kCloseScope:
        size = fn.scopes.size();
        break;
      case BodyEntry::Kind::kLoc:
        size = fn.locs.size();
        break;
    }
    if (entry.index >= size) fail("function body refers to a missing entry");
  }
}

}  // namespace detail

void verify(const Module& module) { detail::Verifier(module).run(); }

}  // namespace warpsim::ptx
