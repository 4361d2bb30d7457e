//===- ConvolutionFusion.cpp - what the conv fuse passes share ------------===//

#include "ConvolutionFusion.h"

#include "PaddleDNN/Dialect/PDNN/IR/ConvolutionGeometry.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::pdnn;

std::optional<Convolution> Convolution::of(Operation *op) {
  Convolution c;
  c.op = op;
  auto fill = [&](auto conv) {
    c.input = conv.getInput();
    c.filter = conv.getFilter();
    c.bias = conv.getBias();
    c.output = conv.getOutput();
    // Paddle spells "no activation" both ways; the passes test for "".
    c.activation = conv.getFuseActivation();
    if (c.activation == "identity")
      c.activation = "";
    c.alpha = conv.getFuseAlpha().convertToFloat();
    c.beta = conv.getFuseBeta().convertToFloat();
    c.channelsLast = *isChannelsLast(conv.getDataFormat());
    c.groups = conv.getGroups();
  };
  if (auto conv = dyn_cast<Conv2DOp>(op)) {
    fill(conv);
    c.residual = conv.getResidual();
  } else if (auto conv = dyn_cast<DepthwiseConv2DOp>(op)) {
    fill(conv);
    c.residual = conv.getResidual();
  } else if (auto conv = dyn_cast<Conv2DTransposeOp>(op)) {
    fill(conv);
    c.transposed = true;
  } else {
    return std::nullopt;
  }
  return c;
}

std::string Convolution::whyClosed() const {
  if (getElementTypeOrSelf(input.getType()).isInteger(8))
    return "the convolution is int8: its scales were chosen for the ops it "
           "has (fuse before quantizing)";
  return {};
}

bool Convolution::onlyFeeds(Operation *user) const {
  return output.hasOneUse() && *output.getUsers().begin() == user;
}

Operation *mlir::pdnn::rebuildConvolution(RewriterBase &rewriter,
                                          const Convolution &conv,
                                          const ConvolutionChange &change) {
  Operation *op = conv.op;
  MLIRContext *ctx = op->getContext();
  Value filter = change.filter.value_or(conv.filter);
  Value bias = change.bias.value_or(conv.bias);
  Value residual = change.residual.value_or(conv.residual);
  SmallVector<Value> operands{conv.input, filter};
  if (bias)
    operands.push_back(bias);
  if (residual)
    operands.push_back(residual);
  NamedAttrList properties(cast<DictionaryAttr>(op->getPropertiesAsAttribute()));
  Builder b(ctx);
  if (!conv.transposed) {
    properties.set("operandSegmentSizes",
                   b.getDenseI32ArrayAttr({1, 1, bias ? 1 : 0, residual ? 1 : 0}));
    properties.set("fuse_residual_connection", b.getBoolAttr(bool(residual)));
  }
  if (change.activation)
    properties.set("fuse_activation", b.getStringAttr(*change.activation));
  if (change.alpha)
    properties.set("fuse_alpha", b.getF32FloatAttr(*change.alpha));
  if (change.beta)
    properties.set("fuse_beta", b.getF32FloatAttr(*change.beta));
  OperationState state(op->getLoc(), op->getName());
  state.addOperands(operands);
  state.addTypes(change.resultType ? change.resultType : conv.output.getType());
  state.addAttributes(llvm::to_vector(op->getDiscardableAttrs()));
  state.propertiesAttr = properties.getDictionary(ctx);
  return rewriter.create(state);
}

Value mlir::pdnn::f32Constant(OpBuilder &b, Location loc, RankedTensorType type,
                              ArrayRef<float> values, StringRef name) {
  ArrayRef<char> bytes(reinterpret_cast<const char *>(values.data()),
                       values.size() * sizeof(float));
  ElementsAttr attr;
  if (values.size() <= 1024) {
    attr = DenseElementsAttr::get(type, values);
  } else {
    AsmResourceBlob blob = HeapAsmResourceBlob::allocateAndCopyWithAlign(
        bytes, alignof(float), /*dataIsMutable=*/false);
    attr = DenseResourceElementsAttr::get(type, name, std::move(blob));
  }
  return arith::ConstantOp::create(b, loc, cast<TypedAttr>(attr));
}
