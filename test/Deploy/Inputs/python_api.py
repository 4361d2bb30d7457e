"""paddlednn.inference on a small model (unittests/CAPI/Inputs/small.mlir:
a LoD input "x" through a fusion_gru into "h", a static "scale" through a
relu into "relu"): Paddle Inference's calls, their errors, clones and
threads. Prints what it checked; the test FileChecks it.

    python_api.py MODEL.mlir WORKDIR
"""

import os
import sys
import threading

import numpy as np

import paddlednn
from paddlednn import inference

model, work = sys.argv[1], sys.argv[2]
library = os.path.join(work, "libsmall.so")
paddlednn.compile(model, library)
print("compiled", os.path.exists(library), os.path.exists(os.path.join(work, "small.h")))


def expect(error_type, text, action):
    try:
        action()
    except error_type as e:
        assert text in str(e), "%r lacks %r" % (str(e), text)
        print("refused:", type(e).__name__, str(e))
        return
    raise AssertionError("no %s for %s" % (error_type.__name__, text))


config = inference.Config(library)
# Accepted, without effect.
config.disable_gpu()
config.enable_mkldnn()
config.set_mkldnn_cache_capacity(10)
config.enable_memory_optim()
config.disable_glog_info()
config.delete_pass("conv_transpose_eltwiseadd_bn_fuse_pass")
config.switch_use_feed_fetch_ops(False)
config.switch_ir_optim(True)
config.set_cpu_math_library_num_threads(1)
predictor = inference.create_predictor(config)
print("inputs", predictor.get_input_names(), "outputs", predictor.get_output_names())

rng = np.random.default_rng(3)


def feed(pred, rows, lod, scale):
    x = pred.get_input_handle("x")
    x.reshape([rows, 3])
    x.copy_from_cpu(rng.standard_normal((rows, 3)).astype(np.float32))
    x.set_lod([lod])
    s = pred.get_input_handle("scale")
    s.copy_from_cpu(scale)


scale = np.array([[-1, 2, -3], [4, -5, 6]], dtype=np.float32)
feed(predictor, 5, [0, 2, 5], scale)
assert predictor.run()
relu = predictor.get_output_handle("relu").copy_to_cpu()
assert np.array_equal(relu, np.maximum(scale, 0)), relu
h = predictor.get_output_handle("h")
print("h", h.shape(), h.type().name, "relu", relu.tolist())

# run(list) returns the outputs.
x = np.ones((3, 3), np.float32)
predictor.get_input_handle("x").set_lod([[0, 3]])
outputs = predictor.run([x, scale])
print("run(list)", [o.shape for o in outputs])

# Errors, each with its message.
s = predictor.get_input_handle("scale")
expect(paddlednn.Error, "has dtype float64", lambda: (s.copy_from_cpu(scale.astype(np.float64)),
                                                     predictor.run()))
s.copy_from_cpu(scale)
expect(paddlednn.Error, "has size 3 in dimension 0, the model takes 2",
       lambda: (s.copy_from_cpu(np.zeros((3, 3), np.float32)), predictor.run()))
s.copy_from_cpu(scale)
xh = predictor.get_input_handle("x")
expect(paddlednn.Error, "its LoD ends at 2 but the tensor has 3 rows",
       lambda: (xh.set_lod([[0, 2]]), predictor.run()))
expect(ValueError, "one level", lambda: xh.set_lod([[0, 1], [0, 1, 3]]))
expect(ValueError, "no input 'words'", lambda: predictor.get_input_handle("words"))
expect(RuntimeError, "has no data", lambda: inference.create_predictor(config)
       .get_output_handle("h").copy_to_cpu())
expect(RuntimeError, "input 'x' has no data", lambda: inference.create_predictor(config).run())
expect(NotImplementedError, "enable_use_gpu", lambda: config.enable_use_gpu(100, 0))
expect(paddlednn.Error, "cannot open", lambda: inference.create_predictor(
    inference.Config(os.path.join(work, "libnone.so"))))
int8 = inference.Config(model)
int8.enable_mkldnn_int8()
expect(ValueError, "set_calibration_file", lambda: inference.create_predictor(int8))

# Clones share the compiled model; Python threads run them at once and
# agree with serial runs.
batches = []
for i in range(8):
    lengths = rng.integers(1, 9, size=rng.integers(1, 5))
    lod = np.concatenate([[0], np.cumsum(lengths)]).tolist()
    batches.append((rng.standard_normal((lod[-1], 3)).astype(np.float32), lod))


def run_batch(pred, batch):
    x, lod = batch
    xh = pred.get_input_handle("x")
    xh.copy_from_cpu(x)
    xh.set_lod([lod])
    pred.get_input_handle("scale").copy_from_cpu(scale)
    pred.run()
    return pred.get_output_handle("h").copy_to_cpu()


serial = [run_batch(predictor, b) for b in batches]
results = [None] * len(batches)


def worker(k):
    clone = predictor.clone()
    for i in range(k, len(batches), 4):
        results[i] = run_batch(clone, batches[i])


threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
assert all(np.array_equal(a, b) for a, b in zip(serial, results))
print("threads agree", len(batches))

# The JIT path through Config(model) gives the same bits as the library.
jit = inference.create_predictor(inference.Config(model))
assert all(np.array_equal(run_batch(jit, b), s) for b, s in zip(batches, serial))
print("jit agrees")
