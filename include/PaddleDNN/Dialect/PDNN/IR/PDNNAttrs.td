//===- PDNNAttrs.td - pdnn attributes ----------------------*- tablegen -*-===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_PDNNATTRS_TD
#define PADDLEDNN_DIALECT_PDNN_IR_PDNNATTRS_TD

include "PaddleDNN/Dialect/PDNN/IR/PDNNBase.td"
include "mlir/IR/TensorEncoding.td"

def PDNN_PackedEncodingAttr
    : PDNN_Attr<"PackedEncoding", "packed",
                [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "oneDNN packed sparse encoding of a K x N weight tensor";
  let description = [{
    Marks a 2-D weight tensor as stored in oneDNN's experimental *packed*
    sparse encoding: the dense K x N tensor is first laid out in the blocked
    `format` (a oneDNN format tag over dimensions `a` = K and `b` = N, e.g.
    `BA16a64b4a`), then every block drops its zeros. Three buffers hold it:
    the non-zero `values`, one int64 `offset` per block into `values`, and a
    `bitmask` with one bit per dense element, which is what `VPEXPAND*`
    consumes to decompress a block in registers.

    The encoding does not change what the tensor *is*: every op that reads a
    `tensor<KxNxsi8, #pdnn.packed<...>>` sees the same K x N values as the
    dense tensor. `nnz` is the number of non-zeros when known.

    ```mlir
    tensor<256x512xsi8, #pdnn.packed<"BA16a64b4a", nnz = 13107>>
    ```

    oneDNN's matmul takes packed `s8` weights only; PaddleDNN's own
    decompress-and-multiply kernels also take `bf16` and `f32`.
  }];
  let parameters = (ins
    StringRefParameter<"oneDNN blocked format tag">:$format,
    DefaultValuedParameter<"int64_t", "::mlir::ShapedType::kDynamic",
                           "number of non-zero values">:$nnz);
  let assemblyFormat = "`<` $format (`,` `nnz` `=` $nnz^)? `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Number of elements in one block of `format` (product of inner blocks).
    int64_t getBlockSize() const;
    /// Extent of one block along dimension `dim` (0 = a = K, 1 = b = N).
    int64_t getBlockExtent(unsigned dim) const;
  }];
}

#endif // PADDLEDNN_DIALECT_PDNN_IR_PDNNATTRS_TD
