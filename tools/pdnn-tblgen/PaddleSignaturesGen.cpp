//===- PaddleSignaturesGen.cpp - Paddle slots of every pdnn op, from ODS --===//
//
// A pdnn op's operands and results are named after Paddle's slots and its
// attributes after Paddle's attributes (PDNNOps.td). From those definitions
// this backend writes the table the Paddle importer builds ops from
// (-gen-pdnn-paddle-signatures): per op, each operand slot with its arity
// and whether it is the LoD of the op's sequences, each result slot with
// its arity, the element type it must have when the constraint fixes one
// and whether it is scratch (`scratchResults`), and each
// attribute with the kind of value it takes. A new op, or a new slot, is
// importable as soon as it is declared.
//
//===----------------------------------------------------------------------===//

#include "mlir/TableGen/GenInfo.h"
#include "mlir/TableGen/Operator.h"

#include "llvm/ADT/StringMap.h"
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

/// The constraint behind an operand or result, looking through Optional
/// and Variadic.
const Record &baseConstraint(const Record &def) {
  if (def.getValue("baseType"))
    return baseConstraint(*def.getValueAsDef("baseType"));
  return def;
}

StringRef attrKind(const Attribute &attr) {
  StringRef storage = attr.getStorageType().trim();
  StringRef ret = attr.getReturnType().trim();
  if (storage == "::mlir::StringAttr")
    return "String";
  if (storage == "::mlir::BoolAttr")
    return "Bool";
  if (storage == "::mlir::IntegerAttr")
    return ret.contains("64") ? "I64" : "I32";
  if (storage == "::mlir::FloatAttr")
    return attr.getBaseAttr().getDefName().contains("F64") ? "F64" : "F32";
  if (storage == "::mlir::DenseF32ArrayAttr")
    return "F32Array";
  if (storage == "::mlir::DenseI32ArrayAttr")
    return "I32Array";
  if (storage == "::mlir::DenseI64ArrayAttr")
    return "I64Array";
  return "Unsupported";
}

bool emitSignatures(const RecordKeeper &records, raw_ostream &os) {
  llvm::emitSourceFileHeader("Paddle slots of the pdnn ops", os, records);
  std::vector<std::string> entries;
  for (const Record *def : records.getAllDerivedDefinitionsIfDefined("Op")) {
    Operator op(def);
    if (op.getDialectName() != "pdnn")
      continue;
    std::string id = op.getCppClassName().str();
    std::string name = op.getOperationName();
    std::string paddleType = name.substr(op.getDialectName().size() + 1);
    std::string firstOperand;
    if (op.getNumOperands() > 0)
      firstOperand = baseConstraint(op.getOperand(0).constraint.getDef()).getName().str();

    auto array = [&](StringRef kind, StringRef suffix, const std::vector<std::string> &rows) {
      if (rows.empty())
        return std::string("{}");
      std::string arrayName = ("k" + id + suffix).str();
      os << "static const " << kind << " " << arrayName << "[] = {\n";
      for (const std::string &row : rows)
        os << "    " << row << ",\n";
      os << "};\n";
      return arrayName;
    };

    llvm::StringMap<std::string> slotOf;
    for (StringRef pair : def->getValueAsListOfStrings("paddleSlots")) {
      auto [operand, slot] = pair.split('=');
      slotOf[operand] = slot.str();
    }
    std::vector<std::string> operands;
    for (const NamedTypeConstraint &operand : op.getOperands()) {
      StringRef arity = operand.isVariadic()   ? "Variadic"
                        : operand.isOptional() ? "Optional"
                                               : "Single";
      bool lod = baseConstraint(operand.constraint.getDef()).getName() == "PDNN_LoDTensor";
      auto renamed = slotOf.find(operand.name);
      StringRef slot = renamed == slotOf.end() ? operand.name : StringRef(renamed->second);
      operands.push_back(llvm::formatv("{{\"{0}\", SlotArity::{1}, {2}}", slot, arity,
                                       lod ? "true" : "false"));
    }
    std::vector<std::string> results;
    for (const NamedTypeConstraint &result : op.getResults()) {
      const Record &constraint = baseConstraint(result.constraint.getDef());
      StringRef fixed;
      if (constraint.getValue("paddleDataType"))
        fixed = constraint.getValueAsString("paddleDataType");
      bool likeFirst = !firstOperand.empty() && constraint.getName() == firstOperand;
      bool scratch = llvm::is_contained(def->getValueAsListOfStrings("scratchResults"),
                                        result.name);
      StringRef arity = result.isVariadic() ? "Variadic" : "Single";
      results.push_back(llvm::formatv("{{\"{0}\", SlotArity::{1}, \"{2}\", {3}, {4}}",
                                      result.name, arity, fixed,
                                      likeFirst ? "true" : "false",
                                      scratch ? "true" : "false"));
    }
    std::vector<std::string> attrs;
    for (const NamedAttribute &attr : op.getAttributes()) {
      if (attr.attr.isDerivedAttr())
        continue;
      attrs.push_back(llvm::formatv("{{\"{0}\", AttrKind::{1}, {2}}", attr.name,
                                    attrKind(attr.attr),
                                    attr.attr.hasDefaultValue() || attr.attr.isOptional()
                                        ? "true"
                                        : "false"));
    }
    std::string o = array("OperandSlot", "Operands", operands);
    std::string r = array("ResultSlot", "Results", results);
    std::string a = array("AttrSlot", "Attrs", attrs);
    entries.push_back(llvm::formatv("{{\"{0}\", \"{1}\", {2}, {3}, {4}, {5}}", paddleType,
                                    name, o, r, a,
                                    op.getTrait("::mlir::OpTrait::AttrSizedOperandSegments")
                                        ? "true"
                                        : "false"));
  }
  os << "static const OpSignature kOpSignatures[] = {\n";
  for (const std::string &entry : entries)
    os << "    " << entry << ",\n";
  os << "};\n";
  return false;
}

mlir::GenRegistration genSignatures("gen-pdnn-paddle-signatures",
                                    "the Paddle slots and attributes of the pdnn ops",
                                    emitSignatures);

} // namespace
