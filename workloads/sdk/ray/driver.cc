// sdk/ray: a Whitted-style ray tracer standing in for RAY of the GPGPU-Sim ISPASS-2009 suite, as
// seed 000 ch. 6 runs it (Table 6.2: blocks of 16 x 8 threads, grid 16 x 32: a 256 x 256 image,
// one thread per pixel). The kernel (ray.cu) and the tracer (ray_trace.h) are our own; the
// original's scene and shading are not reproduced, only its launch shape and its nature: one
// long, branchy kernel per frame with no shared memory.
//
// Sizes: paper 256 x 256 (Table 6.2's grid times its block); small 128 x 128 (grid 8 x 16);
// tiny 32 x 16 (grid 2 x 2). Every size renders the same view, so the smaller images sample the
// same scene more coarsely.
// Scene (deterministic, built here): 4 planes (a checkered floor, a checkered back wall and two
// coloured side walls) and 33 spheres: 30 on a 6 x 5 grid on the floor with radii, positions
// (jittered) and materials from a fixed hash, a large mirror sphere and two floating ones; 12
// materials (matte, plastic, mirror, metals, checkered); 2 point lights.
// Reference: ray_trace.h compiled for the host repeats every float operation of the kernel in
// the same order with the same rounding; the float4 colours (and primary hit distances) and
// the 8-bit pixels must be identical.

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "ray_trace.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::int32_t width;
  std::int32_t height;
};
constexpr Dims kDims[] = {{32, 16}, {128, 128}, {256, 256}};
constexpr std::uint32_t kBlockX = 16;  // Table 6.2's (16, 8, 1)
constexpr std::uint32_t kBlockY = 8;

// A value in [0, 1) in steps of 1/64 (exact in float) from (index, salt).
float jitter(std::uint32_t index, std::uint32_t salt) {
  return static_cast<float>(fmix32(index * 0x9E3779B1u + salt) & 63u) / 64.0f;
}

ray::Material material(float r, float g, float b, float ka, float kd, float ks, int shininess,
                       float reflect, int metal = 0) {
  ray::Material m{};
  m.r = r;
  m.g = g;
  m.b = b;
  m.ambient = ka;
  m.diffuse = kd;
  m.specular = ks;
  m.shininess = shininess;
  m.reflect = reflect;
  m.metal = metal;
  return m;
}

ray::Material checkered(ray::Material m, float r2, float g2, float b2, float scale) {
  m.r2 = r2;
  m.g2 = g2;
  m.b2 = b2;
  m.checker_scale = scale;
  return m;
}

ray::Sphere sphere(float x, float y, float z, float radius, int mat) {
  ray::Sphere s{};
  s.cx = x;
  s.cy = y;
  s.cz = z;
  s.radius2 = radius * radius;
  s.inv_radius = 1.0f / radius;
  s.material = mat;
  return s;
}

ray::Plane plane(float nx, float ny, float nz, float offset, int mat) {
  ray::Plane p{};
  p.nx = nx;
  p.ny = ny;
  p.nz = nz;
  p.offset = offset;
  p.material = mat;
  return p;
}

ray::Light light(float x, float y, float z, float r, float g, float b, float attenuation) {
  ray::Light l{};
  l.px = x;
  l.py = y;
  l.pz = z;
  l.r = r;
  l.g = g;
  l.b = b;
  l.attenuation = attenuation;
  return l;
}

struct SceneData {
  std::vector<ray::Sphere> spheres;
  std::vector<ray::Plane> planes;
  std::vector<ray::Material> materials;
  std::vector<ray::Light> lights;
};

SceneData build_scene() {
  SceneData s;
  s.materials = {
      // 0 floor, 1 back wall: checkerboards; 2, 3 side walls.
      checkered(material(0.9f, 0.9f, 0.85f, 0.1f, 0.8f, 0.2f, 16, 0.15f), 0.2f, 0.2f, 0.22f, 0.5f),
      checkered(material(0.8f, 0.85f, 0.95f, 0.1f, 0.9f, 0.0f, 1, 0.0f), 0.3f, 0.4f, 0.7f, 0.25f),
      material(0.75f, 0.2f, 0.2f, 0.1f, 0.9f, 0.0f, 1, 0.0f),
      material(0.2f, 0.7f, 0.25f, 0.1f, 0.9f, 0.0f, 1, 0.0f),
      // 4 mirror, 5 gold, 6 red plastic, 7 blue plastic, 8 matte white, 9 copper,
      // 10 checkered ball, 11 glossy black.
      material(0.9f, 0.9f, 0.9f, 0.02f, 0.05f, 0.8f, 128, 0.9f),
      material(1.0f, 0.78f, 0.34f, 0.05f, 0.3f, 0.9f, 64, 0.6f, 1),
      material(0.9f, 0.15f, 0.1f, 0.1f, 0.8f, 0.5f, 32, 0.1f),
      material(0.15f, 0.3f, 0.9f, 0.1f, 0.8f, 0.4f, 16, 0.05f),
      material(0.92f, 0.92f, 0.9f, 0.12f, 0.9f, 0.05f, 4, 0.0f),
      material(0.95f, 0.64f, 0.54f, 0.05f, 0.35f, 0.8f, 48, 0.5f, 1),
      checkered(material(1.0f, 0.55f, 0.1f, 0.1f, 0.8f, 0.3f, 8, 0.2f), 0.95f, 0.95f, 0.95f, 2.0f),
      material(0.05f, 0.05f, 0.06f, 0.05f, 0.5f, 0.9f, 96, 0.3f),
  };
  s.planes = {
      plane(0.0f, 1.0f, 0.0f, 0.0f, 0),     // floor y = 0
      plane(0.0f, 0.0f, 1.0f, -20.0f, 1),   // back wall z = -20
      plane(1.0f, 0.0f, 0.0f, -12.0f, 2),   // left wall x = -12
      plane(-1.0f, 0.0f, 0.0f, -12.0f, 3),  // right wall x = 12
  };
  for (std::uint32_t row = 0; row < 5; ++row) {
    for (std::uint32_t col = 0; col < 6; ++col) {
      const std::uint32_t i = row * 6 + col;
      const float radius = 0.5f + 0.625f * jitter(i, 1);
      const float x = -7.5f + 3.0f * static_cast<float>(col) + jitter(i, 2) - 0.5f;
      const float z = -15.0f + 3.0f * static_cast<float>(row) + jitter(i, 3) - 0.5f;
      const int mat = 4 + static_cast<int>(fmix32(i * 0x85EBCA6Bu + 7u) % 8u);
      s.spheres.push_back(sphere(x, radius, z, radius, mat));
    }
  }
  s.spheres.push_back(sphere(0.0f, 6.5f, -9.0f, 2.5f, 4));    // the large mirror
  s.spheres.push_back(sphere(-5.0f, 5.0f, -4.0f, 1.25f, 5));  // floating gold
  s.spheres.push_back(sphere(5.5f, 4.0f, -6.0f, 1.5f, 10));   // floating checkered ball
  s.lights = {
      light(-6.0f, 11.0f, 6.0f, 1.8f, 1.7f, 1.6f, 0.002f),
      light(8.0f, 9.0f, -2.0f, 1.0f, 1.1f, 1.4f, 0.004f),
  };
  return s;
}

// The camera: eye (0, 4.5, 13) looking at (0, 2, -6), vertical field of view 50 degrees.
ray::View make_view(std::int32_t width, std::int32_t height) {
  const double eye[3] = {0.0, 4.5, 13.0};
  const double target[3] = {0.0, 2.0, -6.0};
  double f[3] = {target[0] - eye[0], target[1] - eye[1], target[2] - eye[2]};
  const double fl = std::sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
  for (double& c : f) c /= fl;
  // right = f x (0, 1, 0), normalized; up = right x f.
  double r[3] = {-f[2], 0.0, f[0]};
  const double rl = std::sqrt(r[0] * r[0] + r[2] * r[2]);
  for (double& c : r) c /= rl;
  const double u[3] = {r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2],
                       r[0] * f[1] - r[1] * f[0]};
  const double tan_half = std::tan(25.0 * 3.14159265358979323846 / 180.0);
  const double aspect = static_cast<double>(width) / height;
  ray::View v{};
  v.eye_x = static_cast<float>(eye[0]);
  v.eye_y = static_cast<float>(eye[1]);
  v.eye_z = static_cast<float>(eye[2]);
  v.fwd_x = static_cast<float>(f[0]);
  v.fwd_y = static_cast<float>(f[1]);
  v.fwd_z = static_cast<float>(f[2]);
  v.right_x = static_cast<float>(r[0] * tan_half * aspect);
  v.right_y = static_cast<float>(r[1] * tan_half * aspect);
  v.right_z = static_cast<float>(r[2] * tan_half * aspect);
  v.up_x = static_cast<float>(u[0] * tan_half);
  v.up_y = static_cast<float>(u[1] * tan_half);
  v.up_z = static_cast<float>(u[2] * tan_half);
  v.inv_width2 = static_cast<float>(2.0 / width);
  v.inv_height2 = static_cast<float>(2.0 / height);
  return v;
}

class Ray final : public Workload {
 public:
  std::string_view name() const override { return "sdk/ray"; }
  std::string_view description() const override {
    return "Whitted-style ray tracer for GPGPU-Sim's RAY (seed 000 ch. 6): spheres and planes, "
           "shadow rays, 3 reflection bounces; 16x8 blocks, one thread per pixel";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{} x {} pixels, grid {} x {}, 37 objects, 2 lights", d.width, d.height,
                       blocks_for(d.width, kBlockX), blocks_for(d.height, kBlockY));
  }
  void run(Host& host, Size size) const override;
};

void Ray::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const auto pixels = static_cast<std::size_t>(d.width) * static_cast<std::size_t>(d.height);
  const SceneData scene = build_scene();
  const ray::View view = make_view(d.width, d.height);

  host.load_workload_ptx(name());
  const Addr spheres_dev = host.alloc_copy(scene.spheres);
  const Addr planes_dev = host.alloc_copy(scene.planes);
  const Addr materials_dev = host.alloc_copy(scene.materials);
  const Addr lights_dev = host.alloc_copy(scene.lights);
  const Addr view_dev = host.alloc_copy(std::vector<ray::View>{view});
  const Addr colour_dev = host.alloc(pixels * 4 * sizeof(float));
  const Addr pixels_dev = host.alloc(pixels * sizeof(std::uint32_t));
  const auto sphere_count = static_cast<std::int32_t>(scene.spheres.size());
  const auto plane_count = static_cast<std::int32_t>(scene.planes.size());
  const auto light_count = static_cast<std::int32_t>(scene.lights.size());
  host.launch("render", {blocks_for(d.width, kBlockX), blocks_for(d.height, kBlockY)},
              {kBlockX, kBlockY}, 0, colour_dev, pixels_dev, spheres_dev, sphere_count, planes_dev,
              plane_count, materials_dev, lights_dev, light_count, view_dev, d.width, d.height);
  const std::vector<float> got_colour = host.read<float>(colour_dev, pixels * 4);
  const std::vector<std::uint32_t> got_pixels = host.read<std::uint32_t>(pixels_dev, pixels);

  const ray::Scene cpu{scene.spheres.data(), scene.planes.data(), scene.materials.data(),
                       scene.lights.data(),  sphere_count,        plane_count,
                       light_count};
  std::vector<float> want_colour(pixels * 4);
  std::vector<std::uint32_t> want_pixels(pixels);
  for (std::int32_t y = 0; y < d.height; ++y) {
    for (std::int32_t x = 0; x < d.width; ++x) {
      const std::size_t i = static_cast<std::size_t>(y) * d.width + x;
      float t = 0.0f;
      const ray::Vec3 c = ray::render_pixel(cpu, view, x, y, &t);
      want_colour[4 * i] = c.x;
      want_colour[4 * i + 1] = c.y;
      want_colour[4 * i + 2] = c.z;
      want_colour[4 * i + 3] = t;
      want_pixels[i] = ray::pack_rgba(c);
    }
  }
  // exact(): error bound 0, so check_close demands equality. Rows of width x (r, g, b, t).
  check_close("colour (r, g, b, primary distance)", got_colour, exact(want_colour),
              static_cast<std::size_t>(d.width) * 4);
  check_equal("pixels", got_pixels, want_pixels, static_cast<std::size_t>(d.width));
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Ray);

}  // namespace warpsim::workload
