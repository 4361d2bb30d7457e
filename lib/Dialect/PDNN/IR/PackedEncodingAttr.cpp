//===- PackedEncodingAttr.cpp - #pdnn.packed tensor encoding --------------===//
//
// The format is a oneDNN format tag over the two dimensions of a K x N weight
// tensor: `a` is K and `b` is N. Upper-case letters give the order of the
// outer (block-index) dimensions, then each `<size><letter>` is one inner
// block, outermost first; e.g. BA16a64b4a tiles a K x N matrix into 64 x 64
// blocks (16·4 along K, 64 along N).
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::pdnn;

namespace {
struct InnerBlock {
  unsigned dim;
  int64_t size;
};

struct ParsedFormat {
  SmallVector<unsigned, 2> outerOrder;
  SmallVector<InnerBlock, 4> innerBlocks;
};
} // namespace

/// Parses a two-dimensional oneDNN format tag; returns an error message on
/// malformed input.
static FailureOr<ParsedFormat> parseFormat(StringRef tag, std::string &error) {
  ParsedFormat result;
  size_t pos = 0;
  while (pos < tag.size() && llvm::isAlpha(tag[pos])) {
    char c = llvm::toLower(tag[pos]);
    if (c != 'a' && c != 'b') {
      error = "dimension letter '" + std::string(1, tag[pos]) +
              "' is not 'a' (K) or 'b' (N)";
      return failure();
    }
    unsigned dim = c - 'a';
    if (llvm::is_contained(result.outerOrder, dim)) {
      error = "dimension '" + std::string(1, c) + "' appears twice in the outer order";
      return failure();
    }
    result.outerOrder.push_back(dim);
    ++pos;
  }
  if (result.outerOrder.size() != 2) {
    error = "the outer order must name both dimensions 'a' and 'b'";
    return failure();
  }
  while (pos < tag.size()) {
    size_t digitsEnd = pos;
    while (digitsEnd < tag.size() && llvm::isDigit(tag[digitsEnd]))
      ++digitsEnd;
    int64_t size = 0;
    if (digitsEnd == pos ||
        tag.substr(pos, digitsEnd - pos).getAsInteger(10, size) || size <= 0) {
      error = "expected a positive block size at position " + std::to_string(pos);
      return failure();
    }
    if (digitsEnd >= tag.size() ||
        (tag[digitsEnd] != 'a' && tag[digitsEnd] != 'b')) {
      error = "expected block dimension 'a' or 'b' after " + std::to_string(size);
      return failure();
    }
    result.innerBlocks.push_back({unsigned(tag[digitsEnd] - 'a'), size});
    pos = digitsEnd + 1;
  }
  if (result.innerBlocks.empty()) {
    error = "a packed format must be blocked (e.g. BA16a64b4a), got a plain "
            "layout";
    return failure();
  }
  // oneDNN writes a dimension upper-case exactly when it is blocked.
  for (size_t i = 0; i < result.outerOrder.size(); ++i) {
    unsigned dim = result.outerOrder[i];
    bool blocked = llvm::any_of(result.innerBlocks, [&](const InnerBlock &b) {
      return b.dim == dim;
    });
    if (blocked != llvm::isUpper(tag[i])) {
      error = std::string("dimension '") + char('a' + dim) + "' is " +
              (blocked ? "blocked, so it is written '" : "not blocked, so it is written '") +
              char((blocked ? 'A' : 'a') + dim) + "' in the outer order";
      return failure();
    }
  }
  return result;
}

LogicalResult
PackedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           StringRef format, int64_t nnz) {
  std::string error;
  if (failed(parseFormat(format, error)))
    return emitError() << "invalid packed format \"" << format << "\": "
                       << error;
  if (!ShapedType::isDynamic(nnz) && nnz < 0)
    return emitError() << "nnz must be non-negative, got " << nnz;
  return success();
}

int64_t PackedEncodingAttr::getBlockExtent(unsigned dim) const {
  std::string error;
  FailureOr<ParsedFormat> parsed = parseFormat(getFormat(), error);
  assert(succeeded(parsed) && "verified attribute");
  int64_t extent = 1;
  for (const InnerBlock &block : parsed->innerBlocks)
    if (block.dim == dim)
      extent *= block.size;
  return extent;
}

int64_t PackedEncodingAttr::getBlockSize() const {
  return getBlockExtent(0) * getBlockExtent(1);
}

LogicalResult PackedEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (shape.size() != 2)
    return emitError() << "#pdnn.packed encodes K x N weights: the tensor "
                          "must have rank 2, got rank "
                       << shape.size();
  bool supported = elementType.isF32() || elementType.isBF16() ||
                   elementType.isSignedInteger(8) ||
                   elementType.isSignlessInteger(8);
  if (!supported)
    return emitError() << "#pdnn.packed weights must be si8, i8, bf16 or "
                          "f32, got "
                       << elementType;
  int64_t nnz = getNnz();
  if (ShapedType::isDynamic(nnz) || ShapedType::isDynamic(shape[0]) ||
      ShapedType::isDynamic(shape[1]))
    return success();
  std::optional<int64_t> elements = llvm::checkedMul(shape[0], shape[1]);
  if (elements && nnz > *elements)
    return emitError() << "nnz " << nnz << " exceeds the " << shape[0] << "x"
                       << shape[1] << " = " << *elements
                       << " elements of the tensor";
  return success();
}
