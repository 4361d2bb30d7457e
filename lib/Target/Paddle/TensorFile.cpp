//===- TensorFile.cpp - Paddle's serialized tensors, size-checked ---------===//

#include "TensorFile.h"
#include "framework.pb.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace mlir::pdnn::paddle;
using llvm::Expected;

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

namespace {
/// Reads little-endian integers from the front of a byte range.
class Cursor {
public:
  explicit Cursor(llvm::StringRef &bytes) : bytes(bytes) {}
  template <typename T> Expected<T> read(const char *what) {
    if (bytes.size() < sizeof(T))
      return fail(llvm::formatv("truncated: {0} needs {1} bytes, {2} left", what, sizeof(T),
                                bytes.size()));
    T value = llvm::support::endian::read<T, llvm::endianness::little>(bytes.data());
    bytes = bytes.drop_front(sizeof(T));
    return value;
  }
  Expected<llvm::StringRef> take(uint64_t size, const char *what) {
    if (size > bytes.size())
      return fail(llvm::formatv("truncated: {0} claims {1} bytes, {2} left", what, size,
                                bytes.size()));
    llvm::StringRef front = bytes.take_front(size);
    bytes = bytes.drop_front(size);
    return front;
  }

private:
  llvm::StringRef &bytes;
};
} // namespace

Expected<SerializedTensor> mlir::pdnn::paddle::readSerializedTensor(llvm::StringRef &bytes) {
  Cursor in(bytes);
  Expected<uint32_t> version = in.read<uint32_t>("the LoD tensor version");
  if (!version)
    return version.takeError();
  if (*version != 0)
    return fail(llvm::formatv("LoD tensor version {0}; only version 0 exists", *version));
  Expected<uint64_t> levels = in.read<uint64_t>("the LoD level count");
  if (!levels)
    return levels.takeError();
  for (uint64_t level = 0; level < *levels; ++level) {
    // Parameters carry no LoD, but the format allows it: skip the offsets
    // after checking that they are there.
    Expected<uint64_t> size = in.read<uint64_t>("a LoD level's size");
    if (!size)
      return size.takeError();
    if (*size % sizeof(uint64_t) != 0)
      return fail(llvm::formatv("a LoD level of {0} bytes is not a whole number of offsets",
                                *size));
    if (Expected<llvm::StringRef> skipped = in.take(*size, "a LoD level"); !skipped)
      return skipped.takeError();
  }
  Expected<uint32_t> tensorVersion = in.read<uint32_t>("the tensor version");
  if (!tensorVersion)
    return tensorVersion.takeError();
  if (*tensorVersion != 0)
    return fail(llvm::formatv("tensor version {0}; only version 0 exists", *tensorVersion));
  Expected<int32_t> descSize = in.read<int32_t>("the TensorDesc size");
  if (!descSize)
    return descSize.takeError();
  if (*descSize < 0)
    return fail(llvm::formatv("negative TensorDesc size {0}", *descSize));
  Expected<llvm::StringRef> descBytes = in.take(uint64_t(*descSize), "the TensorDesc");
  if (!descBytes)
    return descBytes.takeError();
  ::paddle::framework::proto::VarType::TensorDesc desc;
  if (!desc.ParseFromArray(descBytes->data(), int(descBytes->size())))
    return fail("the TensorDesc is not a valid protobuf message");
  SerializedTensor tensor;
  std::optional<DataType> dtype = dataTypeFromCode(desc.data_type());
  if (!dtype)
    return fail(llvm::formatv("data type {0} is not a tensor type pdnn models",
                              int(desc.data_type())));
  tensor.dtype = *dtype;
  // The element count, without overflow, bounded by what the file holds.
  uint64_t maxElements = bytes.size() / uint64_t(byteWidth(*dtype));
  uint64_t elements = 1;
  // The product of the non-zero dims must fit an int64 too: a tensor type
  // of [2^40, 2^40, 0] holds nothing but cannot count its elements.
  uint64_t nonZeroProduct = 1;
  for (int64_t dim : desc.dims()) {
    if (dim < 0)
      return fail(llvm::formatv("dimension {0}: a stored tensor has known sizes", dim));
    tensor.dims.push_back(dim);
    if (dim != 0) {
      if (nonZeroProduct > uint64_t(INT64_MAX) / uint64_t(dim))
        return fail(llvm::formatv("dims [{0}]: their product does not fit in 64 bits",
                                  llvm::join(llvm::map_range(desc.dims(),
                                                             [](int64_t d) {
                                                               return std::to_string(d);
                                                             }),
                                             ", ")));
      nonZeroProduct *= uint64_t(dim);
    }
    if (dim != 0 && elements > maxElements / uint64_t(dim))
      elements = maxElements + 1; // more than the file holds; reported below
    else
      elements *= uint64_t(dim);
  }
  if (elements > maxElements)
    return fail(llvm::formatv("dims [{0}] of {1} need more data than the {2} bytes left",
                              llvm::join(llvm::map_range(tensor.dims,
                                                         [](int64_t d) { return std::to_string(d); }),
                                         ", "),
                              dataTypeName(*dtype), bytes.size()));
  Expected<llvm::StringRef> data = in.take(elements * uint64_t(byteWidth(*dtype)), "the data");
  if (!data)
    return data.takeError();
  tensor.data = *data;
  return tensor;
}
