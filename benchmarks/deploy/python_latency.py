"""One fresh process: a workload through paddlednn.inference (Paddle
Inference's API) as a Paddle script runs it: import, create_predictor
(loading a library or compiling the model), the first call, then the median
of 500 calls after 100 more (copy_from_cpu, run, copy_to_cpu), as one JSON
line. The same
inputs as pdnn-deploy-benchmark's.

    python_latency.py lac|cls MODEL_OR_LIBRARY
"""

import json
import sys
import time

start = time.perf_counter()
import numpy as np  # noqa: E402
from paddlednn import inference  # noqa: E402
import_ms = (time.perf_counter() - start) * 1e3


def lcg(count):
    state = 12345
    out = []
    for _ in range(count):
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        out.append(state >> 33)
    return out


workload, model = sys.argv[1], sys.argv[2]
if workload == "lac":
    lengths = [12, 8, 20, 15, 30, 9, 14, 12]
    ids = np.array([v % 8224 for v in lcg(sum(lengths))], np.int64).reshape(-1, 1)
    lod = np.concatenate([[0], np.cumsum(lengths)]).tolist()
else:
    image = (np.array([v % 2001 for v in lcg(3 * 48 * 192)], np.float32) / 1000.0 - 1.0)
    image = image.reshape(1, 3, 48, 192)

start = time.perf_counter()
predictor = inference.create_predictor(inference.Config(model))
load_ms = (time.perf_counter() - start) * 1e3
handle = predictor.get_input_handle(predictor.get_input_names()[0])
output = predictor.get_output_handle(predictor.get_output_names()[0])


def call():
    if workload == "lac":
        handle.copy_from_cpu(ids)
        handle.set_lod([lod])
    else:
        handle.copy_from_cpu(image)
    predictor.run()
    return output.copy_to_cpu()


start = time.perf_counter()
call()
first_ms = (time.perf_counter() - start) * 1e3
times = []
for i in range(600):
    start = time.perf_counter()
    call()
    if i >= 100:
        times.append((time.perf_counter() - start) * 1e3)
times.sort()
print(json.dumps({"import_ms": round(import_ms, 3), "load_ms": round(load_ms, 3),
                  "first_ms": round(first_ms, 3), "steady_ms": round(times[len(times) // 2], 4)}))
