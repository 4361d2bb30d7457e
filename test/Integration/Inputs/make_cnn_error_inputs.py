"""Writes the inputs of cnn-errors.test into the folder given as argument:
images, shapes, bounds and indices that fit their programs and that do not."""

import os
import sys

import numpy as np

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.RandomState(0)


def save(name, array):
    np.save(os.path.join(out, name + ".npy"), array)


def f32(*shape):
    return rng.rand(*shape).astype(np.float32)


save("img_5x5", f32(1, 2, 5, 5))
save("img_2x5", f32(1, 2, 2, 5))
save("img_5x2", f32(1, 2, 5, 2))
save("img_1x1", f32(1, 2, 1, 1))
save("res_5x5", f32(1, 4, 5, 5))
save("res_5x4", f32(1, 4, 5, 4))
save("x_2x3", f32(2, 3))
save("x_4x3", f32(4, 3))
save("x_4x5", f32(4, 5))
save("x_5x3", f32(5, 3))
save("x_2x1", f32(2, 1))
save("x_1x1", f32(1, 1))
save("x_3x1", f32(3, 1))
save("img_4x4", f32(1, 2, 4, 4))
for name, value in (("i32_3", 3), ("i32_2", 2), ("i32_4", 4), ("i32_0", 0), ("i32_m1", -1),
                    ("i32_m2", -2)):
    save(name, np.array([value], np.int32))
save("shape_3_4_i64", np.array([3, 4], np.int64))
save("shape_m1_5_i64", np.array([-1, 5], np.int64))
save("shape_m1_m1_i64", np.array([-1, -1], np.int64))
save("shape_m3_4_i64", np.array([-3, -4], np.int64))
save("shape_2_m2_i64", np.array([2, -2], np.int64))
save("start_1", np.array([1], np.int64))
save("start_3", np.array([3], np.int64))
save("start_m1", np.array([-1], np.int64))
save("end_4", np.array([4], np.int64))
save("end_1", np.array([1], np.int64))
save("end_m3", np.array([-3], np.int64))
save("idx_ok", np.array([4, 0, 2], np.int64))
save("idx_5", np.array([0, 5, 1], np.int64))
save("idx_m1", np.array([-1], np.int64))
save("idx_huge", np.array([1 << 40], np.int64))
save("eshape_2_4", np.array([2, 4], np.int32))
save("eshape_3_4", np.array([3, 4], np.int32))
save("eshape_0_4", np.array([0, 4], np.int32))
save("eshape_2_m2", np.array([2, -2], np.int32))
save("osize_6_3", np.array([6, 3], np.int32))
save("osize_0_4", np.array([0, 4], np.int32))
save("osize_4_m2", np.array([4, -2], np.int32))
save("scale_2", np.array([2.0], np.float32))
save("scale_0", np.array([0.0], np.float32))
save("scale_m1", np.array([-1.0], np.float32))
save("scale_tiny", np.array([0.1], np.float32))
save("a_2x4", f32(2, 4))
save("b_3x4", f32(3, 4))
save("b_3x5", f32(3, 5))
save("s_2x3", f32(2, 3))
save("s_3x3", f32(3, 3))
save("e_3x4", f32(3, 4))
save("e_2x4", f32(2, 4))
save("e_1x4", f32(1, 4))
save("p_w4", f32(1, 1, 1, 2, 4))
save("p_w3", f32(1, 1, 1, 2, 3))
save("fill_2_3", np.array([2, 3], np.int64))
save("fill_m2_3", np.array([-2, 3], np.int64))
save("i32_m3", np.array([-3], np.int32))
