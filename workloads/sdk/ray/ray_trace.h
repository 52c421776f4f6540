#pragma once

// The ray tracer of sdk/ray, compiled both by nvcc (into ray.cu's kernel) and by the host
// compiler (driver.cc's CPU reference), so that the reference performs the same float operations
// in the same order as the kernel and must produce identical pixels. Every float operation is a
// correctly rounded intrinsic on the device (__fadd_rn, __fsub_rn, __fmul_rn, __fmaf_rn,
// __fdiv_rn: the compiler may neither fuse nor reorder them; sqrtf is sqrt.rn.f32) and the same
// IEEE operation on the host (rounded.h's single operations, std::fmaf, std::sqrt); floor,
// comparisons, negation and float <-> int conversions are exact on both. No transcendental
// functions: the specular and Fresnel powers are integer powers by repeated squaring.
//
// A Whitted-style tracer (Whitted, "An improved illumination model for shaded display", CACM
// 1980), our own: a scene of spheres and planes, one primary ray per pixel, the closest hit over
// all objects, ambient + diffuse (Lambert) + specular (Blinn-Phong) shading from point lights with
// a shadow ray to each, distance attenuation, checkerboard textures, distance fog, and mirror
// reflection with a Schlick Fresnel weight, followed iteratively up to kMaxBounces times.

#ifdef __CUDACC__
#define RT_FN __device__ __forceinline__
#define RT_FLOOR floorf
#define RT_SQRT sqrtf
#else
#include <cmath>

#include "workload/rounded.h"
#define RT_FN inline
#define RT_FLOOR std::floor
#define RT_SQRT std::sqrt
#endif

namespace ray {

// ---- scene layout (global memory; the driver fills it) ----

struct Sphere {
  float cx, cy, cz;
  float radius2;     // radius squared
  float inv_radius;  // 1 / radius, for the normal
  int material;
  int pad0, pad1;
};

// The points p with dot(n, p) = offset.
struct Plane {
  float nx, ny, nz;
  float offset;
  int material;
  int pad0, pad1, pad2;
};

struct Material {
  float r, g, b;        // colour
  float r2, g2, b2;     // second colour of the checkerboard
  float checker_scale;  // cells per unit; 0: plain colour
  float ambient;        // ka
  float diffuse;        // kd
  float specular;       // ks
  float reflect;        // kr at normal incidence; 0: not reflective
  int shininess;        // Blinn-Phong exponent (integer power)
  int metal;            // reflections tinted by the colour
  int pad0, pad1, pad2;
};

struct Light {
  float px, py, pz;
  float r, g, b;
  float attenuation;  // k in 1 / (1 + k d^2)
  float pad0;
};

// The camera and the image, computed on the host (kernel parameters are copied here once).
struct View {
  float eye_x, eye_y, eye_z;
  float fwd_x, fwd_y, fwd_z;        // unit view direction
  float right_x, right_y, right_z;  // right, scaled by tan(fov / 2) x aspect
  float up_x, up_y, up_z;           // up, scaled by tan(fov / 2)
  float inv_width2, inv_height2;    // 2 / width, 2 / height
};

struct Scene {
  const Sphere* spheres;
  const Plane* planes;
  const Material* materials;
  const Light* lights;
  int sphere_count;
  int plane_count;
  int light_count;
};

inline constexpr int kMaxBounces = 3;    // reflections after the primary hit
inline constexpr float kFar = 1.0e4f;    // nothing is hit beyond
inline constexpr float kEps = 1.0e-3f;   // hits closer than this along a ray are ignored
inline constexpr float kBias = 2.0e-3f;  // secondary rays start this far off the surface
inline constexpr float kFogDistance = 120.0f;
inline constexpr int kSunPower = 64;
inline constexpr int kNone = 0;
inline constexpr int kSphereHit = 1;
inline constexpr int kPlaneHit = 2;

// ---- correctly rounded single operations ----

#ifdef __CUDACC__
RT_FN float add(float a, float b) { return __fadd_rn(a, b); }
RT_FN float sub(float a, float b) { return __fsub_rn(a, b); }
RT_FN float mul(float a, float b) { return __fmul_rn(a, b); }
RT_FN float fma(float a, float b, float c) { return __fmaf_rn(a, b, c); }
RT_FN float div(float a, float b) { return __fdiv_rn(a, b); }
#else
RT_FN float add(float a, float b) { return warpsim::workload::rounded_add(a, b); }
RT_FN float sub(float a, float b) { return warpsim::workload::rounded_sub(a, b); }
RT_FN float mul(float a, float b) { return warpsim::workload::rounded_mul(a, b); }
RT_FN float fma(float a, float b, float c) { return std::fmaf(a, b, c); }
RT_FN float div(float a, float b) { return warpsim::workload::rounded_div(a, b); }
#endif
RT_FN float root(float a) { return RT_SQRT(a); }
RT_FN float larger(float a, float b) { return a > b ? a : b; }
RT_FN float smaller(float a, float b) { return a < b ? a : b; }

// ---- vectors ----

struct Vec3 {
  float x, y, z;
};

RT_FN Vec3 vec3(float x, float y, float z) { return Vec3{x, y, z}; }
RT_FN Vec3 vadd(Vec3 a, Vec3 b) { return vec3(add(a.x, b.x), add(a.y, b.y), add(a.z, b.z)); }
RT_FN Vec3 vsub(Vec3 a, Vec3 b) { return vec3(sub(a.x, b.x), sub(a.y, b.y), sub(a.z, b.z)); }
RT_FN Vec3 vneg(Vec3 a) { return vec3(-a.x, -a.y, -a.z); }
RT_FN Vec3 vscale(Vec3 a, float s) { return vec3(mul(a.x, s), mul(a.y, s), mul(a.z, s)); }
RT_FN Vec3 vmul(Vec3 a, Vec3 b) { return vec3(mul(a.x, b.x), mul(a.y, b.y), mul(a.z, b.z)); }
// a * s + b, fused per component.
RT_FN Vec3 vmadd(Vec3 a, float s, Vec3 b) {
  return vec3(fma(a.x, s, b.x), fma(a.y, s, b.y), fma(a.z, s, b.z));
}
// a * b + c, fused per component.
RT_FN Vec3 vmuladd(Vec3 a, Vec3 b, Vec3 c) {
  return vec3(fma(a.x, b.x, c.x), fma(a.y, b.y, c.y), fma(a.z, b.z, c.z));
}
// a + (b - a) t.
RT_FN Vec3 vlerp(Vec3 a, Vec3 b, float t) { return vmadd(vsub(b, a), t, a); }
RT_FN float dot(Vec3 a, Vec3 b) { return fma(a.z, b.z, fma(a.y, b.y, mul(a.x, b.x))); }
RT_FN Vec3 normalize(Vec3 v) { return vscale(v, div(1.0f, root(dot(v, v)))); }
// d - 2 dot(d, n) n.
RT_FN Vec3 reflect(Vec3 d, Vec3 n) { return vmadd(n, mul(-2.0f, dot(d, n)), d); }

// b^e for e >= 0, by repeated squaring (the same multiplications on host and device).
RT_FN float int_power(float b, int e) {
  float result = 1.0f;
  while (e > 0) {
    if (e & 1) result = mul(result, b);
    b = mul(b, b);
    e >>= 1;
  }
  return result;
}

// ---- intersection ----

struct Hit {
  float t;
  int kind;
  int index;
};

// The nearer positive root of |o + t d - c|^2 = r^2 for unit d, or kFar.
RT_FN float sphere_distance(const Sphere& s, Vec3 o, Vec3 d) {
  const Vec3 oc = vsub(o, vec3(s.cx, s.cy, s.cz));
  const float b = dot(oc, d);
  const float c = sub(dot(oc, oc), s.radius2);
  const float disc = fma(b, b, -c);
  if (!(disc > 0.0f)) return kFar;
  const float q = root(disc);
  const float near = sub(-b, q);
  if (near > kEps) return near;
  const float far = sub(q, b);
  return far > kEps ? far : kFar;
}

// The distance along o + t d to the plane, or kFar when the ray is parallel or points away.
RT_FN float plane_distance(const Plane& p, Vec3 o, Vec3 d) {
  const Vec3 n = vec3(p.nx, p.ny, p.nz);
  const float denom = dot(n, d);
  if (!(denom > 1.0e-6f || denom < -1.0e-6f)) return kFar;
  const float t = div(sub(p.offset, dot(n, o)), denom);
  return t > kEps ? t : kFar;
}

// The closest object along o + t d (t in (kEps, kFar)).
RT_FN Hit closest_hit(const Scene& scene, Vec3 o, Vec3 d) {
  Hit hit{kFar, kNone, -1};
#ifdef __CUDACC__
#pragma unroll 4
#endif
  for (int i = 0; i < scene.sphere_count; ++i) {
    const float t = sphere_distance(scene.spheres[i], o, d);
    if (t < hit.t) hit = Hit{t, kSphereHit, i};
  }
#ifdef __CUDACC__
#pragma unroll 2
#endif
  for (int i = 0; i < scene.plane_count; ++i) {
    const float t = plane_distance(scene.planes[i], o, d);
    if (t < hit.t) hit = Hit{t, kPlaneHit, i};
  }
  return hit;
}

// Whether any object lies along o + t d with t in (kEps, limit): the shadow ray's test, which
// stops at the first blocker.
RT_FN bool occluded(const Scene& scene, Vec3 o, Vec3 d, float limit) {
#ifdef __CUDACC__
#pragma unroll 4
#endif
  for (int i = 0; i < scene.sphere_count; ++i) {
    if (sphere_distance(scene.spheres[i], o, d) < limit) return true;
  }
  for (int i = 0; i < scene.plane_count; ++i) {
    if (plane_distance(scene.planes[i], o, d) < limit) return true;
  }
  return false;
}

// ---- shading ----

// The sky seen along unit d: a vertical gradient and a sun disc (an integer power of the
// cosine to the sun's direction).
RT_FN Vec3 sky(Vec3 d) {
  const float t = fma(d.y, 0.5f, 0.5f);
  Vec3 c = vlerp(vec3(0.85f, 0.80f, 0.75f), vec3(0.25f, 0.45f, 0.85f), t);
  const float sun = dot(d, vec3(0.3713907f, 0.7427814f, -0.5570860f));
  if (sun > 0.0f) c = vmadd(vec3(1.0f, 0.9f, 0.7f), int_power(sun, kSunPower), c);
  return c;
}

// The material's colour at p: plain, or a 3-D checkerboard of its two colours.
RT_FN Vec3 surface_colour(const Material& m, Vec3 p) {
  const Vec3 a = vec3(m.r, m.g, m.b);
  if (!(m.checker_scale > 0.0f)) return a;
  // Cells offset by half a cell, so that the planes (at whole coordinates) lie mid-cell.
  const int cx = static_cast<int>(RT_FLOOR(fma(p.x, m.checker_scale, 0.5f)));
  const int cy = static_cast<int>(RT_FLOOR(fma(p.y, m.checker_scale, 0.5f)));
  const int cz = static_cast<int>(RT_FLOOR(fma(p.z, m.checker_scale, 0.5f)));
  return ((cx + cy + cz) & 1) ? vec3(m.r2, m.g2, m.b2) : a;
}

// Direct light at p (unit normal n, unit view direction d, surface colour base) from every
// light: diffuse and specular, each light tested with a shadow ray.
RT_FN Vec3 direct_light(const Scene& scene, const Material& m, Vec3 p, Vec3 n, Vec3 d, Vec3 base) {
  Vec3 sum = vscale(base, m.ambient);
  const Vec3 origin = vmadd(n, kBias, p);
#ifdef __CUDACC__
#pragma unroll 2
#endif
  for (int l = 0; l < scene.light_count; ++l) {
    const Light& light = scene.lights[l];
    const Vec3 to_light = vsub(vec3(light.px, light.py, light.pz), p);
    const float dist2 = dot(to_light, to_light);
    const float dist = root(dist2);
    const Vec3 dir = vscale(to_light, div(1.0f, dist));
    const float cosine = dot(n, dir);
    if (!(cosine > 0.0f)) continue;
    if (occluded(scene, origin, dir, dist)) continue;
    const float falloff = div(1.0f, fma(light.attenuation, dist2, 1.0f));
    const Vec3 colour = vscale(vec3(light.r, light.g, light.b), falloff);
    // Lambert.
    const Vec3 diffuse = vscale(base, mul(m.diffuse, cosine));
    // Blinn-Phong: the half vector between the light and the viewer.
    const Vec3 half = normalize(vsub(dir, d));
    const float ndoth = dot(n, half);
    const float spec = ndoth > 0.0f ? mul(m.specular, int_power(ndoth, m.shininess)) : 0.0f;
    sum = vmuladd(vadd(diffuse, vec3(spec, spec, spec)), colour, sum);
  }
  return sum;
}

// The colour seen along the ray from o in unit direction d, and the primary hit's distance.
RT_FN Vec3 trace(const Scene& scene, Vec3 o, Vec3 d, float* primary_t) {
  Vec3 colour = vec3(0.0f, 0.0f, 0.0f);
  Vec3 weight = vec3(1.0f, 1.0f, 1.0f);
  *primary_t = kFar;
  // An iterative loop (kept rolled on the device, as a GPU tracer without recursion runs it).
#ifdef __CUDACC__
#pragma unroll 1
#endif
  for (int bounce = 0; bounce <= kMaxBounces; ++bounce) {
    const Hit hit = closest_hit(scene, o, d);
    if (bounce == 0) *primary_t = hit.t;
    if (hit.kind == kNone) {
      colour = vmuladd(weight, sky(d), colour);
      break;
    }
    const Vec3 p = vmadd(d, hit.t, o);
    Vec3 n;
    int material;
    if (hit.kind == kSphereHit) {
      const Sphere& s = scene.spheres[hit.index];
      n = vscale(vsub(p, vec3(s.cx, s.cy, s.cz)), s.inv_radius);
      material = s.material;
    } else {
      const Plane& pl = scene.planes[hit.index];
      n = vec3(pl.nx, pl.ny, pl.nz);
      material = pl.material;
    }
    if (dot(n, d) > 0.0f) n = vneg(n);  // seen from behind (or from inside a sphere)
    const Material& m = scene.materials[material];
    const Vec3 base = surface_colour(m, p);
    Vec3 local = direct_light(scene, m, p, n, d, base);
    // Fog: blend towards the sky's horizon colour with distance.
    const float fog = div(hit.t, add(hit.t, kFogDistance));
    local = vlerp(local, vec3(0.85f, 0.80f, 0.75f), fog);
    colour = vmuladd(weight, local, colour);
    if (!(m.reflect > 0.0f) || bounce == kMaxBounces) break;
    // Schlick's Fresnel weight: kr + (1 - kr) (1 - cos)^5.
    const float cosine = smaller(1.0f, larger(0.0f, -dot(d, n)));
    const float kr = fma(sub(1.0f, m.reflect), int_power(sub(1.0f, cosine), 5), m.reflect);
    const Vec3 tint = m.metal ? base : vec3(1.0f, 1.0f, 1.0f);
    weight = vmul(weight, vscale(tint, kr));
    if (!(larger(weight.x, larger(weight.y, weight.z)) > 1.0e-3f)) break;
    o = vmadd(n, kBias, p);
    d = normalize(reflect(d, n));
  }
  return colour;
}

// Pixel (x, y) of the image: the primary ray through the pixel's centre, traced; returns the
// colour after tone mapping (c / (1 + c) per channel, in [0, 1)) and the primary hit's distance.
RT_FN Vec3 render_pixel(const Scene& scene, const View& v, int x, int y, float* primary_t) {
  const float u = sub(mul(add(static_cast<float>(x), 0.5f), v.inv_width2), 1.0f);
  const float w = sub(1.0f, mul(add(static_cast<float>(y), 0.5f), v.inv_height2));
  Vec3 d = vec3(v.fwd_x, v.fwd_y, v.fwd_z);
  d = vmadd(vec3(v.right_x, v.right_y, v.right_z), u, d);
  d = vmadd(vec3(v.up_x, v.up_y, v.up_z), w, d);
  d = normalize(d);
  const Vec3 c = trace(scene, vec3(v.eye_x, v.eye_y, v.eye_z), d, primary_t);
  return vec3(div(c.x, add(1.0f, c.x)), div(c.y, add(1.0f, c.y)), div(c.z, add(1.0f, c.z)));
}

// 8-bit RGBA (red in the low byte, alpha 255) of a tone-mapped colour in [0, 1).
RT_FN unsigned pack_rgba(Vec3 c) {
  const unsigned r = static_cast<unsigned>(static_cast<int>(fma(c.x, 255.0f, 0.5f)));
  const unsigned g = static_cast<unsigned>(static_cast<int>(fma(c.y, 255.0f, 0.5f)));
  const unsigned b = static_cast<unsigned>(static_cast<int>(fma(c.z, 255.0f, 0.5f)));
  return r | (g << 8) | (b << 16) | (255u << 24);
}

}  // namespace ray
