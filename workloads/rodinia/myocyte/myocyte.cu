// rodinia/myocyte: cardiac myocyte model evaluation, after Rodinia 3.x's Myocyte (CUDA version,
// mode 0: parallelization inside one simulation instance; kernel.cu, kernel_ecc.cu,
// kernel_cam.cu, master.cu). The host (myocyte_host.h) drives an adaptive Runge-Kutta-Fehlberg
// 7(8) solver and evaluates the model once per stage: it copies initvalu (91 floats) and params
// to the device, launches this kernel with 2 blocks of NUMBER_THREADS = 32 threads, and copies
// finavalu (91 rates) and com (3 Ca fluxes) back. As in the original, only thread 0 of each
// block works: block 0 evaluates the ECC module (states 0..45), block 1 the three CaM modules
// (dyad 46..60, SL 61..75, cytosol 76..90, parameters at 0, 5, 10, com 0, 1, 2) one after the
// other, each fed its compartment's Ca, initvalu[35 + m] x 1e3. The equations are our own (see
// myocyte_model.cuh); the kernel structure, arrays and access pattern are the original's.

#include "myocyte_model.cuh"

extern "C" __global__ void myocyte_kernel(int timeinst, float* d_initvalu, float* d_finavalu,
                                          float* d_params, float* d_com) {
  const int bx = blockIdx.x;
  const int tx = threadIdx.x;
  if (bx == 0) {
    if (tx == 0) myo::ecc(timeinst, d_initvalu, d_finavalu, 0, d_params);
  } else if (bx == 1) {
    if (tx == 0) {
      const float ca_dyad = myo::mul(d_initvalu[35], 1e3f);
      myo::cam(timeinst, d_initvalu, d_finavalu, 46, d_params, 0, d_com, 0, ca_dyad);
      const float ca_sl = myo::mul(d_initvalu[36], 1e3f);
      myo::cam(timeinst, d_initvalu, d_finavalu, 61, d_params, 5, d_com, 1, ca_sl);
      const float ca_cyt = myo::mul(d_initvalu[37], 1e3f);
      myo::cam(timeinst, d_initvalu, d_finavalu, 76, d_params, 10, d_com, 2, ca_cyt);
    }
  }
}
