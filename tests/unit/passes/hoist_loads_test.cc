// The hoist_loads pass: loads move up their block past arithmetic that does not feed or use
// them, never past memory writes, barriers, labels or their own operands' producers, and the
// program computes the same.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "func/device.h"
#include "passes/pass_runner.h"
#include "ptx/parser.h"
#include "ptx/printer.h"
#include "ptx/verifier.h"

namespace warpsim::passes {
namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string matmul_ptx() {
  return read(std::string(WARPSIM_SOURCE_DIR) + "/ptx/sm_90/tests__cuda__matmul.ptx");
}

std::string transpose_ptx() {
  return read(std::string(WARPSIM_SOURCE_DIR) + "/ptx/sm_90/tests__cuda__transpose.ptx");
}

PassReport hoist(ptx::Module& m) {
  PassReport report = run_passes(m, {parse_pass_spec("hoist_loads")}, {});
  ptx::verify(m);
  return report;
}

// The instructions of `fn` from label `name` up to (not including) the next label.
std::vector<const ptx::Instruction*> block_at(const ptx::Function& fn, const std::string& name) {
  std::uint32_t first = ptx::kNoIndex;
  std::uint32_t end = static_cast<std::uint32_t>(fn.insts.size());
  for (const ptx::Label& l : fn.labels) {
    if (l.name == name) first = l.inst;
  }
  EXPECT_NE(first, ptx::kNoIndex) << name;
  for (const ptx::Label& l : fn.labels) {
    if (l.inst > first && l.inst < end) end = l.inst;
  }
  std::vector<const ptx::Instruction*> out;
  for (std::uint32_t i = first; i < end; ++i) out.push_back(&fn.insts[i]);
  return out;
}

TEST(HoistLoads, MatmulNaiveLoadsAllPrecedeTheFirstFma) {
  const std::string text = matmul_ptx();
  const ptx::Module before = ptx::parse_ptx(text, "matmul.ptx");
  ptx::Module after = ptx::parse_ptx(text, "matmul.ptx");
  const PassReport report = hoist(after);
  const std::string kernel = "_Z12matmul_naiveIfEvPKT_S2_PS0_iii";
  EXPECT_GE(report.counts.at(kernel).at("hoisted"), 6u);

  const auto old_block = block_at(*before.find_function(kernel), "$L__BB0_4");
  const auto new_block = block_at(*after.find_function(kernel), "$L__BB0_4");
  ASSERT_EQ(old_block.size(), new_block.size());
  std::vector<ptx::Instruction> old_loads, new_loads, old_fmas, new_fmas;
  std::size_t last_load = 0, first_fma = new_block.size();
  for (std::size_t i = 0; i < new_block.size(); ++i) {
    const ptx::Instruction& inst = *new_block[i];
    if (inst.op == ptx::Opcode::kLd) {
      new_loads.push_back(inst);
      last_load = i;
    }
    if (inst.op == ptx::Opcode::kFma) {
      new_fmas.push_back(inst);
      first_fma = std::min(first_fma, i);
    }
    if (old_block[i]->op == ptx::Opcode::kLd) old_loads.push_back(*old_block[i]);
    if (old_block[i]->op == ptx::Opcode::kFma) old_fmas.push_back(*old_block[i]);
  }
  ASSERT_EQ(new_loads.size(), 8u);
  EXPECT_LT(last_load, first_fma) << ptx::print_ptx(after);
  EXPECT_EQ(new_loads, old_loads);  // same loads, same order
  EXPECT_EQ(new_fmas, old_fmas);    // same fmas, same operands, same order
  // The branch still ends the block.
  EXPECT_EQ(new_block.back()->op, ptx::Opcode::kBra);

  // Printed and read back: the same module, which prints the same.
  const std::string printed = ptx::print_ptx(after);
  const ptx::Module back = ptx::parse_ptx(printed, "matmul.ptx");
  ptx::verify(back);
  EXPECT_EQ(ptx::print_ptx(back), printed);
}

constexpr const char* kObstacles = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 pa)
{
	.reg .pred %p<3>;
	.reg .b32 %r<20>;
	.reg .b64 %rd<10>;
	.shared .align 4 .b8 smem[64];
	ld.param.u64 %rd1, [pa];
	add.s32 %r1, %r1, 1;
	st.global.u32 [%rd1], %r1;
	add.s32 %r2, %r2, 1;
	ld.global.u32 %r3, [%rd1+4];
	add.s32 %r4, %r4, 1;
	bar.sync 0;
	add.s32 %r5, %r5, 1;
	ld.shared.u32 %r6, [smem];
	add.s32 %r7, %r7, 1;
	atom.global.add.u32 %r8, [%rd1], 1;
	add.s32 %r9, %r9, 1;
	ld.global.u32 %r10, [%rd1+8];
	add.s64 %rd2, %rd1, 16;
	ld.global.u32 %r11, [%rd2];
	setp.ne.s32 %p1, %r9, 0;
	@%p1 ld.global.u32 %r12, [%rd1+12];
	mov.u32 %r13, %r14;
	add.s32 %r15, %r14, 1;
	ld.global.u32 %r14, [%rd1+20];
	add.s32 %r16, %r16, 1;
$L__X:
	ld.global.u32 %r17, [%rd1+24];
	st.global.u32 [%rd1], %r17;
	ret;
}
)";

// One line per instruction: its opcode, and for ld/add/mov/atom its destination register.
std::string order(const ptx::Function& fn) {
  std::string out;
  for (const ptx::Instruction& inst : fn.insts) {
    std::string name(ptx::opcode_name(inst.op));
    if (inst.op == ptx::Opcode::kLd || inst.op == ptx::Opcode::kAdd ||
        inst.op == ptx::Opcode::kMov || inst.op == ptx::Opcode::kAtom) {
      if (inst.arg(0).kind == ptx::OperandKind::kReg) name += " " + fn.reg_name(inst.arg(0).reg);
    }
    out += name + "\n";
  }
  return out;
}

TEST(HoistLoads, NeverCrossesStoresBarriersAtomsProducersLabelsOrReaders) {
  ptx::Module m = ptx::parse_ptx(kObstacles, "o.ptx");
  hoist(m);
  const std::string got = order(m.functions[0]);
  // ld %r3 passes add %r2, stops at the store to its own space; ld %r6 passes add %r5, stops
  // at bar.sync; ld %r10 passes add %r9, stops at the atom; ld %r11 moves up with add %rd2 (its
  // address, placed just before it) and stops after ld %r10 (loads keep their order); the
  // guarded ld %r12 follows with the add and setp of its guard; ld %r14 stays after the mov and
  // add that read %r14 (WAR); ld %r17 stays at its label.
  const std::string want =
      "ld %rd1\nadd %r1\nst\nld %r3\nadd %r2\nadd %r4\nbar\nld %r6\nadd %r5\nadd %r7\n"
      "atom %r8\nld %r10\nadd %rd2\nld %r11\nadd %r9\nsetp\nld %r12\nmov %r13\nadd %r15\n"
      "ld %r14\nadd %r16\nld %r17\nst\nret\n";
  EXPECT_EQ(got, want) << ptx::print_ptx(m);
}

// A load crosses a store to another state space, not one to its own or a generic one.
TEST(HoistLoads, CrossesStoresOnlyToOtherStateSpaces) {
  const char* text = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 pa)
{
	.reg .b32 %r<10>;
	.reg .b64 %rd<10>;
	.shared .align 4 .b8 smem[64];
	ld.param.u64 %rd1, [pa];
	ld.global.u32 %r1, [%rd1];
	st.shared.u32 [smem], %r1;
	ld.global.u32 %r2, [%rd1+4];
	st.shared.u32 [smem+4], %r2;
	ld.shared.u32 %r3, [smem+8];
	st.u32 [%rd1+8], %r3;
	ld.global.u32 %r4, [%rd1+12];
	ret;
}
)";
  ptx::Module m = ptx::parse_ptx(text, "s.ptx");
  hoist(m);
  // ld %r2 passes the shared store and stops at ld %r1; ld %r3 (shared) stops at the shared
  // store; ld %r4 stops at the generic store.
  EXPECT_EQ(order(m.functions[0]), "ld %rd1\nld %r1\nld %r2\nst\nst\nld %r3\nst\nld %r4\nret\n")
      << ptx::print_ptx(m);
}

// transpose_tiled guards each of its four tile loads, `if (x < w && y + j < h) tile[..] =
// in[..]`: predicated, the four global loads issue before the first shared store.
TEST(HoistLoads, TransposeTileLoadsIssueTogether) {
  ptx::Module m = ptx::parse_ptx(transpose_ptx(), "transpose.ptx");
  const std::string kernel = "_Z15transpose_tiledILi1EEvPKfPfii";
  const PassReport report = hoist(m);
  EXPECT_EQ(report.counts.at(kernel).at("predicated"), 8u);
  const ptx::Function& fn = *m.find_function(kernel);
  std::vector<ptx::Opcode> memory;
  for (const ptx::Instruction& inst : fn.insts) {
    EXPECT_NE(inst.op, ptx::Opcode::kBra);
    if (inst.op == ptx::Opcode::kBar) break;
    if (inst.op == ptx::Opcode::kLd && inst.space == ptx::StateSpace::kGlobal) {
      memory.push_back(inst.op);
    }
    if (inst.op == ptx::Opcode::kSt) memory.push_back(inst.op);
  }
  const std::vector<ptx::Opcode> want = {ptx::Opcode::kLd, ptx::Opcode::kLd, ptx::Opcode::kLd,
                                         ptx::Opcode::kLd, ptx::Opcode::kSt, ptx::Opcode::kSt,
                                         ptx::Opcode::kSt, ptx::Opcode::kSt};
  EXPECT_EQ(memory, want) << ptx::print_ptx(m);
}

// The address producer is hoisted with the load only when it is pure arithmetic that can move.
TEST(HoistLoads, ProducerThatCannotMoveKeepsTheLoad) {
  const char* text = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 pa)
{
	.reg .f32 %f<8>;
	.reg .b64 %rd<10>;
	ld.param.u64 %rd1, [pa];
	ld.global.f32 %f1, [%rd1];
	fma.rn.f32 %f2, %f1, %f1, %f1;
	cvt.rzi.s64.f32 %rd3, %f2;
	add.s64 %rd2, %rd1, %rd3;
	ld.global.f32 %f3, [%rd2];
	st.global.f32 [%rd1], %f3;
	ret;
}
)";
  ptx::Module m = ptx::parse_ptx(text, "p.ptx");
  const std::string before = order(m.functions[0]);
  const PassReport report = hoist(m);
  EXPECT_EQ(order(m.functions[0]), before);
  EXPECT_EQ(report.total("hoisted"), 0u);
}

// A kernel with a loop, shared memory, a barrier, stores and an atomic.
constexpr const char* kDot = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry dot(.param .u64 pa, .param .u64 pb, .param .u64 pout, .param .u32 n)
{
	.reg .pred %p<4>;
	.reg .b32 %r<20>;
	.reg .f32 %f<20>;
	.reg .b64 %rd<20>;
	.shared .align 4 .f32 partial[64];
	ld.param.u64 %rd1, [pa];
	ld.param.u64 %rd2, [pb];
	ld.param.u64 %rd3, [pout];
	ld.param.u32 %r1, [n];
	mov.u32 %r2, %tid.x;
	mov.f32 %f1, 0f00000000;
	mov.u32 %r3, %r2;
	setp.ge.s32 %p1, %r3, %r1;
	@%p1 bra $DONE;
$LOOP:
	mul.wide.s32 %rd4, %r3, 4;
	add.s64 %rd5, %rd1, %rd4;
	ld.global.f32 %f2, [%rd5];
	add.s64 %rd6, %rd2, %rd4;
	ld.global.f32 %f3, [%rd6];
	fma.rn.f32 %f1, %f2, %f3, %f1;
	add.s32 %r4, %r3, 64;
	mul.wide.s32 %rd7, %r4, 4;
	add.s64 %rd8, %rd1, %rd7;
	ld.global.f32 %f4, [%rd8];
	add.s64 %rd9, %rd2, %rd7;
	ld.global.f32 %f5, [%rd9];
	mul.f32 %f6, %f4, %f5;
	add.f32 %f1, %f1, %f6;
	st.global.f32 [%rd5], %f6;
	ld.global.f32 %f7, [%rd5];
	add.f32 %f1, %f1, %f7;
	add.s32 %r3, %r3, 128;
	setp.lt.s32 %p2, %r3, %r1;
	@%p2 bra $LOOP;
$DONE:
	shl.b32 %r5, %r2, 2;
	mov.u32 %r6, partial;
	add.s32 %r7, %r6, %r5;
	st.shared.f32 [%r7], %f1;
	bar.sync 0;
	setp.ne.s32 %p3, %r2, 0;
	@%p3 bra $END;
	mov.f32 %f8, 0f00000000;
	mov.u32 %r8, 0;
$SUM:
	shl.b32 %r9, %r8, 2;
	add.s32 %r10, %r6, %r9;
	add.f32 %f10, %f8, 0f3F800000;
	ld.shared.f32 %f9, [%r10];
	add.f32 %f8, %f8, %f9;
	add.s32 %r8, %r8, 1;
	setp.lt.u32 %p2, %r8, 64;
	@%p2 bra $SUM;
	st.global.f32 [%rd3], %f8;
	atom.global.add.f32 %f11, [%rd3+4], %f8;
	ld.global.f32 %f12, [%rd3+4];
	st.global.f32 [%rd3+8], %f12;
$END:
	ret;
}
)";

// Runs `kernel` of `text` (with or without the pass) on the given buffers; returns them after.
std::vector<std::vector<std::uint8_t>> run_kernel(const std::string& text, const char* kernel,
                                                  bool with_pass,
                                                  std::vector<std::vector<std::uint8_t>> bufs,
                                                  std::vector<std::uint32_t> ints,
                                                  func::LaunchConfig config) {
  func::DeviceOptions options;
  if (with_pass) {
    options.transform = [](ptx::Module& m) { run_passes(m, {parse_pass_spec("hoist_loads")}, {}); };
  }
  func::Device device(options);
  const func::LoadedModule& module = device.load_module(text, "k.ptx");
  std::vector<Addr> addrs;
  for (const auto& b : bufs) {
    addrs.push_back(device.malloc(b.size()));
    device.memory().write(addrs.back(), b.data(), b.size());
  }
  std::vector<const void*> args;
  for (const Addr& a : addrs) args.push_back(&a);
  for (const std::uint32_t& v : ints) args.push_back(&v);
  device.launch(*module.find_kernel(kernel), config, args);
  for (std::size_t i = 0; i < bufs.size(); ++i) {
    device.memory().read(addrs[i], bufs[i].data(), bufs[i].size());
  }
  return bufs;
}

template <typename T>
std::vector<std::uint8_t> bytes_of(const std::vector<T>& v) {
  std::vector<std::uint8_t> out(v.size() * sizeof(T));
  std::memcpy(out.data(), v.data(), out.size());
  return out;
}

TEST(HoistLoads, DotKernelComputesTheSame) {
  ptx::Module m = ptx::parse_ptx(kDot, "dot.ptx");
  EXPECT_GT(hoist(m).total("hoisted"), 0u);
  const unsigned n = 1000;
  std::vector<float> a(n + 64), b(n + 64);  // the loop reads up to 64 past n
  for (unsigned i = 0; i < a.size(); ++i) {
    a[i] = 0.25f * static_cast<float>(i % 17) - 1.0f;
    b[i] = 0.5f * static_cast<float>(i % 13) + 0.125f;
  }
  const std::vector<std::vector<std::uint8_t>> bufs = {bytes_of(a), bytes_of(b),
                                                       std::vector<std::uint8_t>(16, 0)};
  const func::LaunchConfig config{{1, 1, 1}, {64, 1, 1}, 0};
  const auto plain = run_kernel(kDot, "dot", false, bufs, {n}, config);
  const auto hoisted = run_kernel(kDot, "dot", true, bufs, {n}, config);
  EXPECT_EQ(plain, hoisted);
  EXPECT_NE(plain[2], bufs[2]);  // it did write its result
}

TEST(HoistLoads, MatmulKernelsComputeTheSame) {
  const std::string text = matmul_ptx();
  const unsigned m = 37, n = 29, k = 23;
  std::vector<float> fa(m * k), fb(k * n);
  std::vector<double> da(m * k), db(k * n);
  for (unsigned i = 0; i < fa.size(); ++i) da[i] = fa[i] = static_cast<float>(i % 7) - 3.0f;
  for (unsigned i = 0; i < fb.size(); ++i) db[i] = fb[i] = 0.5f * static_cast<float>(i % 5);
  struct Case {
    const char* kernel;
    bool is_double;
    unsigned tile;
  };
  for (const Case c : {Case{"_Z12matmul_naiveIfEvPKT_S2_PS0_iii", false, 16},
                       Case{"_Z12matmul_tiledIfLi16EEvPKT_S2_PS0_iii", false, 16},
                       Case{"_Z12matmul_tiledIdLi8EEvPKT_S2_PS0_iii", true, 8}}) {
    SCOPED_TRACE(c.kernel);
    const std::size_t elem = c.is_double ? 8 : 4;
    std::vector<std::vector<std::uint8_t>> bufs =
        c.is_double ? std::vector<std::vector<std::uint8_t>>{bytes_of(da), bytes_of(db)}
                    : std::vector<std::vector<std::uint8_t>>{bytes_of(fa), bytes_of(fb)};
    bufs.emplace_back(m * n * elem, 0);
    const func::LaunchConfig config{
        {(n + c.tile - 1) / c.tile, (m + c.tile - 1) / c.tile, 1}, {c.tile, c.tile, 1}, 0};
    const auto plain = run_kernel(text, c.kernel, false, bufs, {m, n, k}, config);
    const auto hoisted = run_kernel(text, c.kernel, true, bufs, {m, n, k}, config);
    EXPECT_EQ(plain, hoisted);
    EXPECT_NE(plain[2], bufs[2]);
  }
}

// Edge tiles exercise every guard: 100 x 67 in 32 x 32 tiles.
TEST(HoistLoads, TransposeKernelsComputeTheSame) {
  const std::string text = transpose_ptx();
  const unsigned w = 100, h = 67;
  std::vector<float> in(w * h);
  for (unsigned i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i) * 0.5f;
  const std::vector<std::vector<std::uint8_t>> bufs = {bytes_of(in),
                                                       std::vector<std::uint8_t>(w * h * 4, 0)};
  const func::LaunchConfig config{{(w + 31) / 32, (h + 31) / 32, 1}, {32, 8, 1}, 0};
  for (const char* kernel :
       {"_Z15transpose_tiledILi1EEvPKfPfii", "_Z15transpose_tiledILi0EEvPKfPfii"}) {
    SCOPED_TRACE(kernel);
    const auto plain = run_kernel(text, kernel, false, bufs, {w, h}, config);
    const auto converted = run_kernel(text, kernel, true, bufs, {w, h}, config);
    EXPECT_EQ(plain, converted);
    std::vector<float> out(w * h);
    std::memcpy(out.data(), converted[1].data(), converted[1].size());
    for (unsigned y = 0; y < h; ++y) {
      for (unsigned x = 0; x < w; ++x) ASSERT_EQ(out[x * h + y], in[y * w + x]) << x << "," << y;
    }
  }
}

}  // namespace
}  // namespace warpsim::passes
