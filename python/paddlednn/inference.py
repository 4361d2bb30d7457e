"""Paddle Inference's Python API (`paddle.inference`) on PaddleDNN.

A script written for Paddle Inference runs by changing its import:

    from paddlednn import inference      # was: from paddle import inference

    config = inference.Config("inference.pdmodel", "inference.pdiparams")
    config.enable_mkldnn()
    predictor = inference.create_predictor(config)
    handle = predictor.get_input_handle(predictor.get_input_names()[0])
    handle.copy_from_cpu(image)
    predictor.run()
    out = predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()

`Config` also takes a library `pdnn-compile` wrote (`Config("libcls.so")`):
then nothing is compiled at run time.

What maps onto PaddleDNN:
  - `switch_ir_optim(False)` skips Paddle's oneDNN graph passes.
  - `enable_mkldnn_bfloat16()` is Paddle's bf16 placement;
    `enable_mkldnn_int8()` is int8 at the scales of a calibration file,
    given with `set_calibration_file()` (PaddleDNN's; `pdnn-run --calibrate`),
    or, without one, at a quantization-aware-trained program's own scales.
  - `set_cpu_math_library_num_threads(n)` sets the OpenMP threads oneDNN
    uses in the threads that run the predictor.
  - `disable_mkldnn()` runs PaddleDNN's reference loops instead of oneDNN.
Accepted and without effect, because PaddleDNN always does or never needs
them: `enable_mkldnn`, `disable_gpu`, `enable_memory_optim`,
`disable_glog_info`, `delete_pass`, `set_mkldnn_cache_capacity`,
`switch_use_feed_fetch_ops`, `switch_specify_input_names`,
`enable_new_ir`, `enable_new_executor`, `set_optimization_level`,
`Predictor.try_shrink_memory`, `Predictor.clear_intermediate_tensor`.
GPU, TensorRT, XPU and Lite options raise `NotImplementedError`.
"""

import enum
import os
import threading

import numpy as np

from . import _paddlednn

__all__ = ["Config", "Predictor", "Tensor", "create_predictor", "PrecisionType",
           "PlaceType", "DataType", "get_version"]


class PrecisionType(enum.IntEnum):
    Float32 = 0
    Half = 1
    Int8 = 2
    Bfloat16 = 3


class PlaceType(enum.IntEnum):
    UNK = -1
    CPU = 0


class DataType(enum.IntEnum):
    FLOAT32 = 0
    INT64 = 1
    INT32 = 2
    UINT8 = 3
    INT8 = 4
    BFLOAT16 = 5


_DATA_TYPES = {"float32": DataType.FLOAT32, "int64": DataType.INT64,
               "int32": DataType.INT32, "uint8": DataType.UINT8,
               "int8": DataType.INT8, "bfloat16": DataType.BFLOAT16}


def get_version():
    return "PaddleDNN runtime " + _paddlednn.runtime_version()


def _no_op(*args, **kwargs):
    return None


class Config:
    """What to load and how: `Config(model_file, params_file)`,
    `Config(model_dir)`, or `Config("libNAME.so")` for a compiled library."""

    def __init__(self, model=None, params=None):
        self._model = None
        self._params = None
        self._fuse = True
        self._precision = "float32"
        self._ranges = None
        self._reference = False
        self._threads = None
        if model is not None:
            self.set_model(model, params)

    # --- the model ----------------------------------------------------------
    def set_model(self, model, params=None):
        self._model = os.fspath(model)
        self._params = None if params is None else os.fspath(params)

    def set_prog_file(self, path):
        self._model = os.fspath(path)

    def set_params_file(self, path):
        self._params = os.fspath(path)

    def set_model_dir(self, path):
        self._model = os.fspath(path)

    def model_dir(self):
        return self._model if self._model and os.path.isdir(self._model) else ""

    def prog_file(self):
        return self._model or ""

    def params_file(self):
        return self._params or ""

    def _is_library(self):
        return bool(self._model) and self._model.endswith(".so")

    # --- what maps onto PaddleDNN ------------------------------------------
    def switch_ir_optim(self, flag=True):
        self._fuse = bool(flag)

    def ir_optim(self):
        return self._fuse

    def enable_mkldnn(self):
        self._reference = False

    def disable_mkldnn(self):
        self._reference = True

    def mkldnn_enabled(self):
        return not self._reference

    def enable_mkldnn_bfloat16(self):
        self._precision = "bfloat16"

    def mkldnn_bfloat16_enabled(self):
        return self._precision == "bfloat16"

    def enable_mkldnn_int8(self, op_types=None):
        self._precision = "int8"

    def mkldnn_int8_enabled(self):
        return self._precision == "int8"

    def set_calibration_file(self, path):
        """PaddleDNN's: the ranges int8 quantizes at (pdnn-run --calibrate)."""
        self._ranges = os.fspath(path)

    def set_cpu_math_library_num_threads(self, threads):
        self._threads = int(threads)

    def cpu_math_library_num_threads(self):
        return self._threads if self._threads is not None else os.cpu_count()

    def disable_gpu(self):
        pass

    def use_gpu(self):
        return False

    def _unsupported(self, name):
        def fail(*args, **kwargs):
            raise NotImplementedError(
                "PaddleDNN compiles for CPUs; Config.%s is not supported" % name)
        return fail

    def __getattr__(self, name):
        if name in _NO_OPS:
            return _no_op
        if name.startswith(("enable_use_gpu", "enable_tensorrt", "enable_xpu",
                            "enable_lite", "enable_ipu", "enable_npu",
                            "enable_custom_device", "enable_onnxruntime")):
            return self._unsupported(name)
        raise AttributeError("Config has no attribute '%s'" % name)

    def summary(self):
        return ("model: %s\nparams: %s\nir_optim: %s\nprecision: %s\nbackend: %s\n"
                % (self._model, self._params, self._fuse, self._precision,
                   "reference" if self._reference else "onednn"))


_NO_OPS = {
    "enable_memory_optim", "disable_glog_info", "delete_pass",
    "set_mkldnn_cache_capacity", "switch_use_feed_fetch_ops",
    "switch_specify_input_names", "enable_new_ir", "enable_new_executor",
    "set_optimization_level", "set_mkldnn_op", "enable_profile",
    "disable_mkldnn_fc_passes", "enable_mkldnn_bfloat16_op", "exp_disable_mkldnn_fc_passes",
    "set_cpu_math_library_num_threads_per_predictor", "switch_ir_debug",
}


class Tensor:
    """An input or output handle (paddle.inference.Tensor)."""

    def __init__(self, predictor, info, is_input):
        self._predictor = predictor
        self._info = info
        self._is_input = is_input
        self._shape = None
        self._array = None
        self._lod = None

    def name(self):
        return self._info["name"]

    def type(self):
        return _DATA_TYPES[self._info["element_type"]]

    def reshape(self, shape):
        if not self._is_input:
            raise RuntimeError("reshape applies to inputs; %s is an output" % self.name())
        self._shape = [int(s) for s in shape]

    def copy_from_cpu(self, data):
        if not self._is_input:
            raise RuntimeError("copy_from_cpu applies to inputs; %s is an output" % self.name())
        # As Paddle's, the tensor takes the array's shape (reshape before it
        # changes nothing) and a copy of its data, so the caller may change
        # `data` afterwards.
        self._array = np.array(data, copy=True, order="C")
        self._shape = list(self._array.shape)

    def share_external_data(self, data):
        """Use `data` itself (no copy) for the next runs."""
        self._array = np.ascontiguousarray(data)

    def set_lod(self, lod):
        if not self._is_input:
            raise RuntimeError("set_lod applies to inputs; %s is an output" % self.name())
        levels = [list(level) for level in lod]
        if len(levels) != 1:
            raise ValueError("%s: PaddleDNN's LoD inputs take one level, got %d"
                             % (self.name(), len(levels)))
        self._lod = [int(x) for x in levels[0]]

    def lod(self):
        return [] if self._lod is None else [list(self._lod)]

    def shape(self):
        if self._array is not None:
            return list(self._array.shape)
        if self._shape is not None:
            return list(self._shape)
        return list(self._info["shape"])

    def copy_to_cpu(self):
        if self._array is None:
            raise RuntimeError("%s has no data: run the predictor first" % self.name())
        # A copy, as Paddle's: the caller may keep and change it.
        return np.array(self._array, copy=True)


class Predictor:
    """paddle.inference.Predictor: one set of input and output handles on a
    compiled model. `clone()` shares the compiled model (no recompilation);
    give each thread its own clone, as with Paddle."""

    def __init__(self, compiled, config=None):
        self._compiled = compiled
        self._config = config
        self._inputs = {i["name"]: Tensor(self, i, True) for i in compiled.inputs}
        self._outputs = {o["name"]: Tensor(self, o, False) for o in compiled.outputs}
        self._input_order = [i["name"] for i in compiled.inputs]
        self._output_order = [o["name"] for o in compiled.outputs]

    def get_input_names(self):
        return list(self._input_order)

    def get_output_names(self):
        return list(self._output_order)

    def get_input_handle(self, name):
        if name not in self._inputs:
            raise ValueError("the model has no input '%s' (it has %s)"
                             % (name, ", ".join(self._input_order)))
        return self._inputs[name]

    def get_output_handle(self, name):
        if name not in self._outputs:
            raise ValueError("the model has no output '%s' (it has %s)"
                             % (name, ", ".join(self._output_order)))
        return self._outputs[name]

    def run(self, inputs=None):
        """Runs on the input handles' data; or, given a list of arrays (one per
        input, in order), runs on them and returns the outputs' arrays."""
        if inputs is not None:
            for name, array in zip(self._input_order, inputs):
                self._inputs[name].copy_from_cpu(array)
        feeds = {}
        for name in self._input_order:
            handle = self._inputs[name]
            if handle._array is None:
                raise RuntimeError("input '%s' has no data (copy_from_cpu)" % name)
            feeds[name] = (handle._array, handle._lod)
        threads = self._config._threads if self._config is not None else None
        if threads is not None:
            _set_threads(threads)
        results = self._compiled.run(feeds)
        for name, (array, lod) in zip(self._output_order, results):
            self._outputs[name]._array = array
            self._outputs[name]._lod = lod
        if inputs is not None:
            return [self._outputs[name].copy_to_cpu() for name in self._output_order]
        return True

    def clone(self):
        return Predictor(self._compiled.clone(), self._config)

    def try_shrink_memory(self):
        return 0

    def clear_intermediate_tensor(self):
        pass


_thread_settings = threading.local()


def _set_threads(threads):
    # oneDNN's threads are OpenMP's: the count is per calling thread.
    if getattr(_thread_settings, "threads", None) != threads:
        _paddlednn.set_num_threads(int(threads))
        _thread_settings.threads = threads


def create_predictor(config):
    """Compiles (or, for a library, loads) the model `config` names."""
    if not config._model:
        raise ValueError("the Config names no model")
    if config._is_library():
        compiled = _paddlednn.Predictor.load(config._model)
    else:
        # A Paddle program without a calibration file runs at its own
        # quantization-aware-trained scales (the compiler checks it has
        # them); a pdnn module has none.
        if (config._precision == "int8" and config._ranges is None
                and str(config._model).endswith(".mlir")):
            raise ValueError("enable_mkldnn_int8 needs the scales of a calibration: "
                             "config.set_calibration_file(<pdnn-run --calibrate output>)")
        compiled = _paddlednn.Predictor.compile(
            config._model, params=config._params, fuse=config._fuse,
            precision=config._precision, ranges=config._ranges,
            reference=config._reference)
    return Predictor(compiled, config)
