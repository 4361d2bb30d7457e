//===- ModelSignature.cpp - what a compiled model takes and returns -------===//

#include "PaddleDNN/Execution/ModelSignature.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::pdnn;

static std::optional<ElementKind> kindOf(Type type) {
  if (type.isF32())
    return ElementKind::F32;
  if (type.isBF16())
    return ElementKind::BF16;
  if (type.isInteger(64))
    return ElementKind::I64;
  if (type.isInteger(32))
    return ElementKind::I32;
  if (type.isUnsignedInteger(8))
    return ElementKind::UI8;
  if (type.isSignedInteger(8) || type.isSignlessInteger(8))
    return ElementKind::SI8;
  return std::nullopt;
}

std::string TensorSignature::describe() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "tensor<";
  for (int64_t d : shape) {
    if (ShapedType::isDynamic(d))
      os << "?";
    else
      os << d;
    os << "x";
  }
  os << kindName(kind) << ">";
  return text;
}

static llvm::Error signaturesOf(TypeRange types, ArrayAttr names,
                                llvm::StringRef what, llvm::StringRef unnamed,
                                std::vector<TensorSignature> &result) {
  for (auto [index, type] : llvm::enumerate(types)) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    std::optional<ElementKind> kind =
        tensor ? kindOf(tensor.getElementType()) : std::nullopt;
    if (!kind) {
      std::string typeText;
      llvm::raw_string_ostream(typeText) << type;
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          what + " " + llvm::Twine(index) + " has type " + typeText +
              "; only ranked tensors of f32, bf16, i64, i32, ui8 or si8 can "
              "be passed");
    }
    std::string name = (unnamed + llvm::Twine(index)).str();
    if (names && index < names.size())
      if (auto text = dyn_cast<StringAttr>(names[index]))
        name = text.str();
    result.push_back({*kind, std::vector<int64_t>(tensor.getShape()), name});
  }
  return llvm::Error::success();
}

llvm::Expected<ModelSignature> mlir::pdnn::signatureOf(func::FuncOp function) {
  ModelSignature signature;
  if (llvm::Error error = signaturesOf(
          function.getArgumentTypes(),
          function->getAttrOfType<ArrayAttr>("pdnn.feed_names"), "argument", "arg",
          signature.inputs))
    return error;
  if (llvm::Error error = signaturesOf(
          function.getResultTypes(),
          function->getAttrOfType<ArrayAttr>("pdnn.fetch_names"), "result", "result",
          signature.outputs))
    return error;
  for (unsigned i = 0, e = function.getNumArguments(); i < e; ++i) {
    auto flag = function.getArgAttrOfType<BoolAttr>(
        i, bufferization::BufferizationDialect::kWritableAttrName);
    signature.inputs[i].writable = flag && flag.getValue();
  }
  return signature;
}
