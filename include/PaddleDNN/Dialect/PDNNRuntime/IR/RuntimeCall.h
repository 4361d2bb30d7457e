//===- RuntimeCall.h - what every pdnnrt runtime call shares ----*- C++ -*-===//
//
// A pdnnrt call op declares its C entry point and its arguments in ODS;
// pdnn-tblgen turns that declaration into a table of RuntimeArgument per
// op and a buildRuntimeCall that feeds a RuntimeCallBuilder. Everything
// below works from that table alone, so no op has C++ of its own: the
// custom syntax, the verifier, the memory effects, bufferization, and (in
// --convert-pdnnrt-to-calls) the call itself.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNNRUNTIME_IR_RUNTIMECALL_H
#define PADDLEDNN_DIALECT_PDNNRUNTIME_IR_RUNTIMECALL_H

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <cstdint>
#include <optional>

namespace mlir::pdnnrt {

enum class ElementType : uint32_t;

/// One parameter (or group of parameters) of a runtime entry point, in the
/// order of its C prototype. Generated from the op's ODS.
struct RuntimeArgument {
  enum class Kind {
    Buffer,      // an input tensor: (rank, descriptor, element type code)
    Destination, // a tensor the call writes (a DPS init)
    Prepared,    // a prepared-weights handle (optional operand)
    Scalar,      // an index operand, as int64_t
    Attribute,   // an attribute, as int32_t, float or an i8 buffer
    OutHandle,   // a prepared-weights result, as an out-pointer
    Kernel,      // a generated kernel's symbol, as a function pointer
  };
  Kind kind;
  /// The ODS name, which is also the C parameter's and the runtime's.
  const char *name;
  bool optional;
  bool variadic;
  /// Variadic: how many slots the C prototype has.
  int maxCount;
  /// The ODS operand (or result, for OutHandle) index; -1 for attributes.
  int odsIndex;
  /// Buffers: accepted ranks and element types (a bit per ElementType).
  int minRank, maxRank;
  uint32_t elementTypes;
  /// Variadic: the verifier's verb ("sums 1 to 4 tensors").
  const char *countVerb;
  /// Prepared: the name of the weights operand and the WeightsRole case.
  const char *preparedFor;
  const char *role;

  bool isTensor() const {
    return kind == Kind::Buffer || kind == Kind::Destination;
  }
  bool accepts(ElementType type) const {
    return elementTypes & (1u << static_cast<uint32_t>(type));
  }
};

/// The ABI code of `type`, or nullopt when no code stands for it.
std::optional<ElementType> getElementTypeCode(Type type);

/// What buildRuntimeCall feeds: the call's C arguments in order. The
/// conversion to calls implements it; the dialect only declares it.
class RuntimeCallBuilder {
public:
  virtual ~RuntimeCallBuilder();
  /// A memref argument; null for an absent optional one (code 0).
  virtual void buffer(Value buffer) = 0;
  /// A variadic group: a count and `maxCount` slots.
  virtual void buffers(ValueRange buffers, int maxCount) = 0;
  /// A prepared-weights handle; null when absent (the call reorders).
  virtual void prepared(Value handle) = 0;
  /// Where the call stores result `resultIndex`, a handle it creates.
  virtual void outHandle(unsigned resultIndex) = 0;
  virtual void index(Value value) = 0;
  virtual void i32(int32_t value) = 0;
  virtual void f32(float value) = 0;
  /// A string attribute, as a constant i8 buffer.
  virtual void text(StringRef value) = 0;
  /// The address of the function `symbol` of the same module.
  virtual void kernel(StringRef symbol) = 0;
  /// Emits the call of `entryPoint` with the arguments fed so far.
  virtual void call(StringRef entryPoint) = 0;
};

/// The destinations of a call op: its trailing Destination operands.
MutableOperandRange getDestinationsMutable(Operation *op);

/// `ins(%a, %b : T, U) outs(%d : V) {attrs} -> V`: operands are matched to
/// the op's arguments in order, optional ones filled while there are
/// operands for them (an explicit operandSegmentSizes settles the rest).
ParseResult parseRuntimeCall(OpAsmParser &parser, OperationState &result,
                             ArrayRef<RuntimeArgument> arguments);
void printRuntimeCall(OpAsmPrinter &printer, Operation *op);

/// The tensor/memref forms, and each operand's rank and element type.
LogicalResult verifyRuntimeCall(Operation *op);

/// On memrefs: reads the inputs, writes the destinations. On tensors the
/// call is pure.
void getRuntimeCallEffects(
    Operation *op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects,
    bool destinationsKeepInit);

/// A destination aliases its result (equivalent buffers).
bufferization::AliasingValueList
getRuntimeCallAliasingValues(Operation *op, OpOperand &operand);

/// Whether `operands` are only the call's in-place sources and its first
/// destination, which an in-place call reads element by element before it
/// writes them.
bool bufferizesInPlaceElementwise(Operation *op,
                                  ArrayRef<OpOperand *> operands);

/// The same op on the operands' buffers, without tensor results.
LogicalResult
bufferizeRuntimeCall(Operation *op, RewriterBase &rewriter,
                     const bufferization::BufferizationOptions &options,
                     bufferization::BufferizationState &state);

} // namespace mlir::pdnnrt

#endif // PADDLEDNN_DIALECT_PDNNRUNTIME_IR_RUNTIMECALL_H
