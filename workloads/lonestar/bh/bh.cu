// lonestar/bh: Barnes-Hut n-body simulation, after LonestarGPU's BH (Burtscher and Pingali, "An
// Efficient CUDA Implementation of the Tree-Based Barnes Hut n-Body Algorithm", GPU Computing
// Gems Emerald Edition, 2011), written from that description. Six kernels per time step over one
// node array: bodies are nodes 0..n-1, cells are allocated downwards from the root (node nnodes)
// and hold 8 child slots each (-1 empty, -2 locked during tree building). A cell's position is
// its geometric centre while the tree is built and its centre of mass afterwards; its mass is -1
// until the summarization has computed it (the ready flag). The kernels are persistent: the
// driver launches a fixed number of blocks per SM and the threads loop over the work, and the
// summarization and sort kernels wait for other threads' results, so they need all their blocks
// resident at once (as the original does).
//
// ctl[0]: blocks done (bounding box; wraps back to 0), ctl[1]: bottom, the lowest cell in use.
// box[0..5]: min x, y, z, max x, y, z of the bodies; box[6]: half the largest extent (radius).

#define EMPTY (-1)
#define LOCKED (-2)

namespace {

constexpr int kMaxDepth = 32;       // levels of the force kernel's stacks
constexpr int kBoxThreads = 512;    // the bounding-box kernel's block (a power of 2)
constexpr int kForceThreads = 256;  // the force kernel's block
constexpr int kForceWarps = kForceThreads / 32;

// The octant of (x, y, z) in a cell centred at (cx, cy, cz): bit 0 x, bit 1 y, bit 2 z.
__device__ __forceinline__ int octant(float x, float y, float z, float cx, float cy, float cz) {
  return (x >= cx ? 1 : 0) | (y >= cy ? 2 : 0) | (z >= cz ? 4 : 0);
}

}  // namespace

// The block's min and max of (lx, ly, lz) and (hx, hy, hz) by a tree reduction in shared
// memory; every thread of the block calls it. The result is in lo[.][0] and hi[.][0].
static __device__ void reduce_box(float (*lo)[kBoxThreads], float (*hi)[kBoxThreads], float lx,
                                  float ly, float lz, float hx, float hy, float hz) {
  const int t = threadIdx.x;
  lo[0][t] = lx;
  lo[1][t] = ly;
  lo[2][t] = lz;
  hi[0][t] = hx;
  hi[1][t] = hy;
  hi[2][t] = hz;
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    __syncthreads();
    if (t < s) {
      for (int d = 0; d < 3; ++d) {
        lo[d][t] = fminf(lo[d][t], lo[d][t + s]);
        hi[d][t] = fmaxf(hi[d][t], hi[d][t + s]);
      }
    }
  }
  __syncthreads();
}

// Kernel 1: the bounding box of all bodies (per-thread min/max, a tree reduction in shared
// memory per block, then the last block to finish combines the blocks' results), and the root:
// the box's centre, no children, start 0; bottom = the root.
extern "C" __global__ void bh_bounding_box(float* posx, float* posy, float* posz, float* mass,
                                           int* child, int* start, float* partial, float* box,
                                           int* ctl, int n, int nnodes) {
  __shared__ float lo[3][kBoxThreads];
  __shared__ float hi[3][kBoxThreads];
  __shared__ bool last;
  const int t = threadIdx.x;
  float lx = posx[0], ly = posy[0], lz = posz[0];
  float hx = lx, hy = ly, hz = lz;
  for (int i = t + blockIdx.x * blockDim.x; i < n; i += blockDim.x * gridDim.x) {
    const float x = posx[i], y = posy[i], z = posz[i];
    lx = fminf(lx, x);
    ly = fminf(ly, y);
    lz = fminf(lz, z);
    hx = fmaxf(hx, x);
    hy = fmaxf(hy, y);
    hz = fmaxf(hz, z);
  }
  reduce_box(lo, hi, lx, ly, lz, hx, hy, hz);
  if (t == 0) {
    volatile float* mine = partial + 6 * blockIdx.x;
    for (int d = 0; d < 3; ++d) {
      mine[d] = lo[d][0];
      mine[3 + d] = hi[d][0];
    }
    __threadfence();
    last = atomicInc(reinterpret_cast<unsigned*>(&ctl[0]), gridDim.x - 1) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last) return;  // the same for every thread of the block
  // The last block combines every block's result.
  const volatile float* all = partial;
  lx = all[0];
  ly = all[1];
  lz = all[2];
  hx = all[3];
  hy = all[4];
  hz = all[5];
  for (int b = t; b < gridDim.x; b += blockDim.x) {
    lx = fminf(lx, all[6 * b]);
    ly = fminf(ly, all[6 * b + 1]);
    lz = fminf(lz, all[6 * b + 2]);
    hx = fmaxf(hx, all[6 * b + 3]);
    hy = fmaxf(hy, all[6 * b + 4]);
    hz = fmaxf(hz, all[6 * b + 5]);
  }
  reduce_box(lo, hi, lx, ly, lz, hx, hy, hz);
  if (t == 0) {
    for (int d = 0; d < 3; ++d) {
      box[d] = lo[d][0];
      box[3 + d] = hi[d][0];
    }
    const float extent =
        fmaxf(fmaxf(hi[0][0] - lo[0][0], hi[1][0] - lo[1][0]), hi[2][0] - lo[2][0]);
    box[6] = 0.5f * extent;
    const int root = nnodes;
    posx[root] = 0.5f * (lo[0][0] + hi[0][0]);
    posy[root] = 0.5f * (lo[1][0] + hi[1][0]);
    posz[root] = 0.5f * (lo[2][0] + hi[2][0]);
    mass[root] = -1.0f;
    start[root] = 0;
    for (int k = 0; k < 8; ++k) child[8 * root + k] = EMPTY;
    ctl[1] = root;
  }
}

// Kernel 2: tree building. Each thread inserts its bodies (i, i + threads, ...): it walks down
// from the root to the child slot where the body belongs, and when that slot is not locked it
// tries to lock it (atomicCAS to LOCKED). The winner inserts the body (an empty slot) or splits
// the slot's body into new cells until the two bodies fall into different octants, and releases
// the lock within the same iteration by writing the body or the new subtree into the slot, after
// a fence. A thread that found the slot locked or lost the race tries again in its next
// iteration from the same cell; no thread waits inside a branch for another.
extern "C" __global__ void bh_build_tree(volatile float* posx, volatile float* posy,
                                         volatile float* posz, float* mass, volatile int* child,
                                         int* start, const float* box, int* ctl, int n,
                                         int nnodes) {
  const float radius = box[6];
  const int root = nnodes;
  const float rx = posx[root], ry = posy[root], rz = posz[root];
  const int stride = blockDim.x * gridDim.x;
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  bool fresh = true;
  float x = 0.0f, y = 0.0f, z = 0.0f, r = 0.0f;  // r: the current cell's half side
  int node = root, j = 0;
  while (i < n) {
    if (fresh) {
      fresh = false;
      x = posx[i];
      y = posy[i];
      z = posz[i];
      node = root;
      r = radius;
      j = octant(x, y, z, rx, ry, rz);
    }
    int ch = child[8 * node + j];
    while (ch >= n) {  // a cell: go down
      node = ch;
      r *= 0.5f;
      j = octant(x, y, z, posx[node], posy[node], posz[node]);
      ch = child[8 * node + j];
    }
    if (ch == LOCKED) continue;
    const int slot = 8 * node + j;
    if (atomicCAS(const_cast<int*>(&child[slot]), ch, LOCKED) != ch) continue;
    if (ch == EMPTY) {
      child[slot] = i;  // insert and release
    } else {
      // Split: new cells, each in the octant of the previous one, until the two bodies part.
      float cx = posx[node], cy = posy[node], cz = posz[node];
      const float ox = posx[ch], oy = posy[ch], oz = posz[ch];
      int top = -1;
      int link = slot;
      int oct = j;
      bool again = true;
      while (again) {
        const int cell = atomicSub(&ctl[1], 1) - 1;
        r *= 0.5f;
        cx += (oct & 1) ? r : -r;
        cy += (oct & 2) ? r : -r;
        cz += (oct & 4) ? r : -r;
        posx[cell] = cx;
        posy[cell] = cy;
        posz[cell] = cz;
        mass[cell] = -1.0f;
        start[cell] = -1;
        for (int k = 0; k < 8; ++k) child[8 * cell + k] = EMPTY;
        if (top < 0) {
          top = cell;
        } else {
          child[link] = cell;
        }
        const int old_oct = octant(ox, oy, oz, cx, cy, cz);
        child[8 * cell + old_oct] = ch;
        oct = octant(x, y, z, cx, cy, cz);
        link = 8 * cell + oct;
        again = oct == old_oct;
      }
      child[link] = i;
      __threadfence();
      child[slot] = top;  // release: the new subtree becomes visible
    }
    i += stride;
    fresh = true;
  }
}

// Kernel 3: summarization. Cells are handled from the bottom (the newest, so the deepest first)
// upwards, cell bottom + t, bottom + t + threads, ... for thread t. A cell is ready when every
// child's mass is (cells start at -1): a thread reads its cell's 8 child slots (written by the
// previous kernel), then polls the children's masses all at once. When they are all there it
// writes the cell's centre of mass (sum of m*x in octant order, times 1/m), body count and,
// after a fence, its mass; otherwise it polls again in its next iteration. Another thread's
// results are read with volatile loads, which skip the incoherent L1.
extern "C" __global__ void bh_summarize(volatile float* posx, volatile float* posy,
                                        volatile float* posz, volatile float* mass,
                                        const int* child, volatile int* count, const int* ctl,
                                        int n, int nnodes) {
  const int bottom = ctl[1];
  const int stride = blockDim.x * gridDim.x;
  int k = bottom + threadIdx.x + blockIdx.x * blockDim.x;
  bool fresh = true;
  int ch[8];
  while (k <= nnodes) {
    if (fresh) {
      fresh = false;
      for (int o = 0; o < 8; ++o) ch[o] = child[8 * k + o];
    }
    float cm[8];
    bool ready = true;
    for (int o = 0; o < 8; ++o) {
      cm[o] = ch[o] >= 0 ? mass[ch[o]] : 0.0f;
      ready = ready && cm[o] >= 0.0f;
    }
    if (!ready) continue;
    __threadfence();  // the children's centres and counts were written before their masses
    float m = 0.0f, px = 0.0f, py = 0.0f, pz = 0.0f;
    int bodies = 0;
    for (int o = 0; o < 8; ++o) {
      if (ch[o] < 0) continue;
      m += cm[o];
      px += posx[ch[o]] * cm[o];
      py += posy[ch[o]] * cm[o];
      pz += posz[ch[o]] * cm[o];
      bodies += ch[o] < n ? 1 : count[ch[o]];
    }
    const float inv = 1.0f / m;
    count[k] = bodies;
    posx[k] = px * inv;
    posy[k] = py * inv;
    posz[k] = pz * inv;
    __threadfence();
    mass[k] = m;
    k += stride;
    fresh = true;
  }
}

// Kernel 4: sort. Bodies in tree order (children in octant order, depth first): cells are
// handled from the root downwards, nnodes - t, nnodes - t - threads, ... A cell is ready when its
// start (first slot in `sorted`) is set (cells start at -1, the root at 0); it then gives each
// child cell its start and each child body its slot. A thread whose cell is not ready tries it
// again in its next iteration.
extern "C" __global__ void bh_sort(const int* child, const int* count, volatile int* start,
                                   int* sorted, const int* ctl, int n, int nnodes) {
  const int bottom = ctl[1];
  const int stride = blockDim.x * gridDim.x;
  int k = nnodes - static_cast<int>(threadIdx.x + blockIdx.x * blockDim.x);
  while (k >= bottom) {
    int s = start[k];
    if (s >= 0) {
      for (int o = 0; o < 8; ++o) {
        const int ch = child[8 * k + o];
        if (ch >= n) {
          start[ch] = s;
          s += count[ch];
        } else if (ch >= 0) {
          sorted[s] = ch;
          ++s;
        }
      }
      k -= stride;
    }
  }
}

// Kernel 5: force calculation. Each warp takes 32 consecutive bodies of the sorted order and
// walks the tree once for all of them, depth first, with one stack per warp in shared memory
// (node and next child slot per level; every lane writes the same values). A child body always
// interacts; a child cell interacts as a whole when it is far enough for every lane
// (d^2 >= dq[level], dq = (cell side / theta)^2, a vote), else the warp descends into it. Lanes
// past the last body walk with the last body and store nothing, so the warp votes together.
// From the second step on, the velocity gets (a_new - a_old) * dt/2: with the integration
// kernel, a leapfrog (kick-drift-kick) step.
extern "C" __global__ void bh_force(const float* posx, const float* posy, const float* posz,
                                    const float* mass, const int* child, const int* sorted,
                                    float* velx, float* vely, float* velz, float* accx, float* accy,
                                    float* accz, const float* box, int n, int nnodes, int step,
                                    float dthf, float epssq, float itolsq) {
  __shared__ float dq[kMaxDepth];
  __shared__ int stack_node[kForceWarps][kMaxDepth];
  __shared__ int stack_pos[kForceWarps][kMaxDepth];
  if (threadIdx.x == 0) {
    const float radius = box[6];
    dq[0] = radius * radius * itolsq;  // children of the root: side = radius
    for (int l = 1; l < kMaxDepth; ++l) dq[l] = 0.25f * dq[l - 1];
  }
  __syncthreads();
  const int lane = threadIdx.x % 32;
  const int w = threadIdx.x / 32;
  const int root = nnodes;
  const int stride = blockDim.x * gridDim.x;
  for (int base = (threadIdx.x + blockIdx.x * blockDim.x) & ~31; base < n; base += stride) {
    const int idx = base + lane;
    const int body = sorted[idx < n ? idx : n - 1];
    const float x = posx[body], y = posy[body], z = posz[body];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    int depth = 0;
    int node = root;
    int pos = 0;
    while (depth >= 0) {
      if (pos == 8) {
        --depth;
        if (depth >= 0) {
          node = stack_node[w][depth];
          pos = stack_pos[w][depth];
        }
        continue;
      }
      const int ch = child[8 * node + pos];
      ++pos;
      if (ch < 0) continue;
      const float dx = posx[ch] - x;
      const float dy = posy[ch] - y;
      const float dz = posz[ch] - z;
      const float d2 = dx * dx + dy * dy + dz * dz;
      if (ch < n || __all_sync(0xffffffffu, d2 >= dq[depth])) {
        const float rinv = rsqrtf(d2 + epssq);
        const float f = mass[ch] * rinv * rinv * rinv;
        ax += dx * f;
        ay += dy * f;
        az += dz * f;
      } else {
        stack_node[w][depth] = node;
        stack_pos[w][depth] = pos;
        ++depth;
        node = ch;
        pos = 0;
      }
    }
    if (idx < n) {
      if (step > 0) {
        velx[body] += (ax - accx[body]) * dthf;
        vely[body] += (ay - accy[body]) * dthf;
        velz[body] += (az - accz[body]) * dthf;
      }
      accx[body] = ax;
      accy[body] = ay;
      accz[body] = az;
    }
  }
}

// Kernel 6: integration: half a kick, a drift, half a kick with this step's acceleration (the
// next step's force kernel corrects the second half kick to the new acceleration).
extern "C" __global__ void bh_integrate(float* posx, float* posy, float* posz, float* velx,
                                        float* vely, float* velz, const float* accx,
                                        const float* accy, const float* accz, int n, float dt,
                                        float dthf) {
  for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += blockDim.x * gridDim.x) {
    const float vx = velx[i] + accx[i] * dthf;
    const float vy = vely[i] + accy[i] * dthf;
    const float vz = velz[i] + accz[i] * dthf;
    posx[i] += vx * dt;
    posy[i] += vy * dt;
    posz[i] += vz * dt;
    velx[i] = vx + accx[i] * dthf;
    vely[i] = vy + accy[i] * dthf;
    velz[i] = vz + accz[i] * dthf;
  }
}
