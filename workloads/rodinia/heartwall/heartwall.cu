// rodinia/heartwall: tracking sample points of a heart wall through a sequence of ultrasound
// frames by template matching, after Rodinia 3.x's heartwall kernel as seed 002 (Jatala et al.,
// Tables 1 and 3) runs it: one 128-thread block per point (NUMBER_THREADS 512 -> 128) and the
// original's eight shared variables, 11872 bytes: in_partial_sum[51], in_sqr_partial_sum[51],
// in_final_sum, in_sqr_final_sum, denomT, par_max_val[131], par_max_coo[131] and the template
// copy d_in_mod_temp[51 * 51], declared in that order.
//
// Per point and frame: (1) the template's column sums and sums of squares over its sampled rows
// (in_partial_sum, in_sqr_partial_sum), their totals over the sampled columns and the template's
// normalization denomT; (2) every displacement of the search area gets one thread, which scores
// the frame under the displaced template by normalized cross-correlation over the template's
// 13 x 13 samples (every 4th row and column) and leaves the score in par_max_val and its index
// in par_max_coo; (3) thread 0 finds the best (the first of equal scores) and moves the point;
// (4) every tenth frame after the first, the template is blended with the frame at the new
// position through d_in_mod_temp (the original's template update; with one frame, as the paper
// runs it, never). Pixel values are integers: the sums are exact, and the scores are computed in
// double from exact integers, so the host reproduces every choice.

constexpr int kThreads = 128;  // NUMBER_THREADS
constexpr int kSide = 51;      // template side
constexpr int kElems = kSide * kSide;
constexpr int kSample = 4;                             // every 4th row and column
constexpr int kSamples = (kSide + kSample - 1) / kSample;  // 13
constexpr int kRadius = 5;                             // search radius
constexpr int kPositions = (2 * kRadius + 1) * (2 * kRadius + 1);  // 121 <= 131

extern "C" __global__ void heartwall_kernel(const float* frame, int width, int height,
                                            float* templates, int* rows, int* cols,
                                            int frame_no) {
  __shared__ float in_partial_sum[kSide];
  __shared__ float in_sqr_partial_sum[kSide];
  __shared__ float in_final_sum;
  __shared__ float in_sqr_final_sum;
  __shared__ float denomT;
  __shared__ float par_max_val[131];
  __shared__ int par_max_coo[131];
  __shared__ float d_in_mod_temp[kElems];
  const int point = blockIdx.x;
  const int tid = threadIdx.x;
  const float* t = templates + point * kElems;
  const int row = rows[point];
  const int col = cols[point];

  // (1) Column sums of the sampled rows, then totals over the sampled columns.
  for (int c = tid; c < kSide; c += kThreads) {
    float sum = 0;
    float sqr = 0;
    for (int r = 0; r < kSide; r += kSample) {
      const float v = t[r * kSide + c];
      sum += v;
      sqr += v * v;
    }
    in_partial_sum[c] = sum;
    in_sqr_partial_sum[c] = sqr;
  }
  __syncthreads();
  if (tid == 0) {
    float sum = 0;
    float sqr = 0;
    for (int c = 0; c < kSide; c += kSample) {
      sum += in_partial_sum[c];
      sqr += in_sqr_partial_sum[c];
    }
    in_final_sum = sum;
    in_sqr_final_sum = sqr;
  }
  __syncthreads();
  if (tid == 0) {
    const double n = kSamples * kSamples;
    denomT = static_cast<float>(
        sqrt(n * in_sqr_final_sum - static_cast<double>(in_final_sum) * in_final_sum));
  }
  __syncthreads();

  // (2) One displacement per thread: the normalized cross-correlation of the template samples
  // with the frame under them (frame coordinates clamped at the border).
  if (tid < kPositions) {
    const int dr = tid / (2 * kRadius + 1) - kRadius;
    const int dc = tid % (2 * kRadius + 1) - kRadius;
    long long stw = 0;
    long long sw = 0;
    long long sw2 = 0;
    for (int r = 0; r < kSide; r += kSample) {
      const int fr = min(max(row + dr + r - kSide / 2, 0), height - 1);
      for (int c = 0; c < kSide; c += kSample) {
        const int fc = min(max(col + dc + c - kSide / 2, 0), width - 1);
        const int w = static_cast<int>(frame[fr * width + fc]);
        stw += w * static_cast<int>(t[r * kSide + c]);
        sw += w;
        sw2 += w * w;
      }
    }
    const long long n = kSamples * kSamples;
    const long long num = n * stw - sw * static_cast<long long>(in_final_sum);
    const long long den2 = n * sw2 - sw * sw;
    const double den = sqrt(static_cast<double>(den2)) * denomT;
    par_max_val[tid] = den > 0 ? static_cast<float>(num / den) : -1.0f;
    par_max_coo[tid] = tid;
  }
  __syncthreads();

  // (3) The best displacement moves the point.
  if (tid == 0) {
    int best = 0;
    for (int k = 1; k < kPositions; ++k) {
      if (par_max_val[k] > par_max_val[best]) best = k;
    }
    const int coo = par_max_coo[best];
    rows[point] = row + coo / (2 * kRadius + 1) - kRadius;
    cols[point] = col + coo % (2 * kRadius + 1) - kRadius;
  }

  // (4) The template update, every tenth frame after the first.
  if (frame_no != 0 && frame_no % 10 == 0) {
    __syncthreads();
    const int nr = rows[point];
    const int nc = cols[point];
    for (int i = tid; i < kElems; i += kThreads) {
      const int fr = min(max(nr + i / kSide - kSide / 2, 0), height - 1);
      const int fc = min(max(nc + i % kSide - kSide / 2, 0), width - 1);
      d_in_mod_temp[i] = frame[fr * width + fc];
    }
    __syncthreads();
    for (int i = tid; i < kElems; i += kThreads) {
      const int old = static_cast<int>(t[i]);
      const int now = static_cast<int>(d_in_mod_temp[i]);
      templates[point * kElems + i] = static_cast<float>((4 * old + now) / 5);
    }
  }
}
