//===- InPlaceInterfaceTest.cpp - which op instances may run in place -----===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::pdnn;

namespace {

class InPlaceInterfaceTest : public ::testing::Test {
protected:
  InPlaceInterfaceTest() : builder(&context) {
    context.loadDialect<PDNNDialect, func::FuncDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// A function whose arguments have `types`; the builder points into it.
  ValueRange makeArgs(TypeRange types) {
    auto func = func::FuncOp::create(builder, builder.getUnknownLoc(), "f",
                                     builder.getFunctionType(types, {}));
    Block *entry = func.addEntryBlock();
    builder.setInsertionPointToStart(entry);
    return entry->getArguments();
  }

  RankedTensorType f32(ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape, builder.getF32Type());
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};

TEST_F(InPlaceInterfaceTest, ActivationRunsInPlaceOnItsInput) {
  ValueRange args = makeArgs({f32({4, 8})});
  auto relu = ReluOp::create(builder, builder.getUnknownLoc(), args[0]);
  auto iface = cast<InPlaceOpInterface>(relu.getOperation());
  EXPECT_EQ(iface.getInPlaceOperandIndex(), 0u);
  EXPECT_TRUE(iface.canRunInPlace());
}

TEST_F(InPlaceInterfaceTest, BroadcastingAddCannotTakeTheSmallerInput) {
  ValueRange args = makeArgs({f32({8}), f32({4, 8})});
  // X (8) broadcasts up to Out (4x8): X's buffer is too small for Out.
  auto add = ElementwiseAddOp::create(builder, builder.getUnknownLoc(),
                                      f32({4, 8}), args[0], args[1],
                                      /*axis=*/-1, APFloat(1.0f), APFloat(1.0f),
                                      APFloat(1.0f));
  ASSERT_TRUE(succeeded(verify(add)));
  EXPECT_FALSE(cast<InPlaceOpInterface>(add.getOperation()).canRunInPlace());
}

// oneDNN's sum writes over its first source (the runtime's in-place list
// says so too: unittests/Runtime/InPlaceTest.cpp).
TEST_F(InPlaceInterfaceTest, SumRunsInPlaceOverItsFirstInput) {
  ValueRange args = makeArgs({f32({4}), f32({4})});
  auto sum = SumOp::create(builder, builder.getUnknownLoc(), f32({4}), args);
  auto inPlace = dyn_cast<InPlaceOpInterface>(sum.getOperation());
  ASSERT_TRUE(inPlace);
  EXPECT_EQ(inPlace.getInPlaceOperandIndex(), 0u);
  EXPECT_TRUE(inPlace.canRunInPlace());
}

TEST_F(InPlaceInterfaceTest, LayerNormRunsInPlaceOverX) {
  ValueRange args = makeArgs({f32({2, 4})});
  auto norm = LayerNormOp::create(
      builder, builder.getUnknownLoc(),
      TypeRange{f32({2, 4}), f32({2}), f32({2})}, args[0], Value(), Value(),
      builder.getF32FloatAttr(1e-5f), builder.getI32IntegerAttr(1));
  auto inPlace = dyn_cast<InPlaceOpInterface>(norm.getOperation());
  ASSERT_TRUE(inPlace);
  EXPECT_TRUE(inPlace.canRunInPlace());
}

TEST_F(InPlaceInterfaceTest, MulIsNotInPlaceCapable) {
  ValueRange args = makeArgs({f32({4, 4}), f32({4, 4})});
  auto mul = MulOp::create(builder, builder.getUnknownLoc(),
                           TypeRange{f32({4, 4})}, args);
  EXPECT_FALSE(isa<InPlaceOpInterface>(mul.getOperation()));
}

} // namespace
