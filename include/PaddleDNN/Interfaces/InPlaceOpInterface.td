//===- InPlaceOpInterface.td - ops that may write over an input -*- tablegen -*-===//
//
// The one declaration of in-place capability. A pdnn op that implements it
// is a candidate of --inplace; a pdnnrt op that implements it is a runtime
// call whose destination may be that input's buffer, which bufferization
// keeps in place and whose runtime entry point accepts (the runtime's tests
// iterate over the generated list of such entry points).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_INTERFACES_INPLACEOPINTERFACE_TD
#define PADDLEDNN_INTERFACES_INPLACEOPINTERFACE_TD

include "mlir/IR/OpBase.td"

def PaddleDNN_InPlaceOpInterface : OpInterface<"InPlaceOpInterface"> {
  let cppNamespace = "::mlir::pdnn";
  let description = [{
    An op whose oneDNN kernel can write its first result (its first
    destination, for a runtime call) into the buffer of one of its inputs:
    oneDNN in-place execution, the same memory object passed as src and
    dst. This says what the *kernel* can do; whether a given op instance
    may do it is decided by the `--inplace` pass from the program, and
    proven again by bufferization.
  }];
  let methods = [
    InterfaceMethod<
      "Index of the operand whose buffer result 0 may take.",
      "unsigned", "getInPlaceOperandIndex", (ins), "", "return 0;">,
    InterfaceMethod<[{
        Whether operand `index` may share its buffer with result 0 (the
        first destination): the in-place operand, or any of the sources of
        an op whose sources commute (sum).
      }],
      "bool", "isInPlaceOperand", (ins "unsigned":$index), "",
      "return index == $_op.getInPlaceOperandIndex();">,
    InterfaceMethod<[{
        Whether this instance can run in place: the result has exactly the
        type of the in-place operand (no broadcast, no dtype change).
      }],
      "bool", "canRunInPlace", (ins), "", [{
        return $_op->getNumResults() > 0 &&
               $_op->getOperand($_op.getInPlaceOperandIndex()).getType() ==
                   $_op->getResult(0).getType();
      }]>,
  ];
}

#endif // PADDLEDNN_INTERFACES_INPLACEOPINTERFACE_TD
