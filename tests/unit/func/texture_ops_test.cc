// tex sampling on texture objects created directly in the Device's TextureTable: filtering,
// address modes and texel formats. Expected values come from the CUDA C Programming Guide's
// texture-fetching rules worked by hand: texel centers at i + 0.5, linear weights rounded to
// 1/256, wrap/mirror on normalized coordinates only.

#include <cmath>

#include "texture_test_fixture.h"

namespace warpsim::func::texture_test {
namespace {

TEST_F(TextureOps, PointSamplingClampsUnnormalizedCoordinates) {
  std::uint64_t h = create(array_texture(upload(grid_4x3()), kFloat1, 4, 3));
  EXPECT_EQ(tex2d(h, 1.5F, 2.5F), (F4{21, 0, 0, 0}));  // texel center; missing channels are 0
  EXPECT_EQ(tex2d(h, 1.99F, 0.0F), (F4{1, 0, 0, 0}));  // nearest = floor
  EXPECT_EQ(tex2d(h, -3.0F, 1.5F), (F4{10, 0, 0, 0}));
  EXPECT_EQ(tex2d(h, 7.2F, 9.0F), (F4{23, 0, 0, 0}));
}

TEST_F(TextureOps, LinearFilteringUsesNineBitWeights) {
  TextureObject t = array_texture(upload(std::vector<float>{0, 256, 512, 1024}), kFloat1, 2, 2);
  t.sampling.filter = FilterMode::kLinear;
  std::uint64_t h = create(t);
  // x_B = 0.3, y_B = 0.6: the hardware weights are round(0.3 * 256) / 256 and round(0.6 * 256)
  // / 256 = 77/256 and 154/256.
  double a = 77.0 / 256;
  double b = 154.0 / 256;
  double want = a * (1 - b) * 256 + (1 - a) * b * 512 + a * b * 1024;
  double exact = 0.3 * 0.4 * 256 + 0.7 * 0.6 * 512 + 0.3 * 0.6 * 1024;
  F4 got = tex2d(h, 0.8F, 1.1F);
  EXPECT_EQ(got[0], static_cast<float>(want));
  EXPECT_GT(std::abs(got[0] - exact), 0.1);
  EXPECT_EQ(tex2d(h, 1.5F, 0.5F)[0], 256.0F);  // on a texel center: that texel alone
  EXPECT_EQ(tex2d(h, 1.0F, 1.0F)[0], (0.0F + 256 + 512 + 1024) / 4);
}

TEST_F(TextureOps, LinearFilteringAtTheEdgeClampsOrUsesTheBorder) {
  TextureObject t = array_texture(upload(std::vector<float>{8, 16, 32, 64}), kFloat1, 4);
  t.sampling.filter = FilterMode::kLinear;
  std::uint64_t clamp = create(t);
  t.sampling.address = {AddressMode::kBorder, AddressMode::kBorder, AddressMode::kBorder};
  std::uint64_t border = create(t);
  EXPECT_EQ(tex1d(clamp, 0.25F)[0], 8.0F);   // taps -1 (clamped to 0) and 0
  EXPECT_EQ(tex1d(border, 0.25F)[0], 6.0F);  // 0.25 * border 0 + 0.75 * 8
  EXPECT_EQ(tex1d(clamp, 2.0F)[0], 24.0F);
  EXPECT_EQ(tex1d(clamp, 2.5F)[0], 32.0F);
  EXPECT_EQ(tex1d(clamp, 9.0F)[0], 64.0F);

  t.sampling.normalized_coords = true;
  t.sampling.address[0] = AddressMode::kWrap;
  EXPECT_EQ(tex1d(create(t), 0.0F)[0], 36.0F);  // taps 3 (wrapped) and 0
  t.sampling.address[0] = AddressMode::kMirror;
  EXPECT_EQ(tex1d(create(t), 0.0F)[0], 8.0F);  // taps -1 (mirrored to 0) and 0
}

TEST_F(TextureOps, AddressModesOnNormalizedCoordinates) {
  Addr data = upload(std::vector<float>{1, 2, 3, 4});
  TextureObject t = array_texture(data, kFloat1, 4);
  t.sampling.normalized_coords = true;
  auto with = [&](AddressMode m) {
    t.sampling.address = {m, m, m};
    return create(t);
  };
  std::uint64_t wrap = with(AddressMode::kWrap);
  EXPECT_EQ(tex1d(wrap, 1.125F)[0], 1.0F);
  EXPECT_EQ(tex1d(wrap, -0.125F)[0], 4.0F);
  std::uint64_t mirror = with(AddressMode::kMirror);
  EXPECT_EQ(tex1d(mirror, 1.125F)[0], 4.0F);  // 1 - frac: 0.875
  EXPECT_EQ(tex1d(mirror, -0.125F)[0], 1.0F);
  EXPECT_EQ(tex1d(mirror, 2.375F)[0], 2.0F);  // even period: frac 0.375
  std::uint64_t clamp = with(AddressMode::kClamp);
  EXPECT_EQ(tex1d(clamp, 1.5F)[0], 4.0F);
  EXPECT_EQ(tex1d(clamp, -0.5F)[0], 1.0F);
  t.sampling.border = {9, 8, 7, 6};
  std::uint64_t border = with(AddressMode::kBorder);
  EXPECT_EQ(tex1d(border, 1.5F), (F4{9, 8, 7, 6}));
  EXPECT_EQ(tex1d(border, 0.375F), (F4{2, 0, 0, 0}));

  // Wrap needs normalized coordinates; without them the hardware clamps.
  t.sampling.normalized_coords = false;
  std::uint64_t unnormalized_wrap = with(AddressMode::kWrap);
  EXPECT_EQ(tex1d(unnormalized_wrap, 5.5F)[0], 4.0F);
  EXPECT_EQ(tex1d(unnormalized_wrap, -1.0F)[0], 1.0F);
}

TEST_F(TextureOps, ReadsUchar4AsNormalizedFloatOrElementType) {
  Addr texel = upload(std::vector<std::uint8_t>{0, 51, 255, 128});
  TextureObject t = array_texture(texel, format(4, 8, ChannelKind::kUnsigned), 1);
  std::uint64_t element = create(t);
  t.sampling.read = ReadMode::kNormalizedFloat;
  std::uint64_t normalized = create(t);
  run("tex1d_u32", element, 0.5F);
  EXPECT_EQ(words(), (U4{0, 51, 255, 128}));
  F4 n = tex1d(normalized, 0.5F);
  EXPECT_EQ(n[0], 0.0F);
  EXPECT_EQ(n[1], 0.2F);  // 51/255 is exactly 1/5; IEEE division rounds it to 0.2f
  EXPECT_EQ(n[2], 1.0F);
  EXPECT_FLOAT_EQ(n[3], 0.50196081F);
}

TEST_F(TextureOps, SignedChannelsSignExtendOrNormalizeToMinusOne) {
  Addr s8 = upload(std::vector<std::int8_t>{-128, -1, 127, 5});
  TextureObject t = array_texture(s8, format(4, 8, ChannelKind::kSigned), 1);
  EXPECT_EQ(fetch(create(t), 0), (U4{0xffffff80U, 0xffffffffU, 127, 5}));
  t.sampling.read = ReadMode::kNormalizedFloat;
  F4 n = tex1d(create(t), 0.5F);
  EXPECT_EQ(n[0], -1.0F);  // -128/127 is clamped to -1
  EXPECT_FLOAT_EQ(n[1], -1.0F / 127);
  EXPECT_EQ(n[2], 1.0F);
  EXPECT_FLOAT_EQ(n[3], 5.0F / 127);

  Addr s16 = upload(std::vector<std::int16_t>{-32767, 16384});
  TextureObject t16 = array_texture(s16, format(2, 16, ChannelKind::kSigned), 1);
  t16.sampling.read = ReadMode::kNormalizedFloat;
  F4 n16 = tex1d(create(t16), 0.5F);
  EXPECT_EQ(n16[0], -1.0F);
  EXPECT_FLOAT_EQ(n16[1], 0.50001526F);
  EXPECT_EQ(n16[2], 0.0F);
  EXPECT_EQ(n16[3], 0.0F);
}

TEST_F(TextureOps, HalfFloatTexels) {
  Addr halves = upload(
      std::vector<std::uint16_t>{0x3C00, 0xC000, 0x3555, 0x0001, 0x7C00, 0x7BFF, 0x8000, 0x0400});
  std::uint64_t h = create(array_texture(halves, format(4, 16, ChannelKind::kFloat), 2));
  EXPECT_EQ(tex1d(h, 0.5F), (F4{1.0F, -2.0F, 0.333251953125F, 5.9604644775390625e-8F}));
  F4 second = tex1d(h, 1.5F);
  EXPECT_TRUE(std::isinf(second[0]) && second[0] > 0);
  EXPECT_EQ(second[1], 65504.0F);
  EXPECT_TRUE(second[2] == 0.0F && std::signbit(second[2]));
  EXPECT_EQ(second[3], 6.103515625e-5F);
}

TEST_F(TextureOps, MissingChannelsReadZero) {
  Addr pairs = upload(std::vector<float>{3, 4, 5, 6});
  std::uint64_t h = create(array_texture(pairs, format(2, 32, ChannelKind::kFloat), 2));
  EXPECT_EQ(tex1d(h, 1.5F), (F4{5, 6, 0, 0}));
}

}  // namespace
}  // namespace warpsim::func::texture_test
