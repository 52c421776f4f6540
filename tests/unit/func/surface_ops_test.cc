// suld.b, sust.b and suq on surface objects: byte x coordinates, element rows, and the
// .trap/.clamp/.zero handling of out-of-range coordinates.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "func/exec_error.h"
#include "func_test_util.h"

namespace warpsim::func {
namespace {

using testing::FuncRunner;

const char* const kSurfModule = R"(.version 8.0
.target sm_90
.address_size 64

.visible .entry suld_trap(.param .u64 s, .param .s32 x, .param .s32 y, .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .b32 %r<4>;
  ld.param.u64 %rd1, [s];
  ld.param.s32 %r1, [x];
  ld.param.s32 %r2, [y];
  ld.param.u64 %rd2, [out];
  suld.b.2d.b32.trap %r3, [%rd1, {%r1, %r2}];
  st.global.u32 [%rd2], %r3;
  ret;
}

.visible .entry suld_clamp(.param .u64 s, .param .s32 x, .param .s32 y, .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .b32 %r<4>;
  ld.param.u64 %rd1, [s];
  ld.param.s32 %r1, [x];
  ld.param.s32 %r2, [y];
  ld.param.u64 %rd2, [out];
  suld.b.2d.b32.clamp %r3, [%rd1, {%r1, %r2}];
  st.global.u32 [%rd2], %r3;
  ret;
}

.visible .entry suld_zero_v2(.param .u64 s, .param .s32 x, .param .s32 y, .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .b32 %r<5>;
  ld.param.u64 %rd1, [s];
  ld.param.s32 %r1, [x];
  ld.param.s32 %r2, [y];
  ld.param.u64 %rd2, [out];
  suld.b.2d.v2.b32.zero {%r3, %r4}, [%rd1, {%r1, %r2}];
  st.global.v2.u32 [%rd2], {%r3, %r4};
  ret;
}

.visible .entry sust_trap(.param .u64 s, .param .s32 x, .param .s32 y, .param .u32 v)
{
  .reg .b64 %rd<2>;
  .reg .b32 %r<4>;
  ld.param.u64 %rd1, [s];
  ld.param.s32 %r1, [x];
  ld.param.s32 %r2, [y];
  ld.param.u32 %r3, [v];
  sust.b.2d.b32.trap [%rd1, {%r1, %r2}], %r3;
  ret;
}

.visible .entry sust_clamp(.param .u64 s, .param .s32 x, .param .s32 y, .param .u32 v)
{
  .reg .b64 %rd<2>;
  .reg .b32 %r<4>;
  ld.param.u64 %rd1, [s];
  ld.param.s32 %r1, [x];
  ld.param.s32 %r2, [y];
  ld.param.u32 %r3, [v];
  sust.b.2d.b32.clamp [%rd1, {%r1, %r2}], %r3;
  ret;
}

.visible .entry sust_zero(.param .u64 s, .param .s32 x, .param .s32 y, .param .u32 v)
{
  .reg .b64 %rd<2>;
  .reg .b32 %r<4>;
  ld.param.u64 %rd1, [s];
  ld.param.s32 %r1, [x];
  ld.param.s32 %r2, [y];
  ld.param.u32 %r3, [v];
  sust.b.2d.b32.zero [%rd1, {%r1, %r2}], %r3;
  ret;
}

.visible .entry sust_bytes(.param .u64 s, .param .s32 x)
{
  .reg .b64 %rd<2>;
  .reg .b32 %r<2>;
  .reg .b16 %rs<5>;
  ld.param.u64 %rd1, [s];
  ld.param.s32 %r1, [x];
  mov.b16 %rs1, 0x11;
  mov.b16 %rs2, 0x22;
  mov.b16 %rs3, 0x33;
  mov.b16 %rs4, 0x44;
  sust.b.1d.v4.b8.trap [%rd1, {%r1}], {%rs1, %rs2, %rs3, %rs4};
  ret;
}

.visible .entry suld_layer(.param .u64 s, .param .u32 layer, .param .s32 x, .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .b32 %r<4>;
  ld.param.u64 %rd1, [s];
  ld.param.u32 %r1, [layer];
  ld.param.s32 %r2, [x];
  ld.param.u64 %rd2, [out];
  suld.b.a1d.b32.trap %r3, [%rd1, {%r1, %r2}];
  st.global.u32 [%rd2], %r3;
  ret;
}

.visible .entry suq_all(.param .u64 s, .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .b32 %r<4>;
  ld.param.u64 %rd1, [s];
  ld.param.u64 %rd2, [out];
  suq.width.b32 %r1, [%rd1];
  suq.height.b32 %r2, [%rd1];
  suq.depth.b32 %r3, [%rd1];
  st.global.v2.u32 [%rd2], {%r1, %r2};
  st.global.u32 [%rd2+8], %r3;
  ret;
}
)";

class SurfaceOps : public ::testing::Test {
 protected:
  // A 4 x 3 surface of 32-bit elements, element (x, y) = 100 * y + x.
  SurfaceOps() : r_(kSurfModule) {
    std::vector<std::uint32_t> data;
    for (std::uint32_t y = 0; y < 3; ++y) {
      for (std::uint32_t x = 0; x < 4; ++x) data.push_back(100 * y + x);
    }
    base_ = r_.upload(data);
    TextureObject s;
    s.is_surface = true;
    s.resource.kind = TextureResource::Kind::kArray;
    s.resource.base = base_;
    s.resource.format.channels = 1;
    s.resource.format.bits = 32;
    s.resource.format.kind = ChannelKind::kUnsigned;
    s.resource.width = 4;
    s.resource.height = 3;
    s.resource.dims = 2;
    surf_ = r_.device().textures().create(s);
    out_ = r_.alloc<std::uint32_t>(4);
  }

  std::uint32_t load(const std::string& kernel, std::int32_t x, std::int32_t y) {
    r_.launch(kernel, {1, 1, 1}, {1, 1, 1}, surf_, x, y, out_);
    return r_.download<std::uint32_t>(out_, 1)[0];
  }
  std::uint32_t element(unsigned x, unsigned y) {
    return r_.download<std::uint32_t>(base_ + 4 * (4 * Addr{y} + x), 1)[0];
  }
  void store(const std::string& kernel, std::int32_t x, std::int32_t y, std::uint32_t v) {
    r_.launch(kernel, {1, 1, 1}, {1, 1, 1}, surf_, x, y, v);
  }

  FuncRunner r_;
  Addr base_ = 0;
  std::uint64_t surf_ = 0;
  Addr out_ = 0;
};

TEST_F(SurfaceOps, LoadUsesByteXAndElementY) {
  EXPECT_EQ(load("suld_trap", 8, 1), 102U);
  EXPECT_EQ(load("suld_trap", 12, 2), 203U);
  r_.launch("suld_zero_v2", {1, 1, 1}, {1, 1, 1}, surf_, std::int32_t{8}, std::int32_t{2}, out_);
  EXPECT_EQ(r_.download<std::uint32_t>(out_, 2), (std::vector<std::uint32_t>{202, 203}));
}

TEST_F(SurfaceOps, OutOfRangeLoadsTrapClampOrReadZero) {
  testing::expect_exec_error([&] { load("suld_trap", 16, 0); },
                             {"suld_trap", "out of range", "x = 16 bytes", "4 x 3 x 1 elements"});
  EXPECT_EQ(load("suld_clamp", 40, -1), 3U);
  EXPECT_EQ(load("suld_clamp", -8, 7), 200U);
  r_.launch("suld_zero_v2", {1, 1, 1}, {1, 1, 1}, surf_, std::int32_t{16}, std::int32_t{0}, out_);
  EXPECT_EQ(r_.download<std::uint32_t>(out_, 2), (std::vector<std::uint32_t>{0, 0}));
  testing::expect_exec_error([&] { load("suld_trap", 2, 0); },
                             {"misaligned surface access", "x = 2 bytes"});
}

TEST_F(SurfaceOps, StoresTrapClampOrAreDropped) {
  store("sust_trap", 4, 2, 777);
  EXPECT_EQ(element(1, 2), 777U);
  store("sust_zero", 16, 1, 555);
  store("sust_zero", 0, -1, 555);
  for (unsigned y = 0; y < 3; ++y) {
    for (unsigned x = 0; x < 4; ++x) EXPECT_NE(element(x, y), 555U) << x << "," << y;
  }
  store("sust_clamp", 100, 100, 888);
  EXPECT_EQ(element(3, 2), 888U);
  testing::expect_exec_error([&] { store("sust_trap", 0, 3, 1); }, {"out of range", "y = 3"});
}

TEST_F(SurfaceOps, VectorByteStoreAndLayers) {
  r_.launch("sust_bytes", {1, 1, 1}, {1, 1, 1}, surf_, std::int32_t{4});
  EXPECT_EQ(element(1, 0), 0x44332211U);
  EXPECT_EQ(element(0, 0), 0U);
  EXPECT_EQ(element(2, 0), 2U);
  // A 1D layered surface: its layers are the rows.
  r_.launch("suld_layer", {1, 1, 1}, {1, 1, 1}, surf_, std::uint32_t{2}, std::int32_t{4}, out_);
  EXPECT_EQ(r_.download<std::uint32_t>(out_, 1)[0], 201U);
}

TEST_F(SurfaceOps, SuqReportsExtentAndTexturesAreRejected) {
  r_.launch("suq_all", {1, 1, 1}, {1, 1, 1}, surf_, out_);
  EXPECT_EQ(r_.download<std::uint32_t>(out_, 3), (std::vector<std::uint32_t>{4, 3, 1}));
  TextureObject t = *r_.device().textures().find(surf_);
  t.is_surface = false;
  std::uint64_t tex = r_.device().textures().create(t);
  testing::expect_exec_error(
      [&] {
        r_.launch("suld_trap", {1, 1, 1}, {1, 1, 1}, tex, std::int32_t{0}, std::int32_t{0}, out_);
      },
      {"is a texture object", "suld needs a surface"});
  testing::expect_exec_error(
      [&] {
        r_.launch("suq_all", {1, 1, 1}, {1, 1, 1}, std::uint64_t{0x77}, out_);
      },
      {"handle 0x77"});
}

}  // namespace
}  // namespace warpsim::func
