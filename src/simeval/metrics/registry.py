"""Every metric by name: how to compute it, which direction is better, its bounds and source.

Names are what users type (``--metric``) and what reports print. Besides the plain names,
:func:`get_metric` understands

- cut-offs: ``ncg@5``, ``ndcg@10`` (k pairs from the top; ``ndcg`` alone uses all pairs);
- reversed ranking measures for tasks about *dissimilar* pairs: ``ndcg_rev@10``;
- combinations: ``hmean(a,b[,c…])`` (harmonic mean; 0 when any part ≤ 0) and
  ``macro_avg(a,b[,…])``, nestable, e.g. ``hmean(pearson,ncg_avg_rank)``.

All 16 measures of Reimers et al. 2016 Table 2 are nameable; :data:`TABLE2_MEASURES` lists them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..binning import Binning, Bins
from ..errors import InputError
from ..results import MetricResult
from . import ranking
from ._scales import Normalize, map_linear, normalize_pair
from ._sorted import SortedScores
from .correlation import _correlation_centered, _kendall_sorted, _spearman_sorted
from .errors import ErrorMoments
from .scaled import scaled_pearson_binned
from .threshold import DEFAULT_HIGH, DEFAULT_LOW, _accuracy, _f1, harmonic_mean

__all__ = [
    "DEFAULT_METRICS",
    "TABLE2_MEASURES",
    "Context",
    "Metric",
    "MetricOptions",
    "available_metrics",
    "direction",
    "get_metric",
]


@dataclass(frozen=True)
class MetricOptions:
    """Options shared by all metrics of one evaluation (recorded in the signature)."""

    scale: tuple[float, float] | None = None
    system_scale: tuple[float, float] | None = None
    low_border: float = DEFAULT_LOW
    high_border: float = DEFAULT_HIGH
    normalize: Normalize = None
    skip_undefined_bins: bool = False


class Context:
    """One (gold, system) pair prepared once; every metric reads its cached pieces.

    ``gold`` and ``system`` are :class:`SortedScores`, so the gold scores are sorted once
    per evaluation and each system once, whatever the number of rank-based metrics.
    """

    def __init__(
        self,
        gold: SortedScores,
        system: SortedScores,
        options: MetricOptions,
        binning: Binning | None = None,
    ):
        self.gold = gold
        self.system = system
        self.options = options
        self.binning = binning
        self._results: dict[str, MetricResult] = {}

    @property
    def n(self) -> int:
        return self.gold.values.size

    def result(self, metric: Metric) -> MetricResult:
        """The metric's result on this pair, computed at most once."""
        if metric.name not in self._results:
            self._results[metric.name] = metric.compute(self)
        return self._results[metric.name]

    @cached_property
    def on_gold_scale(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """(gold, system) with the system mapped onto the gold scale (and normalized if asked)."""
        o = self.options
        if o.normalize is None:  # the plain linear map, shared with the threshold measures
            return self.gold.values, self.system_mapped
        return normalize_pair(
            self.gold.values, self.system.values, o.normalize, o.scale, o.system_scale
        )

    @cached_property
    def system_mapped(self) -> NDArray[np.float64]:
        """The system scores mapped linearly from ``system_scale`` onto the gold scale."""
        return map_linear(self.system.values, self.options.system_scale, self.options.scale)

    @cached_property
    def error_moments(self) -> ErrorMoments:
        return ErrorMoments.of(*self.on_gold_scale)

    @cached_property
    def gains(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        return ranking.ranked_gains(self.gold, self.system)

    @cached_property
    def gains_reversed(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        top = self.options.scale[1] if self.options.scale else float(self.gold.values.max())
        return ranking.ranked_gains(self.gold, self.system, reverse=True, top=top)


@dataclass(frozen=True)
class Metric:
    """A named measure: ``compute(context) → MetricResult`` plus what reports need to know."""

    name: str
    compute: Callable[[Context], MetricResult] = field(repr=False, compare=False)
    higher_is_better: bool
    bounds: tuple[float, float]
    source: str
    description: str = ""
    family: str = "other"
    #: For combinations: ``"hmean"`` or ``"macro_avg"`` and the combined metrics, so that
    #: other engines (the bootstrap) can evaluate the parts their own way.
    op: str | None = None
    parts: tuple[Metric, ...] = ()


# -- kernels ---------------------------------------------------------------------------------
def _pearson(c: Context) -> MetricResult:
    return _correlation_centered(
        c.gold.values,
        c.gold.centered,
        c.system.values,
        "pearson",
        c.gold.is_constant,
        c.system.is_constant,
    )


def _scaled(c: Context) -> MetricResult:
    # Without explicit bins: the default thirds over the declared (or observed) scale.
    binning = c.binning or Bins.equal_width(3).assign(c.gold.values, scale=c.options.scale)
    return scaled_pearson_binned(
        c.gold, c.system.values, binning, skip_undefined=c.options.skip_undefined_bins
    )


def _error(measure: str) -> Callable[[Context], MetricResult]:
    def compute(c: Context) -> MetricResult:
        return c.error_moments.result(measure)

    return compute


def _ranking(k: int | None, discounted: bool, reverse: bool) -> Callable[[Context], MetricResult]:
    def compute(c: Context) -> MetricResult:
        gains, ideal = c.gains_reversed if reverse else c.gains
        return ranking._normalized(gains, ideal, k, discounted, c.gold.cache)

    return compute


def _avg_rank(discounted: bool) -> Callable[[Context], MetricResult]:
    def compute(c: Context) -> MetricResult:
        return ranking._avg_rank(*c.gains, discounted)

    return compute


def _threshold(high: bool, f1: bool) -> Callable[[Context], MetricResult]:
    def compute(c: Context) -> MetricResult:
        g, s = c.gold.values, c.system_mapped
        if high:
            b = c.options.high_border
            truth, pred = g > b, s > b
        else:
            b = c.options.low_border
            truth, pred = g < b, s < b
        return _f1(truth, pred, "high" if high else "low") if f1 else _accuracy(truth, pred)

    return compute


_S000 = "Atoum 2019"
_S001 = "Atoum & Ayyagari 2019"
_S002 = "Reimers, Beyer & Gurevych 2016, §2"

_BASE: dict[str, Metric] = {
    m.name: m
    for m in [
        Metric("pearson", _pearson, True, (-1, 1), f"{_S000}, eq. 1", "Pearson's r", "correlation"),
        Metric(
            "spearman",
            lambda c: _spearman_sorted(c.gold, c.system),
            True,
            (-1, 1),
            "Spearman 1904",
            "Spearman's rank correlation",
            "correlation",
        ),
        Metric(
            "kendall",
            lambda c: _kendall_sorted(c.gold, c.system),
            True,
            (-1, 1),
            "Kendall 1938 (τ-b)",
            "Kendall's τ-b",
            "correlation",
        ),
        Metric(
            "scaled_pearson",
            _scaled,
            True,
            (-1, 1),
            f"{_S000}, eq. 2–3",
            "mean of per-bin Pearson r",
            "scaled",
        ),
        Metric(
            "mae",
            _error("mae"),
            False,
            (0, math.inf),
            f"{_S001}, eq. 2",
            "mean absolute error",
            "error",
        ),
        Metric(
            "mase",
            _error("mase"),
            False,
            (0, math.inf),
            f"{_S001}, eq. 3, Table 4",
            "mean absolute scaled error",
            "error",
        ),
        Metric(
            "msse",
            _error("msse"),
            False,
            (0, math.inf),
            f"{_S001}, eq. 4",
            "mean scaled square error",
            "error",
        ),
        Metric(
            "nmsse",
            _error("nmsse"),
            False,
            (0, 1),
            f"{_S001}, eq. 5",
            "1 − exp(−MSSE)",
            "error",
        ),
        Metric(
            "nmase",
            _error("nmase"),
            False,
            (0, 1),
            f"{_S001}, Table 4 as printed",
            "1 − exp(−MASE)",
            "error",
        ),
        Metric(
            "ncg_avg_rank",
            _avg_rank(False),
            True,
            (0, 1),
            _S002,
            "mean of nCG@3, nCG@5, nCG@10",
            "ranking",
        ),
        Metric(
            "ndcg_avg_rank",
            _avg_rank(True),
            True,
            (0, 1),
            _S002,
            "mean of nDCG@3, nDCG@5, nDCG@10",
            "ranking",
        ),
        Metric(
            "accuracy_low",
            _threshold(False, False),
            True,
            (0, 1),
            _S002,
            "accuracy of the low-similarity decision",
            "threshold",
        ),
        Metric(
            "accuracy_high",
            _threshold(True, False),
            True,
            (0, 1),
            _S002,
            "accuracy of the high-similarity decision",
            "threshold",
        ),
        Metric(
            "f1_low",
            _threshold(False, True),
            True,
            (0, 1),
            _S002,
            "F1 of the low-similarity class",
            "threshold",
        ),
        Metric(
            "f1_high",
            _threshold(True, True),
            True,
            (0, 1),
            _S002,
            "F1 of the high-similarity class",
            "threshold",
        ),
    ]
}

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
    """The plain metrics (without cut-offs or combinations), in registry order."""
    return list(_BASE.values())


_RANK_RE = re.compile(r"^(ndcg|ncg)(_rev)?(?:@(\d+))?$")


def _canonical(token: str) -> str:
    t = token.strip().lower().replace("-", "_").replace(" ", "")
    key = t.replace("_", "")
    return _ALIASES.get(key, t)


def _ranking_metric(name: str) -> Metric | None:
    m = _RANK_RE.match(name)
    if not m:
        return None
    base, rev, k = m.group(1), bool(m.group(2)), m.group(3)
    kk = int(k) if k is not None else None
    if kk is not None and kk < 1:
        raise InputError(f"metric {name!r}: the cut-off must be ≥ 1")
    discounted = base == "ndcg"
    label = ("nDCG" if discounted else "nCG") + ("@" + k if k else " over all pairs")
    return Metric(
        name,
        _ranking(kk, discounted, rev),
        True,
        (0, 1),
        "Järvelin & Kekäläinen 2002; " + _S002,
        label + (" (reversed: least similar first)" if rev else ""),
        "ranking",
    )


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

    def compute(c: Context) -> MetricResult:
        results = [c.result(p) for p in parts]
        values = np.array([r.statistic for r in results], dtype=float)
        reasons = [f"{p.name}: {r.reason}" for p, r in zip(parts, results) if r.reason]
        if np.isnan(values).any():
            return MetricResult(math.nan, c.n, "; ".join(reasons) or "a part is undefined")
        if op == "macro_avg":
            return MetricResult(float(values.mean()), c.n)
        return MetricResult(float(harmonic_mean(values)), c.n)

    lo = 0.0 if op == "hmean" else min(p.bounds[0] for p in parts)
    hi = max(p.bounds[1] for p in parts)
    desc = (
        ("harmonic mean" if op == "hmean" else "macro average")
        + " of "
        + ", ".join(p.name for p in parts)
    )
    return Metric(
        name,
        compute,
        True,
        (lo, hi),
        _S002 + " (combinations)",
        desc,
        "combination",
        op,
        tuple(parts),
    )


def direction(
    metric: str | Callable[..., Any],
    higher_is_better: bool | None = None,
    *,
    default: bool | None = None,
) -> bool:
    """Whether larger values of ``metric`` are better: ``higher_is_better`` when given, else
    the registry's answer (``default`` for a name the registry does not know, when set).
    A callable metric must come with ``higher_is_better``.

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
    """Look a metric up by name or expression (case and spacing ignored).

    >>> get_metric("hmean(F1_low, F1_high)").name
    'hmean(f1_low,f1_high)'
    >>> get_metric("nDCG@10").higher_is_better
    True
    """
    text = name.strip()
    m = re.match(r"^\s*([A-Za-z_]+)\s*\((.*)\)\s*$", text, flags=re.S)
    if m:
        op = _canonical(m.group(1))
        if op not in ("hmean", "macro_avg"):
            raise InputError(f"unknown combination {m.group(1)!r}; use hmean(…) or macro_avg(…)")
        return _combination(op, [get_metric(p) for p in _split_args(m.group(2))])
    canon = _canonical(text)
    if canon in _BASE:
        return _BASE[canon]
    ranking_metric = _ranking_metric(canon)
    if ranking_metric is not None:
        return ranking_metric
    known = ", ".join(
        [*_BASE, "ncg[@K]", "ndcg[@K]", "ndcg_rev[@K]", "hmean(a,b)", "macro_avg(a,b)"]
    )
    raise InputError(f"unknown metric {name!r}; known: {known}")
