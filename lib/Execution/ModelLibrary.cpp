//===- ModelLibrary.cpp - a compiled model as an object or shared library -===//

#include "PaddleDNN/Execution/ModelLibrary.h"

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"

#include <cstdlib>
#include <dlfcn.h>
#include <set>

using namespace mlir;
using namespace mlir::pdnn;

static llvm::Error libraryError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Error mlir::pdnn::emitObjectFile(llvm::Module &module,
                                       llvm::TargetMachine &machine,
                                       llvm::StringRef path) {
  std::error_code ec;
  llvm::ToolOutputFile output(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return libraryError("cannot write '" + path + "': " + ec.message());
  llvm::legacy::PassManager passes;
  if (machine.addPassesToEmitFile(passes, output.os(), nullptr,
                                  llvm::CodeGenFileType::ObjectFile))
    return libraryError("LLVM cannot emit object files for " +
                        machine.getTargetTriple().str());
  passes.run(module);
  output.os().flush();
  if (output.os().has_error())
    return libraryError("writing '" + path + "' failed");
  output.keep();
  return llvm::Error::success();
}

llvm::Expected<std::string> mlir::pdnn::runtimeLibraryPath() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&pdnnrt_abi_version), &info) ||
      !info.dli_fname)
    return libraryError("cannot find the runtime library's file");
  llvm::SmallString<256> path(info.dli_fname);
  if (std::error_code ec = llvm::sys::fs::make_absolute(path))
    return libraryError("cannot resolve '" + path + "': " + ec.message());
  return path.str().str();
}

llvm::Error mlir::pdnn::linkSharedLibrary(llvm::StringRef object,
                                          llvm::StringRef output,
                                          llvm::StringRef runtime) {
  std::string driverName = "cc";
  if (const char *cc = std::getenv("CC"); cc && *cc)
    driverName = cc;
  auto driver = llvm::sys::findProgramByName(driverName);
  if (!driver)
    return libraryError("linking a shared library needs a C compiler driver; '" +
                        driverName + "' was not found (set CC)");
  llvm::StringRef folder = llvm::sys::path::parent_path(runtime);
  std::string rpath = ("-Wl,-rpath,$ORIGIN:" + folder).str();
  std::string soname = ("-Wl,-soname," + llvm::sys::path::filename(output)).str();
  llvm::SmallVector<llvm::StringRef> args = {
      *driver, "-shared", "-o", output, object, runtime, "-lm", rpath, soname,
      "-Wl,--no-undefined", "-Wl,--as-needed"};
  llvm::SmallString<128> log;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("pdnn-link", "log", log))
    return libraryError("cannot create a temporary file: " + ec.message());
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, log.str(), log.str()};
  std::string message;
  int status = llvm::sys::ExecuteAndWait(*driver, args, std::nullopt, redirects,
                                         0, 0, &message);
  std::string details;
  if (auto text = llvm::MemoryBuffer::getFile(log))
    details = (*text)->getBuffer().str();
  llvm::sys::fs::remove(log);
  if (status != 0)
    return libraryError("linking '" + output + "' failed" +
                        (message.empty() ? "" : ": " + message) + "\n" + details);
  return llvm::Error::success();
}

std::string mlir::pdnn::cIdentifier(llvm::StringRef text) {
  std::string result;
  for (char c : text)
    result += llvm::isAlnum(c) ? c : '_';
  if (result.empty() || llvm::isDigit(result.front()))
    result.insert(result.begin(), '_');
  return result;
}

static const char *elementComment(ElementKind kind) {
  return kindName(kind).data();
}

/// `text` safe inside a C comment.
static std::string commentText(llvm::StringRef text) {
  std::string result;
  for (size_t i = 0; i < text.size(); ++i) {
    result += text[i];
    if (text[i] == '*' && i + 1 < text.size() && text[i + 1] == '/')
      result += ' ';
  }
  return result;
}

static std::string shapeText(const TensorSignature &tensor) {
  std::string text = "[";
  for (auto [i, size] : llvm::enumerate(tensor.shape))
    text += (i ? ", " : "") +
            (ShapedType::isDynamic(size) ? std::string("?") : std::to_string(size));
  return text + "]";
}

void mlir::pdnn::writeModelHeader(llvm::StringRef name,
                                  const ModelSignature &signature,
                                  llvm::raw_ostream &os) {
  std::string guard = llvm::StringRef(name).upper() + "_PDNN_MODEL_H";
  os << "/* Generated by pdnn-compile: the C interface of model '" << name
     << "'.\n *\n"
     << " * Call it through the C API (PaddleDNN/PaddleDNN.h: pdnn_predictor_load),\n"
     << " * which checks every input, or directly: " << name << "_initialize() once\n"
     << " * (it prepares the weights), then " << name << "_main(&results, inputs...)\n"
     << " * with MLIR's memref descriptors (dense, row-major), and " << name << "_finalize()\n"
     << " * at the end. A result's `allocated` buffer is the caller's to free\n"
     << " * (pdnnrt_buffer_free) once, even when two results share it, unless it\n"
     << " * is an input's buffer or a constant's ((void *)0xdeadbeef): copy those.\n"
     << " * A failed step leaves its message in pdnnrt_last_error() (per thread;\n"
     << " * pdnnrt_clear_error()).\n *\n";
  auto list = [&](const char *title, const std::vector<TensorSignature> &tensors,
                  bool inputs) {
    os << " * " << title << ":\n";
    for (auto [i, tensor] : llvm::enumerate(tensors)) {
      os << " *   " << i << " " << commentText(tensor.name) << ": " << elementComment(tensor.kind)
         << ", rank " << tensor.shape.size() << ", " << shapeText(tensor);
      if (llvm::StringRef(tensor.name).ends_with("@lod"))
        os << ", the LoD (row offsets) of "
           << commentText(llvm::StringRef(tensor.name).drop_back(4));
      if (inputs && tensor.writable)
        os << ", overwritten by the call";
      os << "\n";
    }
  };
  list("Inputs", signature.inputs, true);
  list("Outputs", signature.outputs, false);
  os << " */\n#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include <stdint.h>\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n";

  std::set<size_t> ranks;
  for (const auto *tensors : {&signature.inputs, &signature.outputs})
    for (const TensorSignature &tensor : *tensors)
      ranks.insert(tensor.shape.size());
  for (size_t rank : ranks) {
    os << "typedef struct " << name << "_memref" << rank << " {\n"
       << "  void *allocated;\n  void *aligned;\n  int64_t offset;\n";
    if (rank)
      os << "  int64_t sizes[" << rank << "];\n  int64_t strides[" << rank << "];\n";
    os << "} " << name << "_memref" << rank << ";\n\n";
  }

  // The names the header declares itself, and C's and C++'s keywords, are
  // taken: a variable called "results" or "int" gets a suffix.
  llvm::StringSet<> used = {"results"};
  for (const char *keyword :
       {"auto", "bool", "break", "case", "catch", "char", "class", "const", "continue",
        "default", "delete", "do", "double", "else", "enum", "explicit", "extern", "false",
        "float", "for", "friend", "goto", "if", "inline", "int", "long", "mutable",
        "namespace", "new", "noexcept", "nullptr", "operator", "private", "protected",
        "public", "register", "restrict", "return", "short", "signed", "sizeof", "static",
        "struct", "switch", "template", "this", "throw", "true", "try", "typedef",
        "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "while"})
    used.insert(keyword);
  auto unique = [&](llvm::StringRef base) {
    std::string id = cIdentifier(base);
    std::string candidate = id;
    for (int n = 2; !used.insert(candidate).second; ++n)
      candidate = id + "_" + std::to_string(n);
    return candidate;
  };
  std::vector<std::string> inputIds, outputIds;
  for (const TensorSignature &tensor : signature.inputs)
    inputIds.push_back(unique(tensor.name));
  for (const TensorSignature &tensor : signature.outputs)
    outputIds.push_back(unique(tensor.name));

  os << "enum {\n  " << name << "_num_inputs = " << signature.inputs.size()
     << ",\n  " << name << "_num_outputs = " << signature.outputs.size() << ",\n";
  for (auto [i, id] : llvm::enumerate(inputIds))
    os << "  " << name << "_input_" << id << " = " << i << ",\n";
  for (auto [i, id] : llvm::enumerate(outputIds))
    os << "  " << name << "_output_" << id << " = " << i << ",\n";
  os << "};\n\n";

  if (!signature.outputs.empty()) {
    os << "typedef struct " << name << "_results {\n";
    for (auto [tensor, id] : llvm::zip(signature.outputs, outputIds))
      os << "  " << name << "_memref" << tensor.shape.size() << " " << id << "; /* "
         << elementComment(tensor.kind) << " */\n";
    os << "} " << name << "_results;\n\n";
  }
  os << "/* The runtime's (libPaddleDNNRuntime.so; PaddleDNN/Runtime/PDNNRuntime.h). */\n"
     << "const char *pdnnrt_last_error(void);\nvoid pdnnrt_clear_error(void);\n"
     << "void pdnnrt_buffer_free(void *buffer);\n\n"
     << "void " << name << "_initialize(void);\nvoid " << name << "_finalize(void);\n";
  os << "void " << name << "_main(";
  bool first = true;
  if (!signature.outputs.empty()) {
    os << name << "_results *results";
    first = false;
  }
  for (auto [tensor, id] : llvm::zip(signature.inputs, inputIds)) {
    os << (first ? "" : ",\n    ") << name << "_memref" << tensor.shape.size()
       << " *" << id << " /* " << elementComment(tensor.kind) << " */";
    first = false;
  }
  os << ");\n\n#ifdef __cplusplus\n} /* extern \"C\" */\n#endif\n\n#endif /* "
     << guard << " */\n";
}

llvm::Error mlir::pdnn::compileModelLibrary(ModuleOp module, llvm::StringRef entry,
                                            llvm::StringRef output,
                                            const LibraryOptions &options) {
  llvm::Expected<ModelSignature> signature = lowerModel(module, entry, options.codegen);
  if (!signature)
    return signature.takeError();
  std::string name = options.name;
  if (name.empty()) {
    llvm::StringRef stem = llvm::sys::path::stem(output);
    stem.consume_front("lib");
    name = stem.str();
  }
  name = cIdentifier(name);
  auto machine = createTargetMachine(options.cpu, options.features,
                                     options.codegen.optLevel,
                                     /*positionIndependent=*/true);
  if (!machine)
    return machine.takeError();
  llvm::LLVMContext context;
  auto llvmModule = translateModel(module, entry, *signature, name, context,
                                   **machine, options.codegen);
  if (!llvmModule)
    return llvmModule.takeError();

  std::string object = output.str();
  llvm::SmallString<128> temporary;
  if (!options.objectOnly) {
    if (std::error_code ec =
            llvm::sys::fs::createTemporaryFile("pdnn-compile", "o", temporary))
      return libraryError("cannot create a temporary file: " + ec.message());
    object = temporary.str().str();
  }
  llvm::FileRemover removeObject(temporary);
  if (llvm::Error error = emitObjectFile(**llvmModule, **machine, object))
    return error;
  if (!options.objectOnly) {
    auto runtime = runtimeLibraryPath();
    if (!runtime)
      return runtime.takeError();
    if (llvm::Error error = linkSharedLibrary(object, output, *runtime))
      return error;
  }
  if (options.header == "-")
    return llvm::Error::success();
  llvm::SmallString<256> headerPath(options.header);
  if (headerPath.empty()) {
    headerPath = llvm::sys::path::parent_path(output);
    llvm::sys::path::append(headerPath, name + ".h");
  }
  std::error_code ec;
  llvm::ToolOutputFile file(headerPath, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return libraryError("cannot write '" + headerPath + "': " + ec.message());
  writeModelHeader(name, *signature, file.os());
  file.keep();
  return llvm::Error::success();
}
