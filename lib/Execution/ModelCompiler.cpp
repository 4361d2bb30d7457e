//===- ModelCompiler.cpp - a pdnn module to a compiled model --------------===//

#include "PaddleDNN/Execution/ModelCompiler.h"

#include "PaddleDNN/Pipelines/Pipelines.h"
#include "PaddleDNN/Runtime/CompiledModel.h"
#include "PaddleDNN/Runtime/RuntimeABI.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/SubtargetFeature.h"

using namespace mlir;
using namespace mlir::pdnn;

static llvm::Error compileError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<ModelSignature>
mlir::pdnn::lowerModel(ModuleOp module, llvm::StringRef entry,
                       const CodegenOptions &options) {
  auto function = module.lookupSymbol<func::FuncOp>(entry);
  if (!function)
    return compileError("the module has no function @" + entry);
  llvm::Expected<ModelSignature> signature = signatureOf(function);
  if (!signature)
    return signature.takeError();
  // MLIR's C interface: results and arguments by descriptor pointer.
  function->setAttr("llvm.emit_c_interface", UnitAttr::get(module.getContext()));

  std::string diagnostics;
  ScopedDiagnosticHandler handler(module.getContext(), [&](Diagnostic &d) {
    llvm::raw_string_ostream os(diagnostics);
    os << d.getLocation() << ": " << d << "\n";
    return success();
  });
  PassManager pm(module.getContext());
  LowerPipelineOptions lowerOptions;
  lowerOptions.backend = options.backend;
  lowerOptions.exactGruActivations = options.exactGruActivations;
  lowerOptions.gruBatching = options.gruBatching;
  lowerOptions.imageLayout = options.imageLayout;
  buildLowerPipeline(pm, lowerOptions);
  if (failed(pm.run(module)))
    return compileError("lowering failed:\n" + diagnostics);
  return signature;
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
mlir::pdnn::createTargetMachine(llvm::StringRef cpu, llvm::StringRef features,
                                unsigned optLevel, bool positionIndependent) {
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  // LLVM ignores an unknown CPU or feature with a warning, and an unknown
  // CPU then fails deep in code generation: refuse them here.
  std::string lookupError;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(builder->getTargetTriple(), lookupError);
  if (!target)
    return compileError(lookupError);
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(builder->getTargetTriple(), "", ""));
  if (!cpu.empty() && !info->isCPUStringValid(cpu))
    return compileError("unknown CPU '" + cpu + "' (llc -mcpu=help lists them)");
  llvm::SmallVector<llvm::StringRef> featureList;
  features.split(featureList, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef feature : featureList) {
    llvm::StringRef name = feature.trim();
    if (!name.consume_front("+") && !name.consume_front("-"))
      return compileError("a CPU feature is +name or -name, not '" + feature + "'");
    if (llvm::none_of(info->getAllProcessorFeatures(),
                      [&](const llvm::SubtargetFeatureKV &kv) { return name == kv.Key; }))
      return compileError("unknown CPU feature '" + name + "' (llc -mattr=help lists them)");
  }
  if (!cpu.empty()) {
    // The named CPU's own features, plus any given.
    builder->setCPU(cpu.str());
    builder->getFeatures() = llvm::SubtargetFeatures();
  }
  for (llvm::StringRef feature : featureList)
    builder->getFeatures().AddFeature(feature.trim());
  builder->setCodeGenOptLevel(
      static_cast<llvm::CodeGenOptLevel>(std::min(optLevel, 3u)));
  if (positionIndependent)
    builder->setRelocationModel(llvm::Reloc::PIC_);
  return builder->createTargetMachine();
}

namespace {
struct CpuFeature {
  uint32_t bit;
  const char *llvmName;
};
constexpr CpuFeature kCpuFeatures[] = {
#define PDNN_FEATURE(bit, name) {bit, name},
    PDNN_FOR_EACH_CPU_FEATURE(PDNN_FEATURE)
#undef PDNN_FEATURE
};
} // namespace

uint32_t mlir::pdnn::cpuFeatureBits(const llvm::TargetMachine &machine) {
  const llvm::MCSubtargetInfo *info = machine.getMCSubtargetInfo();
  uint32_t bits = 0;
  for (const CpuFeature &feature : kCpuFeatures)
    if (info->checkFeatures(std::string("+") + feature.llvmName))
      bits |= feature.bit;
  return bits;
}

namespace {
/// Builds the descriptor and the packed entry inside one LLVM module.
class DescriptorBuilder {
public:
  DescriptorBuilder(llvm::Module &module)
      : module(module), context(module.getContext()),
        ptr(llvm::PointerType::getUnqual(context)),
        i32(llvm::Type::getInt32Ty(context)),
        i64(llvm::Type::getInt64Ty(context)),
        tensorType(llvm::StructType::get(context, {ptr, i32, i32, ptr, i32, i32})) {}

  /// void run(void **packed): packed[0] the results, packed[1 + i] input i.
  llvm::Function *packedEntry(llvm::Function *entry, bool hasResults) {
    auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(context), {ptr},
                                         /*isVarArg=*/false);
    auto *run = llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage,
                                       "pdnn_run_packed", module);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", run));
    llvm::SmallVector<llvm::Value *> args;
    for (unsigned i = 0; i < entry->arg_size(); ++i) {
      unsigned slot = hasResults ? i : i + 1;
      llvm::Value *at = b.CreateConstGEP1_64(ptr, run->getArg(0), slot);
      args.push_back(b.CreateLoad(ptr, at));
    }
    b.CreateCall(entry, args);
    b.CreateRetVoid();
    return run;
  }

  llvm::Constant *string(llvm::StringRef text) {
    return privateConstant(llvm::ConstantDataArray::getString(context, text));
  }

  llvm::Constant *tensors(const std::vector<TensorSignature> &list) {
    if (list.empty())
      return llvm::ConstantPointerNull::get(ptr);
    std::vector<llvm::Constant *> entries;
    for (const TensorSignature &tensor : list) {
      std::vector<uint64_t> shape;
      for (int64_t size : tensor.shape)
        shape.push_back(ShapedType::isDynamic(size) ? uint64_t(-1) : uint64_t(size));
      llvm::Constant *shapeData =
          shape.empty() ? llvm::ConstantPointerNull::get(ptr)
                        : privateConstant(llvm::ConstantDataArray::get(context, shape));
      entries.push_back(llvm::ConstantStruct::get(
          tensorType, {string(tensor.name),
                       llvm::ConstantInt::get(i32, elementCode(tensor.kind)),
                       llvm::ConstantInt::get(i32, tensor.shape.size()), shapeData,
                       llvm::ConstantInt::get(i32, tensor.writable ? 1 : 0),
                       llvm::ConstantInt::get(i32, 0)}));
    }
    return privateConstant(llvm::ConstantArray::get(
        llvm::ArrayType::get(tensorType, entries.size()), entries));
  }

  /// A function that calls what `llvm.<list>` (global_ctors or
  /// global_dtors) lists, in the order the dynamic linker would, and the
  /// list removed: the loader calls it, not the dynamic linker.
  llvm::Function *takeStructors(llvm::StringRef list, llvm::StringRef name,
                                bool descending) {
    auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(context), false);
    auto *function = llvm::Function::Create(
        type, llvm::GlobalValue::InternalLinkage, name, module);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", function));
    if (llvm::GlobalVariable *global = module.getGlobalVariable(list)) {
      std::vector<std::pair<uint64_t, llvm::Constant *>> entries;
      if (auto *array = llvm::dyn_cast<llvm::ConstantArray>(global->getInitializer()))
        for (llvm::Use &use : array->operands()) {
          auto *entry = llvm::cast<llvm::ConstantStruct>(use.get());
          entries.push_back(
              {llvm::cast<llvm::ConstantInt>(entry->getOperand(0))->getZExtValue(),
               entry->getOperand(1)});
        }
      // Constructors run by ascending priority, destructors by descending.
      std::stable_sort(entries.begin(), entries.end(), [&](auto &a, auto &b) {
        return descending ? a.first > b.first : a.first < b.first;
      });
      global->eraseFromParent();
      for (auto &[priority, callee] : entries)
        b.CreateCall(type, callee);
    }
    b.CreateRetVoid();
    return function;
  }

  void descriptor(llvm::StringRef name, const ModelSignature &signature,
                  uint32_t cpuFeatures, llvm::Function *initialize,
                  llvm::Function *finalize, llvm::Function *run) {
    auto *type = llvm::StructType::get(
        context, {i32, i32, ptr, ptr, i32, i32, ptr, ptr, ptr, ptr, ptr});
    auto *value = llvm::ConstantStruct::get(
        type, {llvm::ConstantInt::get(i32, PDNN_COMPILED_MODEL_ABI),
               llvm::ConstantInt::get(i32, cpuFeatures),
               string(PDNNRT_ABI_VERSION), string(name),
               llvm::ConstantInt::get(i32, signature.inputs.size()),
               llvm::ConstantInt::get(i32, signature.outputs.size()),
               tensors(signature.inputs), tensors(signature.outputs),
               initialize, finalize, run});
    new llvm::GlobalVariable(module, type, /*isConstant=*/true,
                             llvm::GlobalValue::ExternalLinkage, value,
                             PDNN_COMPILED_MODEL_SYMBOL);
  }

private:
  static int32_t elementCode(ElementKind kind) {
    switch (kind) {
    case ElementKind::F32:
      return PDNN_MODEL_F32;
    case ElementKind::BF16:
      return PDNN_MODEL_BF16;
    case ElementKind::I64:
      return PDNN_MODEL_I64;
    case ElementKind::I32:
      return PDNN_MODEL_I32;
    case ElementKind::UI8:
      return PDNN_MODEL_UI8;
    case ElementKind::SI8:
      return PDNN_MODEL_SI8;
    }
    return PDNN_MODEL_F32;
  }

  llvm::Constant *privateConstant(llvm::Constant *value) {
    auto *global = new llvm::GlobalVariable(module, value->getType(), true,
                                            llvm::GlobalValue::PrivateLinkage,
                                            value, "pdnn.descriptor");
    global->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
    return global;
  }

  llvm::Module &module;
  llvm::LLVMContext &context;
  llvm::PointerType *ptr;
  llvm::IntegerType *i32, *i64;
  llvm::StructType *tensorType;
};
} // namespace

/// Code generation turns an f32 -> bf16 truncation into a call of the
/// builtin __truncsfbf2, which the system's runtime libraries may lack
/// (Debian's GCC 12 does); and on a CPU without bf16 instructions it
/// inserts such truncations itself, wherever it carries a bf16 value (a
/// load, a phi, a store) in an f32 register. So every module gets its own:
/// a hidden, weak definition that calls the runtime's, so that neither the
/// JIT nor the linker looks for it elsewhere and no library exports it.
static void defineBf16Truncation(llvm::Module &module) {
  llvm::LLVMContext &context = module.getContext();
  llvm::Type *f32 = llvm::Type::getFloatTy(context);
  llvm::Type *bf16 = llvm::Type::getBFloatTy(context);
  auto *type = llvm::FunctionType::get(bf16, {f32}, false);
  llvm::Function *builtin = module.getFunction("__truncsfbf2");
  if (builtin && (!builtin->isDeclaration() || builtin->getFunctionType() != type))
    return;
  llvm::FunctionCallee runtime = module.getOrInsertFunction(
      "pdnnrt_truncsfbf2", llvm::FunctionType::get(f32, {f32}, false));
  // A declaration (a call LLVM's optimizations made) gets the body.
  if (!builtin)
    builtin = llvm::Function::Create(type, llvm::GlobalValue::WeakAnyLinkage,
                                     "__truncsfbf2", module);
  builtin->setLinkage(llvm::GlobalValue::WeakAnyLinkage);
  builtin->setVisibility(llvm::GlobalValue::HiddenVisibility);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", builtin));
  // The runtime returns the bf16 bits in the float's low half.
  llvm::Value *bits = b.CreateBitCast(b.CreateCall(runtime, {builtin->getArg(0)}),
                                      b.getInt32Ty());
  b.CreateRet(b.CreateBitCast(b.CreateTrunc(bits, b.getInt16Ty()), bf16));
  llvm::appendToCompilerUsed(module, {builtin});
}

/// Compiled code allocates and copies through the runtime (its buffer pool,
/// and a copy that needs no MLIR runner library). Renamed after LLVM's
/// optimizations, which know malloc's and free's meaning.
static llvm::Error bindRuntimeSymbols(llvm::Module &module) {
  const std::pair<const char *, const char *> renames[] = {
      {"malloc", "pdnnrt_buffer_alloc"},
      {"aligned_alloc", "pdnnrt_buffer_aligned_alloc"},
      {"free", "pdnnrt_buffer_free"},
      {"memrefCopy", "pdnnrt_memref_copy"}};
  for (auto [from, to] : renames) {
    llvm::Function *function = module.getFunction(from);
    if (!function)
      continue;
    if (llvm::Function *existing = module.getFunction(to)) {
      function->replaceAllUsesWith(existing);
      function->eraseFromParent();
    } else {
      function->setName(to);
    }
  }
  // An allocation the runtime does not make could not be freed by it.
  for (const char *foreign : {"calloc", "realloc", "posix_memalign"})
    if (module.getFunction(foreign))
      return compileError(llvm::Twine("compiled code calls ") + foreign +
                          ", which the runtime's buffer pool does not provide");
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<llvm::Module>>
mlir::pdnn::translateModel(ModuleOp lowered, llvm::StringRef entry,
                           const ModelSignature &signature, llvm::StringRef name,
                           llvm::LLVMContext &context, llvm::TargetMachine &machine,
                           const CodegenOptions &options) {
  std::unique_ptr<llvm::Module> module =
      translateModuleToLLVMIR(lowered, context, name);
  if (!module)
    return compileError("translation to LLVM IR failed");
  module->setDataLayout(machine.createDataLayout());
  module->setTargetTriple(machine.getTargetTriple());

  llvm::Function *cinterface = module->getFunction(("_mlir_ciface_" + entry).str());
  if (!cinterface)
    return compileError("the lowered module has no C interface for @" + entry);
  unsigned expected = signature.inputs.size() + (signature.outputs.empty() ? 0 : 1);
  if (cinterface->arg_size() != expected)
    return compileError("@" + entry + "'s C interface takes " +
                        llvm::Twine(cinterface->arg_size()) + " pointers, expected " +
                        llvm::Twine(expected));
  std::string mainName = (name + "_main").str();
  if (llvm::Function *clash = module->getFunction(mainName); clash && clash != cinterface)
    clash->setName(mainName + ".impl");
  cinterface->setName(mainName);

  DescriptorBuilder builder(*module);
  llvm::Function *run = builder.packedEntry(cinterface, !signature.outputs.empty());
  llvm::Function *initialize =
      builder.takeStructors("llvm.global_ctors", (name + "_initialize").str(),
                            /*descending=*/false);
  llvm::Function *finalize =
      builder.takeStructors("llvm.global_dtors", (name + "_finalize").str(),
                            /*descending=*/true);
  builder.descriptor(name, signature, cpuFeatureBits(machine), initialize, finalize,
                     run);

  // Only the entry points and the descriptor are the library's interface;
  // the rest may be inlined and dropped.
  for (llvm::Function &function : *module)
    if (!function.isDeclaration())
      function.setLinkage(&function == cinterface || &function == initialize ||
                                  &function == finalize
                              ? llvm::GlobalValue::ExternalLinkage
                              : llvm::GlobalValue::InternalLinkage);
  for (llvm::GlobalVariable &global : module->globals())
    if (!global.isDeclaration() && !global.getName().starts_with("llvm.") &&
        global.getName() != PDNN_COMPILED_MODEL_SYMBOL)
      global.setLinkage(llvm::GlobalValue::InternalLinkage);
  // Exported, but called within the library without interposition: another
  // library of the same name loaded before this one must not take over the
  // entry points its descriptor and packed entry call. (The descriptor is
  // data, which an executable may copy-relocate: it stays default.)
  for (llvm::Function *exported : {cinterface, initialize, finalize})
    exported->setVisibility(llvm::GlobalValue::ProtectedVisibility);

  auto optimize = makeOptimizingTransformer(options.optLevel, /*sizeLevel=*/0,
                                            /*targetMachine=*/nullptr);
  if (llvm::Error error = optimize(module.get()))
    return error;
  if (llvm::Error error = bindRuntimeSymbols(*module))
    return error;
  defineBf16Truncation(*module);
  return module;
}
