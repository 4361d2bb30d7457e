//===- ShapeInferenceOpInterface.td - Paddle's shape rules -*- tablegen -*-===//
//
// One shape function per op, used twice: the verifier checks the declared
// result types against it (Paddle's InferShape, with its errors), and
// --pdnn-infer-shapes refines result types with it, so that a program fed
// with static sizes computes with static sizes throughout and its shape
// arithmetic folds.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_INTERFACES_SHAPEINFERENCEOPINTERFACE_TD
#define PADDLEDNN_INTERFACES_SHAPEINFERENCEOPINTERFACE_TD

include "mlir/IR/OpBase.td"

def PaddleDNN_ShapeInferenceOpInterface : OpInterface<"ShapeInferenceOpInterface"> {
  let cppNamespace = "::mlir::pdnn";
  let description = [{
    An op whose result shapes follow from its operands' types, the values of
    its constant operands (sizes given as tensors) and its attributes, by
    Paddle's InferShape rule. `inferResultShapes` fills one entry per
    result: the shape, with ShapedType::kDynamic where a size is known only
    at run time, or std::nullopt for a result it says nothing about (a
    scratch result such as XShape). Operands that break the rule are
    reported as errors on the op, in Paddle's terms, and the method fails.
  }];
  let methods = [
    InterfaceMethod<
      "Infers the result shapes; emits an error and fails on invalid operands.",
      "::llvm::LogicalResult", "inferResultShapes",
      (ins "::mlir::pdnn::InferredShapes &":$shapes)>,
  ];
}

#endif // PADDLEDNN_INTERFACES_SHAPEINFERENCEOPINTERFACE_TD
