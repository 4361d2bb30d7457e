//===- JitFunction.cpp - a pdnn function compiled in-process --------------===//

#include "PaddleDNN/Execution/JitFunction.h"

#include "PaddleDNN/InitAll.h"
#include "PaddleDNN/Pipelines/Pipelines.h"
#include "PaddleDNN/Runtime/CompiledModel.h"
#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <set>

using namespace mlir;
using namespace mlir::pdnn;

static llvm::Error jitError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

void mlir::pdnn::prepareForJit(DialectRegistry &registry) {
  registerAllPaddleDNNDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
}

// Releases the weights the model prepared, before the engine frees its code.
JitFunction::~JitFunction() {
  if (model)
    model->finalize();
}

llvm::Expected<std::unique_ptr<JitFunction>>
JitFunction::compile(OwningOpRef<ModuleOp> module, llvm::StringRef entry,
                     const JitOptions &options) {
  std::unique_ptr<JitFunction> result(new JitFunction());
  result->entryName = entry.str();
  result->checkInputsUnchanged = options.checkInputsUnchanged;
  llvm::Expected<ModelSignature> signature = lowerModel(*module, entry, options);
  if (!signature)
    return signature.takeError();
  result->signature = std::move(*signature);

  auto machine = createTargetMachine(/*cpu=*/"", /*features=*/"", options.optLevel,
                                     /*positionIndependent=*/false);
  if (!machine)
    return machine.takeError();
  llvm::TargetMachine *target = machine->get();
  llvm::Error translationError = llvm::Error::success();
  auto build = [&](Operation *, llvm::LLVMContext &context)
      -> std::unique_ptr<llvm::Module> {
    auto translated = translateModel(*module, entry, result->signature, "jit",
                                     context, *target, options);
    if (!translated) {
      translationError = translated.takeError();
      return nullptr;
    }
    return std::move(*translated);
  };
  ExecutionEngineOptions engineOptions;
  engineOptions.llvmModuleBuilder = build;
  engineOptions.jitCodeGenOptLevel =
      static_cast<llvm::CodeGenOptLevel>(std::min(options.optLevel, 3u));
  auto engine = ExecutionEngine::create(*module, engineOptions, std::move(*machine));
  if (translationError) {
    if (!engine)
      llvm::consumeError(engine.takeError());
    return translationError;
  }
  llvm::consumeError(std::move(translationError));
  if (!engine)
    return engine.takeError();
  result->engine = std::move(*engine);
  // The runtime is linked into this program: tell the JIT where each entry
  // point is.
  result->engine->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
#define PDNN_REGISTER(name)                                                    \
  symbols[interner(#name)] = {                                                 \
      llvm::orc::ExecutorAddr::fromPtr(reinterpret_cast<void *>(&name)),       \
      llvm::JITSymbolFlags::Exported};
    PDNNRT_FOR_EACH_SYMBOL(PDNN_REGISTER)
#undef PDNN_REGISTER
    return symbols;
  });
  auto descriptor = result->engine->lookup(PDNN_COMPILED_MODEL_SYMBOL);
  if (!descriptor)
    return descriptor.takeError();
  result->model = static_cast<const pdnn_compiled_model *>(*descriptor);
  // Its weights are prepared now, not on the first call.
  pdnnrt_clear_error();
  result->model->initialize();
  if (const char *message = pdnnrt_last_error()) {
    std::string text = message;
    pdnnrt_clear_error();
    return jitError("preparing the weights failed: " + text);
  }
  return result;
}

llvm::Expected<std::vector<HostTensor>>
JitFunction::call(llvm::ArrayRef<const HostTensor *> args) {
  if (args.size() != signature.inputs.size())
    return jitError("@" + entryName + " takes " +
                    llvm::Twine(signature.inputs.size()) + " inputs, got " +
                    llvm::Twine(args.size()));
  // Ranked memref descriptors: allocated, aligned, offset, sizes, strides.
  std::vector<std::vector<int64_t>> descriptors;
  for (auto [index, pair] : llvm::enumerate(llvm::zip(args, signature.inputs))) {
    auto [tensor, expected] = pair;
    bool shapeOk = tensor->shape().size() == expected.shape.size();
    for (size_t d = 0; shapeOk && d < expected.shape.size(); ++d)
      shapeOk = ShapedType::isDynamic(expected.shape[d]) ||
                expected.shape[d] == tensor->shape()[d];
    if (tensor->kind() != expected.kind || !shapeOk)
      return jitError("input " + llvm::Twine(index) + ": @" + entryName +
                      " expects " + expected.describe() + ", got " +
                      tensor->describe());
    std::vector<int64_t> descriptor;
    auto address = reinterpret_cast<int64_t>(tensor->data());
    descriptor = {address, address, 0};
    llvm::append_range(descriptor, tensor->shape());
    int64_t stride = 1;
    std::vector<int64_t> strides(tensor->shape().size());
    for (int64_t d = int64_t(strides.size()) - 1; d >= 0; --d) {
      strides[d] = stride;
      stride *= tensor->shape()[d];
    }
    llvm::append_range(descriptor, strides);
    descriptors.push_back(std::move(descriptor));
  }
  size_t resultWords = 0;
  for (const TensorSignature &output : signature.outputs)
    resultWords += 3 + 2 * output.shape.size();
  std::vector<int64_t> resultStorage(std::max<size_t>(resultWords, 1));

  llvm::SmallVector<void *> pointers, packed;
  void *resultPointer = resultStorage.data();
  for (std::vector<int64_t> &descriptor : descriptors)
    pointers.push_back(descriptor.data());
  packed.push_back(resultPointer);
  for (void *pointer : pointers)
    packed.push_back(pointer);

  // Copies of the caller's buffers, to prove they were left alone.
  std::vector<std::string> before;
  if (checkInputsUnchanged)
    for (const HostTensor *arg : args)
      before.emplace_back(static_cast<const char *>(arg->data()),
                          arg->sizeInBytes());

  pdnnrt_clear_error();
  model->run(packed.data());

  for (size_t i = 0; i < before.size(); ++i)
    if (!signature.inputs[i].writable &&
        std::memcmp(before[i].data(), args[i]->data(), before[i].size()) != 0)
      return jitError("@" + entryName + " wrote into its argument " +
                      llvm::Twine(i) +
                      ", which the caller owns (it is not marked "
                      "bufferization.writable)");

  // Results own what compiled code allocated for them. Two results may be
  // one buffer (`return %0, %0`) or views of one: they share its ownership,
  // so it is freed once. A result that is not a fresh allocation (a
  // constant, or an argument returned as is) is copied, never freed.
  std::vector<HostTensor> results;
  std::map<void *, std::shared_ptr<void>> owners;
  std::set<const void *> foreign;
  for (const HostTensor *arg : args)
    foreign.insert(arg->data());
  size_t at = 0;
  llvm::Error failure = llvm::Error::success();
  for (const TensorSignature &output : signature.outputs) {
    size_t rank = output.shape.size();
    auto *allocated = reinterpret_cast<void *>(resultStorage[at]);
    auto *aligned = reinterpret_cast<char *>(resultStorage[at + 1]);
    int64_t offset = resultStorage[at + 2];
    std::vector<int64_t> shape(resultStorage.begin() + at + 3,
                               resultStorage.begin() + at + 3 + rank);
    at += 3 + 2 * rank;
    void *data = aligned + offset * byteWidth(output.kind);
    // MLIR marks memrefs of globals with this pointer as "allocated".
    bool fresh = allocated && allocated != reinterpret_cast<void *>(0xdeadbeef) &&
                 !foreign.count(allocated);
    std::shared_ptr<void> &owner = owners[fresh ? allocated : nullptr];
    if (fresh && !owner)
      owner = std::shared_ptr<void>(allocated, pdnnrt_buffer_free);
    llvm::Expected<HostTensor> result =
        fresh ? HostTensor::adopt(output.kind, shape, data, owner)
              : HostTensor::allocate(output.kind, shape);
    if (!result) {
      failure = llvm::joinErrors(std::move(failure), result.takeError());
      continue;
    }
    if (!fresh)
      std::memcpy(result->data(), data, result->sizeInBytes());
    results.push_back(std::move(*result));
  }
  if (failure)
    return failure;
  if (const char *message = pdnnrt_last_error())
    return jitError(llvm::Twine("runtime error: ") + message);
  return results;
}
