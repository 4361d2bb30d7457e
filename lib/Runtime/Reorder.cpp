//===- Reorder.cpp - pdnnrt_reorder, pdnnrt_relayout: oneDNN reorders ----===//
//
// Paddle's quantize, dequantize and requantize are oneDNN reorders, and so
// are ours, with the same attributes, so that they round the same way: the
// scale is the output scale; a shift is the destination zero point when
// dst is int8 (quantize) and a sum post-op over a destination filled with
// it when dst is f32 (dequantize). Like eltwise, the primitive sees a 1-D
// tensor of all the elements. A relayout is a reorder too: between a plain
// and a blocked image.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "Images.h"
#include "MemRef.h"
#include "Scratchpad.h"

#include <algorithm>
#include <cmath>

using namespace pdnnrt;

namespace {
struct ReorderEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory src, dst;
};

/// How a shift reaches oneDNN.
enum class ShiftKind { none, zeroPoint, sum };

ShiftKind checkShift(const ReorderCall &call) {
  float shift = call.shift;
  if (shift == 0.0f)
    return ShiftKind::none;
  if (!std::isfinite(shift))
    fail("shift is %g; it must be finite", shift);
  switch (call.dst.type) {
  case PDNNRT_TYPE_F32:
    return ShiftKind::sum;
  case PDNNRT_TYPE_UI8:
  case PDNNRT_TYPE_SI8:
    if (shift != std::trunc(shift) || std::fabs(shift) > 255.0f)
      fail("shift is %g; an int8 dst takes an integral shift in [-255, 255] "
           "(oneDNN's zero point)",
           shift);
    return ShiftKind::zeroPoint;
  default:
    fail("shift is %g; a %s dst takes none", shift,
         elementTypeName(call.dst.type));
  }
}

std::unique_ptr<ReorderEntry> makeReorder(const ReorderCall &call,
                                          ShiftKind shift) {
  dnnl::memory::desc src =
      denseDesc({call.src.numel}, oneDNNDataType(call.src.type));
  dnnl::memory::desc dst =
      denseDesc({call.dst.numel}, oneDNNDataType(call.dst.type));
  dnnl::primitive_attr attr = cachedPrimitiveAttr();
  if (call.scale != 1.0f)
    attr.set_output_scales(0, {call.scale});
  if (shift == ShiftKind::zeroPoint)
    attr.set_zero_points(DNNL_ARG_DST, 0, {static_cast<int32_t>(call.shift)});
  if (shift == ShiftKind::sum) {
    dnnl::post_ops ops;
    ops.append_sum(1.0f);
    attr.set_post_ops(ops);
  }
  dnnl::reorder::primitive_desc pd(cpuEngine(), src, cpuEngine(), dst, attr);
  auto entry = std::make_unique<ReorderEntry>();
  entry->primitive = dnnl::reorder(pd);
  entry->scratchpad = Scratchpad(pd);
  entry->src = unboundMemory(src);
  entry->dst = unboundMemory(dst);
  return entry;
}
} // namespace

void pdnnrt::run(const ReorderCall &call) {
  const Tensor &src = call.src, &dst = call.dst;
  expectSameShape(dst, src);
  if (!std::isfinite(call.scale) || call.scale == 0.0f)
    fail("scale is %g; it must be finite and non-zero", call.scale);
  ShiftKind shift = checkShift(call);
  if (src.numel == 0)
    return;
  if (shift == ShiftKind::sum)
    std::fill(dst.f32(), dst.f32() + dst.numel, call.shift);

  Key key;
  key.add(src.numel)
      .add(src.type)
      .add(dst.type)
      .addBits(call.scale)
      .addBits(call.shift)
      .add(static_cast<int>(shift));
  thread_local ThreadCache<ReorderEntry> cache;
  ReorderEntry &entry =
      cache.get(key, [&] { return makeReorder(call, shift); });

  dnnl_exec_arg_t args[] = {
      {DNNL_ARG_FROM, bind(entry.src, src.data)},
      {DNNL_ARG_TO, bind(entry.dst, dst.data)},
      {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
  };
  execute(entry.primitive, args);
}

namespace {
struct RelayoutEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory src, dst;
};
} // namespace

void pdnnrt::run(const RelayoutCall &call) {
  const Tensor &src = call.src, &dst = call.dst;
  if ((src.rank == 5) == (dst.rank == 5))
    fail("one of src and dst must be blocked (rank 5), the other plain "
         "(rank 4); got ranks %d and %d",
         src.rank, dst.rank);
  if (src.type != dst.type)
    fail("a relayout keeps the element type; src is %s and dst %s",
         elementTypeName(src.type), elementTypeName(dst.type));
  const Tensor &plainTensor = src.rank == 4 ? src : dst;
  Image plain = readImage(plainTensor, /*channelsLast=*/false);
  Image blocked = readImage(src.rank == 5 ? src : dst, false, plain.c);
  if (blocked.n != plain.n || blocked.h != plain.h || blocked.w != plain.w)
    fail("the blocked image is %lldx%lldx%lldx%lld, the plain one "
         "%lldx%lldx%lldx%lld",
         static_cast<long long>(blocked.n), static_cast<long long>(blocked.c),
         static_cast<long long>(blocked.h), static_cast<long long>(blocked.w),
         static_cast<long long>(plain.n), static_cast<long long>(plain.c),
         static_cast<long long>(plain.h), static_cast<long long>(plain.w));
  expectDisjoint(dst, src);
  if (plainTensor.numel == 0 && dst.numel == 0)
    return;
  const Image &from = src.rank == 4 ? plain : blocked;
  const Image &to = src.rank == 4 ? blocked : plain;
  Key key;
  from.addTo(key);
  to.addTo(key);
  thread_local ThreadCache<RelayoutEntry> cache;
  RelayoutEntry &entry = cache.get(key, [&] {
    dnnl::reorder::primitive_desc pd(cpuEngine(), from.desc(), cpuEngine(),
                                     to.desc(), cachedPrimitiveAttr());
    auto made = std::make_unique<RelayoutEntry>();
    made->primitive = dnnl::reorder(pd);
    made->scratchpad = Scratchpad(pd);
    made->src = unboundMemory(from.desc());
    made->dst = unboundMemory(to.desc());
    return made;
  });
  dnnl_exec_arg_t args[] = {
      {DNNL_ARG_FROM, bind(entry.src, src.data)},
      {DNNL_ARG_TO, bind(entry.dst, dst.data)},
      {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
  };
  execute(entry.primitive, args);
}
