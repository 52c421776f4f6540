#pragma once

#include "ptx/error.h"
#include "ptx/ir.h"

namespace warpsim::ptx {

// Semantic checks on a parsed (or pass-built) module. Throws ParseError at the first problem,
// located at the offending instruction ("file:line:col: error: ..."; 0:0 for IR built by code):
//  - every index in the IR is in range (registers, symbols, labels, prototypes, functions,
//    aggregate elements, .loc files when the module declares any);
//  - labels are defined and branch targets exist; calls name a declared function (or go through
//    a register with a prototype) and pass as many arguments and return values as it declares;
//  - each operand has a kind the opcode's slot accepts (a destination is a register, vector or
//    `_`; an address slot holds an address; a label slot a label ...);
//  - cheap type checks: guards and predicate operands are .pred registers, non-predicate
//    operands are not, and registers of ALU instructions are as wide as the instruction type;
//  - required modifiers and operand combinations (setp with .and needs its predicate, atom.cas
//    has two sources, ...).
//
// Contract: a module that passes can be executed and printed without further checks.
void verify(const Module& module);

}  // namespace warpsim::ptx
