#!/usr/bin/python3
"""Prints a pdnn module of about --ops operations for timing the graph passes.

The module repeats one block of a tagger-like network: mul + elementwise_add
feeding gru (which --fuse-fc-gru fuses), then an activation chain and a
residual add (which --inplace runs in place), each block feeding the next.
"""
import argparse

BLOCK = """\
  %m{i} = pdnn.mul %h{p}, %w : (tensor<?x16xf32>, tensor<16x48xf32>) -> tensor<?x48xf32>
  %a{i} = pdnn.elementwise_add %m{i}, %b : (tensor<?x48xf32>, tensor<48xf32>) -> tensor<?x48xf32>
  %g{i}:4 = pdnn.gru Input(%a{i}) lod(%lod) Weight(%gw) Bias(%gb) : (tensor<?x48xf32>, tensor<?xi64>, tensor<16x48xf32>, tensor<1x48xf32>) -> (tensor<?x16xf32>, tensor<?x48xf32>, tensor<?x16xf32>, tensor<?x16xf32>)
  %r{i} = pdnn.relu %g{i}#0 : tensor<?x16xf32>
  %t{i} = pdnn.tanh %r{i} : tensor<?x16xf32>
  %s{i} = pdnn.softmax %t{i} : tensor<?x16xf32>
  %e{i} = pdnn.elementwise_add %s{i}, %x : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  %c{i} = pdnn.scale %e{i} {{scale = 5.000000e-01 : f32}} : tensor<?x16xf32> -> tensor<?x16xf32>
  %h{i} = pdnn.sigmoid %c{i} : tensor<?x16xf32>
"""
OPS_PER_BLOCK = 9


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ops", type=int, default=100000)
    args = parser.parse_args()
    blocks = max(1, args.ops // OPS_PER_BLOCK)
    out = [
        "func.func @large(%x: tensor<?x16xf32>, %lod: tensor<?xi64>) -> tensor<?x16xf32> {",
        "  %w = arith.constant dense<0.01> : tensor<16x48xf32>",
        "  %b = arith.constant dense<0.1> : tensor<48xf32>",
        "  %gw = arith.constant dense<0.02> : tensor<16x48xf32>",
        "  %gb = arith.constant dense<0.2> : tensor<1x48xf32>",
        "  %h0 = pdnn.relu %x : tensor<?x16xf32>",
    ]
    for i in range(1, blocks + 1):
        out.append(BLOCK.format(i=i, p=i - 1).rstrip("\n"))
    out.append(f"  return %h{blocks} : tensor<?x16xf32>")
    out.append("}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
