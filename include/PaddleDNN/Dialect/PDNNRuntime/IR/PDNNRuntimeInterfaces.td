//===- PDNNRuntimeInterfaces.td - lowering a call op to its C call -*- tablegen -*-===//

#ifndef PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIMEINTERFACES_TD
#define PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIMEINTERFACES_TD

include "mlir/IR/OpBase.td"

def PDNNRT_RuntimeCallOpInterface : OpInterface<"RuntimeCallOpInterface"> {
  let cppNamespace = "::mlir::pdnnrt";
  let description = [{
    An op that is one call of a runtime entry point (IREE's
    UKernelOpInterface plays the same part). Everything about the call is
    declared in the op's ODS; pdnn-tblgen generates, for each op, the
    argument table and the builder that emits the call, so that one generic
    conversion (--convert-pdnnrt-to-calls) lowers every op and no op needs
    C++ of its own.
  }];
  let methods = [
    StaticInterfaceMethod<"The C entry point this op calls.",
      "::llvm::StringRef", "getEntryPoint">,
    StaticInterfaceMethod<[{
        The op's arguments in ODS (and C ABI) order: which are buffers,
        destinations, prepared-weights handles, scalars and attributes.
      }],
      "::llvm::ArrayRef<::mlir::pdnnrt::RuntimeArgument>", "getRuntimeArguments">,
    InterfaceMethod<[{
        Appends this op's arguments to `builder` in the entry point's order
        and emits the call. The op must be in its memref form.
      }],
      "void", "buildRuntimeCall",
      (ins "::mlir::pdnnrt::RuntimeCallBuilder &":$builder)>,
  ];
}

#endif // PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIMEINTERFACES_TD
