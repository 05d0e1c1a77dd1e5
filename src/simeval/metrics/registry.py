"""Every metric by name. The definitions live with their formulas (``errors``, ``threshold``,
``ranking`` …); this module collects them and parses the metric grammar.

Names are what users type (``--metric``) and what reports print. Besides the plain names,
:func:`get_metric` understands

- cut-offs: ``ncg@5``, ``ndcg@10`` (k pairs from the top; ``ndcg`` alone uses all pairs);
- reversed ranking measures for tasks about *dissimilar* pairs: ``ndcg_rev@10``,
  ``ncg_avg_rank_rev``;
- combinations: ``hmean(a,b[,c…])`` (harmonic mean; 0 when any part ≤ 0, simeval's rule) and
  ``macro_avg(a,b[,…])``, nestable, e.g. ``hmean(pearson,ncg_avg_rank)``.

All 16 measures of Reimers et al. (2016), Table 2, are nameable; :data:`TABLE2_MEASURES` lists them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import InputError, InputTypeError, param
from ..results import MetricResult
from .base import Metric
from .binned import binned_metric
from .context import Context
from .correlation import CORRELATION_METRICS
from .gain import avg_rank_metric, ranking_metric
from .percentage import MAPE, SMAPE
from .rankdcg import RANKDCG
from .scaled import SCALED_PEARSON
from .scaled_errors import ERROR_METRICS
from .three_class import ACCURACY3, F1_MACRO3
from .threshold import THRESHOLD_METRICS, harmonic_mean

__all__ = [
    "DEFAULT_METRICS",
    "TABLE2_MEASURES",
    "Context",
    "Metric",
    "available_metrics",
    "direction",
    "get_metric",
    "register",
    "unregister",
]


_BASE: dict[str, Metric] = {
    m.name: m
    for m in (
        *CORRELATION_METRICS,
        SCALED_PEARSON,
        *ERROR_METRICS,
        avg_rank_metric(False),
        avg_rank_metric(True),
        *THRESHOLD_METRICS,
        ACCURACY3,
        F1_MACRO3,
        RANKDCG,
        MAPE,
        SMAPE,
    )
}

#: The names of simeval's own metrics (they cannot be unregistered).
_BUILT_IN = frozenset(_BASE)

_ALIASES = {
    "r": "pearson",
    "pearsonr": "pearson",
    "rho": "spearman",
    "spearmanr": "spearman",
    "tau": "kendall",
    "kendalltau": "kendall",
    "scaledpearson": "scaled_pearson",
    "ncgavgrank": "ncg_avg_rank",
    "ndcgavgrank": "ndcg_avg_rank",
    "accuracylow": "accuracy_low",
    "accuracyhigh": "accuracy_high",
    "f1low": "f1_low",
    "f1high": "f1_high",
    "macroavg": "macro_avg",
    "ndcgall": "ndcg",
    "ncgall": "ncg",
}

#: A default that shows the seeds' views side by side: the usual correlations, the scaled
#: view (with per-bin r in reports), scaled error, ranking and the low/high decisions.
DEFAULT_METRICS: tuple[str, ...] = (
    "pearson",
    "spearman",
    "scaled_pearson",
    "nmsse",
    "ndcg",
    "f1_low",
    "f1_high",
    "hmean(f1_low,f1_high)",
)

#: The 16 intrinsic measures of Reimers et al. 2016 Table 2, in the paper's order (Task 1 ranking).
#: Table 2 writes ``hmean(Pearson, F1)`` without saying which F1; Table 3 words the same
#: measure "harmonic mean of F1-score for low and high similarity pairs and Pearson
#: correlation", so simeval reads it as the three-way harmonic mean.
TABLE2_MEASURES: tuple[str, ...] = (
    "ndcg_avg_rank",
    "ncg_avg_rank",
    "f1_low",
    "ndcg",
    "hmean(f1_low,f1_high)",
    "hmean(pearson,f1_low,f1_high)",
    "hmean(spearman,f1_low,f1_high)",
    "macro_avg(f1_low,f1_high)",
    "hmean(pearson,ncg_avg_rank)",
    "hmean(spearman,ncg_avg_rank)",
    "accuracy_low",
    "pearson",
    "spearman",
    "hmean(accuracy_low,accuracy_high)",
    "accuracy_high",
    "f1_high",
)


def available_metrics() -> list[Metric]:
    """The plain metrics (without cut-offs or combinations), in registry order.

    Returns
    -------
    list of Metric

    Examples
    --------
    >>> [m.name for m in available_metrics()][:4]
    ['pearson', 'spearman', 'kendall', 'scaled_pearson']
    """
    return list(_BASE.values())


_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def register(metric: Metric) -> Metric:
    """Add a metric record to the registry and return it: from then on its name works
    everywhere a metric name does — :func:`get_metric`, :func:`~simeval.evaluate`,
    :func:`~simeval.compare.compare` and the bootstrap, combinations (``hmean(mine,
    pearson)``) and the command line's ``--metric``. The record is all a metric needs
    (:class:`~simeval.metrics.base.Metric`: its kernel, and optionally its form on
    weighted resamples); :func:`~simeval.metrics.base.public_function` makes its public
    function.

    Parameters
    ----------
    metric : Metric
        A record whose name is a lower-case identifier not yet registered.

    Returns
    -------
    Metric
        ``metric`` itself.

    Examples
    --------
    >>> from simeval.metrics.base import Metric
    >>> from simeval.results import MetricResult
    >>> def _mean_gap(c):
    ...     return MetricResult(float(abs(c.gold.values - c.system.values).mean()), c.n)
    >>> gap = register(Metric(name="mean_gap", compute=_mean_gap, higher_is_better=False,
    ...                       bounds=(0, float("inf")), source="a hand-made example"))
    >>> get_metric("mean_gap") is gap
    True
    >>> unregister("mean_gap")
    """
    if not isinstance(metric, Metric):
        raise InputTypeError(f"{param('metric')} must be a simeval Metric record; got {metric!r}")
    if not _NAME.match(metric.name):
        raise InputError(
            f"a metric's name must be a lower-case identifier (letters, digits, _); "
            f"got {metric.name!r}"
        )
    if _canonical(metric.name) in _BASE or _ranking_metric(metric.name) is not None:
        raise InputError(f"a metric called {metric.name!r} exists already; choose another name")
    _BASE[metric.name] = metric
    return metric


def unregister(name: str) -> None:
    """Remove a metric added with :func:`register` (the built-in ones stay); an unknown
    name is no error.

    Parameters
    ----------
    name : str
        The metric's name.

    Examples
    --------
    >>> unregister("pearson")
    Traceback (most recent call last):
    simeval.errors.InputError: 'pearson' is built in; only metrics added with register() go
    """
    if name in _BUILT_IN:
        raise InputError(f"{name!r} is built in; only metrics added with register() go")
    _BASE.pop(name, None)


_RANK_RE = re.compile(r"^(ndcg|ncg)(_rev)?(?:@(\d+))?$")
_AVG_RANK_RE = re.compile(r"^(ndcg|ncg)_avg_rank(_rev)?$")


def _canonical(token: str) -> str:
    t = token.strip().lower().replace("-", "_").replace(" ", "")
    key = t.replace("_", "")
    return _ALIASES.get(key, t)


def _ranking_metric(name: str) -> Metric | None:
    avg = _AVG_RANK_RE.match(name)
    if avg:
        return avg_rank_metric(avg.group(1) == "ndcg", bool(avg.group(2)))
    m = _RANK_RE.match(name)
    if not m:
        return None
    k = int(m.group(3)) if m.group(3) is not None else None
    if k is not None and k < 1:
        raise InputError(f"metric {name!r}: the cut-off must be ≥ 1")
    return ranking_metric(k, m.group(1) == "ndcg", bool(m.group(2)))


def _split_args(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise InputError(f"unbalanced parentheses in metric {text!r}")
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    if depth != 0:
        raise InputError(f"unbalanced parentheses in metric {text!r}")
    parts.append(text[start:])
    return parts


def _combination(op: str, parts: list[Metric]) -> Metric:
    if len(parts) < 2:
        raise InputError(f"{op}(…) takes two or more measures, e.g. {op}(f1_low,f1_high)")
    if not all(p.higher_is_better for p in parts):
        lower = [p.name for p in parts if not p.higher_is_better]
        raise InputError(
            f"{op}() combines measures where higher is better; {', '.join(lower)} is lower-is-"
            "better (combine e.g. 1 − nmsse outside simeval)"
        )
    name = f"{op}({','.join(p.name for p in parts)})"
    combine = harmonic_mean if op == "hmean" else _macro_average

    def compute(c: Context) -> MetricResult:
        results = [c.result(p) for p in parts]
        values = np.array([r.statistic for r in results], dtype=float)
        reasons = [f"{p.name}: {r.reason}" for p, r in zip(parts, results) if r.reason]
        if np.isnan(values).any():
            return MetricResult(math.nan, c.n, "; ".join(reasons) or "a part is undefined")
        return MetricResult(float(combine(values)), c.n)

    lo = 0.0 if op == "hmean" else min(p.bounds[0] for p in parts)
    hi = max(p.bounds[1] for p in parts)
    desc = (
        ("harmonic mean" if op == "hmean" else "macro average")
        + " of "
        + ", ".join(p.name for p in parts)
    )
    return Metric(
        name=name,
        compute=compute,
        higher_is_better=True,
        bounds=(lo, hi),
        source="Reimers, Beyer & Gurevych 2016, §2 (combinations)",
        description=desc,
        family="combination",
        op=op,
        parts=tuple(parts),
        combine=combine,
        uses_bins=any(p.uses_bins for p in parts),
    )


def _macro_average(parts: NDArray[np.float64]) -> NDArray[np.float64]:
    """The unweighted mean over axis 0 (Reimers et al. 2016's macro average)."""
    return np.mean(parts, axis=0)


def direction(
    metric: str | Callable[..., Any],
    higher_is_better: bool | None = None,
    *,
    default: bool | None = None,
) -> bool:
    """Whether larger values of ``metric`` are better: ``higher_is_better`` when given, else
    the registry's answer (``default`` for a name the registry does not know, when set).
    A callable metric must come with ``higher_is_better``.

    Parameters
    ----------
    metric : str or callable
        A metric name or expression, or a function.
    higher_is_better : bool, optional
        The caller's answer, which wins.
    default : bool, optional
        The answer for a name the registry does not know (else an error).

    Returns
    -------
    bool

    Examples
    --------
    >>> direction("nmsse"), direction("hmean(f1_low,f1_high)"), direction("bleu", default=True)
    (False, True, True)
    """
    if higher_is_better is not None:
        return bool(higher_is_better)
    if callable(metric):
        raise InputError(
            f"metric {getattr(metric, '__name__', 'metric')!r} is a callable: pass "
            "higher_is_better=True or False"
        )
    try:
        return get_metric(metric).higher_is_better
    except InputError as exc:
        if default is not None:
            return default
        raise InputError(
            f"unknown direction for metric {metric!r} ({exc}); pass higher_is_better=True or False"
        ) from None


def get_metric(name: str) -> Metric:
    """Look a metric up by name or expression (case and spacing ignored): a plain name or
    alias (``rho``), a ranking measure with a cut-off (``ndcg@10``, ``ncg_rev@5``), a
    combination (``hmean(a,b)``, ``macro_avg(a,b)``) or a binned measure (``bins(nmsse)``).

    Parameters
    ----------
    name : str
        The name or expression.

    Returns
    -------
    Metric

    Examples
    --------
    >>> get_metric("hmean(F1_low, F1_high)").name
    'hmean(f1_low,f1_high)'
    >>> get_metric("nDCG@10").higher_is_better
    True
    """
    if not isinstance(name, str):
        raise InputTypeError(f"a metric is named by a string (e.g. 'pearson'); got {name!r}")
    text = name.strip()
    m = re.match(r"^\s*([A-Za-z_]+)\s*\((.*)\)\s*$", text, flags=re.S)
    if m:
        op = _canonical(m.group(1))
        if op == "bins":
            args = _split_args(m.group(2))
            if len(args) != 1:
                raise InputError(f"bins(…) takes one metric, e.g. bins(nmsse); got {name!r}")
            return binned_metric(get_metric(args[0]))
        if op not in ("hmean", "macro_avg"):
            raise InputError(
                f"unknown combination {m.group(1)!r}; use hmean(…), macro_avg(…) or bins(…)"
            )
        return _combination(op, [get_metric(p) for p in _split_args(m.group(2))])
    canon = _canonical(text)
    if canon in _BASE:
        return _BASE[canon]
    ranking_metric = _ranking_metric(canon)
    if ranking_metric is not None:
        return ranking_metric
    known = ", ".join(
        [
            *_BASE,
            "ncg[@K]",
            "ndcg[@K]",
            "ndcg_rev[@K]",
            "ncg_avg_rank_rev",
            "hmean(a,b)",
            "macro_avg(a,b)",
            "bins(metric)",
        ]
    )
    raise InputError(f"unknown metric {name!r}; known: {known}")
