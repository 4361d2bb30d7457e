//===- Int8Products.cpp - the scales of Paddle's int8 products ------------===//

#include "Int8Products.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pdnn;

/// fc_mkldnn_op's scales; mul is its case without bias or activation,
/// matmul_v2 its case without bias. Computed in float, in Paddle's order,
/// so that oneDNN gets the very scales Paddle gives it. With an activation
/// (or an f32 result), Scale_out leaves the output scales: it multiplies
/// the activation's result (or does not apply).
static Int8Product paddleScales(float scaleIn, ArrayRef<float> scaleWeights,
                                float scaleOut, bool forceFp32Output,
                                ActivationSpec activation, bool f32Weights) {
  bool hasActivation = activation.kind != FusedActivation::None;
  float outScale = forceFp32Output || hasActivation ? 1.0f : scaleOut;
  Int8Product product;
  product.activation = activation;
  product.activationScale = !forceFp32Output && hasActivation ? scaleOut : 1.0f;
  for (float weightScale : scaleWeights) {
    float inTimesWeight = scaleIn * weightScale;
    product.bias.push_back(inTimesWeight);
    product.output.push_back(outScale / inTimesWeight);
    if (f32Weights)
      product.weights.push_back(weightScale);
  }
  return product;
}

/// conv_mkldnn_op's get_int8_scales and get_int8_bias_scales: Scale_out
/// leaves the output scales with an activation (it scales the activation's
/// result) or an f32 Output; the output scales are divided in double, the
/// bias scales multiplied in float, as Paddle computes them.
static Int8Product convolutionScales(float scaleIn, ArrayRef<float> scaleWeights,
                                     float scaleOut, float scaleInEltwise,
                                     bool forceFp32Output,
                                     ActivationSpec activation, bool residual,
                                     bool f32Weights) {
  bool hasActivation = activation.kind != FusedActivation::None;
  float outScale = forceFp32Output || hasActivation ? 1.0f : scaleOut;
  Int8Product product;
  product.activation = activation;
  product.activationScale = !forceFp32Output && hasActivation ? scaleOut : 1.0f;
  product.sumScale = residual ? outScale / scaleInEltwise : 1.0f;
  for (float weightScale : scaleWeights) {
    product.bias.push_back(scaleIn * weightScale);
    product.output.push_back(static_cast<float>(
        double(outScale) / (double(scaleIn) * double(weightScale))));
    if (f32Weights)
      product.weights.push_back(weightScale);
  }
  return product;
}

template <typename ConvOp>
static std::optional<Int8Product> int8ConvolutionOf(ConvOp conv) {
  if (!getElementTypeOrSelf(conv.getInput().getType()).isInteger(8))
    return std::nullopt;
  return convolutionScales(
      conv.getScaleIn().convertToFloat(), conv.getScaleWeights(),
      conv.getScaleOut().convertToFloat(),
      conv.getScaleInEltwise().convertToFloat(), conv.getForceFp32Output(),
      fusedActivationOf(conv), bool(conv.getResidual()),
      !getElementTypeOrSelf(conv.getFilter().getType()).isInteger(8));
}

static bool isInt8(Value value) {
  return getElementTypeOrSelf(value.getType()).isInteger(8);
}

std::optional<Int8Product> mlir::pdnn::int8ProductOf(Operation *op) {
  return TypeSwitch<Operation *, std::optional<Int8Product>>(op)
      .Case([](FcOp fc) -> std::optional<Int8Product> {
        if (!isInt8(fc.getInput()))
          return std::nullopt;
        return paddleScales(
            fc.getScaleIn().convertToFloat(), fc.getScaleWeights(),
            fc.getScaleOut().convertToFloat(), fc.getForceFp32Output(),
            fusedActivationOf(fc), !isInt8(fc.getW()));
      })
      .Case([](MulOp mul) -> std::optional<Int8Product> {
        if (!isInt8(mul.getX()))
          return std::nullopt;
        return paddleScales(mul.getScaleX().convertToFloat(), mul.getScaleY(),
                            mul.getScaleOut().convertToFloat(),
                            mul.getForceFp32Output(), ActivationSpec{},
                            !isInt8(mul.getY()));
      })
      .Case([](MatmulV2Op matmul) -> std::optional<Int8Product> {
        if (!isInt8(matmul.getX()))
          return std::nullopt;
        float scaleY = matmul.getScaleY().convertToFloat();
        return paddleScales(matmul.getScaleX().convertToFloat(), {scaleY},
                            matmul.getScaleOut().convertToFloat(),
                            matmul.getForceFp32Output(),
                            fusedActivationOf(matmul), /*f32Weights=*/false);
      })
      .Case<Conv2DOp, DepthwiseConv2DOp>(
          [](auto conv) { return int8ConvolutionOf(conv); })
      .Case([](Conv2DTransposeOp conv) -> std::optional<Int8Product> {
        // conv2d's scales, without a residual.
        if (!isInt8(conv.getInput()))
          return std::nullopt;
        return convolutionScales(
            conv.getScaleIn().convertToFloat(), conv.getScaleWeights(),
            conv.getScaleOut().convertToFloat(), /*scaleInEltwise=*/1.0f,
            conv.getForceFp32Output(), fusedActivationOf(conv),
            /*residual=*/false, !isInt8(conv.getFilter()));
      })
      .Default([](Operation *) { return std::nullopt; });
}
