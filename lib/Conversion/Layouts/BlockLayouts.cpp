//===- BlockLayouts.cpp - --pdnnrt-block-layouts --------------------------===//
//
// Chooses, per runtime call of the convolution family, whether its images
// are blocked (nChw8c / nChw16c as rank-5 tensors), in one forward walk:
// convolutions start blocked subgraphs, the calls that keep a layout
// continue them, everything else ends them. Then every chosen call is
// rebuilt on its blocked operands, and `pdnnrt.relayout` calls convert at
// the edges, once per value: a blocked value gets one plain copy for all
// its plain readers, a plain value one blocked copy for all its blocked
// readers. An int8 or bf16 convolution's images are nhwc instead, the one
// layout oneDNN's int8 kernels take: one block of all the channels,
// [N, 1, H, W, C]; the calls that continue its subgraph keep that.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Conversion/Passes.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_PDNNRTBLOCKLAYOUTS
#include "PaddleDNN/Conversion/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// Channels a convolution's image needs to be worth blocking: fewer stay
/// plain (an RGB input, a one-channel probability map), as oneDNN's own
/// `any` choice keeps them.
constexpr int64_t kMinBlockedChannels = 4;

static RankedTensorType imageType(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type || type.getRank() != 4)
    return nullptr;
  Type element = type.getElementType();
  return element.isF32() || element.isBF16() || element.isInteger(8) ? type : nullptr;
}

/// int8 and bf16 images, which are nhwc when converted: oneDNN's int8
/// kernels take no other layout, and nhwc is its AMX kernels' layout.
static bool isLowPrecision(Value v) {
  Type element = getElementTypeOrSelf(v.getType());
  return element.isInteger(8) || element.isBF16();
}

/// A leading window of an image: extract_slice at offset 0 with unit
/// strides (what a lowering's run-time check of sizes leaves).
static tensor::ExtractSliceOp leadingSlice(Value v) {
  auto slice = v.getDefiningOp<tensor::ExtractSliceOp>();
  if (!slice || !imageType(slice.getSource()) || !imageType(v))
    return {};
  bool leading = llvm::all_of(slice.getMixedOffsets(),
                              [](OpFoldResult o) { return isConstantIntValue(o, 0); }) &&
                 llvm::all_of(slice.getMixedStrides(),
                              [](OpFoldResult s) { return isConstantIntValue(s, 1); });
  // The channels stay whole: blocks cannot be cut.
  int64_t c = cast<RankedTensorType>(v.getType()).getDimSize(1);
  return leading && c == slice.getSourceType().getDimSize(1) ? slice
                                                             : tensor::ExtractSliceOp();
}

/// Looks through tensor.cast and leading slices: the image a view starts
/// from.
static Value throughCasts(Value v) {
  while (true) {
    if (auto cast = v.getDefiningOp<tensor::CastOp>())
      v = cast.getSource();
    else if (tensor::ExtractSliceOp slice = leadingSlice(v))
      v = slice.getSource();
    else
      return v;
  }
}

class BlockLayouts {
public:
  BlockLayouts(Operation *root, int64_t block)
      : root(root), block(block), rewriter(root->getContext()) {}

  void run();

private:
  /// Whether `op` runs blocked, given what was decided before it.
  bool decide(Operation *op);
  /// Rebuilds a chosen op on blocked operands.
  void rebuild(Operation *op);

  bool isBlocked(Value v) const { return converted.count(throughCasts(v)); }
  /// The block of converted value `v` (its channels when nhwc).
  int64_t blockOf(Value v) const {
    return cast<RankedTensorType>(converted.lookup(throughCasts(v)).getType())
        .getDimSize(4);
  }
  /// Whether `v` is converted to nhwc: a low-precision image (whatever its
  /// channels), or one not blocked by the f32 block.
  bool isNhwc(Value v) const {
    return isBlocked(v) && (isLowPrecision(v) || blockOf(v) != block);
  }
  /// Whether call `op` runs nhwc: an int8 or bf16 (de)convolution, or a
  /// call whose (first) source is nhwc, as an int8 convolution's f32 result
  /// is.
  bool runsNhwc(Operation *op) const {
    if (isa<pdnnrt::ConvolutionOp, pdnnrt::DeconvolutionOp>(op) &&
        isLowPrecision(op->getOperand(0)))
      return true;
    return isNhwc(op->getOperand(0));
  }
  int64_t channelsOf(Value v) const {
    RankedTensorType type = imageType(v);
    return type ? type.getDimSize(1) : ShapedType::kDynamic;
  }
  /// The version of image `v` blocked by `b` channels (relayouting a plain
  /// one once); b = 0 takes a converted `v` in whichever layout it has.
  Value blockedVersion(Value v, int64_t channels, int64_t b);
  /// The plain version of `v`: itself, or one relayout of its blocked
  /// version.
  Value plainVersion(Value v);
  /// Erases the casts and leading slices of `v` that nothing but size
  /// queries reads any more (their readers were old calls).
  void dropDeadViews(Value v);
  /// A size query of converted value `old`, answered by its blocked value.
  void replaceDim(tensor::DimOp dim, Value old);
  /// A new tensor blocked by `b`, shaped like plain image `like` (N, H, W,
  /// element type) with `channels`.
  Value emptyBlocked(Location loc, Value like, int64_t channels, int64_t b);

  Operation *root;
  int64_t block;
  IRRewriter rewriter;
  /// Old image values (results of calls chosen to run blocked) -> their
  /// blocked replacements, and their channel counts.
  DenseMap<Value, Value> converted;
  DenseMap<Value, int64_t> convertedChannels;
  /// Blocked copies of plain values (by value and block), and plain copies
  /// of converted ones.
  DenseMap<std::pair<Value, int64_t>, Value> blockedCopies;
  DenseMap<Value, Value> plainCopies;
  SmallVector<Operation *> chosen;
};

Value BlockLayouts::emptyBlocked(Location loc, Value like, int64_t channels, int64_t b) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, like);
  SmallVector<OpFoldResult> blocked{sizes[0], rewriter.getIndexAttr((channels + b - 1) / b),
                                    sizes[2], sizes[3], rewriter.getIndexAttr(b)};
  return tensor::EmptyOp::create(rewriter, loc, blocked, getElementTypeOrSelf(like.getType()));
}

Value BlockLayouts::blockedVersion(Value v, int64_t channels, int64_t b) {
  if (auto cast = v.getDefiningOp<tensor::CastOp>())
    if (imageType(cast.getSource()))
      return blockedVersion(cast.getSource(), channels, b);
  // A converted value in another layout than `b` goes through plain.
  if (b != 0 && isBlocked(v) && blockOf(v) != b)
    return blockedVersion(plainVersion(v), channels, b);
  if (tensor::ExtractSliceOp slice = leadingSlice(v)) {
    if (isBlocked(slice.getSource())) {
      // The same window of the blocked image.
      Value source = blockedVersion(slice.getSource(), channels, b);
      int64_t sourceBlock = cast<RankedTensorType>(source.getType()).getDimSize(4);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointAfterValue(v);
      SmallVector<OpFoldResult> sizes = slice.getMixedSizes();
      SmallVector<OpFoldResult> blockedSizes{
          sizes[0], rewriter.getIndexAttr((channels + sourceBlock - 1) / sourceBlock),
          sizes[2], sizes[3], rewriter.getIndexAttr(sourceBlock)};
      SmallVector<OpFoldResult> zeros(5, rewriter.getIndexAttr(0)),
          ones(5, rewriter.getIndexAttr(1));
      return tensor::ExtractSliceOp::create(rewriter, slice.getLoc(), source, zeros,
                                            blockedSizes, ones);
    }
  }
  Value origin = v;
  if (Value b = converted.lookup(origin))
    return b;
  if (b == 0)
    b = block;
  if (Value copy = blockedCopies.lookup({v, b}))
    return copy;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfterValue(v);
  Location loc = v.getLoc();
  Value dst = emptyBlocked(loc, v, channels, b);
  Value copy = pdnnrt::RelayoutOp::create(rewriter, loc, TypeRange{dst.getType()},
                                          v, dst)
                   .getResult(0);
  blockedCopies[{v, b}] = copy;
  return copy;
}

Value BlockLayouts::plainVersion(Value v) {
  Value origin = throughCasts(v);
  Value b = converted.lookup(origin);
  if (!b)
    return v;
  if (Value p = plainCopies.lookup(origin))
    return p;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfterValue(b);
  Location loc = origin.getLoc();
  // The old value's sizes: N, H, W from the blocked one (the old op goes),
  // C as the conversion recorded it; then the old value's type.
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, b);
  SmallVector<OpFoldResult> plainSizes{sizes[0],
                                       rewriter.getIndexAttr(convertedChannels.lookup(origin)),
                                       sizes[2], sizes[3]};
  auto blockedType = cast<RankedTensorType>(b.getType());
  Value p;
  if (blockedType.getDimSize(1) == 1 && blockedType.getDimSize(4) == 1) {
    // One channel nhwc is its nchw: the same bytes, no copy.
    p = tensor::CollapseShapeOp::create(rewriter, loc, b,
                                        ArrayRef<ReassociationIndices>{{0}, {1}, {2}, {3, 4}});
  } else {
    Value dst = tensor::EmptyOp::create(rewriter, loc, plainSizes, blockedType.getElementType());
    p = pdnnrt::RelayoutOp::create(rewriter, loc, TypeRange{dst.getType()}, b, dst).getResult(0);
  }
  if (p.getType() != origin.getType())
    p = tensor::CastOp::create(rewriter, loc, origin.getType(), p);
  plainCopies[origin] = p;
  return p;
}

bool BlockLayouts::decide(Operation *op) {
  auto staticChannels = [&](Value v) {
    int64_t c = channelsOf(v);
    return !ShapedType::isDynamic(c);
  };
  if (auto conv = dyn_cast<pdnnrt::ConvolutionOp>(op)) {
    if (conv.getChannelsLast() || !imageType(conv.getSrc()) ||
        !imageType(conv.getDst()))
      return false;
    // nhwc whatever the channels: int8 kernels take no other layout, and an
    // nhwc input of few output channels is their nchw already.
    if (runsNhwc(conv))
      return true;
    return cast<RankedTensorType>(conv.getWeights().getType()).getDimSize(0) >=
           kMinBlockedChannels;
  }
  if (auto deconv = dyn_cast<pdnnrt::DeconvolutionOp>(op)) {
    if (deconv.getChannelsLast())
      return false;
    if (runsNhwc(deconv))
      return true;
    auto w = cast<RankedTensorType>(deconv.getWeights().getType());
    return w.getDimSize(1) * deconv.getGroups() >= kMinBlockedChannels;
  }
  if (auto pool = dyn_cast<pdnnrt::PoolingOp>(op))
    return !pool.getChannelsLast() && isBlocked(pool.getSrc()) &&
           staticChannels(pool.getSrc());
  if (auto resample = dyn_cast<pdnnrt::ResamplingOp>(op))
    return !resample.getChannelsLast() && isBlocked(resample.getSrc()) &&
           staticChannels(resample.getSrc());
  if (auto norm = dyn_cast<pdnnrt::BatchNormOp>(op))
    return !norm.getChannelsLast() && isBlocked(norm.getSrc()) &&
           staticChannels(norm.getSrc());
  if (auto eltwise = dyn_cast<pdnnrt::EltwiseOp>(op))
    return imageType(eltwise.getSrc()) && isBlocked(eltwise.getSrc()) &&
           staticChannels(eltwise.getSrc());
  if (auto binary = dyn_cast<pdnnrt::BinaryOp>(op)) {
    RankedTensorType src1 = imageType(binary.getSrc1());
    if (!imageType(binary.getSrc0()) || !isBlocked(binary.getSrc0()) || !src1 ||
        !staticChannels(binary.getSrc0()))
      return false;
    // The second source broadcasts over the channels or has them all.
    int64_t c1 = src1.getDimSize(1);
    return c1 == 1 || c1 == channelsOf(binary.getSrc0());
  }
  if (auto sum = dyn_cast<pdnnrt::SumOp>(op)) {
    Value first = sum.getSrc().front();
    return imageType(first) && isBlocked(first) && staticChannels(first);
  }
  // A quantize or dequantize maps elements one by one, whatever their
  // layout: an nhwc image (no padding channels to shift) stays nhwc, so the
  // f32 ops between int8 convolutions run on it too.
  if (auto reorder = dyn_cast<pdnnrt::ReorderOp>(op))
    return imageType(reorder.getSrc()) && imageType(reorder.getDst()) &&
           runsNhwc(reorder) && staticChannels(reorder.getSrc());
  if (auto concat = dyn_cast<pdnnrt::ConcatOp>(op)) {
    if (concat.getAxis() != 1)
      return false;
    // Low-precision images are nhwc: they concatenate along the channels.
    if (isLowPrecision(concat.getSrc().front()))
      return llvm::all_of(concat.getSrc(), [&](Value src) {
        return imageType(src) && isBlocked(src) && staticChannels(src);
      });
    for (Value src : concat.getSrc()) {
      int64_t c = channelsOf(src);
      if (!imageType(src) || !isBlocked(src) || ShapedType::isDynamic(c) ||
          c % block != 0 || blockOf(src) != block)
        return false;
    }
    return true;
  }
  return false;
}

void BlockLayouts::rebuild(Operation *op) {
  rewriter.setInsertionPoint(op);
  Location loc = op->getLoc();
  auto dps = cast<DestinationStyleOpInterface>(op);
  // The call's layout: nhwc for an int8 convolution and for a
  // (de)convolution whose input is nhwc already (an int8 convolution's f32
  // result), blocked by `block` for the other (de)convolutions; the other
  // calls keep their first source's.
  bool nhwc = runsNhwc(op);
  auto blockFor = [&](int64_t channels) { return nhwc ? channels : block; };
  SmallVector<Value> operands;
  for (OpOperand &operand : op->getOpOperands()) {
    Value v = operand.get();
    if (dps.isDpsInit(&operand)) {
      operands.push_back(v); // replaced below
      continue;
    }
    bool image = imageType(v) != nullptr;
    // Convolutions' weights and biases, batch_norm's statistics, the
    // window's index values stay as they are.
    bool data = image && (isa<pdnnrt::PoolingOp, pdnnrt::ResamplingOp,
                                pdnnrt::BatchNormOp, pdnnrt::EltwiseOp,
                                pdnnrt::SumOp, pdnnrt::ConcatOp, pdnnrt::ReorderOp>(op) ||
                          operand.getOperandNumber() == 0);
    if (!data) {
      // A binary's second source: blocked with the first, or reshaped to
      // [n, 1, h, w, 1] when it broadcasts over the channels.
      if (auto binary = dyn_cast<pdnnrt::BinaryOp>(op);
          binary && operand.get() == binary.getSrc1()) {
        int64_t c = channelsOf(v);
        if (c == 1) {
          SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, v);
          sizes.push_back(rewriter.getIndexAttr(1));
          SmallVector<int64_t> shape(cast<RankedTensorType>(v.getType()).getShape());
          shape.push_back(1);
          auto type = RankedTensorType::get(shape, getElementTypeOrSelf(v.getType()));
          operands.push_back(tensor::ExpandShapeOp::create(
              rewriter, loc, type, plainVersion(v),
              ArrayRef<ReassociationIndices>{{0}, {1}, {2}, {3, 4}}, sizes));
        } else {
          int64_t c0 = channelsOf(binary.getSrc0());
          operands.push_back(blockedVersion(v, c0, blockFor(c0)));
        }
        continue;
      }
      operands.push_back(v);
      continue;
    }
    // A convolution's input: blocked when it is, or when it has enough
    // channels to pay for a relayout.
    if (auto conv = dyn_cast<pdnnrt::ConvolutionOp>(op)) {
      auto w = cast<RankedTensorType>(conv.getWeights().getType());
      int64_t ic = w.getDimSize(1) * conv.getGroups();
      // oneDNN's int8 kernels take nhwc sources of any channel count.
      bool blockedInput = isBlocked(v) || ic >= kMinBlockedChannels || nhwc;
      operands.push_back(blockedInput ? blockedVersion(v, ic, blockFor(ic)) : plainVersion(v));
      continue;
    }
    if (auto deconv = dyn_cast<pdnnrt::DeconvolutionOp>(op)) {
      int64_t ic = cast<RankedTensorType>(deconv.getWeights().getType()).getDimSize(0);
      bool blockedInput = isBlocked(v) || ic >= kMinBlockedChannels || nhwc;
      operands.push_back(blockedInput ? blockedVersion(v, ic, blockFor(ic)) : plainVersion(v));
      continue;
    }
    operands.push_back(blockedVersion(v, channelsOf(v), blockFor(channelsOf(v))));
  }
  // Destinations: in place on a blocked input stays in place; a residual
  // becomes blocked; a new tensor becomes a new blocked tensor.
  int64_t outChannels;
  if (auto conv = dyn_cast<pdnnrt::ConvolutionOp>(op))
    outChannels = cast<RankedTensorType>(conv.getWeights().getType()).getDimSize(0);
  else if (auto deconv = dyn_cast<pdnnrt::DeconvolutionOp>(op))
    outChannels = cast<RankedTensorType>(deconv.getWeights().getType()).getDimSize(1) *
                  deconv.getGroups();
  else
    outChannels = channelsOf(dps.getDpsInits().front());
  if (auto concat = dyn_cast<pdnnrt::ConcatOp>(op)) {
    outChannels = 0;
    for (Value src : concat.getSrc())
      outChannels += channelsOf(src);
  }
  SmallVector<Type> resultTypes;
  for (OpOperand &init : dps.getDpsInitsMutable()) {
    Value old = init.get();
    Value replacement;
    int index = init.getOperandNumber();
    for (OpOperand &input : op->getOpOperands())
      if (!dps.isDpsInit(&input) && input.get() == old) {
        replacement = operands[input.getOperandNumber()];
        break;
      }
    if (!replacement) {
      if (old.getDefiningOp<tensor::EmptyOp>())
        replacement = emptyBlocked(loc, old, outChannels, blockFor(outChannels));
      else
        replacement = blockedVersion(old, outChannels, blockFor(outChannels));
    }
    operands[index] = replacement;
    resultTypes.push_back(replacement.getType());
  }
  OperationState state(loc, op->getName());
  state.addOperands(operands);
  state.addTypes(resultTypes);
  state.addAttributes(llvm::to_vector(op->getDiscardableAttrs()));
  state.propertiesAttr = op->getPropertiesAsAttribute();
  // The elementwise calls learn the image's channel count, so that oneDNN
  // keeps the padding channels zero (0 - 1 there, then a sqrt, would feed
  // a NaN to the next convolution). nhwc images have no padding channels.
  if (isa<pdnnrt::BinaryOp, pdnnrt::EltwiseOp>(op) && !nhwc) {
    NamedAttrList properties(cast<DictionaryAttr>(state.propertiesAttr));
    properties.set("channels", rewriter.getI32IntegerAttr(int32_t(outChannels)));
    state.propertiesAttr = properties.getDictionary(op->getContext());
  }
  // nhwc images concatenate along their channels, the last dimension.
  if (isa<pdnnrt::ConcatOp>(op) && nhwc) {
    NamedAttrList properties(cast<DictionaryAttr>(state.propertiesAttr));
    properties.set("axis", rewriter.getI32IntegerAttr(4));
    state.propertiesAttr = properties.getDictionary(op->getContext());
  }
  Operation *blocked = rewriter.create(state);
  for (auto [old, now] : llvm::zip(op->getResults(), blocked->getResults())) {
    converted[old] = now;
    convertedChannels[old] = outChannels;
  }
}

void BlockLayouts::run() {
  // Decide in program order: a decision reads the ones before it.
  SmallVector<Operation *> calls;
  root->walk([&](Operation *op) {
    if (isa<pdnnrt::PDNNRTDialect>(op->getDialect()) &&
        isa<DestinationStyleOpInterface>(op) && !isa<pdnnrt::RelayoutOp>(op))
      calls.push_back(op);
  });
  for (Operation *op : calls) {
    if (!decide(op))
      continue;
    chosen.push_back(op);
    rebuild(op);
  }
  // The old calls go, last first, so that each one's readers among them
  // are gone when it is looked at. What else reads it: sizes come from the
  // blocked value; views only the old calls read die with them; anything
  // left reads one relayout to plain.
  for (Operation *op : llvm::reverse(chosen)) {
    for (Value old : op->getResults()) {
      dropDeadViews(old);
      for (Operation *user : llvm::make_early_inc_range(old.getUsers()))
        if (auto dim = dyn_cast<tensor::DimOp>(user))
          replaceDim(dim, old);
      if (!old.use_empty())
        rewriter.replaceAllUsesWith(old, plainVersion(old));
    }
    rewriter.eraseOp(op);
  }
}

void BlockLayouts::dropDeadViews(Value v) {
  for (Operation *user : llvm::make_early_inc_range(v.getUsers())) {
    if (!isa<tensor::CastOp, tensor::ExtractSliceOp>(user))
      continue;
    for (Value result : user->getResults())
      dropDeadViews(result);
    bool dimsOnly = llvm::all_of(user->getResult(0).getUsers(), [](Operation *u) {
      return isa<tensor::DimOp>(u);
    });
    // A view read for its sizes only keeps them, from its own operands.
    if (dimsOnly)
      for (Operation *u : llvm::make_early_inc_range(user->getResult(0).getUsers())) {
        auto dim = cast<tensor::DimOp>(u);
        rewriter.setInsertionPoint(dim);
        OpFoldResult size = tensor::getMixedSize(rewriter, dim.getLoc(),
                                                 user->getResult(0),
                                                 *dim.getConstantIndex());
        if (auto slice = dyn_cast<tensor::ExtractSliceOp>(user))
          size = slice.getMixedSizes()[*dim.getConstantIndex()];
        rewriter.replaceOp(dim, getValueOrCreateConstantIndexOp(rewriter, dim.getLoc(), size));
      }
    if (user->use_empty())
      rewriter.eraseOp(user);
  }
}

void BlockLayouts::replaceDim(tensor::DimOp dim, Value old) {
  std::optional<int64_t> index = dim.getConstantIndex();
  if (!index)
    return;
  rewriter.setInsertionPoint(dim);
  Value size;
  if (*index == 1)
    size = arith::ConstantIndexOp::create(rewriter, dim.getLoc(),
                                          convertedChannels.lookup(old));
  else
    size = tensor::DimOp::create(rewriter, dim.getLoc(), converted.lookup(old), *index);
  rewriter.replaceOp(dim, size);
}

struct PDNNRTBlockLayoutsPass
    : public pdnn::impl::PDNNRTBlockLayoutsBase<PDNNRTBlockLayoutsPass> {
  using PDNNRTBlockLayoutsBase::PDNNRTBlockLayoutsBase;
  void runOnOperation() override {
    int64_t block = imageBlockSize(layout);
    if (block == 0)
      return;
    BlockLayouts(getOperation(), block).run();
  }
};

} // namespace
