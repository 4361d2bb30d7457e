//===- PassCounts.cpp - pass statistics that survive a release LLVM -------===//

#include "PassCounts.h"

#include "mlir/IR/Remarks.h"

void mlir::pdnn::reportPassCounts(
    Operation *root, StringRef passName,
    ArrayRef<std::pair<StringRef, unsigned>> counts) {
  auto remark = remark::analysis(
      root->getLoc(), remark::RemarkOpts::name("Counts").category(passName));
  for (auto [name, value] : counts)
    remark << remark::metric(name, value);
}
