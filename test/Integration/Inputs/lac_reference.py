"""Baidu LAC's segmentation model (mode='seg') in numpy: the oracle of the LAC
integration tests.

The network is the one its Paddle 1.6 program (`model/__model__`) spells, op
by op, with paddle_reference's formulas (independent of PaddleDNN):

  words [T, 1] int64, one LoD level
  emb   = lookup_table(words, word_emb, padding_idx=-1)            [T, 96]
  for layer l in 0, 1 (input: emb, then the previous concat):
    f   = mul(in, fc_{2l}.w_0) + fc_{2l}.b_0        (x_num_col_dims 1, axis 1)
    fw  = gru(f, gru_{2l}.w_0, gru_{2l}.b_0, is_reverse=False)
    b   = mul(in, fc_{2l+1}.w_0) + fc_{2l+1}.b_0
    bw  = gru(b, gru_{2l+1}.w_0, gru_{2l+1}.b_0, is_reverse=True)
    in  = concat([fw, bw], axis=1)                                   [T, 192]
  emission = mul(in, fc_4.w_0) + fc_4.b_0                           [T, 4]
  path = crf_decoding(emission, crfw)          (scale 1, bias 0: identity)
every gru: activation tanh, gate_activation sigmoid, origin_mode false
(h = u*c + (1-u)*h_prev), no H0, Paddle's clamped CPU activations.

The text side reproduces LAC's Python package (python/LAC, SegModel and
reader.Dataset / SegDataset of baidu/lac): per character c of the text,
c = q2b.get(c, c) (one lookup, not repeated), id = word.get(c, id of "OOV");
the dictionaries are read like load_kv_dict (utf-8 text lines, "\\n"
stripped, split on "\\t", lines without exactly two fields ignored, a later
duplicate wins). Words: a word starts at the first character and at every
character whose tag ends in "B" or "S"; any other tag ("-I", "-E") continues
the current word. The words keep the ORIGINAL characters, not the q2b ones.

Usage: python3 lac_reference.py LAC_DIR "sentence" ["sentence" ...]
(LAC_DIR holds model/ and conf/) prints each sentence's words separated by
spaces, decoding all sentences as one batch.
"""

import io
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paddle_reference as ref  # noqa: E402
import paddle_tensor_file  # noqa: E402

GRU_ACT = "tanh"
GRU_GATE_ACT = "sigmoid"


def _model_dir(path):
    sub = os.path.join(path, "model")
    return sub if os.path.isdir(sub) else path


def _conf_dir(path):
    sub = os.path.join(path, "conf")
    return sub if os.path.isdir(sub) else path


def load_lac(model_dir):
    """{var name: numpy array} for every persistable variable file of the
    model directory (or of LAC_DIR/model)."""
    model_dir = _model_dir(model_dir)
    weights = {}
    for name in sorted(os.listdir(model_dir)):
        path = os.path.join(model_dir, name)
        if name.startswith("__") or not os.path.isfile(path):
            continue
        weights[name] = paddle_tensor_file.read_tensor(path)[0]
    return weights


def _lengths(lod, total):
    """A flat list of ints is Paddle's offset LoD ([0, n1, n1+n2]); a list
    of lists is paddle_reference's recursive lengths ([[n1, n2]])."""
    lod = list(lod)
    if lod and isinstance(lod[0], (list, tuple, np.ndarray)):
        lengths = [int(v) for v in lod[0]]
    else:
        offsets = [int(v) for v in lod]
        assert offsets and offsets[0] == 0, "offset LoD must start at 0"
        assert all(a <= b for a, b in zip(offsets, offsets[1:])), \
            "offset LoD must not decrease"
        lengths = [b - a for a, b in zip(offsets, offsets[1:])]
    assert sum(lengths) == total, "lod does not cover the input"
    return [lengths]


def _fc(x, weights, name):
    out = ref.mul(x, weights[name + ".w_0"], x_num_col_dims=1,
                  y_num_col_dims=1)
    return ref.elementwise_add(out, weights[name + ".b_0"], axis=1)


def _gru(x, lod, weights, name, is_reverse):
    return ref.gru(x, lod, None, weights[name + ".w_0"],
                   weights[name + ".b_0"], is_reverse, GRU_ACT, GRU_GATE_ACT,
                   origin_mode=False)


def lac_forward(weights, ids, lod):
    """ids: T ints (or T x 1); lod: offsets [0, n1, ...] or lengths
    [[n1, ...]]. Returns (emission float32 T x 4, the fc_4.tmp_1 that feeds
    crf_decoding; path int64 T x 1). Computed in float64 (paddle_reference);
    the path is decoded from the float32 emission in float32, as Paddle."""
    words = np.asarray(ids, dtype=np.int64).reshape(-1, 1)
    lod = _lengths(lod, words.shape[0])
    x = ref.lookup_table(words, weights["word_emb"], padding_idx=-1)
    for layer in range(2):
        fw = _gru(_fc(x, weights, "fc_%d" % (2 * layer)), lod, weights,
                  "gru_%d" % (2 * layer), False)
        bw = _gru(_fc(x, weights, "fc_%d" % (2 * layer + 1)), lod, weights,
                  "gru_%d" % (2 * layer + 1), True)
        x = ref.concat([fw, bw], axis=1)
    emission = _fc(x, weights, "fc_4").astype(np.float32)
    path = ref.crf_decoding(emission, weights["crfw"].astype(np.float32), lod)
    path = ref.scale(path, scale=1.0, bias=0.0).astype(np.int64)
    return emission, path


# ---------------------------------------------------------------------------
# Text side (LAC's python package, mode='seg')
# ---------------------------------------------------------------------------
def load_kv_dict(path, reverse=False, value_func=None):
    result = {}
    with io.open(path, "r", encoding="utf8") as f:
        for line in f:
            terms = line.strip("\n").split("\t")
            if len(terms) != 2:
                continue
            key, value = (terms[1], terms[0]) if reverse else terms
            if value_func:
                value = value_func(value)
            result[key] = value
    return result


_DICTS = {}


def load_dicts(conf_dir):
    """(word2id, q2b, id2label) of a LAC conf directory (or LAC_DIR/conf)."""
    conf_dir = os.path.abspath(_conf_dir(conf_dir))
    if conf_dir not in _DICTS:
        word2id = load_kv_dict(os.path.join(conf_dir, "word.dic"),
                               reverse=True, value_func=int)
        q2b = load_kv_dict(os.path.join(conf_dir, "q2b.dic"))
        id2label = load_kv_dict(os.path.join(conf_dir, "tag.dic"))
        _DICTS[conf_dir] = (word2id, q2b, id2label)
    return _DICTS[conf_dir]


def text_to_ids(text, conf_dir):
    """Dataset.word_to_ids(text) of the seg model: one id per character."""
    word2id, q2b, _ = load_dicts(conf_dir)
    oov = word2id["OOV"]
    return [word2id.get(q2b.get(c, c), oov) for c in text]


def tags_to_words(text_chars, tags, conf_dir):
    """SegModel.parse_result for one sentence: tags are the decoded ids (or
    their labels); returns the list of words."""
    _, _, id2label = load_dicts(conf_dir)
    labels = [id2label[str(int(t))] if not isinstance(t, str) else t
              for t in np.asarray(tags).reshape(-1).tolist()]
    assert len(labels) == len(text_chars), "one tag per character"
    words = []
    for ch, label in zip(text_chars, labels):
        if not words or label.endswith("B") or label.endswith("S"):
            words.append(ch)
        else:
            words[-1] += ch
    return words


def segment(lac_dir, texts, weights=None):
    """Segments the texts as one batch; returns one word list per text."""
    if weights is None:
        weights = load_lac(lac_dir)
    ids, offsets = [], [0]
    for text in texts:
        ids += text_to_ids(text, lac_dir)
        offsets.append(len(ids))
    if not ids:
        return [[] for _ in texts]
    _, path = lac_forward(weights, ids, offsets)
    path = path.reshape(-1)
    return [tags_to_words(text, path[offsets[i]:offsets[i + 1]], lac_dir)
            for i, text in enumerate(texts)]


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: lac_reference.py LAC_DIR SENTENCE...\n")
        return 2
    lac_dir, texts = argv[0], argv[1:]
    if sys.version_info[0] == 2:
        texts = [t.decode("utf-8") for t in texts]
    for words in segment(lac_dir, texts):
        sys.stdout.write(" ".join(words) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
