// Device printf through vprintf: kernels in the shape nvcc emits (a .global byte-array format, a
// .local argument buffer, `call.uni (retval0), vprintf, (param0, param1)` in a scope), checked
// against the exact text C's printf rules give for each conversion.

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "func/exec_error.h"
#include "func_test_util.h"

namespace warpsim::func {
namespace {

using testing::FuncRunner;

const char* const kHeader = R"(.version 8.0
.target sm_90
.address_size 64

.extern .func  (.param .b32 func_retval0) vprintf
(
	.param .b64 vprintf_param_0,
	.param .b64 vprintf_param_1
)
;
)";

// `.global .align 1 .b8 name[n] = {...};` holding `text` and its NUL.
std::string global_string(const std::string& name, const std::string& text) {
  std::string s = ".global .align 1 .b8 " + name + "[" + std::to_string(text.size() + 1) + "] = {";
  for (unsigned char c : text) s += std::to_string(c) + ", ";
  return s + "0};\n";
}

// The call sequence nvcc emits; %rd_fmt and %rd_args hold the two generic pointers.
std::string call_vprintf(const std::string& fmt_reg, const std::string& args_reg,
                         const std::string& ret_reg) {
  return "\t{\n\t.reg .b32 temp_param_reg;\n\t.param .b64 param0;\n\tst.param.b64 [param0+0], " +
         fmt_reg + ";\n\t.param .b64 param1;\n\tst.param.b64 [param1+0], " + args_reg +
         ";\n\t.param .b32 retval0;\n\tcall.uni (retval0), \n\tvprintf, \n\t(\n\tparam0, "
         "\n\tparam1\n\t);\n\tld.param.b32 " +
         ret_reg + ", [retval0+0];\n\t}\n";
}

// Kernel `pf(args, ret)`: printf($str, args buffer at a global address); *ret = its result.
std::string buffer_module(const std::string& format) {
  return kHeader + global_string("$str", format) + R"(
.visible .entry pf(.param .u64 args, .param .u64 ret)
{
	.reg .b32 %r<2>;
	.reg .b64 %rd<5>;
	ld.param.u64 %rd1, [args];
	mov.u64 %rd2, $str;
	cvta.global.u64 %rd3, %rd2;
)" + call_vprintf("%rd3", "%rd1", "%r1") +
         R"(	ld.param.u64 %rd4, [ret];
	st.global.u32 [%rd4], %r1;
	ret;
}
)";
}

// An argument buffer laid out as the CUDA ABI does: each value at its natural alignment.
class ArgBuffer {
 public:
  ArgBuffer& i32(std::int32_t v) { return put(&v, 4); }
  ArgBuffer& i64(std::int64_t v) { return put(&v, 8); }
  ArgBuffer& f64(double v) { return put(&v, 8); }
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }

 private:
  ArgBuffer& put(const void* v, std::size_t n) {
    while (bytes_.size() % n != 0) bytes_.push_back(0xcd);
    const auto* p = static_cast<const std::uint8_t*>(v);
    bytes_.insert(bytes_.end(), p, p + n);
    return *this;
  }
  std::vector<std::uint8_t> bytes_;
};

struct Printed {
  std::string text;
  std::int32_t ret = 0;
};

// Runs printf(format, <args>) in one thread; `strings` are placed in device memory first and
// their addresses handed to `args` (for %s).
template <typename Build>
Printed run_printf(const std::string& format, Build&& build) {
  FuncRunner r(buffer_module(format));
  ArgBuffer args;
  build(r, args);
  Addr buf = args.bytes().empty() ? 0 : r.upload(args.bytes());
  Addr ret = r.alloc<std::int32_t>(1);
  r.launch("pf", {1, 1, 1}, {1, 1, 1}, buf, ret);
  return {r.printed(), r.download<std::int32_t>(ret, 1)[0]};
}

Addr device_string(FuncRunner& r, const std::string& s) {
  std::vector<char> bytes(s.begin(), s.end());
  bytes.push_back(0);
  return r.upload(bytes);
}

TEST(FuncPrintf, IntegerConversions) {
  Printed p = run_printf("%d %i %u %x %X %o %c|%%|\n", [](FuncRunner&, ArgBuffer& a) {
    a.i32(-42).i32(7).i32(-1).i32(255).i32(0xBEEF).i32(8).i32('Z');
  });
  EXPECT_EQ(p.text, "-42 7 4294967295 ff BEEF 10 Z|%|\n");
  EXPECT_EQ(p.ret, 7);
}

TEST(FuncPrintf, LengthModifiersPickSizeAndTruncate) {
  Printed p =
      run_printf("%ld %lld %llu %llx|%hd %hhd %hu %hhx|%zu %d\n", [](FuncRunner&, ArgBuffer& a) {
        a.i64(-5000000000LL).i64(1LL << 40).i64(-1).i64(0x123456789aLL);
        a.i32(0x12345).i32(200).i32(-1).i32(0x1ff);
        a.i64(42).i32(-3);
      });
  EXPECT_EQ(p.text,
            "-5000000000 1099511627776 18446744073709551615 123456789a|9029 -56 65535 ff|42 -3\n");
  EXPECT_EQ(p.ret, 10);
}

TEST(FuncPrintf, FloatingConversionsTakeDoubles) {
  const double pi = 3.141592653589793;
  Printed p =
      run_printf("%f %e %g %a|%.2f|%10.3f|%-8.1f|%+f %E %G\n", [&](FuncRunner&, ArgBuffer& a) {
        a.f64(pi).f64(pi).f64(pi).f64(pi).f64(pi).f64(pi).f64(pi);
        a.f64(pi).f64(-1e-10).f64(1e20);
      });
  EXPECT_EQ(p.text,
            "3.141593 3.141593e+00 3.14159 0x1.921fb54442d18p+1|3.14|     3.142|3.1     |"
            "+3.141593 -1.000000E-10 1E+20\n");
}

TEST(FuncPrintf, FlagsWidthAndPrecision) {
  Printed p =
      run_printf("[%05d][%-5d][%+d][% d][%#x][%#o][%.3d][%8.3x]\n", [](FuncRunner&, ArgBuffer& a) {
        a.i32(42).i32(42).i32(42).i32(42).i32(255).i32(8).i32(7).i32(10);
      });
  EXPECT_EQ(p.text, "[00042][42   ][+42][ 42][0xff][010][007][     00a]\n");
}

TEST(FuncPrintf, StarWidthAndPrecisionAreArguments) {
  Printed p = run_printf("[%*d][%.*f][%*d]\n", [](FuncRunner&, ArgBuffer& a) {
    a.i32(6).i32(42).i32(2).f64(2.71828).i32(-4).i32(9);
  });
  EXPECT_EQ(p.text, "[    42][2.72][9   ]\n");
  EXPECT_EQ(p.ret, 6);
}

TEST(FuncPrintf, StringsAndPointers) {
  Printed p = run_printf("%s|%.3s|%6s|%-6s|%s|%p\n", [](FuncRunner& r, ArgBuffer& a) {
    Addr s = device_string(r, "hello");
    a.i64(static_cast<std::int64_t>(s)).i64(static_cast<std::int64_t>(s));
    a.i64(static_cast<std::int64_t>(device_string(r, "ab")));
    a.i64(static_cast<std::int64_t>(device_string(r, "cd")));
    a.i64(0).i64(0x7000001230LL);
  });
  EXPECT_EQ(p.text, "hello|hel|    ab|cd    |(null)|0x7000001230\n");
}

TEST(FuncPrintf, NoArgumentsReturnsZero) {
  FuncRunner r(buffer_module("just text\n"));
  Addr ret = r.alloc<std::int32_t>(1);
  r.launch("pf", {1, 1, 1}, {1, 1, 1}, Addr{0}, ret);
  EXPECT_EQ(r.printed(), "just text\n");
  EXPECT_EQ(r.download<std::int32_t>(ret, 1)[0], 0);
}

TEST(FuncPrintf, ConversionsPastThirtyTwoArgumentsPrintAsWritten) {
  std::string format;
  for (int i = 0; i < 34; ++i) format += "%d,";
  Printed p = run_printf(format, [](FuncRunner&, ArgBuffer& a) {
    for (int i = 0; i < 34; ++i) a.i32(i);
  });
  std::string want;
  for (int i = 0; i < 32; ++i) want += std::to_string(i) + ",";
  EXPECT_EQ(p.text, want + "%d,%d,");
  EXPECT_EQ(p.ret, 32);
}

// The nvcc shape: arguments stored to a .local depot, passed as a generic pointer; every lane
// prints, lowest lane first.
std::string depot_module() {
  return kHeader + global_string("$str", "lane %d of %s: %f\n") + global_string("$str$1", "w") +
         R"(
.visible .entry depot(.param .f64 v)
{
	.local .align 8 .b8 __local_depot0[24];
	.reg .b64 %SP;
	.reg .b64 %SPL;
	.reg .b32 %r<3>;
	.reg .b64 %rd<8>;
	.reg .f64 %fd<2>;
	mov.u64 %SPL, __local_depot0;
	cvta.local.u64 %SP, %SPL;
	ld.param.f64 %fd1, [v];
	mov.u32 %r1, %tid.x;
	st.local.u32 [%SPL], %r1;
	mov.u64 %rd2, $str$1;
	cvta.global.u64 %rd3, %rd2;
	st.local.u64 [%SPL+8], %rd3;
	st.local.f64 [%SPL+16], %fd1;
	mov.u64 %rd4, $str;
	cvta.global.u64 %rd5, %rd4;
)" + call_vprintf("%rd5", "%SP", "%r2") +
         "\tret;\n}\n";
}

TEST(FuncPrintf, LanesPrintInAscendingOrderFromLocalArgumentBuffers) {
  FuncRunner r(depot_module());
  r.launch("depot", {1, 1, 1}, {32, 1, 1}, 0.5);
  std::string want;
  for (int lane = 0; lane < 32; ++lane)
    want += "lane " + std::to_string(lane) + " of w: 0.500000\n";
  EXPECT_EQ(r.printed(), want);
}

// Lanes below 3 print one message, the others another: each group prints lowest lane first.
std::string divergent_module() {
  return kHeader + global_string("$lo", "lo %u\n") + global_string("$hi", "hi %u\n") + R"(
.visible .entry split()
{
	.local .align 8 .b8 __local_depot0[8];
	.reg .b64 %SP;
	.reg .b64 %SPL;
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	mov.u64 %SPL, __local_depot0;
	cvta.local.u64 %SP, %SPL;
	mov.u32 %r1, %tid.x;
	st.local.u32 [%SPL], %r1;
	setp.lt.u32 %p1, %r1, 3;
	@%p1 bra LOW;
	mov.u64 %rd1, $hi;
	cvta.global.u64 %rd2, %rd1;
)" + call_vprintf("%rd2", "%SP", "%r2") +
         R"(	bra.uni DONE;
LOW:
	mov.u64 %rd1, $lo;
	cvta.global.u64 %rd2, %rd1;
)" + call_vprintf("%rd2", "%SP", "%r3") +
         "DONE:\n\tret;\n}\n";
}

TEST(FuncPrintf, DivergentGroupsEachPrintInLaneOrder) {
  FuncRunner r(divergent_module());
  r.launch("split", {1, 1, 1}, {8, 1, 1});
  std::string lo = "lo 0\nlo 1\nlo 2\n";
  std::string hi = "hi 3\nhi 4\nhi 5\nhi 6\nhi 7\n";
  std::string got = r.printed();
  EXPECT_TRUE(got == lo + hi || got == hi + lo) << got;
}

TEST(FuncPrintf, MalformedFormatsAndBadArgumentsFail) {
  auto run = [](const std::string& format, const std::vector<std::uint8_t>& args) {
    FuncRunner r(buffer_module(format));
    Addr buf = args.empty() ? 0 : r.upload(args);
    r.launch("pf", {1, 1, 1}, {1, 1, 1}, buf, r.alloc<std::int32_t>(1));
  };
  std::vector<std::uint8_t> four(4, 0);
  testing::expect_exec_error([&] { run("value %", four); },
                             {"pf", "printf(\"value %\")", "ends inside"});
  testing::expect_exec_error([&] { run("%k\n", four); }, {"unknown conversion '%k'"});
  testing::expect_exec_error([&] { run("%n", four); }, {"%n is not supported"});
  testing::expect_exec_error([&] { run("%d\n", {}); }, {"no argument buffer"});
  testing::expect_exec_error([&] { run("%d %d\n", four); }, {"out-of-bounds read of 4 bytes"});
  testing::expect_exec_error([&] { run("%s\n", std::vector<std::uint8_t>(8, 0x11)); },
                             {"out-of-bounds read"});
}

}  // namespace
}  // namespace warpsim::func
