// sdk/ray: a Whitted-style ray tracer standing in for RAY of the GPGPU-Sim ISPASS-2009 suite, as
// seed 000 ch. 6 runs it (Table 6.2: blocks of 16 x 8 threads, a 16 x 32 grid, i.e. a 256 x 256
// image, one thread per pixel; 45 registers, no shared memory). The tracer is our own
// (ray_trace.h, shared with the CPU reference): spheres and planes in global memory, per pixel a
// primary ray, the closest hit over all objects, ambient + diffuse + specular shading with a
// shadow ray to each of the point lights, fog, and mirror reflections with a Fresnel weight up
// to 3 bounces in an iterative loop. The object loops are unrolled (4 spheres, 2 planes, 2 lights
// per iteration) so that the kernel's code is large, as a full tracer's is: the instruction
// footprint is what seed 000 ch. 6 studies.
//
// Registers: the kernel is limited to Table 6.2's 45 registers per thread (__maxnreg__, as
// -maxrregcount 45 would), which gives Table 6.2's 5 blocks of 128 threads per Fermi SM; without
// the limit ptxas allocates 57 for sm_75 and warpsim's PTX estimate reaches its cap of 63.
//
// Output per pixel: the tone-mapped colour and the primary hit's distance as a float4, and the
// 8-bit RGBA pixel (red in the low byte), as the original writes a 32-bit pixel buffer.

#include "ray_trace.h"

extern "C" __global__ void __maxnreg__(45)
    render(float4* colour, unsigned* pixels, const ray::Sphere* spheres, int sphere_count,
           const ray::Plane* planes, int plane_count, const ray::Material* materials,
           const ray::Light* lights, int light_count, const ray::View* view, int width,
           int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  const ray::Scene scene{spheres,      planes,      materials,  lights,
                         sphere_count, plane_count, light_count};
  float primary_t;
  const ray::Vec3 c = ray::render_pixel(scene, *view, x, y, &primary_t);
  colour[y * width + x] = make_float4(c.x, c.y, c.z, primary_t);
  pixels[y * width + x] = ray::pack_rgba(c);
}
