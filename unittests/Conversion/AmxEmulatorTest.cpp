//===- AmxEmulatorTest.cpp - the software AMX against worked examples -----===//
//
// SparseAmxKernelTest trusts the emulator; these check it on products
// worked by hand and on the configurations the hardware refuses.
//
//===----------------------------------------------------------------------===//

#include "AmxEmulator.h"

#include <gtest/gtest.h>

#include <array>
#include <climits>
#include <cstring>
#include <thread>

using namespace pdnn::test::amx;

namespace {

/// A palette-1 record; tiles given as {tile, rows, colsb}.
struct Config {
  alignas(64) uint8_t bytes[64] = {};
  Config(std::initializer_list<std::array<int, 3>> tiles) {
    bytes[0] = 1;
    for (auto [tile, rows, colsb] : tiles) {
      uint16_t c = uint16_t(colsb);
      std::memcpy(bytes + 16 + 2 * tile, &c, 2);
      bytes[48 + tile] = uint8_t(rows);
    }
  }
};

class AmxEmulatorTest : public ::testing::Test {
protected:
  void SetUp() override {
    pdnn_amx_tilerelease();
    takeFaults();
  }
  void TearDown() override { pdnn_amx_tilerelease(); }
};

// C (2 x 2 dwords) += A (2 rows of 8 u8) . B (2 rows of k4, 2 columns x 4
// k), worked by hand: zero extension of A, sign extension of B.
TEST_F(AmxEmulatorTest, DotProductOfUnsignedAndSignedBytes) {
  Config config({{0, 2, 8}, {1, 2, 8}, {2, 2, 8}});
  pdnn_amx_ldtilecfg(config.bytes);
  const uint8_t a[2][8] = {{1, 2, 3, 4, 5, 6, 7, 8},
                           {255, 255, 255, 255, 0, 0, 0, 1}};
  // b[k4][4 n + kk] is B[4 k4 + kk][n].
  const int8_t b[2][8] = {{1, 1, 1, 1, -1, 0, 0, 0},
                          {-128, -128, -128, -128, 2, 2, 2, 2}};
  const int32_t c0[2][2] = {{100, 0}, {0, -1}};
  pdnn_amx_tileloadd64(1, a, 8);
  pdnn_amx_tileloadd64(2, b, 8);
  pdnn_amx_tileloadd64(0, c0, 8);
  pdnn_amx_tdpbusd(0, 1, 2);
  int32_t c[2][2] = {};
  pdnn_amx_tilestored64(0, c, 8);
  // Row 0: (1+2+3+4) + 128 * -(5+6+7+8) = 10 - 3328; -1 + 2*(5+6+7+8) = 51.
  EXPECT_EQ(c[0][0], 100 + 10 - 3328);
  EXPECT_EQ(c[0][1], -1 + 52);
  // Row 1: 4 * 255 * 1 + 1 * -128 = 892; -255 + 2 = -253.
  EXPECT_EQ(c[1][0], 1020 - 128);
  EXPECT_EQ(c[1][1], -1 - 255 + 2);
  EXPECT_TRUE(takeFaults().empty());
}

TEST_F(AmxEmulatorTest, SumsWrapInThirtyTwoBits) {
  Config config({{0, 1, 4}, {1, 1, 4}, {2, 1, 4}});
  pdnn_amx_ldtilecfg(config.bytes);
  const uint8_t a[4] = {255, 255, 255, 255};
  const int8_t b[4] = {-128, -128, -128, -128};
  const int32_t c0 = INT32_MIN + 5;
  pdnn_amx_tileloadd64(1, a, 4);
  pdnn_amx_tileloadd64(2, b, 4);
  pdnn_amx_tileloadd64(0, &c0, 4);
  pdnn_amx_tdpbusd(0, 1, 2);
  int32_t c = 0;
  pdnn_amx_tilestored64(0, &c, 4);
  EXPECT_EQ(c, int32_t(uint32_t(INT32_MIN + 5) - 130560u));
}

// Loads and stores move rows x colsb bytes, `stride` apart; zeroing
// clears the tile.
TEST_F(AmxEmulatorTest, LoadsAndStoresUseTheStride) {
  Config config({{3, 3, 4}});
  pdnn_amx_ldtilecfg(config.bytes);
  uint8_t from[3][10];
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 10; ++c)
      from[r][c] = uint8_t(10 * r + c);
  pdnn_amx_tileloadd64(3, from, 10);
  uint8_t to[3][6];
  std::memset(to, 0xee, sizeof(to));
  pdnn_amx_tilestored64(3, to, 6);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 6; ++c)
      EXPECT_EQ(to[r][c], c < 4 ? 10 * r + c : 0xee) << r << ", " << c;
  pdnn_amx_tilezero(3);
  pdnn_amx_tilestored64(3, to, 6);
  EXPECT_EQ(to[2][3], 0);
  EXPECT_TRUE(takeFaults().empty());
}

TEST_F(AmxEmulatorTest, TilesNeedAConfiguration) {
  uint8_t buffer[64] = {};
  pdnn_amx_tileloadd64(0, buffer, 64);
  auto faults = takeFaults();
  ASSERT_EQ(faults.size(), 1u);
  EXPECT_EQ(faults[0], "tileloadd: #UD, tiles not configured");

  Config config({{0, 1, 4}});
  pdnn_amx_ldtilecfg(config.bytes);
  pdnn_amx_tilezero(1); // configured, but not tile 1
  pdnn_amx_tilerelease();
  pdnn_amx_tilezero(0);
  faults = takeFaults();
  ASSERT_EQ(faults.size(), 2u);
  EXPECT_EQ(faults[0], "tilezero: tile 1 is not configured (rows 0, colsb 0)");
  EXPECT_EQ(faults[1], "tilezero: #UD, tiles not configured");
}

TEST_F(AmxEmulatorTest, BadConfigurationsFault) {
  Config tooManyRows({{0, 17, 64}});
  pdnn_amx_ldtilecfg(tooManyRows.bytes);
  Config tooWide({{2, 16, 65}});
  pdnn_amx_ldtilecfg(tooWide.bytes);
  Config rowsWithoutColumns({{1, 4, 0}});
  pdnn_amx_ldtilecfg(rowsWithoutColumns.bytes);
  Config reserved({{0, 1, 4}});
  reserved.bytes[40] = 1;
  pdnn_amx_ldtilecfg(reserved.bytes);
  Config palette({{0, 1, 4}});
  palette.bytes[0] = 2;
  pdnn_amx_ldtilecfg(palette.bytes);
  auto faults = takeFaults();
  ASSERT_EQ(faults.size(), 5u);
  EXPECT_EQ(faults[0], "ldtilecfg: #GP, tile 0 has 17 rows of 64 bytes");
  EXPECT_EQ(faults[1], "ldtilecfg: #GP, tile 2 has 16 rows of 65 bytes");
  EXPECT_EQ(faults[2], "ldtilecfg: #GP, tile 1 has 4 rows of 0 bytes");
  EXPECT_EQ(faults[3], "ldtilecfg: #GP, reserved byte 40 is 1");
  EXPECT_EQ(faults[4], "ldtilecfg: #GP, palette 2");
}

TEST_F(AmxEmulatorTest, ProductShapesMustAgree) {
  // A's 8 bytes per row are 2 k4, but B has 3 rows.
  Config config({{0, 2, 8}, {1, 2, 8}, {2, 3, 8}, {3, 1, 8}});
  pdnn_amx_ldtilecfg(config.bytes);
  pdnn_amx_tdpbusd(0, 1, 2);
  pdnn_amx_tdpbusd(3, 1, 2); // rows of C and A differ too
  pdnn_amx_tdpbusd(0, 0, 1);
  auto faults = takeFaults();
  ASSERT_EQ(faults.size(), 3u);
  EXPECT_EQ(faults[0],
            "tdpbusd: #UD, tile 0 (2x8) += tile 1 (2x8) . tile 2 (3x8)");
  EXPECT_EQ(faults[1],
            "tdpbusd: #UD, tile 3 (1x8) += tile 1 (2x8) . tile 2 (3x8)");
  EXPECT_EQ(faults[2], "tdpbusd: #UD, tiles 0, 0, 1 are not distinct");
}

// Each thread has its own tiles, as each logical processor does.
TEST_F(AmxEmulatorTest, TileStateIsPerThread) {
  Config config({{0, 1, 4}});
  pdnn_amx_ldtilecfg(config.bytes);
  std::thread other([] { pdnn_amx_tilezero(0); });
  other.join();
  pdnn_amx_tilezero(0);
  auto faults = takeFaults();
  ASSERT_EQ(faults.size(), 1u);
  EXPECT_EQ(faults[0], "tilezero: #UD, tiles not configured");
}

} // namespace
