#!/usr/bin/python3
"""PyTorch's nn.LSTM at the shape of pdnn-rnn-benchmark's stack (2 layers,
bidirectional), inference, for the side-by-side run in docs/BENCHMARKS.md:

    torch_lstm.py T N I H THREADS

Prints the median and minimum milliseconds per call (3 warm-up calls, then
at least 20 and up to 300 calls or 1.5 s). Debian's python3-torch.
"""
import sys
import time

import torch

T, N, I, H, threads = (int(v) for v in sys.argv[1:6])
torch.set_num_threads(threads)
torch.manual_seed(0)
lstm = torch.nn.LSTM(I, H, num_layers=2, bidirectional=True).eval()
x = torch.randn(T, N, I)
with torch.inference_mode():
    for _ in range(3):
        lstm(x)
    times = []
    deadline = time.perf_counter() + 1.5
    while len(times) < 20 or (time.perf_counter() < deadline and len(times) < 300):
        start = time.perf_counter()
        lstm(x)
        times.append((time.perf_counter() - start) * 1e3)
times.sort()
print(f"torch {torch.__version__} nn.LSTM T={T} N={N} I={I} H={H} threads={threads}: "
      f"median {times[len(times) // 2]:.4f} ms min {times[0]:.4f} ms ({len(times)} runs)")
