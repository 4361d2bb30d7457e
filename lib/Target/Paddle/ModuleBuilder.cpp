//===- ModuleBuilder.cpp - a Program and its parameters to a module -------===//
//
// One function: feeds are its arguments (a LoD feed is its data and its
// offsets), fetches its results, persistable vars dense resource constants.
// Each Paddle op becomes the pdnn op of the same type through the generated
// signature table: operands by slot name, the LoD operand from the op's
// first input that carries one, attributes converted to the declared kind.
// A var's LoD is the LoD of the first input of the op that produced it, as
// Paddle's ShareLoD does for every op we model.
//
//===----------------------------------------------------------------------===//

#include "ModuleBuilder.h"
#include "OpSignatures.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::pdnn;
using namespace mlir::pdnn::paddle;

namespace {

/// Parameters of at most this many elements are inline constants.
constexpr int64_t kInlineElementLimit = 1024;

/// Attributes of Paddle's framework, its training and its kernel choice,
/// which carry no semantics for inference (PDNNOps.td leaves them out).
bool isBookkeeping(llvm::StringRef name) {
  static const llvm::StringSet<> names = {
      "op_role", "op_role_var", "op_namescope", "op_callstack", "op_device",
      "use_mkldnn", "use_cudnn", "is_test", "use_quantizer", "mkldnn_data_type",
      "with_quant_attr", "name", "is_sparse", "is_distributed", "remote_prefetch",
      "trainer_id", "height_sections", "epmap", "table_names", "grad_inplace", "place_type",
      "entry", "table_class", "sparse", "struct_name", "data_format", "Scale_in",
      "Scale_out", "Scale_x", "Scale_y", "fuse_with_relu", "x_data_format",
      "y_data_format"};
  return names.contains(name);
}

/// Attributes of Paddle's kernels that change what an op computes unless
/// they hold their neutral default (an old fuse flag set, an int8 scale
/// other than 1, a fused reshape): true when `value` is that default, false
/// when it is not, nullopt for an attribute not listed. An op that models
/// the attribute declares it instead and never asks.
std::optional<bool> holdsNeutralDefault(llvm::StringRef name, const AttrValue &value) {
  auto isFalse = [&] {
    if (auto *b = std::get_if<bool>(&value))
      return !*b;
    if (auto *i = std::get_if<int64_t>(&value))
      return *i == 0;
    return false;
  };
  auto isEmpty = [&] {
    if (auto *s = std::get_if<std::string>(&value))
      return s->empty();
    if (auto *i = std::get_if<std::vector<int64_t>>(&value))
      return i->empty();
    if (auto *f = std::get_if<std::vector<double>>(&value))
      return f->empty();
    if (auto *s = std::get_if<std::vector<std::string>>(&value))
      return s->empty();
    return false;
  };
  auto isOne = [&] {
    if (auto *f = std::get_if<double>(&value))
      return *f == 1.0;
    if (auto *f = std::get_if<std::vector<double>>(&value))
      return llvm::all_of(*f, [](double v) { return v == 1.0; });
    return false;
  };
  static const llvm::StringSet<> flags = {
      "fuse_relu", "fuse_brelu", "fuse_relu_before_depthwise_conv", "use_addto",
      "force_fp32_output", "fuse_residual_connection", "fuse_with_relu"};
  static const llvm::StringSet<> lists = {
      "fused_reshape_X", "fused_reshape_Y", "fused_reshape_Out",
      "fused_transpose_X", "fused_transpose_Y", "fused_transpose_Out",
      "fuse_activation", "output_padding", "output_size"};
  static const llvm::StringSet<> scales = {"Scale_in_eltwise", "Scale_weights"};
  // Tuning knobs of Paddle's GPU and oneDNN kernels that change no result.
  static const llvm::StringSet<> tuning = {"exhaustive_search", "workspace_size_MB",
                                           "fuse_brelu_threshold", "fuse_alpha",
                                           "fuse_beta"};
  if (flags.contains(name))
    return isFalse();
  if (lists.contains(name))
    return isEmpty();
  if (scales.contains(name))
    return isOne();
  if (tuning.contains(name))
    return true;
  return std::nullopt;
}

Type mlirElementType(MLIRContext *context, DataType type) {
  Builder b(context);
  switch (type) {
  case DataType::Bool:
    return b.getI1Type();
  case DataType::Int16:
    return b.getI16Type();
  case DataType::Int32:
    return b.getI32Type();
  case DataType::Int64:
    return b.getI64Type();
  case DataType::FP16:
    return b.getF16Type();
  case DataType::FP32:
    return b.getF32Type();
  case DataType::FP64:
    return b.getF64Type();
  case DataType::UInt8:
    return IntegerType::get(context, 8, IntegerType::Unsigned);
  case DataType::Int8:
    return IntegerType::get(context, 8, IntegerType::Signed);
  case DataType::BF16:
    return b.getBF16Type();
  }
  return {};
}

RankedTensorType tensorType(MLIRContext *, ArrayRef<int64_t> dims, Type element) {
  SmallVector<int64_t> shape;
  for (int64_t d : dims)
    shape.push_back(d < 0 ? ShapedType::kDynamic : d);
  return RankedTensorType::get(shape, element);
}

std::string describe(const OpDesc &op) {
  std::string text = llvm::formatv("op #{0} '{1}'", op.index, op.type).str();
  auto slots = [&](const std::vector<Slot> &list) {
    std::string s;
    for (const Slot &slot : list) {
      if (slot.vars.empty())
        continue;
      if (!s.empty())
        s += ", ";
      s += slot.name + "=" + llvm::join(slot.vars, "|");
    }
    return s;
  };
  return text + " (" + slots(op.inputs) + " -> " + slots(op.outputs) + ")";
}

class ModuleBuilder {
public:
  ModuleBuilder(const Program &program, const ParameterData &params, Location fileLoc)
      : program(program), params(params), fileLoc(fileLoc),
        context(fileLoc->getContext()), builder(context) {
    for (const Var &var : program.vars)
      vars[var.name] = &var;
  }

  OwningOpRef<ModuleOp> build(llvm::StringRef function);

private:
  InFlightDiagnostic error(const llvm::Twine &message) {
    return emitError(fileLoc, message);
  }
  LogicalResult checkSupported();
  void inferPirFeedLoD();
  FailureOr<Value> valueOf(const std::string &name, const OpDesc &op);
  LogicalResult checkNotScratch(const std::string &name, const llvm::Twine &who);
  FailureOr<Value> constantOf(const Var &var, const OpDesc &op);
  LogicalResult buildOp(const OpDesc &op, const OpSignature &signature);
  FailureOr<Attribute> convertAttr(const OpDesc &op, const AttrSlot &slot,
                                   const AttrValue &value);

  const Program &program;
  const ParameterData &params;
  Location fileLoc;
  MLIRContext *context;
  OpBuilder builder;
  llvm::StringMap<const Var *> vars;
  llvm::StringMap<Value> values;
  llvm::StringMap<Value> lods;
  llvm::StringSet<> lodFeeds;
  /// Scratch results by var: "<op>'s <slot>".
  llvm::StringMap<std::string> scratch;
};

LogicalResult ModuleBuilder::checkSupported() {
  std::vector<const OpDesc *> unsupported;
  for (const OpDesc &op : program.ops)
    if (!findOpSignature(op.type))
      unsupported.push_back(&op);
  if (unsupported.empty())
    return success();
  llvm::StringSet<> types;
  for (const OpDesc *op : unsupported)
    types.insert(op->type);
  std::vector<std::string> sorted;
  for (const auto &entry : types)
    sorted.push_back(entry.getKey().str());
  std::sort(sorted.begin(), sorted.end());
  InFlightDiagnostic diag = error(llvm::formatv(
      "the program has {0} op(s) pdnn does not support, of type(s) {1}", unsupported.size(),
      llvm::join(sorted, ", ")));
  for (const OpDesc *op : unsupported)
    diag.attachNote(fileLoc) << describe(*op);
  return failure();
}

/// PIR files do not record LoD levels (docs/PirFormat.md): a feed has a LoD
/// when its data reaches an op that reads one.
void ModuleBuilder::inferPirFeedLoD() {
  llvm::StringMap<llvm::StringSet<>> reaches; // var -> feeds it derives from
  for (const Endpoint &feed : program.feeds)
    reaches[feed.var].insert(feed.var);
  for (const OpDesc &op : program.ops) {
    llvm::StringSet<> from;
    for (const Slot &slot : op.inputs)
      for (const std::string &var : slot.vars)
        for (const auto &feed : reaches[var])
          from.insert(feed.getKey());
    const OpSignature *signature = findOpSignature(op.type);
    bool readsLoD = signature && llvm::any_of(signature->operands,
                                              [](const OperandSlot &s) { return s.isLoD; });
    if (readsLoD)
      for (const auto &feed : from)
        lodFeeds.insert(feed.getKey());
    for (const Slot &slot : op.outputs)
      for (const std::string &var : slot.vars)
        reaches[var] = from;
  }
}

FailureOr<Value> ModuleBuilder::constantOf(const Var &var, const OpDesc &op) {
  auto it = params.find(var.name);
  if (it == params.end())
    return error("parameter '" + var.name + "' (read by " + describe(op) +
                 ") has no data in the parameters");
  const SerializedTensor &data = it->second;
  if (var.dtype && *var.dtype != data.dtype)
    return error(llvm::formatv("parameter '{0}' is declared {1} and stored as {2}", var.name,
                               dataTypeName(*var.dtype), dataTypeName(data.dtype)));
  bool sameDims = var.dims.empty() || var.dims.size() == data.dims.size();
  for (size_t i = 0; sameDims && i < var.dims.size(); ++i)
    sameDims = var.dims[i] < 0 || var.dims[i] == data.dims[i];
  if (!sameDims)
    return error(llvm::formatv("parameter '{0}' is declared [{1}] and stored as [{2}]",
                               var.name, llvm::join(llvm::map_range(var.dims, [](int64_t d) {
                                                      return std::to_string(d);
                                                    }),
                                                    ", "),
                               llvm::join(llvm::map_range(data.dims, [](int64_t d) {
                                            return std::to_string(d);
                                          }),
                                          ", ")));
  auto type = tensorType(context, data.dims, mlirElementType(context, data.dtype));
  ArrayRef<char> bytes(data.data.data(), data.data.size());
  // Weights become resource blobs (the text stays small, the bytes are not
  // uniqued); small tensors such as biases stay inline, where folds (the
  // GRU fuses add two biases) and readers can see their values.
  ElementsAttr attr;
  if (type.getNumElements() <= kInlineElementLimit) {
    if (data.dtype == DataType::Bool) {
      SmallVector<bool> flags(bytes.begin(), bytes.end());
      attr = DenseElementsAttr::get(type, ArrayRef<bool>(flags));
    } else {
      attr = DenseElementsAttr::getFromRawBuffer(type, bytes);
    }
  } else {
    AsmResourceBlob blob = HeapAsmResourceBlob::allocateAndCopyWithAlign(
        bytes, alignof(uint64_t), /*dataIsMutable=*/false);
    attr = DenseResourceElementsAttr::get(type, var.name, std::move(blob));
  }
  OpBuilder::InsertionGuard guard(builder);
  Value constant = arith::ConstantOp::create(
      builder, NameLoc::get(StringAttr::get(context, var.name), fileLoc), cast<TypedAttr>(attr));
  values[var.name] = constant;
  return constant;
}

LogicalResult ModuleBuilder::checkNotScratch(const std::string &name, const llvm::Twine &who) {
  auto it = scratch.find(name);
  if (it == scratch.end())
    return success();
  return error(who + " var '" + name + "', which is " + it->second +
               ": scratch of Paddle's kernel, with no defined data here");
}

FailureOr<Value> ModuleBuilder::valueOf(const std::string &name, const OpDesc &op) {
  if (failed(checkNotScratch(name, describe(op) + " reads")))
    return failure();
  if (Value v = values.lookup(name))
    return v;
  auto it = vars.find(name);
  if (it != vars.end() && it->second->persistable && it->second->dtype)
    return constantOf(*it->second, op);
  return error("var '" + name + "', an input of " + describe(op) +
               ", is neither a feed, a parameter nor the output of an earlier op");
}

FailureOr<Attribute> ModuleBuilder::convertAttr(const OpDesc &op, const AttrSlot &slot,
                                                const AttrValue &value) {
  auto mismatch = [&](const char *wanted) -> FailureOr<Attribute> {
    return error(llvm::formatv("attribute '{0}' of {1} must be {2}", slot.name,
                               describe(op), wanted));
  };
  auto asInt = [&](std::optional<int64_t> &out) {
    if (auto *i = std::get_if<int64_t>(&value))
      out = *i;
    else if (auto *b = std::get_if<bool>(&value))
      out = *b;
  };
  auto asDoubles = [&]() -> std::optional<std::vector<double>> {
    if (auto *f = std::get_if<std::vector<double>>(&value))
      return *f;
    if (auto *i = std::get_if<std::vector<int64_t>>(&value))
      return std::vector<double>(i->begin(), i->end());
    if (auto *f = std::get_if<double>(&value))
      return std::vector<double>{*f};
    return std::nullopt;
  };
  switch (slot.kind) {
  case AttrKind::String:
    if (auto *s = std::get_if<std::string>(&value))
      return Attribute(builder.getStringAttr(*s));
    return mismatch("a string");
  case AttrKind::Bool: {
    std::optional<int64_t> i;
    asInt(i);
    if (i)
      return Attribute(builder.getBoolAttr(*i != 0));
    return mismatch("a bool");
  }
  case AttrKind::I32:
  case AttrKind::I64: {
    std::optional<int64_t> i;
    asInt(i);
    if (auto *f = std::get_if<double>(&value); f && *f == double(int64_t(*f)))
      i = int64_t(*f);
    if (!i)
      return mismatch("an integer");
    if (slot.kind == AttrKind::I32) {
      if (*i < INT32_MIN || *i > INT32_MAX)
        return mismatch("a 32-bit integer");
      return Attribute(builder.getI32IntegerAttr(int32_t(*i)));
    }
    return Attribute(builder.getI64IntegerAttr(*i));
  }
  case AttrKind::F32:
  case AttrKind::F64: {
    std::optional<double> f;
    if (auto *d = std::get_if<double>(&value))
      f = *d;
    else if (auto *i = std::get_if<int64_t>(&value))
      f = double(*i);
    if (!f)
      return mismatch("a number");
    if (slot.kind == AttrKind::F32)
      return Attribute(builder.getF32FloatAttr(float(*f)));
    return Attribute(builder.getF64FloatAttr(*f));
  }
  case AttrKind::F32Array: {
    std::optional<std::vector<double>> list = asDoubles();
    if (!list)
      return mismatch("a list of numbers");
    SmallVector<float> floats(list->begin(), list->end());
    return Attribute(builder.getDenseF32ArrayAttr(floats));
  }
  case AttrKind::I32Array:
  case AttrKind::I64Array: {
    auto *list = std::get_if<std::vector<int64_t>>(&value);
    if (!list)
      return mismatch("a list of integers");
    if (slot.kind == AttrKind::I64Array)
      return Attribute(builder.getDenseI64ArrayAttr(*list));
    SmallVector<int32_t> ints;
    for (int64_t i : *list) {
      if (i < INT32_MIN || i > INT32_MAX)
        return mismatch("a list of 32-bit integers");
      ints.push_back(int32_t(i));
    }
    return Attribute(builder.getDenseI32ArrayAttr(ints));
  }
  case AttrKind::Unsupported:
    break;
  }
  return mismatch("of a kind the importer cannot convert");
}

LogicalResult ModuleBuilder::buildOp(const OpDesc &op, const OpSignature &signature) {
  std::string firstOutput;
  for (const Slot &slot : op.outputs)
    if (!slot.vars.empty()) {
      firstOutput = slot.vars.front();
      break;
    }
  Location loc = NameLoc::get(
      StringAttr::get(context, llvm::formatv("#{0} {1} -> {2}", op.index, op.type, firstOutput)
                                   .str()),
      fileLoc);

  // Slots the op gives that the pdnn op does not have.
  for (const Slot &slot : op.inputs)
    if (!slot.vars.empty() &&
        llvm::none_of(signature.operands,
                      [&](const OperandSlot &s) { return slot.name == s.name; }))
      return error("input slot '" + slot.name + "' of " + describe(op) + " is not modelled by " +
                   signature.opName);

  // Data operands first; the LoD slot takes the LoD of the first of them
  // that has one.
  SmallVector<SmallVector<Value>> groups(signature.operands.size());
  Value lod;
  for (auto [index, slot] : llvm::enumerate(signature.operands)) {
    if (slot.isLoD)
      continue;
    const Slot *given = op.input(slot.name);
    size_t count = given ? given->vars.size() : 0;
    if (slot.arity == SlotArity::Single && count != 1)
      return error(llvm::formatv("{0} needs one var in slot '{1}', got {2}", describe(op),
                                 slot.name, count));
    if (slot.arity == SlotArity::Optional && count > 1)
      return error(llvm::formatv("{0} takes at most one var in slot '{1}', got {2}",
                                 describe(op), slot.name, count));
    for (size_t i = 0; i < count; ++i) {
      FailureOr<Value> value = valueOf(given->vars[i], op);
      if (failed(value))
        return failure();
      groups[index].push_back(*value);
      if (!lod)
        lod = lods.lookup(given->vars[i]);
    }
  }
  for (auto [index, slot] : llvm::enumerate(signature.operands)) {
    if (!slot.isLoD)
      continue;
    if (!lod)
      return error(describe(op) + " reads the LoD of its input, and no input has one "
                                  "(feed the sequences as a LoD tensor)");
    groups[index].push_back(lod);
  }

  OperationState state(loc, signature.opName);
  SmallVector<int32_t> segments;
  for (const SmallVector<Value> &group : groups) {
    state.addOperands(group);
    segments.push_back(int32_t(group.size()));
  }
  if (signature.attrSizedOperands)
    state.addAttribute("operandSegmentSizes", builder.getDenseI32ArrayAttr(segments));

  Type firstElement;
  if (!groups.empty() && !groups.front().empty())
    firstElement = cast<ShapedType>(groups.front().front().getType()).getElementType();
  SmallVector<std::string> resultVars;
  SmallVector<const ResultSlot *> resultSlots;
  for (const ResultSlot &slot : signature.results) {
    const Slot *given = op.output(slot.name);
    size_t count = given ? given->vars.size() : 0;
    if (slot.arity == SlotArity::Single ? count != 1 : count == 0)
      return error(llvm::formatv("{0} needs {1} in output slot '{2}'", describe(op),
                                 slot.arity == SlotArity::Single ? "one var"
                                                                 : "at least one var",
                                 slot.name));
    for (const std::string &name : given->vars) {
      auto it = vars.find(name);
      // A scratch result holds no data, and Paddle's fuse passes declare the
      // temporaries they add with a bare VarDesc(name): LOD_TENSOR with no
      // data type or dims (fc_lstm_fuse_pass's "BatchedInput/0", ...). Such a
      // result takes the first operand's element type and unknown dims of
      // rank 2 (the scratch tensors of Paddle's recurrent kernels are
      // matrices).
      bool untypedScratch =
          it != vars.end() && !it->second->dtype && slot.scratch && firstElement;
      if (it == vars.end() || (!it->second->dtype && !untypedScratch))
        return error("output '" + name + "' of " + describe(op) +
                     " is not declared as a tensor var");
      const Var &var = *it->second;
      static const int64_t unknownMatrix[] = {-1, -1};
      ArrayRef<int64_t> dims = untypedScratch ? ArrayRef<int64_t>(unknownMatrix)
                                              : ArrayRef<int64_t>(var.dims);
      Type element = untypedScratch ? firstElement : mlirElementType(context, *var.dtype);
      if (slot.likeFirstOperand && firstElement)
        element = firstElement;
      if (*slot.fixedDataType)
        element = mlirElementType(context, *dataTypeFromName(slot.fixedDataType));
      state.addTypes(tensorType(context, dims, element));
      resultVars.push_back(name);
      resultSlots.push_back(&slot);
    }
  }
  for (const auto &[name, value] : op.attrs) {
    const AttrSlot *slot = llvm::find_if(signature.attrs,
                                         [&](const AttrSlot &s) { return name == s.name; });
    if (slot == signature.attrs.end()) {
      if (isBookkeeping(name))
        continue;
      if (std::optional<bool> isDefault = holdsNeutralDefault(name, value)) {
        if (*isDefault)
          continue;
        return error("attribute '" + name + "' of " + describe(op) +
                     " asks for a kernel variant pdnn does not model (" +
                     signature.opName + " takes it only at its default)");
      }
      emitWarning(fileLoc) << "attribute '" << name << "' of " << describe(op)
                           << " is ignored: " << signature.opName << " has no such attribute";
      continue;
    }
    FailureOr<Attribute> attr = convertAttr(op, *slot, value);
    if (failed(attr))
      return failure();
    state.addAttribute(slot->name, *attr);
  }
  Operation *created = builder.create(state);
  if (failed(verify(created))) {
    error("cannot import " + describe(op) + " as a valid " + signature.opName +
          " (see the error above)");
    return failure();
  }
  for (auto [slot, name, result] :
       llvm::zip(resultSlots, resultVars, created->getResults())) {
    values[name] = result;
    if (lod)
      lods[name] = lod;
    if (slot->scratch)
      scratch[name] = describe(op) + "'s " + slot->name;
    else
      scratch.erase(name);
  }
  return success();
}

OwningOpRef<ModuleOp> ModuleBuilder::build(llvm::StringRef function) {
  if (failed(checkSupported()))
    return nullptr;
  if (program.format == "PIR")
    inferPirFeedLoD();
  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  builder.setInsertionPointToEnd(module->getBody());

  std::vector<Endpoint> feeds = program.feeds, fetches = program.fetches;
  auto byColumn = [](const Endpoint &a, const Endpoint &b) { return a.col < b.col; };
  std::stable_sort(feeds.begin(), feeds.end(), byColumn);
  std::stable_sort(fetches.begin(), fetches.end(), byColumn);
  if (fetches.empty()) {
    error("the program has no fetch: nothing to compute");
    return nullptr;
  }

  SmallVector<Type> argTypes;
  SmallVector<std::string> argNames;
  auto lodType = RankedTensorType::get({ShapedType::kDynamic}, builder.getI64Type());
  for (const Endpoint &feed : feeds) {
    auto it = vars.find(feed.var);
    if (it == vars.end() || !it->second->dtype) {
      error("feed var '" + feed.var + "' is not declared as a tensor var");
      return nullptr;
    }
    const Var &var = *it->second;
    int64_t lodLevel = lodFeeds.contains(var.name) ? 1 : var.lodLevel;
    if (lodLevel > 1) {
      error(llvm::formatv("feed var '{0}' has {1} LoD levels; pdnn models one", var.name,
                          lodLevel));
      return nullptr;
    }
    argTypes.push_back(tensorType(context, var.dims, mlirElementType(context, *var.dtype)));
    argNames.push_back(var.name);
    if (lodLevel == 1) {
      argTypes.push_back(lodType);
      argNames.push_back(var.name + "@lod");
    }
  }
  auto func = func::FuncOp::create(builder, fileLoc, function,
                                   builder.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  // The Paddle names of the arguments and results, in order ("x@lod" for
  // the offsets of LoD var x): function attributes, which the lowering
  // leaves alone (argument attributes would reach LLVM IR).
  SmallVector<Attribute> feedNames;
  for (const std::string &name : argNames)
    feedNames.push_back(builder.getStringAttr(name));
  func->setAttr("pdnn.feed_names", builder.getArrayAttr(feedNames));
  for (auto [index, name] : llvm::enumerate(argNames)) {
    llvm::StringRef data = llvm::StringRef(name);
    if (data.consume_back("@lod"))
      lods[data] = entry->getArgument(index);
    else
      values[name] = entry->getArgument(index);
  }

  for (const OpDesc &op : program.ops)
    if (failed(buildOp(op, *findOpSignature(op.type))))
      return nullptr;

  SmallVector<Value> results;
  SmallVector<std::string> resultNames;
  for (const Endpoint &fetch : fetches) {
    if (failed(checkNotScratch(fetch.var, "the program fetches")))
      return nullptr;
    Value value = values.lookup(fetch.var);
    if (!value) {
      error("fetch var '" + fetch.var + "' is not computed by the program");
      return nullptr;
    }
    results.push_back(value);
    resultNames.push_back(fetch.displayName().str());
    if (Value lod = lods.lookup(fetch.var)) {
      results.push_back(lod);
      resultNames.push_back(fetch.displayName().str() + "@lod");
    }
  }
  func::ReturnOp::create(builder, fileLoc, results);
  func.setFunctionType(builder.getFunctionType(argTypes, ValueRange(results).getTypes()));
  SmallVector<Attribute> fetchNames;
  for (const std::string &name : resultNames)
    fetchNames.push_back(builder.getStringAttr(name));
  func->setAttr("pdnn.fetch_names", builder.getArrayAttr(fetchNames));
  if (failed(verify(*module)))
    return nullptr;
  return module;
}

} // namespace

OwningOpRef<ModuleOp> mlir::pdnn::paddle::buildModule(const Program &program,
                                                      const ParameterData &params,
                                                      Location fileLoc,
                                                      llvm::StringRef function) {
  fileLoc->getContext()->loadDialect<PDNNDialect, arith::ArithDialect, func::FuncDialect>();
  return ModuleBuilder(program, params, fileLoc).build(function);
}
