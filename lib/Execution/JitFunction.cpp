//===- JitFunction.cpp - a pdnn function compiled in-process --------------===//

#include "PaddleDNN/Execution/JitFunction.h"

#include "PaddleDNN/InitAll.h"
#include "PaddleDNN/Pipelines/Pipelines.h"
#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/TargetSelect.h"
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

static std::optional<ElementKind> kindOf(Type type) {
  if (type.isF32())
    return ElementKind::F32;
  if (type.isBF16())
    return ElementKind::BF16;
  if (type.isInteger(64))
    return ElementKind::I64;
  if (type.isInteger(32))
    return ElementKind::I32;
  if (type.isUnsignedInteger(8))
    return ElementKind::UI8;
  if (type.isSignedInteger(8) || type.isSignlessInteger(8))
    return ElementKind::SI8;
  return std::nullopt;
}

std::string TensorSignature::describe() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "tensor<";
  for (int64_t d : shape) {
    if (ShapedType::isDynamic(d))
      os << "?";
    else
      os << d;
    os << "x";
  }
  os << kindName(kind) << ">";
  return text;
}

static llvm::Expected<std::vector<TensorSignature>>
signaturesOf(TypeRange types, llvm::StringRef what) {
  std::vector<TensorSignature> result;
  for (auto [index, type] : llvm::enumerate(types)) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    std::optional<ElementKind> kind =
        tensor ? kindOf(tensor.getElementType()) : std::nullopt;
    if (!kind) {
      std::string typeText;
      llvm::raw_string_ostream(typeText) << type;
      return jitError(what + " " + llvm::Twine(index) + " has type " +
                      typeText +
                      "; only ranked tensors of f32, bf16, i64, i32, ui8 or "
                      "si8 can be passed");
    }
    result.push_back({*kind, std::vector<int64_t>(tensor.getShape())});
  }
  return result;
}

void mlir::pdnn::prepareForJit(DialectRegistry &registry) {
  registerAllPaddleDNNDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
}

// The engine runs the module's destructors (llvm.mlir.global_dtors) when it
// is destroyed, releasing the weights the module prepared.
JitFunction::~JitFunction() = default;

llvm::Expected<std::unique_ptr<JitFunction>>
JitFunction::compile(OwningOpRef<ModuleOp> module, llvm::StringRef entry,
                     const JitOptions &options) {
  auto function = module->lookupSymbol<func::FuncOp>(entry);
  if (!function)
    return jitError("the module has no function @" + entry);
  std::unique_ptr<JitFunction> result(new JitFunction());
  result->entryName = entry.str();
  auto inputs = signaturesOf(function.getArgumentTypes(), "argument");
  if (!inputs)
    return inputs.takeError();
  auto outputs = signaturesOf(function.getResultTypes(), "result");
  if (!outputs)
    return outputs.takeError();
  result->inputTypes = std::move(*inputs);
  result->outputTypes = std::move(*outputs);
  result->checkInputsUnchanged = options.checkInputsUnchanged;
  for (unsigned i = 0, e = function.getNumArguments(); i < e; ++i) {
    auto flag = function.getArgAttrOfType<BoolAttr>(
        i, bufferization::BufferizationDialect::kWritableAttrName);
    result->writable.push_back(flag && flag.getValue());
  }
  // A C-compatible wrapper (descriptors by pointer) to call through.
  function->setAttr("llvm.emit_c_interface", UnitAttr::get(module->getContext()));

  std::string diagnostics;
  {
    ScopedDiagnosticHandler handler(module->getContext(), [&](Diagnostic &d) {
      llvm::raw_string_ostream os(diagnostics);
      os << d.getLocation() << ": " << d << "\n";
      return success();
    });
    PassManager pm(module->getContext());
    LowerPipelineOptions lowerOptions;
    lowerOptions.backend = options.backend;
    lowerOptions.exactGruActivations = options.exactGruActivations;
    lowerOptions.gruBatching = options.gruBatching;
    lowerOptions.imageLayout = options.imageLayout;
    buildLowerPipeline(pm, lowerOptions);
    if (failed(pm.run(*module)))
      return jitError("lowering failed:\n" + diagnostics);
  }

  ExecutionEngineOptions engineOptions;
  auto transformer = makeOptimizingTransformer(options.optLevel,
                                               /*sizeLevel=*/0,
                                               /*targetMachine=*/nullptr);
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel =
      static_cast<llvm::CodeGenOptLevel>(std::min(options.optLevel, 3u));
  auto engine = ExecutionEngine::create(*module, engineOptions);
  if (!engine)
    return engine.takeError();
  result->engine = std::move(*engine);
  // The runtime is linked into this program, not loaded as a library: tell
  // the JIT where each entry point is.
  result->engine->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    auto add = [&](llvm::StringRef name, void *address) {
      symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                                 llvm::JITSymbolFlags::Exported};
    };
#define PDNN_REGISTER(name) add(#name, reinterpret_cast<void *>(&name));
    PDNNRT_FOR_EACH_SYMBOL(PDNN_REGISTER)
#undef PDNN_REGISTER
    add("memrefCopy", reinterpret_cast<void *>(&memrefCopy));
    // Compiled code's tensors come from the runtime's buffer pool.
    add("malloc", reinterpret_cast<void *>(&pdnnrt_buffer_alloc));
    add("free", reinterpret_cast<void *>(&pdnnrt_buffer_free));
    add("aligned_alloc", reinterpret_cast<void *>(&pdnnrt_buffer_aligned_alloc));
    return symbols;
  });
  result->engine->initialize();
  return result;
}

llvm::Expected<std::vector<HostTensor>>
JitFunction::call(llvm::ArrayRef<const HostTensor *> args) {
  if (args.size() != inputTypes.size())
    return jitError("@" + entryName + " takes " +
                    llvm::Twine(inputTypes.size()) + " inputs, got " +
                    llvm::Twine(args.size()));
  // Ranked memref descriptors: allocated, aligned, offset, sizes, strides.
  std::vector<std::vector<int64_t>> descriptors;
  for (auto [index, pair] : llvm::enumerate(llvm::zip(args, inputTypes))) {
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
  for (const TensorSignature &output : outputTypes)
    resultWords += 3 + 2 * output.shape.size();
  std::vector<int64_t> resultStorage(std::max<size_t>(resultWords, 1));

  llvm::SmallVector<void *> pointers, packed;
  void *resultPointer = resultStorage.data();
  for (std::vector<int64_t> &descriptor : descriptors)
    pointers.push_back(descriptor.data());
  if (!outputTypes.empty())
    packed.push_back(&resultPointer);
  for (void *&pointer : pointers)
    packed.push_back(&pointer);

  // Copies of the caller's buffers, to prove they were left alone.
  std::vector<std::string> before;
  if (checkInputsUnchanged)
    for (const HostTensor *arg : args)
      before.emplace_back(static_cast<const char *>(arg->data()),
                          arg->sizeInBytes());

  pdnnrt_clear_error();
  if (llvm::Error error =
          engine->invokePacked("_mlir_ciface_" + entryName, packed))
    return error;

  for (size_t i = 0; i < before.size(); ++i)
    if (!writable[i] &&
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
  for (const TensorSignature &output : outputTypes) {
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
