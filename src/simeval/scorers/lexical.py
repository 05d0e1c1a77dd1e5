"""Lexical baselines: no model, only the words or characters of the two texts.

The surface-overlap baselines every STS paper reports (Agirre et al. 2012, SemEval-2012
Task 6, reported a token-cosine baseline; Cer et al. 2017 likewise).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import InputError, require
from .base import Progress, split_pairs, unique_texts, word_tokens

__all__ = ["LEXICAL_KINDS", "LexicalScorer"]

#: kind → (similarity name, extra needed, description)
LEXICAL_KINDS = {
    "jaccard": ("jaccard", None, "token Jaccard |A∩B| / |A∪B| of lower-cased word sets"),
    "word-tfidf": ("cosine", "baselines", "TF-IDF cosine of word tokens"),
    "char-tfidf": ("cosine", "baselines", "TF-IDF cosine of character 2–4-grams in words"),
    "edit": ("levenshtein", "baselines", "normalised Levenshtein similarity"),
    "token-set": ("token-set", "baselines", "token-set ratio of the two texts"),
}


def _row_cosine(m1: Any, m2: Any) -> NDArray[np.float64]:
    """Cosine of matching rows of two L2-normalised sparse matrices; NaN for a zero row."""
    dots = np.asarray(m1.multiply(m2).sum(axis=1), dtype=np.float64).ravel()
    n1 = np.sqrt(np.asarray(m1.multiply(m1).sum(axis=1), dtype=np.float64).ravel())
    n2 = np.sqrt(np.asarray(m2.multiply(m2).sum(axis=1), dtype=np.float64).ravel())
    norms = n1 * n2
    out = np.full(len(dots), np.nan)
    np.divide(dots, norms, out=out, where=norms > 0)
    return np.clip(out, -1.0, 1.0, out=out)  # rounding can give 1 + 2e-16 (NaN stays)


class LexicalScorer:
    """A lexical similarity of each pair.

    Kinds:

    - ``jaccard``: ``|A ∩ B| / |A ∪ B|`` over the sets of lower-cased word tokens (Jaccard
      1901); NaN when neither text has a word.
    - ``word-tfidf``: cosine of TF-IDF vectors of lower-cased word tokens,
      ``tf(t, s) · (ln((1 + N) / (1 + df(t))) + 1)`` (scikit-learn's smoothed IDF; Salton &
      Buckley 1988), with the IDF fitted on the N distinct sentences of the scored set.
    - ``char-tfidf``: the same over character 2- to 4-grams taken within word boundaries
      (scikit-learn ``analyzer="char_wb"``).
    - ``edit``: ``1 − lev(s, t) / max(|s|, |t|)`` (Levenshtein 1966), rapidfuzz's
      ``Levenshtein.normalized_similarity`` on the texts as given.
    - ``token-set``: rapidfuzz's ``fuzz.token_set_ratio`` / 100 on lower-cased texts with
      punctuation removed (the ratio of the shared token set to each text's tokens).

    Examples
    --------
    >>> LexicalScorer("jaccard").score((["A cat sat"], ["the cat sat down"])).tolist()
    [0.4]
    """

    def __init__(self, kind: str, *, name: str | None = None) -> None:
        if kind not in LEXICAL_KINDS:
            raise InputError(
                f"unknown lexical scorer {kind!r}; known: "
                + ", ".join(f"lexical:{k}" for k in LEXICAL_KINDS)
            )
        self.kind = kind
        self.name = name or f"lexical:{kind}"
        self._similarity, extra, _ = LEXICAL_KINDS[kind]
        if extra is not None:  # fail now, not after the data are read
            require("sklearn" if "tfidf" in kind else "rapidfuzz", extra)

    @classmethod
    def from_name(cls, name: str, kind: str) -> LexicalScorer:
        """The scorer ``lexical:KIND`` of :func:`simeval.scorers.get`."""
        return cls(kind, name=name)

    @classmethod
    def files_read(cls, kind: str) -> tuple[Path, ...]:
        """None: a lexical scorer reads only the texts."""
        return ()

    @property
    def inputs(self) -> tuple[Path, ...]:
        """None: a lexical scorer reads only the texts."""
        return ()

    @property
    def similarity(self) -> str:
        """The similarity function's name."""
        return self._similarity

    @property
    def signature(self) -> str:
        """Scorer, tokens and (for TF-IDF) where the IDF comes from."""
        parts = [f"model:{self.name}"]
        if self.kind in ("jaccard", "word-tfidf"):
            parts.append("tokens:words,lower")
        if self.kind == "char-tfidf":
            parts.append("tokens:char_wb2-4,lower")
        if self.kind.endswith("tfidf"):
            parts.append("idf:scored-set")
        parts.append(f"sim:{self.similarity}")
        return "|".join(parts)

    def score_many(
        self, datasets: Sequence[Any], *, progress: Progress | None = None
    ) -> list[NDArray[np.float64]]:
        """Scores of several pair sets (each TF-IDF model is fitted on its own set)."""
        return [self.score(d, progress=progress) for d in datasets]

    def score(self, pairs: Any, *, progress: Progress | None = None) -> NDArray[np.float64]:
        """One similarity per pair, in [0, 1]."""
        texts1, texts2 = split_pairs(pairs)
        n = len(texts1)
        if progress is not None:
            progress(0, n)
        if self.kind == "jaccard":
            out = self._jaccard(texts1, texts2)
        elif self.kind.endswith("tfidf"):
            out = self._tfidf(texts1, texts2)
        else:
            rapidfuzz = require("rapidfuzz", "baselines")
            if self.kind == "edit":
                fn = rapidfuzz.distance.Levenshtein.normalized_similarity
                out = rapidfuzz.process.cpdist(texts1, texts2, scorer=fn, dtype=np.float64)
            else:
                out = rapidfuzz.process.cpdist(
                    texts1,
                    texts2,
                    scorer=rapidfuzz.fuzz.token_set_ratio,
                    processor=rapidfuzz.utils.default_process,
                    dtype=np.float64,
                )
                out = out / 100.0
        if progress is not None:
            progress(n, n)
        return np.asarray(out, dtype=np.float64)

    @staticmethod
    def _jaccard(texts1: list[str], texts2: list[str]) -> NDArray[np.float64]:
        out = np.full(len(texts1), np.nan)
        for i, (s, t) in enumerate(zip(texts1, texts2)):
            a, b = set(word_tokens(s)), set(word_tokens(t))
            union = len(a | b)
            if union:
                out[i] = len(a & b) / union
        return out

    def _tfidf(self, texts1: list[str], texts2: list[str]) -> NDArray[np.float64]:
        text = require("sklearn.feature_extraction.text", "baselines")
        if self.kind == "char-tfidf":
            vec = text.TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), lowercase=True)
        else:
            vec = text.TfidfVectorizer(tokenizer=word_tokens, lowercase=False, token_pattern=None)
        unique, (rows1, rows2) = unique_texts(texts1, texts2)
        try:
            matrix = vec.fit_transform(unique)
        except ValueError as exc:  # an empty vocabulary: no text has a word
            raise InputError(f"{self.name}: {exc}") from None
        return _row_cosine(matrix[rows1], matrix[rows2])
