// Options are enums parsed in one place: a wrong value is an error that
// lists the accepted ones, in --pdnn-lower, in the passes and in pdnn-run.
// RUN: not pdnn-opt %s --pdnn-lower="backend=onenn" 2>&1 | FileCheck %s --check-prefix=BACKEND
// RUN: not pdnn-opt %s --pdnn-lower="gru-batching=sorted" 2>&1 | FileCheck %s --check-prefix=BATCHING
// RUN: not pdnn-opt %s --pdnn-explain-backend="backend=onenn" 2>&1 | FileCheck %s --check-prefix=BACKEND
// RUN: not pdnn-run %s --backend=onenn 2>&1 | FileCheck %s --check-prefix=BACKEND
// RUN: not pdnn-run %s --gru-batching=sorted 2>&1 | FileCheck %s --check-prefix=BATCHING
// BACKEND: for the --backend option: 'onenn' is not a valid value; expected one of: onednn, reference
// BATCHING: for the --gru-batching option: 'sorted' is not a valid value; expected one of: length-sorted, padded
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
