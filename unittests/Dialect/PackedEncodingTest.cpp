//===- PackedEncodingTest.cpp - #pdnn.packed block geometry ---------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::pdnn;

namespace {

class PackedEncodingTest : public ::testing::Test {
protected:
  PackedEncodingTest() { context.loadDialect<PDNNDialect>(); }

  /// Parses a tensor type; returns null and records the diagnostic if the
  /// type (or its encoding) is invalid.
  RankedTensorType parse(StringRef text) {
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      lastError = diag.str();
      return success();
    });
    return dyn_cast_or_null<RankedTensorType>(parseType(text, &context));
  }

  MLIRContext context;
  std::string lastError;
};

TEST_F(PackedEncodingTest, BlockGeometryOfOneDNNDefaultFormat) {
  RankedTensorType type =
      parse("tensor<256x512xsi8, #pdnn.packed<\"BA16a64b4a\", nnz = 1000>>");
  ASSERT_TRUE(type) << lastError;
  auto encoding = cast<PackedEncodingAttr>(type.getEncoding());
  EXPECT_EQ(encoding.getBlockExtent(0), 64); // 16a * 4a along K
  EXPECT_EQ(encoding.getBlockExtent(1), 64); // 64b along N
  EXPECT_EQ(encoding.getBlockSize(), 4096);
  EXPECT_EQ(encoding.getNnz(), 1000);
}

TEST_F(PackedEncodingTest, NnzDefaultsToUnknown) {
  RankedTensorType type = parse("tensor<64x64xf32, #pdnn.packed<\"AB8a16b\">>");
  ASSERT_TRUE(type) << lastError;
  auto encoding = cast<PackedEncodingAttr>(type.getEncoding());
  EXPECT_TRUE(ShapedType::isDynamic(encoding.getNnz()));
  EXPECT_EQ(encoding.getBlockSize(), 128);
}

TEST_F(PackedEncodingTest, RejectsPlainFormat) {
  EXPECT_FALSE(parse("tensor<64x64xsi8, #pdnn.packed<\"BA\">>"));
  EXPECT_NE(lastError.find("must be blocked"), std::string::npos) << lastError;
}

TEST_F(PackedEncodingTest, RejectsNnzBeyondTheTensor) {
  EXPECT_FALSE(parse("tensor<4x4xsi8, #pdnn.packed<\"BA4a4b\", nnz = 17>>"));
  EXPECT_NE(lastError.find("exceeds"), std::string::npos) << lastError;
}

} // namespace
