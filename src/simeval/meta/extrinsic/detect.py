"""Related-item detection (Reimers et al. 2016 §3.1, task 3): for each query, is the
candidate with the highest similarity one of the related items?"""

from __future__ import annotations

import itertools
import math
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..._validate import as_float_array
from ...errors import InputError, UndefinedMetricWarning
from ...results import MetricResult

__all__ = [
    "query_groups",
    "top1_accuracy",
    "top1_detection",
    "top1_hits",
]


def query_groups(queries: Sequence[Any]) -> list[NDArray[np.intp]]:
    """The row indices of each query, queries in sorted order, rows in file order: the
    candidate sets of related-item detection.

    Parameters
    ----------
    queries : sequence
        The query of each row.

    Returns
    -------
    list of numpy.ndarray
        One array of row indices per query.

    Examples
    --------
    >>> [g.tolist() for g in query_groups(["q2", "q1", "q2", "q1"])]
    [[1, 3], [0, 2]]
    """
    _, group = np.unique(np.asarray([str(q) for q in queries]), return_inverse=True)
    order = np.argsort(group, kind="stable")
    bounds = np.flatnonzero(np.r_[True, np.diff(group[order]) != 0, True])
    return [order[a:b] for a, b in itertools.pairwise(bounds)]


def top1_detection(
    candidate_scores: Sequence[ArrayLike], relevant: Sequence[ArrayLike]
) -> MetricResult:
    r"""Related-item detection (Reimers et al. 2016 §3.1, task 3): for each query, is the
    candidate with the highest similarity one of the related items?

    .. math:: \mathrm{acc} = \frac1Q \sum_q \frac{|\{c \in \mathrm{top}_q : c
              \text{ related}\}|}{|\mathrm{top}_q|}

    ``candidate_scores[q]`` holds the scores of query q's candidates and ``relevant[q]`` a
    boolean mask (or 0/1) of the related ones; ``top_q`` are the candidates that share
    the highest score, so a tie counts the expected accuracy of a random tie break, never
    an arbitrary order. A query without any related candidate counts 0 (no system can
    solve it; in Reimers et al.'s task every target article has related ones). When no
    query has a related candidate the accuracy is undefined: NaN, with ``reason``.

    Parameters
    ----------
    candidate_scores : sequence of array_like
        Per query, the scores of its candidates.
    relevant : sequence of array_like
        Per query, a 0/1 or boolean mask of its related candidates.

    Returns
    -------
    MetricResult
        The mean accuracy over ``n`` queries.

    References
    ----------
    Reimers, N., Beyer, P. & Gurevych, I. (2016). Task-oriented intrinsic evaluation of
    semantic textual similarity. *Proceedings of COLING 2016*, 87–96.

    Examples
    --------
    >>> top1_detection([[0.9, 0.1, 0.5], [0.2, 0.8, 0.8]], [[1, 0, 0], [1, 1, 0]])
    MetricResult(statistic=0.75, n=2, reason=None)
    """
    if len(candidate_scores) != len(relevant):
        raise InputError(
            f"`candidate_scores` and `relevant` must have one entry per query; "
            f"got {len(candidate_scores)} and {len(relevant)}"
        )
    if not candidate_scores:
        raise InputError("no queries given")
    scores = [as_float_array(s, f"candidate_scores[{q}]") for q, s in enumerate(candidate_scores)]
    masks = [np.asarray(r) for r in relevant]
    sizes = np.array([s.size for s in scores])
    bad = [q for q, (s, r) in enumerate(zip(scores, masks)) if r.shape != s.shape or not s.size]
    if bad:
        raise InputError(
            f"query {bad[0]}: scores and relevance mask must have the same, nonzero length"
        )
    query = np.repeat(np.arange(sizes.size), sizes)
    return top1_hits(np.concatenate(scores), np.concatenate(masks), query)


def top1_hits(scores: ArrayLike, relevant: ArrayLike, query: ArrayLike) -> MetricResult:
    """:func:`top1_detection` of candidates given row by row: each row's score, whether it
    is related to its query, and its query's code (0 … Q − 1, every code used), computed
    for every query at once (a maximum per query, then two counts per query).

    Parameters
    ----------
    scores : array_like
        One score per candidate row.
    relevant : array_like
        0/1 or boolean, one per row.
    query : array_like of int
        The query of each row, as codes 0 … Q − 1.

    Returns
    -------
    MetricResult
        The mean over the Q queries of the share of related candidates among those with
        the query's highest score.

    Examples
    --------
    >>> top1_hits([0.9, 0.1, 0.5, 0.2, 0.8, 0.8], [1, 0, 0, 1, 1, 0], [0, 0, 0, 1, 1, 1])
    MetricResult(statistic=0.75, n=2, reason=None)
    """
    sc = as_float_array(scores, "candidate_scores")
    codes = np.asarray(query, dtype=np.intp)
    rel = np.asarray(relevant)
    if np.isnan(sc).any():
        q = int(codes[np.argmax(np.isnan(sc))])
        raise InputError(f"query {q}: a candidate has no score (NaN); score or drop it")
    if rel.dtype != bool and not np.isin(rel, (0, 1)).all():
        i = int(np.argmax(~np.isin(rel, (0, 1))))
        raise InputError(
            f"query {int(codes[i])}: relevance must be 0/1 or True/False; got {rel[i].item()!r}"
        )
    rel = rel.astype(bool)
    n_queries = int(codes.max()) + 1 if codes.size else 0
    best = np.full(n_queries, -np.inf)
    np.maximum.at(best, codes, sc)
    top = sc == best[codes]
    hits = np.bincount(codes, weights=top & rel, minlength=n_queries) / np.bincount(
        codes, weights=top, minlength=n_queries
    )
    if not rel.any():
        return MetricResult(
            math.nan, n_queries, f"none of the {n_queries} queries has a related candidate"
        )
    return MetricResult(float(hits.mean()), n_queries)


def top1_accuracy(candidate_scores: Sequence[ArrayLike], relevant: Sequence[ArrayLike]) -> float:
    """The value of :func:`top1_detection` as a float (Reimers et al. 2016 §3.1, task 3);
    NaN with an :class:`~simeval.errors.UndefinedMetricWarning` that gives the reason when
    no query has a related candidate.

    Parameters
    ----------
    candidate_scores, relevant
        As :func:`top1_detection`.

    Returns
    -------
    float

    Examples
    --------
    >>> top1_accuracy([[0.9, 0.1, 0.5], [0.2, 0.8, 0.8]], [[1, 0, 0], [1, 1, 0]])
    0.75
    """
    res = top1_detection(candidate_scores, relevant)
    if res.reason is not None:
        warnings.warn(f"top-1 accuracy is undefined: {res.reason}", UndefinedMetricWarning, 2)
    return res.statistic
