"""Lexical baselines: no model, only the words or characters of the two texts.

The surface-overlap baselines every STS paper reports (Agirre et al. 2012, SemEval-2012
Task 6, reported a token-cosine baseline; Cer et al. 2017 likewise).
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import InputError, require
from .base import Progress, Scorer, split_pairs, unique_texts, word_tokens

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
    """Cosine of matching rows of two sparse matrices; NaN for a zero row, exactly 1 for
    two equal rows (as :func:`~.base.pair_similarity`)."""
    dots = np.asarray(m1.multiply(m2).sum(axis=1), dtype=np.float64).ravel()
    n1 = np.sqrt(np.asarray(m1.multiply(m1).sum(axis=1), dtype=np.float64).ravel())
    n2 = np.sqrt(np.asarray(m2.multiply(m2).sum(axis=1), dtype=np.float64).ravel())
    norms = n1 * n2
    out = np.full(len(dots), np.nan)
    np.divide(dots, norms, out=out, where=norms > 0)
    differ = m1 - m2
    differ.eliminate_zeros()
    out[(norms > 0) & (differ.getnnz(axis=1) == 0)] = 1.0  # equal rows: exactly 1
    return np.clip(out, -1.0, 1.0, out=out)  # rounding can give 1 + 2e-16 (NaN stays)


class LexicalScorer(Scorer):
    """A lexical similarity of each pair.

    Kinds:

    - ``jaccard``: ``|A ∩ B| / |A ∪ B|`` over the sets of lower-cased word tokens (Jaccard
      1901); NaN when neither text has a word.
    - ``word-tfidf``: cosine of TF-IDF vectors of lower-cased word tokens,
      ``tf(t, s) · (ln((1 + N) / (1 + df(t))) + 1)`` (scikit-learn's smoothed IDF; Salton &
      Buckley 1988), with the IDF fitted on the N distinct sentences of the texts given to
      :meth:`fit` (``simeval run`` and ``simeval score`` give every text of the data set,
      its pairs without a gold score too, so a shard of it gets the same IDF), else on
      those of the scored pairs.
    - ``char-tfidf``: the same over character 2- to 4-grams taken within word boundaries
      (scikit-learn ``analyzer="char_wb"``).
    - ``edit``: ``1 − lev(s, t) / max(|s|, |t|)`` (Levenshtein 1966), rapidfuzz's
      ``Levenshtein.normalized_similarity`` on the texts as given.
    - ``token-set``: rapidfuzz's ``fuzz.token_set_ratio`` / 100 on lower-cased texts with
      punctuation removed (the ratio of the shared token set to each text's tokens).

    Two equal texts score exactly 1 (the TF-IDF cosines of two equal vectors included).

    Parameters
    ----------
    kind : {"jaccard", "word-tfidf", "char-tfidf", "edit", "token-set"}
        The similarity (see above).
    name : str, optional
        The name the user gave (default ``lexical:KIND``).

    Raises
    ------
    InputError
        An unknown kind.
    MissingExtraError
        A kind other than ``jaccard`` without scikit-learn or rapidfuzz installed.

    References
    ----------
    Jaccard, P. (1901). Étude comparative de la distribution florale dans une portion des
    Alpes et du Jura. *Bulletin de la Société Vaudoise des Sciences Naturelles* 37, 547–579.

    Salton, G. & Buckley, C. (1988). Term-weighting approaches in automatic text retrieval.
    *Information Processing & Management* 24(5), 513–523.

    Levenshtein, V. I. (1966). Binary codes capable of correcting deletions, insertions, and
    reversals. *Soviet Physics Doklady* 10(8), 707–710.

    Examples
    --------
    Two shared words of five distinct ones:

    >>> LexicalScorer("jaccard").score((["A cat sat"], ["the cat sat down"])).tolist()
    [0.4]
    >>> tfidf = LexicalScorer("word-tfidf").fit(["a cat", "a dog", "the sun"])
    >>> tfidf.signature
    'model:lexical:word-tfidf|tokens:words,lower|idf:3 texts sha256:29d95507344c|sim:cosine'
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
        self._vectorizer: Any = None  # fitted by fit()
        self._fitted_on = "each scored set"

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
    def similarity(self) -> str:  # type: ignore[override]
        """The similarity function's name."""
        return self._similarity

    @property
    def signature(self) -> str:
        """Scorer, tokens and (for TF-IDF) the texts the IDF was fitted on: their number
        and the SHA-256 of their sorted distinct texts, or ``idf:each scored set``."""
        parts = [f"model:{self.name}"]
        if self.kind in ("jaccard", "word-tfidf"):
            parts.append("tokens:words,lower")
        if self.kind == "char-tfidf":
            parts.append("tokens:char_wb2-4,lower")
        if self.kind.endswith("tfidf"):
            parts.append(f"idf:{self._fitted_on}")
        parts.append(f"sim:{self.similarity}")
        return "|".join(parts)

    def fit(self, texts: Sequence[str]) -> LexicalScorer:
        """A TF-IDF scorer with its IDF fitted on the distinct ``texts`` (a copy; this
        scorer is unchanged); the other kinds fit nothing and return themselves."""
        if not self.kind.endswith("tfidf"):
            return self
        unique = sorted(set(texts))
        fitted = copy.copy(self)
        fitted._vectorizer = self._fit_vectorizer(unique)
        digest = hashlib.sha256("\n".join(unique).encode("utf-8")).hexdigest()
        fitted._fitted_on = f"{len(unique)} texts sha256:{digest[:12]}"
        return fitted

    def score(self, pairs: Any, *, progress: Progress | None = None) -> NDArray[np.float64]:
        """One similarity per pair, in [0, 1]; ``progress(done, total)`` counts pairs."""
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
        """``|A ∩ B| / |A ∪ B|`` of the word sets of each pair (NaN when both are empty),
        from a binary text × word matrix: each distinct text is tokenized once, and the
        intersections are the row-wise products of the pairs' rows."""
        from scipy import sparse

        unique, (rows1, rows2) = unique_texts(texts1, texts2)
        vocabulary: dict[str, int] = {}
        columns: list[int] = []
        lengths: list[int] = []
        for text in unique:  # one pass per distinct text, not per pair
            words = {vocabulary.setdefault(w, len(vocabulary)) for w in word_tokens(text)}
            columns.extend(words)
            lengths.append(len(words))
        sizes = np.asarray(lengths, dtype=np.int64)
        indptr = np.concatenate(([0], np.cumsum(sizes)))
        words = sparse.csr_matrix(
            (np.ones(indptr[-1], dtype=np.float64), np.asarray(columns, dtype=np.int64), indptr),
            shape=(len(unique), max(len(vocabulary), 1)),
        )
        both = np.asarray(words[rows1].multiply(words[rows2]).sum(axis=1)).ravel()
        union = sizes[rows1] + sizes[rows2] - both
        out = np.full(union.shape, np.nan)
        np.divide(both, union, out=out, where=union > 0)
        return out

    def _fit_vectorizer(self, texts: Sequence[str]) -> Any:
        text = require("sklearn.feature_extraction.text", "baselines")
        if self.kind == "char-tfidf":
            vec = text.TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), lowercase=True)
        else:
            vec = text.TfidfVectorizer(tokenizer=word_tokens, lowercase=False, token_pattern=None)
        try:
            return vec.fit(texts)
        except ValueError as exc:  # an empty vocabulary: no text has a word
            raise InputError(f"{self.name}: {exc}") from None

    def _tfidf(self, texts1: list[str], texts2: list[str]) -> NDArray[np.float64]:
        unique, (rows1, rows2) = unique_texts(texts1, texts2)
        vec = self._vectorizer if self._vectorizer is not None else self._fit_vectorizer(unique)
        matrix = vec.transform(unique)
        return _row_cosine(matrix[rows1], matrix[rows2])
