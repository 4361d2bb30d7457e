//===- ErrorTest.cpp - bad arguments are reported, sticky and per thread --===//

#include "TestUtil.h"

#include <string>
#include <thread>

using namespace pdnnrt::test;

namespace {

using ErrorTest = RuntimeTest;

std::string message() {
  const char *m = pdnnrt_last_error();
  return m ? m : "";
}

/// A valid GRU call whose arguments a test can spoil one at a time.
struct GruArgs {
  static constexpr int64_t T = 3, N = 2, IC = 5, OC = 4;
  std::vector<float> x = randomVector(T * N * IC, 1),
                     h0 = randomVector(N * OC, 2),
                     wLayer = randomVector(IC * 3 * OC, 3),
                     wIter = randomVector(OC * 3 * OC, 4),
                     bias = randomVector(3 * OC, 5),
                     dst = std::vector<float>(T * N * OC);
  MemRef xRef{x, {T, N, IC}}, h0Ref{h0, {N, OC}},
      wLayerRef{wLayer, {1, 1, IC, 3, OC}}, wIterRef{wIter, {1, 1, OC, 3, OC}},
      biasRef{bias, {1, 1, 3, OC}}, dstRef{dst, {T, N, OC}};

  int32_t run() {
    return gruForward(xRef, nullptr, h0Ref, wLayerRef, wIterRef, biasRef,
                      nullptr, nullptr, dstRef, false);
  }
};

TEST_F(ErrorTest, NoErrorAfterSuccess) {
  GruArgs gru;
  EXPECT_RT_OK(gru.run());
  EXPECT_EQ(pdnnrt_last_error(), nullptr);
}

TEST_F(ErrorTest, WrongRankNamesTheArgument) {
  GruArgs gru;
  gru.xRef = MemRef(gru.x, {GruArgs::T * GruArgs::N, GruArgs::IC});
  EXPECT_NE(gru.run(), 0);
  EXPECT_EQ(message(), "pdnnrt_rnn_forward: src must be padded [T, N, SLC] "
                       "without a LoD, got rank 2");
}

TEST_F(ErrorTest, RankRangeIsReported) {
  std::vector<float> data(128);
  MemRef seven(data, {2, 2, 2, 2, 2, 2, 2});
  EXPECT_NE(pdnnrt_eltwise(ARG(seven), ARG(seven), PDNNRT_ELTWISE_ABS, 0, 0, /*channels=*/0),
            0);
  EXPECT_EQ(message(), "pdnnrt_eltwise: src must have rank 1 to 6, got 7");
}

TEST_F(ErrorTest, MismatchedSizesShowBothShapes) {
  GruArgs gru;
  gru.h0.resize(3 * GruArgs::OC);
  gru.h0Ref = MemRef(gru.h0, {3, GruArgs::OC});
  EXPECT_NE(gru.run(), 0);
  EXPECT_EQ(message(),
            "pdnnrt_rnn_forward: srcStates must have shape [1, 1, 1, 2, 4], "
            "got [1, 1, 1, 3, 4]");
}

TEST_F(ErrorTest, MismatchedGruWeights) {
  GruArgs gru;
  gru.wIterRef = MemRef(gru.wIter, {1, 1, GruArgs::OC, 1, 3 * GruArgs::OC});
  EXPECT_NE(gru.run(), 0);
  EXPECT_EQ(message(),
            "pdnnrt_rnn_forward: wIter must have shape [1, 1, 4, 3, 4], got "
            "[1, 1, 4, 1, 12]");
}

TEST_F(ErrorTest, MismatchedMatmulReduction) {
  std::vector<float> src(8), weights(15), dst(6);
  MemRef srcRef(src, {2, 4}), weightsRef(weights, {5, 3}), dstRef(dst, {2, 3});
  EXPECT_NE(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), NO_TENSOR, NO_TENSOR,
                          NO_TENSOR, nullptr, ARG(dstRef),
                          PDNNRT_ELTWISE_NONE, 0.f, 0.f, 1.0f),
            0);
  EXPECT_EQ(message(),
            "pdnnrt_matmul: weights must have shape [4, 3], got [5, 3]");
}

TEST_F(ErrorTest, MismatchedEltwiseShapes) {
  std::vector<float> a(6), b(6);
  MemRef aRef(a, {2, 3}), bRef(b, {3, 2});
  EXPECT_NE(pdnnrt_eltwise(ARG(aRef), ARG(bRef), PDNNRT_ELTWISE_ABS, 0, 0, /*channels=*/0), 0);
  EXPECT_EQ(
      message(),
      "pdnnrt_eltwise: dst must have the shape of src [2, 3], got [3, 2]");
}

TEST_F(ErrorTest, NonContiguousStrides) {
  std::vector<float> a(8), b(6);
  MemRef aRef(a, {2, 3}), bRef(b, {2, 3});
  aRef.setStride(0, 4); // rows padded to 4: a strided view
  EXPECT_NE(pdnnrt_eltwise(ARG(aRef), ARG(bRef), PDNNRT_ELTWISE_ABS, 0, 0, /*channels=*/0), 0);
  EXPECT_EQ(message(), "pdnnrt_eltwise: src must be contiguous row-major: "
                       "stride 4 in dimension 0, expected 3");
}

TEST_F(ErrorTest, TransposedStrides) {
  std::vector<float> a(6), b(6);
  MemRef aRef(a, {2, 3}), bRef(b, {2, 3});
  bRef.setStride(0, 1);
  bRef.setStride(1, 2);
  EXPECT_NE(pdnnrt_softmax(ARG(aRef), ARG(bRef), 1), 0);
  EXPECT_EQ(message(), "pdnnrt_softmax: dst must be contiguous row-major: "
                       "stride 2 in dimension 1, expected 1");
}

TEST_F(ErrorTest, AnyStrideIsFineForASizeOneDimension) {
  std::vector<float> a{-1, 2, -3}, b(3);
  MemRef aRef(a, {1, 3}), bRef(b, {1, 3});
  aRef.setStride(0, 12345);
  EXPECT_RT_OK(pdnnrt_eltwise(ARG(aRef), ARG(bRef), PDNNRT_ELTWISE_ABS, 0, 0, /*channels=*/0));
  EXPECT_EQ(b, (std::vector<float>{1, 2, 3}));
}

TEST_F(ErrorTest, NegativeSize) {
  std::vector<float> a(6);
  MemRef aRef(a, {2, 3}), bRef(a, {2, -3});
  EXPECT_NE(pdnnrt_eltwise(ARG(aRef), ARG(bRef), PDNNRT_ELTWISE_ABS, 0, 0, /*channels=*/0), 0);
  EXPECT_EQ(message(),
            "pdnnrt_eltwise: dst has negative size -3 in dimension 1");
}

TEST_F(ErrorTest, NullDescriptor) {
  std::vector<float> a(6);
  MemRef aRef(a, {6});
  EXPECT_NE(pdnnrt_softmax(ARG(aRef), 1, nullptr, PDNNRT_TYPE_F32, 0), 0);
  EXPECT_EQ(message(), "pdnnrt_softmax: dst has a null descriptor");
}

/// lod_to_padded over x [6, 2] into [4, 3, 2] with `lod`.
std::string lodError(std::vector<int64_t> lod, int64_t Tmax = 4) {
  pdnnrt_clear_error();
  std::vector<float> x(12), padded(Tmax * 3 * 2);
  MemRef xRef(x, {6, 2}), lodRef(lod, {static_cast<int64_t>(lod.size())}),
      paddedRef(padded, {Tmax, static_cast<int64_t>(lod.size()) - 1, 2});
  if (pdnnrt_lod_to_padded(ARG(xRef), ARG(lodRef), NO_TENSOR, ARG(paddedRef),
                           0) == 0)
    return "(succeeded)";
  return message();
}

TEST_F(ErrorTest, InvalidLoDOfEachKind) {
  EXPECT_EQ(lodError({0, 2, 2, 6}), "(succeeded)");
  EXPECT_EQ(lodError({1, 2, 2, 6}),
            "pdnnrt_lod_to_padded: lod[0] must be 0, got 1");
  EXPECT_EQ(lodError({0, 3, 2, 6}),
            "pdnnrt_lod_to_padded: lod must be non-decreasing, but lod[2] = "
            "2 < lod[1] = 3");
  EXPECT_EQ(lodError({0, 2, 2, 5}),
            "pdnnrt_lod_to_padded: lod[3] must equal the 6 packed rows, got 5");
  // Offsets that do not end at the rows are reported before any length.
  EXPECT_EQ(lodError({0, 2, 2, 7}),
            "pdnnrt_lod_to_padded: lod[3] must equal the 6 packed rows, got 7");
  EXPECT_EQ(
      lodError({0, 1, 6, 6}),
      "pdnnrt_lod_to_padded: sequence 1 has length 5, more than Tmax = 4");
  EXPECT_EQ(
      lodError({0, 6}, 5),
      "pdnnrt_lod_to_padded: sequence 0 has length 6, more than Tmax = 5");
}

TEST_F(ErrorTest, EmptyLoD) {
  std::vector<float> x(1), padded(1);
  std::vector<int64_t> lod(1);
  MemRef xRef(x, {0, 2}), lodRef(lod, {0}), paddedRef(padded, {1, 0, 2});
  EXPECT_NE(pdnnrt_lod_to_padded(ARG(xRef), ARG(lodRef), NO_TENSOR,
                                 ARG(paddedRef), 0),
            0);
  EXPECT_EQ(message(),
            "pdnnrt_lod_to_padded: lod must hold at least one offset");
}

TEST_F(ErrorTest, InvalidLoDOnTheWayBack) {
  std::vector<float> padded(4 * 2 * 2), x(12);
  std::vector<int64_t> lod{0, 7, 6};
  MemRef paddedRef(padded, {4, 2, 2}), lodRef(lod, {3}), xRef(x, {6, 2});
  EXPECT_NE(pdnnrt_padded_to_lod(ARG(paddedRef), ARG(lodRef), NO_TENSOR,
                                 ARG(xRef), 1),
            0);
  EXPECT_EQ(message(), "pdnnrt_padded_to_lod: lod must be non-decreasing, but "
                       "lod[2] = 6 < lod[1] = 7");
}

TEST_F(ErrorTest, LoDWithWrongRowWidth) {
  std::vector<float> x(12), padded(4 * 2 * 3);
  std::vector<int64_t> lod{0, 3, 6};
  MemRef xRef(x, {6, 2}), lodRef(lod, {3}), paddedRef(padded, {4, 2, 3});
  EXPECT_NE(pdnnrt_lod_to_padded(ARG(xRef), ARG(lodRef), NO_TENSOR,
                                 ARG(paddedRef), 0),
            0);
  EXPECT_EQ(
      message(),
      "pdnnrt_lod_to_padded: dst must have shape [4, 2, 2], got [4, 2, 3]");
}

TEST_F(ErrorTest, UnknownAlgorithm) {
  std::vector<float> a(4), b(4);
  MemRef aRef(a, {4}), bRef(b, {4});
  EXPECT_NE(pdnnrt_eltwise(ARG(aRef), ARG(bRef), 42, 0, 0, /*channels=*/0), 0);
  EXPECT_EQ(message(), "pdnnrt_eltwise: unknown algorithm 42");
  pdnnrt_clear_error();
  EXPECT_NE(pdnnrt_eltwise(ARG(aRef), ARG(bRef), -1, 0, 0, /*channels=*/0), 0);
  EXPECT_EQ(message(), "pdnnrt_eltwise: unknown algorithm -1");
  pdnnrt_clear_error();
  EXPECT_NE(pdnnrt_binary(ARG(aRef), ARG(aRef), ARG(bRef), 42, /*channels=*/0, 1.0f, 1.0f), 0);
  EXPECT_EQ(message(), "pdnnrt_binary: unknown algorithm 42");
}

TEST_F(ErrorTest, SumCountOutOfRange) {
  std::vector<float> a(4), b(4);
  MemRef aRef(a, {4}), bRef(b, {4});
  for (int32_t count : {0, 5, -1}) {
    pdnnrt_clear_error();
    EXPECT_NE(pdnnrt_sum(count, ARG(aRef), ARG(aRef), ARG(aRef), ARG(aRef),
                         ARG(bRef)),
              0);
    EXPECT_EQ(message(), "pdnnrt_sum: count must be in [1, 4], got " +
                             std::to_string(count));
  }
}

TEST_F(ErrorTest, SumSourceOfAnotherShape) {
  std::vector<float> a(4), b(4);
  MemRef aRef(a, {4}), wrong(a, {2, 2}), bRef(b, {4});
  EXPECT_NE(
      pdnnrt_sum(2, ARG(aRef), ARG(wrong), NO_TENSOR, NO_TENSOR, ARG(bRef)),
      0);
  EXPECT_EQ(message(), "pdnnrt_sum: src1 must have rank 1, got 2");
}

TEST_F(ErrorTest, BinaryBroadcastMismatch) {
  std::vector<float> a(6), b(2), c(6);
  MemRef aRef(a, {2, 3}), bRef(b, {1, 2}), cRef(c, {2, 3});
  EXPECT_NE(pdnnrt_binary(ARG(aRef), ARG(bRef), ARG(cRef), PDNNRT_BINARY_ADD, /*channels=*/0, 1.0f, 1.0f),
            0);
  EXPECT_EQ(message(), "pdnnrt_binary: src1 size 2 in dimension 1 must be 1 "
                       "or 3 (from src0)");
}

TEST_F(ErrorTest, SoftmaxAxisOutOfRange) {
  std::vector<float> a(6), b(6);
  MemRef aRef(a, {2, 3}), bRef(b, {2, 3});
  EXPECT_NE(pdnnrt_softmax(ARG(aRef), ARG(bRef), 2), 0);
  EXPECT_EQ(message(), "pdnnrt_softmax: axis must be in [0, 2), got 2");
}

TEST_F(ErrorTest, FlagsMustBeZeroOrOne) {
  std::vector<float> x(6), dst(6);
  std::vector<int64_t> lod{0, 2, 3};
  MemRef xRef(x, {3, 2}), lodRef(lod, {3}), dstRef(dst, {2, 2, 2});
  EXPECT_NE(pdnnrt_lod_to_padded(ARG(xRef), ARG(lodRef), NO_TENSOR,
                                 ARG(dstRef), 2),
            0);
  EXPECT_EQ(message(),
            "pdnnrt_lod_to_padded: rightAligned must be 0 or 1, got 2");
}

TEST_F(ErrorTest, EnumsMustBeKnown) {
  GruArgs gru;
  MemRef states(gru.h0, {1, 1, 1, GruArgs::N, GruArgs::OC});
  std::vector<float> finalStates(GruArgs::N * GruArgs::OC);
  MemRef finalRef(finalStates, {1, 1, 1, GruArgs::N, GruArgs::OC});
  auto call = [&](int32_t cell, int32_t direction) {
    return pdnnrt_rnn_forward(ARG(gru.xRef), NO_TENSOR, NO_TENSOR, NO_TENSOR,
                              ARG(states), ARG(gru.wLayerRef),
                              ARG(gru.wIterRef), NO_TENSOR, ARG(gru.biasRef),
                              NO_TENSOR, nullptr, nullptr, ARG(gru.dstRef),
                              ARG(finalRef), cell, direction, 1.0f, 0.0f);
  };
  EXPECT_NE(call(9, PDNNRT_RNN_DIRECTION_LEFT2RIGHT), 0);
  EXPECT_EQ(message(),
            "pdnnrt_rnn_forward: cell must be a PDNNRT_RNN_CELL_* value, got 9");
  pdnnrt_clear_error();
  EXPECT_NE(call(PDNNRT_RNN_CELL_GRU, -1), 0);
  EXPECT_EQ(message(), "pdnnrt_rnn_forward: direction must be a "
                       "PDNNRT_RNN_DIRECTION_* value, got -1");
}

TEST_F(ErrorTest, OperationsThatCannotRunInPlaceRefuseIt) {
  std::vector<float> a(4);
  MemRef square(a, {2, 2});
  EXPECT_NE(pdnnrt_matmul(ARG(square), ARG(square), NO_TENSOR, NO_TENSOR,
                          NO_TENSOR, nullptr, ARG(square),
                          PDNNRT_ELTWISE_NONE, 0.f, 0.f, 1.0f),
            0);
  EXPECT_EQ(
      message(),
      "pdnnrt_matmul: dst overlaps src; this operation cannot run in place");
}

TEST_F(ErrorTest, PartialOverlapIsRefused) {
  std::vector<float> a(5);
  MemRef src(a.data(), {4}), dst(a.data() + 1, {4});
  EXPECT_NE(pdnnrt_eltwise(ARG(src), ARG(dst), PDNNRT_ELTWISE_ABS, 0, 0, /*channels=*/0), 0);
  EXPECT_EQ(message(), "pdnnrt_eltwise: dst partially overlaps src; in place "
                       "needs the same buffer");
}

TEST_F(ErrorTest, ErrorsAreStickyUntilCleared) {
  std::vector<float> a{-1, -2}, b{7, 7};
  MemRef aRef(a, {2}), bRef(b, {2}), wrong(a, {2, 1});
  EXPECT_NE(pdnnrt_eltwise(ARG(wrong), ARG(bRef), PDNNRT_ELTWISE_ABS, 0, 0, /*channels=*/0), 0);
  const std::string first = message();
  EXPECT_EQ(first,
            "pdnnrt_eltwise: dst must have the shape of src [2, 1], got [2]");

  // A valid call now does nothing, and the first message stays.
  EXPECT_NE(pdnnrt_eltwise(ARG(aRef), ARG(bRef), PDNNRT_ELTWISE_ABS, 0, 0, /*channels=*/0), 0);
  EXPECT_EQ(b, (std::vector<float>{7, 7}));
  EXPECT_EQ(message(), first);
  GruArgs gru;
  EXPECT_NE(gru.run(), 0);
  EXPECT_EQ(message(), first);

  pdnnrt_clear_error();
  EXPECT_EQ(pdnnrt_last_error(), nullptr);
  EXPECT_RT_OK(pdnnrt_eltwise(ARG(aRef), ARG(bRef), PDNNRT_ELTWISE_ABS, 0, 0, /*channels=*/0));
  EXPECT_EQ(b, (std::vector<float>{1, 2}));
}

TEST_F(ErrorTest, ErrorsArePerThread) {
  std::vector<float> a(4), b(4);
  MemRef aRef(a, {4}), bRef(b, {4});
  ASSERT_NE(pdnnrt_eltwise(ARG(aRef), ARG(bRef), 99, 0, 0, /*channels=*/0), 0);
  std::string otherSaw = "unset";
  int32_t otherResult = -1;
  std::thread other([&] {
    // Copies, so that the thread uses its own descriptors.
    std::vector<float> x{-3}, y(1);
    MemRef xRef(x, {1}), yRef(y, {1});
    otherSaw = pdnnrt_last_error() ? pdnnrt_last_error() : "none";
    otherResult =
        pdnnrt_eltwise(ARG(xRef), ARG(yRef), PDNNRT_ELTWISE_ABS, 0, 0, /*channels=*/0);
    if (otherResult == 0 && y[0] != 3)
      otherResult = -2;
  });
  other.join();
  EXPECT_EQ(otherSaw, "none");
  EXPECT_EQ(otherResult, 0);
  EXPECT_EQ(message(), "pdnnrt_eltwise: unknown algorithm 99");
}

TEST_F(ErrorTest, AnInt8BufferForAnF32EntryPointIsRefused) {
  std::vector<int8_t> bytes(16);
  std::vector<float> out(16);
  MemRef src(bytes, {16}), dst(out, {16});
  EXPECT_NE(pdnnrt_eltwise(ARG(src), ARG(dst), PDNNRT_ELTWISE_ABS, 0, 0, /*channels=*/0), 0);
  EXPECT_EQ(message(),
            "pdnnrt_eltwise: src has element type si8, expected f32");
  EXPECT_EQ(out, std::vector<float>(16)) << "nothing may be written";
}

TEST_F(ErrorTest, AnF32LoDIsRefused) {
  std::vector<float> x(12), padded(4 * 3 * 2), lod{0, 2, 2, 6};
  MemRef xRef(x, {6, 2}), lodRef(lod, {4}), paddedRef(padded, {4, 3, 2});
  EXPECT_NE(pdnnrt_lod_to_padded(ARG(xRef), ARG(lodRef), NO_TENSOR,
                                 ARG(paddedRef), 0),
            0);
  EXPECT_EQ(message(),
            "pdnnrt_lod_to_padded: lod has element type f32, expected i64");
}

TEST_F(ErrorTest, UnknownElementTypeCode) {
  std::vector<float> a(4), b(4);
  MemRef aRef(a, {4}), bRef(b, {4});
  EXPECT_NE(pdnnrt_softmax(aRef.rank(), aRef.desc(), 77, ARG(bRef), 0), 0);
  EXPECT_EQ(message(), "pdnnrt_softmax: src has unknown element type code 77, "
                       "expected f32");
}

TEST_F(ErrorTest, ARequiredTensorCannotBeAbsent) {
  std::vector<float> a(4);
  MemRef aRef(a, {4});
  EXPECT_NE(pdnnrt_softmax(ARG(aRef), NO_TENSOR, 0), 0);
  EXPECT_EQ(message(), "pdnnrt_softmax: dst has element type none, expected f32");
}

} // namespace
