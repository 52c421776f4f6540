// Function headers and bodies: scopes, labels, prototypes, .loc.

#include <charconv>

#include "ptx/error.h"
#include "ptx/parser_impl.h"

namespace warpsim::ptx::detail {

void Parser::parse_function(Linkage linkage, bool is_entry) {
  Token keyword = tok_;
  advance();
  Function header;
  if (!is_entry && tok_.is(TokenKind::kLParen)) parse_param_list(header.rets);
  Token name = expect(TokenKind::kIdent, "a function name");
  if (tok_.is(TokenKind::kLParen)) parse_param_list(header.params);
  parse_function_attributes(header);
  bool has_body = tok_.is(TokenKind::kLBrace);
  if (!has_body) expect(TokenKind::kSemicolon, "'{' or ';' after the function header");
  auto [index, created] = find_or_add_function(name, is_entry, has_body);
  Function& fn = module_.functions[index];
  if (!created &&
      (fn.params.size() != header.params.size() || fn.rets.size() != header.rets.size())) {
    fail(name, "conflicting declaration of " + quote_token(name.text));
  }
  if (!fn.has_body) {
    // A definition replaces what an earlier prototype said (parameter names may differ).
    fn.rets = std::move(header.rets);
    fn.params = std::move(header.params);
    fn.perf = std::move(header.perf);
    fn.noreturn = header.noreturn;
    fn.linkage = linkage;
    fn.loc = {keyword.line, keyword.col};
  }
  module_.layout.push_back(
      {has_body ? ModuleEntry::Kind::kFuncDef : ModuleEntry::Kind::kFuncDecl, index, linkage});
  if (!has_body) return;
  fn.has_body = true;
  fn_ = &fn;
  parse_body();
  fn_ = nullptr;
}

std::pair<std::uint32_t, bool> Parser::find_or_add_function(const Token& name, bool is_entry,
                                                            bool has_body) {
  auto it = module_names_.find(name.text);
  if (it == module_names_.end()) {
    auto index = static_cast<std::uint32_t>(module_.functions.size());
    module_names_.emplace(name.text, SymbolRef{SymbolScope::kFunction, index});
    Function fn;
    fn.name = std::string(name.text);
    fn.is_entry = is_entry;
    module_.functions.push_back(std::move(fn));
    return {index, true};
  }
  if (it->second.scope != SymbolScope::kFunction) {
    fail(name, "redeclaration of " + quote_token(name.text));
  }
  const Function& fn = module_.functions[it->second.index];
  if (has_body && fn.has_body) fail(name, "redefinition of function " + quote_token(name.text));
  if (fn.is_entry != is_entry) fail(name, "conflicting declaration of " + quote_token(name.text));
  return {it->second.index, false};
}

std::vector<std::uint32_t> Parser::parse_dims_list() {
  advance();
  std::vector<std::uint32_t> dims;
  do {
    if (dims.size() == 3) fail(tok_, "at most 3 dimensions");
    dims.push_back(expect_u32("a dimension"));
  } while (accept(TokenKind::kComma));
  return dims;
}

void Parser::parse_function_attributes(Function& fn) {
  while (tok_.is(TokenKind::kDirective)) {
    std::string_view d = tok_.text;
    PerfDirectives& perf = fn.perf;
    if (d == ".noreturn") {
      fn.noreturn = true;
      advance();
    } else if (d == ".explicitcluster") {
      perf.explicitcluster = true;
      advance();
    } else if (d == ".maxntid") {
      perf.maxntid = parse_dims_list();
    } else if (d == ".reqntid") {
      perf.reqntid = parse_dims_list();
    } else if (d == ".reqnctapercluster") {
      perf.reqnctapercluster = parse_dims_list();
    } else if (d == ".minnctapersm" || d == ".maxnreg" || d == ".maxclusterrank") {
      advance();
      std::uint32_t value = expect_u32("a number");
      (d == ".minnctapersm" ? perf.minnctapersm
       : d == ".maxnreg"    ? perf.maxnreg
                            : perf.maxclusterrank) = value;
    } else {
      fail(tok_, "unexpected " + quote_token(d) + " in function header");
    }
  }
}

void Parser::parse_body() {
  depth_ = 0;
  scope_ids_.clear();
  labels_.clear();
  label_uses_.clear();
  label_defined_.clear();
  debug_ = {};
  open_scope(tok_);
  advance();
  for (std::uint32_t i = 0; i < fn_->rets.size(); ++i) {
    declare(fn_->rets[i].name, {Binding::Kind::kSymbol, 0, {SymbolScope::kRet, i}}, tok_);
  }
  for (std::uint32_t i = 0; i < fn_->params.size(); ++i) {
    declare(fn_->params[i].name, {Binding::Kind::kSymbol, 0, {SymbolScope::kParam, i}}, tok_);
  }
  while (depth_ > 0) parse_body_statement();
  finish_labels();
}

void Parser::open_scope(const Token& brace) {
  if (depth_ >= kMaxScopeDepth) fail(brace, "blocks nested too deeply");
  if (scopes_.size() <= depth_) scopes_.emplace_back();
  scopes_[depth_].names.clear();
  scopes_[depth_].ranges.clear();
  auto id = static_cast<std::uint32_t>(fn_->scopes.size());
  fn_->scopes.push_back({scope_ids_.empty() ? kNoIndex : scope_ids_.back()});
  if (!scope_ids_.empty()) add_body_entry(BodyEntry::Kind::kOpenScope, id);
  scope_ids_.push_back(id);
  ++depth_;
}

void Parser::close_scope() {
  std::uint32_t id = scope_ids_.back();
  scope_ids_.pop_back();
  --depth_;
  if (!scope_ids_.empty()) add_body_entry(BodyEntry::Kind::kCloseScope, id);
}

void Parser::parse_body_statement() {
  switch (tok_.kind) {
    case TokenKind::kRBrace:
      advance();
      return close_scope();
    case TokenKind::kLBrace:
      open_scope(tok_);
      return advance();
    case TokenKind::kEnd:
      fail(tok_,
           "unexpected end of file in the body of " + quote_token(fn_->name) + " (missing '}')");
    case TokenKind::kIdent:
      if (peek().is(TokenKind::kColon)) return parse_label();
      return parse_instruction();
    case TokenKind::kAt:
      return parse_instruction();
    case TokenKind::kDirective:
      break;
    default:
      fail_expected("an instruction");
  }
  std::string_view d = tok_.text;
  if (d == ".reg") return parse_reg_statement();
  if (d == ".loc") return parse_loc();
  if (d == ".pragma") {
    fn_->pragmas.push_back(parse_pragma());
    return add_body_entry(BodyEntry::Kind::kPragma,
                          static_cast<std::uint32_t>(fn_->pragmas.size() - 1));
  }
  StateSpace space = parse_space(d.substr(1));
  if (space == StateSpace::kLocal || space == StateSpace::kShared || space == StateSpace::kParam ||
      space == StateSpace::kConst || space == StateSpace::kGlobal) {
    return parse_variable_statement(Linkage::kNone, false);
  }
  fail(tok_, "unexpected directive " + quote_token(d) + " in function body");
}

void Parser::parse_label() {
  Token name = tok_;
  advance();
  advance();  // ':'
  if (tok_.is_directive(".callprototype")) return parse_prototype(name);
  if (tok_.is_directive(".calltargets") || tok_.is_directive(".branchtargets")) {
    fail(tok_, "unsupported directive " + quote_token(tok_.text));
  }
  std::uint32_t id = label_ref(name);
  if (label_defined_[id]) fail(name, "redefinition of label " + quote_token(name.text));
  label_defined_[id] = true;
  fn_->labels[id].inst = static_cast<std::uint32_t>(fn_->insts.size());
  add_body_entry(BodyEntry::Kind::kLabel, id);
}

void Parser::parse_prototype(const Token& name) {
  advance();
  Prototype proto;
  proto.name = std::string(name.text);
  proto.scope = scope_ids_.back();
  if (tok_.is(TokenKind::kLParen)) parse_param_list(proto.rets);
  Token placeholder = expect(TokenKind::kIdent, "'_' in .callprototype");
  if (placeholder.text != "_") fail(placeholder, "expected '_' in .callprototype");
  if (tok_.is(TokenKind::kLParen)) parse_param_list(proto.params);
  if (tok_.is_directive(".noreturn")) {
    proto.noreturn = true;
    advance();
  }
  expect(TokenKind::kSemicolon, "';' after .callprototype");
  auto id = static_cast<std::uint32_t>(fn_->prototypes.size());
  declare(name.text, {Binding::Kind::kPrototype, id, {}}, name);
  fn_->prototypes.push_back(std::move(proto));
  add_body_entry(BodyEntry::Kind::kPrototype, id);
}

// `.loc file line col` with the optional `, function_name L[+off], inlined_at file line col`.
void Parser::parse_loc() {
  advance();
  debug_ = {};
  debug_.valid = true;
  debug_.file = expect_u32("a file index");
  debug_.line = expect_u32("a line number");
  debug_.col = expect_u32("a column number");
  if (accept(TokenKind::kComma)) {
    Token key = expect(TokenKind::kIdent, "'function_name'");
    if (key.text != "function_name") fail(key, "expected 'function_name' in .loc");
    std::string_view name = expect(TokenKind::kIdent, "a label").text;
    auto [it, inserted] =
        debug_names_.emplace(name, static_cast<std::uint32_t>(module_.debug_names.size()));
    if (inserted) module_.debug_names.emplace_back(name);
    debug_.function_name = it->second + 1;
    debug_.function_name_offset = parse_offset();
    expect(TokenKind::kComma, "',' before inlined_at");
    Token inlined = expect(TokenKind::kIdent, "'inlined_at'");
    if (inlined.text != "inlined_at") fail(inlined, "expected 'inlined_at' in .loc");
    debug_.inlined_file = expect_u32("a file index");
    debug_.inlined_line = expect_u32("a line number");
    debug_.inlined_col = expect_u32("a column number");
  }
  fn_->locs.push_back(debug_);
  add_body_entry(BodyEntry::Kind::kLoc, static_cast<std::uint32_t>(fn_->locs.size() - 1));
}

void Parser::finish_labels() {
  for (std::size_t id = 0; id < fn_->labels.size(); ++id) {
    if (!label_defined_[id]) {
      fail(label_uses_[id], "undefined label " + quote_token(fn_->labels[id].name));
    }
  }
}

void Parser::add_body_entry(BodyEntry::Kind kind, std::uint32_t index, bool continues) {
  fn_->body.push_back({kind, index, continues});
}

void Parser::declare(std::string_view name, const Binding& binding, const Token& at) {
  auto [it, inserted] = scopes_[depth_ - 1].names.emplace(name, binding);
  if (!inserted) fail(at, "redeclaration of " + quote_token(name));
}

namespace {

// "%r12" -> ("%r", 12); nullopt when the name does not end in a canonical decimal number.
std::optional<std::pair<std::string_view, std::uint64_t>> split_number(std::string_view name) {
  std::size_t digits = name.size();
  while (digits > 0 && name[digits - 1] >= '0' && name[digits - 1] <= '9') --digits;
  if (digits == name.size() || digits == 0) return std::nullopt;
  std::string_view number = name.substr(digits);
  if (number.size() > 1 && number[0] == '0') return std::nullopt;
  std::uint64_t n = 0;
  auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
  if (ec != std::errc()) return std::nullopt;
  return std::pair{name.substr(0, digits), n};
}

}  // namespace

std::optional<std::uint32_t> Parser::range_member(std::string_view name,
                                                  const ScopeNames& scope) const {
  if (scope.ranges.empty()) return std::nullopt;
  auto split = split_number(name);
  if (!split) return std::nullopt;
  auto range = scope.ranges.find(split->first);
  if (range == scope.ranges.end()) return std::nullopt;
  const RegDecl& decl = fn_->reg_decls[range->second];
  if (split->second >= decl.count) return std::nullopt;
  return decl.first + static_cast<std::uint32_t>(split->second);
}

// Innermost scope first; within a scope an exact name, then a `%r<N>` range member.
std::optional<Binding> Parser::lookup(std::string_view name) const {
  if (fn_ != nullptr) {
    for (std::size_t d = depth_; d-- > 0;) {
      const ScopeNames& scope = scopes_[d];
      auto it = scope.names.find(name);
      if (it != scope.names.end()) return it->second;
      if (std::optional<std::uint32_t> reg = range_member(name, scope)) {
        return Binding{Binding::Kind::kReg, *reg, {}};
      }
    }
  }
  auto it = module_names_.find(name);
  if (it != module_names_.end()) return Binding{Binding::Kind::kSymbol, 0, it->second};
  return std::nullopt;
}

std::uint32_t Parser::label_ref(const Token& name) {
  auto [it, inserted] = labels_.emplace(name.text, static_cast<std::uint32_t>(fn_->labels.size()));
  if (inserted) {
    fn_->labels.push_back({std::string(name.text), kNoIndex});
    label_uses_.push_back(name);
    label_defined_.push_back(false);
  }
  return it->second;
}

}  // namespace warpsim::ptx::detail
