#!/usr/bin/python3
"""compare.py <expected.npy> <actual.npy> <tolerance>: prints the largest
absolute difference and exits 1 when it exceeds the tolerance or the shapes
differ."""
import sys

import numpy as np

expected, actual = np.load(sys.argv[1]), np.load(sys.argv[2])
if expected.shape != actual.shape:
    sys.exit(f"shape {actual.shape}, expected {expected.shape}")
error = float(np.abs(expected.astype(np.float64) - actual).max())
print(f"shape {list(actual.shape)} max_abs_err {error:.2g}")
sys.exit(0 if error <= float(sys.argv[3]) else 1)
