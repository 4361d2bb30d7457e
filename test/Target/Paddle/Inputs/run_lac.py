#!/usr/bin/env python3
"""Baidu LAC (examples/lac, its Paddle 1.6 `__model__` and per-var parameter
files) through pdnn-translate, pdnn-opt and pdnn-run, against the numpy
oracle of test/Integration/Inputs/lac_reference.py.

The model is imported with --paddle-fetch=fc_4.tmp_1,crf_decoding_0.tmp_0 (the
CRF's emission and the Viterbi path, each with its LoD) and run
  unfused   as imported, and
  fused     after --fuse-fc-gru --fuse-bidirectional-gru --inplace
on the oneDNN and the reference backends, for these inputs:
  batch     SENTENCES as one LoD batch (the two sentences LAC's README
            publishes, one of a single character, one of ~80, ASCII letters
            and digits, full-width characters, characters outside word.dic);
  alone-0   the first published sentence alone;
  alone-1   the second published sentence alone.
Each (input, pipeline, backend) must give
  - the oracle's emission (lac_reference.lac_forward, float64) within --atol
    (1e-4; the largest error is printed);
  - a path equal to paddle_reference.crf_decoding of the compiler's OWN
    emission (float32, as Paddle's kernel) and equal to the oracle's path;
  - LoD results equal to the input offsets.
One line per combination:

  PASS lac <input> <pipeline> <backend> tokens=<T> emission_max_abs_err=<e> path=own-decode,oracle
  FAIL lac <input> <pipeline> <backend>: <reason>

then, per combination that holds a published sentence, the words that
lac_reference.tags_to_words makes of the COMPILER's tags:

  SEG <input> <pipeline> <backend> #<i>: <words separated by spaces>

and, for the unfused oneDNN batch, every sentence's words (WORDS lines,
informational), and a SUMMARY line. Exit status 1 if anything failed.
"""

import argparse
import os
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "..", "..", "Integration", "Inputs")))
import lac_reference  # noqa: E402
import paddle_reference as ref  # noqa: E402
from tool_run import run  # noqa: E402

PUBLISHED = ["LAC是个优秀的分词工具", "百度是一家高科技公司"]
SENTENCES = PUBLISHED + [
    "好",                                   # one character
    "中华人民共和国成立于1949年10月1日，首都北京是全国的政治中心、文化中心和"
    "国际交往中心，也是一座拥有三千多年建城史的历史文化名城，每年吸引大量游客。",
    "iPhone 13的售价是5999元",              # ASCII letters, digits, a space
    "ＡＢＣ公司在２０２３年发布了新产品",   # full-width letters and digits (q2b)
    "我爱北京天安门",
    "今天天气真不错，我们去公园散步吧！",
    "自然语言处理是人工智能的一个重要方向",
    "他说：“明天见。”",
    "㐀字不在词表里",                       # U+3400 is not in word.dic: OOV
    "深度学习框架PaddlePaddle开源了",
    "小明硕士毕业于中国科学院计算所，后在日本京都大学深造",
    "2024年GDP增长5.2%",
    "南京市长江大桥",
    "研究生命的起源",
    "结婚的和尚未结婚的",
    "欢迎使用百度飞桨深度学习平台",
    "上海浦东开发与法制建设同步",
    "这是一个测试😀",                       # an emoji: OOV
]
PIPELINES = [
    ("unfused", []),
    ("fused", ["--fuse-fc-gru", "--fuse-bidirectional-gru", "--inplace"]),
]
BACKENDS = ["onednn", "reference"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lac", required=True, help="the LAC folder (model/ and conf/)")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--pdnn-translate", default="pdnn-translate")
    ap.add_argument("--pdnn-opt", default="pdnn-opt")
    ap.add_argument("--pdnn-run", default="pdnn-run")
    ap.add_argument("--atol", type=float, default=1e-4)
    args = ap.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    start = time.time()

    model = os.path.join(args.lac, "model", "__model__")
    imported = os.path.join(args.workdir, "lac.unfused.mlir")
    run([args.pdnn_translate, "--import-paddle", model,
         "--paddle-fetch=fc_4.tmp_1,crf_decoding_0.tmp_0", "-o", imported])
    modules = {"unfused": imported}
    for name, passes in PIPELINES:
        if passes:
            modules[name] = os.path.join(args.workdir, "lac.%s.mlir" % name)
            run([args.pdnn_opt, imported, "-o", modules[name]] + passes)

    weights = lac_reference.load_lac(args.lac)
    transition = weights["crfw"].astype(np.float32)
    inputs = [("batch", SENTENCES), ("alone-0", PUBLISHED[:1]), ("alone-1", PUBLISHED[1:])]

    cases = failed = 0
    worst = 0.0
    for label, texts in inputs:
        ids, offsets = [], [0]
        for text in texts:
            ids += lac_reference.text_to_ids(text, args.lac)
            offsets.append(len(ids))
        ids_path = os.path.join(args.workdir, label + ".ids.npy")
        lod_path = os.path.join(args.workdir, label + ".lod.npy")
        lod = np.array(offsets, dtype=np.int64)
        np.save(ids_path, np.array(ids, dtype=np.int64).reshape(-1, 1))
        np.save(lod_path, lod)
        emission_ref, path_ref = lac_reference.lac_forward(weights, ids, offsets)
        for pipeline, _ in PIPELINES:
            for backend in BACKENDS:
                cases += 1
                name = "%s %s %s" % (label, pipeline, backend)
                path = None
                try:
                    out = os.path.join(args.workdir, "%s.%s.%s.out" % (label, pipeline, backend))
                    run([args.pdnn_run, modules[pipeline], "-e", "main", "--backend=" + backend,
                         "--input", ids_path, "--input", lod_path, "-o", out])
                    res = [np.load(os.path.join(out, "result%d.npy" % i)) for i in range(4)]
                    emission, path = res[0], res[2]
                    for got in (res[1], res[3]):
                        if not np.array_equal(got, lod):
                            raise RuntimeError("LoD result %s != %s" % (got.tolist(),
                                                                        lod.tolist()))
                    if emission.dtype != np.float32 or emission.shape != emission_ref.shape:
                        raise RuntimeError("emission is %s%s, expected float32%s" % (
                            emission.dtype, list(emission.shape), list(emission_ref.shape)))
                    err = float(np.max(np.abs(emission.astype(np.float64) -
                                              emission_ref.astype(np.float64))))
                    worst = max(worst, err)
                    if not err < args.atol:
                        raise RuntimeError("emission max_abs_err=%.3g >= %g" % (err, args.atol))
                    if path.dtype != np.int64 or path.shape != path_ref.shape:
                        raise RuntimeError("path is %s%s, expected int64%s" % (
                            path.dtype, list(path.shape), list(path_ref.shape)))
                    own = ref.crf_decoding(emission, transition, [np.diff(lod).tolist()])
                    if not np.array_equal(path, own):
                        bad = np.nonzero(path.reshape(-1) != own.reshape(-1))[0]
                        raise RuntimeError("path differs from the decoding of its own "
                                           "emission at %d rows (first %d)" % (bad.size, bad[0]))
                    if not np.array_equal(path, path_ref):
                        bad = np.nonzero(path.reshape(-1) != path_ref.reshape(-1))[0]
                        raise RuntimeError("path differs from the oracle's at %d rows (first %d)"
                                           % (bad.size, bad[0]))
                    print("PASS lac %s tokens=%d emission_max_abs_err=%.1e "
                          "path=own-decode,oracle" % (name, len(ids), err))
                except RuntimeError as e:
                    failed += 1
                    print("FAIL lac %s: %s" % (name, e))
                if path is not None:
                    flat = path.reshape(-1)
                    for i, text in enumerate(texts):
                        if text not in PUBLISHED and not (label == "batch" and
                                                          pipeline == "unfused" and
                                                          backend == "onednn"):
                            continue
                        words = lac_reference.tags_to_words(
                            text, flat[offsets[i]:offsets[i + 1]], args.lac)
                        kind = "SEG" if text in PUBLISHED else "WORDS"
                        print("%s %s #%d: %s" % (kind, name, i, " ".join(words)))
                sys.stdout.flush()
    print("SUMMARY lac: %d cases, %d failed, %d sentences in the batch, worst "
          "emission_max_abs_err=%.1e (%.1f s)" % (cases, failed, len(SENTENCES), worst,
                                                  time.time() - start))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
