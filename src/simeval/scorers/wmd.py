"""Word Mover's Distance (Kusner, Sun, Kolkin & Weinberger 2015) over word vectors."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import require
from ..vectors.read import Vectors
from .base import Progress, split_pairs, word_tokens
from .static import AverageScorer, _no_word_warning

__all__ = ["WMDScorer"]


class WMDScorer(AverageScorer):
    """Negative Word Mover's Distance between the two texts.

    Each text is a normalised bag of words ``d_i = c_i / Σ_j c_j`` over its lower-cased
    tokens that have a vector; the distance is the earth mover's distance (Kusner et al.
    2015, Eq. 1)

    .. math:: \\mathrm{WMD}(d, d') = \\min_{T \\ge 0} \\sum_{i,j} T_{ij} \\lVert v_i - v_j
              \\rVert_2 \\quad\\text{s.t.}\\quad \\textstyle\\sum_j T_{ij} = d_i,\\;
              \\sum_i T_{ij} = d'_j

    solved exactly with POT's ``ot.emd2``; the score is ``−WMD`` so that higher means more
    similar. No stop words are removed. A text with no known word gives NaN.

    Parameters
    ----------
    path : path or Vectors
        A vector file, a model2vec folder, or vectors in memory.
    name : str, optional
        The name results carry (default ``wmd:PATH``).

    Raises
    ------
    MissingExtraError
        The ``pot`` package is not installed.

    References
    ----------
    Kusner, M. J., Sun, Y., Kolkin, N. I. & Weinberger, K. Q. (2015). From word embeddings
    to document distances. *ICML 2015*, Eq. 1.

    Examples
    --------
    "cat" at ``[0, 0]`` and "dog" at ``[3, 4]`` are 5 apart; from "cat dog" to "dog" half
    the mass moves that far:

    >>> vectors = Vectors(["cat", "dog"], [[0.0, 0.0], [3.0, 4.0]])
    >>> WMDScorer(vectors, name="toy").score((["cat", "cat dog"], ["dog", "dog"])).tolist()
    [-5.0, -2.5]
    """

    kind = "wmd"
    options: frozenset[str] = frozenset()
    compares_vectors = False

    def __init__(self, path: str | os.PathLike[str] | Vectors, *, name: str | None = None) -> None:
        super().__init__(path, name=name, similarity="cosine")
        self._similarity = "neg-wmd"
        require("ot", "baselines")

    def _extra(self) -> str:
        return "bow:words,lower|cost:euclidean|"

    def score_each(
        self, pairs: Any, similarities: Sequence[str] = (), *, progress: Progress | None = None
    ) -> dict[str, NDArray[np.float64]]:
        """``−WMD`` only: there are no text vectors to compare otherwise."""
        return {self.similarity: self.score(pairs, progress=progress)}

    def score(self, pairs: Any, *, progress: Progress | None = None) -> NDArray[np.float64]:
        """``−WMD`` per pair."""
        ot = require("ot", "baselines")
        texts1, texts2 = split_pairs(pairs)
        n = len(texts1)
        tok1 = [word_tokens(t) for t in texts1]
        tok2 = [word_tokens(t) for t in texts2]
        vectors = self._vectors_for({w for ts in tok1 + tok2 for w in ts})
        out = np.full(n, np.nan)
        for i in range(n):
            b1 = self._bag(vectors, tok1[i])
            b2 = self._bag(vectors, tok2[i])
            if b1 is None or b2 is None:
                continue
            (r1, w1), (r2, w2) = b1, b2
            x1, x2 = vectors.matrix[r1], vectors.matrix[r2]
            cost = np.linalg.norm(x1[:, None, :] - x2[None, :, :], axis=2)
            out[i] = -float(ot.emd2(w1, w2, cost))
            if progress is not None and (i + 1) % 256 == 0:
                progress(i + 1, n)
        if progress is not None:
            progress(n, n)
        _no_word_warning(self.name, np.isnan(out))
        return out

    @staticmethod
    def _bag(
        vectors: Vectors, tokens: list[str]
    ) -> tuple[NDArray[np.intp], NDArray[np.float64]] | None:
        counts = Counter(w for w in tokens if w in vectors)
        if not counts:
            return None
        rows = vectors.lookup(counts)
        weights = np.fromiter(counts.values(), np.float64, len(counts))
        return rows, weights / weights.sum()
