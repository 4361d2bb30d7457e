//===- PaddleImport.cpp - --import-paddle: files to a pdnn module ---------===//
//
// Decides the program format from its bytes, finds and reads the
// parameters (a folder of per-var files or one combined file), and hands
// both to the module builder.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Target/Paddle/PaddleImport.h"

#include "ModuleBuilder.h"
#include "PaddleProgram.h"
#include "TensorFile.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Tools/mlir-translate/Translation.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::pdnn;
using namespace mlir::pdnn::paddle;

namespace {

/// The program's bytes, whichever of the three formats they are in.
llvm::Expected<Program> readProgram(llvm::StringRef bytes) {
  llvm::StringRef text = bytes.ltrim();
  if (!text.starts_with("{"))
    return readProgramDesc(bytes);
  // A JSON program: PIR says so in base_code; otherwise it is protobuf's
  // JSON mapping of a ProgramDesc.
  if (text.contains("\"base_code\""))
    return readPirJson(bytes);
  return readProgramDescJson(bytes);
}

/// Where the parameters are: a combined file, or a folder of per-var files.
struct ParamsLocation {
  std::string path;
  bool combined;
};

ParamsLocation locateParams(llvm::StringRef programPath, const PaddleImportOptions &options) {
  if (!options.params.empty())
    return {options.params, !llvm::sys::fs::is_directory(options.params)};
  llvm::SmallString<256> dir = llvm::sys::path::parent_path(programPath);
  if (dir.empty())
    dir = ".";
  llvm::StringRef extension = llvm::sys::path::extension(programPath);
  if (extension == ".pdmodel" || extension == ".json") {
    llvm::SmallString<256> sibling(programPath);
    llvm::sys::path::replace_extension(sibling, ".pdiparams");
    if (llvm::sys::fs::exists(sibling))
      return {sibling.str().str(), true};
  }
  for (const char *name : {"params", "__params__"}) {
    llvm::SmallString<256> candidate(dir);
    llvm::sys::path::append(candidate, name);
    if (llvm::sys::fs::is_regular_file(candidate))
      return {candidate.str().str(), true};
  }
  return {dir.str().str(), false};
}

class ParameterReader {
public:
  llvm::Error read(const Program &program, const ParamsLocation &where) {
    if (where.combined) {
      std::unique_ptr<llvm::MemoryBuffer> &buffer = open(where.path);
      if (!buffer)
        return fail("cannot read the parameters file '" + where.path + "'");
      return readCombined(program, buffer->getBuffer(), where.path);
    }
    for (const std::string &name : program.combinedParamOrder) {
      llvm::SmallString<256> path(where.path);
      llvm::sys::path::append(path, name);
      std::unique_ptr<llvm::MemoryBuffer> &buffer = open(path.str());
      if (!buffer)
        return fail("parameter '" + name + "' has no file '" + path.str().str() + "'");
      llvm::StringRef bytes = buffer->getBuffer();
      llvm::Expected<SerializedTensor> tensor = readSerializedTensor(bytes);
      if (!tensor)
        return fail("parameter file '" + path.str().str() +
                    "': " + llvm::toString(tensor.takeError()));
      if (!bytes.empty())
        return fail(llvm::formatv("parameter file '{0}' has {1} bytes after its tensor",
                                  path.str(), bytes.size()));
      data[name] = *tensor;
    }
    return llvm::Error::success();
  }

  /// The persistable vars back to back, in the program's combined order.
  llvm::Error readCombined(const Program &program, llvm::StringRef bytes,
                           llvm::StringRef name) {
    for (const std::string &param : program.combinedParamOrder) {
      llvm::Expected<SerializedTensor> tensor = readSerializedTensor(bytes);
      if (!tensor)
        return fail("parameter '" + param + "' in '" + name +
                    "': " + llvm::toString(tensor.takeError()));
      data[param] = *tensor;
    }
    if (!bytes.empty())
      return fail(llvm::formatv("'{0}' has {1} bytes after its {2} parameters: it does not "
                                "belong to this program",
                                name, bytes.size(), program.combinedParamOrder.size()));
    return llvm::Error::success();
  }

  ParameterData data;

private:
  static llvm::Error fail(const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  }
  std::unique_ptr<llvm::MemoryBuffer> &open(llvm::StringRef path) {
    buffers.push_back(nullptr);
    if (llvm::sys::fs::is_regular_file(path))
      if (auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                                    /*RequiresNullTerminator=*/false))
        buffers.back() = std::move(*buffer);
    return buffers.back();
  }
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> buffers;
};

} // namespace

/// The program, checked for its feeds and fetches; nullopt after reporting.
static std::optional<Program> readCheckedProgram(llvm::StringRef bytes, Location fileLoc,
                                                 const PaddleImportOptions &options) {
  llvm::Expected<Program> program = readProgram(bytes);
  if (!program) {
    emitError(fileLoc, llvm::toString(program.takeError()));
    return std::nullopt;
  }
  for (const Endpoint &feed : program->feeds)
    if (!program->findVar(feed.var)) {
      emitError(fileLoc, "feed var '" + feed.var + "' is not declared in the program");
      return std::nullopt;
    }
  if (!options.fetches.empty()) {
    program->fetches.clear();
    for (const std::string &var : options.fetches)
      program->fetches.push_back({var, int64_t(program->fetches.size())});
  }
  for (const Endpoint &fetch : program->fetches)
    if (!program->findVar(fetch.var)) {
      emitError(fileLoc, "fetch var '" + fetch.var + "' is not declared in the program");
      return std::nullopt;
    }
  return std::move(*program);
}

OwningOpRef<ModuleOp> mlir::pdnn::importPaddleModel(llvm::SourceMgr &sourceMgr,
                                                    MLIRContext *context,
                                                    const PaddleImportOptions &options) {
  const llvm::MemoryBuffer *main = sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  llvm::StringRef path = main->getBufferIdentifier();
  Location fileLoc = FileLineColLoc::get(context, path, 0, 0);
  std::optional<Program> program = readCheckedProgram(main->getBuffer(), fileLoc, options);
  if (!program)
    return nullptr;
  ParameterReader params;
  if (llvm::Error e = params.read(*program, locateParams(path, options))) {
    emitError(fileLoc, llvm::toString(std::move(e)));
    return nullptr;
  }
  return buildModule(*program, params.data, fileLoc, options.function);
}

OwningOpRef<ModuleOp> mlir::pdnn::importPaddleModel(llvm::StringRef programBytes,
                                                    llvm::StringRef combinedParams,
                                                    llvm::StringRef name,
                                                    MLIRContext *context,
                                                    const PaddleImportOptions &options) {
  Location fileLoc = FileLineColLoc::get(context, name, 0, 0);
  std::optional<Program> program = readCheckedProgram(programBytes, fileLoc, options);
  if (!program)
    return nullptr;
  ParameterReader params;
  if (llvm::Error e = params.readCombined(*program, combinedParams, name)) {
    emitError(fileLoc, llvm::toString(std::move(e)));
    return nullptr;
  }
  return buildModule(*program, params.data, fileLoc, options.function);
}

void mlir::pdnn::registerPaddleImportTranslation() {
  static llvm::cl::opt<std::string> params(
      "paddle-params",
      llvm::cl::desc("--import-paddle: the combined parameters file, or the folder of "
                     "per-var files (default: next to the program)"),
      llvm::cl::init(""));
  static llvm::cl::opt<std::string> function(
      "paddle-function", llvm::cl::desc("--import-paddle: the name of the function"),
      llvm::cl::init("main"));
  static llvm::cl::list<std::string> fetches(
      "paddle-fetch",
      llvm::cl::desc("--import-paddle: return these vars instead of the fetch list"),
      llvm::cl::CommaSeparated);
  static TranslateToMLIRRegistration registration(
      "import-paddle", "a Paddle inference model (ProgramDesc, its JSON, or PIR JSON) to pdnn",
      [](llvm::SourceMgr &sourceMgr, MLIRContext *context) -> OwningOpRef<Operation *> {
        PaddleImportOptions options;
        options.params = params;
        options.function = function;
        options.fetches.assign(fetches.begin(), fetches.end());
        return importPaddleModel(sourceMgr, context, options);
      },
      [](DialectRegistry &registry) {
        registry.insert<PDNNDialect, arith::ArithDialect, func::FuncDialect>();
      });
}
