//===- RuntimeCall.cpp - syntax, verifier and bufferization of call ops ---===//
//
// Everything here reads the op's RuntimeArgument table (generated from its
// ODS), never the op's class: a new call op gets all of it by being
// declared.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::pdnnrt;
using Kind = RuntimeArgument::Kind;

RuntimeCallBuilder::~RuntimeCallBuilder() = default;

std::optional<ElementType> mlir::pdnnrt::getElementTypeCode(Type type) {
  if (type.isF32())
    return ElementType::f32;
  if (type.isBF16())
    return ElementType::bf16;
  if (type.isSignlessInteger(64))
    return ElementType::i64;
  if (type.isSignlessInteger(32))
    return ElementType::i32;
  if (type.isSignlessInteger(8))
    return ElementType::i8;
  if (type.isUnsignedInteger(8))
    return ElementType::ui8;
  if (type.isSignedInteger(8))
    return ElementType::si8;
  return std::nullopt;
}

static ArrayRef<RuntimeArgument> argumentsOf(Operation *op) {
  return cast<RuntimeCallOpInterface>(op).getRuntimeArguments();
}

/// The operand arguments (not attributes or out-handles), in ODS order.
static SmallVector<const RuntimeArgument *>
operandArguments(ArrayRef<RuntimeArgument> arguments) {
  SmallVector<const RuntimeArgument *> operands;
  for (const RuntimeArgument &arg : arguments)
    if (arg.kind != Kind::Attribute && arg.kind != Kind::OutHandle &&
        arg.kind != Kind::Kernel)
      operands.push_back(&arg);
  return operands;
}

static unsigned countDestinations(ArrayRef<RuntimeArgument> arguments) {
  return llvm::count_if(arguments, [](const RuntimeArgument &arg) {
    return arg.kind == Kind::Destination;
  });
}

MutableOperandRange mlir::pdnnrt::getDestinationsMutable(Operation *op) {
  unsigned count = countDestinations(argumentsOf(op));
  return MutableOperandRange(op, op->getNumOperands() - count, count);
}

//===----------------------------------------------------------------------===//
// Matching operands to arguments
//===----------------------------------------------------------------------===//

namespace {
enum class OperandClass { Buffer, Prepared, Index };

OperandClass classify(Type type) {
  if (isa<PreparedWeightsType>(type))
    return OperandClass::Prepared;
  if (isa<IndexType>(type))
    return OperandClass::Index;
  return OperandClass::Buffer;
}

OperandClass classOf(const RuntimeArgument &arg) {
  switch (arg.kind) {
  case Kind::Prepared:
    return OperandClass::Prepared;
  case Kind::Scalar:
    return OperandClass::Index;
  default:
    return OperandClass::Buffer;
  }
}
} // namespace

/// How many of `inputs` (the operands before the destinations) each operand
/// argument takes: arguments in order, optional buffers filled while there
/// are more buffers than required ones, a variadic group taking the rest.
/// Fails with a message when the operands do not fit.
static FailureOr<SmallVector<int32_t>>
matchOperands(ArrayRef<RuntimeArgument> arguments, TypeRange inputs,
              unsigned numDestinations, std::string &error) {
  SmallVector<const RuntimeArgument *> specs = operandArguments(arguments);
  int required = 0, optional = 0;
  bool variadic = false;
  for (const RuntimeArgument *arg : specs) {
    if (arg->kind == Kind::Destination)
      continue;
    if (arg->variadic)
      variadic = true;
    else if (arg->optional)
      ++optional;
    else
      ++required;
  }
  auto mismatch = [&]() -> FailureOr<SmallVector<int32_t>> {
    llvm::raw_string_ostream os(error);
    os << "expects " << required;
    if (variadic)
      os << " or more";
    else if (optional)
      os << " to " << required + optional;
    os << " inputs, got " << inputs.size();
    return failure();
  };
  unsigned destinations = countDestinations(arguments);
  if (numDestinations != destinations) {
    llvm::raw_string_ostream(error) << "expects " << destinations
                                    << " destinations, got " << numDestinations;
    return failure();
  }

  int requiredBuffers = 0, buffers = 0;
  for (const RuntimeArgument *arg : specs)
    if (arg->kind == Kind::Buffer && !arg->optional && !arg->variadic)
      ++requiredBuffers;
  for (Type type : inputs)
    buffers += classify(type) == OperandClass::Buffer;
  int spare = buffers - requiredBuffers;

  SmallVector<int32_t> sizes;
  size_t next = 0;
  auto nextIs = [&](OperandClass c) {
    return next < inputs.size() && classify(inputs[next]) == c;
  };
  for (const RuntimeArgument *arg : specs) {
    if (arg->kind == Kind::Destination) {
      sizes.push_back(1);
      continue;
    }
    OperandClass c = classOf(*arg);
    int take = 0;
    if (arg->variadic) {
      while (spare > 0 && nextIs(c))
        ++take, ++next, --spare;
    } else if (arg->optional) {
      bool room = c != OperandClass::Buffer || spare > 0;
      if (room && nextIs(c)) {
        take = 1, ++next;
        if (c == OperandClass::Buffer)
          --spare;
      }
    } else {
      if (!nextIs(c))
        return mismatch();
      take = 1, ++next;
    }
    sizes.push_back(take);
  }
  if (next != inputs.size())
    return mismatch();
  return sizes;
}

static constexpr StringLiteral kSegmentSizes = "operandSegmentSizes";

static ArrayRef<int32_t> segmentSizes(Operation *op) {
  if (auto sizes = dyn_cast_or_null<DenseI32ArrayAttr>(
          op->getInherentAttr(kSegmentSizes).value_or(Attribute())))
    return sizes.asArrayRef();
  return {};
}

/// The operands of each operand argument, by ODS index: from
/// operandSegmentSizes, or, for an op with at most one optional or variadic
/// operand (no segment sizes), that one takes what the others leave.
static SmallVector<OperandRange> operandGroups(Operation *op) {
  ArrayRef<int32_t> sizes = segmentSizes(op);
  SmallVector<int32_t> implied;
  if (sizes.empty()) {
    SmallVector<const RuntimeArgument *> specs =
        operandArguments(argumentsOf(op));
    int rest = int(op->getNumOperands()) - int(specs.size()) + 1;
    for (const RuntimeArgument *arg : specs)
      implied.push_back(arg->optional || arg->variadic ? rest : 1);
    sizes = implied;
  }
  SmallVector<OperandRange> groups;
  unsigned start = 0;
  for (int32_t size : sizes) {
    groups.push_back(op->getOperands().slice(start, size));
    start += size;
  }
  return groups;
}

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

ParseResult mlir::pdnnrt::parseRuntimeCall(OpAsmParser &parser,
                                           OperationState &result,
                                           ArrayRef<RuntimeArgument> arguments) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::UnresolvedOperand> ins, outs;
  SmallVector<Type> inTypes, outTypes;
  if (parser.parseKeyword("ins") || parser.parseLParen() ||
      parser.parseOperandList(ins) || parser.parseColonTypeList(inTypes) ||
      parser.parseRParen() || parser.parseKeyword("outs") ||
      parser.parseLParen() || parser.parseOperandList(outs) ||
      parser.parseColonTypeList(outTypes) || parser.parseRParen())
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (succeeded(parser.parseOptionalArrow()) &&
      parser.parseTypeList(result.types))
    return failure();
  if (parser.resolveOperands(ins, inTypes, loc, result.operands) ||
      parser.resolveOperands(outs, outTypes, loc, result.operands))
    return failure();
  // An explicit operandSegmentSizes settles what matching cannot (an
  // optional input present while an earlier one is absent).
  if (result.attributes.get(kSegmentSizes))
    return success();
  std::string error;
  FailureOr<SmallVector<int32_t>> sizes =
      matchOperands(arguments, inTypes, outTypes.size(), error);
  if (failed(sizes))
    return parser.emitError(loc, error);
  if (result.name.hasTrait<OpTrait::AttrSizedOperandSegments>())
    result.addAttribute(kSegmentSizes,
                        parser.getBuilder().getDenseI32ArrayAttr(*sizes));
  return success();
}

void mlir::pdnnrt::printRuntimeCall(OpAsmPrinter &printer, Operation *op) {
  ArrayRef<RuntimeArgument> arguments = argumentsOf(op);
  unsigned numDestinations = countDestinations(arguments);
  OperandRange operands = op->getOperands();
  OperandRange ins = operands.drop_back(numDestinations);
  OperandRange outs = operands.take_back(numDestinations);
  printer << " ins(" << ins << " : " << ins.getTypes() << ") outs(" << outs
          << " : " << outs.getTypes() << ")";
  // The segment sizes are implied unless matching would read them
  // differently.
  SmallVector<StringRef> elided;
  std::string error;
  FailureOr<SmallVector<int32_t>> implied =
      matchOperands(arguments, ins.getTypes(), outs.size(), error);
  if (segmentSizes(op).empty() ||
      (succeeded(implied) && ArrayRef<int32_t>(*implied) == segmentSizes(op)))
    elided.push_back(kSegmentSizes);
  // Attributes at their default value (DefaultValuedAttr) say nothing.
  Operation *defaults = Operation::create(
      op->getLoc(), op->getName(), /*resultTypes=*/{}, /*operands=*/{},
      NamedAttrList(), OpaqueProperties(nullptr), /*successors=*/{},
      /*numRegions=*/0);
  for (NamedAttribute attr : op->getAttrs())
    if (defaults->getInherentAttr(attr.getName()) == attr.getValue())
      elided.push_back(attr.getName());
  defaults->destroy();
  printer.printOptionalAttrDict(op->getAttrs(), elided);
  if (op->getNumResults() != 0)
    printer << " -> " << op->getResultTypes();
}

//===----------------------------------------------------------------------===//
// Verifier
//===----------------------------------------------------------------------===//

/// "f32" or "f32 or bf16".
static std::string acceptedTypes(const RuntimeArgument &arg) {
  std::string text;
  for (uint32_t code = 0; code < 32; ++code) {
    if (!(arg.elementTypes & (1u << code)))
      continue;
    if (!text.empty())
      text += " or ";
    text += stringifyElementType(static_cast<ElementType>(code)).str();
  }
  return text;
}

static LogicalResult verifyBuffer(Operation *op, const RuntimeArgument &arg,
                                  OpOperand &operand) {
  auto type = cast<ShapedType>(operand.get().getType());
  unsigned index = operand.getOperandNumber();
  int64_t rank = type.getRank();
  if (rank < arg.minRank || rank > arg.maxRank) {
    InFlightDiagnostic diag = op->emitOpError() << "operand " << index;
    if (arg.minRank == arg.maxRank)
      diag << " must have rank " << arg.minRank;
    else
      diag << " must have rank " << arg.minRank << " to " << arg.maxRank;
    return diag << ", got " << type;
  }
  std::optional<ElementType> code = getElementTypeCode(type.getElementType());
  if (!code || !arg.accepts(*code))
    return op->emitOpError()
           << "operand " << index << " (" << arg.name
           << ") must have element type " << acceptedTypes(arg) << ", got "
           << type;
  return success();
}

/// Tensor or memref form: all operands of one kind; on tensors one result
/// per destination, of the destination's type; on memrefs no result.
static LogicalResult verifyForm(Operation *op, unsigned numDestinations) {
  if (numDestinations == 0)
    return success();
  SmallVector<Value> buffers;
  for (Value v : op->getOperands())
    if (isa<ShapedType>(v.getType()))
      buffers.push_back(v);
  OperandRange outs = op->getOperands().take_back(numDestinations);
  bool onTensors = isa<RankedTensorType>(outs.front().getType());
  for (Value v : buffers)
    if (isa<RankedTensorType>(v.getType()) != onTensors)
      return op->emitOpError()
             << "operands must be all tensors or all memrefs";
  if (!onTensors && op->getNumResults() != 0)
    return op->emitOpError() << "on memrefs has no results";
  if (onTensors && (op->getNumResults() != outs.size() ||
                    !llvm::equal(op->getResultTypes(), outs.getTypes())))
    return op->emitOpError()
           << "on tensors returns one result per destination, of its type";
  return success();
}

LogicalResult mlir::pdnnrt::verifyRuntimeCall(Operation *op) {
  ArrayRef<RuntimeArgument> arguments = argumentsOf(op);
  SmallVector<OperandRange> groups = operandGroups(op);
  for (const RuntimeArgument &arg : arguments) {
    if (arg.odsIndex < 0 || arg.kind == Kind::OutHandle ||
        arg.odsIndex >= int(groups.size()))
      continue;
    OperandRange group = groups[arg.odsIndex];
    if (arg.variadic &&
        (group.empty() || int(group.size()) > arg.maxCount))
      return op->emitOpError() << arg.countVerb << " 1 to " << arg.maxCount
                               << " tensors, got " << group.size();
    if (!arg.isTensor())
      continue;
    for (unsigned i = 0; i < group.size(); ++i)
      if (failed(verifyBuffer(
              op, arg,
              op->getOpOperand(group.getBeginOperandIndex() + i))))
        return failure();
  }
  return verifyForm(op, countDestinations(arguments));
}

//===----------------------------------------------------------------------===//
// Effects and bufferization
//===----------------------------------------------------------------------===//

void mlir::pdnnrt::getRuntimeCallEffects(
    Operation *op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects,
    bool destinationsKeepInit) {
  unsigned firstDestination =
      op->getNumOperands() - countDestinations(argumentsOf(op));
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<MemRefType>(operand.get().getType()))
      continue;
    bool destination = operand.getOperandNumber() >= firstDestination;
    if (!destination || destinationsKeepInit)
      effects.emplace_back(MemoryEffects::Read::get(), &operand,
                           SideEffects::DefaultResource::get());
    if (destination)
      effects.emplace_back(MemoryEffects::Write::get(), &operand,
                           SideEffects::DefaultResource::get());
  }
}

bufferization::AliasingValueList
mlir::pdnnrt::getRuntimeCallAliasingValues(Operation *op, OpOperand &operand) {
  unsigned firstDestination =
      op->getNumOperands() - countDestinations(argumentsOf(op));
  unsigned number = operand.getOperandNumber();
  if (number < firstDestination)
    return {};
  return {{op->getResult(number - firstDestination),
           bufferization::BufferRelation::Equivalent}};
}

bool mlir::pdnnrt::bufferizesInPlaceElementwise(
    Operation *op, ArrayRef<OpOperand *> operands) {
  auto inPlace = dyn_cast<pdnn::InPlaceOpInterface>(op);
  if (!inPlace)
    return false;
  unsigned firstDestination =
      op->getNumOperands() - countDestinations(argumentsOf(op));
  return llvm::all_of(operands, [&](OpOperand *operand) {
    unsigned number = operand->getOperandNumber();
    return number == firstDestination || inPlace.isInPlaceOperand(number);
  });
}

LogicalResult mlir::pdnnrt::bufferizeRuntimeCall(
    Operation *op, RewriterBase &rewriter,
    const bufferization::BufferizationOptions &options,
    bufferization::BufferizationState &state) {
  unsigned firstDestination =
      op->getNumOperands() - countDestinations(argumentsOf(op));
  SmallVector<Value> operands;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<TensorType>(operand.get().getType())) {
      operands.push_back(operand.get());
      continue;
    }
    FailureOr<Value> buffer =
        bufferization::getBuffer(rewriter, operand.get(), options, state);
    if (failed(buffer))
      return failure();
    operands.push_back(*buffer);
  }
  // Same op, same attributes, buffers; results that are not tensors (a
  // prepared handle) stay results.
  OperationState memrefForm(op->getLoc(), op->getName());
  memrefForm.addOperands(operands);
  memrefForm.propertiesAttr = op->getPropertiesAsAttribute();
  memrefForm.addAttributes(llvm::to_vector(op->getDiscardableAttrs()));
  for (Type type : op->getResultTypes())
    if (!isa<TensorType>(type))
      memrefForm.addTypes(type);
  rewriter.setInsertionPoint(op);
  Operation *bufferized = rewriter.create(memrefForm);
  SmallVector<Value> replacements;
  unsigned handle = 0;
  for (OpResult result : op->getResults()) {
    if (isa<TensorType>(result.getType()))
      replacements.push_back(
          operands[firstDestination + result.getResultNumber()]);
    else
      replacements.push_back(bufferized->getResult(handle++));
  }
  bufferization::replaceOpWithBufferizedValues(rewriter, op, replacements);
  return success();
}
