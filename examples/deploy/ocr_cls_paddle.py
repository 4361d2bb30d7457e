"""PaddleOCR's text direction classifier, written as PaddleOCR's
tools/infer/utility.py and predict_cls.py drive Paddle Inference; only the
import differs (`from paddlednn import inference`).

    ocr_cls_paddle.py --cls_model_dir DIR_OR_LIBRARY image...

--cls_model_dir is the model folder (inference.pdmodel + inference.pdiparams,
compiled when the predictor is created) or a library pdnn-compile wrote.
Prints, per image, the label, its score and the two class probabilities
(repr: every bit).
"""

import argparse
import math
import os

import cv2
import numpy as np

from paddlednn import inference  # was: from paddle import inference


def create_predictor(args, mode):
    model_dir = args.cls_model_dir
    if model_dir.endswith(".so"):
        config = inference.Config(model_dir)
    else:
        model_file_path = os.path.join(model_dir, "inference.pdmodel")
        params_file_path = os.path.join(model_dir, "inference.pdiparams")
        if not os.path.exists(model_file_path):
            raise ValueError("not find model file path {}".format(model_file_path))
        config = inference.Config(model_file_path, params_file_path)
    config.disable_gpu()
    if args.enable_mkldnn:
        config.set_mkldnn_cache_capacity(10)
        config.enable_mkldnn()
    config.set_cpu_math_library_num_threads(args.cpu_threads)
    config.enable_memory_optim()
    config.disable_glog_info()
    config.delete_pass("conv_transpose_eltwiseadd_bn_fuse_pass")
    config.delete_pass("matmul_transpose_reshape_fuse_pass")
    config.switch_use_feed_fetch_ops(False)
    config.switch_ir_optim(True)
    predictor = inference.create_predictor(config)
    input_names = predictor.get_input_names()
    for name in input_names:
        input_tensor = predictor.get_input_handle(name)
    output_names = predictor.get_output_names()
    output_tensors = [predictor.get_output_handle(name) for name in output_names]
    return predictor, input_tensor, output_tensors, config


class TextClassifier(object):
    def __init__(self, args):
        self.cls_image_shape = [int(v) for v in args.cls_image_shape.split(",")]
        self.cls_batch_num = args.cls_batch_num
        self.cls_thresh = args.cls_thresh
        self.label_list = args.label_list
        self.predictor, self.input_tensor, self.output_tensors, _ = \
            create_predictor(args, "cls")

    def resize_norm_img(self, img):
        imgC, imgH, imgW = self.cls_image_shape
        h = img.shape[0]
        w = img.shape[1]
        ratio = w / float(h)
        if math.ceil(imgH * ratio) > imgW:
            resized_w = imgW
        else:
            resized_w = int(math.ceil(imgH * ratio))
        resized_image = cv2.resize(img, (resized_w, imgH))
        resized_image = resized_image.astype("float32")
        resized_image = resized_image.transpose((2, 0, 1)) / 255
        resized_image -= 0.5
        resized_image /= 0.5
        padding_im = np.zeros((imgC, imgH, imgW), dtype=np.float32)
        padding_im[:, :, 0:resized_w] = resized_image
        return padding_im

    def __call__(self, img_list):
        img_num = len(img_list)
        width_list = [img.shape[1] / float(img.shape[0]) for img in img_list]
        indices = np.argsort(np.array(width_list))
        cls_res = [["", 0.0, None]] * img_num
        for beg_img_no in range(0, img_num, self.cls_batch_num):
            end_img_no = min(img_num, beg_img_no + self.cls_batch_num)
            norm_img_batch = []
            for ino in range(beg_img_no, end_img_no):
                norm_img = self.resize_norm_img(img_list[indices[ino]])
                norm_img_batch.append(norm_img[np.newaxis, :])
            norm_img_batch = np.concatenate(norm_img_batch).copy()
            self.input_tensor.copy_from_cpu(norm_img_batch)
            self.predictor.run()
            prob_out = self.output_tensors[0].copy_to_cpu()
            self.predictor.try_shrink_memory()
            for rno, probs in enumerate(prob_out):
                label_idx = int(probs.argmax())
                cls_res[indices[beg_img_no + rno]] = [
                    self.label_list[label_idx], float(probs[label_idx]), probs]
        return cls_res


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cls_model_dir", required=True)
    parser.add_argument("--cls_image_shape", default="3, 48, 192")
    parser.add_argument("--label_list", default=["0", "180"])
    parser.add_argument("--cls_batch_num", type=int, default=6)
    parser.add_argument("--cls_thresh", type=float, default=0.9)
    parser.add_argument("--enable_mkldnn", type=bool, default=True)
    parser.add_argument("--cpu_threads", type=int, default=2)
    parser.add_argument("images", nargs="+")
    args = parser.parse_args()
    classifier = TextClassifier(args)
    images = [cv2.imread(path) for path in args.images]
    for path, (label, score, probs) in zip(args.images, classifier(images)):
        print("%s\t%s\t%r\t%r %r" % (os.path.basename(path), label, score,
                                      float(probs[0]), float(probs[1])))


if __name__ == "__main__":
    main()
