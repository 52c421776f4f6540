// lonestar/sp: survey propagation for random 3-SAT (Braunstein, Mezard and Zecchina, "Survey
// propagation: an algorithm for satisfiability", Random Structures and Algorithms 27, 2005), after
// LonestarGPU's SP (Burtscher, Nasre and Pingali, IISWC 2012): surveys eta on the clause -> literal
// edges of the factor graph, variable biases, and decimation of the most biased variables.
// Edge e = 3 * clause + k is the clause's k-th literal, lit[e] = variable * 2 + negated. Each
// variable's occurrences are occ[occ_start[v] .. occ_start[v + 1]), entries edge * 2 + negated.
// value[v] is 0 while v is free, +1 or -1 once fixed; sat[a] marks a satisfied clause, whose
// surveys are 0 from then on. Every kernel is a grid-stride loop over variables or clauses.
// All float arithmetic goes through __f*_rn intrinsics: nothing is contracted into an FMA, so the
// CPU reference repeats every operation exactly (driver.cc).

// Per free variable and sign (0: the variable appears positive, 1: negated), the product of
// 1 - eta over its occurrences with that sign, leaving out factors that are exactly 0 and counting
// them instead, so that a clause can divide its own factor back out (as BMZ's solver does).
struct __align__(16) Pi {
  float prod[2];
  int zeros[2];
};

// Sweep, part 1: every free variable's products from the current surveys.
extern "C" __global__ void sp_update_pi(const int* occ_start, const int* occ, const int* value,
                                        const float* eta, Pi* pi, int vars) {
  const int threads = gridDim.x * blockDim.x;
  for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < vars; v += threads) {
    if (value[v] != 0) continue;
    Pi p;
    p.prod[0] = 1.0f;
    p.prod[1] = 1.0f;
    p.zeros[0] = 0;
    p.zeros[1] = 0;
    const int last = occ_start[v + 1];
    for (int i = occ_start[v]; i < last; ++i) {
      const int o = occ[i];
      const float q = __fsub_rn(1.0f, eta[o >> 1]);
      if (q == 0.0f) {
        ++p.zeros[o & 1];
      } else {
        p.prod[o & 1] = __fmul_rn(p.prod[o & 1], q);
      }
    }
    pi[v] = p;
  }
}

// Sweep, part 2: every unsatisfied clause's new surveys. For each live literal j (variable free)
// of clause a, with ps and po the products of 1 - eta over j's other clauses where j has the same
// sign as in a and the opposite sign,
//   Pi_u = (1 - po) ps, Pi_s = (1 - ps) po, Pi_0 = ps po, r_j = Pi_u / (Pi_u + Pi_s + Pi_0),
// and eta(a -> i) = the product of r_j over the clause's other live literals. The products come
// from sp_update_pi (a's own factor divided out of ps), so the surveys can be replaced in place.
// Raises `changed` when a survey moves by more than eps.
extern "C" __global__ void sp_update_eta(const int* lit, const int* value, const int* sat,
                                         const Pi* pi, float* eta, int* changed, float eps,
                                         int clauses) {
  const int threads = gridDim.x * blockDim.x;
  bool moved = false;
  for (int a = blockIdx.x * blockDim.x + threadIdx.x; a < clauses; a += threads) {
    if (sat[a]) continue;
    float old[3];
    float r[3];
    bool live[3];
    for (int k = 0; k < 3; ++k) {
      const int l = lit[3 * a + k];
      const int v = l >> 1;
      old[k] = eta[3 * a + k];
      live[k] = value[v] == 0;
      r[k] = 0.0f;
      if (!live[k]) continue;
      const Pi p = pi[v];
      const int same = l & 1;
      const float q = __fsub_rn(1.0f, old[k]);
      float ps;
      if (q == 0.0f) {
        ps = p.zeros[same] > 1 ? 0.0f : p.prod[same];
      } else {
        ps = p.zeros[same] > 0 ? 0.0f : __fdiv_rn(p.prod[same], q);
      }
      const float po = p.zeros[1 - same] > 0 ? 0.0f : p.prod[1 - same];
      const float pu = __fmul_rn(__fsub_rn(1.0f, po), ps);
      const float pss = __fmul_rn(__fsub_rn(1.0f, ps), po);
      const float p0 = __fmul_rn(ps, po);
      const float sum = __fadd_rn(__fadd_rn(pu, pss), p0);
      r[k] = sum > 0.0f ? __fdiv_rn(pu, sum) : 0.0f;
    }
    for (int k = 0; k < 3; ++k) {
      float x = 0.0f;
      if (live[k]) {
        x = 1.0f;
        for (int j = 0; j < 3; ++j) {
          if (j != k && live[j]) x = __fmul_rn(x, r[j]);
        }
      }
      if (fabsf(__fsub_rn(x, old[k])) > eps) moved = true;
      eta[3 * a + k] = x;
    }
  }
  if (moved) *changed = 1;
}

// Each free variable's bias from its surveys: with pp and pm the products of 1 - eta over the
// clauses where it appears positive and negated,
//   Pi_+ = (1 - pp) pm, Pi_- = (1 - pm) pp, Pi_0 = pp pm,
//   bias = Pi_+ / (Pi_+ + Pi_- + Pi_0) - Pi_- / (Pi_+ + Pi_- + Pi_0)   (W+ - W-);
// fixed variables get 0.
extern "C" __global__ void sp_bias(const int* occ_start, const int* occ, const int* value,
                                   const float* eta, float* bias, int vars) {
  const int threads = gridDim.x * blockDim.x;
  for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < vars; v += threads) {
    float b = 0.0f;
    if (value[v] == 0) {
      float pp = 1.0f;
      float pm = 1.0f;
      const int last = occ_start[v + 1];
      for (int i = occ_start[v]; i < last; ++i) {
        const int o = occ[i];
        const float q = __fsub_rn(1.0f, eta[o >> 1]);
        if (o & 1) {
          pm = __fmul_rn(pm, q);
        } else {
          pp = __fmul_rn(pp, q);
        }
      }
      const float plus = __fmul_rn(__fsub_rn(1.0f, pp), pm);
      const float minus = __fmul_rn(__fsub_rn(1.0f, pm), pp);
      const float zero = __fmul_rn(pp, pm);
      const float sum = __fadd_rn(__fadd_rn(plus, minus), zero);
      if (sum > 0.0f) b = __fsub_rn(__fdiv_rn(plus, sum), __fdiv_rn(minus, sum));
    }
    bias[v] = b;
  }
}

// Decimation: every free variable whose |bias| reaches the host's threshold is fixed to the value
// its bias favours.
extern "C" __global__ void sp_decimate(const float* bias, int* value, float threshold, int vars) {
  const int threads = gridDim.x * blockDim.x;
  for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < vars; v += threads) {
    const float b = bias[v];
    if (value[v] == 0 && fabsf(b) >= threshold) value[v] = b > 0.0f ? 1 : -1;
  }
}

// Simplification after decimation: a clause with a true literal is satisfied (its surveys drop
// to 0); one whose literals are all fixed and false counts as a contradiction.
extern "C" __global__ void sp_simplify(const int* lit, const int* value, int* sat, float* eta,
                                       int* contradictions, int clauses) {
  const int threads = gridDim.x * blockDim.x;
  for (int a = blockIdx.x * blockDim.x + threadIdx.x; a < clauses; a += threads) {
    if (sat[a]) continue;
    bool satisfied = false;
    int free = 0;
    for (int k = 0; k < 3; ++k) {
      const int l = lit[3 * a + k];
      const int val = value[l >> 1];
      if (val == 0) {
        ++free;
      } else if ((val > 0) != ((l & 1) != 0)) {
        satisfied = true;
      }
    }
    if (satisfied) {
      sat[a] = 1;
      for (int k = 0; k < 3; ++k) eta[3 * a + k] = 0.0f;
    } else if (free == 0) {
      atomicAdd(contradictions, 1);
    }
  }
}
