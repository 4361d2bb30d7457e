//===- PDNNRuntimeBase.td - pdnnrt: the runtime contract ----*- tablegen -*-===//
//
// The contract between compiled code and the PaddleDNN runtime, declared
// once. Each runtime call op names its C entry point and its arguments in
// ODS order; each tensor argument says which element types and ranks the
// runtime takes. From these definitions pdnn-tblgen generates the C
// prototypes (PDNNRuntimeEntryPoints.h.inc), the runtime's argument
// checking and unpacking (PDNNRuntimeEntryPoints.cpp.inc), and the
// compiler's call builders; a runtime function that does not match its
// prototype does not compile.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIMEBASE_TD
#define PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIMEBASE_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/IR/EnumAttr.td"

def PDNNRT_Dialect : Dialect {
  let name = "pdnnrt";
  let cppNamespace = "::mlir::pdnnrt";
  let summary = "Calls into the PaddleDNN runtime (oneDNN), in destination-passing style";
  let description = [{
    Each call op is one runtime entry point. Its tensor inputs come first in
    `ins(...)`, prepared-weights handles after them, its destinations in
    `outs(...)`; on tensors each destination gives one result, on memrefs
    there are no results and the op writes its destinations. oneDNN's
    layouts are explicit in the types: RNN data is time-major T x N x C or
    LoD rows, RNN weights are L x D x I x G x O (ldigo).
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
  // Weight preparation folds to arith.constant.
  let hasConstantMaterializer = 1;
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// What crosses the C ABI
//===----------------------------------------------------------------------===//

// Weights prepared once for the primitives that read them (reordered into
// their layouts), owned by the module that prepared them.
def PDNNRT_PreparedWeightsType : TypeDef<PDNNRT_Dialect, "PreparedWeights"> {
  let mnemonic = "prepared";
  let summary = "A handle to weights prepared once per loaded module";
  let description = [{
    What `pdnnrt.prepare_weights` returns and the calls that read those
    weights take: the runtime's object holding the weights in each layout a
    primitive asked for. It crosses the C ABI as a pointer; the module that
    prepared it releases it when it is unloaded.
  }];
}

// Element type codes: what each tensor argument says about its elements.
// The C enum (PDNNRT_TYPE_*), the runtime's checks and the compiler's codes
// are all generated from this one list.
def PDNNRT_ElementType : I32EnumAttr<"ElementType",
    "element type code passed with every tensor argument", [
      I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"f32", 1>,
      I32EnumAttrCase<"bf16", 2>, I32EnumAttrCase<"i64", 3>,
      I32EnumAttrCase<"i32", 4>, I32EnumAttrCase<"i8", 5>,
      I32EnumAttrCase<"ui8", 6>, I32EnumAttrCase<"si8", 7>]> {
  let cppNamespace = "::mlir::pdnnrt";
  let genSpecializedAttr = 0;
  string cEnumPrefix = "PDNNRT_TYPE_";
}

// A tensor (on tensors) or buffer (on memrefs) argument. It crosses the ABI
// as (rank, descriptor, element type code); the verifier and the runtime
// both check the element type and the rank against what is declared here
// (one of `elementTypes`, rank in [min(ranks), max(ranks)]).
class PDNNRT_Buffer<list<Type> elementTypes, list<int> ranks>
    : AnyTypeOf<[AnyRankedTensor, AnyMemRef]> {
  list<Type> abiElementTypes = elementTypes;
  list<int> abiRanks = ranks;
  bit abiDestination = 0;
}

// A destination: written, never read (DPS init).
class PDNNRT_Destination<list<Type> elementTypes, list<int> ranks>
    : PDNNRT_Buffer<elementTypes, ranks> {
  let abiDestination = 1;
}

// The handle of the weights operand `weights`, prepared for `role`
// (a WeightsRole case); absent: the call reorders the
// weights itself. --pdnnrt-prepare-weights fills it in for constant weights.
class PDNNRT_PreparedFor<string weights, string role>
    : Optional<PDNNRT_PreparedWeightsType> {
  string abiPreparedFor = weights;
  string abiRole = role;
}

// A kernel the compiler generated for this call: the symbol of a func.func
// `(!llvm.ptr, i64, i64) -> ()` in the same module, passed as a function
// pointer that the runtime calls from its threads.
def PDNNRT_KernelRefAttr
    : Attr<CPred<"::llvm::isa<::mlir::FlatSymbolRefAttr>($_self)">,
           "a generated kernel (a function's symbol)"> {
  let storageType = "::mlir::FlatSymbolRefAttr";
  let returnType = "::llvm::StringRef";
  let convertFromStorage = "$_self.getValue()";
  let constBuilderCall =
      "::mlir::SymbolRefAttr::get($_builder.getContext(), $0)";
}

defvar PDNNRT_AnyRank = [1, 2, 3, 4, 5, 6];
defvar PDNNRT_Float = [F32];

#endif // PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIMEBASE_TD
