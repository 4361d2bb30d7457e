/*===- CompiledModel.h - what a compiled model tells its loader ----*- C -*-===*
 *
 * Every compiled model, whether pdnn-compile wrote it into a shared library
 * or the JIT holds it in memory, carries one pdnn_compiled_model: its
 * signature and the one function that runs it. A library exports it as the
 * symbol PDNN_COMPILED_MODEL_SYMBOL; the C API (PaddleDNN/PaddleDNN.h)
 * reads nothing else. The layout is fixed for a given abi_version, which
 * the loader checks before it reads any other field.
 *
 * Arguments and results cross as MLIR's ranked memref descriptors,
 *
 *   struct { void *allocated; void *aligned; int64_t offset;
 *            int64_t sizes[rank]; int64_t strides[rank]; }
 *
 * `initialize()` prepares the model's weights (reorders, packs, quantizes
 * them); a loader calls it once, after its checks and before any `run`,
 * and `finalize()` once when it is done with the model. The library itself
 * runs no code when it is loaded, so that a loader can refuse it (another
 * CPU, another runtime) before any of its instructions execute. Errors of
 * either are the runtime's (pdnnrt_last_error).
 *
 * `run(packed)`: packed[0] points at the results (the descriptors of every
 * output, one after the other, as int64_t words), packed[1 + i] at the
 * descriptor of input i. A result's `allocated` is either a buffer the
 * caller now owns (free it with pdnnrt_buffer_free) or an input's or a
 * constant's address, which the caller must copy and not free.
 *
 *===----------------------------------------------------------------------===*/

#ifndef PADDLEDNN_RUNTIME_COMPILEDMODEL_H
#define PADDLEDNN_RUNTIME_COMPILEDMODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever the layout below changes. */
#define PDNN_COMPILED_MODEL_ABI 1
/* The symbol a compiled library exports. */
#define PDNN_COMPILED_MODEL_SYMBOL "pdnn_compiled_model"

/* Element types, as the C API names them (PDNN_* in PaddleDNN.h). */
enum {
  PDNN_MODEL_F32 = 0,
  PDNN_MODEL_BF16 = 1,
  PDNN_MODEL_I64 = 2,
  PDNN_MODEL_I32 = 3,
  PDNN_MODEL_UI8 = 4,
  PDNN_MODEL_SI8 = 5,
};

/* CPU features a model's code may have been compiled to use (the x86-64
 * extensions beyond the baseline that LLVM generates code for): the loader
 * refuses a model whose `cpu_features` this CPU lacks. */
enum {
  PDNN_CPU_AVX2 = 1u << 0,
  PDNN_CPU_FMA = 1u << 1,
  PDNN_CPU_AVX512F = 1u << 2,
  PDNN_CPU_AVX512BW = 1u << 3,
  PDNN_CPU_AVX512VL = 1u << 4,
  PDNN_CPU_AVX512VNNI = 1u << 5,
  PDNN_CPU_AVX512BF16 = 1u << 6,
  PDNN_CPU_AMX_TILE = 1u << 7,
  PDNN_CPU_AVX512FP16 = 1u << 8,
  PDNN_CPU_SSE4_2 = 1u << 9,
  PDNN_CPU_POPCNT = 1u << 10,
  PDNN_CPU_AVX = 1u << 11,
  PDNN_CPU_F16C = 1u << 12,
  PDNN_CPU_BMI = 1u << 13,
  PDNN_CPU_BMI2 = 1u << 14,
  PDNN_CPU_AVX512DQ = 1u << 15,
  PDNN_CPU_AVX512CD = 1u << 16,
  PDNN_CPU_AVX512VBMI = 1u << 17,
  PDNN_CPU_AVX512VBMI2 = 1u << 18,
  PDNN_CPU_AVXVNNI = 1u << 19,
  PDNN_CPU_AMX_INT8 = 1u << 20,
  PDNN_CPU_AMX_BF16 = 1u << 21,
};

/* Each feature's bit and its name: LLVM's (-mattr) and GCC's
 * (__builtin_cpu_supports) spell them alike. */
#define PDNN_FOR_EACH_CPU_FEATURE(X)                                           \
  X(PDNN_CPU_AVX2, "avx2")                                                     \
  X(PDNN_CPU_FMA, "fma")                                                       \
  X(PDNN_CPU_AVX512F, "avx512f")                                               \
  X(PDNN_CPU_AVX512BW, "avx512bw")                                             \
  X(PDNN_CPU_AVX512VL, "avx512vl")                                             \
  X(PDNN_CPU_AVX512VNNI, "avx512vnni")                                         \
  X(PDNN_CPU_AVX512BF16, "avx512bf16")                                         \
  X(PDNN_CPU_AMX_TILE, "amx-tile")                                             \
  X(PDNN_CPU_AVX512FP16, "avx512fp16")                                         \
  X(PDNN_CPU_SSE4_2, "sse4.2")                                                 \
  X(PDNN_CPU_POPCNT, "popcnt")                                                 \
  X(PDNN_CPU_AVX, "avx")                                                       \
  X(PDNN_CPU_F16C, "f16c")                                                     \
  X(PDNN_CPU_BMI, "bmi")                                                       \
  X(PDNN_CPU_BMI2, "bmi2")                                                     \
  X(PDNN_CPU_AVX512DQ, "avx512dq")                                             \
  X(PDNN_CPU_AVX512CD, "avx512cd")                                             \
  X(PDNN_CPU_AVX512VBMI, "avx512vbmi")                                         \
  X(PDNN_CPU_AVX512VBMI2, "avx512vbmi2")                                       \
  X(PDNN_CPU_AVXVNNI, "avxvnni")                                               \
  X(PDNN_CPU_AMX_INT8, "amx-int8")                                             \
  X(PDNN_CPU_AMX_BF16, "amx-bf16")

typedef struct pdnn_compiled_tensor {
  /* The Paddle variable's name ("words"; "words@lod" for its LoD). */
  const char *name;
  /* PDNN_MODEL_*. */
  int32_t element_type;
  int32_t rank;
  /* rank sizes; -1 where the size is dynamic. */
  const int64_t *shape;
  /* Inputs: compiled code may write into this buffer (the IR marked it
   * bufferization.writable); 0 for outputs. */
  int32_t writable;
  int32_t reserved;
} pdnn_compiled_tensor;

typedef struct pdnn_compiled_model {
  uint32_t abi_version;          /* PDNN_COMPILED_MODEL_ABI */
  uint32_t cpu_features;         /* PDNN_CPU_* the code needs */
  const char *runtime_abi;       /* pdnnrt_abi_version() it was compiled for */
  const char *name;              /* the model's name (pdnn-compile --name) */
  int32_t num_inputs;
  int32_t num_outputs;
  const pdnn_compiled_tensor *inputs;
  const pdnn_compiled_tensor *outputs;
  void (*initialize)(void);
  void (*finalize)(void);
  void (*run)(void **packed);
} pdnn_compiled_model;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PADDLEDNN_RUNTIME_COMPILEDMODEL_H */
