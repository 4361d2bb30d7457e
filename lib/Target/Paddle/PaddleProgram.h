//===- PaddleProgram.h - a Paddle program, whatever file it came from -*- C++ -*-===//
//
// The three program formats are read into this one shape, Paddle's legacy
// operator view: ops with named input/output slots holding var names, and
// attributes. The module builder only knows this shape; the PIR reader
// maps PIR's ops and values onto it.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_TARGET_PADDLE_PADDLEPROGRAM_H
#define PADDLEDNN_LIB_TARGET_PADDLE_PADDLEPROGRAM_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace mlir::pdnn::paddle {

/// Paddle's VarType.Type values for tensor element types.
enum class DataType : int32_t {
  Bool = 0, Int16 = 1, Int32 = 2, Int64 = 3, FP16 = 4, FP32 = 5, FP64 = 6,
  UInt8 = 20, Int8 = 21, BF16 = 22,
};

/// The DataType of a VarType.Type value, if it is a tensor element type.
std::optional<DataType> dataTypeFromCode(int64_t code);
/// Bytes per element.
int64_t byteWidth(DataType type);
/// "FP32", ...
llvm::StringRef dataTypeName(DataType type);
/// DataType named "INT64" etc.
std::optional<DataType> dataTypeFromName(llvm::StringRef name);

struct Var {
  std::string name;
  /// Absent for vars that are not dense tensors (feed/fetch lists, ...).
  std::optional<DataType> dtype;
  std::vector<int64_t> dims; // -1: unknown
  int64_t lodLevel = 0;
  bool persistable = false;
};

using AttrValue =
    std::variant<bool, int64_t, double, std::string, std::vector<bool>,
                 std::vector<int64_t>, std::vector<double>,
                 std::vector<std::string>>;

struct Slot {
  std::string name;
  std::vector<std::string> vars;
};

struct OpDesc {
  std::string type;
  std::vector<Slot> inputs, outputs;
  std::map<std::string, AttrValue> attrs;
  /// Where the op is in the file: its index in block 0.
  int64_t index = 0;

  const Slot *input(llvm::StringRef name) const;
  const Slot *output(llvm::StringRef name) const;
};

/// A feed or fetch: the var and its `col` (the position among feeds or
/// fetches).
struct Endpoint {
  std::string var;
  int64_t col = 0;
  /// The name users see, when it is not the var's (PIR fetches name their
  /// value).
  std::string name = {};
  llvm::StringRef displayName() const { return name.empty() ? var : name; }
};

struct Program {
  std::vector<Var> vars;
  /// Ops in program order, feed and fetch excluded.
  std::vector<OpDesc> ops;
  std::vector<Endpoint> feeds, fetches;
  /// The order of the parameters in a combined parameters file.
  std::vector<std::string> combinedParamOrder;
  /// A short name of the format, for messages ("ProgramDesc", "PIR").
  std::string format;

  const Var *findVar(llvm::StringRef name) const;
};

/// Readers; errors name what is wrong and where.
llvm::Expected<Program> readProgramDesc(llvm::StringRef bytes);
llvm::Expected<Program> readProgramDescJson(llvm::StringRef text);
llvm::Expected<Program> readPirJson(llvm::StringRef text);

} // namespace mlir::pdnn::paddle

#endif // PADDLEDNN_LIB_TARGET_PADDLE_PADDLEPROGRAM_H
