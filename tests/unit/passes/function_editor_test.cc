// FunctionEditor: insertions keep labels where branches expect them; appended blocks never
// become reachable by falling off the function's end.
#include <gtest/gtest.h>

#include <string>

#include "passes/function_editor.h"
#include "ptx/parser.h"
#include "ptx/printer.h"
#include "ptx/verifier.h"

namespace warpsim::passes {
namespace {

constexpr const char* kText = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	ld.param.u32 %r1, [n];
	setp.eq.s32 %p1, %r1, 0;
	@%p1 bra $END;
	add.s32 %r1, %r1, 1;
$END:
}
)";

std::string body(const ptx::Module& m) {
  std::string text = ptx::print_ptx(m);
  return text.substr(text.find("ld.param"));
}

TEST(FunctionEditor, InsertsBeforeAfterLabelsAndAfterBeforeThem) {
  ptx::Module m = ptx::parse_ptx(kText, "k.ptx");
  ptx::Function& fn = m.functions[0];
  FunctionEditor editor(fn);
  editor.insert_before(3, make_plain(ptx::Opcode::kRelssp, fn.insts[3]));  // start of a block
  editor.insert_after(2, make_plain(ptx::Opcode::kRelssp, fn.insts[2]));   // fall-through only
  const std::uint32_t label = editor.add_label("x");
  editor.append_block(label, {make_plain(ptx::Opcode::kRelssp, fn.insts[0]),
                              make_plain(ptx::Opcode::kExit, fn.insts[0])});
  editor.commit();
  ptx::verify(m);
  // The function could fall off its end at $END: a ret keeps the appended block unreachable.
  EXPECT_EQ(body(m),
            "ld.param.u32\t%r1, [n];\n\tsetp.eq.s32\t%p1, %r1, 0;\n\t@%p1 bra\t$END;\n"
            "\trelssp;\n\trelssp;\n\tadd.s32\t%r1, %r1, 1;\n$END:\n\tret;\n"
            "$L__warpsim_x_1:\n\trelssp;\n\texit;\n}\n\n")
      << ptx::print_ptx(m);
  EXPECT_EQ(fn.labels[0].inst, 6u);  // $END names the added ret
  EXPECT_EQ(fn.labels[1].inst, 7u);
  // Printed and parsed again, it is the same module.
  EXPECT_EQ(ptx::print_ptx(ptx::parse_ptx(ptx::print_ptx(m), "k.ptx")), ptx::print_ptx(m));
}

}  // namespace
}  // namespace warpsim::passes
