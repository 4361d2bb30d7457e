/*===- PDNNRuntime.h - PaddleDNN runtime: oneDNN behind a C ABI ----*- C -*-===*
 *
 * What compiled PaddleDNN code calls. Every tensor argument is an MLIR
 * unranked memref, passed the way MLIR's LLVM lowering passes memref<*xT>:
 * two scalars, the rank and a pointer to the ranked descriptor
 *
 *   struct { void *allocated; void *aligned; int64_t offset;
 *            int64_t sizes[rank]; int64_t strides[rank]; }
 *
 * Tensors must be row-major and contiguous (identity layout). Element types
 * are fixed per entry point (f32 unless stated); the runtime checks ranks,
 * sizes and strides and reports what is wrong.
 *
 * Errors never abort. Every entry point returns 0 on success and non-zero on
 * failure; the message is kept per thread (pdnnrt_last_error). Errors are
 * sticky: after one, every call on that thread returns at once, doing
 * nothing, until pdnnrt_clear_error(), so a failed step cannot feed garbage
 * to the next.
 *
 * oneDNN primitives, their memory objects and scratchpads are created once
 * per thread and shape and reused: in the steady state the runtime's own
 * code allocates nothing (oneDNN 2.6's dnnl_primitive_execute still builds a
 * small argument map per call, a fixed handful of allocations that no caller
 * can avoid; the LoD copies allocate nothing at all). Weights that the
 * compiler knows to be constant (weightsConstant) are reordered into
 * oneDNN's preferred layout once, keyed by address, and shared by all
 * threads until pdnnrt_release_constant_weights(). Calls from several
 * threads at once are safe.
 *
 * In-place execution: eltwise, softmax, binary, sum and layer_norm accept a
 * destination that is one of their sources (same data address) and then
 * pass one oneDNN memory object as both; for matmul, GRU and the LoD copies
 * any overlap of destination and source is an error, as is a partial
 * overlap anywhere. Element types are not visible in an unranked memref:
 * the runtime trusts the compiler for them.
 *
 *===----------------------------------------------------------------------===*/

#ifndef PADDLEDNN_RUNTIME_PDNNRUNTIME_H
#define PADDLEDNN_RUNTIME_PDNNRUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An unranked memref argument, spelled out: rank, descriptor. */
#define PDNNRT_TENSOR(name) int64_t name##Rank, void *name

/*--- Errors ---------------------------------------------------------------*/

/* The calling thread's pending error message, or NULL. The pointer stays
 * valid until the next error or pdnnrt_clear_error() on that thread. */
const char *pdnnrt_last_error(void);
/* Clears the calling thread's error so that calls run again. */
void pdnnrt_clear_error(void);

/* Records a failed check of compiled code as the calling thread's error:
 * `message` (an i8 tensor of rank 1, not NUL-terminated) with "{0}" and
 * "{1}" replaced by `first` and `second`. Compiled code checks sizes, LoD
 * offsets and sequence lengths it reads at run time, calls this where one
 * is wrong, and then does no work that depends on it. */
int32_t pdnnrt_fail(PDNNRT_TENSOR(message), int64_t first, int64_t second);

/* Forgets every cached copy of constant weights. Call it before memory that
 * held constant weights is freed or reused (a JIT unloading a module):
 * copies are keyed by address. */
void pdnnrt_release_constant_weights(void);

/*--- Recurrent ------------------------------------------------------------*/

/* oneDNN vanilla GRU, forward inference, one layer, one direction, f32:
 *   srcLayer  [T, N, IC]   time-major input (padded batch)
 *   srcIter   [N, OC]      initial hidden state
 *   wLayer    [IC, 3, OC]  input weights, gates u, r, o (ldigo without l, d)
 *   wIter     [OC, 3, OC]  recurrent weights, same gate order
 *   bias      [3, OC]
 *   dstLayer  [T, N, OC]   hidden state of every step
 * h = u*h_prev + (1-u)*o with o = tanh(W_o x + U_o (r*h_prev) + b_o): Paddle's
 * origin_mode = true (the compiler flips the update gate's sign for false).
 * reverse = 1 runs right to left. T = 0 or N = 0 is a no-op. */
int32_t pdnnrt_gru_forward(PDNNRT_TENSOR(srcLayer), PDNNRT_TENSOR(srcIter),
                           PDNNRT_TENSOR(wLayer), PDNNRT_TENSOR(wIter),
                           PDNNRT_TENSOR(bias), PDNNRT_TENSOR(dstLayer),
                           int32_t reverse, int32_t weightsConstant);

/* The same GRU over a LoD batch without padding it to its longest sequence:
 *   x [T, IC] packed by lod [N+1] (i64), h0 [N, OC], weights and bias as
 *   above, hidden [T, OC].
 * Sequences are sorted by length and time is cut into short chunks, each run
 * on the sequences still running (a prefix of the sorted order), the chunk's
 * last state starting the next: the work is about sum(lengths) steps instead
 * of N x longest, and every step computes what the padded primitive would.
 * reverse = 1 runs each sequence from its last row to its first. */
int32_t pdnnrt_lod_gru_forward(PDNNRT_TENSOR(x), PDNNRT_TENSOR(lod),
                               PDNNRT_TENSOR(h0), PDNNRT_TENSOR(wLayer),
                               PDNNRT_TENSOR(wIter), PDNNRT_TENSOR(bias),
                               PDNNRT_TENSOR(hidden), int32_t reverse,
                               int32_t weightsConstant);

/*--- LoD <-> padded time-major data (not oneDNN: plain copies) ------------*/

/* x [T, C] packed by lod [N+1] (i64 offsets) -> dst [Tmax, N, C], zero
 * padded. Sequence i occupies steps [0, len) (rightAligned = 0) or
 * [Tmax - len, Tmax) (rightAligned = 1, for right-to-left GRUs). Validates
 * lod: lod[0] = 0, non-decreasing, lod[N] = T, every length <= Tmax. */
int32_t pdnnrt_lod_to_padded(PDNNRT_TENSOR(x), PDNNRT_TENSOR(lod),
                             PDNNRT_TENSOR(dst), int32_t rightAligned);

/* The inverse: src [Tmax, N, C] -> dst [T, C], same placement rule. */
int32_t pdnnrt_padded_to_lod(PDNNRT_TENSOR(src), PDNNRT_TENSOR(lod),
                             PDNNRT_TENSOR(dst), int32_t rightAligned);

/*--- Matrix products ------------------------------------------------------*/

/* oneDNN matmul, f32: dst = relu?(src x weights + bias).
 *   src [M, K] or [B, M, K]; weights [K, N] or [B|1, K, N]; bias [N]
 *   (read only when hasBias); dst [M, N] or [B, M, N]. */
int32_t pdnnrt_matmul(PDNNRT_TENSOR(src), PDNNRT_TENSOR(weights),
                      PDNNRT_TENSOR(bias), PDNNRT_TENSOR(dst), int32_t hasBias,
                      int32_t relu, int32_t weightsConstant);

/*--- Elementwise ----------------------------------------------------------*/

enum {
  PDNNRT_ELTWISE_RELU = 0,  /* x > 0 ? x : alpha x (leaky when alpha != 0) */
  PDNNRT_ELTWISE_TANH = 1,
  PDNNRT_ELTWISE_LOGISTIC = 2,
  PDNNRT_ELTWISE_GELU_ERF = 3,
  PDNNRT_ELTWISE_GELU_TANH = 4,
  PDNNRT_ELTWISE_SWISH = 5, /* x * sigmoid(alpha x) */
  PDNNRT_ELTWISE_ABS = 6,
  PDNNRT_ELTWISE_SQRT = 7,
  PDNNRT_ELTWISE_LINEAR = 8 /* alpha x + beta */
};

/* oneDNN eltwise, f32, src and dst of one shape (any rank 1..6). */
int32_t pdnnrt_eltwise(PDNNRT_TENSOR(src), PDNNRT_TENSOR(dst),
                       int32_t algorithm, float alpha, float beta);

enum { PDNNRT_BINARY_ADD = 0, PDNNRT_BINARY_MUL = 1 };

/* oneDNN binary, f32: dst = src0 (+|*) src1. src0 and dst have one shape;
 * src1 has their rank, each size equal or 1 (broadcast). */
int32_t pdnnrt_binary(PDNNRT_TENSOR(src0), PDNNRT_TENSOR(src1),
                      PDNNRT_TENSOR(dst), int32_t algorithm);

/* oneDNN sum, f32: dst = src0 + ... + src{count-1}, count in [1, 4], all of
 * dst's shape (unused slots are ignored). */
int32_t pdnnrt_sum(int32_t count, PDNNRT_TENSOR(src0), PDNNRT_TENSOR(src1),
                   PDNNRT_TENSOR(src2), PDNNRT_TENSOR(src3),
                   PDNNRT_TENSOR(dst));

/*--- Normalisation --------------------------------------------------------*/

/* oneDNN softmax, f32, along axis (0 <= axis < rank). */
int32_t pdnnrt_softmax(PDNNRT_TENSOR(src), PDNNRT_TENSOR(dst), int32_t axis);

/* oneDNN layer normalization, f32, over the last dimension of a 2-D view:
 *   src, dst [L, R]; scale, shift [R] (read when useScale / useShift);
 *   mean, variance [L] (outputs). */
int32_t pdnnrt_layer_norm(PDNNRT_TENSOR(src), PDNNRT_TENSOR(scale),
                          PDNNRT_TENSOR(shift), PDNNRT_TENSOR(dst),
                          PDNNRT_TENSOR(mean), PDNNRT_TENSOR(variance),
                          float epsilon, int32_t useScale, int32_t useShift);

#undef PDNNRT_TENSOR

#ifdef __cplusplus
} /* extern "C" */

/* Every entry point, for JITs that register the runtime's symbols by name. */
#define PDNNRT_FOR_EACH_SYMBOL(X)                                              \
  X(pdnnrt_last_error)                                                         \
  X(pdnnrt_clear_error)                                                        \
  X(pdnnrt_fail)                                                               \
  X(pdnnrt_release_constant_weights)                                           \
  X(pdnnrt_gru_forward)                                                        \
  X(pdnnrt_lod_gru_forward)                                                    \
  X(pdnnrt_lod_to_padded)                                                      \
  X(pdnnrt_padded_to_lod)                                                      \
  X(pdnnrt_matmul)                                                             \
  X(pdnnrt_eltwise)                                                            \
  X(pdnnrt_binary)                                                             \
  X(pdnnrt_sum)                                                                \
  X(pdnnrt_softmax)                                                            \
  X(pdnnrt_layer_norm)
#endif

#endif /* PADDLEDNN_RUNTIME_PDNNRUNTIME_H */
