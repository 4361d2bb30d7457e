//===- BufferPoolTest.cpp - compiled code's allocator ---------------------===//
//
// pdnnrt_buffer_* as the JIT hands them to compiled code: alignment as
// asked, large blocks kept and reused (no fresh pages per call), small ones
// and what exceeds the pool's bound returned to the system.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

namespace {

TEST(BufferPool, AlignsAsAsked) {
  for (uint64_t alignment : {16u, 32u, 64u, 128u, 4096u})
    for (uint64_t size : {1u, 100u, 4096u, 3u << 20}) {
      void *p = pdnnrt_buffer_aligned_alloc(alignment, size);
      ASSERT_NE(p, nullptr);
      EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % alignment, 0u)
          << "alignment " << alignment << ", size " << size;
      std::memset(p, 0x5a, size); // the whole block is usable
      pdnnrt_buffer_free(p);
    }
  void *p = pdnnrt_buffer_alloc(24);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % alignof(std::max_align_t), 0u);
  pdnnrt_buffer_free(p);
  pdnnrt_buffer_free(nullptr);
}

TEST(BufferPool, ReusesLargeBlocks) {
  const uint64_t size = 8u << 20;
  void *first = pdnnrt_buffer_aligned_alloc(64, size);
  ASSERT_NE(first, nullptr);
  int64_t before = pdnnrt_buffer_pool_bytes();
  pdnnrt_buffer_free(first);
  EXPECT_GE(pdnnrt_buffer_pool_bytes(), before + int64_t(size));
  // The same request takes the kept block back (its pages stay mapped).
  void *again = pdnnrt_buffer_aligned_alloc(64, size);
  EXPECT_EQ(again, first);
  EXPECT_EQ(pdnnrt_buffer_pool_bytes(), before);
  // A much smaller one does not take a block more than 1.5 times its size.
  pdnnrt_buffer_free(again);
  void *small = pdnnrt_buffer_alloc(2u << 20);
  EXPECT_NE(small, again);
  pdnnrt_buffer_free(small);
}

TEST(BufferPool, KeepsSmallBlocksOutAndStaysBounded) {
  int64_t before = pdnnrt_buffer_pool_bytes();
  void *small = pdnnrt_buffer_alloc(4096);
  pdnnrt_buffer_free(small);
  EXPECT_EQ(pdnnrt_buffer_pool_bytes(), before);
  // Far more than the pool keeps: it drops blocks to stay within its bound.
  void *blocks[12];
  for (void *&b : blocks)
    b = pdnnrt_buffer_alloc(100u << 20);
  for (void *b : blocks)
    pdnnrt_buffer_free(b);
  EXPECT_LE(pdnnrt_buffer_pool_bytes(), int64_t(512) << 20);
}

} // namespace
