//===- OpSignatures.h - the Paddle slots of every pdnn op -------*- C++ -*-===//
//
// Generated from PDNNOps.td (tools/pdnn-tblgen -gen-pdnn-paddle-signatures):
// the importer builds any pdnn op from a Paddle op through this table, so
// the op definitions are the one place that says which slots and
// attributes an op has.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_TARGET_PADDLE_OPSIGNATURES_H
#define PADDLEDNN_LIB_TARGET_PADDLE_OPSIGNATURES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::pdnn::paddle {

enum class SlotArity { Single, Optional, Variadic };
enum class AttrKind { String, Bool, I32, I64, F32, F64, F32Array, I32Array, I64Array, Unsupported };

struct OperandSlot {
  const char *name;
  SlotArity arity;
  /// The LoD offsets of the op's sequences: not a Paddle slot, the LoD of
  /// the op's first input that has one.
  bool isLoD;
};

struct ResultSlot {
  const char *name;
  /// Single, or Variadic (split's Out: one var each).
  SlotArity arity;
  /// The Paddle data type ("INT64") the constraint fixes, or "".
  const char *fixedDataType;
  /// The result has its first operand's element type (same constraint).
  bool likeFirstOperand;
  /// Scratch of Paddle's kernel: no defined data (docs/Design.md).
  bool scratch;
};

struct AttrSlot {
  const char *name;
  AttrKind kind;
  bool hasDefault;
};

struct OpSignature {
  const char *paddleType; // "gru"
  const char *opName;     // "pdnn.gru"
  llvm::ArrayRef<OperandSlot> operands;
  llvm::ArrayRef<ResultSlot> results;
  llvm::ArrayRef<AttrSlot> attrs;
  bool attrSizedOperands;
};

/// The signature of the pdnn op for Paddle op type `type`, or null.
const OpSignature *findOpSignature(llvm::StringRef type);

} // namespace mlir::pdnn::paddle

#endif // PADDLEDNN_LIB_TARGET_PADDLE_OPSIGNATURES_H
