#pragma once

// Shared by the texture tests: a module of one-thread kernels that sample a texture object
// passed as a parameter and store the four results, and a fixture that creates objects and
// runs them.

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "func/exec_error.h"
#include "func_test_util.h"

namespace warpsim::func::texture_test {

using testing::FuncRunner;
using F4 = std::array<float, 4>;
using U4 = std::array<std::uint32_t, 4>;

inline const char* const kTexModule = R"(.version 8.0
.target sm_90
.address_size 64

.visible .entry tex1d_f(.param .u64 tex, .param .f32 x, .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .f32 %f<6>;
  ld.param.u64 %rd1, [tex];
  ld.param.f32 %f1, [x];
  ld.param.u64 %rd2, [out];
  tex.1d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [%rd1, {%f1}];
  st.global.v4.f32 [%rd2], {%f2, %f3, %f4, %f5};
  ret;
}

.visible .entry tex1d_u32(.param .u64 tex, .param .f32 x, .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .f32 %f<2>;
  .reg .b32 %r<5>;
  ld.param.u64 %rd1, [tex];
  ld.param.f32 %f1, [x];
  ld.param.u64 %rd2, [out];
  tex.1d.v4.u32.f32 {%r1, %r2, %r3, %r4}, [%rd1, {%f1}];
  st.global.v4.u32 [%rd2], {%r1, %r2, %r3, %r4};
  ret;
}

.visible .entry fetch_s32(.param .u64 tex, .param .s32 i, .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .b32 %r<6>;
  ld.param.u64 %rd1, [tex];
  ld.param.s32 %r1, [i];
  ld.param.u64 %rd2, [out];
  tex.1d.v4.s32.s32 {%r2, %r3, %r4, %r5}, [%rd1, {%r1}];
  st.global.v4.u32 [%rd2], {%r2, %r3, %r4, %r5};
  ret;
}

.visible .entry fetch_f32(.param .u64 tex, .param .s32 i, .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .b32 %r<2>;
  .reg .f32 %f<5>;
  ld.param.u64 %rd1, [tex];
  ld.param.s32 %r1, [i];
  ld.param.u64 %rd2, [out];
  tex.1d.v4.f32.s32 {%f1, %f2, %f3, %f4}, [%rd1, {%r1}];
  st.global.v4.f32 [%rd2], {%f1, %f2, %f3, %f4};
  ret;
}

.visible .entry tex2d_f(.param .u64 tex, .param .f32 x, .param .f32 y, .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .f32 %f<7>;
  ld.param.u64 %rd1, [tex];
  ld.param.f32 %f1, [x];
  ld.param.f32 %f2, [y];
  ld.param.u64 %rd2, [out];
  tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];
  st.global.v4.f32 [%rd2], {%f3, %f4, %f5, %f6};
  ret;
}

.visible .entry tex3d_f(.param .u64 tex, .param .f32 x, .param .f32 y, .param .f32 z,
                        .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .f32 %f<8>;
  ld.param.u64 %rd1, [tex];
  ld.param.f32 %f1, [x];
  ld.param.f32 %f2, [y];
  ld.param.f32 %f3, [z];
  ld.param.u64 %rd2, [out];
  tex.3d.v4.f32.f32 {%f4, %f5, %f6, %f7}, [%rd1, {%f1, %f2, %f3, %f3}];
  st.global.v4.f32 [%rd2], {%f4, %f5, %f6, %f7};
  ret;
}

.visible .entry tex_a1d(.param .u64 tex, .param .u32 layer, .param .f32 x, .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .b32 %r<2>;
  .reg .f32 %f<6>;
  ld.param.u64 %rd1, [tex];
  ld.param.u32 %r1, [layer];
  ld.param.f32 %f1, [x];
  ld.param.u64 %rd2, [out];
  tex.a1d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [%rd1, {%r1, %f1}];
  st.global.v4.f32 [%rd2], {%f2, %f3, %f4, %f5};
  ret;
}

.visible .entry tex_a2d(.param .u64 tex, .param .u32 layer, .param .f32 x, .param .f32 y,
                        .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .b32 %r<2>;
  .reg .f32 %f<7>;
  ld.param.u64 %rd1, [tex];
  ld.param.u32 %r1, [layer];
  ld.param.f32 %f1, [x];
  ld.param.f32 %f2, [y];
  ld.param.u64 %rd2, [out];
  tex.a2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%r1, %f1, %f2, %f2}];
  st.global.v4.f32 [%rd2], {%f3, %f4, %f5, %f6};
  ret;
}

.visible .entry tex2d_extras(.param .u64 tex, .param .f32 x, .param .f32 y, .param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b64 %rd<3>;
  .reg .b32 %r<4>;
  .reg .f32 %f<12>;
  ld.param.u64 %rd1, [tex];
  ld.param.f32 %f1, [x];
  ld.param.f32 %f2, [y];
  ld.param.u64 %rd2, [out];
  mov.b32 %r1, 1;
  mov.b32 %r2, -1;
  tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}], {%r1, %r2};
  mov.f32 %f7, 0f40400000;
  tex.level.2d.v4.f32.f32 {%f8, %f9, %f10, %f11}|%p1, [%rd1, {%f1, %f2}], %f7;
  st.global.f32 [%rd2], %f3;
  st.global.f32 [%rd2+4], %f8;
  mov.u32 %r3, 7;
  @%p1 st.global.u32 [%rd2+8], %r3;
  ret;
}

.visible .entry txq_all(.param .u64 tex, .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .b32 %r<8>;
  ld.param.u64 %rd1, [tex];
  ld.param.u64 %rd2, [out];
  txq.width.b32 %r1, [%rd1];
  txq.height.b32 %r2, [%rd1];
  txq.depth.b32 %r3, [%rd1];
  txq.normalized_coords.b32 %r4, [%rd1];
  txq.filter_mode.b32 %r5, [%rd1];
  txq.addr_mode_0.b32 %r6, [%rd1];
  txq.addr_mode_1.b32 %r7, [%rd1];
  st.global.v4.u32 [%rd2], {%r1, %r2, %r3, %r4};
  st.global.v2.u32 [%rd2+16], {%r5, %r6};
  st.global.u32 [%rd2+24], %r7;
  ret;
}

.visible .entry tld4_g(.param .u64 tex, .param .f32 x, .param .f32 y, .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .f32 %f<7>;
  ld.param.u64 %rd1, [tex];
  ld.param.f32 %f1, [x];
  ld.param.f32 %f2, [y];
  ld.param.u64 %rd2, [out];
  tld4.g.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];
  st.global.v4.f32 [%rd2], {%f3, %f4, %f5, %f6};
  ret;
}

.visible .entry tld4_r_u32(.param .u64 tex, .param .f32 x, .param .f32 y, .param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .f32 %f<3>;
  .reg .b32 %r<5>;
  ld.param.u64 %rd1, [tex];
  ld.param.f32 %f1, [x];
  ld.param.f32 %f2, [y];
  ld.param.u64 %rd2, [out];
  tld4.r.2d.v4.u32.f32 {%r1, %r2, %r3, %r4}, [%rd1, {%f1, %f2}];
  st.global.v4.u32 [%rd2], {%r1, %r2, %r3, %r4};
  ret;
}

.visible .entry fetch_lanes(.param .u64 tex)
{
  .reg .b64 %rd<2>;
  .reg .b32 %r<6>;
  ld.param.u64 %rd1, [tex];
  mov.u32 %r1, %tid.x;
  tex.1d.v4.s32.s32 {%r2, %r3, %r4, %r5}, [%rd1, {%r1}];
  ret;
}
)";

inline TexelFormat format(unsigned channels, unsigned bits, ChannelKind kind) {
  TexelFormat f;
  f.channels = static_cast<std::uint8_t>(channels);
  f.bits = static_cast<std::uint8_t>(bits);
  f.kind = kind;
  return f;
}

inline const TexelFormat kFloat1 = format(1, 32, ChannelKind::kFloat);

// A CUDA array of w x h x d texels, packed row-major.
inline TextureObject array_texture(Addr base, TexelFormat fmt, std::uint64_t w, std::uint64_t h = 1,
                                   std::uint64_t d = 1) {
  TextureObject t;
  t.resource.kind = TextureResource::Kind::kArray;
  t.resource.base = base;
  t.resource.format = fmt;
  t.resource.width = w;
  t.resource.height = h;
  t.resource.depth = d;
  t.resource.pitch = w * fmt.bytes();
  t.resource.dims = static_cast<std::uint8_t>(d > 1 ? 3 : h > 1 ? 2 : 1);
  return t;
}

class TextureOps : public ::testing::Test {
 protected:
  TextureOps() : r_(kTexModule) { out_ = r_.alloc<std::uint32_t>(8); }

  std::uint64_t create(const TextureObject& t) { return r_.device().textures().create(t); }
  template <typename T>
  Addr upload(const std::vector<T>& data) {
    return r_.upload(data);
  }

  F4 floats() {
    std::vector<float> v = r_.download<float>(out_, 4);
    return {v[0], v[1], v[2], v[3]};
  }
  U4 words() {
    std::vector<std::uint32_t> v = r_.download<std::uint32_t>(out_, 4);
    return {v[0], v[1], v[2], v[3]};
  }
  template <typename... Args>
  void run(const std::string& kernel, const Args&... args) {
    r_.launch(kernel, {1, 1, 1}, {1, 1, 1}, args..., out_);
  }
  F4 tex1d(std::uint64_t h, float x) {
    run("tex1d_f", h, x);
    return floats();
  }
  F4 tex2d(std::uint64_t h, float x, float y) {
    run("tex2d_f", h, x, y);
    return floats();
  }
  U4 fetch(std::uint64_t h, std::int32_t i) {
    run("fetch_s32", h, i);
    return words();
  }

  FuncRunner r_;
  Addr out_ = 0;
};

// 4 x 3 floats, texel (x, y) = 10 * y + x.
inline std::vector<float> grid_4x3() {
  std::vector<float> img;
  for (int y = 0; y < 3; ++y) {
    for (int x = 0; x < 4; ++x) img.push_back(static_cast<float>(10 * y + x));
  }
  return img;
}

}  // namespace warpsim::func::texture_test
