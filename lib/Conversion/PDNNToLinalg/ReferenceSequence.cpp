//===- ReferenceSequence.cpp - lookup_table and crf_decoding as loops -----===//
//
// oneDNN 2.6 has neither a gather nor a Viterbi primitive, so both backends
// run these generated loops. lookup_table is one linalg.generic that reads
// the table row named by each id; crf_decoding is Paddle's Viterbi recursion
// per sequence of the LoD, as scf loops on tensors.
//
//===----------------------------------------------------------------------===//

#include "PDNNToLinalg.h"

#include "../Utils/LoDBuilders.h"
#include "../Utils/RuntimeChecks.h"
#include "../Utils/TensorBuilders.h"
#include "LinalgBuilders.h"
#include "QuantizationBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

#include <cfloat>

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// Out[i, :] = W[Ids[i], :], zeros for padding_idx and for ids outside the
/// table (reported: Paddle's kernel refuses them).
template <typename OpTy>
struct LookupTableToLinalg : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    constexpr bool idsEndInOne = std::is_same_v<OpTy, LookupTableOp>;
    Value ids = flatten(rewriter, loc, op.getIds());
    Value table = op.getW();
    Type element = op.getW().getType().getElementType();
    Type i64 = rewriter.getI64Type();
    Value zero = indexConstant(rewriter, loc, 0), one = indexConstant(rewriter, loc, 1);
    Value count = getSize(rewriter, loc, ids, 0);
    Value rows = getSize(rewriter, loc, table, 0);
    Value rows64 = arith::IndexCastOp::create(rewriter, loc, i64, rows);
    Value padding = arith::ConstantIntOp::create(rewriter, loc, i64, op.getPaddingIdx());
    Value zero64 = arith::ConstantIntOp::create(rewriter, loc, i64, 0);
    auto usable = [&](OpBuilder &b, Location l, Value id) {
      Value inRange = arith::AndIOp::create(
          b, l, arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, id, zero64),
          arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, id, rows64));
      Value padded = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, id, padding);
      return std::make_pair(inRange, padded);
    };
    // The first id outside [0, V) that is not the padding row, if any.
    Value noBad = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
    auto scan = scf::ForOp::create(
        rewriter, loc, zero, count, one, ValueRange{noBad, zero64},
        [&](OpBuilder &b, Location l, Value i, ValueRange state) {
          Value id = tensor::ExtractOp::create(b, l, ids, ValueRange{i});
          auto [inRange, padded] = usable(b, l, id);
          Value ok = arith::OrIOp::create(b, l, inRange, padded);
          Value firstBad = arith::AndIOp::create(
              b, l, state[0], arith::XOrIOp::create(b, l, ok, noBad));
          scf::YieldOp::create(
              b, l,
              ValueRange{arith::AndIOp::create(b, l, state[0], ok),
                         arith::SelectOp::create(b, l, firstBad, id, state[1])});
        });
    reportUnless(rewriter, loc, scan.getResult(0),
                 "lookup_table: id {0} is outside [0, {1}), the rows of W",
                 arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(),
                                            scan.getResult(1)),
                 rows);
    OpFoldResult width = tensor::getMixedSize(rewriter, loc, table, 1);
    OpFoldResult n = tensor::getMixedSize(rewriter, loc, ids, 0);
    Value init = createEmpty(rewriter, loc, {n, width}, element);
    MLIRContext *context = rewriter.getContext();
    auto gathered = linalg::GenericOp::create(
        rewriter, loc, init.getType(), ValueRange{}, ValueRange{init},
        ArrayRef<AffineMap>{AffineMap::getMultiDimIdentityMap(2, context)},
        SmallVector<utils::IteratorType>(2, utils::IteratorType::parallel),
        [&](OpBuilder &b, Location l, ValueRange) {
          Value i = linalg::IndexOp::create(b, l, 0);
          Value e = linalg::IndexOp::create(b, l, 1);
          Value id = tensor::ExtractOp::create(b, l, ids, ValueRange{i});
          auto [inRange, padded] = usable(b, l, id);
          Value take = arith::AndIOp::create(
              b, l, inRange, arith::XOrIOp::create(
                                 b, l, padded, arith::ConstantIntOp::create(b, l, 1, 1)));
          Value row = arith::IndexCastOp::create(
              b, l, b.getIndexType(), arith::SelectOp::create(b, l, take, id, zero64));
          // An empty table has no row 0 to read: never read it then.
          auto read = scf::IfOp::create(
              b, l, take,
              [&](OpBuilder &tb, Location tl) {
                scf::YieldOp::create(tb, tl, Value(tensor::ExtractOp::create(
                                                 tb, tl, table, ValueRange{row, e})));
              },
              [&](OpBuilder &eb, Location el) {
                scf::YieldOp::create(eb, el, floatConstant(eb, el, element, 0.0));
              });
          linalg::YieldOp::create(b, l, read.getResult(0));
        });
    SmallVector<OpFoldResult> outSizes = getSizes(rewriter, loc, op.getIds());
    if (idsEndInOne)
      outSizes.pop_back();
    outSizes.push_back(width);
    replaceOpWithCasts(rewriter, op,
                       reshapeTo(rewriter, loc, gathered.getResult(0), outSizes));
    return success();
  }
};

/// Paddle's Viterbi decoding (crf_decoding_op.h), per sequence of the LoD:
/// scores start at -FLT_MAX and a later index wins only with a strictly
/// greater score, so ties (and NaN) pick the smallest index.
struct CrfDecodingToLoops : public OpRewritePattern<CrfDecodingOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CrfDecodingOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type(), i64 = rewriter.getI64Type();
    Type index = rewriter.getIndexType();
    Value x = castFloat(rewriter, loc, op.getEmission(), f32);
    Value w = castFloat(rewriter, loc, op.getTransition(), f32);
    Value zero = indexConstant(rewriter, loc, 0), one = indexConstant(rewriter, loc, 1);
    Value two = indexConstant(rewriter, loc, 2);
    Value steps = getSize(rewriter, loc, x, 0);
    // Transition must be [K + 2, K]; a mismatch is reported and no tag
    // column is read (K = 0).
    OpFoldResult tagsFold = guardEqual(
        rewriter, loc, tensor::getMixedSize(rewriter, loc, w, 1),
        tensor::getMixedSize(rewriter, loc, x, 1),
        "crf_decoding: Transition has {0} columns, Emission {1} tags");
    Value tags = getValueOrCreateConstantIndexOp(rewriter, loc, tagsFold);
    Value wRows = getSize(rewriter, loc, w, 0);
    Value rowsOk = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, wRows,
                                         arith::AddIOp::create(rewriter, loc, tags, two));
    reportUnless(rewriter, loc, rowsOk,
                 "crf_decoding: Transition has {0} rows, it must have {1} (tags + 2)",
                 wRows, arith::AddIOp::create(rewriter, loc, tags, two));
    tags = arith::SelectOp::create(rewriter, loc, rowsOk, tags, zero);
    CheckedLoD lod = checkLoD(rewriter, loc, op.getLod(), steps);
    Value lowest = floatConstant(rewriter, loc, f32, -FLT_MAX);

    OpFoldResult stepsFold = tensor::getMixedSize(rewriter, loc, x, 0);
    Value path0 = createFilled(rewriter, loc, {stepsFold, rewriter.getIndexAttr(1)}, i64, 0);
    Value track0 = createFilled(rewriter, loc, {stepsFold, OpFoldResult(tags)}, index, 0);
    Value alpha0 = createFilled(rewriter, loc, {OpFoldResult(tags)}, f32, 0);

    // best_{i}(alpha[i] + w[row(i)][j]) over i < K: (score, i).
    auto argmax = [&](OpBuilder &b, Location l, function_ref<Value(OpBuilder &, Location, Value)> score) {
      auto loop = scf::ForOp::create(
          b, l, zero, tags, one, ValueRange{lowest, zero},
          [&](OpBuilder &lb, Location ll, Value i, ValueRange best) {
            Value s = score(lb, ll, i);
            Value better = arith::CmpFOp::create(lb, ll, arith::CmpFPredicate::OGT, s, best[0]);
            scf::YieldOp::create(
                lb, ll, ValueRange{arith::SelectOp::create(lb, ll, better, s, best[0]),
                                   arith::SelectOp::create(lb, ll, better, i, best[1])});
          });
      return std::make_pair(loop.getResult(0), loop.getResult(1));
    };
    auto at = [](OpBuilder &b, Location l, Value t, ValueRange idx) -> Value {
      return tensor::ExtractOp::create(b, l, t, idx);
    };

    auto perSequence = scf::ForOp::create(
        rewriter, loc, zero, lod.sequences, one, ValueRange{path0, track0, alpha0},
        [&](OpBuilder &b, Location l, Value s, ValueRange carried) {
          Value start = lodOffset(b, l, op.getLod(), s);
          Value end = lodOffset(b, l, op.getLod(), arith::AddIOp::create(b, l, s, one));
          Value nonEmpty = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, start, end);
          auto ifNonEmpty = scf::IfOp::create(
              b, l, nonEmpty,
              [&](OpBuilder &tb, Location tl) {
                // alpha_0[j] = start[j] + x_0[j]
                auto first = scf::ForOp::create(
                    tb, tl, zero, tags, one, ValueRange{carried[2]},
                    [&](OpBuilder &fb, Location fl, Value j, ValueRange a) {
                      Value v = arith::AddFOp::create(fb, fl, at(fb, fl, w, {zero, j}),
                                                      at(fb, fl, x, {start, j}));
                      scf::YieldOp::create(fb, fl, Value(tensor::InsertOp::create(
                                                       fb, fl, v, a[0], ValueRange{j})));
                    });
                // alpha_k[j] = max_i(alpha_{k-1}[i] + w[i+2][j]) + x_k[j]
                auto recur = scf::ForOp::create(
                    tb, tl, arith::AddIOp::create(tb, tl, start, one), end, one,
                    ValueRange{first.getResult(0), carried[1]},
                    [&](OpBuilder &rb, Location rl, Value t, ValueRange st) {
                      Value previous = st[0];
                      auto cols = scf::ForOp::create(
                          rb, rl, zero, tags, one,
                          ValueRange{createEmpty(rb, rl, {OpFoldResult(tags)}, f32), st[1]},
                          [&](OpBuilder &cb, Location cl, Value j, ValueRange ct) {
                            auto [score, from] = argmax(cb, cl, [&](OpBuilder &ib, Location il, Value i) -> Value {
                              return arith::AddFOp::create(
                                  ib, il, at(ib, il, previous, {i}),
                                  at(ib, il, w, {arith::AddIOp::create(ib, il, i, two), j}));
                            });
                            Value v = arith::AddFOp::create(cb, cl, score, at(cb, cl, x, {t, j}));
                            scf::YieldOp::create(
                                cb, cl,
                                ValueRange{tensor::InsertOp::create(cb, cl, v, ct[0], ValueRange{j}),
                                           tensor::InsertOp::create(cb, cl, from, ct[1],
                                                                    ValueRange{t, j})});
                          });
                      scf::YieldOp::create(rb, rl, cols.getResults());
                    });
                Value alpha = recur.getResult(0), track = recur.getResult(1);
                // The last tag maximises alpha + end; then follow the track back.
                auto [unused, last] = argmax(tb, tl, [&](OpBuilder &ib, Location il, Value i) -> Value {
                  return arith::AddFOp::create(ib, il, at(ib, il, alpha, {i}),
                                               at(ib, il, w, {one, i}));
                });
                (void)unused;
                Value lastRow = arith::SubIOp::create(tb, tl, end, one);
                Value path = tensor::InsertOp::create(
                    tb, tl, arith::IndexCastOp::create(tb, tl, i64, last), carried[0],
                    ValueRange{lastRow, zero});
                Value length = arith::SubIOp::create(tb, tl, end, start);
                auto back = scf::ForOp::create(
                    tb, tl, one, length, one, ValueRange{path, last},
                    [&](OpBuilder &kb, Location kl, Value k, ValueRange bt) {
                      // row = end - k: path[row - 1] = track[row][path[row]]
                      Value row = arith::SubIOp::create(kb, kl, end, k);
                      Value prev = at(kb, kl, track, {row, bt[1]});
                      Value p = tensor::InsertOp::create(
                          kb, kl, arith::IndexCastOp::create(kb, kl, i64, prev), bt[0],
                          ValueRange{arith::SubIOp::create(kb, kl, row, one), zero});
                      scf::YieldOp::create(kb, kl, ValueRange{p, prev});
                    });
                scf::YieldOp::create(tb, tl, ValueRange{back.getResult(0), track, alpha});
              },
              [&](OpBuilder &eb, Location el) { scf::YieldOp::create(eb, el, carried); });
          scf::YieldOp::create(b, l, ifNonEmpty.getResults());
        });
    Value path = perSequence.getResult(0);
    if (Value label = op.getLabel()) {
      // With Label, Paddle marks where the decoded tag is the label.
      Value checked = sliceTo(rewriter, loc, label,
                              guardEqualSizes(rewriter, loc, label, path));
      path = buildMapLike(
          rewriter, loc, ValueRange{sliceTo(rewriter, loc, path, getSizes(rewriter, loc, checked)),
                                    checked},
          checked, i64, [&](OpBuilder &b, Location l, ValueRange v) -> Value {
            Value same = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, v[0], v[1]);
            return arith::ExtUIOp::create(b, l, i64, same);
          });
    }
    replaceOpWithCasts(rewriter, op, path);
    return success();
  }

  static SmallVector<OpFoldResult> guardEqualSizes(OpBuilder &b, Location loc,
                                                   Value label, Value path) {
    return {guardEqual(b, loc, tensor::getMixedSize(b, loc, label, 0),
                       tensor::getMixedSize(b, loc, path, 0),
                       "crf_decoding: Label has {0} rows, Emission {1}"),
            b.getIndexAttr(1)};
  }
};

} // namespace

void mlir::pdnn::populateSequenceToLoopsPatterns(RewritePatternSet &patterns) {
  patterns.add<LookupTableToLinalg<LookupTableOp>, LookupTableToLinalg<LookupTableV2Op>,
               CrfDecodingToLoops>(patterns.getContext());
}
