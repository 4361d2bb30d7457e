/*===- PDNNRuntime.h - PaddleDNN runtime: oneDNN behind a C ABI ----*- C -*-===*
 *
 * What compiled PaddleDNN code calls. The entry points and their arguments
 * are declared once, as the pdnnrt dialect's ops
 * (PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeOps.td); the prototypes
 * below are generated from those definitions, and so are the runtime's
 * argument checks and the compiler's calls.
 *
 * Tensors. Every tensor argument is three parameters: the rank and a
 * pointer to the ranked memref descriptor, as MLIR's LLVM lowering passes a
 * memref<*xT>,
 *
 *   struct { void *allocated; void *aligned; int64_t offset;
 *            int64_t sizes[rank]; int64_t strides[rank]; }
 *
 * then the element type's PDNNRT_TYPE_* code. The runtime checks the code,
 * the rank, the sizes and the strides (row-major, contiguous) against what
 * the entry point declares and names what is wrong ("x has element type
 * i8, expected f32"). An optional tensor that is absent passes
 * PDNNRT_TYPE_NONE. A group of up to K tensors passes a count and K slots.
 *
 * Prepared weights. Weights that are constants of a compiled module are
 * prepared once when the module is loaded (pdnnrt_prepare_weights) into a
 * handle that the module owns and releases when it is unloaded
 * (pdnnrt_release_weights); the calls that read those weights take the
 * handle next to them and use the copies it holds in the layouts oneDNN's
 * primitives picked, made once per handle and layout and shared by every
 * thread. The compiler gives each handle the plan of the call that reads
 * the weights, so those copies are made while the module loads; a call
 * whose shapes make oneDNN pick a layout no plan foresaw makes its copy on
 * first use. Without a handle, a call reorders the weights it is given.
 *
 * LoDs. pdnnrt_check_lod validates a LoD once per call of a compiled
 * function and returns its facts; the calls that take those facts with
 * the LoD trust it rather than validate it again.
 *
 * Errors never abort. Every entry point returns 0 on success and non-zero on
 * failure; the message is kept per thread (pdnnrt_last_error). Errors are
 * sticky: after one, every call on that thread returns at once, doing
 * nothing, until pdnnrt_clear_error(), so a failed step cannot feed garbage
 * to the next. The exception is cleanup (pdnnrt_release_weights), which
 * runs anyway, so that a module unloaded after a failure frees its
 * handles; the first error's message stays.
 *
 * oneDNN primitives, their memory objects and scratchpads are created once
 * per thread and shape and reused: in the steady state the runtime's own
 * code allocates nothing (oneDNN 2.6's dnnl_primitive_execute still builds a
 * small argument map per call, a fixed handful of allocations that no caller
 * can avoid). Calls from several threads at once are safe.
 *
 * In-place execution: the entry points listed by
 * PDNNRT_FOR_EACH_IN_PLACE_ENTRY_POINT (the ops that declare
 * InPlaceOpInterface) accept a destination that is one of their sources
 * (same data address) and then pass one oneDNN memory object as both; for
 * the others any overlap of a destination with another argument is an
 * error, as is a partial overlap anywhere.
 *
 *===----------------------------------------------------------------------===*/

#ifndef PADDLEDNN_RUNTIME_PDNNRUNTIME_H
#define PADDLEDNN_RUNTIME_PDNNRUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A tensor argument, spelled out: rank, descriptor, element type code. */
#define PDNNRT_TENSOR(name) int64_t name##Rank, void *name, int32_t name##Type

/* Weights prepared once per loaded module; opaque. */
typedef struct pdnnrt_prepared_weights pdnnrt_prepared_weights;

/*--- Errors ---------------------------------------------------------------*/

/* The calling thread's pending error message, or NULL. The pointer stays
 * valid until the next error or pdnnrt_clear_error() on that thread. */
const char *pdnnrt_last_error(void);
/* Clears the calling thread's error so that calls run again. */
void pdnnrt_clear_error(void);

/* How many prepared-weights handles are live in the process: a loaded
 * module holds one per constant weights tensor until it is unloaded. */
int64_t pdnnrt_live_prepared_weights(void);

/* How many copies of prepared weights in a primitive's layout the process
 * has made: `atLoad` by pdnnrt_prepare_weights from its plan, `onCall` by
 * a call whose primitive picked a layout no plan foresaw. Either may be
 * NULL. */
void pdnnrt_prepared_weights_copies(int64_t *atLoad, int64_t *onCall);

/* The plan of pdnnrt_prepare_weights: what the call that will read the
 * weights looks like, so that they are reordered into its primitive's
 * layout while the module loads. Sizes known only at run time are -1; the
 * runtime then plans for one image or sequence of modest size. */
enum pdnnrt_convolution_plan {  /* PDNNRT_WEIGHTS_(DE)CONVOLUTION */
  PDNNRT_PLAN_CONV_GROUPS,
  PDNNRT_PLAN_CONV_STRIDE_H,
  PDNNRT_PLAN_CONV_STRIDE_W,
  PDNNRT_PLAN_CONV_DILATION_H,
  PDNNRT_PLAN_CONV_DILATION_W,
  PDNNRT_PLAN_CONV_PAD_TOP,
  PDNNRT_PLAN_CONV_PAD_BOTTOM,
  PDNNRT_PLAN_CONV_PAD_LEFT,
  PDNNRT_PLAN_CONV_PAD_RIGHT,
  PDNNRT_PLAN_CONV_CHANNELS_LAST, /* 0 or 1 */
  PDNNRT_PLAN_CONV_SRC_BLOCK,     /* 0 (plain), 8 or 16 (nChw8c, nChw16c) */
  PDNNRT_PLAN_CONV_DST_BLOCK,
  PDNNRT_PLAN_CONV_SRC_HEIGHT,
  PDNNRT_PLAN_CONV_SRC_WIDTH,
  PDNNRT_PLAN_CONV_SRC_TYPE,      /* PDNNRT_TYPE_*: f32, or u8/s8 (int8) */
  PDNNRT_PLAN_CONV_DST_TYPE,
  PDNNRT_PLAN_CONV_SIZE
};
enum pdnnrt_matmul_plan {  /* PDNNRT_WEIGHTS_MATMUL */
  PDNNRT_PLAN_MATMUL_SRC_TYPE, /* PDNNRT_TYPE_* */
  PDNNRT_PLAN_MATMUL_DST_TYPE,
  PDNNRT_PLAN_MATMUL_BATCH,    /* 0: src has rank 2 */
  PDNNRT_PLAN_MATMUL_ROWS,
  PDNNRT_PLAN_MATMUL_SIZE
};
enum pdnnrt_rnn_plan {  /* PDNNRT_WEIGHTS_RNN_LAYER, PDNNRT_WEIGHTS_RNN_ITER */
  PDNNRT_PLAN_RNN_CELL,        /* PDNNRT_RNN_CELL_* */
  PDNNRT_PLAN_RNN_DIRECTION,   /* PDNNRT_RNN_DIRECTION_* */
  PDNNRT_PLAN_RNN_PEEPHOLE,    /* 0 or 1 */
  PDNNRT_PLAN_RNN_INPUT_SIZE,  /* SLC, the channels of src */
  PDNNRT_PLAN_RNN_SRC_TYPE,    /* PDNNRT_TYPE_* */
  PDNNRT_PLAN_RNN_STATES_TYPE,
  PDNNRT_PLAN_RNN_DST_TYPE,
  PDNNRT_PLAN_RNN_STEPS,
  PDNNRT_PLAN_RNN_BATCH,
  PDNNRT_PLAN_RNN_SIZE
};
/* With a plan, `scales` are the call's: a matmul's wScales; an int8 RNN's
 * dataScale and dataShift, then its wScales. */

/*--- Buffers --------------------------------------------------------------*/

/* What compiled code allocates its tensors with (its malloc, aligned_alloc
 * and free): large buffers freed by one call are kept, mapped, for the next
 * (a few hundred MiB at most), so that a model run again and again does
 * not map and fault in fresh pages for its images every time. A result
 * handed to the caller is released with pdnnrt_buffer_free. */
void *pdnnrt_buffer_alloc(uint64_t size);
void *pdnnrt_buffer_aligned_alloc(uint64_t alignment, uint64_t size);
void pdnnrt_buffer_free(void *buffer);
/* Bytes the pool holds for reuse now. */
int64_t pdnnrt_buffer_pool_bytes(void);

/*--- Compiled models -----------------------------------------------------*/

/* The runtime contract this library implements (RuntimeABI.h): a compiled
 * model records the one it was compiled for, and loaders compare them. */
const char *pdnnrt_abi_version(void);

/* memref.copy between non-contiguous memrefs (MLIR's memrefCopy, which
 * compiled models call under this name): `source` and `target` are
 * memref<*xT> ({rank, descriptor}) of equal sizes. */
void pdnnrt_memref_copy(int64_t elementSize, void *source, void *target);

/* f32 -> bf16, rounded to nearest even (the builtin __truncsfbf2, which
 * compiled models call under this name); the bf16 bits are returned in the
 * float's low 16 bits, as the x86-64 psABI passes a bf16. */
float pdnnrt_truncsfbf2(float value);

/*--- Generated from PDNNRuntimeOps.td -------------------------------------*/

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeEntryPoints.h.inc"

#undef PDNNRT_TENSOR

#ifdef __cplusplus
} /* extern "C" */
#endif

/* Every symbol of the runtime, for JITs that register them by name. */
#define PDNNRT_FOR_EACH_SYMBOL(X)                                              \
  X(pdnnrt_last_error)                                                         \
  X(pdnnrt_clear_error)                                                        \
  X(pdnnrt_live_prepared_weights)                                              \
  X(pdnnrt_prepared_weights_copies)                                            \
  X(pdnnrt_buffer_alloc)                                                       \
  X(pdnnrt_buffer_aligned_alloc)                                               \
  X(pdnnrt_buffer_free)                                                        \
  X(pdnnrt_buffer_pool_bytes)                                                  \
  X(pdnnrt_abi_version)                                                        \
  X(pdnnrt_memref_copy)                                                        \
  X(pdnnrt_truncsfbf2)                                                         \
  PDNNRT_FOR_EACH_ENTRY_POINT(X)

#endif /* PADDLEDNN_RUNTIME_PDNNRUNTIME_H */
