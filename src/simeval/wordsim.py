"""Word-similarity evaluation of a word-vector model, equal to R wordspace 0.2-8.

The functions reproduce, step by step, the R source of wordspace 0.2-8 (Evert 2014;
seed ``003_0d95fc4a268ac837.txt``; R files ``eval_similarity_correlation.R``,
``pair_distances.R``, ``dist_matrix.R``, ``convert_lemma.R`` and the C++ kernels
``CPP_col_dist_dense`` / ``CPP_similarity_to_distance``):

- :func:`distance_matrix` is ``dist.matrix``: cosine as the angle in degrees
  (``convert=TRUE``, cosines within 1e-12 of ±1 snapped to ±1) or as a similarity
  (``convert=FALSE``); euclidean, manhattan, maximum and minkowski distances.
- :func:`pair_distances` is ``pair.distances``: one value per pair, ``+inf`` (``-inf``
  for similarities) where a word is unknown; with ``rank`` the neighbour rank of
  ``pair.ranks``: ``rank(x, ties.method="min") - 1`` among *all* rows of the matrix.
- :func:`evaluate` is ``eval.similarity.correlation``: unknown pairs get a surrogate 10%
  beyond the observed range; |ρ| (Spearman), its p-value
  (``cor.test(method="spearman", exact=FALSE)``: the t approximation on n − 2 df),
  |r| (Pearson) and its Fisher-z 95% interval, flipped when r < 0.

One deliberate difference: cosines are dot products of rows normalized first,
so a pair and its reverse get bit-identical values. wordspace scales ``M Mᵀ`` afterwards
(``(x·y)·(1/|x|)·(1/|y|)``), which agrees to the last bit or two.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from numpy.typing import NDArray

from . import __version__
from .datasets.wordsim import WordPairs, pairs_from
from .errors import DataError, InputError, require
from .metrics.correlation import fisher_interval, pearson, spearman
from .results import json_ready
from .vectors import Vectors

if TYPE_CHECKING:  # pragma: no cover
    import os

__all__ = [
    "AVG_METHODS",
    "LEMMA_FORMATS",
    "METHODS",
    "RANKS",
    "PairDetails",
    "WordsimResult",
    "convert_lemma",
    "distance_matrix",
    "evaluate",
    "lowess",
    "pair_distances",
    "plot",
]

Method = Literal["cosine", "euclidean", "manhattan", "maximum", "minkowski"]
Rank = Literal["none", "fwd", "bwd", "avg"]
AvgMethod = Literal["arithmetic", "geometric", "harmonic"]
METHODS: tuple[str, ...] = ("cosine", "euclidean", "manhattan", "maximum", "minkowski")
RANKS: tuple[str, ...] = ("none", "fwd", "bwd", "avg")
AVG_METHODS: tuple[str, ...] = ("arithmetic", "geometric", "harmonic")
LEMMA_FORMATS: tuple[str, ...] = ("CWB", "BNC", "DM", "HW", "HWLC")

#: wordspace snaps cosines within this distance of ±1 to ±1 before ``acos``.
COSINE_TOL = 1e-12
#: Default number of distances computed per batch (wordspace ``batchsize=10e6``).
BATCH_SIZE = 10_000_000

_PENN = ("N", "V", "J", "R", "D")
_BNC = ("SUBST", "VERB", "ADJ", "ADV", "ART")


# --------------------------------------------------------------------------- lemmas


def convert_lemma(lemmas: Sequence[str], format: str) -> list[str]:
    """Convert CWB/Penn-style lemmas ``word_P`` to another notation (wordspace ``convert.lemma``).

    ``CWB`` keeps ``word_P``; ``BNC`` gives ``lowercase(word)_TAG`` with the BNC tag
    (N→SUBST, V→VERB, J→ADJ, R→ADV, D→ART, anything else→UNC); ``DM`` gives
    ``word-p``; ``HW`` the headword ``word``; ``HWLC`` the lower-cased headword.
    ``HW`` is how ``--strip-pos`` turns the POS-tagged wordspace data into plain words.

    Raises
    ------
    InputError
        A lemma that is not ``word_P`` with exactly one ``_`` and a one-letter tag
        (wordspace: "invalid lemma string(s)"), named.

    >>> convert_lemma(["Bank_N", "walk_V"], "BNC"), convert_lemma(["walk_V"], "HW")
    (['bank_SUBST', 'walk_VERB'], ['walk'])
    """
    if format not in LEMMA_FORMATS:
        raise InputError(f"format must be one of {LEMMA_FORMATS}; got {format!r}")
    parts = [str(lemma).split("_") for lemma in lemmas]
    bad = [lemma for lemma, x in zip(lemmas, parts) if len(x) != 2 or len(x[1]) != 1]
    if bad:
        shown = ", ".join(map(str, bad[:5])) + (f" … ({len(bad)} in all)" if len(bad) > 5 else "")
        raise InputError(f"invalid lemma string(s), expected word_P: {shown}")
    if format == "CWB":
        return [str(lemma) for lemma in lemmas]
    if format == "BNC":
        tags = dict(zip(_PENN, _BNC))
        return [f"{hw.lower()}_{tags.get(pos, 'UNC')}" for hw, pos in parts]
    if format == "DM":
        return [f"{hw}-{pos.lower()}" for hw, pos in parts]
    if format == "HW":
        return [hw for hw, _ in parts]
    return [hw.lower() for hw, _ in parts]


# --------------------------------------------------------------------------- distances


def _check_method(method: str, p: float) -> tuple[Method, float]:
    if method not in METHODS:
        raise InputError(f"method must be one of {METHODS}; got {method!r}")
    if method == "minkowski":
        if math.isinf(p) and p > 0:
            return "maximum", p  # wordspace: minkowski with p = Inf is the maximum metric
        if not (math.isfinite(p) and p > 0):
            raise InputError(f"minkowski p must be > 0 (Inf gives 'maximum'); got {p}")
    return method, float(p)  # type: ignore[return-value]  # checked against METHODS above


def _normalize_rows(matrix: NDArray[np.float64]) -> NDArray[np.float64]:
    """Rows scaled to unit Euclidean length (``x · (1/|x|)``, as wordspace's
    ``normalize.rows``); a zero row becomes NaN, never a silent 0."""
    norms = np.sqrt(np.einsum("ij,ij->i", matrix, matrix))
    inv = np.divide(1.0, norms, out=np.full_like(norms, np.nan), where=norms > 0)
    return matrix * inv[:, None]


def _clamp_cosine(c: NDArray[np.float64]) -> NDArray[np.float64]:
    """``CPP_similarity_to_distance`` before ``acos``: snap |c| > 1 − 1e-12 to ±1 (in place)."""
    c[c > 1.0 - COSINE_TOL] = 1.0
    c[c < -(1.0 - COSINE_TOL)] = -1.0
    return c


def _angle(c: NDArray[np.float64]) -> NDArray[np.float64]:
    """``acos(x) * 180 / M_PI`` of clamped cosines, evaluated in the C order."""
    return np.arccos(c) * 180.0 / np.pi


def _pointwise(
    a: NDArray[np.float64], b: NDArray[np.float64], method: str, p: float
) -> NDArray[np.float64]:
    """Distances between rows ``a[i]`` and ``b[i]`` (``CPP_col_dist_dense`` formulas)."""
    diff = np.abs(a - b)
    if method == "euclidean":
        return np.sqrt(np.sum(diff * diff, axis=-1))
    if method == "manhattan":
        return np.sum(diff, axis=-1)
    if method == "maximum":
        return np.max(diff, axis=-1)
    acc = np.sum(diff**p, axis=-1)
    return acc ** (1.0 / p) if p > 1.0 else acc  # wordspace: no root for p <= 1


def _cross(
    a: NDArray[np.float64], b: NDArray[np.float64], method: str, p: float
) -> NDArray[np.float64]:
    """Distance matrix between the rows of ``a`` and of ``b`` (not cosine)."""
    from scipy.spatial.distance import cdist

    if method == "euclidean":
        return cdist(a, b, "euclidean")
    if method == "manhattan" or (method == "minkowski" and p == 1.0):
        return cdist(a, b, "cityblock")
    if method == "maximum":
        return cdist(a, b, "chebyshev")
    if p > 1.0:
        return cdist(a, b, "minkowski", p=p)
    out = np.empty((a.shape[0], b.shape[0]))
    step = max(1, 2_000_000 // max(1, b.size))
    for s in range(0, a.shape[0], step):  # p < 1: sum |x−y|^p, no root
        out[s : s + step] = np.sum(np.abs(a[s : s + step, None, :] - b[None]) ** p, axis=-1)
    return out


def distance_matrix(
    a: NDArray[np.float64] | Vectors,
    b: NDArray[np.float64] | Vectors | None = None,
    *,
    method: Method = "cosine",
    p: float = 2.0,
    similarity: bool = False,
) -> NDArray[np.float64]:
    r"""Distances (or cosine similarities) between the rows of ``a`` and of ``b``.

    wordspace ``dist.matrix(M, M2, method, p, convert=!similarity)``:

    - cosine: :math:`\cos = \hat a \cdot \hat b` with rows normalized first; returned as
      the angle :math:`\arccos(\cos)\cdot 180/\pi` in degrees, where cosines beyond
      :math:`\pm(1-10^{-12})` are snapped to :math:`\pm 1` (``CPP_similarity_to_distance``),
      or as the similarity itself with ``similarity=True``;
    - euclidean :math:`\sqrt{\sum (x_i-y_i)^2}`, manhattan :math:`\sum |x_i-y_i|`,
      maximum :math:`\max |x_i-y_i|`;
    - minkowski :math:`(\sum |x_i-y_i|^p)^{1/p}` for p > 1 and :math:`\sum |x_i-y_i|^p`
      (no root, a metric) for 0 < p ≤ 1; p = ∞ is the maximum metric.

    A zero row has no cosine: its entries are NaN.

    >>> m = np.array([[1.0, 0.0], [1.0, 1.0]])
    >>> distance_matrix(m).round(6).tolist()
    [[0.0, 45.0], [45.0, 0.0]]
    >>> distance_matrix(m, method="manhattan").tolist()
    [[0.0, 1.0], [1.0, 0.0]]
    """
    x = a.matrix if isinstance(a, Vectors) else np.asarray(a, dtype=np.float64)
    y = x if b is None else (b.matrix if isinstance(b, Vectors) else np.asarray(b, dtype=float))
    if x.ndim != 2 or y.ndim != 2 or x.shape[1] != y.shape[1]:
        raise InputError(
            f"`a` and `b` must be matrices with the same number of columns; "
            f"got shapes {x.shape} and {y.shape}"
        )
    method, p = _check_method(method, p)
    if method != "cosine":
        return _cross(x, y, method, p)
    ux = _normalize_rows(x)
    uy = ux if b is None else _normalize_rows(y)
    c = ux @ uy.T
    return c if similarity else _angle(_clamp_cosine(c))


def _pair_values(
    i1: NDArray[np.intp],
    i2: NDArray[np.intp],
    vectors: Vectors,
    method: str,
    p: float,
    similarity: bool,
    batch_size: int,
) -> NDArray[np.float64]:
    """Distance of each known pair (row indices ≥ 0), in batches of ``batch_size`` values."""
    m = vectors.matrix
    unit = _normalize_rows(m) if method == "cosine" else m
    out = np.empty(i1.size)
    step = max(1, batch_size // max(1, m.shape[1]))
    for s in range(0, i1.size, step):
        a, b = unit[i1[s : s + step]], unit[i2[s : s + step]]
        if method == "cosine":
            # Elementwise product then a row sum: x·y and y·x are bit-identical.
            c = np.sum(a * b, axis=1)
            out[s : s + step] = c if similarity else _angle(_clamp_cosine(c))
        else:
            out[s : s + step] = _pointwise(a, b, method, p)
    return out


def _neighbour_ranks(
    u1: NDArray[np.intp],
    u2: NDArray[np.intp],
    vectors: Vectors,
    method: str,
    p: float,
    similarity: bool,
    batch_size: int,
    progress: Callable[[int, int], None] | None = None,
) -> NDArray[np.float64]:
    """wordspace ``pair.ranks``: rank of ``u2`` among all rows ordered by distance from
    ``u1``, ``rank(x, ties.method="min") − 1`` = the number of rows strictly closer.

    Rows of ``u1`` types are processed ``ceil(batch_size / nrow)`` at a time, so memory
    stays at about ``batch_size`` values whatever the vocabulary size; ``progress(done,
    total)`` is called after each batch (the CLI draws a bar from it).
    """
    m = vectors.matrix
    n_rows = m.shape[0]
    res = np.full(u1.size, np.inf)
    known = (u1 >= 0) & (u2 >= 0)
    types = np.unique(u1[known])
    per_batch = max(1, math.ceil(batch_size / n_rows))
    unit = _normalize_rows(m) if method == "cosine" else m
    angle = method == "cosine" and not similarity
    for s in range(0, types.size, per_batch):
        batch = types[s : s + per_batch]
        sel = np.flatnonzero(known & np.isin(u1, batch))
        row = np.searchsorted(batch, u1[sel])
        if method == "cosine":
            block = unit[batch] @ unit.T
            if angle:
                _clamp_cosine(block)
        else:
            block = _cross(m[batch], m, method, p)
        if method == "cosine":
            res[sel] = _count_closer_cosine(block, row, u2[sel], angle)
        else:
            thr = block[row, u2[sel]]
            res[sel] = np.count_nonzero(block[row] < thr[:, None], axis=1)
        if progress is not None:
            progress(min(s + per_batch, types.size), types.size)
    return res


def _count_closer_cosine(
    block: NDArray[np.float64], row: NDArray[np.intp], col: NDArray[np.intp], angle: bool
) -> NDArray[np.float64]:
    """Rows closer than ``col`` in each ``row`` of a cosine block.

    Closer means a larger cosine. For angles, ``acos`` is only evaluated where a cosine is
    within 1e-12 of the threshold: elsewhere the order of cosines decides, and near the
    threshold the angles themselves decide, so ties created by rounding ``acos`` (or by
    the ±1 snap) are counted exactly as wordspace counts them.
    """
    out = np.empty(row.size)
    step = max(1, 4_000_000 // max(1, block.shape[1]))
    for s in range(0, row.size, step):
        r, c = row[s : s + step], col[s : s + step]
        vals = block[r]
        thr = block[r, c][:, None]
        if not angle:
            out[s : s + step] = np.count_nonzero(vals > thr, axis=1)
            continue
        count = np.count_nonzero(vals > thr + COSINE_TOL, axis=1)
        near_r, near_c = np.nonzero(np.abs(vals - thr) <= COSINE_TOL)
        closer = _angle(vals[near_r, near_c]) < _angle(thr[near_r, 0])
        count += np.bincount(near_r[closer], minlength=r.size)
        out[s : s + step] = count
    return out


def pair_distances(
    word1: Sequence[str],
    word2: Sequence[str],
    vectors: Vectors,
    *,
    method: Method = "cosine",
    p: float = 2.0,
    similarity: bool = False,
    rank: Rank = "none",
    avg_method: AvgMethod = "arithmetic",
    batch_size: int = BATCH_SIZE,
    progress: Callable[[int, int], None] | None = None,
) -> NDArray[np.float64]:
    """Distance (or similarity, or neighbour rank) of each word pair (wordspace ``pair.distances``).

    ``rank="none"``: the :func:`distance_matrix` value of the pair. ``"fwd"``: the rank of
    ``word2`` among the neighbours of ``word1`` over all rows of ``vectors``, counted as
    ``rank(x, ties.method="min") − 1`` (``pair.ranks``; 0 = nearest neighbour; a similarity
    ranks by decreasing value). ``"bwd"`` swaps the words; ``"avg"`` combines both with
    ``avg_method``: arithmetic ``(r1+r2)/2``, geometric ``sqrt(r1·r2)``, harmonic
    ``2·r1·r2/(r1+r2)``. wordspace's harmonic mean is 0/0 = NaN when both ranks are 0
    (a word paired with itself) and stops there; we return the limit 0.

    Unknown words give ``+inf`` (``-inf`` for similarities): the convention
    :func:`evaluate` reads.

    >>> v = Vectors(["a", "b", "c"], [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> pair_distances(["a", "a", "a"], ["b", "c", "z"], v).round(6).tolist()
    [45.0, 90.0, inf]
    >>> pair_distances(["a", "c"], ["c", "b"], v, rank="fwd").tolist()
    [2.0, 1.0]
    """
    if len(word1) != len(word2):
        raise InputError(
            f"`word1` and `word2` must have the same length; got {len(word1)} and {len(word2)}"
        )
    if rank not in RANKS:
        raise InputError(f"rank must be one of {RANKS}; got {rank!r}")
    if avg_method not in AVG_METHODS:
        raise InputError(f"avg_method must be one of {AVG_METHODS}; got {avg_method!r}")
    if batch_size < 1:
        raise InputError(f"batch_size must be positive; got {batch_size}")
    method, p = _check_method(method, p)
    i1, i2 = vectors.lookup(word1), vectors.lookup(word2)
    is_sim = similarity and method == "cosine"
    if rank == "none":
        out = np.full(i1.size, -np.inf if is_sim else np.inf)
        known = np.flatnonzero((i1 >= 0) & (i2 >= 0))
        out[known] = _pair_values(i1[known], i2[known], vectors, method, p, is_sim, batch_size)
        return out
    args = (vectors, method, p, is_sim, batch_size, progress)
    if rank == "fwd":
        return _neighbour_ranks(i1, i2, *args)
    if rank == "bwd":
        return _neighbour_ranks(i2, i1, *args)
    r1, r2 = _neighbour_ranks(i1, i2, *args), _neighbour_ranks(i2, i1, *args)
    finite = np.isfinite(r1) & np.isfinite(r2)
    out = np.full(r1.size, np.inf)
    a, b = r1[finite], r2[finite]
    if avg_method == "arithmetic":
        out[finite] = (a + b) / 2
    elif avg_method == "geometric":
        out[finite] = np.sqrt(a * b)
    else:
        s = a + b
        out[finite] = np.divide(2 * a * b, s, out=np.zeros_like(s), where=s > 0)
    return out


# --------------------------------------------------------------------------- evaluation


@dataclass(frozen=True)
class PairDetails:
    """The per-pair table of ``eval.similarity.correlation(details=TRUE)``.

    Columns (equal length): ``word1``, ``word2`` (as in the task, before any lemma
    conversion), ``score`` (gold), ``distance`` (the model's value, surrogates filled in)
    and ``missing`` (True where a word is unknown).
    """

    word1: tuple[str, ...]
    word2: tuple[str, ...]
    score: NDArray[np.float64]
    distance: NDArray[np.float64]
    missing: NDArray[np.bool_]

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
        """The figures as a JSON-ready dict (NaN → None), without ``details``."""
        out: dict[str, Any] = {
            "rho": self.rho,
            "p_value": self.p_value,
            "missing": self.missing,
            "r": self.r,
            "r_lower": self.r_lower,
            "r_upper": self.r_upper,
            "n": self.n,
        }
        return json_ready(out)


def signature(
    *,
    method: str = "cosine",
    p: float = 2.0,
    similarity: bool = False,
    rank: str = "none",
    avg_method: str = "arithmetic",
    format: str | None = None,
) -> str:
    """A one-line record of the settings, so that a reported number can be reproduced.

    >>> signature(method="minkowski", p=3, rank="avg", avg_method="harmonic")
    'wordsim|method:minkowski|p:3|rank:avg|avg:harmonic|v:0.1.0'
    """
    parts = ["wordsim", f"method:{method}"]
    if method == "minkowski":
        parts.append(f"p:{p:g}")
    if method == "cosine" and rank == "none":
        parts.append("value:similarity" if similarity else "value:angle")
    parts.append(f"rank:{rank}")
    if rank == "avg":
        parts.append(f"avg:{avg_method}")
    if format:
        parts.append(f"lemma:{format}")
    parts.append(f"v:{__version__}")
    return "|".join(parts)


def evaluate(
    pairs: object,
    vectors: Vectors,
    *,
    method: Method = "cosine",
    p: float = 2.0,
    similarity: bool = False,
    rank: Rank = "none",
    avg_method: AvgMethod = "arithmetic",
    format: str | None = None,
    word1: str = "word1",
    word2: str = "word2",
    score: str = "score",
    name: str | None = None,
    batch_size: int = BATCH_SIZE,
    progress: Callable[[int, int], None] | None = None,
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
        As :func:`pair_distances` (``similarity=True`` is wordspace ``convert=FALSE``).
    format : {"CWB", "BNC", "DM", "HW", "HWLC"}, optional
        Convert the task's ``word_P`` lemmas before lookup.
    name : str, optional
        Label of the result (default: the pairs' name).
    batch_size : int
        Values computed per batch (wordspace ``batchsize``).

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

    Examples
    --------
    >>> v = Vectors(["a", "b", "c", "d"], [[1, 0], [1, 1], [0, 1], [-1, 1]])
    >>> res = evaluate([("a", "b", 9), ("a", "c", 5), ("a", "d", 1), ("b", "c", 8)], v)
    >>> round(res.rho, 6), res.missing, res.n
    (0.948683, 0, 4)
    """
    wp: WordPairs = pairs_from(pairs, word1=word1, word2=word2, score=score, name=name)
    w1, w2 = list(wp.word1), list(wp.word2)
    if format is not None:
        w1, w2 = convert_lemma(w1, format), convert_lemma(w2, format)
    dist = pair_distances(
        w1,
        w2,
        vectors,
        method=method,
        p=p,
        similarity=similarity,
        rank=rank,
        avg_method=avg_method,
        batch_size=batch_size,
        progress=progress,
    )
    if np.isnan(dist).any():
        k = int(np.argmax(np.isnan(dist)))
        raise DataError(
            f"{wp.name}: no {method} value for pair {k + 1} ({w1[k]}, {w2[k]}): "
            "a word has an all-zero vector; drop it from the vectors"
        )
    pinf, minf = dist == np.inf, dist == -np.inf
    missing = pinf | minf
    if missing.all():
        raise DataError(
            f"{wp.name}: none of the {len(wp)} pairs has both words in the vectors; "
            "check the word format (e.g. --strip-pos for POS-tagged lemmas such as cat_N)"
        )
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
        details=PairDetails(wp.word1, wp.word2, wp.score, dist, missing),
        unknown_words=unknown,
        reason=rho.reason or pr.reason,
        signature=signature(
            method=method,
            p=p,
            similarity=similarity,
            rank=rank,
            avg_method=avg_method,
            format=format,
        ),
    )


# --------------------------------------------------------------------------- plot


def lowess(
    x: NDArray[np.float64] | Sequence[float],
    y: NDArray[np.float64] | Sequence[float],
    *,
    f: float = 2.0 / 3.0,
    iterations: int = 3,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Cleveland's (1979) robust locally weighted regression, as R ``lowess(x, y)``.

    For each x (sorted), a line is fitted to the ``round(f·n)`` nearest points with
    tricube weights; ``iterations`` robustness passes reweight by the bisquare of the
    residuals over 6·median|residual|. Vectorized over all points (R's ``delta``
    interpolation shortcut is not used, so values can differ from R's in the last digits
    of skipped points). Returns the sorted x and the fitted values.

    >>> xs, fit = lowess([1, 2, 3, 4, 5], [2, 4, 6, 8, 10])
    >>> fit.round(6).tolist()
    [2.0, 4.0, 6.0, 8.0, 10.0]
    """
    xs = np.asarray(x, dtype=np.float64)
    ys = np.asarray(y, dtype=np.float64)
    order = np.argsort(xs, kind="stable")
    xs, ys = xs[order], ys[order]
    n = xs.size
    if n < 2:
        return xs, ys.copy()
    ns = min(max(int(f * n + 1e-7), 2), n)
    span = xs[-1] - xs[0]
    robust = np.ones(n)
    fit = np.empty(n)
    step = max(1, 2_000_000 // n)
    for it in range(iterations + 1):
        for s in range(0, n, step):
            xi = xs[s : s + step, None]
            dist = np.abs(xs[None, :] - xi)
            h = np.partition(dist, ns - 1, axis=1)[:, ns - 1 : ns]
            with np.errstate(divide="ignore", invalid="ignore"):
                u = np.where(h > 0, dist / h, 0.0)
            w = np.where(u <= 0.999, (1 - u**3) ** 3, 0.0)
            w = np.where(u <= 0.001, 1.0, w) * robust[None, :]
            sw = w.sum(axis=1, keepdims=True)
            sw[sw == 0] = 1.0
            w = w / sw
            xm = (w * xs).sum(axis=1, keepdims=True)
            dx = xs[None, :] - xm
            c = (w * dx * dx).sum(axis=1, keepdims=True)
            ok = np.sqrt(c) > 0.001 * span
            slope = np.divide(
                (w * dx * ys).sum(axis=1, keepdims=True), c, out=np.zeros_like(c), where=ok
            )
            fit[s : s + step] = ((w * ys).sum(axis=1, keepdims=True) + slope * (xi - xm))[:, 0]
        if it == iterations:
            break
        res = np.abs(ys - fit)
        cmad = 6.0 * float(np.median(res))
        if cmad < 1e-7 * float(np.mean(np.abs(ys))) or cmad == 0:
            break
        r = res / cmad
        robust = np.where(r <= 0.001, 1.0, np.where(r <= 0.999, (1 - r * r) ** 2, 0.0))
    return xs, fit


def plot(
    result: WordsimResult,
    path: str | os.PathLike[str] | None = None,
    *,
    ax: Any = None,
    title: str | None = None,
    line: bool = True,
) -> Any:
    """wordspace's ``plot.eval.similarity.correlation``: gold rating vs model value.

    Known pairs are filled dots, missing pairs open squares (drawn at their surrogate
    value, slightly smaller); a blue :func:`lowess` line; the y range extended by 5% at
    the top; the figures in the top-left corner:
    ``|rho| = …, p = …, |r| = … .. …`` plus ``(k pairs not found)``.
    Needs matplotlib (``pip install 'simeval[plot]'``). Returns the Axes; with ``path``
    the figure is also saved there.
    """
    require("matplotlib", "plot")
    from matplotlib.figure import Figure

    d = result.details
    if ax is None:
        fig = Figure(figsize=(6.4, 4.8))
        ax = fig.add_subplot()
    known = ~d.missing
    ax.scatter(d.score[known], d.distance[known], s=14, c="black", marker="o")
    if d.missing.any():
        ax.scatter(
            d.score[d.missing],
            d.distance[d.missing],
            s=11,
            facecolors="none",
            edgecolors="black",
            marker="s",
            label="missing",
        )
    if line:
        xs, fit = lowess(d.score, d.distance)
        ax.plot(xs, fit, color="blue", linewidth=3)
    lo, hi = float(d.distance.min()), float(d.distance.max())
    ax.set_xlim(float(d.score.min()), float(d.score.max()))
    if hi > lo:
        ax.set_ylim(lo, hi + 0.05 * (hi - lo))
    ax.set_xlabel("human rating")
    ax.set_ylabel("distributional model")
    ax.set_title(title if title is not None else result.name)
    report = (
        f"|rho| = {result.rho:.3f}, p = {result.p_value:.4f}, "
        f"|r| = {result.r_lower:.3f} .. {result.r_upper:.3f}"
    )
    if result.missing > 0:
        report += f" ({result.missing} pairs not found)"
    ax.text(
        0.02,
        0.98,
        report,
        transform=ax.transAxes,
        ha="left",
        va="top",
        color="blue",
        fontweight="bold",
        fontsize=8,
    )
    if path is not None:
        ax.figure.savefig(path, dpi=150, bbox_inches="tight")
    return ax
