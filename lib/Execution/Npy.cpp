//===- Npy.cpp - numpy .npy files -----------------------------------------===//

#include "PaddleDNN/Execution/Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir::pdnn;

static llvm::Error npyError(llvm::StringRef path, const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 path + ": " + message);
}

/// The value of `key` in the header dict, e.g. 'descr': '<f4'.
static std::optional<llvm::StringRef> headerField(llvm::StringRef header,
                                                  llvm::StringRef key) {
  size_t at = header.find(("'" + key + "'").str());
  if (at == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef rest = header.drop_front(at + key.size() + 2).ltrim();
  if (!rest.consume_front(":"))
    return std::nullopt;
  return rest.ltrim();
}

static std::optional<ElementKind> kindOfDescr(llvm::StringRef descr,
                                              bool u2IsBF16) {
  if (descr == "<f4")
    return ElementKind::F32;
  if (descr == "<i8")
    return ElementKind::I64;
  if (descr == "<i4")
    return ElementKind::I32;
  if (descr == "|u1" || descr == "<u1")
    return ElementKind::UI8;
  if (descr == "|i1" || descr == "<i1")
    return ElementKind::SI8;
  if (descr == "<u2" && u2IsBF16)
    return ElementKind::BF16;
  return std::nullopt;
}

static llvm::StringRef descrOfKind(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
    return "<f4";
  case ElementKind::I64:
    return "<i8";
  case ElementKind::I32:
    return "<i4";
  case ElementKind::UI8:
    return "|u1";
  case ElementKind::SI8:
    return "|i1";
  case ElementKind::BF16:
    return "<u2";
  }
  return "";
}

llvm::Expected<HostTensor> mlir::pdnn::readNpy(llvm::StringRef path,
                                               bool u2IsBF16) {
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!file)
    return npyError(path, "cannot read: " + file.getError().message());
  return parseNpy((*file)->getBuffer(), path, u2IsBF16);
}

llvm::Expected<HostTensor> mlir::pdnn::parseNpy(llvm::StringRef bytes,
                                                llvm::StringRef path,
                                                bool u2IsBF16) {
  if (!bytes.starts_with("\x93NUMPY") || bytes.size() < 10)
    return npyError(path, "not a .npy file (bad magic)");
  unsigned major = static_cast<unsigned char>(bytes[6]);
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = static_cast<unsigned char>(bytes[8]) |
                   static_cast<unsigned char>(bytes[9]) << 8;
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      return npyError(path, "truncated header");
    headerLength = 0;
    for (int i = 3; i >= 0; --i)
      headerLength = headerLength << 8 | static_cast<unsigned char>(bytes[8 + i]);
    headerStart = 12;
  } else {
    return npyError(path, "unsupported .npy version " + llvm::Twine(major));
  }
  if (headerStart + headerLength > bytes.size())
    return npyError(path, "truncated header");
  llvm::StringRef header = bytes.substr(headerStart, headerLength);

  std::optional<llvm::StringRef> descr = headerField(header, "descr");
  std::optional<llvm::StringRef> order = headerField(header, "fortran_order");
  std::optional<llvm::StringRef> shapeText = headerField(header, "shape");
  if (!descr || !order || !shapeText)
    return npyError(path, "header lacks descr, fortran_order or shape");
  llvm::StringRef descrValue = descr->drop_front().take_until([](char c) {
    return c == '\'';
  });
  std::optional<ElementKind> kind = kindOfDescr(descrValue, u2IsBF16);
  if (!kind)
    return npyError(path, "unsupported dtype '" + descrValue +
                              "' (expected <f4, <i8, <i4, |u1, |i1, or <u2 "
                              "for bf16)");
  if (order->starts_with("True"))
    return npyError(path, "Fortran-order arrays are not supported");
  if (!shapeText->consume_front("("))
    return npyError(path, "malformed shape");
  std::vector<int64_t> shape;
  llvm::StringRef dims = shapeText->take_until([](char c) { return c == ')'; });
  llvm::SmallVector<llvm::StringRef> parts;
  dims.split(parts, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef part : parts) {
    part = part.trim();
    if (part.empty())
      continue;
    int64_t size;
    if (part.getAsInteger(10, size) || size < 0)
      return npyError(path, "malformed shape entry '" + part + "'");
    shape.push_back(size);
  }
  // The header's claim is checked against the file before anything is
  // allocated: a corrupt or hostile shape cannot make us allocate more than
  // the file holds.
  llvm::Expected<size_t> needed = checkedByteSize(*kind, shape);
  if (!needed)
    return npyError(path, "invalid shape: " + llvm::toString(needed.takeError()));
  size_t dataStart = headerStart + headerLength;
  size_t available = bytes.size() - dataStart;
  if (available != *needed) {
    std::string type;
    llvm::raw_string_ostream os(type);
    os << kindName(*kind) << "[";
    llvm::interleave(shape, os, "x");
    os << "]";
    return npyError(path, "holds " + llvm::Twine(available) + " data bytes, " +
                              type + " needs " + llvm::Twine(*needed));
  }
  llvm::Expected<HostTensor> tensor = HostTensor::allocate(*kind, shape);
  if (!tensor)
    return npyError(path, llvm::toString(tensor.takeError()));
  std::memcpy(tensor->data(), bytes.data() + dataStart, *needed);
  return tensor;
}

llvm::Error mlir::pdnn::writeNpy(llvm::StringRef path,
                                 const HostTensor &tensor) {
  std::string header;
  llvm::raw_string_ostream os(header);
  os << "{'descr': '" << descrOfKind(tensor.kind())
     << "', 'fortran_order': False, 'shape': (";
  for (int64_t d : tensor.shape())
    os << d << ", ";
  if (!tensor.shape().empty())
    header.resize(header.size() - (tensor.shape().size() == 1 ? 1 : 2));
  os << "), }";
  // Pad so that the data starts 64-byte aligned; the header ends in '\n'.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header.push_back('\n');

  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return npyError(path, "cannot write: " + ec.message());
  out << "\x93NUMPY" << char(1) << char(0) << char(header.size() & 0xff)
      << char(header.size() >> 8) << header;
  out.write(static_cast<const char *>(tensor.data()), tensor.sizeInBytes());
  if (out.has_error())
    return npyError(path, "write failed");
  return llvm::Error::success();
}
