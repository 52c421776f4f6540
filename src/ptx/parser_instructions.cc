// Instructions: guard, opcode lookup and modifier classification through the tables in
// opcodes.cc and modifiers.cc.

#include <algorithm>
#include <array>
#include <unordered_map>

#include "ptx/error.h"
#include "ptx/parser_impl.h"

namespace warpsim::ptx::detail {
namespace {

constexpr std::size_t kMaxNameParts = 4;

// An opcode name split at its dots ("cp.async.wait_group" -> cp, async, wait_group).
struct Candidate {
  const OpcodeInfo* info = nullptr;
  std::array<std::string_view, kMaxNameParts> parts{};
  std::size_t size = 0;
};

using CandidateIndex = std::unordered_map<std::string_view, std::vector<Candidate>>;

CandidateIndex build_candidates() {
  CandidateIndex index;
  for (const OpcodeInfo& info : opcode_table()) {
    if (info.name.empty()) continue;
    Candidate candidate;
    candidate.info = &info;
    std::string_view rest = info.name;
    while (!rest.empty()) {
      std::size_t dot = rest.find('.');
      candidate.parts[candidate.size++] = rest.substr(0, dot);
      rest = dot == std::string_view::npos ? std::string_view() : rest.substr(dot + 1);
    }
    index[candidate.parts[0]].push_back(candidate);
  }
  for (auto& [first, list] : index) {
    std::stable_sort(list.begin(), list.end(),
                     [](const Candidate& a, const Candidate& b) { return a.size > b.size; });
  }
  return index;
}

const CandidateIndex& candidates() {
  static const CandidateIndex index = build_candidates();
  return index;
}

// What a modifier token is, decided once per distinct token text.
struct ModToken {
  enum class Kind : std::uint8_t { kType, kSpace, kVec, kMod };
  Kind kind = Kind::kMod;
  DataType type = DataType::kNone;
  StateSpace space = StateSpace::kGeneric;
  std::uint8_t vec = 0;
  Mod mod = Mod::kNone;
};

std::unordered_map<std::string_view, ModToken> build_mod_tokens() {
  std::unordered_map<std::string_view, ModToken> tokens;
  for (auto t = static_cast<unsigned>(DataType::kPred);
       t < static_cast<unsigned>(DataType::kTexRef); ++t) {
    auto type = static_cast<DataType>(t);
    tokens[type_name(type)] = {ModToken::Kind::kType, type};
  }
  for (auto s = static_cast<unsigned>(StateSpace::kConst);
       s < static_cast<unsigned>(StateSpace::kTex); ++s) {
    auto space = static_cast<StateSpace>(s);
    tokens[space_name(space)] = {ModToken::Kind::kSpace, DataType::kNone, space};
  }
  tokens["v2"] = {ModToken::Kind::kVec, DataType::kNone, StateSpace::kGeneric, 2};
  tokens["v4"] = {ModToken::Kind::kVec, DataType::kNone, StateSpace::kGeneric, 4};
  tokens["v8"] = {ModToken::Kind::kVec, DataType::kNone, StateSpace::kGeneric, 8};
  for (auto m = static_cast<unsigned>(Mod::kNone) + 1; m < static_cast<unsigned>(Mod::kCount);
       ++m) {
    auto mod = static_cast<Mod>(m);
    tokens[mod_name(mod)] = {ModToken::Kind::kMod, DataType::kNone, StateSpace::kGeneric, 0, mod};
  }
  return tokens;
}

const std::unordered_map<std::string_view, ModToken>& mod_tokens() {
  static const auto tokens = build_mod_tokens();
  return tokens;
}

std::string joined(std::span<const Token> parts) {
  std::string text(parts[0].text);
  for (std::size_t i = 1; i < parts.size(); ++i) text += parts[i].text;
  return text;
}

std::string on(const OpcodeInfo& info) { return " on '" + std::string(info.name) + "'"; }

}  // namespace

void Parser::parse_instruction() {
  Instruction inst;
  Token start = tok_;
  if (accept(TokenKind::kAt)) {
    inst.guard_negated = accept(TokenKind::kBang);
    Token guard = expect(TokenKind::kIdent, "a predicate register after '@'");
    std::optional<Binding> binding = lookup(guard.text);
    if (!binding || binding->kind != Binding::Kind::kReg) {
      fail(guard, "undeclared register " + quote_token(guard.text));
    }
    inst.guard = binding->index;
  }
  if (!tok_.is(TokenKind::kIdent)) fail_expected("an instruction");
  Token opcode = tok_;
  const OpcodeInfo& info = parse_opcode(inst);
  parse_operands(inst, info, opcode);
  inst.loc = {start.line, start.col};
  inst.debug = debug_;
  fn_->insts.push_back(std::move(inst));
  add_body_entry(BodyEntry::Kind::kInst, static_cast<std::uint32_t>(fn_->insts.size() - 1));
}

const OpcodeInfo& Parser::parse_opcode(Instruction& inst) {
  std::array<Token, kMaxModifiers + 1> parts;
  std::size_t count = 0;
  parts[count++] = tok_;
  advance();
  while (tok_.is(TokenKind::kDirective)) {
    if (count == parts.size()) fail(tok_, "too many modifiers on " + quote_token(parts[0].text));
    parts[count++] = tok_;
    advance();
  }
  auto found = candidates().find(parts[0].text);
  const Candidate* match = nullptr;
  if (found != candidates().end()) {
    for (const Candidate& candidate : found->second) {
      if (candidate.size > count) continue;
      bool same = true;
      for (std::size_t i = 1; i < candidate.size && same; ++i) {
        same = parts[i].text.substr(1) == candidate.parts[i];
      }
      if (same) {
        match = &candidate;
        break;
      }
    }
  }
  if (match == nullptr) {
    std::size_t shown = found != candidates().end() && count > 1 ? 2 : 1;
    fail(parts[0], "unknown instruction " + quote_token(joined({parts.data(), shown})));
  }
  const OpcodeInfo& info = *match->info;
  if (info.unsupported()) {
    fail(parts[0], "unsupported instruction " + quote_token(joined({parts.data(), count})));
  }
  inst.op = info.op;
  unsigned types = 0;
  for (std::size_t i = match->size; i < count; ++i) apply_modifier(inst, info, parts[i], types);
  check_required(inst, info, parts[0], types);
  return info;
}

void Parser::apply_modifier(Instruction& inst, const OpcodeInfo& info, const Token& part,
                            unsigned& types) {
  auto found = mod_tokens().find(part.text.substr(1));
  if (found == mod_tokens().end()) {
    fail(part, "unknown modifier " + quote_token(part.text) + on(info));
  }
  const ModToken& token = found->second;
  auto not_allowed = [&] {
    return "modifier " + quote_token(part.text) + " is not allowed" + on(info);
  };
  auto duplicate = [&] { return "duplicate modifier " + quote_token(part.text) + on(info); };
  switch (token.kind) {
    case ModToken::Kind::kType: {
      if (!info.allows(ModCat::kType) || info.max_types == 0) fail(part, not_allowed());
      if (types == info.max_types) fail(part, "too many type suffixes" + on(info));
      DataType* slots[] = {&inst.type, &inst.type2, &inst.type3};
      *slots[types++] = token.type;
      return;
    }
    case ModToken::Kind::kSpace:
      if (info.allows(ModCat::kSpace) && inst.space == StateSpace::kGeneric) {
        inst.space = token.space;
      } else if (info.allows(ModCat::kSpace2) && inst.space2 == StateSpace::kGeneric) {
        inst.space2 = token.space;
      } else {
        fail(part, info.allows(ModCat::kSpace) ? duplicate() : not_allowed());
      }
      return;
    case ModToken::Kind::kVec:
      if (!info.allows(ModCat::kVec)) fail(part, not_allowed());
      if (inst.vec != 1) fail(part, duplicate());
      inst.vec = token.vec;
      return;
    case ModToken::Kind::kMod:
      break;
  }
  bool fits = false;
  for (ModCat cat : info.cats.list()) {
    if (!mod_in_category(token.mod, cat)) continue;
    fits = true;
    if (!inst.has(cat)) {
      inst.set_mod(cat, token.mod);
      return;
    }
  }
  fail(part, fits ? duplicate() : not_allowed());
}

void Parser::check_required(const Instruction& inst, const OpcodeInfo& info, const Token& at,
                            unsigned types) const {
  if (types < info.min_types) {
    fail(at, info.min_types == 1
                 ? "missing type suffix" + on(info)
                 : "expected " + std::to_string(info.min_types) + " type suffixes" + on(info));
  }
  for (ModCat cat : info.cats.list()) {
    if (!info.requires_cat(cat)) continue;
    bool present = cat == ModCat::kSpace    ? inst.space != StateSpace::kGeneric
                   : cat == ModCat::kSpace2 ? inst.space2 != StateSpace::kGeneric
                                            : inst.has(cat);
    if (!present) fail(at, "missing " + std::string(category_name(cat)) + on(info));
  }
}

}  // namespace warpsim::ptx::detail
