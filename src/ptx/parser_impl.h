#pragma once

// Internal to the parser_*.cc files: the recursive-descent parser's state and steps.

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptx/ir.h"
#include "ptx/lexer.h"

namespace warpsim::ptx::detail {

// Caps that keep hostile input from exhausting the stack or memory.
inline constexpr std::size_t kMaxScopeDepth = 256;
inline constexpr std::size_t kMaxInitDepth = 16;
inline constexpr std::uint64_t kMaxRegRange = std::uint64_t{1} << 20;
inline constexpr std::size_t kMaxRegsPerModule = std::size_t{1} << 24;
inline constexpr std::size_t kMaxModifiers = 24;
inline constexpr std::size_t kMaxAggregate = 64;
inline constexpr std::size_t kMaxArrayDims = 8;

struct Binding {
  enum class Kind : std::uint8_t { kReg, kSymbol, kPrototype };
  Kind kind = Kind::kReg;
  std::uint32_t index = 0;  // register or prototype id
  SymbolRef symbol;
};

// Names declared in one `{ }` scope of a function body.
struct ScopeNames {
  std::unordered_map<std::string_view, Binding> names;
  std::unordered_map<std::string_view, std::uint32_t> ranges;  // `%r<N>` prefix -> RegDecl id
};

class Parser {
 public:
  Parser(std::string_view text, std::string file);
  Module parse();

  // Token stream (parser.cc).
  const Token& tok() const { return tok_; }
  const Token& peek();
  void advance();
  bool accept(TokenKind kind);
  Token expect(TokenKind kind, std::string_view what);
  [[noreturn]] void fail(const Token& at, const std::string& message) const;
  [[noreturn]] void fail_expected(std::string_view what) const;
  std::uint64_t expect_uint(std::string_view what);
  std::uint32_t expect_u32(std::string_view what);
  std::string_view describe(const Token& token) const;

  // Module level (parser.cc).
  void parse_statement();
  void parse_version();
  void parse_target();
  void parse_file_directive();
  std::string parse_pragma();
  void parse_section();
  std::string parse_section_value();
  void bind_module_name(std::string_view name, SymbolRef ref, const Token& at);

  // Declarations (parser_decls.cc).
  void parse_variable_statement(Linkage linkage, bool module_scope);
  void parse_var_attributes(Variable& var);
  void parse_var_attribute_list(Variable& var);
  void parse_var_dims(Variable& var);
  void parse_initializer(Variable& var);
  void check_initializer_count(const Variable& var, const Token& at) const;
  void parse_init_element(std::vector<InitItem>& items, std::size_t depth);
  bool parse_init_symbol(std::vector<InitItem>& items);
  void parse_reg_statement();
  void declare_reg(const Token& name, DataType type, std::uint8_t vec, bool continues);
  void parse_param_list(std::vector<Variable>& params);
  Variable parse_param();

  // Functions and bodies (parser_function.cc).
  void parse_function(Linkage linkage, bool is_entry);
  std::pair<std::uint32_t, bool> find_or_add_function(const Token& name, bool is_entry,
                                                      bool has_body);
  void parse_function_attributes(Function& fn);
  std::vector<std::uint32_t> parse_dims_list();
  void parse_body();
  void parse_body_statement();
  void open_scope(const Token& brace);
  void close_scope();
  void parse_label();
  void parse_prototype(const Token& name);
  void parse_loc();
  void finish_labels();
  void add_body_entry(BodyEntry::Kind kind, std::uint32_t index, bool continues = false);
  void declare(std::string_view name, const Binding& binding, const Token& at);
  std::optional<Binding> lookup(std::string_view name) const;
  std::optional<std::uint32_t> range_member(std::string_view name, const ScopeNames& scope) const;
  std::uint32_t label_ref(const Token& name);

  // Instructions (parser_instructions.cc).
  void parse_instruction();
  const OpcodeInfo& parse_opcode(Instruction& inst);
  void apply_modifier(Instruction& inst, const OpcodeInfo& info, const Token& part,
                      unsigned& types);
  void check_required(const Instruction& inst, const OpcodeInfo& info, const Token& at,
                      unsigned types) const;

  // Operands (parser_operands.cc).
  void parse_operands(Instruction& inst, const OpcodeInfo& info, const Token& opcode);
  void parse_call_operands();
  Operand parse_operand_list(TokenKind close, std::string_view what);
  Operand parse_operand(char slot);
  Operand parse_bracketed();
  Operand parse_vector();
  Operand parse_immediate();
  Operand parse_name(char slot);
  std::int64_t parse_offset();
  void finish_operands(Instruction& inst);

  std::string file_;
  Lexer lexer_;
  Token tok_;
  std::uint32_t prev_line_ = 1;  // where the last consumed token ended, for "missing ';'"
  std::uint32_t prev_end_col_ = 1;
  Token next_;
  bool has_next_ = false;
  Module module_;
  std::unordered_map<std::string_view, SymbolRef> module_names_;
  std::size_t module_regs_ = 0;

  // The function being parsed.
  Function* fn_ = nullptr;
  std::vector<ScopeNames> scopes_;  // a pool: the first depth_ are open
  std::size_t depth_ = 0;
  std::vector<std::uint32_t> scope_ids_;
  std::unordered_map<std::string_view, std::uint32_t> labels_;
  std::vector<Token> label_uses_;  // first reference of each label, for "undefined label"
  std::vector<bool> label_defined_;
  DebugLoc debug_;
  std::unordered_map<std::string_view, std::uint32_t> debug_names_;
  std::vector<Operand> pool_;     // aggregate elements of the instruction being parsed
  std::vector<Operand> written_;  // its written operands
};

}  // namespace warpsim::ptx::detail
