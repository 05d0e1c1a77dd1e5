"""The result of :func:`~simeval.evaluate.evaluate`: tidy records, the result objects,
the options and the signature; tables, JSON and pictures of it."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._version import __version__
from .binning import Bins
from .errors import InputError
from .metrics.base import Metric
from .metrics.binned import BinnedResult
from .metrics.registry import get_metric
from .options import Options
from .results import CorrelationResult, MetricResult, ScaledPearsonResult, json_ready

__all__ = ["SPREAD_BIN", "Evaluation", "Record", "records_of"]

#: The ``bin`` of the record that holds a binned metric's spread: the standard deviation of
#: its values over the bins (the variability across sections of Atoum & Ayyagari 2019).
SPREAD_BIN = "sd over bins"


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
    #: How the interval was computed: ``fisher`` (Pearson), ``bonett-wright`` (Spearman),
    #: ``fieller`` (Kendall); see :meth:`simeval.CorrelationResult.confidence_interval`.
    ci_method: str | None = None

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
    options: Options
    dropped: Mapping[str, int] = field(default_factory=dict)
    n: int = 0
    #: Systems whose scores look like they are on another scale than the gold (see
    #: :func:`scale_warning`), with the message.
    warnings: Mapping[str, str] = field(default_factory=dict)
    #: The validated gold scores and each system's scores (references to the arrays the
    #: metrics read, missing scores included as NaN), for :meth:`plot`.
    gold: NDArray[np.float64] | None = field(default=None, compare=False, repr=False)
    system_scores: Mapping[str, NDArray[np.float64]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def scale_warnings(self) -> list[str]:
        """One message per system whose scores seem to be on another scale."""
        return list(self.warnings.values())

    @property
    def uses_bins(self) -> bool:
        return any(m.uses_bins for m in self.metrics)

    @property
    def bins(self) -> Bins | None:
        """The bins of the scaled Pearson, when a metric uses them."""
        return self.options.binning_rule if self.uses_bins else None

    @property
    def n_used(self) -> dict[str, int]:
        """Pairs each system was scored on (fewer than :attr:`n` under ``nan_policy="omit"``)."""
        return {s: self.n - self.dropped.get(s, 0) for s in self.systems}

    @property
    def signature(self) -> str:
        """Everything needed to reproduce the numbers, sacreBLEU style."""
        return "|".join(
            [
                f"simeval:{__version__}",
                self.options.signature(bins=self.uses_bins),
                "metrics:" + ",".join(m.name for m in self.metrics),
            ]
        )

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

    def to_dict(self, scores: bool = False) -> dict[str, Any]:
        """``{"signature": …, "results": [record, …]}`` — the JSON the CLI prints; with
        ``"dropped"`` (pairs omitted for missing scores) and ``"remainder"`` (pairs left
        over by segments) when there are any. ``scores=True`` adds what the figures need:
        ``"scores"`` (``gold`` and each system on the gold scale, missing as null),
        ``"scale"`` and ``"bins"`` (``label``, ``low``, ``high`` per bin)."""
        doc: dict[str, Any] = {
            "kind": "evaluation",
            "signature": self.signature,
            "results": [r.as_dict() for r in self.records],
        }
        if self.dropped:
            doc["dropped"] = dict(self.dropped)
        if remainders := self.remainders():
            doc["remainder"] = remainders
        if scores:
            doc.update(json_ready(self._figure_data()))
        return doc

    def on_gold_scale(self, system: str) -> NDArray[np.float64]:
        """The scores of ``system`` mapped onto the gold scale (as the metrics see them)."""
        from .metrics._scales import map_linear

        values = self.system_scores[system]
        own = self.options.for_system(system).system_scale
        return values if own is None else map_linear(values, own, self.options.scale)  # type: ignore[arg-type]

    def bin_records(self, system: str) -> list[dict[str, Any]]:
        """Per-bin ``{"label", "low", "high", "value", "n", "reason"}`` of the first
        scaled Pearson of ``system`` (empty without one)."""
        res = next(
            (r for r in self.results[system].values() if isinstance(r, ScaledPearsonResult)),
            None,
        )
        bins = res.bins if res is not None else ()
        return [
            {
                "label": b.label,
                "low": b.low,
                "high": b.high,
                "value": b.statistic,
                "n": b.n,
                "reason": b.reason,
            }
            for b in bins
        ]

    def _figure_data(self) -> dict[str, Any]:
        if self.gold is None:
            raise InputError("this evaluation kept no scores (it was not made by evaluate())")
        first = self.bin_records(self.systems[0]) if self.systems else []
        return {
            "scale": list(self.options.scale) if self.options.scale else None,
            "bins": [{k: b[k] for k in ("label", "low", "high")} for b in first],
            "scores": {
                "gold": self.gold.tolist(),
                "systems": {s: self.on_gold_scale(s).tolist() for s in self.systems},
            },
        }

    def plot(self, kind: str = "scatter", *, ax: Any = None, **kw: Any) -> Any:
        """A matplotlib figure of the evaluation (needs ``pip install 'simeval[plot]'``):
        ``"scatter"`` system against gold with the bins and their r (one panel per system,
        or ``system=`` on ``ax``), ``"bins"`` the per-bin r with intervals and the scaled
        Pearson (Atoum 2019, eq. 3), ``"errors"`` the scaled errors per pair and their
        distribution (Atoum & Ayyagari 2019, eq. 3). Keywords go to the figure function
        of :mod:`simeval.report.figures`."""
        from .report import figures

        return figures.evaluation_figure(self, kind, ax=ax, **kw)

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
            if isinstance(first, (ScaledPearsonResult, BinnedResult)):
                short = "r" if isinstance(first, ScaledPearsonResult) else first.metric
                for b in first.bins:
                    header.append(f"{short} {b.label}")
                    columns.append((m.name, b.label))
        rows = []
        for system in self.systems:
            row: list[Any] = [system]
            for metric, label in columns:
                res = self.results[system][metric]
                if label is None:
                    row.append(res.statistic)
                else:
                    bins = res.bins if isinstance(res, (ScaledPearsonResult, BinnedResult)) else ()
                    row.append(next((b.statistic for b in bins if b.label == label), math.nan))
            rows.append(row)
        return header, rows


def records_of(system: str, metric: Metric, res: MetricResult) -> Iterable[Record]:
    if isinstance(res, CorrelationResult):
        ci = res.confidence_interval()
        yield Record(
            system,
            metric.name,
            res.statistic,
            None,
            res.n,
            res.pvalue,
            ci.low,
            ci.high,
            res.reason,
            ci.method if not math.isnan(ci.low) else None,
        )
        return
    yield Record(system, metric.name, res.statistic, None, res.n, reason=res.reason)
    if isinstance(res, BinnedResult):
        for b in res.bins:
            yield Record(system, res.metric, b.statistic, b.label, b.n, reason=b.reason)
        why = f"no bin of {res.metric} has a value" if math.isnan(res.variability) else None
        yield Record(system, metric.name, res.variability, SPREAD_BIN, res.n, reason=why)
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
                "fisher" if b.ci_low is not None and not math.isnan(b.ci_low) else None,
            )
