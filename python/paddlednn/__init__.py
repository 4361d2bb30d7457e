"""PaddleDNN: PaddlePaddle inference models compiled for CPUs.

    import paddlednn
    paddlednn.compile("lac/model", "liblac.so")          # ahead of time
    from paddlednn import inference                       # Paddle Inference's API
    predictor = inference.create_predictor(inference.Config("liblac.so"))

`paddlednn.inference` mirrors `paddle.inference`; `Predictor` is the thin
layer over the C API (PaddleDNN/PaddleDNN.h) that it is built on.
"""

from ._paddlednn import Error, Predictor, runtime_version
from ._paddlednn import compile as _compile

__all__ = ["Error", "Predictor", "compile", "runtime_version", "inference"]


def compile(model, output, params=None, fuse=True, precision="float32",
            ranges=None, reference=False, opt_level=3):
    """Compile the Paddle model `model` (a folder or its program file, or a
    pdnn module `.mlir`) into the shared library `output`, with its C header
    beside it, as `pdnn-compile` does.

    precision: "float32", "bfloat16" (Paddle's bf16 placement) or "int8"
    (at the scales of the calibration file `ranges`, `pdnn-run --calibrate`,
    or without one at a quantization-aware-trained program's own).
    fuse: run Paddle's oneDNN graph passes first.
    """
    _compile(str(model), str(output), None if params is None else str(params),
             fuse, precision, None if ranges is None else str(ranges),
             reference, opt_level)


from . import inference  # noqa: E402  (after compile, which it does not need)
