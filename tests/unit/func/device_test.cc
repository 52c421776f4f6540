#include "func/device.h"

#include <gtest/gtest.h>

#include <cstdio>

#include "func/exec_error.h"
#include "func_test_util.h"

namespace warpsim::func {
namespace {

using testing::FuncRunner;
using testing::kernel_ptx;

std::string fmt_hex(Addr a) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(a));
  return buf;
}

TEST(FuncDevice, CopiesThroughParamsAndGlobalMemory) {
  FuncRunner r(kernel_ptx("copy", ".param .u64 in, .param .u64 out", R"(
  .reg .b64 %rd<4>;
  .reg .b32 %r<4>;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  ld.global.v2.u32 {%r1, %r2}, [%rd1];
  mov.u32 %r3, %tid.x;
  st.global.v2.u32 [%rd2], {%r2, %r1};
  st.global.u32 [%rd2+8], %r3;
  ret;)"));
  Addr in = r.upload(std::vector<std::uint32_t>{7, 9});
  Addr out = r.alloc<std::uint32_t>(3);
  LaunchResult res = r.launch("copy", {1, 1, 1}, {1, 1, 1}, in, out);
  EXPECT_EQ(r.download<std::uint32_t>(out, 3), (std::vector<std::uint32_t>{9, 7, 0}));
  EXPECT_EQ(res.warp_insts, 9U);
  EXPECT_EQ(res.thread_insts, 9U);
}

TEST(FuncDevice, OutOfBoundsStoreNamesKernelLineBlockThreadAndAddress) {
  FuncRunner r(kernel_ptx("oob", ".param .u64 out", R"(
  .reg .b64 %rd<4>;
  .reg .b32 %r<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, 5;
  st.global.u32 [%rd1+64], %r1;
  ret;)"));
  Addr out = r.alloc<std::uint32_t>(16);
  try {
    r.launch("oob", {2, 1, 1}, {1, 1, 1}, out);
    FAIL() << "no error";
  } catch (const ExecError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("kernel oob"), std::string::npos) << msg;
    EXPECT_NE(msg.find("test.ptx:12:"), std::string::npos) << msg;
    EXPECT_NE(msg.find("block (0,0,0)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("thread (0,0,0)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("out-of-bounds write of 4 bytes"), std::string::npos) << msg;
    EXPECT_NE(msg.find(fmt_hex(out + 64)), std::string::npos) << msg;
  }
}

}  // namespace
}  // namespace warpsim::func
