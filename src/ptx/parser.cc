#include "ptx/parser.h"

#include <fstream>
#include <sstream>

#include "ptx/parser_impl.h"

namespace warpsim::ptx {
namespace detail {

Parser::Parser(std::string_view text, std::string file)
    : file_(std::move(file)), lexer_(text, file_) {}

Module Parser::parse() {
  advance();
  while (!tok_.is(TokenKind::kEnd)) parse_statement();
  return std::move(module_);
}

const Token& Parser::peek() {
  if (!has_next_) {
    next_ = lexer_.next();
    has_next_ = true;
  }
  return next_;
}

void Parser::advance() {
  prev_line_ = tok_.line;
  prev_end_col_ = tok_.col + static_cast<std::uint32_t>(tok_.text.size());
  if (has_next_) {
    tok_ = next_;
    has_next_ = false;
  } else {
    tok_ = lexer_.next();
  }
}

bool Parser::accept(TokenKind kind) {
  if (!tok_.is(kind)) return false;
  advance();
  return true;
}

Token Parser::expect(TokenKind kind, std::string_view what) {
  if (!tok_.is(kind)) fail_expected(what);
  Token token = tok_;
  advance();
  return token;
}

void Parser::fail(const Token& at, const std::string& message) const {
  throw ParseError(file_, at.line, at.col, message);
}

std::string_view Parser::describe(const Token& token) const {
  if (token.is(TokenKind::kEnd)) return "end of file";
  return token.text;
}

void Parser::fail_expected(std::string_view what) const {
  std::string found =
      tok_.is(TokenKind::kEnd) ? std::string("end of file") : quote_token(tok_.text);
  fail(tok_, "expected " + std::string(what) + ", found " + found);
}

std::uint64_t Parser::expect_uint(std::string_view what) {
  if (!tok_.is(TokenKind::kInt)) fail_expected(what);
  std::uint64_t value = tok_.value;
  advance();
  return value;
}

std::uint32_t Parser::expect_u32(std::string_view what) {
  Token at = tok_;
  std::uint64_t value = expect_uint(what);
  if (value > 0xffffffffU) fail(at, std::string(what) + " out of range: " + std::string(at.text));
  return static_cast<std::uint32_t>(value);
}

void Parser::parse_statement() {
  if (!tok_.is(TokenKind::kDirective)) {
    fail_expected("a directive at module scope");
  }
  std::string_view d = tok_.text;
  if (d == ".version") return parse_version();
  if (d == ".target") return parse_target();
  if (d == ".address_size") {
    advance();
    Token at = tok_;
    module_.address_size = expect_u32("address size");
    if (module_.address_size != 32 && module_.address_size != 64) {
      fail(at, "address size must be 32 or 64, found " + std::string(at.text));
    }
    return;
  }
  if (d == ".file") return parse_file_directive();
  if (d == ".section") return parse_section();
  if (d == ".pragma") {
    module_.pragmas.push_back(parse_pragma());
    module_.layout.push_back(
        {ModuleEntry::Kind::kPragma, static_cast<std::uint32_t>(module_.pragmas.size() - 1)});
    return;
  }
  Linkage linkage = Linkage::kNone;
  if (d == ".visible") linkage = Linkage::kVisible;
  if (d == ".extern") linkage = Linkage::kExtern;
  if (d == ".weak") linkage = Linkage::kWeak;
  if (d == ".common") linkage = Linkage::kCommon;
  if (linkage != Linkage::kNone) advance();
  if (tok_.is_directive(".entry") || tok_.is_directive(".func")) {
    return parse_function(linkage, tok_.text == ".entry");
  }
  StateSpace space =
      tok_.is(TokenKind::kDirective) ? parse_space(tok_.text.substr(1)) : StateSpace::kGeneric;
  if (space == StateSpace::kGlobal || space == StateSpace::kConst || space == StateSpace::kShared ||
      space == StateSpace::kLocal) {
    return parse_variable_statement(linkage, true);
  }
  if (linkage != Linkage::kNone) fail_expected(".entry, .func or a variable declaration");
  fail(tok_, "unexpected " + quote_token(tok_.text) + " at module scope");
}

void Parser::parse_version() {
  advance();
  Token at = tok_;
  if (!tok_.is(TokenKind::kFloat)) fail_expected("a version like 8.0 after .version");
  std::string_view text = tok_.text;
  std::size_t dot = text.find('.');
  auto parse_part = [&](std::string_view part) {
    std::uint32_t value = 0;
    if (part.empty() || part.size() > 3) fail(at, "malformed version " + quote_token(text));
    for (char c : part) {
      if (c < '0' || c > '9') fail(at, "malformed version " + quote_token(text));
      value = value * 10 + static_cast<std::uint32_t>(c - '0');
    }
    return value;
  };
  if (dot == std::string_view::npos) fail(at, "malformed version " + quote_token(text));
  module_.version_major = parse_part(text.substr(0, dot));
  module_.version_minor = parse_part(text.substr(dot + 1));
  advance();
}

void Parser::parse_target() {
  advance();
  module_.target.clear();
  do {
    Token name = expect(TokenKind::kIdent, "a target name");
    if (module_.target.empty() && !name.text.starts_with("sm_") &&
        !name.text.starts_with("compute_")) {
      fail(name, "unknown target " + quote_token(name.text));
    }
    module_.target.emplace_back(name.text);
  } while (accept(TokenKind::kComma));
}

void Parser::parse_file_directive() {
  advance();
  SourceFile file;
  file.index = expect_u32("a file index");
  Token path = expect(TokenKind::kString, "a quoted file name");
  file.path = std::string(path.text.substr(1, path.text.size() - 2));
  if (accept(TokenKind::kComma)) {
    file.has_info = true;
    file.timestamp = expect_uint("a timestamp");
    expect(TokenKind::kComma, "','");
    file.size = expect_uint("a file size");
  }
  module_.files.push_back(std::move(file));
  module_.layout.push_back(
      {ModuleEntry::Kind::kFile, static_cast<std::uint32_t>(module_.files.size() - 1)});
}

std::string Parser::parse_pragma() {
  advance();
  std::string text;
  do {
    Token str = expect(TokenKind::kString, "a quoted pragma");
    if (!text.empty()) text += "\", \"";
    text += str.text.substr(1, str.text.size() - 2);
  } while (accept(TokenKind::kComma));
  expect(TokenKind::kSemicolon, "';' after .pragma");
  return text;
}

// Debug sections are kept as text: labels and `.bN value, ...` lines, where a value is a
// number, a name or a `name+-name` expression.
void Parser::parse_section() {
  advance();
  DebugSection section;
  while (tok_.is(TokenKind::kDirective)) {
    section.name += tok_.text;
    advance();
  }
  if (section.name.empty()) fail_expected("a section name");
  expect(TokenKind::kLBrace, "'{' after the section name");
  while (!accept(TokenKind::kRBrace)) {
    SectionItem item;
    if (tok_.is(TokenKind::kIdent) && peek().is(TokenKind::kColon)) {
      item.label = std::string(tok_.text);
      advance();
      advance();
    } else {
      if (!tok_.is(TokenKind::kDirective)) fail_expected("a label or .b8/.b16/.b32/.b64 data");
      item.type = parse_type(tok_.text.substr(1));
      if (item.type != DataType::kB8 && item.type != DataType::kB16 &&
          item.type != DataType::kB32 && item.type != DataType::kB64) {
        fail(tok_, "unexpected " + quote_token(tok_.text) + " in section");
      }
      advance();
      do {
        item.values.push_back(parse_section_value());
      } while (accept(TokenKind::kComma));
    }
    section.items.push_back(std::move(item));
  }
  module_.sections.push_back(std::move(section));
  module_.layout.push_back(
      {ModuleEntry::Kind::kSection, static_cast<std::uint32_t>(module_.sections.size() - 1)});
}

std::string Parser::parse_section_value() {
  std::string value;
  while (true) {
    if (tok_.is(TokenKind::kInt) || tok_.is(TokenKind::kIdent) || tok_.is(TokenKind::kDirective)) {
      value += tok_.text;
      advance();
    } else {
      fail_expected("a section value");
    }
    if (!tok_.is(TokenKind::kPlus) && !tok_.is(TokenKind::kMinus)) return value;
    value += tok_.text;
    advance();
  }
}

void Parser::bind_module_name(std::string_view name, SymbolRef ref, const Token& at) {
  auto [it, inserted] = module_names_.emplace(name, ref);
  if (!inserted) fail(at, "redeclaration of " + quote_token(name));
}

}  // namespace detail

Module parse_ptx(std::string_view text, std::string file_name) {
  detail::Parser parser(text, file_name);
  Module module = parser.parse();
  module.file_name = std::move(file_name);
  return module;
}

Module parse_ptx_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path.string(), 1, 1, "cannot open file");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw ParseError(path.string(), 1, 1, "cannot read file");
  return parse_ptx(buffer.str(), path.string());
}

}  // namespace warpsim::ptx
