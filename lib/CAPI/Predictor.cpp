//===- Predictor.cpp - the C API: load, check and run compiled models -----===//
//
// A predictor is a shared reference to one loaded model: the descriptor a
// compiled library exports (Runtime/CompiledModel.h) or one the JIT made.
// It holds no per-call state, so threads share it freely: each call builds
// its descriptors on its own stack and heap, and the runtime's caches and
// error state are per thread.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/PaddleDNN.h"

#include "CompilerPlugin.h"

#include "PaddleDNN/Runtime/CompiledModel.h"
#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <omp.h>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <set>
#include <string>
#include <vector>

// The API's dtypes are the descriptor's element type codes: a descriptor's
// element_type is cast to pdnn_dtype as is.
constexpr bool sameCode(pdnn_dtype dtype, int model) { return int(dtype) == model; }
static_assert(sameCode(PDNN_FLOAT32, PDNN_MODEL_F32) && sameCode(PDNN_BFLOAT16, PDNN_MODEL_BF16) &&
                  sameCode(PDNN_INT64, PDNN_MODEL_I64) && sameCode(PDNN_INT32, PDNN_MODEL_I32) &&
                  sameCode(PDNN_UINT8, PDNN_MODEL_UI8) && sameCode(PDNN_INT8, PDNN_MODEL_SI8),
              "pdnn_dtype and PDNN_MODEL_* disagree");

namespace {

thread_local std::string lastError;

pdnn_status fail(pdnn_status status, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
pdnn_status fail(pdnn_status status, const char *format, ...) {
  char buffer[2048];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buffer, sizeof(buffer), format, args);
  va_end(args);
  lastError = buffer;
  return status;
}

pdnn_status succeed() {
  lastError.clear();
  return PDNN_OK;
}

/// Which of the features a model may need this CPU has (with the OS's
/// support for their registers, as the compiler's builtins check it).
uint32_t hostCpuFeatures() {
  __builtin_cpu_init();
  uint32_t bits = 0;
#define PDNN_FEATURE(bit, name)                                                \
  if (__builtin_cpu_supports(name))                                            \
    bits |= static_cast<uint32_t>(bit);
  PDNN_FOR_EACH_CPU_FEATURE(PDNN_FEATURE)
#undef PDNN_FEATURE
  return bits;
}

std::string featureNames(uint32_t bits) {
  std::string text;
#define PDNN_FEATURE(bit, name)                                                \
  if (bits & (bit))                                                            \
    text += (text.empty() ? "" : " ") + std::string(name);
  PDNN_FOR_EACH_CPU_FEATURE(PDNN_FEATURE)
#undef PDNN_FEATURE
  return text;
}

/// A Paddle variable as the API shows it: one compiled argument or result,
/// plus the one that carries its LoD ("<name>@lod"), if any.
struct Variable {
  std::string name;
  int32_t position = -1;
  int32_t lodPosition = -1;
  const pdnn_compiled_tensor *tensor = nullptr;
  pdnn_tensor_info info{};
};

std::vector<Variable> variablesOf(const pdnn_compiled_tensor *tensors, int32_t count) {
  auto nameOf = [&](int32_t i) { return std::string(tensors[i].name ? tensors[i].name : ""); };
  // "<x>@lod" carries the LoD of <x> when the model has an <x>; otherwise it
  // is a variable of its own.
  std::set<std::string> names;
  for (int32_t i = 0; i < count; ++i)
    names.insert(nameOf(i));
  std::map<std::string, int32_t> lods;
  std::set<int32_t> lodPositions;
  for (int32_t i = 0; i < count; ++i) {
    std::string name = nameOf(i);
    if (name.size() > 4 && name.compare(name.size() - 4, 4, "@lod") == 0 &&
        names.count(name.substr(0, name.size() - 4))) {
      lods[name.substr(0, name.size() - 4)] = i;
      lodPositions.insert(i);
    }
  }
  std::vector<Variable> variables;
  for (int32_t i = 0; i < count; ++i) {
    std::string name = nameOf(i);
    if (lodPositions.count(i))
      continue;
    Variable variable;
    variable.name = name;
    variable.position = i;
    variable.tensor = &tensors[i];
    if (auto lod = lods.find(name); lod != lods.end())
      variable.lodPosition = lod->second;
    variables.push_back(std::move(variable));
  }
  // Last: `info.name` points into `name`, which must no longer move.
  for (Variable &variable : variables)
    variable.info = {variable.name.c_str(),
                     static_cast<pdnn_dtype>(variable.tensor->element_type),
                     variable.tensor->rank, variable.tensor->shape,
                     variable.lodPosition >= 0 ? 1 : 0};
  return variables;
}

struct LoadedModel;

/// The libraries loaded now, by dlopen handle. Held while one is loaded and
/// while a predictor is dropped (which may unload one), so that a
/// library's weights are never prepared while another thread releases them.
std::recursive_mutex libraryRegistryMutex;
std::map<void *, std::weak_ptr<LoadedModel>> libraryRegistry;

/// A loaded model, shared by a predictor and its clones; unloaded with the
/// last of them.
struct LoadedModel {
  const pdnn_compiled_model *model = nullptr;
  void *library = nullptr;
  void *jitHandle = nullptr;
  pdnn_plugin_release_fn releaseJit = nullptr;
  std::vector<Variable> inputs, outputs;

  ~LoadedModel() {
    if (jitHandle) {
      releaseJit(jitHandle);
      return;
    }
    std::lock_guard<std::recursive_mutex> lock(libraryRegistryMutex);
    if (model)
      model->finalize();
    if (library) {
      auto it = libraryRegistry.find(library);
      if (it != libraryRegistry.end() && it->second.expired())
        libraryRegistry.erase(it);
      dlclose(library);
    }
  }
};

size_t dtypeSize(int32_t dtype) {
  switch (dtype) {
  case PDNN_FLOAT32:
  case PDNN_INT32:
    return 4;
  case PDNN_BFLOAT16:
    return 2;
  case PDNN_INT64:
    return 8;
  case PDNN_UINT8:
  case PDNN_INT8:
    return 1;
  default:
    return 0;
  }
}

/// The product of `shape`, or -1 if a size is negative or the product of
/// its non-zero sizes (which the strides are) overflows.
int64_t countElements(const int64_t *shape, int32_t rank) {
  int64_t nonZero = 1;
  bool empty = false;
  for (int32_t d = 0; d < rank; ++d) {
    if (shape[d] < 0)
      return -1;
    if (shape[d] == 0) {
      empty = true;
      continue;
    }
    if (nonZero > INT64_MAX / 16 / shape[d])
      return -1;
    nonZero *= shape[d];
  }
  return empty ? 0 : nonZero;
}

/// An argument's memref descriptor: allocated, aligned, offset, sizes,
/// strides (row-major).
std::vector<int64_t> descriptorOf(const void *data, const int64_t *shape, int32_t rank) {
  auto address = reinterpret_cast<int64_t>(data);
  std::vector<int64_t> words = {address, address, 0};
  words.insert(words.end(), shape, shape + rank);
  std::vector<int64_t> strides(static_cast<size_t>(rank));
  int64_t stride = 1;
  for (int32_t d = rank - 1; d >= 0; --d) {
    strides[d] = stride;
    stride *= shape[d];
  }
  words.insert(words.end(), strides.begin(), strides.end());
  return words;
}

pdnn_status checkLoD(const Variable &variable, const pdnn_input &input) {
  const char *name = variable.name.c_str();
  if (!input.lod)
    return fail(PDNN_INVALID_ARGUMENT, "input '%s' needs a LoD (its sequences' row offsets)",
                name);
  if (input.lod_size < 1)
    return fail(PDNN_INVALID_ARGUMENT, "input '%s': a LoD has at least one offset, got %lld",
                name, static_cast<long long>(input.lod_size));
  if (input.lod[0] != 0)
    return fail(PDNN_INVALID_ARGUMENT, "input '%s': its LoD starts at %lld, not 0", name,
                static_cast<long long>(input.lod[0]));
  for (int64_t i = 1; i < input.lod_size; ++i)
    if (input.lod[i] < input.lod[i - 1])
      return fail(PDNN_INVALID_ARGUMENT,
                  "input '%s': its LoD decreases at offset %lld (%lld after %lld)", name,
                  static_cast<long long>(i), static_cast<long long>(input.lod[i]),
                  static_cast<long long>(input.lod[i - 1]));
  int64_t rows = input.rank > 0 ? input.shape[0] : 1;
  if (input.lod[input.lod_size - 1] != rows)
    return fail(PDNN_INVALID_ARGUMENT,
                "input '%s': its LoD ends at %lld but the tensor has %lld rows", name,
                static_cast<long long>(input.lod[input.lod_size - 1]),
                static_cast<long long>(rows));
  return PDNN_OK;
}

pdnn_status checkInput(const Variable &variable, const pdnn_input &input) {
  const pdnn_compiled_tensor &expected = *variable.tensor;
  const char *name = variable.name.c_str();
  if (static_cast<int32_t>(input.dtype) != expected.element_type)
    return fail(PDNN_INVALID_ARGUMENT, "input '%s' has element type %s, expected %s", name,
                pdnn_dtype_name(input.dtype),
                pdnn_dtype_name(static_cast<pdnn_dtype>(expected.element_type)));
  if (input.rank != expected.rank)
    return fail(PDNN_INVALID_ARGUMENT, "input '%s' has rank %d, expected %d", name,
                input.rank, expected.rank);
  if (input.rank > 0 && !input.shape)
    return fail(PDNN_INVALID_ARGUMENT, "input '%s' has no shape", name);
  for (int32_t d = 0; d < input.rank; ++d) {
    if (input.shape[d] < 0)
      return fail(PDNN_INVALID_ARGUMENT, "input '%s' has a negative size %lld (dimension %d)",
                  name, static_cast<long long>(input.shape[d]), d);
    if (expected.shape[d] >= 0 && input.shape[d] != expected.shape[d])
      return fail(PDNN_INVALID_ARGUMENT,
                  "input '%s' has size %lld in dimension %d, the model takes %lld", name,
                  static_cast<long long>(input.shape[d]), d,
                  static_cast<long long>(expected.shape[d]));
  }
  int64_t count = countElements(input.shape, input.rank);
  if (count < 0 || static_cast<uint64_t>(count) > SIZE_MAX / 16)
    return fail(PDNN_INVALID_ARGUMENT, "input '%s' is too large", name);
  if (count > 0 && !input.data)
    return fail(PDNN_INVALID_ARGUMENT, "input '%s' has no data", name);
  if (input.data && reinterpret_cast<uintptr_t>(input.data) % dtypeSize(input.dtype) != 0)
    return fail(PDNN_INVALID_ARGUMENT, "input '%s': its data is not aligned to its element size",
                name);
  if (variable.lodPosition >= 0)
    return checkLoD(variable, input);
  if (input.lod)
    return fail(PDNN_INVALID_ARGUMENT, "input '%s' takes no LoD", name);
  return PDNN_OK;
}

/// A buffer of the runtime's pool, freed once by whoever holds it last.
std::shared_ptr<void> runtimeBuffer(void *buffer) {
  return std::shared_ptr<void>(buffer, pdnnrt_buffer_free);
}

} // namespace

struct pdnn_predictor {
  std::shared_ptr<LoadedModel> loaded;
};

struct pdnn_tensor {
  pdnn_dtype dtype = PDNN_FLOAT32;
  std::vector<int64_t> shape;
  int64_t count = 0;
  std::shared_ptr<void> owner;
  const void *data = nullptr;
  bool hasLod = false;
  std::vector<int64_t> lod;
};

// The API's functions: declared extern "C" by PaddleDNN.h.

const char *pdnn_last_error(void) { return lastError.c_str(); }

const char *pdnn_dtype_name(pdnn_dtype dtype) {
  switch (dtype) {
  case PDNN_FLOAT32:
    return "float32";
  case PDNN_BFLOAT16:
    return "bfloat16";
  case PDNN_INT64:
    return "int64";
  case PDNN_INT32:
    return "int32";
  case PDNN_UINT8:
    return "uint8";
  case PDNN_INT8:
    return "int8";
  }
  return "unknown";
}

size_t pdnn_dtype_size(pdnn_dtype dtype) { return dtypeSize(dtype); }

const char *pdnn_runtime_version(void) { return pdnnrt_abi_version(); }

void pdnn_set_num_threads(int32_t threads) {
  if (threads > 0)
    omp_set_num_threads(threads);
}

void pdnn_compile_options_init(pdnn_compile_options *options) {
  if (!options)
    return;
  std::memset(options, 0, sizeof(*options));
  options->struct_size = sizeof(*options);
  options->fuse = 1;
  options->precision = PDNN_PRECISION_FLOAT32;
  options->opt_level = 3;
}

/// Whether this library can run `model`: read before any of its code runs.
static pdnn_status checkDescriptor(const pdnn_compiled_model *model, const char *origin) {
  if (model->abi_version != PDNN_COMPILED_MODEL_ABI)
    return fail(PDNN_INCOMPATIBLE,
                "'%s' is a compiled model of descriptor version %u; this library reads "
                "version %d",
                origin, model->abi_version, PDNN_COMPILED_MODEL_ABI);
  if (!model->runtime_abi || std::strcmp(model->runtime_abi, pdnnrt_abi_version()) != 0)
    return fail(PDNN_INCOMPATIBLE,
                "'%s' was compiled for PaddleDNN runtime %s; this is runtime %s: compile it "
                "again with this version's pdnn-compile",
                origin, model->runtime_abi ? model->runtime_abi : "(none)", pdnnrt_abi_version());
  uint32_t missing = model->cpu_features & ~hostCpuFeatures();
  if (missing)
    return fail(PDNN_INCOMPATIBLE,
                "'%s' was compiled for CPU features this CPU lacks: %s (compile it with "
                "pdnn-compile --mcpu for the oldest CPU it must run on)",
                origin, featureNames(missing).c_str());
  if (model->num_inputs < 0 || model->num_outputs < 0 ||
      (model->num_inputs && !model->inputs) || (model->num_outputs && !model->outputs) ||
      !model->name || !model->run || !model->initialize || !model->finalize)
    return fail(PDNN_INCOMPATIBLE, "'%s' has a malformed descriptor", origin);
  for (int32_t i = 0; i < model->num_inputs + model->num_outputs; ++i) {
    const pdnn_compiled_tensor &tensor =
        i < model->num_inputs ? model->inputs[i] : model->outputs[i - model->num_inputs];
    if (!tensor.name || dtypeSize(tensor.element_type) == 0 || tensor.rank < 0 ||
        tensor.rank > 16 || (tensor.rank > 0 && !tensor.shape))
      return fail(PDNN_INCOMPATIBLE, "'%s' has a malformed descriptor (tensor %d)", origin, i);
  }
  return PDNN_OK;
}

/// The predictor of a checked, initialized model.
static pdnn_status makePredictor(std::shared_ptr<LoadedModel> loaded,
                                 pdnn_predictor **predictor) {
  if (loaded->inputs.empty() && loaded->outputs.empty()) {
    loaded->inputs = variablesOf(loaded->model->inputs, loaded->model->num_inputs);
    loaded->outputs = variablesOf(loaded->model->outputs, loaded->model->num_outputs);
  }
  auto *result = new (std::nothrow) pdnn_predictor{std::move(loaded)};
  if (!result)
    return fail(PDNN_OUT_OF_MEMORY, "out of memory");
  *predictor = result;
  return succeed();
}

static pdnn_status loadLibrary(const char *libraryPath, pdnn_predictor **predictor) {
  if (!libraryPath || !predictor)
    return fail(PDNN_INVALID_ARGUMENT, "pdnn_predictor_load: a null argument");
  *predictor = nullptr;
  void *library = dlopen(libraryPath, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *message = dlerror();
    FILE *probe = std::fopen(libraryPath, "rb");
    if (!probe)
      return fail(PDNN_NOT_FOUND, "cannot open '%s': %s", libraryPath,
                  message ? message : "not found");
    std::fclose(probe);
    return fail(PDNN_INCOMPATIBLE, "cannot load '%s': %s", libraryPath,
                message ? message : "unknown error");
  }
  // The dynamic linker loads a library once per process, and its weights
  // live in its globals: every predictor of it shares one LoadedModel,
  // which prepares them once and releases them with the last predictor.
  std::lock_guard<std::recursive_mutex> lock(libraryRegistryMutex);
  if (std::shared_ptr<LoadedModel> shared = libraryRegistry[library].lock()) {
    dlclose(library); // the reference this dlopen added
    return makePredictor(std::move(shared), predictor);
  }
  // Closes the library on any failure below.
  auto loaded = std::make_shared<LoadedModel>();
  loaded->library = library;
  auto *model = static_cast<const pdnn_compiled_model *>(
      dlsym(library, PDNN_COMPILED_MODEL_SYMBOL));
  if (!model)
    return fail(PDNN_INCOMPATIBLE, "'%s' is not a model compiled by pdnn-compile (it has no %s)",
                libraryPath, PDNN_COMPILED_MODEL_SYMBOL);
  if (pdnn_status status = checkDescriptor(model, libraryPath))
    return status;
  pdnnrt_clear_error();
  model->initialize();
  loaded->model = model;
  if (const char *message = pdnnrt_last_error()) {
    std::string text = message;
    pdnnrt_clear_error();
    return fail(PDNN_RUNTIME_ERROR, "preparing the weights of '%s' failed: %s", libraryPath,
                text.c_str());
  }
  libraryRegistry[library] = loaded;
  return makePredictor(std::move(loaded), predictor);
}

/// libPaddleDNNCompiler.so, beside this library; opened once.
static void *compilerLibrary(std::string &error) {
  static std::once_flag once;
  static void *handle = nullptr;
  static std::string openError;
  std::call_once(once, [] {
    Dl_info info;
    std::string path = PDNN_COMPILER_LIBRARY;
    if (dladdr(reinterpret_cast<void *>(&pdnn_last_error), &info) && info.dli_fname) {
      std::string self = info.dli_fname;
      size_t slash = self.rfind('/');
      if (slash != std::string::npos)
        path = self.substr(0, slash + 1) + PDNN_COMPILER_LIBRARY;
    }
    handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char *message = dlerror();
      openError = "compiling in-process needs " + path + ": " +
                  (message ? message : "cannot load it");
    }
  });
  error = openError;
  return handle;
}

template <typename Fn> static Fn compilerFunction(const char *name, std::string &error) {
  void *library = compilerLibrary(error);
  if (!library)
    return nullptr;
  auto function = reinterpret_cast<Fn>(dlsym(library, name));
  if (!function)
    error = std::string(PDNN_COMPILER_LIBRARY " has no ") + name;
  return function;
}

static const pdnn_compile_options *withDefaults(const pdnn_compile_options *options,
                                                pdnn_compile_options &storage) {
  pdnn_compile_options_init(&storage);
  if (options)
    std::memcpy(&storage, options, std::min<size_t>(options->struct_size, sizeof(storage)));
  storage.struct_size = sizeof(storage);
  return &storage;
}

static pdnn_status compileInProcess(const char *modelPath, const pdnn_compile_options *options,
                                    pdnn_predictor **predictor) {
  if (!modelPath || !predictor)
    return fail(PDNN_INVALID_ARGUMENT, "pdnn_predictor_compile: a null argument");
  *predictor = nullptr;
  std::string error;
  auto jit = compilerFunction<pdnn_plugin_jit_fn>("pdnn_plugin_jit", error);
  auto release = compilerFunction<pdnn_plugin_release_fn>("pdnn_plugin_release", error);
  if (!jit || !release)
    return fail(PDNN_NOT_FOUND, "%s", error.c_str());
  pdnn_compile_options storage;
  char message[4096] = {};
  const pdnn_compiled_model *model = nullptr;
  void *handle = nullptr;
  int status = jit(modelPath, withDefaults(options, storage), &model, &handle, message,
                   sizeof(message));
  if (status != PDNN_OK)
    return fail(static_cast<pdnn_status>(status), "%s", message);
  auto loaded = std::make_shared<LoadedModel>();
  loaded->model = model;
  loaded->jitHandle = handle;
  loaded->releaseJit = release;
  if (pdnn_status status = checkDescriptor(model, modelPath))
    return status;
  return makePredictor(std::move(loaded), predictor);
}

static pdnn_status compileLibrary(const char *modelPath, const pdnn_compile_options *options,
                                  const char *outputPath) {
  if (!modelPath || !outputPath)
    return fail(PDNN_INVALID_ARGUMENT, "pdnn_compile: a null argument");
  std::string error;
  auto compile = compilerFunction<pdnn_plugin_compile_fn>("pdnn_plugin_compile", error);
  if (!compile)
    return fail(PDNN_NOT_FOUND, "%s", error.c_str());
  pdnn_compile_options storage;
  char message[4096] = {};
  int status = compile(modelPath, withDefaults(options, storage), outputPath, message,
                       sizeof(message));
  if (status != PDNN_OK)
    return fail(static_cast<pdnn_status>(status), "%s", message);
  return succeed();
}

pdnn_predictor *pdnn_predictor_clone(const pdnn_predictor *predictor) {
  if (!predictor)
    return nullptr;
  return new (std::nothrow) pdnn_predictor{predictor->loaded};
}

void pdnn_predictor_destroy(pdnn_predictor *predictor) {
  // Under the registry's lock: the last reference unloads the library, and
  // a load of the same library must not see it expired before that is done.
  std::lock_guard<std::recursive_mutex> lock(libraryRegistryMutex);
  delete predictor;
}

int32_t pdnn_predictor_num_inputs(const pdnn_predictor *predictor) {
  return predictor ? static_cast<int32_t>(predictor->loaded->inputs.size()) : 0;
}

int32_t pdnn_predictor_num_outputs(const pdnn_predictor *predictor) {
  return predictor ? static_cast<int32_t>(predictor->loaded->outputs.size()) : 0;
}

static pdnn_status describe(const pdnn_predictor *predictor, int32_t index,
                            pdnn_tensor_info *info, bool input) {
  if (!predictor || !info)
    return fail(PDNN_INVALID_ARGUMENT, "a null argument");
  const std::vector<Variable> &list =
      input ? predictor->loaded->inputs : predictor->loaded->outputs;
  if (index < 0 || static_cast<size_t>(index) >= list.size())
    return fail(PDNN_INVALID_ARGUMENT, "the model has %zu %s; there is no %s %d", list.size(),
                input ? "inputs" : "outputs", input ? "input" : "output", index);
  *info = list[index].info;
  return succeed();
}

pdnn_status pdnn_predictor_input(const pdnn_predictor *predictor, int32_t index,
                                 pdnn_tensor_info *info) {
  return describe(predictor, index, info, true);
}

pdnn_status pdnn_predictor_output(const pdnn_predictor *predictor, int32_t index,
                                  pdnn_tensor_info *info) {
  return describe(predictor, index, info, false);
}

const char *pdnn_predictor_name(const pdnn_predictor *predictor) {
  return predictor ? predictor->loaded->model->name : "";
}

static pdnn_status runPredictor(const pdnn_predictor *predictor, const pdnn_input *inputs,
                                int32_t numInputs, pdnn_tensor **outputs,
                                int32_t numOutputs) {
  if (!predictor || (numInputs > 0 && !inputs) || (numOutputs > 0 && !outputs))
    return fail(PDNN_INVALID_ARGUMENT, "pdnn_predictor_run: a null argument");
  const LoadedModel &loaded = *predictor->loaded;
  const pdnn_compiled_model &model = *loaded.model;
  if (numOutputs != static_cast<int32_t>(loaded.outputs.size()))
    return fail(PDNN_INVALID_ARGUMENT, "the model has %zu outputs; %d output slots were given",
                loaded.outputs.size(), numOutputs);
  if (numInputs < 0)
    return fail(PDNN_INVALID_ARGUMENT, "a negative number of inputs");

  // Which given input is which variable.
  std::vector<const pdnn_input *> given(loaded.inputs.size(), nullptr);
  for (int32_t k = 0; k < numInputs; ++k) {
    size_t index = static_cast<size_t>(k);
    if (inputs[k].name) {
      auto it = std::find_if(loaded.inputs.begin(), loaded.inputs.end(),
                             [&](const Variable &v) { return v.name == inputs[k].name; });
      if (it == loaded.inputs.end())
        return fail(PDNN_INVALID_ARGUMENT, "the model has no input '%s'", inputs[k].name);
      index = static_cast<size_t>(it - loaded.inputs.begin());
    } else if (index >= given.size()) {
      return fail(PDNN_INVALID_ARGUMENT, "the model has %zu inputs, got %d", given.size(),
                  numInputs);
    }
    if (given[index])
      return fail(PDNN_INVALID_ARGUMENT, "input '%s' is given twice",
                  loaded.inputs[index].name.c_str());
    given[index] = &inputs[k];
  }
  for (size_t i = 0; i < given.size(); ++i) {
    if (!given[i])
      return fail(PDNN_INVALID_ARGUMENT, "input '%s' is missing", loaded.inputs[i].name.c_str());
    if (pdnn_status status = checkInput(loaded.inputs[i], *given[i]))
      return status;
  }

  // The arguments' descriptors. An argument the model may overwrite is
  // copied: the caller's memory is const.
  std::vector<std::vector<int64_t>> descriptors(static_cast<size_t>(model.num_inputs));
  std::vector<std::shared_ptr<void>> copies;
  auto argument = [&](int32_t position, const void *data, const int64_t *shape,
                      int32_t rank, size_t bytes) -> pdnn_status {
    if (model.inputs[position].writable && bytes > 0) {
      void *copy = pdnnrt_buffer_aligned_alloc(64, bytes);
      if (!copy)
        return fail(PDNN_OUT_OF_MEMORY, "out of memory copying input '%s'",
                    model.inputs[position].name);
      std::memcpy(copy, data, bytes);
      copies.push_back(runtimeBuffer(copy));
      data = copy;
    }
    descriptors[position] = descriptorOf(data, shape, rank);
    return PDNN_OK;
  };
  for (size_t i = 0; i < given.size(); ++i) {
    const Variable &variable = loaded.inputs[i];
    const pdnn_input &input = *given[i];
    size_t bytes = static_cast<size_t>(countElements(input.shape, input.rank)) *
                   dtypeSize(input.dtype);
    if (pdnn_status status =
            argument(variable.position, input.data, input.shape, input.rank, bytes))
      return status;
    if (variable.lodPosition >= 0)
      if (pdnn_status status =
              argument(variable.lodPosition, input.lod, &input.lod_size, 1,
                       static_cast<size_t>(input.lod_size) * sizeof(int64_t)))
        return status;
  }

  for (const std::vector<int64_t> &descriptor : descriptors)
    if (descriptor.empty())
      return fail(PDNN_INCOMPATIBLE, "the model's descriptor leaves an argument unnamed");

  size_t resultWords = 0;
  for (int32_t i = 0; i < model.num_outputs; ++i)
    resultWords += 3 + 2 * static_cast<size_t>(model.outputs[i].rank);
  std::vector<int64_t> results(std::max<size_t>(resultWords, 1), 0);
  std::vector<void *> packed;
  packed.push_back(results.data());
  for (std::vector<int64_t> &descriptor : descriptors)
    packed.push_back(descriptor.data());

  pdnnrt_clear_error();
  model.run(packed.data());

  // Results own what compiled code allocated for them, shared when two are
  // one buffer. One that is an input's buffer, a copy's or a constant's is
  // copied out.
  std::vector<const void *> foreign;
  for (const std::vector<int64_t> &descriptor : descriptors)
    foreign.push_back(reinterpret_cast<const void *>(descriptor[0]));
  std::map<void *, std::shared_ptr<void>> owners;
  struct Result {
    const void *data;
    std::vector<int64_t> shape;
    std::shared_ptr<void> owner;
  };
  std::vector<Result> raw;
  size_t at = 0;
  for (int32_t i = 0; i < model.num_outputs; ++i) {
    size_t rank = static_cast<size_t>(model.outputs[i].rank);
    auto *allocated = reinterpret_cast<void *>(results[at]);
    auto *aligned = reinterpret_cast<char *>(results[at + 1]);
    int64_t offset = results[at + 2];
    std::vector<int64_t> shape(results.begin() + at + 3, results.begin() + at + 3 + rank);
    at += 3 + 2 * rank;
    bool fresh = allocated && allocated != reinterpret_cast<void *>(0xdeadbeef) &&
                 std::find(foreign.begin(), foreign.end(), allocated) == foreign.end();
    std::shared_ptr<void> owner;
    if (fresh) {
      std::shared_ptr<void> &shared = owners[allocated];
      if (!shared)
        shared = runtimeBuffer(allocated);
      owner = shared;
    }
    raw.push_back({aligned + offset * static_cast<int64_t>(
                                          dtypeSize(model.outputs[i].element_type)),
                   std::move(shape), std::move(owner)});
  }
  if (const char *message = pdnnrt_last_error()) {
    std::string text = message;
    pdnnrt_clear_error();
    return fail(PDNN_RUNTIME_ERROR, "%s", text.c_str());
  }

  std::vector<std::unique_ptr<pdnn_tensor>> made;
  for (const Variable &variable : loaded.outputs) {
    auto tensor = std::make_unique<pdnn_tensor>();
    Result &result = raw[variable.position];
    tensor->dtype = static_cast<pdnn_dtype>(variable.tensor->element_type);
    tensor->shape = result.shape;
    tensor->count = countElements(tensor->shape.data(), variable.tensor->rank);
    if (tensor->count < 0)
      return fail(PDNN_RUNTIME_ERROR, "output '%s' came back with an invalid shape",
                  variable.name.c_str());
    size_t bytes = static_cast<size_t>(tensor->count) * dtypeSize(tensor->dtype);
    if (result.owner) {
      tensor->owner = result.owner;
      tensor->data = result.data;
    } else {
      void *copy = pdnnrt_buffer_aligned_alloc(64, std::max<size_t>(bytes, 1));
      if (!copy)
        return fail(PDNN_OUT_OF_MEMORY, "out of memory copying output '%s'",
                    variable.name.c_str());
      if (bytes)
        std::memcpy(copy, result.data, bytes);
      tensor->owner = runtimeBuffer(copy);
      tensor->data = copy;
    }
    if (variable.lodPosition >= 0) {
      const Result &lod = raw[variable.lodPosition];
      const auto *offsets = static_cast<const int64_t *>(lod.data);
      tensor->hasLod = true;
      tensor->lod.assign(offsets, offsets + (lod.shape.empty() ? 0 : lod.shape[0]));
    }
    made.push_back(std::move(tensor));
  }
  for (size_t i = 0; i < made.size(); ++i)
    outputs[i] = made[i].release();
  return succeed();
}

/// No C++ exception leaves the C API: a failed allocation is a status.
template <typename Body> static pdnn_status guarded(Body body) {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return fail(PDNN_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception &e) {
    return fail(PDNN_RUNTIME_ERROR, "%s", e.what());
  } catch (...) {
    return fail(PDNN_RUNTIME_ERROR, "an unknown exception");
  }
}

pdnn_status pdnn_predictor_load(const char *libraryPath, pdnn_predictor **predictor) {
  return guarded([&] { return loadLibrary(libraryPath, predictor); });
}

pdnn_status pdnn_predictor_compile(const char *modelPath, const pdnn_compile_options *options,
                                   pdnn_predictor **predictor) {
  return guarded([&] { return compileInProcess(modelPath, options, predictor); });
}

pdnn_status pdnn_compile(const char *modelPath, const pdnn_compile_options *options,
                         const char *outputPath) {
  return guarded([&] { return compileLibrary(modelPath, options, outputPath); });
}

pdnn_status pdnn_predictor_run(const pdnn_predictor *predictor, const pdnn_input *inputs,
                               int32_t numInputs, pdnn_tensor **outputs, int32_t numOutputs) {
  return guarded([&] { return runPredictor(predictor, inputs, numInputs, outputs, numOutputs); });
}

pdnn_dtype pdnn_tensor_dtype(const pdnn_tensor *tensor) {
  return tensor ? tensor->dtype : PDNN_FLOAT32;
}
int32_t pdnn_tensor_rank(const pdnn_tensor *tensor) {
  return tensor ? static_cast<int32_t>(tensor->shape.size()) : 0;
}
const int64_t *pdnn_tensor_shape(const pdnn_tensor *tensor) {
  return tensor ? tensor->shape.data() : nullptr;
}
int64_t pdnn_tensor_num_elements(const pdnn_tensor *tensor) {
  return tensor ? tensor->count : 0;
}
const void *pdnn_tensor_data(const pdnn_tensor *tensor) {
  return tensor ? tensor->data : nullptr;
}
const int64_t *pdnn_tensor_lod(const pdnn_tensor *tensor, int64_t *lodSize) {
  if (lodSize)
    *lodSize = tensor && tensor->hasLod ? static_cast<int64_t>(tensor->lod.size()) : 0;
  return tensor && tensor->hasLod ? tensor->lod.data() : nullptr;
}
void pdnn_tensor_destroy(pdnn_tensor *tensor) { delete tensor; }
