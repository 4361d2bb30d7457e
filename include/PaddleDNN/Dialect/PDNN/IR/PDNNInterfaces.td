//===- PDNNInterfaces.td - pdnn op interfaces --------------*- tablegen -*-===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_PDNNINTERFACES_TD
#define PADDLEDNN_DIALECT_PDNN_IR_PDNNINTERFACES_TD

include "mlir/IR/OpBase.td"

def PDNN_InPlaceOpInterface : OpInterface<"InPlaceOpInterface"> {
  let cppNamespace = "::mlir::pdnn";
  let description = [{
    An op whose oneDNN kernel can write its result into the buffer of one of
    its inputs (oneDNN in-place execution: the same memory object is passed
    as src and dst). This says what the *kernel* can do; whether a given op
    instance may do it is decided by the `--inplace` pass from the program.
  }];
  let methods = [
    InterfaceMethod<
      "Index of the operand whose buffer result 0 may take.",
      "unsigned", "getInPlaceOperandIndex", (ins), "", "return 0;">,
    InterfaceMethod<[{
        Whether this instance can run in place: the result has exactly the
        type of the in-place operand (no broadcast, no dtype change).
      }],
      "bool", "canRunInPlace", (ins), "", [{
        return $_op->getOperand($_op.getInPlaceOperandIndex()).getType() ==
               $_op->getResult(0).getType();
      }]>,
  ];
}

#endif // PADDLEDNN_DIALECT_PDNN_IR_PDNNINTERFACES_TD
