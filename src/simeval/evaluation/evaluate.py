"""Evaluate several systems against one gold standard with many metrics at once.

:func:`evaluate` validates the input once, sorts the gold scores once and every system
once, and returns an :class:`Evaluation`: a tidy list of :class:`Record` rows
(``system, metric, bin, value, n, pvalue, ci_low, ci_high``) plus the signature that
makes every number reproducible.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import as_float_array, check_labels, check_mapping, check_within
from .._version import __version__
from ..binning import Bins
from ..errors import InputError, InputTypeError
from ..metrics._sorted import SortedScores
from ..metrics.base import Metric
from ..metrics.binned import BinnedResult
from ..metrics.context import Context
from ..metrics.gold_scale import CalibrationFit
from ..metrics.registry import DEFAULT_METRICS, get_metric
from ..options import Options
from ..results import MetricResult, ScaledPearsonResult
from .pairing import bin_all, finite_extremes, paired_with_gold
from .records import Record, records_of
from .scales import scale_warning
from .scheduling import PARALLEL_MIN, TOGETHER_MAX, scored

__all__ = ["Evaluation", "evaluate"]


@dataclass(frozen=True)
class Evaluation:
    """Results of :func:`evaluate`. ``records`` is tidy; ``results[system][metric]`` holds
    the full result objects (per-bin details of ``scaled_pearson`` included).

    Attributes
    ----------
    systems : tuple of str
        In the order given.
    metrics : tuple of Metric
        The measures computed.
    records : tuple of Record
        One row per system, measure and bin.
    results : mapping of str to mapping of str to MetricResult
        ``results[system][metric]``.
    options : Options
        The options, resolved on the gold scores (the observed scale when none was given).
    dropped : mapping of str to int
        Pairs omitted per system under ``nan_policy="omit"``.
    n : int
        The pairs of the gold.
    warnings : mapping of str to str
        Systems off the gold scale measured without calibration, with the message.
    calibration : mapping of str to CalibrationFit or None
        How each system was put on the gold scale.
    gold, system_scores : numpy.ndarray
        The scores the metrics read (missing scores as NaN).

    Examples
    --------
    One swap of the gold's 4 and 5 costs 1 of the gold's sum of squares, 17.5:
    ``r = 16.5 / 17.5 ≈ 0.9429``; the mean absolute error is ``2 / 6``.

    >>> ev = evaluate([0, 1, 2, 3, 4, 5], {"a": [0, 1, 2, 3, 5, 4]}, metrics=["pearson", "mae"])
    >>> round(ev.value("a", "pearson"), 4), round(ev.value("a", "mae"), 4)
    (0.9429, 0.3333)
    >>> header, rows = ev.table()
    >>> header, [round(v, 4) for v in rows[0][1:]]
    (['system', 'pearson', 'mae'], [0.9429, 0.3333])
    """

    systems: tuple[str, ...]
    metrics: tuple[Metric, ...]
    records: tuple[Record, ...]
    results: Mapping[str, Mapping[str, MetricResult]]
    options: Options
    dropped: Mapping[str, int] = field(default_factory=dict)
    n: int = 0
    #: Systems off the gold scale measured without calibration (see
    #: :func:`~.scales.scale_warning`), with the message.
    warnings: Mapping[str, str] = field(default_factory=dict)
    #: How each system was put on the gold scale for the measures of a gold value (None:
    #: it was on the scale); only systems such a measure read are listed.
    calibration: Mapping[str, CalibrationFit | None] = field(default_factory=dict)
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
        """The whole-dataset value of ``metric`` for ``system``; an unknown system or a
        metric not computed is an :class:`~simeval.errors.InputError` listing those
        there are."""
        if system not in self.results:
            raise InputError(
                f"no system {system!r} in this evaluation; its systems are "
                f"{', '.join(map(repr, self.results))}"
            )
        name = get_metric(metric).name
        if name not in self.results[system]:
            raise InputError(
                f"{name!r} was not computed; the metrics are "
                f"{', '.join(self.results[system])} (evaluate with metrics=[…, {name!r}])"
            )
        return float(self.results[system][name].statistic)

    def remainders(self) -> dict[str, int]:
        """Pairs per system that ``Bins.segments`` left out of every bin (when any)."""
        out = {}
        for system, results in self.results.items():
            left = max((getattr(r, "remainder", 0) for r in results.values()), default=0)
            if left:
                out[system] = left
        return out

    def on_gold_scale(self, system: str) -> NDArray[np.float64]:
        """The scores of ``system`` on the gold scale, as the measures of a gold value read
        them (:attr:`Context.system_mapped <simeval.metrics.context.Context.system_mapped>`:
        calibrated when it is off the scale, or min–max mapped; missing scores stay NaN)."""
        values = self.system_scores[system]
        if self.gold is None:
            raise InputError("this evaluation kept no scores (it was not made by evaluate())")
        keep = ~(np.isnan(values) | np.isnan(self.gold))
        out = np.full(values.shape, np.nan)
        pair = SortedScores(self.gold[keep]), SortedScores(values[keep])
        out[keep] = Context(*pair, self.options.for_system(system)).system_mapped
        return out

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

    def plot(self, kind: str = "scatter", *, ax: Any = None, **kw: Any) -> Any:
        """A matplotlib figure of the evaluation (needs ``pip install 'simeval[plot]'``):
        ``"scatter"`` system against gold with the bins and their r (one panel per system,
        or the one ``system=`` names), ``"bins"`` the per-bin r with intervals and the
        scaled Pearson (Atoum 2019, eq. 3), ``"errors"`` the scaled errors per pair and
        their distribution (Atoum & Ayyagari 2019, eq. 3). Keywords go to the figure
        function of :mod:`simeval.report.figures`.

        Without ``ax`` the figure is made through pyplot (``plt.show()`` and notebooks
        display it) and returned; with ``ax`` it is drawn there and the Axes returned. A
        kind of several panels refuses ``ax``: ``"scatter"`` unless ``system=`` names
        the one to draw, ``"errors"`` always."""
        from ..report import figures

        return figures.evaluation_figure(self, kind, ax=ax, **kw)

    def to_frame(self):
        """The records as a pandas DataFrame (one row per record; an undefined value is
        NaN, an infinite one ±inf). The saved JSON document is
        :func:`simeval.report.schema.evaluation_document`."""
        import pandas as pd

        return pd.DataFrame([asdict(r) for r in self.records])

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


def evaluate(
    gold: ArrayLike,
    systems: Mapping[str, ArrayLike],
    *,
    metrics: Sequence[str] | None = None,
    options: Options | None = None,
    progress: Callable[[int, int], None] | None = None,
    **option_fields: Any,
) -> Evaluation:
    """Score every system in ``systems`` against ``gold`` with every metric.

    Parameters
    ----------
    gold, systems
        Gold scores and a mapping ``name → system scores`` (same length, aligned).
    metrics
        Metric names or expressions (see :func:`~simeval.metrics.registry.get_metric`);
        default :data:`~simeval.metrics.registry.DEFAULT_METRICS`.
    options
        A :class:`~simeval.Options`; the same object drives
        :func:`~simeval.evaluation.compare.compare`, the bootstrap and the SemEval
        aggregation.
    progress
        Called as ``progress(done, total)`` after each system (the CLI draws a bar).
    **option_fields
        Fields of :class:`~simeval.Options` that override ``options``: ``scale`` (the
        declared gold scale; default the observed range, and the signature says so),
        ``system_scale``, ``bins``, ``low_border``/``high_border`` (default 30 % / 70 % of
        the scale), ``normalize``, ``skip_undefined_bins``, ``bin_average``, ``calibrate``
        (how systems off the gold scale are calibrated: default ``"auto"``) and
        ``nan_policy`` (``dropped`` counts the pairs omitted per system).

    Returns
    -------
    Evaluation
        Tidy records, the result objects, the options, how each off-scale system was
        calibrated, and the signature.

    Examples
    --------

    >>> ev = evaluate([0, 1, 2, 3, 4, 5], {"a": [0, 1, 2, 3, 5, 4]}, metrics=["pearson"])
    >>> round(ev.value("a", "pearson"), 4)
    0.9429
    """
    check_mapping("systems", systems)  # names are strings: {1: s} and {"1": s} would clash
    if not systems:
        raise InputError("`systems` is empty; give at least one system")
    opts = Options.of(options, **option_fields)
    g_all = as_float_array(gold, "gold")
    opts = opts.resolve(g_all)
    opts.check_systems(systems)
    if progress is not None and not callable(progress):
        raise InputTypeError(
            f"`progress` must be a callable progress(done, total); got {type(progress).__name__}"
        )
    if isinstance(metrics, str):  # one metric by name, not its characters
        metrics = [metrics]
    if metrics is not None and not metrics:
        raise InputError(
            "`metrics` is empty; name at least one, or leave it out for the default set"
        )
    metric_objs = tuple(get_metric(m) for m in (metrics or DEFAULT_METRICS))
    if len({m.name for m in metric_objs}) != len(metric_objs):
        raise InputError("a metric is listed twice")
    needs_bins = any(m.uses_bins for m in metric_objs)

    # Bins come from the whole gold vector, once: every system is binned the same way,
    # also when nan_policy="omit" drops some of its pairs (they just leave their bin).
    gold_extremes = finite_extremes(g_all)  # None: a gold score is missing or infinite
    # which gold scores are missing, looked for only where one may be (None: none is)
    gold_nan = None if gold_extremes is not None else np.isnan(g_all)
    full_binning = bin_all(opts, g_all, gold_nan) if needs_bins else None
    whole = gold_nan is None or not gold_nan.any()
    full_gold = SortedScores(g_all, gold_extremes) if whole else None
    records: list[Record] = []
    results: dict[str, dict[str, MetricResult]] = {}
    dropped: dict[str, int] = {}
    warnings: dict[str, str] = {}
    kept: dict[str, NDArray[np.float64]] = {}
    contexts: dict[str, Context] = {}

    def paired(name: str, scores: ArrayLike) -> tuple[str, Context]:
        check_labels(gold, scores, "gold", name)  # pandas rows paired by label, not position
        kept[name] = raw = as_float_array(scores, name)
        finite = gold_extremes is not None
        g, s, extremes = paired_with_gold(g_all, raw, name, opts.nan_policy, finite)
        own = opts.for_system(name)
        if own.system_scale is not None:
            check_within(s, own.system_scale, f"system {name!r}")  # type: ignore[arg-type]
        if opts.nan_policy == "omit":
            dropped[name] = g_all.size - g.size
        if g.size == g_all.size and full_gold is not None:
            gold_sorted, binning = full_gold, full_binning
        else:  # this system's own subset of the pairs
            keep = ~(np.isnan(raw) if gold_nan is None else gold_nan | np.isnan(raw))
            gold_sorted = SortedScores(g)
            binning = full_binning.subset(keep) if full_binning is not None else None
        if own.calibrate.kind == "none" and own.normalize != "minmax":  # type: ignore[union-attr]
            msg = scale_warning(
                name, s, opts.scale, extremes, own.system_scale,  # type: ignore[arg-type]
                declared=opts.scale_source != "observed",
            )  # fmt: skip
            if msg:
                warnings[name] = msg
        contexts[name] = Context(gold_sorted, SortedScores(s, extremes), own, binning)
        return name, contexts[name]

    def score(ctx: Context) -> dict[str, MetricResult]:
        return {m.name: ctx.result(m) for m in metric_objs}

    parallel = g_all.size >= PARALLEL_MIN and any(m.ranks_any for m in metric_objs)
    together = (2 if g_all.size <= TOGETHER_MAX else 1) if parallel else 0
    calibration: dict[str, CalibrationFit | None] = {}
    for name, res in scored(systems.items(), paired, score, together):
        results[name] = res
        ctx = contexts.pop(name)  # its sort, ranks and codes go with it
        if "system_mapped" in ctx.__dict__:
            calibration[name] = ctx.calibration
        del ctx
        for m in metric_objs:
            records.extend(records_of(name, m, res[m.name]))
        if progress is not None:
            progress(len(results), len(systems))
    return Evaluation(
        systems=tuple(systems),
        metrics=metric_objs,
        records=tuple(records),
        results=results,
        options=opts,
        dropped=dropped,
        n=int(g_all.size),
        warnings=warnings,
        calibration=calibration,
        gold=g_all,
        system_scores=kept,
    )
