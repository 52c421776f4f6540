// tex over each kind of resource and geometry (linear memory, pitch2D, 3D, layered), texel
// offsets, the residency predicate, tld4, txq, per-lane records, and the errors bad handles and
// unsamplable textures raise.

#include "func/executor.h"
#include "texture_test_fixture.h"

namespace warpsim::func::texture_test {
namespace {

TEST_F(TextureOps, Fetch1DFromLinearMemory) {
  std::vector<std::int32_t> data{5, -7, 1 << 30, -1};
  TextureObject t;
  t.resource.kind = TextureResource::Kind::kLinear;
  t.resource.base = upload(data);
  t.resource.format = format(1, 32, ChannelKind::kSigned);
  t.resource.width = data.size();
  std::uint64_t clamp = create(t);
  EXPECT_EQ(fetch(clamp, 1), (U4{0xfffffff9U, 0, 0, 0}));
  EXPECT_EQ(fetch(clamp, 2), (U4{1U << 30, 0, 0, 0}));
  EXPECT_EQ(fetch(clamp, 9), (U4{0xffffffffU, 0, 0, 0}));
  t.sampling.address[0] = AddressMode::kBorder;
  std::uint64_t border = create(t);
  EXPECT_EQ(fetch(border, 9), (U4{0, 0, 0, 0}));
  EXPECT_EQ(fetch(border, -1), (U4{0, 0, 0, 0}));

  TextureObject t4;
  t4.resource.base = upload(std::vector<float>{1, 2, 3, 4, 5.5F, -6, 7, 8e9F});
  t4.resource.format = format(4, 32, ChannelKind::kFloat);
  t4.resource.width = 2;
  run("fetch_f32", create(t4), std::int32_t{1});
  EXPECT_EQ(floats(), (F4{5.5F, -6, 7, 8e9F}));
}

TEST_F(TextureOps, MultiLaneFetchRecordsEachLanesTexel) {
  std::vector<std::int32_t> data(32);
  for (int i = 0; i < 32; ++i) data[i] = 1000 - 3 * i;
  TextureObject t;
  t.resource.base = upload(data);
  t.resource.format = format(1, 32, ChannelKind::kSigned);
  t.resource.width = 32;
  std::uint64_t h = create(t);
  const void* args[] = {&h};
  LaunchState launch = r_.device().prepare(*r_.module().find_kernel("fetch_lanes"),
                                           {{1, 1, 1}, {32, 1, 1}, 0}, args);
  CtaState cta = start_cta(launch, 0);
  WarpState& warp = cta.warps[0];
  WarpInst rec;
  do {
    step(launch, cta, warp, &rec);
  } while (rec.inst->ir->op != ptx::Opcode::kTex);
  EXPECT_EQ(rec.exec, kFullMask);
  EXPECT_EQ(rec.space, ptx::StateSpace::kTex);
  EXPECT_TRUE(rec.is_load);
  EXPECT_EQ(rec.size, 4U);
  const Operand& x = rec.inst->elements(rec.inst->ops[0])[0];
  for (unsigned lane = 0; lane < 32; ++lane) {
    EXPECT_EQ(rec.addr[lane], t.resource.base + 4 * Addr{lane}) << lane;
    EXPECT_EQ(static_cast<std::int32_t>(warp.window()[x.slot][lane]), data[lane]) << lane;
  }
}

TEST_F(TextureOps, ThreeDimensionalAndLayeredTextures) {
  std::vector<float> vol;  // 2 x 2 x 3, texel = 100 z + 10 y + x
  for (int z = 0; z < 3; ++z) {
    for (int y = 0; y < 2; ++y) {
      for (int x = 0; x < 2; ++x) vol.push_back(static_cast<float>(100 * z + 10 * y + x));
    }
  }
  std::uint64_t h = create(array_texture(upload(vol), kFloat1, 2, 2, 3));
  run("tex3d_f", h, 1.5F, 0.5F, 2.5F);
  EXPECT_EQ(floats()[0], 201.0F);
  run("tex_a2d", h, std::uint32_t{1}, 0.5F, 1.5F);
  EXPECT_EQ(floats()[0], 110.0F);
  run("tex_a2d", h, std::uint32_t{7}, 1.5F, 1.5F);  // layer index clamped to the last layer
  EXPECT_EQ(floats()[0], 211.0F);

  std::uint64_t rows = create(array_texture(upload(grid_4x3()), kFloat1, 4, 3));
  run("tex_a1d", rows, std::uint32_t{2}, 3.5F);
  EXPECT_EQ(floats()[0], 23.0F);
  // The same layers described as CUDA extents them (width x 1 x layers).
  std::uint64_t slices = create(array_texture(upload(grid_4x3()), kFloat1, 4, 1, 3));
  run("tex_a1d", slices, std::uint32_t{1}, 0.5F);
  EXPECT_EQ(floats()[0], 10.0F);
}

TEST_F(TextureOps, Pitch2DRowsStartAtThePitch) {
  // 3 floats per row in 32-byte rows; the padding holds a value no fetch may return.
  std::vector<float> mem(16, 999.0F);
  for (int y = 0; y < 2; ++y) {
    for (int x = 0; x < 3; ++x) mem[8 * y + x] = static_cast<float>(10 * y + x);
  }
  TextureObject t;
  t.resource.kind = TextureResource::Kind::kPitch2D;
  t.resource.base = upload(mem);
  t.resource.format = kFloat1;
  t.resource.width = 3;
  t.resource.height = 2;
  t.resource.pitch = 32;
  t.resource.dims = 2;
  std::uint64_t h = create(t);
  EXPECT_EQ(tex2d(h, 2.5F, 1.5F)[0], 12.0F);
  EXPECT_EQ(tex2d(h, 5.0F, 0.5F)[0], 2.0F);
}

TEST_F(TextureOps, OffsetsLevelAndResidencyPredicate) {
  std::uint64_t h = create(array_texture(upload(grid_4x3()), kFloat1, 4, 3));
  run("tex2d_extras", h, 0.5F, 1.5F);
  std::vector<float> f = r_.download<float>(out_, 2);
  EXPECT_EQ(f[0], 1.0F);   // texel (0, 1) moved by the offset (+1, -1)
  EXPECT_EQ(f[1], 10.0F);  // no mipmaps: any level reads the base level
  EXPECT_EQ(r_.download<std::uint32_t>(out_ + 8, 1)[0], 7U);  // every texel is resident
}

TEST_F(TextureOps, Tld4GathersTheBilinearFootprint) {
  std::vector<float> pairs;  // texel (x, y) = {10 y + x, -(10 y + x)}
  for (float v : grid_4x3()) {
    pairs.push_back(v);
    pairs.push_back(-v);
  }
  std::uint64_t h = create(array_texture(upload(pairs), format(2, 32, ChannelKind::kFloat), 4, 3));
  // Footprint i in {0, 1}, j in {0, 1}, counter-clockwise from the lower left (i0, j1).
  run("tld4_g", h, 1.0F, 1.0F);
  EXPECT_EQ(floats(), (F4{-10, -11, -1, 0}));

  std::vector<std::uint32_t> ints;
  for (float v : grid_4x3()) ints.push_back(static_cast<std::uint32_t>(v));
  std::uint64_t hi =
      create(array_texture(upload(ints), format(1, 32, ChannelKind::kUnsigned), 4, 3));
  run("tld4_r_u32", hi, 2.0F, 2.9F);  // j1 = 3 is clamped to row 2
  EXPECT_EQ(words(), (U4{21, 22, 22, 21}));
}

TEST_F(TextureOps, TxqReportsSizeAndSampling) {
  TextureObject t = array_texture(upload(std::vector<float>(30)), kFloat1, 5, 3, 2);
  t.sampling.normalized_coords = true;
  t.sampling.filter = FilterMode::kLinear;
  t.sampling.address = {AddressMode::kMirror, AddressMode::kBorder, AddressMode::kClamp};
  run("txq_all", create(t));
  std::vector<std::uint32_t> q = r_.download<std::uint32_t>(out_, 7);
  // Sampler fields use cudaTextureFilterMode / cudaTextureAddressMode values.
  EXPECT_EQ(q, (std::vector<std::uint32_t>{5, 3, 2, 1, 1, 2, 3}));
}

TEST_F(TextureOps, BadHandlesAndUnsamplableTexturesFail) {
  testing::expect_exec_error([&] { tex1d(0xdead, 0.5F); },
                             {"tex1d_f", "handle 0xdead", "not a live"});
  TextureObject s = array_texture(upload(std::vector<float>{1}), kFloat1, 1);
  s.is_surface = true;
  std::uint64_t surface = create(s);
  testing::expect_exec_error([&] { tex1d(surface, 0.5F); },
                             {"is a surface object", "tex needs a texture"});
  TextureObject ints = array_texture(upload(std::vector<std::int32_t>{1, 2}),
                                     format(1, 32, ChannelKind::kSigned), 2);
  ints.sampling.filter = FilterMode::kLinear;
  std::uint64_t linear_ints = create(ints);
  testing::expect_exec_error([&] { tex1d(linear_ints, 0.5F); },
                             {"linear filtering", "returns integers"});
  std::uint64_t gone = create(array_texture(upload(std::vector<float>{1}), kFloat1, 1));
  r_.device().textures().destroy(gone);
  testing::expect_exec_error([&] { tex1d(gone, 0.5F); }, {"not a live"});
}

}  // namespace
}  // namespace warpsim::func::texture_test
