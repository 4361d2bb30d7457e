// Paddle's mkldnn_inplace_pass_tester graphs, in SSA (an fc stands in for
// conv2d as the producer). Paddle enables one op type per test; so does
// --inplace="op-types=...". Where our count differs from Paddle's, the
// comment says why: Paddle's names are not SSA values, so it must be more
// conservative than the program requires.
//
// RUN: pdnn-opt %s --inplace | FileCheck %s --check-prefix=ALL
// RUN: pdnn-opt %s --inplace="op-types=softmax" | FileCheck %s --check-prefix=SOFTMAX
// RUN: pdnn-opt %s --inplace="op-types=elementwise_add" | FileCheck %s --check-prefix=ADD
// RUN: pdnn-opt %s --inplace="op-types=tanh" | FileCheck %s --check-prefix=TANH
// RUN: pdnn-opt %s --inplace="op-types=leaky_relu" | FileCheck %s --check-prefix=LEAKY
// RUN: pdnn-opt %s --inplace --remarks-filter=inplace --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// The chain conv -> relu -> softmax -> elementwise_add -> relu -> tanh ->
// relu -> leaky_relu -> gelu. Every intermediate has one reader, so with all
// op types enabled all 8 run in place, sharing conv's buffer:
//   relu 3, softmax 1, elementwise_add 1, tanh 1, leaky_relu 1, gelu 1.
// ALL-LABEL: func @chain
// ALL: pdnn.fc
// ALL-NEXT: pdnn.relu %{{.*}} {pdnn.inplace}
// ALL-NEXT: pdnn.softmax %{{.*}} {pdnn.inplace}
// ALL-NEXT: pdnn.elementwise_add %{{.*}}, %{{.*}} {pdnn.inplace}
// ALL-NEXT: pdnn.relu %{{.*}} {pdnn.inplace}
// ALL-NEXT: pdnn.tanh %{{.*}} {pdnn.inplace}
// ALL-NEXT: pdnn.relu %{{.*}} {pdnn.inplace}
// ALL-NEXT: pdnn.leaky_relu %{{.*}} {pdnn.inplace}
// ALL-NEXT: pdnn.gelu %{{.*}} {pdnn.inplace}
//
// Paddle's single-type tests on this graph:
// - inplace_softmax: 1, as in Paddle.
// SOFTMAX-LABEL: func @chain
// SOFTMAX: pdnn.softmax %{{.*}} {pdnn.inplace}
// - inplace_elementwise_add: 1. Paddle's newest pass says 0 only because it
//   dropped elementwise_add from its list (its older tester expected 1);
//   oneDNN's binary primitive runs with dst == src0.
// ADD-LABEL: func @chain
// ADD: pdnn.elementwise_add %{{.*}}, %{{.*}} {pdnn.inplace}
// - inplace_tanh: 1, as in Paddle.
// TANH-LABEL: func @chain
// TANH: pdnn.tanh %{{.*}} {pdnn.inplace}
// - inplace_leaky_relu: 1 where Paddle says 0. Paddle's gelu writes its output
//   into the variable m that leaky_relu reads, so "m is used elsewhere"; in
//   SSA gelu defines a new value and leaky_relu's input has one reader.
// LEAKY-LABEL: func @chain
// LEAKY: pdnn.leaky_relu %{{.*}} {pdnn.inplace}
func.func @chain(%a: tensor<2x8xf32>, %weights: tensor<8x8xf32>, %bias: tensor<8xf32>, %i: tensor<2x8xf32>)
    -> tensor<2x8xf32> {
  %f = pdnn.fc Input(%a) W(%weights) Bias(%bias) : (tensor<2x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  %g = pdnn.relu %f : tensor<2x8xf32>
  %h = pdnn.softmax %g : tensor<2x8xf32>
  %j = pdnn.elementwise_add %h, %i : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %k = pdnn.relu %j : tensor<2x8xf32>
  %l = pdnn.tanh %k : tensor<2x8xf32>
  %m = pdnn.relu %l : tensor<2x8xf32>
  %n = pdnn.leaky_relu %m : tensor<2x8xf32>
  %m2 = pdnn.gelu %n : tensor<2x8xf32>
  return %m2 : tensor<2x8xf32>
}

// The branched variant: a second softmax reads relu's output g at the end.
// With all op types: softmax1 may not overwrite g, which softmax2 reads
// later; softmax2 may, since its other reader softmax1 already ran (Paddle
// refuses both: "g is an input of two operators"). Counts:
//   relu 3, softmax 1 (softmax2), elementwise_add 1, tanh 1, leaky_relu 1, gelu 1.
// ALL-LABEL: func @branched
// ALL: pdnn.fc
// ALL-NEXT: pdnn.relu %{{.*}} {pdnn.inplace}
// ALL-NEXT: pdnn.softmax %{{.*}} : tensor<2x8xf32>
// ALL-NEXT: pdnn.elementwise_add %{{.*}}, %{{.*}} {pdnn.inplace}
// ALL-NEXT: pdnn.relu %{{.*}} {pdnn.inplace}
// ALL-NEXT: pdnn.tanh %{{.*}} {pdnn.inplace}
// ALL-NEXT: pdnn.relu %{{.*}} {pdnn.inplace}
// ALL-NEXT: pdnn.leaky_relu %{{.*}} {pdnn.inplace}
// ALL-NEXT: pdnn.gelu %{{.*}} {pdnn.inplace}
// ALL-NEXT: pdnn.softmax %{{.*}} {pdnn.inplace}
// - inplace_softmax_branched: 1 (softmax2) where Paddle says 0, for the
//   reason above.
// SOFTMAX-LABEL: func @branched
// SOFTMAX: pdnn.softmax %{{.*}} : tensor<2x8xf32>
// SOFTMAX: pdnn.softmax %{{.*}} {pdnn.inplace}
// REMARK: remark: [Missed] NotInPlace | Category:inplace | Reason="the input's buffer is read later, by 'pdnn.softmax'"
// The module holds both graphs: 8 + 8 ops in place.
// REMARK: Category:inplace | inplace-ops=16
func.func @branched(%a: tensor<2x8xf32>, %weights: tensor<8x8xf32>, %bias: tensor<8xf32>, %i: tensor<2x8xf32>)
    -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %f = pdnn.fc Input(%a) W(%weights) Bias(%bias) : (tensor<2x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  %g = pdnn.relu %f : tensor<2x8xf32>
  %h = pdnn.softmax %g : tensor<2x8xf32>
  %j = pdnn.elementwise_add %h, %i : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %k = pdnn.relu %j : tensor<2x8xf32>
  %l = pdnn.tanh %k : tensor<2x8xf32>
  %m = pdnn.relu %l : tensor<2x8xf32>
  %n = pdnn.leaky_relu %m : tensor<2x8xf32>
  %m2 = pdnn.gelu %n : tensor<2x8xf32>
  %z = pdnn.softmax %g : tensor<2x8xf32>
  return %m2, %z : tensor<2x8xf32>, tensor<2x8xf32>
}
