//===- PreparedWeights.cpp - pdnnrt_prepare_weights / release_weights -----===//

#include "PreparedWeights.h"

#include "Calls.h"
#include "Context.h"
#include "Errors.h"
#include "Weights.h"

#include <atomic>

using namespace pdnnrt;

static std::atomic<int64_t> liveHandles{0};
static std::atomic<int64_t> copiesAtLoad{0}, copiesOnCall{0};

int64_t pdnnrt_live_prepared_weights(void) { return liveHandles.load(); }

void pdnnrt_prepared_weights_copies(int64_t *atLoad, int64_t *onCall) {
  if (atLoad)
    *atLoad = copiesAtLoad.load();
  if (onCall)
    *onCall = copiesOnCall.load();
}

void pdnnrt_prepared_weights::countCopy(bool planned) {
  ++(planned ? copiesAtLoad : copiesOnCall);
}

size_t pdnnrt_prepared_weights::bytes() const {
  size_t count = elementSize;
  for (int64_t size : dims)
    count *= static_cast<size_t>(size);
  return count;
}

std::shared_ptr<const dnnl::memory> pdnnrt_prepared_weights::inLayout(
    const dnnl::memory::desc &user, const dnnl::memory::desc &wanted,
    size_t offset, const WeightsQuantization *quantization, bool planned) {
  const WeightsQuantization none;
  const WeightsQuantization &q = quantization ? *quantization : none;
  // First use per layout reorders under the lock; the copies are few (one
  // per layout a primitive picked) and calls after the first find theirs
  // in their thread's shortcut without coming here.
  std::lock_guard<std::mutex> lock(mutex);
  for (const Copy &copy : copies)
    if (copy.wanted == wanted && copy.user == user && copy.offset == offset &&
        copy.quantization == q)
      return copy.memory;
  if (offset + user.get_size() > bytes())
    fail("prepared weights of %zu bytes read at %zu + %zu", bytes(), offset,
         user.get_size());
  dnnl::memory source(user, cpuEngine(),
                      const_cast<char *>(static_cast<const char *>(data)) +
                          offset);
  auto reordered = std::make_shared<dnnl::memory>(wanted, cpuEngine());
  WeightsReorder(user, wanted, quantization)
      .run(source.get(), reordered->get());
  copies.push_back({user, wanted, offset, q, reordered});
  countCopy(planned);
  return reordered;
}

PreparedWeights *pdnnrt::readPrepared(const char *name,
                                      pdnnrt_prepared_weights *handle,
                                      bool optional) {
  if (!handle) {
    if (optional)
      return nullptr;
    fail("%s is null", name);
  }
  if (handle->magic != PreparedWeights::kLive)
    fail("%s is not a live prepared-weights handle", name);
  return handle;
}

void pdnnrt::expectPreparedFrom(const PreparedWeights &handle,
                                const Tensor &weights, int32_t role,
                                const char *handleName) {
  bool same = handle.role == role && handle.data == weights.data &&
              handle.type == weights.type &&
              handle.dims.size() == static_cast<size_t>(weights.rank);
  for (int d = 0; same && d < weights.rank; ++d)
    same = handle.dims[d] == weights.size(d);
  if (!same)
    fail("%s was prepared from other weights than %s", handleName,
         weights.name);
}

/// Reorders `weights` for the call `call.plan` describes. A plan of the
/// wrong size is the compiler's error; a primitive oneDNN cannot make here
/// is not the load's: the call that needs it reports it.
static void plan(PreparedWeights &weights, const PrepareWeightsCall &call) {
  auto expectSize = [&](int64_t size) {
    if (call.plan.numel != size)
      fail("a plan for %s weights has %lld values, expected %lld",
           call.role == PDNNRT_WEIGHTS_MATMUL ? "matmul"
           : call.role == PDNNRT_WEIGHTS_CONVOLUTION ||
                   call.role == PDNNRT_WEIGHTS_DECONVOLUTION
               ? "convolution"
               : "RNN",
           static_cast<long long>(call.plan.numel),
           static_cast<long long>(size));
  };
  const int64_t *values = call.plan.i64();
  try {
    switch (call.role) {
    case PDNNRT_WEIGHTS_CONVOLUTION:
      expectSize(PDNNRT_PLAN_CONV_SIZE);
      return planConvolutionWeights(weights, values, call.scales);
    case PDNNRT_WEIGHTS_DECONVOLUTION:
      expectSize(PDNNRT_PLAN_CONV_SIZE);
      return planDeconvolutionWeights(weights, values, call.scales);
    case PDNNRT_WEIGHTS_MATMUL:
      expectSize(PDNNRT_PLAN_MATMUL_SIZE);
      return planMatmulWeights(weights, values, call.scales);
    default:
      expectSize(PDNNRT_PLAN_RNN_SIZE);
      return planRnnWeights(weights, values, call.scales);
    }
  } catch (const dnnl::error &) {
  }
}

void pdnnrt::run(const PrepareWeightsCall &call) {
  const Tensor &w = call.weights;
  switch (call.role) {
  case PDNNRT_WEIGHTS_RNN_LAYER:
  case PDNNRT_WEIGHTS_RNN_ITER:
    if (w.rank != 5)
      fail("RNN weights must have shape [L, D, I, G, O]");
    // The RNN cell loop reads its own copy of them as floats.
    if (w.type != PDNNRT_TYPE_F32)
      fail("RNN weights must be f32, got %s", elementTypeName(w.type));
    break;
  case PDNNRT_WEIGHTS_MATMUL:
    break;
  case PDNNRT_WEIGHTS_CONVOLUTION:
  case PDNNRT_WEIGHTS_DECONVOLUTION:
    if (w.rank != 4)
      fail("convolution weights must have rank 4, got %d", w.rank);
    break;
  default:
    fail("role must be a PDNNRT_WEIGHTS_* value, got %d", call.role);
  }
  static std::atomic<uint64_t> nextId{1};
  auto handle = std::make_unique<PreparedWeights>();
  handle->id = nextId++;
  handle->role = call.role;
  handle->data = w.data;
  handle->type = w.type;
  handle->elementSize = w.elementSize;
  handle->dims.assign(w.sizes, w.sizes + w.rank);
  handle->magic = PreparedWeights::kLive;
  if (call.plan.present && call.plan.numel != 0)
    plan(*handle, call);
  *call.prepared = handle.release();
  ++liveHandles;
}

void pdnnrt::run(const ReleaseWeightsCall &call) {
  call.prepared->magic = 0;
  delete call.prepared;
  --liveHandles;
}
