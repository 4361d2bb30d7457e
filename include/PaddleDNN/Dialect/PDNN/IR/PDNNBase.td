//===- PDNNBase.td - pdnn dialect definition ---------------*- tablegen -*-===//
//
// The `pdnn` dialect: PaddlePaddle inference operators on builtin tensors.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_PDNNBASE_TD
#define PADDLEDNN_DIALECT_PDNN_IR_PDNNBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def PDNN_Dialect : Dialect {
  let name = "pdnn";
  let cppNamespace = "::mlir::pdnn";
  let summary = "PaddlePaddle inference operators with Paddle's names and semantics";
  let description = [{
    One operation per Paddle operator. Operand and result names are Paddle's
    slot names (`X`, `H0`, `WeightX`, `WeightH`, `Bias`, `Hidden`, ...) and
    attributes carry Paddle's attribute names, types and defaults, so that a
    graph imported from a Paddle program round-trips and a Paddle engineer can
    read the IR without a dictionary.

    Values are builtin tensors. Paddle's LoD (level-of-detail) information for
    variable-length sequences is *data*, not a type: sequence-aware operators
    (`gru`, `fusion_gru`, `multi_gru`) take the level-0 offsets as an explicit
    `tensor<?xi64>` operand named `lod` holding N+1 non-decreasing offsets
    into the T rows of the packed input, the way sparse tensors carry their
    positions array.

    oneDNN's packed sparse weights are a tensor encoding (`#pdnn.packed`), not
    a new tensor kind: a packed tensor is still a K x N tensor to every op
    that reads it.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasOperationAttrVerify = 1;
  // A tensor.cast to a more dynamic type feeding a pdnn op is absorbed,
  // so that lowerings see every static size there is.
  let hasCanonicalizer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    /// Unit attribute set by `--inplace`: result 0 takes the buffer of the
    /// op's in-place operand (see InPlaceOpInterface).
    static constexpr ::llvm::StringLiteral getInPlaceAttrName() {
      return ::llvm::StringLiteral("pdnn.inplace");
    }
  }];
}

class PDNN_Op<string mnemonic, list<Trait> traits = []>
    : Op<PDNN_Dialect, mnemonic, traits> {
  // Results that are scratch of Paddle's kernel and hold no defined data
  // (docs/Design.md); the importer refuses to fetch or read them.
  list<string> scratchResults = [];
  // "operand=Slot" for an operand whose C++ name cannot be Paddle's slot
  // name (the accessor would clash with an attribute's: top_k's tensor K
  // beside its attribute k); the importer reads it from slot `Slot`.
  list<string> paddleSlots = [];
}

class PDNN_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<PDNN_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // PADDLEDNN_DIALECT_PDNN_IR_PDNNBASE_TD
