"""Self-checks of paddle_cnn_reference.py that do not involve PaddleDNN.

Run: /usr/bin/python3 test_paddle_cnn_reference.py  (numpy + torch; exits
non-zero on failure). Two kinds of checks:

* hand-computed small cases, written from Paddle's formulas (the numbers in
  the comments are worked out by hand), including every case where Paddle's
  semantics differ from PyTorch's;
* cross-checks against PyTorch 1.13 (float64) where the semantics coincide:
    conv2d (any pads: asymmetric ones through F.pad), conv_transpose2d
      (symmetric pads; output_size = output_padding; asymmetric pads by
      cropping the unpadded result), batch_norm (eval),
    max_pool2d / avg_pool2d (exclusive=False <-> count_include_pad=True,
      exclusive=True <-> count_include_pad=False) with symmetric pads and
      configurations where PyTorch's ceil_mode correction does not apply,
    adaptive_avg_pool2d,
    interpolate bilinear: Paddle align_corners=True <-> torch
      align_corners=True; Paddle align_mode=0 (align_corners=False) <-> torch
      align_corners=False; nearest (align_corners=False, size given) <->
      torch 'nearest'.
  Where they differ (checked by hand instead):
    - bilinear align_mode=1 (Paddle's default): src = ratio*k, no half-pixel
      shift; torch has no such mode;
    - bilinear to an output size of 1: Paddle's ratio is 0 (row 0), torch
      (align_corners=False) samples the centre;
    - nearest align_corners=True: Paddle rounds (int(ratio*k + 0.5)), torch
      has no align_corners for nearest;
    - a scale in effect: Paddle's ratio is 1/scale even when OutSize sets the
      size, torch's (recompute_scale_factor) is in/out;
    - pool2d ceil_mode: Paddle keeps a last window that starts in the padding
      (torch drops it), and its divisor/empty-window results;
    - pool2d asymmetric pads: the kernel clamps windows with the top/left pad
      only (the non-exclusive divisor ignores extra bottom/right padding);
    - pool2d adaptive max: the CPU kernel slides ksize windows by `strides`;
    - max pool of an all -inf window: -FLT_MAX (torch: -inf);
    - conv with C-truncated output size (a window overhanging the padded
      input still produces an output, reading zeros);
    - matmul v1 batch flattening vs numpy broadcasting.
"""

import math
import os
import sys
import unittest

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paddle_cnn_reference as P  # noqa: E402

torch.set_default_dtype(torch.float64)
RNG = np.random.default_rng(20240607)


def rnd(*shape):
    return RNG.standard_normal(shape)


def T(a):
    return torch.from_numpy(np.ascontiguousarray(a, dtype=np.float64))


class Base(unittest.TestCase):
    def close(self, got, want, tol=1e-9):
        got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
        self.assertEqual(got.shape, want.shape)
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol)

    def rejects(self, fn, *a, **k):
        with self.assertRaises(P.PaddleError):
            fn(*a, **k)


# ---------------------------------------------------------------------------
class ConvTest(Base):
    def test_hand_3x3(self):
        x = np.arange(9.0).reshape(1, 1, 3, 3)  # [[0,1,2],[3,4,5],[6,7,8]]
        w = np.ones((1, 1, 2, 2))
        self.close(P.conv2d(x, w), [[[[8, 12], [20, 24]]]])
        # 3x3 kernel, pad 1: centre = sum of all = 36, corner (0,0) = 0+1+3+4
        o = P.conv2d(x, np.ones((1, 1, 3, 3)), paddings=[1, 1])
        self.assertEqual(o.shape, (1, 1, 3, 3))
        self.assertEqual(o[0, 0, 1, 1], 36)
        self.assertEqual(o[0, 0, 0, 0], 8)

    def test_four_value_paddings_order(self):
        # [top, bottom, left, right] = [1, 0, 0, 2] on a 1x1 input, 1x1 kernel
        o = P.conv2d(np.full((1, 1, 1, 1), 5.0), np.ones((1, 1, 1, 1)),
                     paddings=[1, 0, 0, 2])
        self.close(o, [[[[0, 0, 0], [5, 0, 0]]]])

    def test_same_and_valid(self):
        p, d = P.update_padding_and_dilation([0, 0], [2, 2], "SAME", [5, 6],
                                             [2, 2], [3, 3])
        # H=5: out 3, pad_sum 2*2+3-5 = 2 -> (1,1); W=6: out 3, 4+3-6=1 -> (0,1)
        self.assertEqual(p, [1, 1, 0, 1])
        self.assertEqual(d, [1, 1])  # SAME forces dilation 1
        p, d = P.update_padding_and_dilation([3, 4], [2, 2], "VALID", [5, 6],
                                             [1, 1], [3, 3])
        self.assertEqual(p, [0, 0, 0, 0])
        self.assertEqual(d, [2, 2])
        x, w = rnd(1, 2, 5, 6), rnd(3, 2, 3, 3)
        o = P.conv2d(x, w, strides=[2, 2], dilations=[2, 2],
                     padding_algorithm="SAME", paddings=[7, 7])
        want = F.conv2d(F.pad(T(x), (0, 1, 1, 1)), T(w), stride=2).numpy()
        self.close(o, want)
        self.assertEqual(o.shape[2:], (3, 3))

    def test_truncated_output_size(self):
        # H = W = 3, k = 4, s = 2, no pad: (3 - 4)/2 + 1 = 0 + 1 = 1 in C
        # (floor division would give 0); the single output reads x[0:3, 0:3]
        # plus zeros.
        x = np.arange(9.0).reshape(1, 1, 3, 3)
        o = P.conv2d(x, np.ones((1, 1, 4, 4)), strides=[2, 2])
        self.close(o, [[[[36.0]]]])

    def test_negative_pad_crops(self):
        x = np.arange(16.0).reshape(1, 1, 4, 4)
        o = P.conv2d(x, np.ones((1, 1, 1, 1)), paddings=[-1, 0, 0, -1])
        self.close(o, x[:, :, 1:, :3])

    def test_vs_torch(self):
        for groups, cin, cout, st, dl, pad in [
                (1, 3, 4, (1, 1), (1, 1), (0, 0)),
                (1, 3, 4, (2, 1), (1, 2), (1, 2)),
                (2, 4, 6, (2, 2), (2, 1), (2, 1)),
                (4, 4, 8, (1, 2), (1, 1), (1, 1))]:  # depthwise multiplier 2
            x, w = rnd(2, cin, 9, 8), rnd(cout, cin // groups, 3, 2)
            o = P.conv2d(x, w, strides=st, paddings=pad, dilations=dl,
                         groups=groups)
            want = F.conv2d(T(x), T(w), stride=st, padding=pad, dilation=dl,
                            groups=groups).numpy()
            self.close(o, want)
            o = P.depthwise_conv2d(np.moveaxis(x, 1, -1), w, strides=st,
                                   paddings=pad, dilations=dl, groups=groups,
                                   data_format="NHWC")
            self.close(o, np.moveaxis(want, 1, -1))

    def test_asymmetric_vs_torch(self):
        x, w = rnd(1, 2, 7, 6), rnd(3, 2, 3, 3)
        o = P.conv2d(x, w, paddings=[2, 0, 1, 3], strides=[2, 1])
        want = F.conv2d(F.pad(T(x), (1, 3, 2, 0)), T(w), stride=(2, 1))
        self.close(o, want.numpy())

    def test_fused_bias_residual_activation(self):
        x, w, b = rnd(1, 2, 5, 5), rnd(3, 2, 3, 3), rnd(3)
        r = rnd(1, 3, 3, 3)
        base = F.conv2d(T(x), T(w), T(b)).numpy() + r
        self.close(P.conv2d(x, w, Bias=b, ResidualData=r,
                            fuse_activation="relu"), np.maximum(base, 0))
        self.close(P.conv2d(x, w, Bias=b, ResidualData=r,
                            fuse_activation="relu6", fuse_alpha=1.0),
                   np.clip(base, 0, 1))
        self.close(P.conv2d(x, w, Bias=b, ResidualData=r,
                            fuse_activation="relu6", fuse_beta=1.5,
                            relu6_bound="fuse_beta"), np.clip(base, 0, 1.5))
        self.close(P.conv2d(x, w, Bias=b, ResidualData=r,
                            fuse_activation="leaky_relu", fuse_alpha=0.1),
                   np.where(base > 0, base, 0.1 * base), 1e-7)
        hs = P.conv2d(x, w, Bias=b, fuse_activation="hard_swish")
        hs3 = P.conv2d(x, w, Bias=b, fuse_activation="hard_swish",
                       fuse_alpha=1 / 6, fuse_beta=0.5)
        want = F.hardswish(F.conv2d(T(x), T(w), T(b))).numpy()
        self.close(hs, want)
        self.close(hs3, want, 1e-6)
        # ResidualData ignored when the attribute is false
        self.close(P.conv2d(x, w, ResidualData=r,
                            fuse_residual_connection=False),
                   F.conv2d(T(x), T(w)).numpy())
        self.rejects(P.conv2d, x, w, fuse_activation="softplus")

    def test_rejects(self):
        x = rnd(1, 4, 5, 5)
        self.rejects(P.conv2d, x, rnd(2, 3, 3, 3))            # Cin != 3*1
        self.rejects(P.conv2d, x, rnd(3, 2, 3, 3), groups=2)  # 3 % 2
        self.rejects(P.conv2d, x, rnd(2, 4, 3, 3), strides=[0, 1])
        self.rejects(P.conv2d, x, rnd(2, 4, 3, 3), dilations=[1, 0])
        self.rejects(P.conv2d, x, rnd(2, 4, 3, 3), paddings=[1, 1, 1])
        self.rejects(P.conv2d, x, rnd(2, 4, 3, 3, 1))         # rank mismatch
        self.rejects(P.conv2d, x, rnd(2, 4, 7, 7))            # output <= 0


class ConvTransposeTest(Base):
    def test_hand(self):
        # 1x1 input 2, 2x2 kernel [[1,2],[3,4]], stride 1: output = 2*kernel
        o = P.conv2d_transpose(np.full((1, 1, 1, 1), 2.0),
                               np.array([[[[1.0, 2], [3, 4]]]]))
        self.close(o, [[[[2, 4], [6, 8]]]])

    def test_vs_torch(self):
        for groups, cin, coutg, st, dl, pad, op in [
                (1, 2, 3, (1, 1), (1, 1), (0, 0), (0, 0)),
                (1, 2, 3, (2, 2), (1, 1), (1, 1), (1, 0)),
                (2, 4, 2, (2, 3), (2, 1), (1, 2), (1, 2)),
                (1, 3, 1, (3, 2), (1, 1), (2, 0), (2, 1))]:
            x, w = rnd(2, cin, 4, 5), rnd(cin, coutg, 3, 3)
            want = F.conv_transpose2d(T(x), T(w), stride=st, padding=pad,
                                      output_padding=op, groups=groups,
                                      dilation=dl).numpy()
            got = P.conv2d_transpose(x, w, strides=st, paddings=pad,
                                     output_padding=op, groups=groups,
                                     dilations=dl)
            self.close(got, want)
            # output_size = inferred + output_padding gives the same tensor
            size = [want.shape[2], want.shape[3]]
            got = P.conv2d_transpose(x, w, strides=st, paddings=pad,
                                     output_size=size, groups=groups,
                                     dilations=dl)
            self.close(got, want)

    def test_asymmetric_pads(self):
        x, w = rnd(1, 2, 4, 4), rnd(2, 3, 3, 3)
        full = F.conv_transpose2d(T(x), T(w), stride=2).numpy()  # 9x9
        got = P.conv2d_transpose(x, w, strides=[2, 2], paddings=[1, 0, 2, 1])
        self.close(got, full[:, :, 1:9, 2:8])

    def test_same(self):
        # in 4, s 2, k 3: SAME pads from the input: out 2, pad_sum 1 -> (0,1)
        # -> (4-1)*2 - 1 + 3 = 8 = 4*2
        x, w = rnd(1, 1, 4, 4), rnd(1, 1, 3, 3)
        got = P.conv2d_transpose(x, w, strides=[2, 2], padding_algorithm="SAME")
        full = F.conv_transpose2d(T(x), T(w), stride=2).numpy()
        self.close(got, full[:, :, 0:8, 0:8])

    def test_bias_activation(self):
        x, w, b = rnd(1, 2, 3, 3), rnd(2, 2, 2, 2), rnd(2)
        want = F.relu(F.conv_transpose2d(T(x), T(w), T(b))).numpy()
        self.close(P.conv2d_transpose(x, w, Bias=b, fuse_activation="relu"),
                   want)

    def test_rejects(self):
        x, w = rnd(1, 2, 4, 4), rnd(2, 3, 3, 3)
        self.rejects(P.conv2d_transpose, x, w, strides=[2, 2],
                     output_padding=[2, 0])          # >= max(stride, dil)
        self.rejects(P.conv2d_transpose, x, w, strides=[2, 2],
                     output_size=[11, 9])            # inferred 9 + 2 = 11
        self.rejects(P.conv2d_transpose, x, w, output_size=[6])
        self.rejects(P.conv2d_transpose, x, rnd(3, 3, 3, 3))  # Cin != F[0]
        self.rejects(P.conv2d_transpose, x, w, strides=[0, 1])


class BatchNormTest(Base):
    def test_vs_torch_and_nhwc(self):
        x = rnd(2, 3, 4, 5)
        s, b, m, v = rnd(3), rnd(3), rnd(3), RNG.random(3) + 0.5
        want = F.batch_norm(T(x), T(m), T(v), T(s), T(b), training=False,
                            eps=1e-5).numpy()
        self.close(P.batch_norm(x, s, b, m, v), want, 1e-7)
        self.close(P.batch_norm(np.moveaxis(x, 1, -1), s, b, m, v,
                                data_layout="NHWC"),
                   np.moveaxis(want, 1, -1), 1e-7)
        x2 = rnd(4, 3)
        self.close(P.batch_norm(x2, s, b, m, v, epsilon=1e-3),
                   (x2 - m) / np.sqrt(v + np.float32(1e-3)) * s + b, 1e-9)

    def test_rejects(self):
        s = np.ones(3)
        self.rejects(P.batch_norm, rnd(3), s, s, s, s)
        self.rejects(P.batch_norm, rnd(1, 3, 2, 2), s, s, s, s, epsilon=0.01)
        self.rejects(P.batch_norm, rnd(1, 4, 2, 2), s, s, s, s)
        self.rejects(P.batch_norm, rnd(1, 3, 2, 2), np.ones((3, 1)), s, s, s)


class PoolTest(Base):
    def test_adaptive_windows_5_to_3(self):
        # [floor(i*5/3), ceil((i+1)*5/3)) = [0,2), [1,4), [3,5)
        self.assertEqual([(P.adapt_start_index(i, 5, 3),
                           P.adapt_end_index(i, 5, 3)) for i in range(3)],
                         [(0, 2), (1, 4), (3, 5)])
        x = np.arange(5.0).reshape(1, 1, 1, 5)
        o = P.pool2d(x, "avg", [1, 3], adaptive=True)
        self.close(o, [[[[0.5, 2.0, 3.5]]]])
        x = rnd(2, 3, 7, 5)
        self.close(P.pool2d(x, "avg", [3, 2], adaptive=True),
                   F.adaptive_avg_pool2d(T(x), (3, 2)).numpy())

    def test_ceil_mode_sizes(self):
        self.assertEqual(P.pool_output_size(5, 2, 0, 0, 2, False), 2)
        self.assertEqual(P.pool_output_size(5, 2, 0, 0, 2, True), 3)
        self.assertEqual(P.pool_output_size(5, 2, 1, 1, 2, True), 4)  # torch 3
        self.assertEqual(P.pool_output_size(6, 3, 1, 1, 2, True), 4)

    def test_vs_torch(self):
        x = rnd(2, 3, 7, 8)
        for k, s, p, ceil in [((2, 2), (2, 2), (0, 0), False),
                              ((3, 3), (2, 2), (1, 1), False),
                              ((3, 2), (2, 1), (1, 0), True),
                              ((2, 3), (2, 2), (0, 1), True)]:
            for excl in (True, False):
                got = P.pool2d(x, "avg", k, s, p, exclusive=excl,
                               ceil_mode=ceil)
                want = F.avg_pool2d(T(x), k, s, p, ceil_mode=ceil,
                                    count_include_pad=not excl).numpy()
                self.close(got, want)
            got = P.pool2d(x, "max", k, s, p, ceil_mode=ceil)
            self.close(got, F.max_pool2d(T(x), k, s, p, ceil_mode=ceil).numpy())
            got = P.pool2d(np.moveaxis(x, 1, -1), "max", k, s, p,
                           ceil_mode=ceil, data_format="NHWC")
            self.close(got, np.moveaxis(
                F.max_pool2d(T(x), k, s, p, ceil_mode=ceil).numpy(), 1, -1))

    def test_ceil_mode_window_in_padding(self):
        # H = W = 5, k 2, s 2, pad 1, ceil: Paddle OH = 4, the last window
        # starts at 3*2-1 = 5 = H: hend = min(7, 5+1) = 6 -> pool_size
        # counts 1 row; clamped [5, 5) is empty.
        x = np.arange(25.0).reshape(1, 1, 5, 5) + 1
        mx = P.pool2d(x, "max", [2, 2], [2, 2], [1, 1], ceil_mode=True)
        self.assertEqual(mx.shape, (1, 1, 4, 4))
        self.assertEqual(mx[0, 0, 3, 3], -P.FLT_MAX)
        self.assertEqual(mx[0, 0, 0, 0], 1.0)
        inc = P.pool2d(x, "avg", [2, 2], [2, 2], [1, 1], ceil_mode=True,
                       exclusive=False)
        # (3, 0): rows empty, cols [-1, 1) -> size 1*2, sum 0 -> 0
        self.assertEqual(inc[0, 0, 3, 0], 0.0)
        # (0, 0): rows [-1,1) cols [-1,1): divisor 4, sum x[0,0] = 1
        self.assertEqual(inc[0, 0, 0, 0], 0.25)
        exc = P.pool2d(x, "avg", [2, 2], [2, 2], [1, 1], ceil_mode=True)
        self.assertTrue(math.isnan(exc[0, 0, 3, 0]))
        self.assertEqual(exc[0, 0, 0, 0], 1.0)

    def test_asymmetric_pad_divisor(self):
        # H = 4, k = 3, pads top 0 bottom 2: OH = (4-3+2)/1+1 = 4; window 3
        # is rows [3, min(6, H + top = 4)) -> the divisor counts 1 row, not 3
        x = np.arange(4.0).reshape(1, 1, 4, 1)
        o = P.pool2d(x, "avg", [3, 1], [1, 1], [0, 2, 0, 0], exclusive=False)
        self.close(o[0, 0, :, 0], [1.0, 2.0, 2.5, 3.0])

    def test_global_and_adaptive_max(self):
        x = rnd(1, 2, 3, 4)
        self.close(P.pool2d(x, "max", [1, 1], global_pooling=True,
                            paddings=[5, 5]), x.max(axis=(2, 3),
                                                    keepdims=True))
        self.close(P.pool2d(x, "avg", [7, 7], global_pooling=True),
                   x.mean(axis=(2, 3), keepdims=True))
        # adaptive max in the CPU kernel: windows of ksize sliding by strides
        x = np.arange(16.0).reshape(1, 1, 4, 4)
        o = P.pool2d(x, "max", [2, 2], adaptive=True)  # strides [1, 1]
        self.close(o, [[[[5, 6], [9, 10]]]])            # true adaptive: 5,7,13,15

    def test_max_of_neg_inf(self):
        x = np.full((1, 1, 2, 2), -np.inf)
        self.assertEqual(P.pool2d(x, "max", [2, 2])[0, 0, 0, 0], -P.FLT_MAX)

    def test_same(self):
        x = rnd(1, 1, 5, 6)
        o = P.pool2d(x, "max", [3, 3], [2, 2], padding_algorithm="SAME")
        want = F.max_pool2d(F.pad(T(x), (0, 1, 1, 1), value=-np.inf), 3, 2)
        self.close(o, want.numpy())

    def test_rejects(self):
        x = rnd(1, 1, 4, 4)
        self.rejects(P.pool2d, x, "sum", [2, 2])
        self.rejects(P.pool2d, x, "max", [2, 2], [0, 1])
        self.rejects(P.pool2d, x, "max", [5, 5])
        self.rejects(P.pool2d, x, "max", [2, 2], [1, 1, 1])
        self.rejects(P.pool2d, x, "max", [2, 2], [1, 1], [1, 1, 1])
        self.rejects(P.pool2d, rnd(4, 4), "max", [2, 2])


class InterpTest(Base):
    X22 = np.array([[[[1.0, 2.0], [3.0, 4.0]]]])

    def test_bilinear_align_corners_2x2_to_3x3(self):
        o = P.bilinear_interp_v2(self.X22, out_h=3, out_w=3, align_corners=True)
        self.close(o, [[[[1, 1.5, 2], [2, 2.5, 3], [3, 3.5, 4]]]], 1e-7)

    def test_bilinear_align_mode_1(self):
        # ratio = float(2/3); src = k*ratio: 0, 0.667 (rows 0,1), 1.333 ->
        # i0 = 1, i1 = min(2, 1) = 1: the last row/column is input row/col 1
        o = P.bilinear_interp_v2(self.X22, out_h=3, out_w=3,
                                 align_corners=False, align_mode=1)
        a = 2.0 / 3.0
        r0 = [1, 1 + a, 2]
        r2 = [3, 3 + a, 4]
        r1 = [(1 - a) * u + a * v for u, v in zip(r0, r2)]
        self.close(o, [[[r0, r1, r2]]], 1e-6)

    def test_bilinear_align_mode_0(self):
        # half pixel: src = max(k*2/3 + 1/3 - 0.5, 0) = 0, 0.5, 1.1667
        o = P.bilinear_interp_v2(self.X22, out_h=3, out_w=3,
                                 align_corners=False, align_mode=0)
        self.close(o, [[[[1, 1.5, 2], [2, 2.5, 3], [3, 3.5, 4]]]], 1e-6)

    def test_vs_torch_bilinear(self):
        x = rnd(2, 3, 5, 7)
        for oh, ow in [(9, 4), (3, 13), (5, 8), (2, 2)]:
            got = P.bilinear_interp_v2(x, out_h=oh, out_w=ow,
                                       align_corners=True)
            want = F.interpolate(T(x), (oh, ow), mode="bilinear",
                                 align_corners=True).numpy()
            self.close(got, want, 2e-6)
            got = P.bilinear_interp_v2(x, out_h=oh, out_w=ow,
                                       align_corners=False, align_mode=0)
            want = F.interpolate(T(x), (oh, ow), mode="bilinear",
                                 align_corners=False).numpy()
            self.close(got, want, 2e-6)
        got = P.bilinear_interp_v2(np.moveaxis(x, 1, -1), out_h=9, out_w=4,
                                   align_corners=False, align_mode=0,
                                   data_layout="NHWC")
        want = F.interpolate(T(x), (9, 4), mode="bilinear",
                             align_corners=False).numpy()
        self.close(got, np.moveaxis(want, 1, -1), 2e-6)

    def test_output_size_one(self):
        # ratio 0 when out == 1 (even without align_corners): row/col 0
        o = P.bilinear_interp_v2(self.X22, out_h=1, out_w=1,
                                 align_corners=False, align_mode=0)
        self.close(o, [[[[1.0]]]])  # torch would give 2.5

    def test_nearest_scale_2(self):
        o = P.nearest_interp_v2(self.X22, scale=[2.0, 2.0], out_h=-1, out_w=-1,
                                align_corners=False)
        self.close(o, [[[[1, 1, 2, 2], [1, 1, 2, 2], [3, 3, 4, 4],
                         [3, 3, 4, 4]]]])

    def test_nearest_vs_torch(self):
        x = rnd(1, 2, 5, 6)
        for oh, ow in [(3, 4), (10, 12), (7, 9), (11, 5)]:
            got = P.nearest_interp_v2(x, out_h=oh, out_w=ow,
                                      align_corners=False)
            want = F.interpolate(T(x), (oh, ow), mode="nearest").numpy()
            self.close(got, want)

    def test_float32_ratio_decides_the_index(self):
        # ratio = float(2/82) = 0.024390243 < 1/41, so k = 41 gives
        # int(0.99999994) = 0 although 41*2/82 = 1 exactly (torch's float
        # scale agrees)
        x = np.arange(2.0).reshape(1, 1, 1, 2)
        o = P.nearest_interp_v2(x, out_h=1, out_w=82, align_corners=False)
        self.assertEqual(o[0, 0, 0, 41], 0.0)
        self.close(o, F.interpolate(T(x), (1, 82), mode="nearest").numpy())
        # align_corners 4 -> 75: k = 37: 37*3/74 + 0.5 = 2 exactly, but
        # float(3/74) * 37 = 1.4999999 -> int(1.9999999) = 1
        x = np.arange(4.0).reshape(1, 1, 1, 4)
        o = P.nearest_interp_v2(x, out_h=1, out_w=75, align_corners=True)
        self.assertEqual(o[0, 0, 0, 37], 1.0)

    def test_nearest_align_corners(self):
        # 3 -> 5: ratio (3-1)/(5-1) = 0.5: int(0.5k + 0.5) = 0,1,1,2,2
        self.assertEqual([P.nearest_source_index(P.interp_ratio(3, 5, -1, True),
                                                 k, True) for k in range(5)],
                         [0, 1, 1, 2, 2])
        x = np.arange(3.0).reshape(1, 1, 1, 3)
        o = P.nearest_interp_v2(x, out_h=1, out_w=5)  # OpMaker default a_c
        self.close(o, [[[[0, 1, 1, 2, 2]]]])
        # 5 -> 3 without: ratio float(5/3): int(0), int(1.667), int(3.333)
        self.assertEqual([P.nearest_source_index(P.interp_ratio(5, 3, -1, False),
                                                 k, False) for k in range(3)],
                         [0, 1, 3])

    def test_scale_sets_ratio(self):
        # in 3, scale 1.5: out = int(3*1.5) = 4, ratio = 1/1.5 (not 3/4)
        x = np.arange(3.0).reshape(1, 1, 3, 1)
        o = P.bilinear_interp_v2(x, scale=[1.5, 1.0], out_h=-1, out_w=-1,
                                 align_corners=False, align_mode=1)
        self.assertEqual(o.shape, (1, 1, 4, 1))
        self.close(o[0, 0, :, 0], [0, 2 / 3, 4 / 3, 2.0], 1e-6)
        # OutSize overrides the size, the ratio still comes from the scale:
        # scale 2 on 4 with OutSize [6, 6]: ratio 0.5 -> 0,0,1,1,2,2
        x = np.arange(4.0).reshape(1, 1, 1, 4)
        o = P.nearest_interp_v2(x, OutSize=np.array([1, 6], np.int32),
                                scale=[2.0, 2.0], align_corners=False)
        self.close(o, [[[[0, 0, 1, 1, 2, 2]]]])
        o = P.nearest_interp_v2(x, OutSize=np.array([1, 6], np.int32),
                                align_corners=False)  # ratio 4/6
        self.close(o, [[[[0, 0, 1, 2, 2, 3]]]])
        # Scale tensor with one value applies to both dims
        o = P.nearest_interp_v2(self.X22, Scale=np.array([2.0], np.float32),
                                align_corners=False)
        self.assertEqual(o.shape, (1, 1, 4, 4))
        # SizeTensor beats OutSize
        o = P.nearest_interp_v2(self.X22, SizeTensor=[np.array([3]),
                                                      np.array([1])],
                                OutSize=np.array([4, 4]), align_corners=False)
        self.assertEqual(o.shape, (1, 1, 3, 1))

    def test_same_size_is_copy(self):
        x = rnd(1, 1, 3, 3)
        # in 3, scale 1.2: out = int(3.6000001) = 3 -> copy, although the
        # ratio 1/1.2 would not reproduce x
        self.close(P.bilinear_interp_v2(x, scale=[1.2, 1.2], out_h=-1,
                                        out_w=-1, align_corners=False), x)

    def test_rejects(self):
        self.rejects(P.bilinear_interp_v2, self.X22)  # out_h = out_w = 0
        self.rejects(P.bilinear_interp_v2, self.X22, scale=[2.0, 0.0])
        self.rejects(P.bilinear_interp_v2, self.X22, out_h=2, out_w=2,
                     interp_method="trilinear")
        self.rejects(P.bilinear_interp_v2, np.zeros((1, 0, 2, 2)), out_h=3,
                     out_w=3)
        with self.assertRaises(P.PaddleUndefined):
            P.bilinear_interp_v2(self.X22, scale=[2.0])


class ActivationTest(Base):
    def test_values(self):
        x = np.array([-4.0, -3.0, -1.0, 0.0, 1.0, 3.0, 7.0])
        self.close(P.hard_swish(x), [0, 0, -1 * 2 / 6, 0, 4 / 6, 3, 7])
        self.close(P.hard_swish(x), F.hardswish(T(x)).numpy())
        self.close(P.hard_sigmoid(x), [0, 0, 0.3, 0.5, 0.7, 1, 1], 1e-7)
        self.close(P.relu6(x), [0, 0, 0, 0, 1, 3, 6])
        self.close(P.relu6(x, threshold=2.0), [0, 0, 0, 0, 1, 2, 2])
        self.close(P.clip(x, min=-1.0, max=2.0), [-1, -1, -1, 0, 1, 2, 2])
        self.close(P.clip(x, min=-9.0, max=9.0, Min=np.array([0.0]),
                          Max=np.array([1.0])), [0, 0, 0, 0, 1, 1, 1])
        self.close(P.exp(x), np.exp(x))
        self.rejects(P.clip, x, min=2.0, max=1.0)


class ElementwiseTest(Base):
    def test_axis_rule(self):
        x = rnd(2, 3, 4, 5)
        y = rnd(3, 4)
        self.close(P.elementwise_sub(x, y, axis=1),
                   x - y.reshape(1, 3, 4, 1))
        y = rnd(4, 5)
        self.close(P.elementwise_div(x, y), x / y)
        self.close(P.elementwise_max(x, y, axis=-1), np.maximum(x, y))
        y = rnd(2, 3)
        self.close(P.elementwise_min(x, y, axis=0),
                   np.minimum(x, y.reshape(2, 3, 1, 1)))
        # X of lower rank is placed inside Y
        self.close(P.elementwise_sub(y, x, axis=0), y.reshape(2, 3, 1, 1) - x)
        # equal ranks broadcast like numpy (axis -1 or 0)
        a, b = rnd(2, 1, 4), rnd(1, 3, 1)
        self.close(P.elementwise_sub(a, b), a - b)
        self.assertEqual(P.elementwise_broadcast_shapes((2, 3, 4, 5), (4,), -2),
                         ((2, 3, 4, 5), (1, 1, 4, 1), (2, 3, 4, 5)))

    def test_rejects(self):
        x = rnd(2, 3, 4, 5)
        self.rejects(P.elementwise_sub, x, rnd(3, 4))           # trailing
        self.rejects(P.elementwise_sub, rnd(2, 1), rnd(1, 2), axis=1)
        self.rejects(P.elementwise_sub, x, rnd(3), axis=4)
        self.rejects(P.elementwise_div, np.array([1, 2]), np.array([1, 0]))

    def test_integer_semantics(self):
        a = np.array([-7, 7, -7, 7], np.int32)
        b = np.array([2, -2, -2, 2], np.int32)
        q = P.elementwise_div(a, b)
        self.assertEqual(q.dtype, np.int32)
        self.assertEqual(q.tolist(), [-3, -3, 3, 3])  # numpy // gives -4
        p = P.elementwise_pow(np.array([2, 3, 2], np.int64),
                              np.array([-1, 2, 10], np.int64))
        self.assertEqual(p.tolist(), [0, 9, 1024])
        m = P.elementwise_max(np.array([np.nan, 1.0]), np.array([1.0, np.nan]))
        self.assertEqual(m[0], 1.0)
        self.assertTrue(np.isnan(m[1]))


class TensorOpsTest(Base):
    def test_reshape(self):
        x = rnd(2, 3, 4)
        self.assertEqual(P.reshape2(x, [0, -1]).shape, (2, 12))
        self.assertEqual(P.reshape2(x, [-1, 0, 2]).shape, (4, 3, 2))
        self.assertEqual(P.reshape2(x, ShapeTensor=[np.array([6]),
                                                    np.array([-1])]).shape,
                         (6, 4))
        self.assertEqual(P.reshape2(x, [1], Shape=np.array([4, 6])).shape,
                         (4, 6))
        self.rejects(P.reshape2, x, [-1, -1])
        self.rejects(P.reshape2, x, [5, -1])
        self.rejects(P.reshape2, x, [2, 3, 5])
        self.rejects(P.reshape2, x, [0, 0, 0, 0])
        self.rejects(P.reshape2, x, [2, -2, 12])
        self.assertEqual(P.xshape(x), (0, 2, 3, 4))

    def test_transpose_squeeze_unsqueeze(self):
        x = rnd(2, 1, 3, 1)
        self.close(P.transpose2(x, [3, 0, 2, 1]), x.transpose(3, 0, 2, 1))
        self.rejects(P.transpose2, x, [0, 1, 2])
        self.rejects(P.transpose2, x, [0, 1, 2, 2])
        self.rejects(P.transpose2, x, [-1, 0, 1, 2])
        self.assertEqual(P.squeeze2(x).shape, (2, 3))
        self.assertEqual(P.squeeze2(x, [-1]).shape, (2, 1, 3))
        self.assertEqual(P.squeeze2(x, [0, 2]).shape, (2, 1, 3, 1))  # ignored
        self.rejects(P.squeeze2, x, [4])
        y = rnd(2, 3)
        # sequential: [2,3] -> axis -1 -> cur 2 -> [2,3,1] -> axis 0 -> [1,2,3,1]
        self.assertEqual(P.unsqueeze2(y, [-1, 0]).shape, (1, 2, 3, 1))
        self.assertEqual(P.unsqueeze2(y, [0, -1]).shape, (1, 2, 3, 1))
        self.assertEqual(P.unsqueeze2(y, [1, 1]).shape, (2, 1, 1, 3))
        self.assertEqual(P.unsqueeze2(y, [2, 1]).shape, (2, 1, 3, 1))
        self.assertEqual(P.unsqueeze2(y, AxesTensor=np.array([0])).shape,
                         (1, 2, 3))
        for axes in ([2, 0, -2], [0, 0, 2], [-1, -1, 1], [1, -4, 3]):
            want = list(y.shape)
            for a in axes:
                want.insert(a + len(want) + 1 if a < 0 else a, 1)
            self.assertEqual(list(P.unsqueeze2(y, axes).shape), want)
        self.rejects(P.unsqueeze2, y, [3])
        self.rejects(P.unsqueeze2, y, [-4])
        self.rejects(P.unsqueeze2, rnd(1, 1, 1, 1, 1), [0, 0])

    def test_flatten_concat_stack(self):
        x = rnd(2, 3, 4, 5)
        self.assertEqual(P.flatten_contiguous_range(x, 1, 2).shape, (2, 12, 5))
        self.assertEqual(P.flatten_contiguous_range(x, -3, -1).shape, (2, 60))
        self.assertEqual(P.flatten_contiguous_range(x).shape, (2, 3, 4, 5))
        self.rejects(P.flatten_contiguous_range, x, 2, 1)
        self.assertEqual(P.flatten2(x, 0).shape, (1, 120))
        self.assertEqual(P.flatten2(x, 2).shape, (6, 20))
        self.assertEqual(P.flatten2(x, 4).shape, (120, 1))
        self.rejects(P.flatten2, x, 5)
        y = rnd(2, 3, 1, 5)
        self.close(P.concat([x, y], axis=-2), np.concatenate([x, y], 2))
        self.close(P.concat([x, y], AxisTensor=np.array([2])),
                   np.concatenate([x, y], 2))
        self.rejects(P.concat, [x, y], axis=1)
        self.rejects(P.concat, [x, y], axis=4)
        self.rejects(P.concat, [x, rnd(2, 3, 4)], axis=0)
        self.close(P.stack([x, x], axis=-1), np.stack([x, x], -1))
        self.rejects(P.stack, [x, y])
        self.rejects(P.stack, [x], axis=5)

    def test_pad3d(self):
        x = rnd(1, 2, 3, 4, 5)
        p = [1, 2, 0, 1, 2, 0]  # left right top bottom front back
        npw = ((0, 0), (0, 0), (2, 0), (0, 1), (1, 2))
        self.close(P.pad3d(x, p, value=1.5),
                   np.pad(x, npw, constant_values=1.5))
        for mode, npm in (("reflect", "reflect"), ("replicate", "edge"),
                          ("circular", "wrap")):
            self.close(P.pad3d(x, p, mode=mode), np.pad(x, npw, mode=npm))
        tor = F.pad(T(x), tuple(p), mode="replicate").numpy()
        self.close(P.pad3d(x, p, mode="replicate"), tor)
        self.close(P.pad3d(np.moveaxis(x, 1, -1), p, mode="reflect",
                           data_format="NDHWC"),
                   np.moveaxis(np.pad(x, npw, mode="reflect"), 1, -1))
        # circular pads may exceed the dim; constant negative pads crop
        self.close(P.pad3d(x, [7, 0, 0, 0, 0, 0], mode="circular"),
                   np.pad(x, ((0, 0),) * 4 + ((7, 0),), mode="wrap"))
        self.close(P.pad3d(x, [-1, 0, 0, -1, 0, 0]), x[:, :, :, :3, 1:])
        self.rejects(P.pad3d, x, [5, 0, 0, 0, 0, 0], mode="reflect")
        self.rejects(P.pad3d, x, [1, 1, 1, 1])
        self.rejects(P.pad3d, rnd(1, 2, 3, 4), [0] * 6)

    def test_reduce(self):
        x = rnd(2, 3, 4)
        self.close(P.reduce_mean(x, [1]), x.mean(1))
        self.close(P.reduce_sum(x, [-1, 0], keep_dim=True),
                   x.sum((0, 2), keepdims=True))
        self.assertEqual(P.reduce_sum(x, [0, 1, 2]).shape, (1,))
        self.assertEqual(P.reduce_mean(x, [], keep_dim=True).shape, (1, 1, 1))
        self.assertEqual(P.reduce_mean(x, [1], reduce_all=True).shape, (1,))
        self.assertEqual(P.reduce_mean(x).shape, (3, 4))  # default dim [0]
        self.assertEqual(P.reduce_sum(np.ones((2, 2), np.int32), [0]).dtype,
                         np.int64)
        self.rejects(P.reduce_sum, x, [3])
        old = P.PADDLE_VERSION
        try:
            P.PADDLE_VERSION = (2, 5)
            self.assertEqual(P.reduce_sum(x, [0, 1, 2]).shape, ())
            P.PADDLE_VERSION = (2, 2)
            self.rejects(P.reduce_sum, x, [])
            self.assertEqual(P.reduce_sum(np.ones((2, 2), np.int32), [0]).dtype,
                             np.int32)
        finally:
            P.PADDLE_VERSION = old

    def test_expand_split(self):
        x = rnd(3, 1)
        self.assertEqual(P.expand_v2(x, [2, -1, 4]).shape, (2, 3, 4))
        self.close(P.expand_v2(x, Shape=np.array([3, 2])),
                   np.broadcast_to(x, (3, 2)))
        self.rejects(P.expand_v2, x, [-1, 3, 4])
        self.rejects(P.expand_v2, x, [4, 4])
        self.rejects(P.expand_v2, x, [3, 0])
        self.rejects(P.expand_v2, x, [4])
        self.rejects(P.expand_v2, x, [3, -2])
        y = rnd(2, 7, 3)
        parts = P.split(y, sections=[2, -1, 1], axis=-2)
        self.assertEqual([p.shape[1] for p in parts], [2, 4, 1])
        self.assertEqual(len(P.split(y, num=3, axis=2)), 3)
        self.rejects(P.split, y, num=3, axis=1)
        self.rejects(P.split, y, sections=[-1, -1, 7], axis=1)
        self.rejects(P.split, y, sections=[2, 4], axis=1)
        self.rejects(P.split, y, sections=[7, -1], axis=1)
        self.assertEqual([p.shape[0] for p in P.split(
            y, sections=[1, 1], AxisTensor=np.array([0]))], [1, 1])

    def test_slice(self):
        x = np.arange(24).reshape(2, 3, 4)
        self.close(P.slice(x, [2], [-10], [100]), x)            # clamped
        self.assertEqual(P.slice(x, [2], [5], [10]).shape, (2, 3, 0))
        self.assertEqual(P.slice(x, [-1], [1], [1]).shape, (2, 3, 0))
        self.close(P.slice(x, [0, 2], [-1, 1], [2, -1]), x[1:2, :, 1:3])
        self.rejects(P.slice, x, [2], [3], [1])                 # end < start
        self.rejects(P.slice, x, [3], [0], [1])
        self.rejects(P.slice, x, [0, 1], [0], [1, 2])
        self.assertEqual(P.slice(x, [0, 1], [1, 2], [2, 3],
                                 decrease_axis=[0, 1]).shape, (4,))
        self.assertEqual(P.slice(x, [0, 1, 2], [1, 2, 3], [2, 3, 4],
                                 decrease_axis=[0, 1, 2]).shape, (1,))
        self.rejects(P.slice, x, [1], [0], [2], decrease_axis=[1])
        self.close(P.slice(x, [1], [0], [0], StartsTensor=np.array([1]),
                           EndsTensorList=[np.array([3])]), x[:, 1:3])

    def test_shape_fill_cast(self):
        s = P.shape(rnd(2, 3, 4))
        self.assertEqual(s.dtype, np.int32)
        self.assertEqual(s.tolist(), [2, 3, 4])
        f = P.fill_constant([2, 2], dtype=2, value=3.7)
        self.assertEqual(f.dtype, np.int32)
        self.assertEqual(f.tolist(), [[3, 3], [3, 3]])
        self.assertTrue(np.all(np.isinf(P.fill_constant([2], 5,
                                                        str_value="-inf"))))
        self.assertEqual(P.fill_constant([1], 6, value=0.1)[0],
                         float(np.float32(0.1)))     # float attribute
        self.assertEqual(P.fill_constant([1], 6, str_value="0.1")[0], 0.1)
        self.assertEqual(P.fill_constant(ShapeTensorList=[np.array([3])],
                                         dtype=0, value=1.0).tolist(),
                         [True] * 3)
        b = P.fill_constant_batch_size_like(rnd(5, 2), [-1, 3], dtype=3,
                                            value=7.0)
        self.assertEqual(b.shape, (5, 3))
        b = P.fill_constant_batch_size_like(rnd(5, 2), [4, 1, 3],
                                            input_dim_idx=1, output_dim_idx=2)
        self.assertEqual(b.shape, (4, 1, 2))
        self.rejects(P.fill_constant_batch_size_like, rnd(5), [1],
                     input_dim_idx=1)
        self.rejects(P.fill_constant_batch_size_like, rnd(5), [1],
                     output_dim_idx=1)
        self.assertEqual(P.cast(np.array([-1.7, 2.9, 0.0]), 5, 2).tolist(),
                         [-1, 2, 0])
        self.assertEqual(P.cast(np.array([np.nan, 0.0, -0.5]), 5, 0).tolist(),
                         [True, False, True])
        self.assertEqual(P.cast(np.array([300, -1], np.int32), 2, 20).tolist(),
                         [44, 255])
        with self.assertRaises(P.PaddleUndefined):
            P.cast(np.array([np.nan]), 5, 3)
        self.close(P.assign(np.arange(3.0)), [0, 1, 2])

    def test_arg_max_gather(self):
        x = np.array([[1.0, 3.0, 3.0], [5.0, 5.0, 0.0]])
        self.assertEqual(P.arg_max(x, axis=1).tolist(), [1, 0])  # first max
        self.assertEqual(P.arg_max(x, axis=-1, keepdims=True).shape, (2, 1))
        r = P.arg_max(x, axis=0, flatten=True, dtype=2)
        self.assertEqual((r.dtype, r.tolist()), (np.int32, [3]))
        self.rejects(P.arg_max, x, axis=2)
        self.rejects(P.arg_max, x, axis=0, dtype=5)
        y = rnd(3, 4, 2)
        self.close(P.gather(y, np.array([2, 0, 2], np.int32)), y[[2, 0, 2]])
        self.close(P.gather(y, np.array([[3], [1]]), axis=1), y[:, [3, 1]])
        self.close(P.gather(y, np.array([1]), Axis=np.array([2])), y[:, :, [1]])
        self.rejects(P.gather, y, np.array([3]))
        self.rejects(P.gather, y, np.array([-1]))
        self.rejects(P.gather, y, np.array([[0, 1]]))
        self.rejects(P.gather, y, np.array([0.0]))

    def test_dropout(self):
        x = rnd(3, 4)
        self.close(P.dropout(x, 0.3), x * float(np.float32(1) -
                                                np.float32(0.3)))
        self.close(P.dropout(x, 0.3, dropout_implementation="upscale_in_train"),
                   x)
        self.rejects(P.dropout, x, 1.5)
        self.rejects(P.dropout, x, 0.5, dropout_implementation="scale")

    def test_matmul_v1(self):
        x, y = rnd(2, 3, 4, 5), rnd(6, 5, 7)
        got = P.matmul(x, y, alpha=0.5)
        want = 0.5 * np.matmul(x.reshape(6, 4, 5), y).reshape(2, 3, 4, 7)
        self.close(got, want)
        x, y = rnd(4, 5), rnd(3, 7, 5)
        self.close(P.matmul(x, y, transpose_Y=True), np.matmul(
            x, np.swapaxes(y, 1, 2)))
        a, b = rnd(5, 4), rnd(5, 3)
        self.close(P.matmul(a, b, transpose_X=True), a.T @ b)
        v = rnd(5)
        m = rnd(3, 5, 2)
        self.close(P.matmul(v, m), np.matmul(v, m))          # [3, 2]
        self.close(P.matmul(m.transpose(0, 2, 1), v), np.matmul(
            m.transpose(0, 2, 1), v))                         # [3, 2]
        self.assertEqual(P.matmul(v, v).shape, (1,))
        self.rejects(P.matmul, rnd(2, 1, 4, 5), rnd(2, 3, 5, 7))
        self.rejects(P.matmul, rnd(4, 5), rnd(4, 5))
        # matmul_v2 (paddle_reference) broadcasts batch dims like numpy
        a, b = rnd(2, 1, 4, 5), rnd(3, 5, 2)
        self.close(P.matmul_v2(a, b), np.matmul(a, b))


if __name__ == "__main__":
    unittest.main(verbosity=1)
