//===- InPlace.cpp - oneDNN in-place execution, decided in SSA ------------===//
//
// Paddle's mkldnn_inplace_pass renames variables in a graph that is not SSA,
// so its rules are about names: an input used by two ops, or reused as an
// output later, blocks in-place execution. In SSA the question is exact:
// writing an op's result into its input's buffer is safe when no later op
// reads that buffer. Buffers are tracked as classes of values that share one
// (an in-place result joins its operand's class), and each class remembers
// the position of its last reader in the block.
//
// The decision is the unit attribute `pdnn.inplace`; the lowering makes the
// in-place operand the destination of the oneDNN call, so one-shot
// bufferization and the runtime see the same memory as src and dst.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Transforms/Passes.h"
#include "PassCounts.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Remarks.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/StringSet.h"

#include <limits>

namespace mlir::pdnn {
#define GEN_PASS_DEF_INPLACE
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// Position of an op in its block; "never" for a reader the pass cannot
/// place (outside the block, or an op that may alias what it reads).
using Position = unsigned;
constexpr Position kUnplaceable = std::numeric_limits<Position>::max();

/// In-place decisions for the ops of one block, in program order.
class BlockInPlacePlanner {
public:
  BlockInPlacePlanner(Block &block, const llvm::StringSet<> &opTypes,
                      StringRef passName)
      : block(block), opTypes(opTypes), passName(passName) {
    for (Operation &op : block) {
      positions[&op] = opsByPosition.size();
      opsByPosition.push_back(&op);
    }
  }

  /// Decides every candidate of the block; returns how many run in place.
  unsigned run() {
    unsigned count = 0;
    for (Operation &op : block) {
      auto candidate = dyn_cast<InPlaceOpInterface>(&op);
      if (!candidate)
        continue;
      op.removeAttr(PDNNDialect::getInPlaceAttrName());
      if (!isConsidered(op))
        continue;
      if (std::string why = whyNotInPlace(candidate); !why.empty()) {
        remark::missed(op.getLoc(), remark::RemarkOpts::name("NotInPlace")
                                        .category(passName))
            << remark::reason("{0}", why);
        continue;
      }
      op.setAttr(PDNNDialect::getInPlaceAttrName(),
                 UnitAttr::get(op.getContext()));
      shareBuffer(op.getOperand(candidate.getInPlaceOperandIndex()),
                  op.getResult(0));
      ++count;
    }
    return count;
  }

private:
  bool isConsidered(Operation &op) const {
    return opTypes.empty() ||
           opTypes.contains(op.getName().stripDialect());
  }

  /// Empty when writing the result over the in-place operand's buffer
  /// changes nothing the program reads; otherwise why it would.
  std::string whyNotInPlace(InPlaceOpInterface candidate) {
    Operation *op = candidate.getOperation();
    if (!candidate.canRunInPlace())
      return "the result does not have the input's type (broadcast)";
    Value input = op->getOperand(candidate.getInPlaceOperandIndex());
    if (input.getParentBlock() != &block)
      return "the input comes from outside this block";
    Value root = rootOf(input);
    if (!isFreshBuffer(root))
      return "the input's buffer is not this program's to overwrite (a "
             "constant, a view, or an argument not marked "
             "bufferization.writable)";
    Position last = lastReaders.lookup(root);
    if (last == kUnplaceable)
      return "the input's buffer is used by an op that may alias it";
    if (last > positions.lookup(op))
      return "the input's buffer is read later, by '" +
             opsByPosition[last]->getName().getStringRef().str() + "'";
    return {};
  }

  /// A buffer this program owns and may overwrite: a pdnn op's result (the
  /// lowering allocates it), or an argument the function was given to
  /// write (bufferization.writable = true). Never a constant, a view, or a
  /// caller's argument.
  static bool isFreshBuffer(Value root) {
    if (auto result = dyn_cast<OpResult>(root))
      return isa<PDNNDialect>(result.getOwner()->getDialect());
    auto arg = cast<BlockArgument>(root);
    auto func = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
    if (!func || !arg.getOwner()->isEntryBlock())
      return false;
    auto writable = func.getArgAttrOfType<BoolAttr>(
        arg.getArgNumber(), bufferization::BufferizationDialect::kWritableAttrName);
    return writable && writable.getValue();
  }

  /// Position of the last reader of `value` in the block (0 if none).
  Position lastReaderOf(Value value) const {
    Position last = 0;
    for (OpOperand &use : value.getUses()) {
      Operation *user = block.findAncestorOpInBlock(*use.getOwner());
      // Ops outside pdnn may return views of what they read (extract_slice,
      // casts, region ops): nothing after them may overwrite the buffer.
      if (!user || (!isa<PDNNDialect>(user->getDialect()) &&
                    !isa<func::ReturnOp>(user)))
        return kUnplaceable;
      last = std::max(last, positions.lookup(user));
    }
    return last;
  }

  /// The buffer `value` lives in, named by its class leader; a value seen
  /// for the first time is a buffer of its own with its own readers.
  Value rootOf(Value value) {
    if (!buffers.contains(value)) {
      buffers.insert(value);
      lastReaders[value] = lastReaderOf(value);
    }
    return buffers.getLeaderValue(value);
  }

  /// `result` now lives in `input`'s buffer: their readers are one set.
  void shareBuffer(Value input, Value result) {
    Value inputRoot = rootOf(input), resultRoot = rootOf(result);
    Position readers =
        std::max(lastReaders.lookup(inputRoot), lastReaders.lookup(resultRoot));
    Value root = *buffers.unionSets(inputRoot, resultRoot);
    lastReaders[root] = readers;
  }

  Block &block;
  const llvm::StringSet<> &opTypes;
  StringRef passName;
  DenseMap<Operation *, Position> positions;
  SmallVector<Operation *> opsByPosition;
  llvm::EquivalenceClasses<Value> buffers;
  DenseMap<Value, Position> lastReaders; // keyed by class leader
};

struct InPlacePass : public pdnn::impl::InPlaceBase<InPlacePass> {
  using InPlaceBase::InPlaceBase;

  void runOnOperation() override {
    llvm::StringSet<> types;
    for (const std::string &name : opTypes)
      types.insert(name);
    unsigned count = 0;
    getOperation()->walk([&](Block *block) {
      count += BlockInPlacePlanner(*block, types, getArgument()).run();
    });
    numInPlace += count;
    reportPassCounts(getOperation(), getArgument(), {{"inplace-ops", count}});
  }
};

} // namespace
