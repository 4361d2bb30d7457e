"""Baidu LAC through Paddle Inference's Python API, on PaddleDNN.

    lac_tags.py MODEL TAG_DIC < ids.txt

MODEL is LAC's model folder (compiled when the predictor is created) or a
library pdnn-compile wrote. Reads sentences as word ids, one per line (as
`pdnn-lac --ids` prints them), runs them as one LoD batch and prints each
character's tag, one sentence per line, as `pdnn-lac --tags` does. Apart
from its import this is a Paddle Inference script.
"""

import sys

import numpy as np

from paddlednn import inference  # was: from paddle import inference


def main():
    model, tag_dic = sys.argv[1], sys.argv[2]
    tags = {}
    with open(tag_dic, encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) == 2:
                tags[int(fields[0])] = fields[1]
    sentences = [[int(x) for x in line.split()] for line in sys.stdin if line.strip()]

    config = inference.Config(model)
    config.enable_mkldnn()
    config.set_cpu_math_library_num_threads(2)
    config.switch_ir_optim(True)
    predictor = inference.create_predictor(config)

    words = predictor.get_input_handle(predictor.get_input_names()[0])
    ids = np.concatenate([np.array(s, dtype=np.int64) for s in sentences]).reshape(-1, 1)
    words.reshape(ids.shape)
    words.copy_from_cpu(ids)
    words.set_lod([np.cumsum([0] + [len(s) for s in sentences]).tolist()])
    predictor.run()

    output = predictor.get_output_handle(predictor.get_output_names()[0])
    result = output.copy_to_cpu().reshape(-1)
    offsets = output.lod()[0]
    for begin, end in zip(offsets[:-1], offsets[1:]):
        print(" ".join(tags.get(int(t), "?") for t in result[begin:end]))


if __name__ == "__main__":
    main()
