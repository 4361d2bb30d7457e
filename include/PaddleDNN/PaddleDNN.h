/*===- PaddleDNN.h - PaddleDNN's C API --------------------------------*- C -*-===*
 *
 * Run a Paddle model compiled by PaddleDNN from C (or any language with a C
 * FFI). Link libPaddleDNN.so; it needs libPaddleDNNRuntime.so and oneDNN.
 *
 *   pdnn_predictor *p;
 *   if (pdnn_predictor_load("liblac.so", &p) != PDNN_OK)      // pdnn-compile's
 *     fprintf(stderr, "%s\n", pdnn_last_error());
 *   pdnn_input in = {"words", PDNN_INT64, 2, shape, ids, lod, lod_size};
 *   pdnn_tensor *out[1];
 *   pdnn_predictor_run(p, &in, 1, out, 1);
 *   const int64_t *tags = pdnn_tensor_data(out[0]);
 *   ...
 *   pdnn_tensor_destroy(out[0]);
 *   pdnn_predictor_destroy(p);
 *
 * A predictor comes from a library pdnn-compile wrote (pdnn_predictor_load)
 * or from a Paddle model compiled in this process (pdnn_predictor_compile,
 * which loads libPaddleDNNCompiler.so, the MLIR-based compiler, on first
 * use). Either way its weights are prepared when it is created.
 *
 * Inputs and outputs are the model's Paddle variables. A variable with a
 * LoD (a batch of sequences: rows [lod[i], lod[i+1]) are sequence i) is one
 * tensor here; its offsets travel with it.
 *
 * Errors: every function that can fail returns a pdnn_status; the message
 * is the calling thread's pdnn_last_error(). Nothing aborts, and nothing is
 * written outside the caller's output slots and the library's own memory.
 *
 * Threads: a predictor is immutable once created. Any number of threads may
 * call pdnn_predictor_run on one predictor at once; pdnn_predictor_clone is
 * a cheap new reference to the same model (for APIs, such as Paddle
 * Inference's, that keep per-predictor state).
 *
 * Memory: the runtime keeps, per thread and per primitive kind, the oneDNN
 * primitives of at most 256 distinct shapes (starting over beyond that),
 * and a pool of at most 512 MiB of freed large buffers for reuse; a
 * process's memory stays bounded however many input shapes it sees.
 *
 *===----------------------------------------------------------------------===*/

#ifndef PADDLEDNN_PADDLEDNN_H
#define PADDLEDNN_PADDLEDNN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PDNN_API __attribute__((visibility("default")))

typedef enum pdnn_status {
  PDNN_OK = 0,
  /* A wrong argument: a null pointer, an unknown name, a wrong element
   * type, rank, shape or LoD, a missing input. */
  PDNN_INVALID_ARGUMENT = 1,
  /* A file that does not exist or cannot be read. */
  PDNN_NOT_FOUND = 2,
  /* A library that is not a compiled model, or was compiled for another
   * runtime version or CPU features this CPU lacks. */
  PDNN_INCOMPATIBLE = 3,
  /* Compiling the model failed (pdnn_predictor_compile, pdnn_compile). */
  PDNN_COMPILE_ERROR = 4,
  /* The model failed while running (the runtime's message). */
  PDNN_RUNTIME_ERROR = 5,
  PDNN_OUT_OF_MEMORY = 6,
} pdnn_status;

typedef enum pdnn_dtype {
  PDNN_FLOAT32 = 0,
  PDNN_BFLOAT16 = 1, /* stored as the upper 16 bits of a float32 */
  PDNN_INT64 = 2,
  PDNN_INT32 = 3,
  PDNN_UINT8 = 4,
  PDNN_INT8 = 5,
} pdnn_dtype;

/* The calling thread's message of the last failure ("" if none). */
PDNN_API const char *pdnn_last_error(void);
/* "float32", "int64", ... */
PDNN_API const char *pdnn_dtype_name(pdnn_dtype dtype);
/* Bytes per element; 0 for an unknown dtype. */
PDNN_API size_t pdnn_dtype_size(pdnn_dtype dtype);
/* The runtime contract this library implements ("0.1.0+<digest>"). */
PDNN_API const char *pdnn_runtime_version(void);

/* The OpenMP threads oneDNN and PaddleDNN's loops use in the calling
 * thread's next runs (Paddle's set_cpu_math_library_num_threads). */
PDNN_API void pdnn_set_num_threads(int32_t threads);

/*--- Predictors ------------------------------------------------------------*/

typedef struct pdnn_predictor pdnn_predictor;

typedef enum pdnn_precision {
  PDNN_PRECISION_FLOAT32 = 0,
  PDNN_PRECISION_BFLOAT16 = 1, /* Paddle's bf16 placement */
  PDNN_PRECISION_INT8 = 2,     /* int8 at the scales of `ranges_file`, or
                                  a quantization-aware-trained program's */
} pdnn_precision;

/* How pdnn_predictor_compile and pdnn_compile compile a Paddle model.
 * Initialize with pdnn_compile_options_init, then set what differs. */
typedef struct pdnn_compile_options {
  uint32_t struct_size;      /* sizeof(pdnn_compile_options) */
  const char *params_file;   /* NULL: found next to the program */
  int32_t fuse;              /* Paddle's oneDNN graph passes; default 1 */
  int32_t precision;         /* pdnn_precision; default float32 */
  const char *ranges_file;   /* int8: pdnn-run --calibrate's file; NULL:
                                the program's own (fake) quantization */
  int32_t reference_backend; /* 1: our loops instead of oneDNN (testing) */
  int32_t opt_level;         /* LLVM's, 0-3; default 3 */
} pdnn_compile_options;

PDNN_API void pdnn_compile_options_init(pdnn_compile_options *options);

/* Loads a library pdnn-compile wrote. Refused (PDNN_INCOMPATIBLE) before
 * any of its code runs if it was built for another runtime contract or for
 * CPU features this CPU lacks. */
PDNN_API pdnn_status pdnn_predictor_load(const char *library_path,
                                         pdnn_predictor **predictor);

/* Imports and compiles a Paddle model (a folder, or its program file) in
 * this process. `options` may be NULL (the defaults). */
PDNN_API pdnn_status pdnn_predictor_compile(const char *model_path,
                                            const pdnn_compile_options *options,
                                            pdnn_predictor **predictor);

/* Compiles a Paddle model into the shared library `output_path` (as
 * pdnn-compile does; its C header is written beside it). */
PDNN_API pdnn_status pdnn_compile(const char *model_path,
                                  const pdnn_compile_options *options,
                                  const char *output_path);

/* A new reference to the same compiled model: no copy, no compilation. */
PDNN_API pdnn_predictor *pdnn_predictor_clone(const pdnn_predictor *predictor);
/* Drops a reference; the model is unloaded with its last one. NULL is
 * ignored. */
PDNN_API void pdnn_predictor_destroy(pdnn_predictor *predictor);

/*--- Signature -------------------------------------------------------------*/

typedef struct pdnn_tensor_info {
  const char *name;     /* the Paddle variable */
  pdnn_dtype dtype;
  int32_t rank;
  const int64_t *shape; /* rank sizes, -1 where any size is accepted */
  int32_t has_lod;      /* takes (input) or gives (output) a LoD */
} pdnn_tensor_info;

PDNN_API int32_t pdnn_predictor_num_inputs(const pdnn_predictor *predictor);
PDNN_API int32_t pdnn_predictor_num_outputs(const pdnn_predictor *predictor);
/* Fills `info` (valid while the predictor lives); index in [0, count). */
PDNN_API pdnn_status pdnn_predictor_input(const pdnn_predictor *predictor,
                                          int32_t index, pdnn_tensor_info *info);
PDNN_API pdnn_status pdnn_predictor_output(const pdnn_predictor *predictor,
                                           int32_t index, pdnn_tensor_info *info);
/* The model's name (pdnn-compile --name, or "jit"). */
PDNN_API const char *pdnn_predictor_name(const pdnn_predictor *predictor);

/*--- Running ---------------------------------------------------------------*/

/* An input in the caller's memory: read in place, never written (an input
 * the model overwrites is copied first). `name` may be NULL: then inputs
 * are taken in the model's order. */
typedef struct pdnn_input {
  const char *name;
  pdnn_dtype dtype;
  int32_t rank;
  const int64_t *shape;
  const void *data;     /* dense, row-major, aligned to its element size */
  const int64_t *lod;   /* the sequences' row offsets, or NULL */
  int64_t lod_size;     /* number of offsets: sequences + 1 */
} pdnn_input;

/* An output, owned by the caller until pdnn_tensor_destroy. */
typedef struct pdnn_tensor pdnn_tensor;

/* Runs the model on `num_inputs` inputs (every input, once each) and fills
 * outputs[0 .. num_outputs) (num_outputs must be the model's count). On
 * failure no output is set. Safe to call from several threads at once. */
PDNN_API pdnn_status pdnn_predictor_run(const pdnn_predictor *predictor,
                                        const pdnn_input *inputs,
                                        int32_t num_inputs, pdnn_tensor **outputs,
                                        int32_t num_outputs);

PDNN_API pdnn_dtype pdnn_tensor_dtype(const pdnn_tensor *tensor);
PDNN_API int32_t pdnn_tensor_rank(const pdnn_tensor *tensor);
PDNN_API const int64_t *pdnn_tensor_shape(const pdnn_tensor *tensor);
PDNN_API int64_t pdnn_tensor_num_elements(const pdnn_tensor *tensor);
PDNN_API const void *pdnn_tensor_data(const pdnn_tensor *tensor);
/* The LoD offsets (NULL if the output has none) and their count. */
PDNN_API const int64_t *pdnn_tensor_lod(const pdnn_tensor *tensor,
                                        int64_t *lod_size);
PDNN_API void pdnn_tensor_destroy(pdnn_tensor *tensor);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PADDLEDNN_PADDLEDNN_H */
