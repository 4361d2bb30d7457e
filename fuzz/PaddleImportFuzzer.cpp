//===- PaddleImportFuzzer.cpp - the Paddle importer on hostile bytes ------===//
//
// An input is a bundle: a little-endian uint32 program size, the program
// (binary ProgramDesc, its JSON, or PIR JSON) and the combined parameters.
// Every input either imports into a module that verifies or is refused with
// an error diagnostic; no crash, no read past a buffer, and no constant
// larger than the bytes it came from.
//
//===----------------------------------------------------------------------===//

#include "FuzzTarget.h"

#include "PaddleDNN/Target/Paddle/PaddleImport.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

#include "llvm/Support/Endian.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 4)
    return 0;
  uint32_t programSize =
      llvm::support::endian::read<uint32_t, llvm::endianness::little>(data);
  llvm::StringRef rest(reinterpret_cast<const char *>(data) + 4, size - 4);
  if (programSize > rest.size())
    return 0;
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  mlir::ScopedDiagnosticHandler quiet(&context, [](mlir::Diagnostic &) {
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::pdnn::importPaddleModel(
      rest.take_front(programSize), rest.drop_front(programSize), "fuzz", &context, {});
  if (!module)
    return 0;
  if (mlir::failed(mlir::verify(*module)))
    std::abort(); // the importer returned a module that does not verify
  uint64_t constantBytes = 0;
  module->walk([&](mlir::arith::ConstantOp constant) {
    if (auto shaped = llvm::dyn_cast<mlir::ShapedType>(constant.getType()))
      if (shaped.hasStaticShape() && shaped.getElementTypeBitWidth() >= 8)
        constantBytes += uint64_t(shaped.getNumElements()) * (shaped.getElementTypeBitWidth() / 8);
  });
  if (constantBytes > size)
    std::abort(); // constants larger than the file: sizes were not checked
  return 0;
}
