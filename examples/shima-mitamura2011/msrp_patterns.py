"""Paraphrase pattern generators and automatic judges over MSRP train (Dolan & Brockett 2005).

Shima & Mitamura (2011) scored 40 sets (10 verbs × 4 generators of the paraphrase-eval
data of Metzler et al. 2011) judged by 2–3 people. That data is not public, so this
example builds its own from the MSRP training file, in two disjoint halves:

- the **generator half** (even pair indices) feeds four real procedures, each giving a
  ranked list of up to 10 paraphrases per source verb:

  * ``ALIGN``: word 1–2-grams that appear opposite the verb in paraphrase pairs
    (the verb on one side only; the n-gram's stems absent from the verb's side), ranked
    by the number of such pairs times the n-gram's inverse document frequency
    — alignment by subtraction, a cheap cousin of the phrase alignment of Bannard &
    Callison-Burch (2005);
  * ``CONTEXT``: 1–2-grams whose left/right neighbour words resemble the verb's (PPMI
    vectors, cosine), in the spirit of the n-gram contexts of Pasca & Dienes (2005);
  * ``NGRAM``: the most frequent 2–3-grams that contain the verb ("was killed",
    "killed in") — the lexically redundant patterns of the paper's introduction;
  * ``COOC``: the most frequent words of the other sentence of pairs containing the
    verb, any label, stop-words included — a frequency baseline;

- the **judge half** (odd indices) gives each (verb, paraphrase) three automatic 0/1
  labels, standing in for the paper's annotators:

  * *attested*: the paraphrase appears opposite the verb in at least one paraphrase pair;
  * *contrastive*: it does so at a higher rate in paraphrase pairs than in
    non-paraphrase pairs (each rate over the pairs with the verb on one side only);
  * *lexical*: it has a content word (not only stop-words);

  the *strict* label of each also needs both seams to be attested in the judge half (the
  paraphrase follows some word that also precedes the verb, and precedes some word that
  also follows it), a proxy for the paper's "the replaced sentence is grammatical".

MSRP test is left for the recognition task alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import sparse

from simeval.paraphrase import Analyzer, tokenize

#: The 10 source verbs of Shima & Mitamura (2011), Table 1, with its MSRPC column.
PAPER_VERBS = {
    "found": 89,
    "called": 59,
    "told": 125,
    "killed": 48,
    "accused": 30,
    "to take": 21,
    "reached": 22,
    "returned": 14,
    "turned": 22,
    "broke": 10,
}
GENERATORS = ("ALIGN", "CONTEXT", "NGRAM", "COOC")
JUDGES = ("attested", "contrastive", "lexical")
TOP = 10


@dataclass
class Half:
    """Tokenized pairs of one half of MSRP train: words and stems per side, gold."""

    words: list[tuple[tuple[str, ...], tuple[str, ...]]]
    stems: list[tuple[tuple[str, ...], tuple[str, ...]]]
    gold: np.ndarray


def split_train(texts1: Sequence[str], texts2: Sequence[str], gold: np.ndarray, an: Analyzer):
    """The generator half (even indices) and the judge half (odd indices)."""
    halves = []
    for start in (0, 1):
        idx = range(start, len(texts1), 2)
        words = [(tokenize(texts1[i]), tokenize(texts2[i])) for i in idx]
        stems = [(an.stems(a), an.stems(b)) for a, b in words]
        halves.append(Half(words, stems, np.asarray(gold)[start::2] == 1))
    return halves[0], halves[1]


def _grams(tokens: Sequence[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)}


def _contains(tokens: Sequence[str], phrase: Sequence[str]) -> bool:
    return tuple(phrase) in _grams(tokens, len(phrase))


def _one_sided(half: Half, verb: tuple[str, ...]):
    """(index, side with the verb) of the pairs with the verb on exactly one side."""
    for i, (a, b) in enumerate(half.words):
        ia, ib = _contains(a, verb), _contains(b, verb)
        if ia != ib:
            yield i, (0 if ia else 1)


def _rank(counter: Counter, top: int = TOP) -> list[str]:
    return [" ".join(g) for g, _ in sorted(counter.items(), key=lambda x: (-x[1], x[0]))[:top]]


def align(half: Half, verb: str, an: Analyzer) -> list[str]:
    """ALIGN: 1–2-grams opposite the verb in paraphrase pairs, by number of pairs."""
    v = tokenize(verb)
    c: Counter = Counter()
    for i, side in _one_sided(half, v):
        if not half.gold[i]:
            continue
        mine, other = set(half.stems[i][side]), half.words[i][1 - side]
        other_stems = half.stems[i][1 - side]
        found = set()
        for n in (1, 2):
            for j in range(len(other) - n + 1):
                g, gs = other[j : j + n], other_stems[j : j + n]
                if not mine.intersection(gs) and an.content_words(" ".join(g)):
                    found.add(g)
        c.update(found)
    df: Counter = Counter()
    for pair in half.words:
        for toks in pair:
            df.update(_grams(toks, 1) | _grams(toks, 2))
    n = 2 * len(half.words)
    return _rank(Counter({g: k * np.log(n / df[g]) for g, k in c.items()}))


def ngram(half: Half, verb: str) -> list[str]:
    """NGRAM: the most frequent 2–3-grams of the generator half that contain the verb."""
    v = tokenize(verb)
    c: Counter = Counter()
    for pair in half.words:
        for toks in pair:
            for n in (len(v) + 1, len(v) + 2):
                c.update(g for g in _grams(toks, n) if _contains(g, v))
    return _rank(c)


def cooc(half: Half, verb: str) -> list[str]:
    """COOC: the most frequent words of the other sentence of pairs with the verb."""
    v = tokenize(verb)
    c: Counter = Counter()
    for i, side in _one_sided(half, v):
        c.update((w,) for w in set(half.words[i][1 - side]) if w not in v)
    return _rank(c)


class Contexts:
    """PPMI vectors of left/right neighbour words for every 1–2-gram seen 3+ times."""

    def __init__(self, half: Half, an: Analyzer, min_count: int = 3) -> None:
        sents = [s for pair in half.words for s in pair]
        freq: Counter = Counter()
        for s in sents:
            for n in (1, 2):
                freq.update(s[j : j + n] for j in range(len(s) - n + 1))
        self.grams = [g for g, f in freq.items() if f >= min_count]
        self.row = {g: i for i, g in enumerate(self.grams)}
        feats: dict[str, int] = {}
        rows, cols = [], []
        for s in sents:
            padded = ("<s>", *s, "</s>")
            for n in (1, 2):
                for j in range(1, len(padded) - n):
                    r = self.row.get(padded[j : j + n])
                    if r is None:
                        continue
                    for f in ("L:" + padded[j - 1], "R:" + padded[j + n]):
                        rows.append(r)
                        cols.append(feats.setdefault(f, len(feats)))
        m = sparse.coo_matrix(
            (np.ones(len(rows)), (rows, cols)), shape=(len(self.grams), len(feats))
        ).tocsr()
        m.sum_duplicates()
        total = m.sum()
        rs, cs = np.asarray(m.sum(1)).ravel(), np.asarray(m.sum(0)).ravel()
        coo = m.tocoo()
        pmi = np.log(coo.data * total / (rs[coo.row] * cs[coo.col]))
        ppmi = sparse.csr_matrix((np.maximum(pmi, 0), (coo.row, coo.col)), shape=m.shape)
        norms = np.sqrt(np.asarray(ppmi.multiply(ppmi).sum(1)).ravel())
        self.unit = sparse.diags(1 / np.where(norms > 0, norms, 1)) @ ppmi
        self.content = np.array([bool(an.content_words(" ".join(g))) for g in self.grams])

    def similar(self, verb: str) -> list[str]:
        """CONTEXT: the grams nearest the verb by cosine, with a content word and
        without the verb's words."""
        v = tokenize(verb)
        r = self.row.get(v)
        if r is None:
            return []
        sims = (self.unit @ self.unit[r].T).toarray().ravel()
        order = np.lexsort((np.arange(sims.size), -sims))
        out = []
        for i in order:
            g = self.grams[i]
            if self.content[i] and not set(g) & set(v) and sims[i] > 0:
                out.append(" ".join(g))
            if len(out) == TOP:
                break
        return out


def generate(half: Half, verbs: Sequence[str], an: Analyzer) -> dict[tuple[str, str], list[str]]:
    """``{(generator, verb): ranked paraphrases}`` for every generator and verb."""
    ctx = Contexts(half, an)
    out: dict[tuple[str, str], list[str]] = {}
    for verb in verbs:
        out["ALIGN", verb] = align(half, verb, an)
        out["CONTEXT", verb] = ctx.similar(verb)
        out["NGRAM", verb] = ngram(half, verb)
        out["COOC", verb] = cooc(half, verb)
    return out


class Judge:
    """The three automatic judges (:data:`JUDGES`) on the judge half."""

    def __init__(self, half: Half, an: Analyzer) -> None:
        self.half, self.an = half, an
        self.left: dict[tuple[str, ...], set[str]] = {}
        self.right: dict[tuple[str, ...], set[str]] = {}
        for pair in half.words:
            for s in pair:
                padded = ("<s>", *s, "</s>")
                for n in (1, 2, 3):
                    for j in range(1, len(padded) - n):
                        g = padded[j : j + n]
                        self.left.setdefault(g, set()).add(padded[j - 1])
                        self.right.setdefault(g, set()).add(padded[j + n])
        self._sided: dict[tuple[str, ...], list[tuple[int, int]]] = {}

    def labels(self, verb: str, paraphrase: str) -> tuple[list[int], list[int]]:
        """Lenient and strict 0/1 labels of (verb, paraphrase), one per judge."""
        v, p = tokenize(verb), tokenize(paraphrase)
        ps = self.an.stems(p)
        sided = self._sided.get(v)
        if sided is None:
            sided = self._sided[v] = list(_one_sided(self.half, v))
        hits, opportunities = np.zeros(2), np.zeros(2)  # [non-paraphrase, paraphrase]
        for i, side in sided:
            g = int(self.half.gold[i])
            opportunities[g] += 1
            stems = self.half.stems[i]
            if _contains(stems[1 - side], ps) and not _contains(stems[side], ps):
                hits[g] += 1
        rate = hits / np.maximum(opportunities, 1)
        lenient = [
            int(hits[1] >= 1),
            int(hits[1] >= 1 and rate[1] > rate[0]),
            int(bool(self.an.content_words(paraphrase))),
        ]
        empty: set[str] = set()
        seam = bool(self.left.get(p, empty) & self.left.get(v, empty)) and bool(
            self.right.get(p, empty) & self.right.get(v, empty)
        )
        return lenient, [x * int(seam) for x in lenient]
