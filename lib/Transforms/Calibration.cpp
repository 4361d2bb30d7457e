//===- Calibration.cpp - ranges of quantizable tensors --------------------===//

#include "PaddleDNN/Transforms/Calibration.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "QuantizableOps.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::pdnn;

/// "fc_0.tmp_0" from the importer's "#2 mul -> fc_0.tmp_0".
static std::string importedName(Location loc) {
  auto name = dyn_cast<NameLoc>(loc);
  if (!name)
    return "";
  StringRef text = name.getName().strref();
  size_t arrow = text.rfind("-> ");
  return (arrow == StringRef::npos ? text : text.drop_front(arrow + 3)).str();
}

std::vector<QuantizableTensor>
mlir::pdnn::quantizableTensors(func::FuncOp func) {
  std::vector<QuantizableTensor> tensors;
  if (func.isExternal())
    return tensors;
  Block &entry = func.getBody().front();
  llvm::DenseMap<Operation *, unsigned> position;
  for (Operation &op : entry)
    position[&op] = position.size();
  llvm::SetVector<Value> seen;
  auto keyOf = [&](Value v) -> std::string {
    if (auto arg = dyn_cast<BlockArgument>(v))
      return "arg" + std::to_string(arg.getArgNumber());
    Operation *op = v.getDefiningOp();
    std::string key = importedName(op->getLoc());
    if (key.empty())
      key = op->getName().stripDialect().str() + "@" +
            std::to_string(position.lookup(op));
    if (auto result = cast<OpResult>(v); result.getResultNumber() > 0)
      key += "#" + std::to_string(result.getResultNumber());
    return key;
  };
  auto add = [&](Value v) {
    bool inEntry = isa<BlockArgument>(v)
                       ? cast<BlockArgument>(v).getOwner() == &entry
                       : v.getDefiningOp()->getBlock() == &entry;
    if (inEntry && getElementTypeOrSelf(v.getType()).isF32() &&
        isa<RankedTensorType>(v.getType()) && seen.insert(v))
      tensors.push_back({keyOf(v), v});
  };
  for (Operation &op : entry)
    if (isQuantizable(&op)) {
      add(op.getOperand(0));
      // matmul_v2 multiplies two activations.
      if (isa<MatmulV2Op>(op))
        add(op.getOperand(1));
      add(op.getResult(0));
    }
  return tensors;
}

double TensorRange::maxAbs() const {
  return std::max(std::fabs(min), std::fabs(max));
}

void TensorRange::merge(const TensorRange &other) {
  if (other.samples == 0)
    return;
  min = samples ? std::min(min, other.min) : other.min;
  max = samples ? std::max(max, other.max) : other.max;
  samples += other.samples;
}

static llvm::Error calibrationError(StringRef path, const llvm::Twine &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 path + ": " + what);
}

llvm::Expected<CalibrationRanges> mlir::pdnn::readCalibration(StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return calibrationError(path,
                            "cannot read: " + buffer.getError().message());
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse((*buffer)->getBuffer());
  if (!json)
    return calibrationError(path,
                            "not JSON: " + llvm::toString(json.takeError()));
  const llvm::json::Object *root = json->getAsObject();
  if (!root || root->getInteger("version") != 1 || !root->getObject("tensors"))
    return calibrationError(path,
                            "expected {\"version\": 1, \"tensors\": {...}}");
  CalibrationRanges ranges;
  for (const auto &[key, entry] : *root->getObject("tensors")) {
    const llvm::json::Object *object = entry.getAsObject();
    std::optional<double> min =
        object ? object->getNumber("min") : std::nullopt;
    std::optional<double> max =
        object ? object->getNumber("max") : std::nullopt;
    std::optional<int64_t> samples =
        object ? object->getInteger("samples") : std::nullopt;
    if (!min || !max || !samples || !std::isfinite(*min) ||
        !std::isfinite(*max) || *min > *max || *samples < 1)
      return calibrationError(path, "tensor \"" + StringRef(key) +
                                        "\" needs finite \"min\" <= \"max\" "
                                        "and \"samples\" >= 1");
    ranges[StringRef(key)] = TensorRange{*min, *max, *samples};
  }
  return ranges;
}

llvm::Error mlir::pdnn::writeCalibration(StringRef path,
                                         const CalibrationRanges &ranges) {
  llvm::json::Object tensors;
  for (const auto &entry : ranges)
    tensors[entry.getKey()] =
        llvm::json::Object{{"min", entry.getValue().min},
                           {"max", entry.getValue().max},
                           {"samples", entry.getValue().samples}};
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return calibrationError(path, "cannot write: " + ec.message());
  os << llvm::formatv("{0:2}",
                      llvm::json::Value(llvm::json::Object{
                          {"version", 1}, {"tensors", std::move(tensors)}}))
     << "\n";
  return llvm::Error::success();
}

std::vector<std::string>
mlir::pdnn::exposeQuantizableTensors(func::FuncOp func) {
  std::vector<std::string> keys;
  std::vector<QuantizableTensor> tensors = quantizableTensors(func);
  if (tensors.empty())
    return keys;
  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  SmallVector<Value> results(ret.getOperands());
  for (const QuantizableTensor &t : tensors) {
    keys.push_back(t.key);
    results.push_back(t.value);
  }
  ret->setOperands(results);
  func.setType(FunctionType::get(func.getContext(), func.getArgumentTypes(),
                                 ValueRange(results).getTypes()));
  return keys;
}
