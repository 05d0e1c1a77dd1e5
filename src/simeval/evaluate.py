"""Evaluate several systems against one gold standard with many metrics at once.

:func:`evaluate` validates the input once, sorts the gold scores once and every system
once, and returns an :class:`Evaluation`: a tidy list of :class:`Record` rows
(``system, metric, bin, value, n, pvalue, ci_low, ci_high``) plus the signature that
makes every number reproducible.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import __version__
from ._validate import NanPolicy, as_float_array, check_scale, paired_scores
from .binning import Binning, Bins
from .errors import InputError
from .metrics._sorted import SortedScores
from .metrics.registry import DEFAULT_METRICS, Context, Metric, MetricOptions, get_metric
from .results import CorrelationResult, MetricResult, ScaledPearsonResult, json_ready

__all__ = ["Evaluation", "Record", "evaluate"]

#: Default borders of the low/high measures, as fractions of the declared gold scale:
#: 0.3 and 0.7 give Reimers et al. 2016's 1.5 and 3.5 on the STS 0–5 scale.
LOW_FRACTION, HIGH_FRACTION = 0.3, 0.7


@dataclass(frozen=True)
class Record:
    """One number: a metric of a system, on the whole dataset (``bin`` None) or one bin."""

    system: str
    metric: str
    value: float
    bin: str | None = None
    n: int = 0
    pvalue: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None
    reason: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return json_ready(asdict(self))


@dataclass(frozen=True)
class Evaluation:
    """Results of :func:`evaluate`. ``records`` is tidy; ``results[system][metric]`` holds
    the full result objects (per-bin details of ``scaled_pearson`` included)."""

    systems: tuple[str, ...]
    metrics: tuple[Metric, ...]
    records: tuple[Record, ...]
    results: Mapping[str, Mapping[str, MetricResult]]
    options: MetricOptions
    bins: Bins | None
    scale_source: str
    dropped: Mapping[str, int] = field(default_factory=dict)
    n: int = 0

    @property
    def signature(self) -> str:
        """Everything needed to reproduce the numbers, sacreBLEU style."""
        o = self.options
        parts = [
            f"simeval:{__version__}",
            f"scale:{_fmt_range(o.scale)}({self.scale_source})",
            f"system_scale:{_fmt_range(o.system_scale)}",
            f"bins:{self.bins.describe() if self.bins else 'none'}",
            f"borders:{o.low_border:g},{o.high_border:g}",
            f"normalize:{o.normalize or 'none'}",
            f"skip_undefined_bins:{'yes' if o.skip_undefined_bins else 'no'}",
            f"nan:{'omit' if self.dropped else 'raise'}",
            "metrics:" + ",".join(m.name for m in self.metrics),
        ]
        return "|".join(parts)

    def value(self, system: str, metric: str) -> float:
        """The whole-dataset value of ``metric`` for ``system``."""
        return float(self.results[system][get_metric(metric).name].statistic)

    def remainders(self) -> dict[str, int]:
        """Pairs per system that ``Bins.segments`` left out of every bin (when any)."""
        out = {}
        for system, results in self.results.items():
            left = max((getattr(r, "remainder", 0) for r in results.values()), default=0)
            if left:
                out[system] = left
        return out

    def to_dict(self) -> dict[str, Any]:
        """``{"signature": …, "results": [record, …]}`` — the JSON the CLI prints; with
        ``"dropped"`` (pairs omitted for missing scores) and ``"remainder"`` (pairs left
        over by segments) when there are any."""
        doc: dict[str, Any] = {
            "signature": self.signature,
            "results": [r.as_dict() for r in self.records],
        }
        if self.dropped:
            doc["dropped"] = dict(self.dropped)
        if remainders := self.remainders():
            doc["remainder"] = remainders
        return doc

    def to_frame(self):
        """The records as a pandas DataFrame (one row per record)."""
        import pandas as pd

        return pd.DataFrame([r.as_dict() for r in self.records])

    def table(self) -> tuple[list[str], list[list[Any]]]:
        """Systems in rows, metrics in columns; each scaled Pearson is followed by its
        per-bin r. Returns ``(header, rows)`` for :func:`simeval.report.render_table`."""
        header = ["system"]
        columns: list[tuple[str, str | None]] = []
        for m in self.metrics:
            header.append(m.name)
            columns.append((m.name, None))
            first = self.results[self.systems[0]][m.name] if self.systems else None
            if isinstance(first, ScaledPearsonResult):
                for b in first.bins:
                    header.append(f"r {b.label}")
                    columns.append((m.name, b.label))
        rows = []
        for system in self.systems:
            row: list[Any] = [system]
            for metric, label in columns:
                res = self.results[system][metric]
                if label is None:
                    row.append(res.statistic)
                else:
                    bins = res.bins if isinstance(res, ScaledPearsonResult) else ()
                    row.append(next((b.statistic for b in bins if b.label == label), math.nan))
            rows.append(row)
        return header, rows


def _fmt_range(r: tuple[float, float] | None) -> str:
    return "none" if r is None else f"{r[0]:g},{r[1]:g}"


def _records(system: str, metric: Metric, res: MetricResult) -> Iterable[Record]:
    if isinstance(res, CorrelationResult):
        ci = res.confidence_interval()
        yield Record(
            system, metric.name, res.statistic, None, res.n, res.pvalue, ci.low, ci.high, res.reason
        )
        return
    yield Record(system, metric.name, res.statistic, None, res.n, reason=res.reason)
    if isinstance(res, ScaledPearsonResult):
        for b in res.bins:
            yield Record(
                system,
                "pearson",
                b.statistic,
                b.label,
                b.n,
                b.pvalue,
                b.ci_low,
                b.ci_high,
                b.reason,
            )


def _check_within(values: NDArray[np.float64], scale: tuple[float, float], what: str) -> None:
    off = (values < scale[0]) | (values > scale[1])
    if off.any():
        i = int(np.argmax(off))
        raise InputError(
            f"{what} value {values[i]:g} at index {i} is outside the declared scale "
            f"[{scale[0]:g}, {scale[1]:g}] ({int(off.sum())} values in all); fix the scale "
            "or the data"
        )


def evaluate(
    gold: ArrayLike,
    systems: Mapping[str, ArrayLike],
    *,
    metrics: Sequence[str] | None = None,
    scale: Sequence[float] | None = None,
    system_scale: Sequence[float] | None = None,
    bins: Bins | None = None,
    low_border: float | None = None,
    high_border: float | None = None,
    normalize: str | None = None,
    skip_undefined_bins: bool = False,
    nan_policy: NanPolicy = "raise",
    progress: Callable[[int, int], None] | None = None,
) -> Evaluation:
    """Score every system in ``systems`` against ``gold`` with every metric.

    Parameters
    ----------
    gold, systems
        Gold scores and a mapping ``name → system scores`` (same length, aligned).
    metrics
        Metric names or expressions (see :func:`~simeval.metrics.registry.get_metric`);
        default :data:`~simeval.metrics.registry.DEFAULT_METRICS`.
    scale
        The declared gold scale ``(lo, hi)``; gold values outside it are an error. Default:
        the observed range (the signature says so).
    system_scale
        The range of the system scores, e.g. ``(-1, 1)`` for cosine; system scores are
        mapped linearly onto ``scale`` before the threshold and error measures.
    bins
        Bins of the scaled Pearson; default ``Bins.equal_width(3)`` over ``scale``.
    low_border, high_border
        Borders of the low/high measures on the gold scale; default 30 % and 70 % of the
        scale (1.5 and 3.5 on 0–5, as Reimers et al. 2016).
    normalize
        ``None``, ``"scale"`` or ``"minmax"``: bring both sides to [0, 1] before the error
        measures (Atoum & Ayyagari 2019 Tables 5–7).
    nan_policy
        ``"raise"`` (default) or ``"omit"`` (drop a system's pairs where gold or the system
        is NaN; ``dropped`` counts them).
    progress
        Called as ``progress(done, total)`` after each system (the CLI draws a bar).

    >>> ev = evaluate([0, 1, 2, 3, 4, 5], {"a": [0, 1, 2, 3, 5, 4]}, metrics=["pearson"])
    >>> round(ev.value("a", "pearson"), 4)
    0.9429
    """
    if not systems:
        raise InputError("`systems` is empty; give at least one system")
    if nan_policy not in ("raise", "omit"):
        raise InputError(f"nan_policy must be 'raise' or 'omit'; got {nan_policy!r}")
    g_all = as_float_array(gold, "gold")
    declared = check_scale(scale)
    sys_scale = check_scale(system_scale, "system_scale")
    finite_gold = g_all[~np.isnan(g_all)]
    if declared is not None:
        _check_within(finite_gold, declared, "gold")
        the_scale, source = declared, "declared"
    else:
        if finite_gold.size == 0 or finite_gold.min() == finite_gold.max():
            raise InputError(
                "cannot infer the gold scale from constant or empty gold scores; "
                "declare it (scale=(lo, hi) / --scale LO HI)"
            )
        the_scale, source = (float(finite_gold.min()), float(finite_gold.max())), "observed"
    lo, hi = the_scale
    options = MetricOptions(
        scale=the_scale,
        system_scale=sys_scale,
        low_border=lo + LOW_FRACTION * (hi - lo) if low_border is None else float(low_border),
        high_border=lo + HIGH_FRACTION * (hi - lo) if high_border is None else float(high_border),
        normalize=normalize,  # type: ignore[arg-type]
        skip_undefined_bins=skip_undefined_bins,
    )
    if not (math.isfinite(options.low_border) and math.isfinite(options.high_border)):
        raise InputError("the low/high borders must be finite numbers")
    if options.low_border > options.high_border:
        raise InputError(
            f"the low border {options.low_border:g} is above the high border "
            f"{options.high_border:g}; swap them"
        )
    metric_objs = tuple(get_metric(m) for m in (metrics or DEFAULT_METRICS))
    if len({m.name for m in metric_objs}) != len(metric_objs):
        raise InputError("a metric is listed twice")
    bins = bins or Bins.equal_width(3)
    needs_bins = any(m.name == "scaled_pearson" or "scaled_pearson" in m.name for m in metric_objs)

    # Bins come from the whole gold vector, once: every system is binned the same way,
    # also when nan_policy="omit" drops some of its pairs (they just leave their bin).
    gold_nan = np.isnan(g_all)
    full_binning = _bin_all(bins, g_all, gold_nan, the_scale) if needs_bins else None
    full_gold = SortedScores(g_all) if not gold_nan.any() else None
    records: list[Record] = []
    results: dict[str, dict[str, MetricResult]] = {}
    dropped: dict[str, int] = {}
    for name, scores in systems.items():
        g, s = paired_scores(g_all, scores, nan_policy=nan_policy, names=("gold", name))
        if sys_scale is not None:
            _check_within(s, sys_scale, f"system {name!r}")
        if nan_policy == "omit":
            dropped[name] = g_all.size - g.size
        if g.size == g_all.size and full_gold is not None:
            gold_sorted, binning = full_gold, full_binning
        else:  # this system's own subset of the pairs
            keep = ~(gold_nan | np.isnan(as_float_array(scores, name)))
            gold_sorted = SortedScores(g)
            binning = full_binning.subset(keep) if full_binning is not None else None
        ctx = Context(gold_sorted, SortedScores(s), options, binning)
        results[name] = {}
        for m in metric_objs:
            res = ctx.result(m)
            results[name][m.name] = res
            records.extend(_records(name, m, res))
        if progress is not None:
            progress(len(results), len(systems))
    return Evaluation(
        systems=tuple(systems),
        metrics=metric_objs,
        records=tuple(records),
        results=results,
        options=options,
        bins=bins if needs_bins else None,
        scale_source=source,
        dropped=dropped,
        n=int(g_all.size),
    )


def _bin_all(
    bins: Bins, g_all: NDArray[np.float64], gold_nan: NDArray[np.bool_], scale: tuple[float, float]
) -> Binning:
    """Bin every pair; pairs without a gold score get bin −1."""
    if bins.kind == "labels" or not gold_nan.any():
        return bins.assign(g_all, scale=scale)
    part = bins.assign(g_all[~gold_nan], scale=scale)
    index = np.full(g_all.size, -1, dtype=part.index.dtype)
    index[~gold_nan] = part.index
    return Binning(index, part.specs, part.remainder)
