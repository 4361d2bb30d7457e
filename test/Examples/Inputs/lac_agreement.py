"""How often two runs of LAC's segmenter agree: `pdnn-lac --tags` output of
a reference run (f32) and of a candidate (int8) over the same sentences.

Prints the share of identical tags and of sentences segmented identically
(a word starts at a tag ending in B or S, so two sentences are segmented
alike when those positions agree), and exits 1 when the tag share is below
--min-tags percent, there are fewer than --min-sentences sentences, or the
two runs do not tag the same characters.

Usage: lac_agreement.py REFERENCE CANDIDATE [--min-tags PERCENT]
                        [--min-sentences N]
"""

import argparse
import sys


def read(path):
    with open(path, encoding="utf-8") as f:
        return [line.split() for line in f.read().splitlines()]


def starts(tags):
    return [i == 0 or t.endswith(("B", "S")) for i, t in enumerate(tags)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("reference")
    parser.add_argument("candidate")
    parser.add_argument("--min-tags", type=float, default=99.5)
    parser.add_argument("--min-sentences", type=int, default=1)
    args = parser.parse_args()
    ref, cand = read(args.reference), read(args.candidate)
    if len(ref) != len(cand) or any(len(a) != len(b) for a, b in zip(ref, cand)):
        sys.exit("lac_agreement.py: the two runs tagged different sentences")
    tags = sum(len(a) for a in ref)
    same_tags = sum(x == y for a, b in zip(ref, cand) for x, y in zip(a, b))
    same_words = sum(starts(a) == starts(b) for a, b in zip(ref, cand))
    tag_share = 100.0 * same_tags / tags
    print(f"sentences {len(ref)} characters {tags}")
    print(f"identical tags {same_tags} ({tag_share:.2f}%)")
    print(f"identically segmented sentences {same_words} ({100.0 * same_words / len(ref):.2f}%)")
    if len(ref) < args.min_sentences:
        sys.exit(f"lac_agreement.py: {len(ref)} sentences, fewer than {args.min_sentences}")
    if tag_share < args.min_tags:
        sys.exit(f"lac_agreement.py: {tag_share:.2f}% identical tags, below {args.min_tags}%")


if __name__ == "__main__":
    main()
