//===- SparseMatmul.cpp - pdnnrt_sparse_matmul: packed sparse int8 --------===//
//
// The compiler generates the kernel (lib/Conversion/SparseKernels); the
// runtime checks the call, prepares what the kernel reads whole blocks of
// (data padded to 64 columns and shifted to u8, per-column arrays padded to
// the blocks; for the column groups, where each lane set starts and the
// data by 16-row chunk) and runs the kernel for this CPU (AMX or AVX-512
// VNNI) over the N-blocks on OpenMP's threads, the same pool as oneDNN's.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Errors.h"
#include "FusedActivation.h"
#include "MemRef.h"

#include "PaddleDNN/Runtime/PackedSparseFormat.h"

#include <cpuid.h>
#include <omp.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace pdnnrt;
namespace packed = pdnn::packed;

namespace {

using Kernel = void (*)(const int64_t *args, int64_t nbBegin, int64_t nbEnd);

/// What both kernels need: vpexpandb (VBMI2) decompresses, and the VNNI
/// kernel multiplies with vpdpbusd and gathers data bytes with vpermb
/// (VBMI).
bool cpuHasVnniKernelFeatures() {
  static const bool has = __builtin_cpu_supports("avx512f") &&
                          __builtin_cpu_supports("avx512bw") &&
                          __builtin_cpu_supports("avx512vnni") &&
                          __builtin_cpu_supports("avx512vbmi") &&
                          __builtin_cpu_supports("avx512vbmi2");
  return has;
}

/// CPUID leaf 7: EDX bit 24 AMX-TILE, bit 25 AMX-INT8. Read once: in a
/// virtual machine CPUID traps to the hypervisor.
bool cpuHasAmxInt8() {
  static const bool has = [] {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx))
      return false;
    return (edx >> 24 & 1) && (edx >> 25 & 1);
  }();
  return has;
}

/// Linux enables AMX's 8 KiB of tile state for a process only when it asks
/// (ARCH_REQ_XCOMP_PERM for XFEATURE_XTILEDATA); a tile instruction before
/// that raises SIGILL. Asked once, for the whole process.
bool amxTileStateGranted() {
  static const bool granted = [] {
#if defined(__linux__) && defined(SYS_arch_prctl)
    constexpr long kArchReqXcompPerm = 0x1023, kXfeatureXtiledata = 18;
    return syscall(SYS_arch_prctl, kArchReqXcompPerm, kXfeatureXtiledata) == 0;
#else
    return false;
#endif
  }();
  return granted;
}

enum class KernelIsa { Vnni, Amx };

/// AMX where it can run, VNNI elsewhere; PDNNRT_SPARSE_ISA=vnni|amx picks
/// one (tests run both kernels on a machine with AMX).
KernelIsa chooseKernel() {
  if (!cpuHasVnniKernelFeatures())
    fail("sparse_matmul's kernels need AVX-512 with VNNI, VBMI and VBMI2 "
         "(vpdpbusd, vpermb, vpexpandb), which this CPU lacks");
  bool amx = cpuHasAmxInt8() && amxTileStateGranted();
  const char *forced = std::getenv("PDNNRT_SPARSE_ISA");
  if (!forced || !*forced)
    return amx ? KernelIsa::Amx : KernelIsa::Vnni;
  if (!std::strcmp(forced, "vnni"))
    return KernelIsa::Vnni;
  if (std::strcmp(forced, "amx"))
    fail("PDNNRT_SPARSE_ISA must be vnni or amx, got '%s'", forced);
  if (!amx)
    fail("PDNNRT_SPARSE_ISA=amx, but %s",
         cpuHasAmxInt8() ? "the OS did not grant AMX tile state"
                         : "this CPU has no AMX-INT8");
  return KernelIsa::Amx;
}

/// `column` values [N] (or one, broadcast) padded with zeros to `padded`.
void padColumns(const Tensor &t, int64_t n, int64_t padded,
                std::vector<float> &out) {
  out.assign(padded, 0.0f);
  for (int64_t c = 0; c < n; ++c)
    out[c] = t.f32()[t.numel == 1 ? 0 : c];
}

/// Checks that the packed buffers describe K x N weights: the sizes the
/// format fixes, and offsets that start at 0, never decrease and stay
/// within the values, the last block's values too (all-zero weights keep
/// one unused value: a buffer is never empty).
void checkPacked(const SparseMatmulCall &call, int64_t kBlocks,
                 int64_t nBlocks) {
  int64_t blocks = kBlocks * nBlocks;
  expectShape(call.offsets, {blocks});
  expectShape(call.bitmask, {blocks * packed::kBlockMaskBytes});
  expectShape(call.columnSums, {nBlocks * packed::kBlock});
  if (reinterpret_cast<uintptr_t>(call.bitmask.data) % 8 != 0)
    fail("bitmask must be 8-byte aligned");
  const int64_t *offsets = call.offsets.i64();
  int64_t nnz = call.values.numel;
  for (int64_t b = 0; b < blocks; ++b)
    if (offsets[b] < (b ? offsets[b - 1] : 0) || offsets[b] > nnz ||
        (b == 0 && offsets[0] != 0))
      fail("offsets[%lld] = %lld: offsets must start at 0 and not decrease "
           "up to the %lld values",
           static_cast<long long>(b), static_cast<long long>(offsets[b]),
           static_cast<long long>(nnz));
  const auto *lastMask = reinterpret_cast<const uint8_t *>(call.bitmask.data) +
                         (blocks - 1) * packed::kBlockMaskBytes;
  int64_t lastCount = 0;
  for (int64_t i = 0; i < packed::kBlockMaskBytes; ++i)
    lastCount += __builtin_popcount(lastMask[i]);
  if (offsets[blocks - 1] + lastCount > nnz)
    fail("the last block holds %lld values from offset %lld, past the %lld "
         "values",
         static_cast<long long>(lastCount),
         static_cast<long long>(offsets[blocks - 1]),
         static_cast<long long>(nnz));
}

/// Where each lane set's column groups start, from the counts, which must
/// stay within the groups and at most 16 per block (4 k each).
void startColumnGroups(const SparseMatmulCall &call, int64_t kBlocks,
                       std::vector<int64_t> &starts) {
  int64_t sets = call.groupCounts.numel / kBlocks;
  const auto *counts = reinterpret_cast<const uint8_t *>(call.groupCounts.data);
  int64_t available = call.groups.numel / packed::kGroupBytes, total = 0;
  starts.resize(sets);
  for (int64_t set = 0; set < sets; ++set) {
    starts[set] = total;
    for (int64_t kb = 0; kb < kBlocks; ++kb) {
      int64_t count = counts[set * kBlocks + kb];
      if (count > packed::kBlock / 4)
        fail("groupCounts[%lld] = %lld: a 64-row block has at most 16 groups",
             static_cast<long long>(set * kBlocks + kb),
             static_cast<long long>(count));
      total += count;
    }
  }
  if (total > available)
    fail("groupCounts add up to %lld groups of %lld bytes, but groups holds "
         "%lld bytes",
         static_cast<long long>(total),
         static_cast<long long>(packed::kGroupBytes),
         static_cast<long long>(call.groups.numel));
}

/// src by chunks of kGroupRowChunk rows and K-blocks, each 64-byte row of
/// a chunk's block next to the next: what the column groups permute.
void blockSource(const std::vector<uint8_t> &data, int64_t m, int64_t kBlocks,
                 std::vector<uint8_t> &blocks) {
  constexpr int64_t rows = packed::kGroupRowChunk, width = packed::kBlock;
  int64_t chunks = (m + rows - 1) / rows, stride = kBlocks * width;
  blocks.assign(chunks * kBlocks * rows * width, 0);
  for (int64_t r = 0; r < m; ++r)
    for (int64_t kb = 0; kb < kBlocks; ++kb)
      std::memcpy(
          &blocks[((r / rows * kBlocks + kb) * rows + r % rows) * width],
          &data[r * stride + kb * width], width);
}

} // namespace

void pdnnrt::run(const SparseMatmulCall &call) {
  const Tensor &src = call.src, &dst = call.dst;
  int64_t m = src.size(0), k = src.size(1), n = dst.size(1);
  expectShape(dst, {m, n});
  if (k < 1 || n < 1)
    fail("sparse_matmul needs K >= 1 and N >= 1, got K = %lld, N = %lld",
         static_cast<long long>(k), static_cast<long long>(n));
  int64_t kBlocks = packed::blocksAlong(k), nBlocks = packed::blocksAlong(n);
  checkPacked(call, kBlocks, nBlocks);
  expectShape(call.groupCounts, {nBlocks * packed::kLaneSets * kBlocks});
  expectShape(call.bias, {n});
  // The kernel has the activation built in; the call states it too.
  checkSparseActivation(call.activation, call.activationScale);
  if (call.outputScales.numel != 1 && call.outputScales.numel != n)
    fail("outputScales must hold 1 or %lld values, got %lld",
         static_cast<long long>(n),
         static_cast<long long>(call.outputScales.numel));
  KernelIsa isa = chooseKernel();
  if (m == 0)
    return;

  // The kernel reads whole blocks of 64 k and multiplies u8 data: si8 data
  // becomes x + 128, and the columns' sums times 128 are taken back.
  int64_t stride = kBlocks * packed::kBlock, padded = nBlocks * packed::kBlock;
  bool shift = src.type == PDNNRT_TYPE_SI8;
  thread_local std::vector<uint8_t> data;
  thread_local std::vector<int32_t> correction;
  thread_local std::vector<float> bias, scales;
  data.assign(m * stride, shift ? 128 : 0);
  const auto *in = reinterpret_cast<const uint8_t *>(src.data);
  for (int64_t r = 0; r < m; ++r)
    for (int64_t c = 0; c < k; ++c)
      data[r * stride + c] = shift ? uint8_t(in[r * k + c] ^ 0x80) : in[r * k + c];
  const auto *sums = reinterpret_cast<const int32_t *>(call.columnSums.data);
  correction.assign(padded, 0);
  if (shift)
    for (int64_t c = 0; c < padded; ++c)
      correction[c] = 128 * sums[c];
  // Only the VNNI kernel's larger row chunks read the column groups; they
  // are checked for such batches whatever the kernel, as the call states
  // them.
  thread_local std::vector<int64_t> groupStarts;
  thread_local std::vector<uint8_t> srcBlocks;
  bool grouped = m > packed::kRegisterRows;
  bool blocked = grouped && isa == KernelIsa::Vnni;
  if (grouped)
    startColumnGroups(call, kBlocks, groupStarts);
  if (blocked)
    blockSource(data, m, kBlocks, srcBlocks);
  padColumns(call.bias, n, padded, bias);
  padColumns(call.outputScales, n, padded, scales);

  int64_t args[PDNNRT_SPARSE_ARG_COUNT];
  auto pointer = [](const void *p) { return reinterpret_cast<int64_t>(p); };
  args[PDNNRT_SPARSE_SRC] = pointer(data.data());
  args[PDNNRT_SPARSE_M] = m;
  args[PDNNRT_SPARSE_K_BLOCKS] = kBlocks;
  args[PDNNRT_SPARSE_N_BLOCKS] = nBlocks;
  args[PDNNRT_SPARSE_VALUES] = pointer(call.values.data);
  args[PDNNRT_SPARSE_NNZ] = call.values.numel;
  args[PDNNRT_SPARSE_OFFSETS] = pointer(call.offsets.data);
  args[PDNNRT_SPARSE_BITMASK] = pointer(call.bitmask.data);
  args[PDNNRT_SPARSE_CORRECTION] = pointer(correction.data());
  args[PDNNRT_SPARSE_BIAS] = pointer(bias.data());
  args[PDNNRT_SPARSE_SCALES] = pointer(scales.data());
  uint32_t scaleBits;
  std::memcpy(&scaleBits, &call.activationScale, sizeof(scaleBits));
  args[PDNNRT_SPARSE_ACT_SCALE] = scaleBits;
  args[PDNNRT_SPARSE_DST] = pointer(dst.data);
  args[PDNNRT_SPARSE_LD_DST] = n;
  args[PDNNRT_SPARSE_N] = n;
  args[PDNNRT_SPARSE_GROUPS] = pointer(call.groups.data);
  args[PDNNRT_SPARSE_GROUP_BYTES] = call.groups.numel;
  args[PDNNRT_SPARSE_GROUP_COUNTS] = pointer(call.groupCounts.data);
  args[PDNNRT_SPARSE_GROUP_STARTS] = grouped ? pointer(groupStarts.data()) : 0;
  args[PDNNRT_SPARSE_SRC_BLOCKS] = blocked ? pointer(srcBlocks.data()) : 0;

  auto kernel = reinterpret_cast<Kernel>(
      isa == KernelIsa::Amx ? call.amxKernel : call.vnniKernel);
  // Contiguous ranges of N-blocks: each thread streams its own columns'
  // blocks, which are contiguous in the packed values.
  int64_t threads = std::min<int64_t>(omp_get_max_threads(), nBlocks);
#pragma omp parallel for num_threads(threads) schedule(static, 1)
  for (int64_t t = 0; t < threads; ++t) {
    int64_t begin = nBlocks * t / threads, end = nBlocks * (t + 1) / threads;
    kernel(args, begin, end);
  }
}
