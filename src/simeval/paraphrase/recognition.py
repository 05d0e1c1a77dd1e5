r"""Paraphrase recognition with a pattern set: the extrinsic task of Shima & Mitamura
(2011, §3.3–3.4), which scores each set of patterns by how many paraphrase pairs of a
corpus it lets a matcher identify.

For a source term s and a corpus of sentence pairs (t₁, t₂) labelled paraphrase (1) or
not (0), as MSRP (Dolan & Brockett 2005):

- a pair is **selected** for s when s occurs in t₁ or t₂ as a word sequence (§3.3,
  Table 1: "pairs where the verb appears in at least one side"; word boundaries respected,
  footnote 5: "skilled" does not contain "killed"). The match is on the surface words,
  case-folded: that choice reproduces Table 1's MSRPC column (89 pairs for "found", 125
  for "told", 21 for "to take" … on the 3 900 positive pairs of train + test) for 9 of
  its 10 verbs ("called": 61 here, 59 in the paper);
- a selected pair is **identified** as a paraphrase when s occurs in one text and

  1. the stems of s occur in the other (§3.4, "simple unigram matching with stemming
     enabled": "killed" / "killing"), or
  2. one of the set's top-k paraphrases occurs in the other (§3.4, "the source verb
     matches one text and one of up to 10 paraphrases in the set matches the other"),
     compared on Porter stems with word boundaries. A paraphrase with no content word
     ("to", "in the") is left out (§3.4: "We filter such exceptional cases when the
     paraphrase text contains only functional words").

The set's task score in the paper is "the ratio of pairs correctly identified as
paraphrases" over its selected *positive* pairs (§3.4), i.e. the recall
:math:`TP / (TP + FN)`; that is ``measure="recall"``, the default. MSRP also has
negative pairs, so precision :math:`TP/(TP+FP)`, :math:`F_1 = 2TP/(2TP+FP+FN)` and accuracy
:math:`(TP+TN)/N` over all selected pairs are offered too. The rule has no free parameter
(no threshold): nothing is tuned, and the corpus only scores. A set with several source
terms pools the counts of its terms.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

from .._validate import check_choice, check_int
from ..errors import InputError
from .metrics import term_bounds
from .patterns import PatternsLike, as_patterns
from .text import Analyzer, default_analyzer, tokenize

__all__ = ["MEASURES", "TOP_K", "Recognition", "recognize", "task_scores"]

#: Task measures, the paper's first.
MEASURES = ("recall", "precision", "f1", "accuracy")
#: Paraphrases per set the matcher uses: "up to 10" (Shima & Mitamura 2011, §3.4).
TOP_K = 10
#: Columns of :attr:`Recognition.term_counts`.
COUNTS = ("tp", "fn", "fp", "tn")


class PairCorpus(Protocol):
    """What :func:`recognize` reads: two aligned text columns and 0/1 gold labels
    (:class:`~simeval.datasets.sentences.SentencePairs` is one)."""

    @property
    def name(self) -> str: ...
    @property
    def texts1(self) -> tuple[str, ...]: ...
    @property
    def texts2(self) -> tuple[str, ...]: ...
    @property
    def gold(self) -> Any: ...


@dataclass(eq=False)
class _Index:
    """Word and stem n-grams of every text of a corpus, built per length on first use.

    ``words[i]``/``stems[i]`` are the tokens of text i (texts1 first, then texts2)."""

    words: list[tuple[str, ...]]
    stems: list[tuple[str, ...]]
    _grams: dict[tuple[int, bool], list[frozenset[tuple[str, ...]]]] = field(default_factory=dict)

    def has(self, phrase: tuple[str, ...], stemmed: bool) -> NDArray[np.bool_]:
        """Whether ``phrase`` (a token sequence) occurs in each text, shape (2, n pairs)."""
        n = len(phrase)
        key = (n, stemmed)
        grams = self._grams.get(key)
        if grams is None:
            texts = self.stems if stemmed else self.words
            grams = self._grams[key] = [
                frozenset(t[i : i + n] for i in range(len(t) - n + 1)) for t in texts
            ]
        found = np.fromiter((phrase in g for g in grams), dtype=bool, count=len(grams))
        return found.reshape(2, -1)


def _binary_gold(corpus: PairCorpus) -> NDArray[np.bool_]:
    gold = np.asarray(corpus.gold, dtype=np.float64)
    bad = ~np.isin(gold, (0.0, 1.0))
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise InputError(
            f"{corpus.name}: pair {i + 1} has gold {float(gold[i]):g}; recognition needs 0/1 "
            "paraphrase labels (e.g. msrp:train, msrp:test)"
        )
    return gold == 1.0


@dataclass(frozen=True, eq=False)
class Recognition:
    """The recognition counts of every (set, source term) on one corpus.

    ``term_counts`` has one row per term of ``terms`` and the columns TP, FN, FP, TN over
    the term's selected pairs; ``term_unigram`` the TP and FP of step 1 alone (stemmed
    source on both sides, no pattern), to show what the patterns add.

    Attributes
    ----------
    corpus : str
        The corpus's name.
    k : int
        Paraphrases used per term.
    unigram : bool
        Whether step 1 (the stemmed source on both sides) was applied.
    terms : tuple of (str, str)
        The (set, source) pairs.
    sets : tuple of str
    term_set : numpy.ndarray of int
        Per term, index into ``sets``.
    term_counts : numpy.ndarray of int
        Shape (terms, 4): TP, FN, FP, TN.
    term_unigram : numpy.ndarray of int
        Shape (terms, 2): TP and FP of step 1 alone.
    signature : str

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> c = SimpleNamespace(name="toy", texts1=("He was killed.", "He was killed."),
    ...                     texts2=("He was assassinated.", "He left."), gold=[1, 0])

    >>> r = recognize({"killed": [("assassinated", 1)]}, c)
    >>> r.set_counts().tolist(), r.task_scores("precision")
    ([[1, 0, 0, 1]], {'set': 1.0})
    """

    corpus: str
    k: int
    unigram: bool
    terms: tuple[tuple[str, str], ...]
    sets: tuple[str, ...]
    term_set: NDArray[np.intp]
    term_counts: NDArray[np.int64]
    term_unigram: NDArray[np.int64]
    signature: str

    def set_counts(self) -> NDArray[np.int64]:
        """TP, FN, FP, TN of each set: its terms' counts summed, shape (n sets, 4)."""
        out = np.zeros((len(self.sets), 4), dtype=np.int64)
        np.add.at(out, self.term_set, self.term_counts)
        return out

    def scores(self, measure: str = "recall", *, per: str = "set") -> NDArray[np.float64]:
        """``measure`` (see :data:`MEASURES`) per set or per term; NaN where undefined."""
        check_choice("measure", measure, MEASURES)
        check_choice("per", per, ("set", "term"))
        c = (self.set_counts() if per == "set" else self.term_counts).astype(np.float64)
        tp, fn, fp, tn = c.T
        num, den = {
            "recall": (tp, tp + fn),
            "precision": (tp, tp + fp),
            "f1": (2 * tp, 2 * tp + fp + fn),
            "accuracy": (tp + tn, tp + fn + fp + tn),
        }[measure]
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(den > 0, num / np.where(den > 0, den, 1.0), np.nan)

    def task_scores(self, measure: str = "recall") -> dict[str, float]:
        """``{set: score}`` for :func:`~simeval.paraphrase.meta_evaluate`; a set whose
        score is undefined (no selected pair of the kind the measure needs) is an error."""
        values = self.scores(measure)
        bad = np.flatnonzero(~np.isfinite(values))
        if bad.size:
            s = self.sets[int(bad[0])]
            sources = ", ".join(repr(src) for st, src in self.terms if st == s)
            raise InputError(
                f"set {s!r}: {measure} is undefined on {self.corpus} (source {sources} "
                f"occurs in no pair it needs); drop the set or use a larger corpus"
            )
        return {s: float(v) for s, v in zip(self.sets, values, strict=True)}

    def records(self) -> list[dict[str, Any]]:
        """One dict per term: set, source, the counts, the unigram-only TP/FP and every
        measure."""
        measures = {m: self.scores(m, per="term") for m in MEASURES}
        out = []
        for t, (s, src) in enumerate(self.terms):
            rec: dict[str, Any] = {"corpus": self.corpus, "set": s, "source": src}
            rec.update({c: int(v) for c, v in zip(COUNTS, self.term_counts[t], strict=True)})
            rec["tp_unigram"], rec["fp_unigram"] = (int(v) for v in self.term_unigram[t])
            rec.update({m: float(v[t]) for m, v in measures.items()})
            out.append(rec)
        return out


def _corpus(corpus: PairCorpus | str, data_dir: Any) -> PairCorpus:
    if isinstance(corpus, str):
        from ..datasets.sentences import load

        return load(corpus, data_dir=data_dir)
    if not all(hasattr(corpus, a) for a in ("texts1", "texts2", "gold")):
        raise InputError(
            "`corpus` must be a registered name such as 'msrp:test' or sentence pairs "
            f"with texts1, texts2 and gold; got {type(corpus).__name__}"
        )
    return corpus


def recognize(
    patterns: PatternsLike,
    corpus: PairCorpus | str,
    *,
    k: int = TOP_K,
    unigram: bool = True,
    analyzer: Analyzer | None = None,
    data_dir: Any = None,
) -> Recognition:
    """Apply each set's top-``k`` paraphrases to ``corpus`` and count what they identify
    (Shima & Mitamura 2011, §3.4; the rule is in the module docstring).

    ``corpus``: sentence pairs with 0/1 gold (``texts1``, ``texts2``, ``gold``), or a
    registered name (``"msrp:test"``) read from ``data_dir``. ``unigram=False`` drops step 1
    (stemmed source on both sides), leaving the patterns alone. ``analyzer`` gives the
    stems and the stop-words that decide which paraphrases have a content word.

    Parameters
    ----------
    patterns : Patterns or mapping
        The ranked patterns of every set.
    corpus : sentence pairs or str
        See above.
    k : int, default 10
        Paraphrases per source term.
    unigram : bool, default True
        Apply step 1.
    analyzer : Analyzer, optional
    data_dir : path, optional
        Where a registered corpus is found.

    Returns
    -------
    Recognition

    References
    ----------
    Shima, H. & Mitamura, T. (2011). Diversity-aware evaluation for paraphrase patterns.
    *Proceedings of the TextInfer 2011 Workshop on Textual Entailment*, 35–39.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> c = SimpleNamespace(name="toy", texts1=("He was killed.", "He was killed."),
    ...                     texts2=("He was assassinated.", "He left."), gold=[1, 0])
    >>> r = recognize({"killed": [("assassinated", 1)]}, c)
    >>> r.term_counts.tolist(), r.scores("recall").tolist(), r.scores("accuracy").tolist()
    ([[1, 0, 0, 1]], [1.0], [1.0])
    """
    p = as_patterns(patterns)
    k = check_int(k, "k")
    an = analyzer if analyzer is not None else default_analyzer()
    c = _corpus(corpus, data_dir)
    gold = _binary_gold(c)
    if len(c.texts1) != len(c.texts2) or len(c.texts1) != gold.size:
        raise InputError(f"{c.name}: texts1, texts2 and gold must have the same length")
    words = [tokenize(t) for t in (*c.texts1, *c.texts2)]
    index = _Index(words, [an.stems(w) for w in words])
    bounds = term_bounds(p)
    counts = np.zeros((len(p.terms), 4), dtype=np.int64)
    uni = np.zeros((len(p.terms), 2), dtype=np.int64)
    for t, (_, source) in enumerate(p.terms):
        src_words = tokenize(source)
        if not src_words:
            raise InputError(f"source term {source!r} has no word to match; give a word")
        src = index.has(src_words, stemmed=False)
        src_stem = index.has(an.stems(src_words), stemmed=True)
        lo, hi = int(bounds[t]), int(bounds[t + 1])
        para = np.zeros_like(src)
        for i in range(lo, hi):
            if p.rank[i] <= k and an.content_words(p.paraphrase[i]):
                para |= index.has(an.stems(tokenize(p.paraphrase[i])), stemmed=True)
        selected = src[0] | src[1]
        step1 = (src[0] & src_stem[1]) | (src[1] & src_stem[0])
        step2 = (src[0] & para[1]) | (src[1] & para[0])
        hit = selected & (step2 | step1) if unigram else selected & step2
        miss = selected & ~hit
        counts[t] = [
            np.count_nonzero(hit & gold),
            np.count_nonzero(miss & gold),
            np.count_nonzero(hit & ~gold),
            np.count_nonzero(miss & ~gold),
        ]
        uni[t] = [np.count_nonzero(step1 & gold), np.count_nonzero(step1 & ~gold)]
    from .. import __version__

    sig = (
        f"paraphrase-recognition|{an.signature}|tok:lower-words|recognize:{c.name}|k:{k}"
        f"|unigram:{'yes' if unigram else 'no'}|v:{__version__}"
    )
    return Recognition(
        corpus=c.name,
        k=k,
        unigram=unigram,
        terms=p.terms,
        sets=p.sets,
        term_set=p.term_set,
        term_counts=counts,
        term_unigram=uni,
        signature=sig,
    )


def task_scores(
    patterns: PatternsLike,
    corpora: Iterable[PairCorpus | str] | Mapping[str, PairCorpus | str],
    *,
    measure: str = "recall",
    k: int = 10,
    unigram: bool = True,
    analyzer: Analyzer | None = None,
    data_dir: Any = None,
) -> dict[str, dict[str, float]]:
    """``{corpus: {set: score}}``: each set's recognition ``measure`` on each corpus, the
    ``extrinsic`` argument of :func:`~simeval.paraphrase.meta_evaluate` (Shima & Mitamura
    2011, Tables 2–3, with MSRPC, RTE and CQAE as the corpora).

    A mapping names the corpora; otherwise each is named by its ``name``.

    Parameters
    ----------
    patterns : Patterns or mapping
    corpora : iterable or mapping
        Sentence-pair corpora or registered names; a mapping names them.
    measure : str, default "recall"
        One of :data:`MEASURES`.
    k, unigram, analyzer, data_dir
        As :func:`recognize`.

    Returns
    -------
    dict
        Corpus → set → score.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> c = SimpleNamespace(name="toy", texts1=("He was killed.", "He was killed."),
    ...                     texts2=("He was assassinated.", "He left."), gold=[1, 0])

    >>> task_scores({"killed": [("assassinated", 1)]}, {"toy": c})
    {'toy': {'set': 1.0}}
    """
    check_choice("measure", measure, MEASURES)
    named = corpora.items() if isinstance(corpora, Mapping) else ((None, c) for c in corpora)
    out: dict[str, dict[str, float]] = {}
    for label, corpus in named:
        r = recognize(patterns, corpus, k=k, unigram=unigram, analyzer=analyzer, data_dir=data_dir)
        out[str(label) if label is not None else r.corpus] = r.task_scores(measure)
    if not out:
        raise InputError("give at least one corpus, e.g. 'msrp:test'")
    return out
