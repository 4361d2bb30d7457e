//===- References.h - naive reference implementations -----------*- C++ -*-===//
//
// Written from the formulas in PDNNRuntime.h, in double precision, with no
// attempt at speed: obviously right rather than fast.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_UNITTESTS_RUNTIME_REFERENCES_H
#define PADDLEDNN_UNITTESTS_RUNTIME_REFERENCES_H

#include <cmath>
#include <cstdint>
#include <vector>

namespace pdnnrt::test {

inline double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

/// dstLayer of a GRU over srcLayer [T, N, IC] from srcIter [N, OC] with
/// wLayer [IC, 3, OC], wIter [OC, 3, OC], bias [3, OC]; gates u, r, o.
inline std::vector<float>
referenceGru(const std::vector<float> &x, const std::vector<float> &h0,
             const std::vector<float> &wLayer, const std::vector<float> &wIter,
             const std::vector<float> &bias, int64_t T, int64_t N, int64_t IC,
             int64_t OC, bool reverse) {
  std::vector<float> out(T * N * OC);
  std::vector<double> u(OC), r(OC);
  for (int64_t step = 0; step < T; ++step) {
    const int64_t t = reverse ? T - 1 - step : step;
    const int64_t previous = reverse ? t + 1 : t - 1;
    for (int64_t n = 0; n < N; ++n) {
      const float *h = step == 0 ? &h0[n * OC] : &out[(previous * N + n) * OC];
      const float *in = &x[(t * N + n) * IC];
      auto inputPart = [&](int g, int64_t oc) {
        double sum = bias[g * OC + oc];
        for (int64_t ic = 0; ic < IC; ++ic)
          sum += double(in[ic]) * wLayer[(ic * 3 + g) * OC + oc];
        return sum;
      };
      for (int64_t oc = 0; oc < OC; ++oc) {
        double pu = inputPart(0, oc), pr = inputPart(1, oc);
        for (int64_t k = 0; k < OC; ++k) {
          pu += double(h[k]) * wIter[(k * 3 + 0) * OC + oc];
          pr += double(h[k]) * wIter[(k * 3 + 1) * OC + oc];
        }
        u[oc] = sigmoid(pu);
        r[oc] = sigmoid(pr);
      }
      float *dst = &out[(t * N + n) * OC];
      for (int64_t oc = 0; oc < OC; ++oc) {
        double po = inputPart(2, oc);
        for (int64_t k = 0; k < OC; ++k)
          po += r[k] * h[k] * wIter[(k * 3 + 2) * OC + oc];
        dst[oc] = float(u[oc] * h[oc] + (1 - u[oc]) * std::tanh(po));
      }
    }
  }
  return out;
}

/// dst [B, M, N] = relu?(src [B, M, K] x weights [WB, K, N] + bias [N]),
/// with WB = 1 broadcast over the batch.
inline std::vector<float> referenceMatmul(const std::vector<float> &src,
                                          const std::vector<float> &weights,
                                          const std::vector<float> *bias,
                                          int64_t B, int64_t M, int64_t K,
                                          int64_t N, int64_t WB, bool relu) {
  std::vector<float> dst(B * M * N);
  for (int64_t b = 0; b < B; ++b) {
    const float *w = &weights[(WB == 1 ? 0 : b) * K * N];
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n) {
        double sum = bias ? (*bias)[n] : 0.0;
        for (int64_t k = 0; k < K; ++k)
          sum += double(src[(b * M + m) * K + k]) * w[k * N + n];
        if (relu && sum < 0)
          sum = 0;
        dst[(b * M + m) * N + n] = float(sum);
      }
  }
  return dst;
}

} // namespace pdnnrt::test

#endif // PADDLEDNN_UNITTESTS_RUNTIME_REFERENCES_H
