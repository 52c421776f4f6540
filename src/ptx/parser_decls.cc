// Variable, register and parameter declarations, and initializers.

#include <bit>

#include "ptx/error.h"
#include "ptx/parser_impl.h"

namespace warpsim::ptx::detail {
namespace {

bool is_power_of_two(std::uint64_t value) { return value != 0 && (value & (value - 1)) == 0; }

std::uint8_t vector_width(std::string_view directive) {
  if (directive == ".v2") return 2;
  if (directive == ".v4") return 4;
  if (directive == ".v8") return 8;
  return 0;
}

}  // namespace

void Parser::parse_variable_statement(Linkage linkage, bool module_scope) {
  Variable proto;
  proto.space = parse_space(tok_.text.substr(1));
  proto.linkage = linkage;
  advance();
  parse_var_attributes(proto);
  if (proto.type == DataType::kNone) fail_expected("a type in the declaration");
  do {
    Variable var = proto;
    Token name = expect(TokenKind::kIdent, "a variable name");
    var.name = std::string(name.text);
    parse_var_dims(var);
    if (tok_.is(TokenKind::kEquals)) {
      Token equals = tok_;
      advance();
      parse_initializer(var);
      check_initializer_count(var, equals);
    }
    if (module_scope) {
      auto index = static_cast<std::uint32_t>(module_.globals.size());
      bind_module_name(name.text, {SymbolScope::kGlobal, index}, name);
      module_.globals.push_back(std::move(var));
      module_.layout.push_back({ModuleEntry::Kind::kVariable, index, linkage});
    } else {
      auto index = static_cast<std::uint32_t>(fn_->vars.size());
      var.scope = scope_ids_.back();
      declare(name.text, {Binding::Kind::kSymbol, 0, {SymbolScope::kLocal, index}}, name);
      fn_->vars.push_back(std::move(var));
      add_body_entry(BodyEntry::Kind::kVariable, index);
    }
  } while (accept(TokenKind::kComma));
  expect(TokenKind::kSemicolon, "';' after the declaration");
}

// `.align N`, `.vN`, the type, and the parameter attributes `.ptr .space .align N`, in any
// order; an `.align` after `.ptr` is the pointee's alignment.
void Parser::parse_var_attributes(Variable& var) {
  while (tok_.is(TokenKind::kDirective)) {
    std::string_view d = tok_.text;
    Token at = tok_;
    if (d == ".align") {
      advance();
      Token value_at = tok_;
      std::uint32_t align = expect_u32("an alignment");
      if (!is_power_of_two(align)) fail(value_at, "alignment must be a power of two");
      (var.is_ptr ? var.ptr_align : var.align) = align;
    } else if (d == ".ptr") {
      var.is_ptr = true;
      advance();
    } else if (d == ".attribute") {
      parse_var_attribute_list(var);
    } else if (std::uint8_t vec = vector_width(d)) {
      var.vec = vec;
      advance();
    } else if (DataType type = parse_type(d.substr(1)); type != DataType::kNone) {
      if (var.type != DataType::kNone)
        fail(at, "second type " + quote_token(d) + " in declaration");
      var.type = type;
      advance();
    } else if (StateSpace space = parse_space(d.substr(1));
               var.is_ptr && space != StateSpace::kGeneric) {
      var.ptr_space = space;
      advance();
    } else {
      return;
    }
  }
}

// `.attribute(.managed)` on a .global variable. `.unified(uuid)` is for multi-device programs,
// which warpsim does not simulate.
void Parser::parse_var_attribute_list(Variable& var) {
  Token at = tok_;
  advance();
  expect(TokenKind::kLParen, "'(' after .attribute");
  Token attribute = tok_;
  if (!attribute.is_directive(".managed")) {
    fail(attribute, "unsupported variable attribute " + quote_token(attribute.text) +
                        " (only .managed is supported)");
  }
  advance();
  expect(TokenKind::kRParen, "')' after the attribute");
  if (var.space != StateSpace::kGlobal) fail(at, ".attribute(.managed) needs a .global variable");
  var.managed = true;
}

void Parser::parse_var_dims(Variable& var) {
  Token first = tok_;
  while (tok_.is(TokenKind::kLBracket)) {
    Token open = tok_;
    advance();
    if (var.dims.size() == kMaxArrayDims) fail(open, "too many array dimensions");
    std::uint64_t dim = 0;
    if (!tok_.is(TokenKind::kRBracket)) {
      Token at = tok_;
      dim = expect_uint("an array size");
      if (dim == 0) fail(at, "array size must be positive");
    }
    expect(TokenKind::kRBracket, "']'");
    var.dims.push_back(dim);
  }
  std::uint64_t bytes = std::uint64_t{type_size(var.type)} * var.vec;
  for (std::uint64_t dim : var.dims) {
    if (dim != 0 && bytes != 0 && bytes > (std::uint64_t{1} << 48) / dim) {
      fail(first, "array " + quote_token(var.name) + " is too large");
    }
    if (dim != 0) bytes *= dim;
  }
}

void Parser::parse_initializer(Variable& var) { parse_init_element(var.init, 0); }

void Parser::check_initializer_count(const Variable& var, const Token& at) const {
  std::uint64_t elements = var.element_count();
  if (elements != 0 && var.init_value_count() > elements) {
    fail(at, "too many initializers for " + quote_token(var.name) + " (" +
                 std::to_string(var.init_value_count()) + " for " + std::to_string(elements) +
                 " elements)");
  }
}

void Parser::parse_init_element(std::vector<InitItem>& items, std::size_t depth) {
  if (tok_.is(TokenKind::kLBrace)) {
    if (depth >= kMaxInitDepth) fail(tok_, "initializer nested too deeply");
    advance();
    InitItem open;
    open.kind = InitItem::Kind::kOpen;
    items.push_back(open);
    if (!tok_.is(TokenKind::kRBrace)) {
      do {
        parse_init_element(items, depth + 1);
      } while (accept(TokenKind::kComma));
    }
    expect(TokenKind::kRBrace, "'}' or ',' in initializer");
    InitItem close;
    close.kind = InitItem::Kind::kClose;
    items.push_back(close);
    return;
  }
  if (tok_.is(TokenKind::kIdent)) {
    if (!parse_init_symbol(items)) fail_expected("an initializer value");
    return;
  }
  Operand value = parse_immediate();
  InitItem item;
  item.imm_kind = value.imm_kind;
  item.bits = value.imm;
  items.push_back(item);
}

// `sym`, `sym+off` or `generic(sym)+off`: the address of a variable or function.
bool Parser::parse_init_symbol(std::vector<InitItem>& items) {
  InitItem item;
  item.kind = InitItem::Kind::kSymbol;
  bool generic = tok_.text == "generic" && peek().is(TokenKind::kLParen);
  if (generic) {
    item.kind = InitItem::Kind::kGeneric;
    advance();
    advance();
  }
  Token name = expect(TokenKind::kIdent, "a symbol name");
  std::optional<Binding> binding = lookup(name.text);
  if (!binding || binding->kind != Binding::Kind::kSymbol) {
    fail(name, "undeclared symbol " + quote_token(name.text) + " in initializer");
  }
  item.symbol = binding->symbol;
  if (generic) expect(TokenKind::kRParen, "')'");
  item.offset = parse_offset();
  items.push_back(item);
  return true;
}

void Parser::parse_reg_statement() {
  advance();
  std::uint8_t vec = 1;
  if (std::uint8_t width = tok_.is(TokenKind::kDirective) ? vector_width(tok_.text) : 0) {
    vec = width;
    advance();
  }
  DataType type =
      tok_.is(TokenKind::kDirective) ? parse_type(tok_.text.substr(1)) : DataType::kNone;
  if (type == DataType::kNone || type >= DataType::kTexRef) fail_expected("a register type");
  advance();
  bool continues = false;
  do {
    Token name = expect(TokenKind::kIdent, "a register name");
    declare_reg(name, type, vec, continues);
    continues = true;
  } while (accept(TokenKind::kComma));
  expect(TokenKind::kSemicolon, "';' after the register declaration");
}

void Parser::declare_reg(const Token& name, DataType type, std::uint8_t vec, bool continues) {
  RegDecl decl;
  decl.name = std::string(name.text);
  decl.type = type;
  decl.vec = vec;
  decl.first = static_cast<std::uint32_t>(fn_->regs.size());
  decl.scope = scope_ids_.back();
  auto decl_id = static_cast<std::uint32_t>(fn_->reg_decls.size());
  if (accept(TokenKind::kLess)) {
    Token count_at = tok_;
    std::uint64_t count = expect_uint("a register count");
    if (count > kMaxRegRange) {
      fail(count_at,
           "register range " +
               quote_token(std::string(name.text) + "<" + std::string(count_at.text) + ">") +
               " is too large (limit " + std::to_string(kMaxRegRange) + ")");
    }
    expect(TokenKind::kGreater, "'>'");
    decl.range = true;
    decl.count = static_cast<std::uint32_t>(count);
    auto [it, inserted] = scopes_[depth_ - 1].ranges.emplace(name.text, decl_id);
    if (!inserted) fail(name, "redeclaration of " + quote_token(name.text));
  } else {
    if (range_member(name.text, scopes_[depth_ - 1])) {
      fail(name, "redeclaration of " + quote_token(name.text));
    }
    declare(name.text, {Binding::Kind::kReg, decl.first, {}}, name);
  }
  module_regs_ += decl.count;
  if (module_regs_ > kMaxRegsPerModule) {
    fail(name, "too many registers (limit " + std::to_string(kMaxRegsPerModule) + " per module)");
  }
  fn_->regs.resize(fn_->regs.size() + decl.count, Register{type, vec, decl_id});
  fn_->reg_decls.push_back(std::move(decl));
  add_body_entry(BodyEntry::Kind::kRegDecl, decl_id, continues);
}

void Parser::parse_param_list(std::vector<Variable>& params) {
  expect(TokenKind::kLParen, "'('");
  if (accept(TokenKind::kRParen)) return;
  do {
    params.push_back(parse_param());
  } while (accept(TokenKind::kComma));
  expect(TokenKind::kRParen, "')' or ',' in the parameter list");
}

Variable Parser::parse_param() {
  if (tok_.is_directive(".reg")) {
    fail(tok_, "unsupported: .reg parameters (nvcc passes parameters in .param space)");
  }
  if (!tok_.is_directive(".param")) fail_expected("'.param'");
  Variable var;
  var.space = StateSpace::kParam;
  advance();
  parse_var_attributes(var);
  if (var.type == DataType::kNone) fail_expected("a parameter type");
  Token name = expect(TokenKind::kIdent, "a parameter name");
  var.name = std::string(name.text);
  parse_var_dims(var);
  return var;
}

}  // namespace warpsim::ptx::detail
