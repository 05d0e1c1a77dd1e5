r"""EP, EPR and DIMPLE of ranked paraphrase patterns (Shima & Mitamura 2011).

For the top k patterns of one source term, with Q_i the share of positive labels and
D_i ∈ {1, 2, 3} the lexical diversity of Algorithm 1:

.. math::

    EP_k = \frac1k \sum_{i\le k} Q_i, \qquad
    EPR_k = \frac1k \sum_{i\le k} Q_i\,[D_i = 3], \qquad
    DIMPLE_k = \frac{\sum_{i\le k} (2^{Q_i D_i} - 1)}{7k}.

Positions past the end of a short list add 0 and k stays the divisor. Values are
reported per (set, source term) and averaged over the terms of each set. Every term of
every set is scored in one vectorized pass (``bincount`` over term indices); only
Algorithm 1, sequential by nature, loops over the patterns of a term.

References
----------
Shima, H. & Mitamura, T. (2011). Diversity-aware evaluation for paraphrase patterns.
*Proceedings of the TextInfer 2011 Workshop on Textual Entailment*, 35–39.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._validate import check_int
from ..errors import InputError
from .diversity import diversity_steps
from .patterns import Patterns, PatternsLike, as_patterns
from .scores import PatternMetricResult, PatternScores, SetScore, TermScore
from .text import Analyzer, default_analyzer

__all__ = [
    "DIMPLE",
    "EP",
    "EPR",
    "METRICS",
    "PATTERN_METRICS",
    "PatternMetric",
    "PatternMetricResult",
    "PatternScores",
    "SetScore",
    "TermScore",
    "dimple",
    "ep",
    "epr",
    "score_patterns",
    "term_bounds",
]


@dataclass(frozen=True)
class PatternMetric:
    """One metric of ranked paraphrase patterns: its per-pattern gain g(Q, D) and the
    largest gain, so that ``metric_k = Σ_{i≤k} g(Q_i, D_i) / (top · k)`` lies in [0, 1]
    (Shima & Mitamura 2011, §3). A new metric is one record in :data:`PATTERN_METRICS`.

    Attributes
    ----------
    name : str
        Its name in code and files (``dimple``).
    label : str
        How reports print it (``DIMPLE``).
    gain : callable
        ``(Q, D) → g``, elementwise over the patterns.
    top : float
        The largest gain (Q = 1, D = 3).

    Examples
    --------
    >>> DIMPLE.gain(np.array([1.0, 0.5]), np.array([3, 2])).tolist()  # 2^(QD) − 1
    [7.0, 1.0]
    """

    name: str
    label: str
    gain: Callable[[NDArray[np.float64], NDArray[np.int8]], NDArray[np.float64]]
    top: float = 1.0


EP = PatternMetric("ep", "EP", lambda q, d: q)
EPR = PatternMetric("epr", "EPR", lambda q, d: q * (d == 3))
DIMPLE = PatternMetric("dimple", "DIMPLE", lambda q, d: np.exp2(q * d) - 1.0, top=7.0)
#: The intrinsic metrics, in the order of Shima & Mitamura 2011 Tables 2–3.
PATTERN_METRICS = {m.name: m for m in (EP, EPR, DIMPLE)}
METRICS = tuple(PATTERN_METRICS)
#: How reports print them.
METRIC_LABELS = {m.name: m.label for m in PATTERN_METRICS.values()}


def _check_k(k: Any) -> int:
    return check_int(k, "k")


def term_bounds(patterns: Patterns) -> NDArray[np.intp]:
    """Start of each term's rows in ``patterns`` (rows are sorted by term), plus the end.

    Parameters
    ----------
    patterns : Patterns

    Returns
    -------
    numpy.ndarray of int
        ``len(patterns.terms) + 1`` offsets: term t holds rows ``bounds[t]:bounds[t + 1]``.

    Examples
    --------
    >>> term_bounds(as_patterns({"a": [("x", 1), ("y", 1)], "b": [("z", 0)]})).tolist()
    [0, 2, 3]
    """
    return np.searchsorted(patterns.term, np.arange(len(patterns.terms) + 1))


def diversity_of_rows(patterns: Patterns, analyzer: Analyzer | None = None) -> NDArray[np.int8]:
    """D (Algorithm 1) of every row of ``patterns``, term by term in rank order."""
    an = analyzer if analyzer is not None else default_analyzer()
    bounds = term_bounds(patterns)
    d = np.empty(len(patterns), dtype=np.int8)
    for t, (_, source) in enumerate(patterns.terms):
        lo, hi = bounds[t], bounds[t + 1]
        steps = diversity_steps(source, patterns.paraphrase[lo:hi], analyzer=an)
        d[lo:hi] = [s.d for s in steps]
    return d


def _gains(metric: str, q: NDArray[np.float64], d: NDArray[np.int8]) -> NDArray[np.float64]:
    record = PATTERN_METRICS.get(metric)
    if record is None:
        raise InputError(f"unknown metric {metric!r}; choose from {', '.join(METRICS)}")
    return np.asarray(record.gain(q, d), dtype=np.float64) / record.top


def signature(judgment: str, analyzer: Analyzer) -> str:
    from .. import __version__

    return f"paraphrase|judgment:{judgment}|{analyzer.signature}|tok:lower-words|v:{__version__}"


def score_patterns(
    patterns: PatternsLike,
    *,
    ks: Iterable[int] = (1, 5, 10),
    metrics: Iterable[str] = METRICS,
    judgment: str | None = None,
    analyzer: Analyzer | None = None,
) -> PatternScores:
    """EP_k, EPR_k and DIMPLE_k at every k in ``ks``, per term and per set.

    D is computed once (Algorithm 1) and shared by every metric and k. ``judgment``
    picks the Q (``strict``, ``lenient`` or ``default``; optional when there is one).

    Parameters
    ----------
    patterns : Patterns or mapping
        Ranked patterns (see :func:`~simeval.paraphrase.patterns.as_patterns`).
    ks : iterable of int, default (1, 5, 10)
    metrics : iterable of str, default ("ep", "epr", "dimple")
    judgment : str, optional
    analyzer : Analyzer, optional
        As :func:`~simeval.paraphrase.diversity.diversity_steps`.

    Returns
    -------
    PatternScores

    References
    ----------
    Shima, H. & Mitamura, T. (2011). Diversity-aware evaluation for paraphrase patterns.
    *Proceedings of the TextInfer 2011 Workshop on Textual Entailment*, 35–39.

    Examples
    --------
    >>> s = score_patterns({"killed": [("shot and killed", 1.0), ("assassinated", 1.0)]},
    ...                    ks=[2], metrics=["epr"])
    >>> s.records()[-1]
    {'set': 'set', 'source': None, 'metric': 'epr', 'k': 2, 'value': 0.5}
    """
    p = as_patterns(patterns)
    ks = tuple(dict.fromkeys(_check_k(k) for k in ks))
    metrics = tuple(dict.fromkeys(metrics))
    if not ks or not metrics:
        raise InputError("give at least one k and one metric")
    bad = [m for m in metrics if m not in METRICS]
    if bad:
        raise InputError(f"unknown metric {bad[0]!r}; choose from {', '.join(METRICS)}")
    j = p.resolve_judgment(judgment)
    an = analyzer if analyzer is not None else default_analyzer()
    q = p.q[j]
    d = diversity_of_rows(p, an)
    n_terms, n_sets = len(p.terms), len(p.sets)
    terms_per_set = np.bincount(p.term_set, minlength=n_sets)
    term_values: dict[tuple[str, int], NDArray[np.float64]] = {}
    set_values: dict[tuple[str, int], NDArray[np.float64]] = {}
    for metric in metrics:
        gain = _gains(metric, q, d)
        for k in ks:
            vals = np.bincount(p.term, weights=gain * (p.rank <= k), minlength=n_terms) / k
            term_values[metric, k] = vals
            set_values[metric, k] = (
                np.bincount(p.term_set, weights=vals, minlength=n_sets) / terms_per_set
            )
    return PatternScores(
        judgment=j,
        ks=ks,
        metrics=metrics,
        terms=p.terms,
        sets=p.sets,
        term_set=p.term_set,
        n_patterns=np.bincount(p.term, minlength=n_terms),
        d=d,
        term_values=term_values,
        set_values=set_values,
        signature=signature(j, an),
    )


def _metric(
    metric: str, patterns: PatternsLike, k: int, judgment: str | None, analyzer: Analyzer | None
) -> PatternMetricResult:
    s = score_patterns(patterns, ks=[k], metrics=[metric], judgment=judgment, analyzer=analyzer)
    k = s.ks[0]
    tv, sv = s.term_values[metric, k], s.set_values[metric, k]
    counts = np.bincount(s.term_set, minlength=len(s.sets))
    return PatternMetricResult(
        statistic=float(tv.mean()),
        n=len(s.terms),
        metric=metric,
        k=k,
        judgment=s.judgment,
        terms=tuple(
            TermScore(st, src, float(v), int(n))
            for (st, src), v, n in zip(s.terms, tv, s.n_patterns, strict=True)
        ),
        sets=tuple(
            SetScore(st, float(v), int(c)) for st, v, c in zip(s.sets, sv, counts, strict=True)
        ),
        d=tuple(int(x) for x in s.d),
        signature=s.signature,
    )


def ep(
    patterns: PatternsLike,
    *,
    k: int = 10,
    judgment: str | None = None,
    analyzer: Analyzer | None = None,
) -> PatternMetricResult:
    r"""Expected precision at k: :math:`EP_k = \frac1k \sum_{i\le k} Q_i`
    (Shima & Mitamura 2011, §3.2; Bannard & Callison-Burch 2005).

    Q_i is the share of positive labels of the i-th pattern; positions past the end of a
    short list add 0 (k stays the divisor). Always defined for k ≥ 1.

    Parameters
    ----------
    patterns : Patterns or mapping
        Ranked patterns (see :func:`~simeval.paraphrase.patterns.as_patterns`).
    k : int, default 10
    judgment : str, optional
        Whose Q: ``"strict"``, ``"lenient"`` … (optional when there is one).
    analyzer : Analyzer, optional

    Returns
    -------
    PatternMetricResult

    References
    ----------
    Shima & Mitamura (2011), §3.2 (see :mod:`simeval.paraphrase.metrics`).

    Examples
    --------
    >>> ep({"killed": [("shot and killed", 1.0), ("assassinated", 0.5)]}, k=4).statistic
    0.375
    """
    return _metric("ep", patterns, k, judgment, analyzer)


def epr(
    patterns: PatternsLike,
    *,
    k: int = 10,
    judgment: str | None = None,
    analyzer: Analyzer | None = None,
) -> PatternMetricResult:
    r"""EP with redundancy: :math:`EPR_k = \frac1k \sum_{i\le k} Q_i\,[D_i = 3]`
    (Shima & Mitamura 2011, §3.2, after Metzler et al. 2011).

    A pattern earns credit only when Algorithm 1 finds it lexically new (D = 3); the
    redundancy judgment is automatic (Porter stems), as in the paper. Positions past the
    end add 0. Always defined for k ≥ 1.

    Parameters
    ----------
    patterns : Patterns or mapping
        Ranked patterns (see :func:`~simeval.paraphrase.patterns.as_patterns`).
    k : int, default 10
    judgment : str, optional
        Whose Q: ``"strict"``, ``"lenient"`` … (optional when there is one).
    analyzer : Analyzer, optional

    Returns
    -------
    PatternMetricResult

    References
    ----------
    Shima & Mitamura (2011), §3.2 (see :mod:`simeval.paraphrase.metrics`).

    Examples
    --------
    >>> epr({"killed": [("killed in", 1.0), ("assassinated", 1.0)]}, k=2).statistic
    0.5
    """
    return _metric("epr", patterns, k, judgment, analyzer)


def dimple(
    patterns: PatternsLike,
    *,
    k: int = 10,
    judgment: str | None = None,
    analyzer: Analyzer | None = None,
) -> PatternMetricResult:
    r"""DIMPLE at k: :math:`DIMPLE_k = \sum_{i\le k} (2^{Q_i D_i} - 1) / Z`,
    :math:`Z = \sum_{i\le k} (2^3 - 1) = 7k` (Shima & Mitamura 2011, §2.2).

    D_i ∈ {1, 2, 3} comes from Algorithm 1 (:func:`~simeval.paraphrase.diversity`), so the
    value lies in [0, 1]. Positions past the end add 0 (k stays in Z). The result's ``d``
    holds each pattern's D. Always defined for k ≥ 1.

    Parameters
    ----------
    patterns : Patterns or mapping
        Ranked patterns (see :func:`~simeval.paraphrase.patterns.as_patterns`).
    k : int, default 10
    judgment : str, optional
        Whose Q: ``"strict"``, ``"lenient"`` … (optional when there is one).
    analyzer : Analyzer, optional

    Returns
    -------
    PatternMetricResult

    References
    ----------
    Shima & Mitamura (2011), §2.2 (see :mod:`simeval.paraphrase.metrics`).

    Examples
    --------
    >>> r = dimple({"killed": [("shot and killed", 1), ("reported killed", 1),
    ...                        ("killed in", 1), ("assassinated", 1)]}, k=4)
    >>> r.d, round(r.statistic * 28, 12)
    ((1, 1, 1, 3), 10.0)
    """
    return _metric("dimple", patterns, k, judgment, analyzer)
