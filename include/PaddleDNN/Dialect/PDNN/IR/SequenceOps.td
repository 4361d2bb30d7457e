//===- SequenceOps.td - embeddings and sequence decoding ---*- tablegen -*-===//
//
// lookup_table, lookup_table_v2, crf_decoding.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_SEQUENCEOPS_TD
#define PADDLEDNN_DIALECT_PDNN_IR_SEQUENCEOPS_TD

include "PaddleDNN/Dialect/PDNN/IR/PDNNOpBase.td"

//===----------------------------------------------------------------------===//
// Embeddings and sequence decoding
//===----------------------------------------------------------------------===//

class PDNN_LookupTableBase<string mnemonic> : PDNN_Op<mnemonic, [Pure]> {
  let arguments = (ins PDNN_IndexTensor:$Ids, PDNN_FloatTensor:$W,
    PDNN_I64<"-1">:$padding_idx);
  let results = (outs PDNN_FloatTensor:$Out);
  let assemblyFormat = [{
    `Ids` `(` $Ids `)` `W` `(` $W `)` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def PDNN_LookupTableOp : PDNN_LookupTableBase<"lookup_table"> {
  let summary = "Paddle `lookup_table`: the rows of W named by Ids [..., 1]";
  let description = [{
    W is the V x E table. Ids (i64) ends in a dimension of 1; Out has Ids'
    shape with that 1 replaced by E. Row i of Out is W[Ids[i]], or zeros
    when Ids[i] equals `padding_idx` (-1 means no padding row, as Paddle's
    `kNoPadding`). An id outside [0, V) is an error at run time (the row
    is zeros then), as Paddle's kernel enforces.
  }];
}

def PDNN_LookupTableV2Op : PDNN_LookupTableBase<"lookup_table_v2"> {
  let summary = "Paddle `lookup_table_v2` (`embedding`): the rows of W named by Ids";
  let description = [{
    As `lookup_table`, except that Ids may have any shape and Out is
    Ids' shape followed by E.
  }];
}

def PDNN_CrfDecodingOp : PDNN_Op<"crf_decoding", [Pure]> {
  let summary = "Paddle `crf_decoding`: Viterbi decoding of a linear-chain CRF";
  let description = [{
    Emission is T x K (K tags) packed by `lod` (N+1 offsets). Transition is
    (K+2) x K: row 0 the start weights, row 1 the end weights, rows 2..K+1
    the weight w[i][j] of tag i followed by tag j. For each sequence of
    length L (steps 0..L-1):

        alpha_0[j] = start[j] + x_0[j]
        alpha_k[j] = max_i (alpha_{k-1}[i] + w[i][j]) + x_k[j]
        last       = argmax_j (alpha_{L-1}[j] + end[j])

    then the path is traced back through the maximising i of each step.
    Ties pick the smallest index, as Paddle's kernel (a strict `>` scan).
    ViterbiPath (T x 1, i64, Emission's LoD) holds the tags; with `Label`
    (T x 1) it holds 1 where the tag equals the label and 0 elsewhere.
    Paddle's padded form (`Length` instead of a LoD) is not modelled.
  }];
  let arguments = (ins PDNN_FloatTensor:$Emission, PDNN_FloatTensor:$Transition,
    Optional<PDNN_IndexTensor>:$Label, PDNN_LoDTensor:$lod);
  let results = (outs PDNN_IndexTensor:$ViterbiPath);
  let assemblyFormat = [{
    `Emission` `(` $Emission `)` `Transition` `(` $Transition `)`
    (`Label` `(` $Label^ `)`)? `lod` `(` $lod `)` attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // PADDLEDNN_DIALECT_PDNN_IR_SEQUENCEOPS_TD
