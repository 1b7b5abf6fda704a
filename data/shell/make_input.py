#!/usr/bin/env python3
"""Writes data/shell/input.txt, the text the shell workload's scripts sort,
dump with od, grep, tee and count.  It is our own generated text with the
structure of UnixBench's shell-test input (measured in docs/fidelity.md):
362 lines, about 8.5 KB and 1,200 words of which about 590 distinct, a
quarter of the lines repeated, lines of 1 to about 80 characters (median
about 18), about 17% punctuation characters, ASCII only, and 35 lines that
contain "the" -- what grep, tee and wc see.  Deterministic: the same output
every time.  Usage: make_input.py > data/shell/input.txt"""
import sys

class Lcg:
    def __init__(self, seed): self.x = seed
    def next(self):
        self.x = (self.x * 6364136223846793005 + 1442695040888963407) % 2**64
        return self.x >> 33
    def below(self, n): return self.next() % n
    def pick(self, xs): return xs[self.below(len(xs))]

ONSETS = ["b", "c", "d", "f", "g", "l", "m", "n", "p", "r", "s", "t", "v", "w", "k", "st", "pr", "cl", "gr", "sp"]
VOWELS = ["a", "e", "i", "o", "u", "ai", "ou", "ea"]
CODAS = ["", "n", "r", "s", "t", "l", "m", "nd", "ck", "x"]
PUNCT = [",", ".", ";", ":", "(", ")", "{", "}", "*", "/", "=", "-", "+", "\"", "'", "#", "<", ">", "[", "]"]

def vocabulary(rng, size):
    words = set()
    while len(words) < size:
        w = "".join(rng.pick(ONSETS) + rng.pick(VOWELS) + rng.pick(CODAS) for _ in range(1 + rng.below(2)))
        if "the" not in w and len(w) <= 12:
            words.add(w)
    return sorted(words)

def line(rng, words, with_the):
    n = [0, 1, 1, 2, 2, 3, 3, 3, 4, 6, 8][rng.below(11)]
    tokens = []
    for i in range(n):
        w = rng.pick(words)
        if rng.below(5) < 3: w = w + "".join(rng.pick(PUNCT) for _ in range(1 + rng.below(3)))
        if rng.below(4) == 0: w = rng.pick(PUNCT) + w
        tokens.append(w)
    if with_the:
        tokens.insert(rng.below(len(tokens) + 1), "the")
    if not tokens:
        tokens = [rng.pick(PUNCT) * (1 + rng.below(2))]
    text = " ".join(tokens)
    if rng.below(4) == 0: text = "\t" + text
    return text[:82]

def generate(seed):
    rng = Lcg(seed)
    words = vocabulary(rng, 110)
    the_lines = set()
    while len(the_lines) < 35: the_lines.add(rng.below(273))
    distinct = []
    while len(distinct) < 273:
        t = line(rng, words, len(distinct) in the_lines)
        if t not in distinct and ("the" in t) == (len(distinct) in the_lines):
            distinct.append(t)
    out = list(distinct)
    for _ in range(89):  # repeats of earlier lines without "the", at random places
        t = rng.pick([d for d in distinct if "the" not in d])
        out.insert(rng.below(len(out) + 1), t)
    return "\n".join(out) + "\n"

def stats(text):
    lines = text.splitlines()
    lens = sorted(len(l) for l in lines)
    words = text.split()
    punct = sum(c in "".join(PUNCT) for c in text)
    return dict(bytes=len(text), lines=len(lines), words=len(words), distinct_words=len(set(words)),
                distinct_lines=len(set(lines)), median_len=lens[len(lens) // 2], max_len=lens[-1],
                min_len=lens[0], the_lines=sum("the" in l for l in lines), punct_pct=100 * punct / len(text))

def good(s):
    return (abs(s["bytes"] - 8546) <= 85 and abs(s["words"] - 1200) <= 60 and s["the_lines"] == 35
            and 16 <= s["median_len"] <= 20 and 16 <= s["punct_pct"] <= 18 and s["lines"] == 362
            and 530 <= s["distinct_words"] <= 650)

if __name__ == "__main__":
    # 20094 is the first seed that meets the targets; the search starts there
    # so that regenerating takes a moment, not minutes.
    for seed in range(20094, 200000):
        text = generate(seed)
        s = stats(text)
        if good(s):
            sys.stderr.write("seed %d: %s\n" % (seed, s))
            sys.stdout.write(text)
            break
