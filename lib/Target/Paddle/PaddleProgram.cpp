//===- PaddleProgram.cpp - data types and lookups of a Paddle program -----===//

#include "PaddleProgram.h"

using namespace mlir::pdnn::paddle;

namespace {
struct TypeInfo {
  DataType type;
  const char *name;
  int64_t bytes;
};
constexpr TypeInfo kTypes[] = {
    {DataType::Bool, "BOOL", 1},   {DataType::Int16, "INT16", 2},
    {DataType::Int32, "INT32", 4}, {DataType::Int64, "INT64", 8},
    {DataType::FP16, "FP16", 2},   {DataType::FP32, "FP32", 4},
    {DataType::FP64, "FP64", 8},   {DataType::UInt8, "UINT8", 1},
    {DataType::Int8, "INT8", 1},   {DataType::BF16, "BF16", 2},
};
} // namespace

std::optional<DataType> mlir::pdnn::paddle::dataTypeFromCode(int64_t code) {
  for (const TypeInfo &info : kTypes)
    if (int64_t(info.type) == code)
      return info.type;
  return std::nullopt;
}

int64_t mlir::pdnn::paddle::byteWidth(DataType type) {
  for (const TypeInfo &info : kTypes)
    if (info.type == type)
      return info.bytes;
  return 0;
}

llvm::StringRef mlir::pdnn::paddle::dataTypeName(DataType type) {
  for (const TypeInfo &info : kTypes)
    if (info.type == type)
      return info.name;
  return "?";
}

std::optional<DataType> mlir::pdnn::paddle::dataTypeFromName(llvm::StringRef name) {
  for (const TypeInfo &info : kTypes)
    if (name == info.name)
      return info.type;
  return std::nullopt;
}

static const Slot *findSlot(const std::vector<Slot> &slots, llvm::StringRef name) {
  for (const Slot &slot : slots)
    if (slot.name == name)
      return &slot;
  return nullptr;
}

const Slot *OpDesc::input(llvm::StringRef name) const { return findSlot(inputs, name); }
const Slot *OpDesc::output(llvm::StringRef name) const { return findSlot(outputs, name); }

const Var *Program::findVar(llvm::StringRef name) const {
  for (const Var &var : vars)
    if (var.name == name)
      return &var;
  return nullptr;
}
