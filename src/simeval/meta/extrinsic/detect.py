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

__all__ = ["query_groups", "top1_accuracy", "top1_detection"]


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
    hits = np.empty(len(candidate_scores))
    any_related = False
    for q, (s, r) in enumerate(zip(candidate_scores, relevant)):
        sc = as_float_array(s, f"candidate_scores[{q}]")
        if np.isnan(sc).any():
            raise InputError(f"query {q}: a candidate has no score (NaN); score or drop it")
        rel = np.asarray(r)
        if rel.dtype != bool and not np.isin(rel, (0, 1)).all():
            bad = rel.ravel()[~np.isin(rel.ravel(), (0, 1))][0]
            raise InputError(f"query {q}: relevance must be 0/1 or True/False; got {bad.item()!r}")
        rel = rel.astype(bool)
        if rel.shape != sc.shape or sc.size == 0:
            raise InputError(
                f"query {q}: scores and relevance mask must have the same, nonzero length"
            )
        any_related = any_related or bool(rel.any())
        hits[q] = rel[sc == sc.max()].mean()
    if not any_related:
        reason = f"none of the {hits.size} queries has a related candidate"
        return MetricResult(math.nan, hits.size, reason)
    return MetricResult(float(hits.mean()), hits.size)


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
