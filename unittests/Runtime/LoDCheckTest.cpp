//===- LoDCheckTest.cpp - a LoD is validated once per call ----------------===//
//
// Compiled code calls pdnnrt_check_lod once and hands its facts to every
// call that reads the LoD; those trust sealed facts and validate the LoD
// themselves only without facts or with facts that are not this LoD's.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "../../lib/Runtime/LoD.h"

using namespace pdnnrt::test;

namespace {

using LoDCheckTest = RuntimeTest;

struct Batch {
  std::vector<int64_t> lod{0, 2, 2, 6};
  std::vector<float> x = randomVector(6 * 2, 501), padded =
      std::vector<float>(4 * 3 * 2), back = std::vector<float>(6 * 2);
  std::vector<int64_t> facts = std::vector<int64_t>(4, -1);
  MemRef xRef{x, {6, 2}}, lodRef{lod, {4}}, paddedRef{padded, {4, 3, 2}},
      backRef{back, {6, 2}}, factsRef{facts, {4}};
};

TEST_F(LoDCheckTest, FactsSaySequencesLongestAndRows) {
  Batch b;
  ASSERT_RT_OK(pdnnrt_check_lod(ARG(b.lodRef), 6, ARG(b.factsRef)));
  EXPECT_EQ(b.facts[0], 3);
  EXPECT_EQ(b.facts[1], 4);
  EXPECT_EQ(b.facts[2], 6);
}

TEST_F(LoDCheckTest, CallsWithFactsDoNotValidateAgain) {
  Batch b;
  int64_t before = pdnnrt::lodValidationsOnThisThread();
  ASSERT_RT_OK(pdnnrt_check_lod(ARG(b.lodRef), 6, ARG(b.factsRef)));
  ASSERT_RT_OK(pdnnrt_lod_to_padded(ARG(b.xRef), ARG(b.lodRef), ARG(b.factsRef),
                                    ARG(b.paddedRef), 1));
  ASSERT_RT_OK(pdnnrt_padded_to_lod(ARG(b.paddedRef), ARG(b.lodRef),
                                    ARG(b.factsRef), ARG(b.backRef), 1));
  EXPECT_EQ(pdnnrt::lodValidationsOnThisThread() - before, 1);
  EXPECT_EQ(b.back, b.x);
  // Without facts, each call validates.
  ASSERT_RT_OK(pdnnrt_lod_to_padded(ARG(b.xRef), ARG(b.lodRef), NO_TENSOR,
                                    ARG(b.paddedRef), 1));
  EXPECT_EQ(pdnnrt::lodValidationsOnThisThread() - before, 2);
}

TEST_F(LoDCheckTest, MadeUpFactsDoNotHideABadLoD) {
  Batch b;
  b.lod = {0, 5, 2, 6}; // decreasing
  // Facts that claim it is fine, with a guessed seal.
  b.facts = {3, 5, 6, 12345};
  EXPECT_NE(pdnnrt_lod_to_padded(ARG(b.xRef), ARG(b.lodRef), ARG(b.factsRef),
                                 ARG(b.paddedRef), 0),
            0);
  EXPECT_STREQ(lastError(), "pdnnrt_lod_to_padded: lod must be "
                            "non-decreasing, but lod[2] = 2 < lod[1] = 5");
}

TEST_F(LoDCheckTest, FactsOfAnotherLoDAreNotTrusted) {
  Batch a, b;
  b.lod = {0, 6, 6, 6}; // valid, but not what a's facts describe
  ASSERT_RT_OK(pdnnrt_check_lod(ARG(a.lodRef), 6, ARG(a.factsRef)));
  int64_t before = pdnnrt::lodValidationsOnThisThread();
  std::vector<float> padded(6 * 3 * 2);
  MemRef paddedRef(padded, {6, 3, 2});
  ASSERT_RT_OK(pdnnrt_lod_to_padded(ARG(b.xRef), ARG(b.lodRef), ARG(a.factsRef),
                                    ARG(paddedRef), 0));
  EXPECT_EQ(pdnnrt::lodValidationsOnThisThread() - before, 1);
}

TEST_F(LoDCheckTest, AnInvalidLoDIsAnEmptyBatchAndAnError) {
  Batch b;
  b.lod = {0, 2, 2, 5};
  EXPECT_NE(pdnnrt_check_lod(ARG(b.lodRef), 6, ARG(b.factsRef)), 0);
  EXPECT_STREQ(lastError(),
               "pdnnrt_check_lod: invalid LoD: lod[3] must equal the 6 packed "
               "rows, got 5");
  EXPECT_EQ(b.facts[0], 0);
  EXPECT_EQ(b.facts[1], 0);
  EXPECT_EQ(b.facts[2], 6);
}

} // namespace
