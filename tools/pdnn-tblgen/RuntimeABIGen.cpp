//===- RuntimeABIGen.cpp - the runtime contract, generated from ODS -------===//
//
// Every pdnnrt op that derives from PDNNRT_RuntimeOp is one C entry point
// of the runtime, and its ODS `arguments` are that function's parameters in
// order. From those definitions this backend writes
//
//   -gen-pdnnrt-entry-point-decls     the C prototypes (PDNNRuntime.h)
//   -gen-pdnnrt-runtime-calls         the runtime's <Op>Call structs and
//                                     `void run(const <Op>Call &)`
//   -gen-pdnnrt-runtime-entry-points  the C entry points: check each
//                                     argument's element type code, rank
//                                     and layout, fill the struct, call run
//   -gen-pdnnrt-call-builders         the compiler's argument tables and
//                                     call builders (one per op)
//
// so that the compiler and the runtime read one source: a runtime function
// whose signature drifts from its prototype does not compile, and the
// compiler emits calls in the very order the prototypes declare.
//
// The C ABI of one argument: a buffer is (int64_t rank, void *descriptor,
// int32_t element type code), optional ones passing code 0 when absent; a
// variadic buffer is a count and `abiMaxCount` buffers; a prepared-weights
// handle is a pointer; an index operand is int64_t; bool, unit, integer
// and enum attributes are int32_t, f32 attributes float, string attributes
// an i8 buffer; a generated kernel is a function pointer. A handle result
// is a `**` out-parameter at the end.
//
//===----------------------------------------------------------------------===//

#include "mlir/TableGen/GenInfo.h"
#include "mlir/TableGen/Operator.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace mlir;
using namespace mlir::tblgen;
using llvm::Record;
using llvm::RecordKeeper;

namespace {

/// One parameter (or parameter group) of an entry point.
struct AbiArgument {
  enum class Kind {
    Buffer,
    Destination,
    Prepared,
    Scalar,
    Attribute,
    OutHandle,
    Kernel
  };
  Kind kind;
  std::string name;   // as in ODS
  std::string cName;  // camelCase, the C parameter and the runtime's name
  std::string getter; // the op's accessor
  bool optional = false;
  bool variadic = false;
  int maxCount = 1;
  int odsIndex = -1; // ODS operand or result index
  std::vector<std::string> typeCodes; // PDNNRT_TYPE_F32, ...
  uint32_t typeMask = 0;              // a bit per ElementType value
  int minRank = 0, maxRank = 0;
  // Attributes: how the value crosses (int32_t, float or text).
  enum class Scalar { I32, F32, Flag, Text, I64 } scalar = Scalar::I32;
  std::string preparedFor, role;
  std::string countVerb = "takes";
};

struct AbiOp {
  std::string cppClass;   // RnnOp
  std::string callStruct; // RnnCall
  std::string opName;     // pdnnrt.rnn
  std::string entryPoint; // pdnnrt_rnn_forward
  std::string summary;
  bool inPlace = false;
  /// Cleanup that must run even when the thread has a pending error.
  bool runsAfterErrors = false;
  bool destinationStyle = false;
  std::vector<AbiArgument> args;
};

std::string camelCase(StringRef name) {
  std::string out;
  bool upper = false;
  for (char c : name) {
    if (c == '_') {
      upper = true;
      continue;
    }
    out += upper ? llvm::toUpper(c) : c;
    upper = false;
  }
  return out;
}

/// The ElementType case (PDNNRuntimeBase.td) of an ODS type def: F32 is
/// `f32`, UI8 `ui8`. The list of codes exists once, in that enum.
const Record *elementTypeCase(const RecordKeeper &records, const Record &type) {
  const Record *enumDef = records.getDef("PDNNRT_ElementType");
  if (!enumDef)
    llvm::PrintFatalError("PDNNRT_ElementType is not defined");
  std::string wanted = StringRef(type.getName()).lower();
  for (const Record *c : enumDef->getValueAsListOfDefs("enumerants"))
    if (c->getValueAsString("symbol") == wanted)
      return c;
  llvm::PrintFatalError(type.getLoc(), "no runtime element type code for '" +
                                           type.getName() + "'");
}

std::string cTypeCode(const Record &enumCase) {
  return "PDNNRT_TYPE_" + enumCase.getValueAsString("symbol").upper();
}

/// The buffer constraint behind an operand, looking through Optional and
/// Variadic; null if the operand is not a buffer.
const Record *bufferOf(const Record *constraint) {
  if (constraint->isSubClassOf("PDNNRT_Buffer"))
    return constraint;
  if (constraint->getValue("baseType"))
    return bufferOf(constraint->getValueAsDef("baseType"));
  return nullptr;
}

AbiArgument operandArgument(const RecordKeeper &records, const Operator &op,
                            const NamedTypeConstraint &operand, int odsIndex) {
  AbiArgument arg;
  arg.name = operand.name.str();
  arg.cName = camelCase(operand.name);
  arg.getter = op.getGetterName(operand.name);
  arg.optional = operand.isOptional();
  arg.variadic = operand.isVariadic();
  arg.odsIndex = odsIndex;
  const Record &def = operand.constraint.getDef();
  if (def.isSubClassOf("PDNNRT_PreparedFor")) {
    arg.kind = AbiArgument::Kind::Prepared;
    arg.preparedFor = def.getValueAsString("abiPreparedFor").str();
    arg.role = def.getValueAsString("abiRole").str();
    return arg;
  }
  if (const Record *buffer = bufferOf(&def)) {
    arg.kind = buffer->getValueAsBit("abiDestination")
                   ? AbiArgument::Kind::Destination
                   : AbiArgument::Kind::Buffer;
    for (const Record *type : buffer->getValueAsListOfDefs("abiElementTypes")) {
      const Record *code = elementTypeCase(records, *type);
      arg.typeCodes.push_back(cTypeCode(*code));
      arg.typeMask |= 1u << code->getValueAsInt("value");
    }
    std::vector<int64_t> ranks = buffer->getValueAsListOfInts("abiRanks");
    arg.minRank = *std::min_element(ranks.begin(), ranks.end());
    arg.maxRank = *std::max_element(ranks.begin(), ranks.end());
    if (int64_t(ranks.size()) != arg.maxRank - arg.minRank + 1)
      llvm::PrintFatalError(op.getLoc(), "operand '" + arg.name +
                                             "': ranks must be contiguous");
    if (arg.variadic) {
      if (!def.isSubClassOf("PDNNRT_Sources"))
        llvm::PrintFatalError(op.getLoc(), "variadic operand '" + arg.name +
                                               "' must be PDNNRT_Sources");
      arg.maxCount = def.getValueAsInt("abiMaxCount");
      arg.countVerb = def.getValueAsString("abiCountVerb").str();
    }
    return arg;
  }
  if (def.getName() == "PDNNRT_PreparedWeightsType") {
    // A handle the op consumes itself (release_weights), not a shortcut
    // for one of its buffers.
    arg.kind = AbiArgument::Kind::Prepared;
    return arg;
  }
  if (def.getName() == "Index") {
    arg.kind = AbiArgument::Kind::Scalar;
    arg.scalar = AbiArgument::Scalar::I64;
    return arg;
  }
  llvm::PrintFatalError(op.getLoc(), "operand '" + arg.name +
                                         "' has no C ABI: use PDNNRT_Buffer, "
                                         "PDNNRT_PreparedFor or Index");
}

AbiArgument attributeArgument(const Operator &op, const NamedAttribute &attr) {
  AbiArgument arg;
  arg.kind = AbiArgument::Kind::Attribute;
  arg.name = attr.name.str();
  arg.cName = camelCase(attr.name);
  arg.getter = op.getGetterName(attr.name);
  if (attr.attr.getDef().getName() == "PDNNRT_KernelRefAttr") {
    arg.kind = AbiArgument::Kind::Kernel;
    return arg;
  }
  StringRef type = attr.attr.getReturnType();
  if (type == "bool")
    arg.scalar = AbiArgument::Scalar::Flag;
  else if (type == "::llvm::APFloat")
    arg.scalar = AbiArgument::Scalar::F32;
  else if (type == "::llvm::StringRef")
    arg.scalar = AbiArgument::Scalar::Text;
  else
    arg.scalar = AbiArgument::Scalar::I32; // integers and enums
  return arg;
}

/// What the generic parser, verifier and bufferization rely on: the
/// destinations are the trailing operands, each exactly one tensor; a
/// variadic input group has no optional inputs beside it; each handle names
/// a buffer operand.
void checkShape(const Operator &op, const AbiOp &abi) {
  bool seenDestination = false, variadic = false, optional = false;
  for (const AbiArgument &arg : abi.args) {
    if (arg.kind == AbiArgument::Kind::Attribute ||
        arg.kind == AbiArgument::Kind::OutHandle ||
        arg.kind == AbiArgument::Kind::Kernel)
      continue;
    if (arg.kind == AbiArgument::Kind::Destination) {
      if (arg.optional || arg.variadic)
        llvm::PrintFatalError(op.getLoc(), "destination '" + arg.name +
                                               "' must be one tensor");
      seenDestination = true;
      continue;
    }
    if (seenDestination)
      llvm::PrintFatalError(op.getLoc(), "operand '" + arg.name +
                                             "' must come before the destinations");
    if (arg.kind == AbiArgument::Kind::Buffer) {
      variadic |= arg.variadic;
      optional |= arg.optional;
    }
    if (arg.kind == AbiArgument::Kind::Prepared && !arg.preparedFor.empty() &&
        llvm::none_of(abi.args, [&](const AbiArgument &other) {
          return other.kind == AbiArgument::Kind::Buffer &&
                 other.name == arg.preparedFor;
        }))
      llvm::PrintFatalError(op.getLoc(), "'" + arg.name +
                                             "' prepares no buffer operand '" +
                                             arg.preparedFor + "'");
  }
  if (variadic && optional)
    llvm::PrintFatalError(op.getLoc(),
                          "a variadic input cannot sit beside optional inputs");
}

std::vector<AbiOp> collect(const RecordKeeper &records) {
  std::vector<AbiOp> ops;
  for (const Record *def : records.getAllDerivedDefinitions("PDNNRT_RuntimeOp")) {
    Operator op(def);
    AbiOp abi;
    abi.cppClass = op.getCppClassName().str();
    abi.callStruct = StringRef(abi.cppClass).drop_back(2).str() + "Call";
    abi.opName = op.getOperationName();
    abi.entryPoint = def->getValueAsString("cEntryPoint").str();
    abi.summary = op.getSummary().str();
    abi.destinationStyle = def->isSubClassOf("PDNNRT_CallOp");
    abi.runsAfterErrors = def->getValueAsBit("runsAfterErrors");
    for (const Trait &trait : op.getTraits())
      if (const auto *iface = dyn_cast<InterfaceTrait>(&trait))
        if (iface->getFullyQualifiedTraitName() ==
            "::mlir::pdnn::InPlaceOpInterface::Trait")
          abi.inPlace = true;
    int operandIndex = 0;
    for (int i = 0, e = op.getNumArgs(); i < e; ++i) {
      Argument arg = op.getArg(i);
      if (auto *operand = dyn_cast<NamedTypeConstraint *>(arg))
        abi.args.push_back(
            operandArgument(records, op, *operand, operandIndex++));
      else if (auto *attr = dyn_cast<NamedAttribute *>(arg))
        abi.args.push_back(attributeArgument(op, *attr));
      else
        llvm::PrintFatalError(op.getLoc(), "properties have no C ABI");
    }
    for (int i = 0, e = op.getNumResults(); i < e; ++i) {
      const NamedTypeConstraint &result = op.getResult(i);
      if (result.constraint.getDef().getName() != "PDNNRT_PreparedWeightsType")
        continue;
      AbiArgument arg;
      arg.kind = AbiArgument::Kind::OutHandle;
      arg.name = result.name.str();
      arg.cName = camelCase(result.name);
      arg.odsIndex = i;
      abi.args.push_back(arg);
    }
    checkShape(op, abi);
    ops.push_back(std::move(abi));
  }
  return ops;
}

std::string join(ArrayRef<std::string> parts) {
  return llvm::join(parts.begin(), parts.end(), ", ");
}

/// The C parameters of one argument.
std::vector<std::string> cParameters(const AbiArgument &arg) {
  switch (arg.kind) {
  case AbiArgument::Kind::Buffer:
  case AbiArgument::Kind::Destination:
    if (arg.variadic) {
      std::vector<std::string> params{"int32_t " + arg.cName + "Count"};
      for (int i = 0; i < arg.maxCount; ++i)
        params.push_back("PDNNRT_TENSOR(" + arg.cName + std::to_string(i) + ")");
      return params;
    }
    return {"PDNNRT_TENSOR(" + arg.cName + ")"};
  case AbiArgument::Kind::Prepared:
    return {"pdnnrt_prepared_weights *" + arg.cName};
  case AbiArgument::Kind::OutHandle:
    return {"pdnnrt_prepared_weights **" + arg.cName};
  case AbiArgument::Kind::Kernel:
    return {"void *" + arg.cName};
  case AbiArgument::Kind::Scalar:
    return {"int64_t " + arg.cName};
  case AbiArgument::Kind::Attribute:
    switch (arg.scalar) {
    case AbiArgument::Scalar::F32:
      return {"float " + arg.cName};
    case AbiArgument::Scalar::Text:
      return {"PDNNRT_TENSOR(" + arg.cName + ")"};
    case AbiArgument::Scalar::I64:
      return {"int64_t " + arg.cName};
    default:
      return {"int32_t " + arg.cName};
    }
  }
  return {};
}

std::vector<std::string> cParameters(const AbiOp &op) {
  std::vector<std::string> params;
  for (const AbiArgument &arg : op.args)
    for (std::string &p : cParameters(arg))
      params.push_back(std::move(p));
  return params;
}

//===----------------------------------------------------------------------===//
// C prototypes
//===----------------------------------------------------------------------===//

bool emitDecls(const RecordKeeper &records, raw_ostream &os) {
  llvm::emitSourceFileHeader("PaddleDNN runtime entry points", os, records);
  // The enums that cross the ABI as int32_t, each with its C prefix.
  for (const Record *def : records.getAllDerivedDefinitions("I32EnumAttr")) {
    const llvm::RecordVal *prefix = def->getValue("cEnumPrefix");
    if (!prefix)
      continue;
    os << "/* " << def->getValueAsString("summary") << " */\nenum {\n";
    for (const Record *c : def->getValueAsListOfDefs("enumerants"))
      os << "  " << def->getValueAsString("cEnumPrefix")
         << c->getValueAsString("symbol").upper() << " = "
         << c->getValueAsInt("value") << ",\n";
    os << "};\n\n";
  }
  std::vector<AbiOp> ops = collect(records);
  for (const AbiOp &op : ops) {
    os << "/* " << op.opName << ": " << op.summary << " */\n";
    os << "int32_t " << op.entryPoint << "(" << join(cParameters(op)) << ");\n\n";
  }
  os << "/* Every entry point generated from PDNNRuntimeOps.td. */\n";
  os << "#define PDNNRT_FOR_EACH_ENTRY_POINT(X)";
  for (const AbiOp &op : ops)
    os << " \\\n  X(" << op.entryPoint << ")";
  os << "\n\n/* The entry points whose destination may be an input (the ops that\n"
        " * declare InPlaceOpInterface). */\n";
  os << "#define PDNNRT_FOR_EACH_IN_PLACE_ENTRY_POINT(X)";
  for (const AbiOp &op : ops)
    if (op.inPlace)
      os << " \\\n  X(" << op.entryPoint << ")";
  os << "\n";
  return false;
}

//===----------------------------------------------------------------------===//
// The runtime's side: structs, checks, dispatch
//===----------------------------------------------------------------------===//

std::string structField(const AbiArgument &arg) {
  switch (arg.kind) {
  case AbiArgument::Kind::Buffer:
  case AbiArgument::Kind::Destination:
    if (arg.variadic)
      return llvm::formatv("  Tensor {0}[{1}];\n  int32_t {0}Count = 0;\n",
                           arg.cName, arg.maxCount);
    return "  Tensor " + arg.cName + ";\n";
  case AbiArgument::Kind::Prepared:
    return "  PreparedWeights *" + arg.cName + " = nullptr;\n";
  case AbiArgument::Kind::OutHandle:
    return "  pdnnrt_prepared_weights **" + arg.cName + " = nullptr;\n";
  case AbiArgument::Kind::Kernel:
    return "  void *" + arg.cName + " = nullptr;\n";
  case AbiArgument::Kind::Scalar:
    return "  int64_t " + arg.cName + " = 0;\n";
  case AbiArgument::Kind::Attribute:
    switch (arg.scalar) {
    case AbiArgument::Scalar::F32:
      return "  float " + arg.cName + " = 0;\n";
    case AbiArgument::Scalar::Flag:
      return "  bool " + arg.cName + " = false;\n";
    case AbiArgument::Scalar::Text:
      return "  Tensor " + arg.cName + ";\n";
    case AbiArgument::Scalar::I64:
      return "  int64_t " + arg.cName + " = 0;\n";
    case AbiArgument::Scalar::I32:
      return "  int32_t " + arg.cName + " = 0;\n";
    }
  }
  return "";
}

bool emitRuntimeCalls(const RecordKeeper &records, raw_ostream &os) {
  llvm::emitSourceFileHeader("PaddleDNN runtime calls", os, records);
  for (const AbiOp &op : collect(records)) {
    os << "/// The checked arguments of " << op.entryPoint << " (" << op.opName
       << ").\nstruct " << op.callStruct << " {\n";
    for (const AbiArgument &arg : op.args)
      os << structField(arg);
    os << "};\n/// Defined in lib/Runtime; every check of the arguments that "
          "ODS states is done.\nvoid run(const "
       << op.callStruct << " &call);\n\n";
  }
  return false;
}

/// Reads the C parameters named `name` into `target`, when `condition`
/// holds (if not empty).
void emitRead(const AbiArgument &arg, StringRef name, StringRef target,
              bool optional, StringRef condition, raw_ostream &os) {
  os << llvm::formatv(
      "    {6}{{\n      static constexpr int32_t types[] = {{{0}};\n"
      "      call.{5} = pdnnrt::readArgument(\"{1}\", {1}Rank, {1}, {1}Type, "
      "types, std::size(types), {2}, {3}, {4});\n    }\n",
      join(arg.typeCodes), name, arg.minRank, arg.maxRank,
      optional ? "true" : "false", target,
      condition.empty() ? std::string() : ("if (" + condition + ") ").str());
}

bool emitRuntimeEntryPoints(const RecordKeeper &records, raw_ostream &os) {
  llvm::emitSourceFileHeader("PaddleDNN runtime entry points", os, records);
  for (const AbiOp &op : collect(records)) {
    // The same parameters as the prototype, with the macro spelled out.
    std::vector<std::string> params;
    for (std::string p : cParameters(op)) {
      StringRef text(p);
      if (text.consume_front("PDNNRT_TENSOR(")) {
        std::string name = text.drop_back().str();
        p = "int64_t " + name + "Rank, void *" + name + ", int32_t " + name +
            "Type";
      }
      params.push_back(p);
    }
    os << "int32_t " << op.entryPoint << "(" << join(params) << ") {\n";
    os << "  return pdnnrt::runEntry(\"" << op.entryPoint << "\", "
       << (op.runsAfterErrors ? "pdnnrt::Pending::Run" : "pdnnrt::Pending::Skip")
       << ", [&] {\n";
    os << "    pdnnrt::" << op.callStruct << " call;\n";
    std::vector<std::string> inputs, destinations;
    for (const AbiArgument &arg : op.args) {
      switch (arg.kind) {
      case AbiArgument::Kind::Buffer:
      case AbiArgument::Kind::Destination: {
        bool destination = arg.kind == AbiArgument::Kind::Destination;
        if (!arg.variadic) {
          emitRead(arg, arg.cName, arg.cName, arg.optional, "", os);
          (destination ? destinations : inputs).push_back(arg.cName);
          break;
        }
        os << llvm::formatv(
            "    if ({0}Count < 1 || {0}Count > {1})\n"
            "      pdnnrt::fail(\"count must be in [1, {1}], got %d\", {0}Count);\n"
            "    call.{0}Count = {0}Count;\n",
            arg.cName, arg.maxCount);
        for (int i = 0; i < arg.maxCount; ++i) {
          std::string slot = arg.cName + "[" + std::to_string(i) + "]";
          emitRead(arg, arg.cName + std::to_string(i), slot, /*optional=*/false,
                   std::to_string(i) + " < " + arg.cName + "Count", os);
          (destination ? destinations : inputs).push_back(slot);
        }
        break;
      }
      case AbiArgument::Kind::Prepared:
        os << llvm::formatv(
            "    call.{0} = pdnnrt::readPrepared(\"{0}\", {0}, {1});\n",
            arg.cName, arg.optional ? "true" : "false");
        break;
      case AbiArgument::Kind::OutHandle:
      case AbiArgument::Kind::Kernel:
        os << llvm::formatv("    if (!{0})\n      pdnnrt::fail(\"{0} is null\");\n"
                            "    call.{0} = {0};\n",
                            arg.cName);
        break;
      case AbiArgument::Kind::Scalar:
        os << llvm::formatv("    call.{0} = {0};\n", arg.cName);
        break;
      case AbiArgument::Kind::Attribute:
        if (arg.scalar == AbiArgument::Scalar::Flag) {
          os << llvm::formatv("    call.{0} = pdnnrt::readFlag(\"{0}\", {0});\n",
                              arg.cName);
        } else if (arg.scalar == AbiArgument::Scalar::Text) {
          os << llvm::formatv(
              "    {{\n      static constexpr int32_t types[] = {{PDNNRT_TYPE_I8};\n"
              "      call.{0} = pdnnrt::readArgument(\"{0}\", {0}Rank, {0}, "
              "{0}Type, types, std::size(types), 1, 1, false);\n    }\n",
              arg.cName);
        } else {
          os << llvm::formatv("    call.{0} = {0};\n", arg.cName);
        }
        break;
      }
    }
    // Calls that cannot run in place write over none of their inputs, nor
    // one destination over another; in-place calls state their own rule.
    if (!op.inPlace) {
      for (size_t d = 0; d < destinations.size(); ++d) {
        for (const std::string &in : inputs)
          os << llvm::formatv("    pdnnrt::expectDisjoint(call.{0}, call.{1});\n",
                              destinations[d], in);
        for (size_t e = d + 1; e < destinations.size(); ++e)
          os << llvm::formatv("    pdnnrt::expectDisjoint(call.{0}, call.{1});\n",
                              destinations[e], destinations[d]);
      }
    }
    os << "    pdnnrt::run(call);\n  });\n}\n\n";
  }
  return false;
}

//===----------------------------------------------------------------------===//
// The compiler's side: argument tables and call builders
//===----------------------------------------------------------------------===//

StringRef kindName(AbiArgument::Kind kind) {
  switch (kind) {
  case AbiArgument::Kind::Buffer:
    return "Buffer";
  case AbiArgument::Kind::Destination:
    return "Destination";
  case AbiArgument::Kind::Prepared:
    return "Prepared";
  case AbiArgument::Kind::Scalar:
    return "Scalar";
  case AbiArgument::Kind::Attribute:
    return "Attribute";
  case AbiArgument::Kind::OutHandle:
    return "OutHandle";
  case AbiArgument::Kind::Kernel:
    return "Kernel";
  }
  return "";
}

bool emitCallBuilders(const RecordKeeper &records, raw_ostream &os) {
  llvm::emitSourceFileHeader("pdnnrt call builders", os, records);
  for (const AbiOp &op : collect(records)) {
    os << "//===--- " << op.opName << "\n\n";
    os << "::llvm::ArrayRef<::mlir::pdnnrt::RuntimeArgument> " << op.cppClass
       << "::getRuntimeArguments() {\n"
       << "  using Kind = ::mlir::pdnnrt::RuntimeArgument::Kind;\n"
       << "  static const ::mlir::pdnnrt::RuntimeArgument arguments[] = {\n";
    for (const AbiArgument &arg : op.args)
      os << llvm::formatv("      {{Kind::{0}, \"{1}\", {2}, {3}, {4}, {5}, {6}, "
                          "{7}, {8:x}u, \"{9}\", \"{10}\", \"{11}\"},\n",
                          kindName(arg.kind), arg.name, arg.optional,
                          arg.variadic, arg.maxCount, arg.odsIndex,
                          arg.minRank, arg.maxRank, arg.typeMask,
                          arg.countVerb, arg.preparedFor, arg.role);
    os << "  };\n  return arguments;\n}\n\n";

    os << "void " << op.cppClass
       << "::buildRuntimeCall(::mlir::pdnnrt::RuntimeCallBuilder &b) {\n";
    for (const AbiArgument &arg : op.args) {
      switch (arg.kind) {
      case AbiArgument::Kind::Buffer:
      case AbiArgument::Kind::Destination:
        if (arg.variadic)
          os << llvm::formatv("  b.buffers({0}(), {1});\n", arg.getter,
                              arg.maxCount);
        else
          os << llvm::formatv("  b.buffer({0}());\n", arg.getter);
        break;
      case AbiArgument::Kind::Prepared:
        os << llvm::formatv("  b.prepared({0}());\n", arg.getter);
        break;
      case AbiArgument::Kind::OutHandle:
        os << llvm::formatv("  b.outHandle({0});\n", arg.odsIndex);
        break;
      case AbiArgument::Kind::Kernel:
        os << llvm::formatv("  b.kernel({0}());\n", arg.getter);
        break;
      case AbiArgument::Kind::Scalar:
        os << llvm::formatv("  b.index({0}());\n", arg.getter);
        break;
      case AbiArgument::Kind::Attribute:
        switch (arg.scalar) {
        case AbiArgument::Scalar::F32:
          os << llvm::formatv("  b.f32({0}().convertToFloat());\n", arg.getter);
          break;
        case AbiArgument::Scalar::Text:
          os << llvm::formatv("  b.text({0}());\n", arg.getter);
          break;
        default:
          os << llvm::formatv("  b.i32(static_cast<int32_t>({0}()));\n",
                              arg.getter);
          break;
        }
        break;
      }
    }
    os << "  b.call(getEntryPoint());\n}\n\n";
  }
  return false;
}

mlir::GenRegistration
    genDecls("gen-pdnnrt-entry-point-decls",
             "C prototypes of the runtime's entry points", emitDecls);
mlir::GenRegistration
    genCalls("gen-pdnnrt-runtime-calls",
             "the runtime's call structs and run() declarations",
             emitRuntimeCalls);
mlir::GenRegistration
    genEntries("gen-pdnnrt-runtime-entry-points",
               "the runtime's C entry points: argument checks and dispatch",
               emitRuntimeEntryPoints);
mlir::GenRegistration
    genBuilders("gen-pdnnrt-call-builders",
                "the compiler's argument tables and call builders",
                emitCallBuilders);

} // namespace
