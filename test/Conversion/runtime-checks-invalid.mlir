// What no lowering can express is a located error that says why.
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-linalg -verify-diagnostics

func.func @dynamic_frame(%x: tensor<?x?xf32>, %lod: tensor<?xi64>, %wx: tensor<?x?xf32>, %wh: tensor<?x?xf32>)
    -> tensor<?x?xf32> {
  // expected-error @below {{'pdnn.fusion_gru' op has no lowering for this configuration: the frame size D is dynamic in every operand and result; give WeightH a static type}}
  %h:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<?x?xf32>, tensor<?xi64>, tensor<?x?xf32>, tensor<?x?xf32>)
     -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %h#0 : tensor<?x?xf32>
}
