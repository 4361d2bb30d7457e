//===- ConstantElements.h - a constant's elements, blobs too ----*- C++ -*-===//
//
// The Paddle importer stores weights as resource blobs (dense_resource), not
// as DenseElementsAttr. Code that reads a constant's elements at compile
// time (weight folds, weight scales) reads both through this header, so an
// imported model is treated as the same model written out densely.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_SUPPORT_CONSTANTELEMENTS_H
#define PADDLEDNN_SUPPORT_CONSTANTELEMENTS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Matchers.h"

namespace mlir::pdnn {

/// The elements of a constant attribute, dense or a resource blob whose
/// bytes are a valid dense buffer of its type; null otherwise (and for i1,
/// which blobs store unpacked).
inline DenseElementsAttr denseElementsOf(Attribute value) {
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(value))
    return dense;
  auto resource = dyn_cast_or_null<DenseResourceElementsAttr>(value);
  if (!resource)
    return {};
  auto type = cast<RankedTensorType>(resource.getType());
  AsmResourceBlob *blob = resource.getRawHandle().getBlob();
  if (!blob || type.getElementType().isInteger(1))
    return {};
  ArrayRef<char> data = blob->getData();
  bool detectedSplat = false;
  if (!DenseElementsAttr::isValidRawBuffer(type, data, detectedSplat))
    return {};
  return DenseElementsAttr::getFromRawBuffer(type, data);
}

/// The elements of `value` when a constant op defines it.
inline DenseElementsAttr constantElementsOf(Value value) {
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return {};
  return denseElementsOf(attr);
}

} // namespace mlir::pdnn

#endif // PADDLEDNN_SUPPORT_CONSTANTELEMENTS_H
