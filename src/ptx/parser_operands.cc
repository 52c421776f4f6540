// Operands: registers, immediates, symbols, addresses, vectors, texture tuples, call lists.

#include <array>
#include <limits>

#include "ptx/error.h"
#include "ptx/parser_impl.h"

namespace warpsim::ptx::detail {
namespace {

constexpr std::size_t kMaxOperands = 16;
constexpr std::size_t kMaxTuple = 8;

std::uint8_t component_of(std::string_view directive) {
  if (directive == ".x") return 1;
  if (directive == ".y") return 2;
  if (directive == ".z") return 3;
  if (directive == ".w") return 4;
  return 0;
}

bool is_aggregate(OperandKind kind) {
  return kind == OperandKind::kVector || kind == OperandKind::kTuple;
}

std::string count_text(unsigned min, unsigned max) {
  if (min == max) return std::to_string(min);
  return std::to_string(min) + " to " + std::to_string(max);
}

}  // namespace

void Parser::parse_operands(Instruction& inst, const OpcodeInfo& info, const Token& opcode) {
  pool_.clear();
  written_.clear();
  unsigned count = 0;
  if (info.op == Opcode::kCall) {
    parse_call_operands();
  } else if (!tok_.is(TokenKind::kSemicolon) && info.max_operands() > 0) {
    do {
      if (count == kMaxOperands)
        fail(tok_, "too many operands for '" + std::string(info.name) + "'");
      char slot = info.slot(count);
      written_.push_back(parse_operand(slot == 0 ? 'x' : slot));
      if (count == 0 && info.pair_dest()) {
        written_.push_back(accept(TokenKind::kPipe) ? parse_operand('d') : Operand::none());
      }
      ++count;
    } while (accept(TokenKind::kComma));
  }
  if (!tok_.is(TokenKind::kSemicolon)) {
    std::string found =
        tok_.is(TokenKind::kEnd) ? std::string("end of file") : quote_token(tok_.text);
    throw ParseError(
        file_, prev_line_, prev_end_col_,
        "expected ';' after '" + std::string(info.name) + "' instruction, found " + found +
            (tok_.line != prev_line_ ? " on line " + std::to_string(tok_.line) : std::string()));
  }
  advance();
  if (info.op != Opcode::kCall && (count < info.min_operands() || count > info.max_operands())) {
    fail(opcode, "'" + std::string(info.name) + "' expects " +
                     count_text(info.min_operands(), info.max_operands()) + " operands, found " +
                     std::to_string(count));
  }
  finish_operands(inst);
}

// Aggregates index their elements relative to pool_; the final layout is the written operands
// followed by pool_, so every aggregate index moves by the number of written operands.
void Parser::finish_operands(Instruction& inst) {
  auto shift = static_cast<std::uint32_t>(written_.size());
  inst.operands.reserve(written_.size() + pool_.size());
  inst.operands.assign(written_.begin(), written_.end());
  inst.operands.insert(inst.operands.end(), pool_.begin(), pool_.end());
  for (Operand& operand : inst.operands) {
    if (is_aggregate(operand.kind)) operand.index += shift;
  }
  inst.num_operands = static_cast<std::uint8_t>(written_.size());
}

// call{.uni} [(rets),] callee [, (args)] [, prototype];
void Parser::parse_call_operands() {
  Operand rets;
  rets.kind = OperandKind::kVector;
  rets.index = static_cast<std::uint32_t>(pool_.size());
  if (tok_.is(TokenKind::kLParen)) {
    rets = parse_operand_list(TokenKind::kRParen, "')' or ',' in the return list");
    expect(TokenKind::kComma, "',' after the return list");
  }
  written_.push_back(rets);
  Token callee = expect(TokenKind::kIdent, "a function name or register");
  std::optional<Binding> binding = lookup(callee.text);
  if (!binding) fail(callee, "undeclared function " + quote_token(callee.text));
  if (binding->kind == Binding::Kind::kReg) {
    written_.push_back(Operand::make_reg(binding->index));
  } else if (binding->kind == Binding::Kind::kSymbol &&
             binding->symbol.scope == SymbolScope::kFunction) {
    written_.push_back(Operand::make_symbol(binding->symbol));
  } else {
    fail(callee, quote_token(callee.text) + " is not a function");
  }
  Operand args;
  args.kind = OperandKind::kVector;
  args.index = static_cast<std::uint32_t>(pool_.size());
  bool more = accept(TokenKind::kComma);
  if (more && tok_.is(TokenKind::kLParen)) {
    args = parse_operand_list(TokenKind::kRParen, "')' or ',' in the argument list");
    more = accept(TokenKind::kComma);
  }
  written_.push_back(args);
  if (!more) return;
  Token proto = expect(TokenKind::kIdent, "a .callprototype label");
  std::optional<Binding> proto_binding = lookup(proto.text);
  if (!proto_binding || proto_binding->kind != Binding::Kind::kPrototype) {
    fail(proto, "undeclared prototype " + quote_token(proto.text));
  }
  Operand op;
  op.kind = OperandKind::kPrototype;
  op.index = proto_binding->index;
  written_.push_back(op);
}

// `(a, b, ...)` after the opening token; elements go straight to pool_.
Operand Parser::parse_operand_list(TokenKind close, std::string_view what) {
  Token open = tok_;
  advance();
  Operand list;
  list.kind = OperandKind::kVector;
  list.index = static_cast<std::uint32_t>(pool_.size());
  if (!tok_.is(close)) {
    do {
      if (pool_.size() - list.index == kMaxAggregate) fail(tok_, "too many elements");
      if (tok_.is(TokenKind::kLBrace) || tok_.is(TokenKind::kLBracket)) {
        fail(tok_, "unexpected " + quote_token(tok_.text) + " inside " + quote_token(open.text));
      }
      Operand element = parse_operand('s');
      pool_.push_back(element);
    } while (accept(TokenKind::kComma));
  }
  expect(close, what);
  list.count = static_cast<std::uint32_t>(pool_.size() - list.index);
  return list;
}

Operand Parser::parse_operand(char slot) {
  switch (tok_.kind) {
    case TokenKind::kLBracket:
      return parse_bracketed();
    case TokenKind::kLBrace:
      return parse_vector();
    case TokenKind::kBang: {
      advance();
      Token name = expect(TokenKind::kIdent, "a predicate register after '!'");
      std::optional<Binding> binding = lookup(name.text);
      if (!binding || binding->kind != Binding::Kind::kReg) {
        fail(name, "undeclared register " + quote_token(name.text));
      }
      return Operand::make_reg(binding->index, true);
    }
    case TokenKind::kMinus:
    case TokenKind::kInt:
    case TokenKind::kFloat:
    case TokenKind::kF32Bits:
    case TokenKind::kF64Bits:
      return parse_immediate();
    case TokenKind::kIdent:
      return parse_name(slot);
    default:
      fail_expected("an operand");
  }
}

Operand Parser::parse_name(char slot) {
  Token name = tok_;
  advance();
  if (slot == 'l') return Operand::make_label(label_ref(name));
  if (name.text == "_") {
    Operand sink;
    sink.kind = OperandKind::kSink;
    return sink;
  }
  Operand op;
  if (std::optional<Binding> binding = lookup(name.text)) {
    if (binding->kind == Binding::Kind::kPrototype) {
      fail(name, "prototype " + quote_token(name.text) + " used as an operand");
    }
    if (binding->kind == Binding::Kind::kSymbol) {
      return Operand::make_symbol(binding->symbol, parse_offset());
    }
    op = Operand::make_reg(binding->index);
  } else if (name.text == "WARP_SZ") {
    // PTX's one predefined constant; every NVIDIA GPU so far has 32-thread warps.
    return Operand::make_imm(32, ImmKind::kInt);
  } else if (std::optional<SpecialReg> sreg = parse_special_reg(name.text)) {
    op.kind = OperandKind::kSreg;
    op.sreg = *sreg;
  } else {
    fail(name,
         std::string(name.text[0] == '%' ? "undeclared register " : "undeclared identifier ") +
             quote_token(name.text));
  }
  if (tok_.is(TokenKind::kDirective)) {
    std::uint8_t component = component_of(tok_.text);
    if (component == 0) fail(tok_, "unexpected " + quote_token(tok_.text) + " after operand");
    op.component = component;
    advance();
  }
  return op;
}

// `+imm`, `+-imm` or `-imm` after a base; 0 when absent.
std::int64_t Parser::parse_offset() {
  if (!tok_.is(TokenKind::kPlus) && !tok_.is(TokenKind::kMinus)) return 0;
  bool negative = tok_.is(TokenKind::kMinus);
  advance();
  if (!negative && accept(TokenKind::kMinus)) negative = true;
  Token at = tok_;
  std::uint64_t value = expect_uint("an integer offset");
  std::uint64_t limit = std::uint64_t{1} << 63;
  if (value > limit || (!negative && value == limit)) fail(at, "offset out of range");
  return negative ? static_cast<std::int64_t>(~value + 1) : static_cast<std::int64_t>(value);
}

Operand Parser::parse_immediate() {
  bool negative = accept(TokenKind::kMinus);
  Token at = tok_;
  Operand op;
  op.kind = OperandKind::kImm;
  switch (tok_.kind) {
    case TokenKind::kInt:
      op.imm_kind = tok_.is_unsigned ? ImmKind::kUnsigned : ImmKind::kInt;
      if (negative && !tok_.is_unsigned && tok_.value > (std::uint64_t{1} << 63)) {
        fail(at, "integer literal out of range");
      }
      op.imm = negative ? ~tok_.value + 1 : tok_.value;
      break;
    case TokenKind::kFloat:
    case TokenKind::kF64Bits:
      op.imm_kind = ImmKind::kF64;
      op.imm = tok_.value ^ (negative ? std::uint64_t{1} << 63 : 0);
      break;
    case TokenKind::kF32Bits:
      op.imm_kind = ImmKind::kF32;
      op.imm = tok_.value ^ (negative ? std::uint64_t{1} << 31 : 0);
      break;
    default:
      fail_expected("a number");
  }
  advance();
  return op;
}

// `[base+off]`, `[imm]`, or a texture/surface tuple `[handle, {coords}, ...]`.
Operand Parser::parse_bracketed() {
  Token open = tok_;
  advance();
  if (tok_.is(TokenKind::kInt)) {
    Operand address;
    address.kind = OperandKind::kAddress;
    address.offset = static_cast<std::int64_t>(expect_uint("an address"));
    expect(TokenKind::kRBracket, "']'");
    return address;
  }
  Token base = expect(TokenKind::kIdent, "an address");
  std::optional<Binding> binding = lookup(base.text);
  if (!binding || binding->kind == Binding::Kind::kPrototype) {
    fail(base,
         std::string(base.text[0] == '%' ? "undeclared register " : "undeclared identifier ") +
             quote_token(base.text));
  }
  bool is_reg = binding->kind == Binding::Kind::kReg;
  if (!tok_.is(TokenKind::kComma)) {
    std::int64_t offset = parse_offset();
    expect(TokenKind::kRBracket, "']' after the address");
    return is_reg ? Operand::make_reg_address(binding->index, offset)
                  : Operand::make_symbol_address(binding->symbol, offset);
  }
  std::array<Operand, kMaxTuple> elements;
  std::size_t count = 0;
  elements[count++] =
      is_reg ? Operand::make_reg(binding->index) : Operand::make_symbol(binding->symbol);
  while (accept(TokenKind::kComma)) {
    if (count == kMaxTuple) fail(tok_, "too many elements in " + quote_token(open.text));
    if (tok_.is(TokenKind::kLBracket)) fail(tok_, "unexpected '[' inside '['");
    elements[count++] = parse_operand('s');
  }
  expect(TokenKind::kRBracket, "']'");
  Operand tuple;
  tuple.kind = OperandKind::kTuple;
  tuple.index = static_cast<std::uint32_t>(pool_.size());
  tuple.count = static_cast<std::uint32_t>(count);
  pool_.insert(pool_.end(), elements.begin(),
               elements.begin() + static_cast<std::ptrdiff_t>(count));
  return tuple;
}

Operand Parser::parse_vector() {
  Token open = tok_;
  Operand vector = parse_operand_list(TokenKind::kRBrace, "'}' or ',' in the vector");
  if (vector.count == 0) fail(open, "empty vector operand");
  return vector;
}

}  // namespace warpsim::ptx::detail
