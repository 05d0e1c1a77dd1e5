"""Evaluation of word vectors on gold similarity ratings (wordspace
``eval.similarity.correlation``; Evert 2014)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..datasets.wordsim import WordPairs, pairs_from
from ..errors import DataError
from ..intervals import fisher_interval
from ..metrics.correlation import pearson, spearman
from ..results import json_ready
from ..vectors.read import Vectors
from .distances import BATCH_SIZE, AvgMethod, Method, Rank, pair_distances
from .lemmas import convert_lemma
from .options import WordsimOptions

__all__ = ["PairDetails", "WordsimResult", "evaluate", "signature"]


@dataclass(frozen=True)
class PairDetails:
    """The per-pair table of ``eval.similarity.correlation(details=TRUE)``.

    Columns (equal length): ``word1``, ``word2`` (as in the task, before any lemma
    conversion), ``score`` (gold), ``distance`` (the model's value, surrogates filled in)
    and ``missing`` (True where a word is unknown). ``extra`` keeps the task's other
    columns (a DataFrame's or a mapping's), as wordspace's details keep the whole task.

    Attributes
    ----------
    word1, word2 : tuple of str
        The words of each pair, as in the task.
    score : numpy.ndarray
        The gold ratings.
    distance : numpy.ndarray
        The model's value of each pair (surrogates filled in for unknown words).
    missing : numpy.ndarray of bool
        Where a word is unknown.
    extra : mapping of str to tuple
        The task's other columns.

    Examples
    --------
    >>> from simeval.vectors.read import Vectors
    >>> v = Vectors(["a", "b", "c"], [[1, 0], [1, 1], [0, 1]])
    >>> d = evaluate([("a", "b", 9), ("a", "c", 5), ("b", "x", 1)], v).details
    >>> [(w1, w2, bool(m)) for w1, w2, _, _, m in d.rows()]
    [('a', 'b', False), ('a', 'c', False), ('b', 'x', True)]
    """

    word1: tuple[str, ...]
    word2: tuple[str, ...]
    score: NDArray[np.float64]
    distance: NDArray[np.float64]
    missing: NDArray[np.bool_]
    extra: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)

    COLUMNS = ("word1", "word2", "score", "distance", "missing")

    def __len__(self) -> int:
        return len(self.word1)

    def rows(self) -> list[tuple[str, str, float, float, bool]]:
        """The table as a list of row tuples, in :attr:`COLUMNS` order."""
        return list(
            zip(
                self.word1,
                self.word2,
                self.score.tolist(),
                self.distance.tolist(),
                self.missing.tolist(),
            )
        )

    def to_frame(self) -> Any:
        """The table as a pandas DataFrame (pandas is imported here, not before)."""
        import pandas as pd

        return pd.DataFrame(
            {
                "word1": self.word1,
                "word2": self.word2,
                "score": self.score,
                "distance": self.distance,
                "missing": self.missing,
            }
        )


@dataclass(frozen=True)
class WordsimResult:
    """wordspace's evaluation report for one set of word pairs.

    ``rho`` = |Spearman ρ|, ``p_value`` its two-sided p-value (t approximation),
    ``missing`` the pairs with an unknown word, ``r`` = |Pearson r| and
    ``r_lower``/``r_upper`` its 95% Fisher-z interval (negated and swapped when r < 0),
    ``n`` the number of pairs (missing ones included, at their surrogate value).
    ``unknown_words`` lists the unknown words in order of first appearance, ``reason``
    says why the correlations are NaN when they are, and ``signature`` records the
    settings so that a number can be reproduced.

    Attributes
    ----------
    name : str
        The pairs' name.
    rho, p_value : float
        |Spearman ρ| and its two-sided p-value.
    missing : int
        Pairs with an unknown word.
    r, r_lower, r_upper : float
        |Pearson r| and its 95 % interval.
    n : int
        Pairs, missing ones included.
    details : PairDetails
        The per-pair table.
    unknown_words : tuple of str
        The unknown words, in order of first appearance.
    reason : str or None
        Why the correlations are NaN, else ``None``.
    signature : str
        The settings (see :func:`signature`).

    References
    ----------
    Evert, S. (2014). Distributional semantics in R with the wordspace package. *COLING
    2014: System Demonstrations*, 110–114 (R package wordspace).

    Examples
    --------
    >>> from simeval.vectors.read import Vectors
    >>> v = Vectors(["a", "b", "c", "d"], [[1, 0], [1, 1], [0, 1], [-1, 1]])
    >>> res = evaluate([("a", "b", 9), ("a", "c", 5), ("a", "d", 1), ("b", "c", 8)], v)
    >>> res.as_dict()["missing"], round(res.r, 4), res.signature.split("|")[1]
    (0, 0.9929, 'method:cosine')
    """

    name: str
    rho: float
    p_value: float
    missing: int
    r: float
    r_lower: float
    r_upper: float
    n: int
    details: PairDetails
    unknown_words: tuple[str, ...] = ()
    reason: str | None = None
    signature: str = ""

    def as_dict(self) -> dict[str, Any]:
        """The figures as a JSON-ready dict (NaN → None, with ``reason`` saying why), without
        ``details``."""
        out: dict[str, Any] = {
            "rho": self.rho,
            "p_value": self.p_value,
            "missing": self.missing,
            "r": self.r,
            "r_lower": self.r_lower,
            "r_upper": self.r_upper,
            "n": self.n,
            "reason": self.reason,
        }
        return json_ready(out)


def signature(
    *,
    method: str = "cosine",
    p: float | None = None,
    similarity: bool = False,
    rank: str = "none",
    avg_method: str | None = None,
    format: str | None = None,
) -> str:
    """A one-line record of the settings, so that a reported number can be reproduced
    (:meth:`WordsimOptions.signature`).

    Parameters
    ----------
    method, p, similarity, rank, avg_method, format
        As :func:`evaluate`.

    Returns
    -------
    str
        ``wordsim|method:…|…|v:VERSION``; only the settings that apply are written.

    Examples
    --------
    >>> signature(method="minkowski", p=3, rank="avg", avg_method="harmonic")
    'wordsim|method:minkowski|p:3|rank:avg|avg:harmonic|v:0.1.0'
    """
    options = WordsimOptions(method, p, similarity, rank, avg_method)  # type: ignore[arg-type]
    return options.signature(format)


def evaluate(
    pairs: object,
    vectors: Vectors,
    *,
    method: Method = "cosine",
    p: float | None = None,
    similarity: bool = False,
    rank: Rank = "none",
    avg_method: AvgMethod | None = None,
    format: str | None = None,
    word1: str = "word1",
    word2: str = "word2",
    score: str = "score",
    name: str | None = None,
    batch_size: int = BATCH_SIZE,
    progress: Callable[[int, int], None] | None = None,
    dist_fnc: Callable[[list[str], list[str], Vectors], ArrayLike] | None = None,
    transform: Callable[[NDArray[np.float64]], ArrayLike] | None = None,
) -> WordsimResult:
    r"""Evaluate word vectors on gold ratings (wordspace ``eval.similarity.correlation``).

    1. The model value :math:`d_k` of each pair by :func:`pair_distances` (with
       ``format``, the task's POS-tagged lemmas are first converted by
       :func:`convert_lemma`, e.g. ``"HW"`` to plain words).
    2. Pairs with an unknown word get a surrogate 10% beyond the observed range:
       :math:`\max d + 0.1(\max d - \min d)` for distances and ranks,
       :math:`\min d - 0.1(\max d - \min d)` for similarities.
    3. :math:`|\rho|` = |Spearman| between gold and :math:`d` with the p-value of R
       ``cor.test(method="spearman", exact=FALSE)``: :math:`t = \rho\sqrt{(n-2)/(1-\rho^2)}`
       on n − 2 df, two-sided; :math:`|r|` = |Pearson| with the interval
       :math:`\tanh(\operatorname{atanh} r \pm z_{0.975}/\sqrt{n-3})` of ``cor.test``,
       given as :math:`(-u, -l)` when r < 0. Signs are dropped because distances
       correlate negatively with similarity ratings.

    Parameters
    ----------
    pairs : WordPairs, DataFrame, mapping of columns or rows ``(word1, word2, score)``
        The gold standard; columns named by ``word1``, ``word2``, ``score``.
    vectors : Vectors
        The model (rows = terms).
    method, p, similarity, rank, avg_method
        As :func:`pair_distances` (``similarity=True`` is wordspace ``convert=FALSE``),
        checked together by :class:`~simeval.wordsim.options.WordsimOptions`: ``p`` (2
        unless given) goes with minkowski, ``similarity`` with cosine, ``avg_method``
        (arithmetic unless given) with ``rank="avg"``; otherwise they are an error.
    format : {"CWB", "BNC", "DM", "HW", "HWLC"}, optional
        Convert the task's ``word_P`` lemmas before lookup.
    name : str, optional
        Label of the result (default: the pairs' name).
    batch_size : int
        Values computed per batch (wordspace ``batchsize``).
    dist_fnc : callable, optional
        Your own measure (wordspace ``dist.fnc``): called as ``dist_fnc(words1, words2,
        vectors)`` and returning one value per pair, +inf (a distance) or −inf (a
        similarity) where a word is unknown. ``method``, ``p``, ``rank`` … are then unused.
    transform : callable, optional
        Applied to the values of the known pairs before the correlations (wordspace's
        ``transform``, e.g. ``np.log`` for neighbour ranks); the surrogate of the unknown
        pairs is then taken beyond the transformed range. Spearman's ρ does not change under
        a monotonic transform; Pearson's r may.

    Returns
    -------
    WordsimResult

    Raises
    ------
    DataError
        Every pair has an unknown word (wordspace: "no distance/similarity values
        available"), or a known word has a zero vector (its cosine is undefined).

    Notes
    -----
    Fewer than 3 pairs, or constant values, give NaN correlations with ``reason`` set.

    References
    ----------
    Evert, S. (2014). Distributional semantics in R with the wordspace package. *COLING
    2014: System Demonstrations*, 110–114.

    Examples
    --------
    >>> v = Vectors(["a", "b", "c", "d"], [[1, 0], [1, 1], [0, 1], [-1, 1]])
    >>> res = evaluate([("a", "b", 9), ("a", "c", 5), ("a", "d", 1), ("b", "c", 8)], v)
    >>> round(res.rho, 6), res.missing, res.n
    (0.948683, 0, 4)

    """
    options = WordsimOptions(method, p, similarity, rank, avg_method)
    wp: WordPairs = pairs_from(pairs, word1=word1, word2=word2, score=score, name=name)
    w1, w2 = list(wp.word1), list(wp.word2)
    if format is not None:
        w1, w2 = convert_lemma(w1, format), convert_lemma(w2, format)
    if dist_fnc is not None:
        dist = np.asarray(dist_fnc(w1, w2, vectors), dtype=np.float64)
        if dist.shape != (len(wp),):
            raise DataError(
                f"{wp.name}: dist_fnc returned {dist.size} values for {len(wp)} pairs; "
                "give one value per pair"
            )
    else:
        dist = pair_distances(
            w1,
            w2,
            vectors,
            method=method,
            p=options.exponent,
            similarity=similarity,
            rank=rank,
            avg_method=options.average,
            batch_size=batch_size,
            progress=progress,
        )
    if np.isnan(dist).any():
        k = int(np.argmax(np.isnan(dist)))
        if dist_fnc is not None:
            raise DataError(
                f"{wp.name}: dist_fnc gave NaN for pair {k + 1} ({w1[k]}, {w2[k]}); give a "
                "number, or +inf / -inf for a pair with an unknown word"
            )
        raise DataError(
            f"{wp.name}: no {method} value for pair {k + 1} ({w1[k]}, {w2[k]}): "
            "a word has an all-zero vector; drop it from the vectors"
        )
    pinf, minf = dist == np.inf, dist == -np.inf
    missing = pinf | minf
    if missing.all():
        raise DataError(
            f"{wp.name}: none of the {len(wp)} pairs has both words in the vectors; "
            "check that both write words alike (case; POS-tagged lemmas such as cat_N on one "
            "side only, which convert_lemma turns into plain words)"
        )
    if transform is not None:
        dist = dist.copy()
        known = np.asarray(transform(dist[~missing]), dtype=np.float64)
        if known.shape != (int((~missing).sum()),) or not np.isfinite(known).all():
            raise DataError(
                f"{wp.name}: transform must give one finite value per known pair; it gave "
                f"{known.size} values for {int((~missing).sum())} pairs"
                + ("" if np.isfinite(known).all() else ", some not finite")
            )
        dist[~missing] = known
    if missing.any():
        lo, hi = float(dist[~missing].min()), float(dist[~missing].max())
        width = hi - lo
        dist = dist.copy()
        dist[pinf] = hi + width * 0.1
        dist[minf] = lo + width * -0.1
    rho = spearman(wp.score, dist)
    pr = pearson(wp.score, dist)
    lower, upper = fisher_interval(pr.statistic, pr.n)
    if pr.statistic < 0:
        lower, upper = -upper, -lower
    unknown = tuple(dict.fromkeys(w for w in w1 + w2 if w not in vectors))
    return WordsimResult(
        name=name or wp.name,
        rho=abs(rho.statistic),
        p_value=rho.pvalue,
        missing=int(missing.sum()),
        r=abs(pr.statistic),
        r_lower=lower,
        r_upper=upper,
        n=len(wp),
        details=PairDetails(
            wp.word1, wp.word2, wp.score, dist, missing, _extra_columns(pairs, word1, word2, score)
        ),
        unknown_words=unknown,
        reason=rho.reason or pr.reason,
        signature=options.signature(
            format, getattr(dist_fnc, "__name__", "custom") if dist_fnc is not None else None
        ),
    )


def _extra_columns(pairs: object, word1: str, word2: str, score: str) -> dict[str, tuple[Any, ...]]:
    """The task's columns besides the words and the score (a DataFrame or a mapping)."""
    columns = getattr(pairs, "columns", None)
    if columns is None and not isinstance(pairs, Mapping):
        return {}
    keys = list(columns if columns is not None else pairs)  # type: ignore[arg-type]
    table: Any = pairs
    return {
        str(k): tuple(table[k].tolist() if hasattr(table[k], "tolist") else table[k])
        for k in keys
        if k not in (word1, word2, score)
    }
