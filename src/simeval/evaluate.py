"""Evaluate several systems against one gold standard with many metrics at once.

:func:`evaluate` validates the input once, sorts the gold scores once and every system
once, and returns an :class:`Evaluation`: a tidy list of :class:`Record` rows
(``system, metric, bin, value, n, pvalue, ci_low, ci_high``) plus the signature that
makes every number reproducible.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import as_float_array, check_within, paired_scores
from .binning import BinKind, Binning, Bins
from .errors import InputError, InputTypeError
from .evaluation import Evaluation, Record, records_of
from .metrics._sorted import SortedScores
from .metrics.base import Context
from .metrics.registry import DEFAULT_METRICS, get_metric
from .options import Options
from .results import MetricResult

__all__ = ["Evaluation", "Record", "evaluate"]


def evaluate(
    gold: ArrayLike,
    systems: Mapping[str, ArrayLike],
    *,
    metrics: Sequence[str] | None = None,
    options: Options | None = None,
    scale: Sequence[float] | None = None,
    system_scale: Sequence[float] | Mapping[str, Sequence[float]] | None = None,
    bins: Bins | None = None,
    low_border: float | None = None,
    high_border: float | None = None,
    normalize: str | None = None,
    skip_undefined_bins: bool | None = None,
    nan_policy: str | None = None,
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
    options
        A :class:`~simeval.Options` with every setting below; the keywords override its
        fields. The same object drives :func:`~simeval.compare.compare`, the bootstrap
        and the SemEval aggregation.
    scale, system_scale, bins, low_border, high_border, normalize, skip_undefined_bins, \
nan_policy
        As the fields of :class:`~simeval.Options`: the declared gold scale (default: the
        observed range, and the signature says so), the systems' range(s), the bins of the
        scaled Pearson, the low/high borders (default 30 % / 70 % of the scale), the [0, 1]
        normalization of the error measures, and ``"raise"`` or ``"omit"`` for missing
        scores (``dropped`` counts the pairs omitted per system).
    progress
        Called as ``progress(done, total)`` after each system (the CLI draws a bar).

    >>> ev = evaluate([0, 1, 2, 3, 4, 5], {"a": [0, 1, 2, 3, 5, 4]}, metrics=["pearson"])
    >>> round(ev.value("a", "pearson"), 4)
    0.9429
    """
    if not isinstance(systems, Mapping):
        raise InputTypeError(
            "`systems` must be a mapping name → scores, e.g. {'mine': scores}; got "
            f"{type(systems).__name__}"
        )
    if not systems:
        raise InputError("`systems` is empty; give at least one system")
    opts = Options.of(
        options,
        scale=scale,
        system_scale=system_scale,
        bins=bins,
        low_border=low_border,
        high_border=high_border,
        normalize=normalize,
        skip_undefined_bins=skip_undefined_bins,
        nan_policy=nan_policy,
    )
    g_all = as_float_array(gold, "gold")
    opts = opts.resolve(g_all)
    opts.check_systems(systems)
    if isinstance(metrics, str):  # one metric by name, not its characters
        metrics = [metrics]
    metric_objs = tuple(get_metric(m) for m in (metrics or DEFAULT_METRICS))
    if len({m.name for m in metric_objs}) != len(metric_objs):
        raise InputError("a metric is listed twice")
    needs_bins = any(m.uses_bins for m in metric_objs)

    # Bins come from the whole gold vector, once: every system is binned the same way,
    # also when nan_policy="omit" drops some of its pairs (they just leave their bin).
    gold_nan = np.isnan(g_all)
    full_binning = _bin_all(opts, g_all, gold_nan) if needs_bins else None
    full_gold = SortedScores(g_all) if not gold_nan.any() else None
    records: list[Record] = []
    results: dict[str, dict[str, MetricResult]] = {}
    dropped: dict[str, int] = {}
    warnings: dict[str, str] = {}
    kept: dict[str, NDArray[np.float64]] = {}

    def paired(name: str, scores: ArrayLike) -> _Paired:
        kept[name] = raw = as_float_array(scores, name)
        g, s = paired_scores(g_all, raw, nan_policy=opts.nan_policy, names=("gold", name))
        own = opts.for_system(name)
        if own.system_scale is not None:
            check_within(s, own.system_scale, f"system {name!r}")  # type: ignore[arg-type]
        if opts.nan_policy == "omit":
            dropped[name] = g_all.size - g.size
        if g.size == g_all.size and full_gold is not None:
            gold_sorted, binning = full_gold, full_binning
        else:  # this system's own subset of the pairs
            keep = ~(gold_nan | np.isnan(raw))
            gold_sorted = SortedScores(g)
            binning = full_binning.subset(keep) if full_binning is not None else None
        if own.system_scale is None and (msg := scale_warning(name, s, opts.scale)):
            warnings[name] = msg
        return name, Context(gold_sorted, SortedScores(s), own, binning)

    def score(ctx: Context) -> dict[str, MetricResult]:
        return {m.name: ctx.result(m) for m in metric_objs}

    parallel = g_all.size >= PARALLEL_MIN and any(m.ranks_any for m in metric_objs)
    together = (2 if g_all.size <= TOGETHER_MAX else 1) if parallel else 0
    for name, res in _scored(systems.items(), paired, score, together):
        results[name] = res
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
        gold=g_all,
        system_scores=kept,
    )


_Paired = tuple[str, Context]
_Scored = tuple[str, dict[str, MetricResult]]

#: From this many pairs on, ``evaluate`` works in two threads when a metric needs ranks:
#: numpy releases the GIL while it sorts and computes, so two cores share the work.
PARALLEL_MIN = 50_000
#: Up to this many pairs two systems are scored at once (and a third sorted); beyond it,
#: one is scored while the next is sorted, so that at most two systems' n-long arrays
#: (their order, ranks, gains …) are alive at any time.
TOGETHER_MAX = 2_000_000


def _scored(
    items: Iterable[tuple[str, ArrayLike]],
    paired: Callable[[str, ArrayLike], _Paired],
    score: Callable[[Context], dict[str, MetricResult]],
    together: int,
) -> Iterator[_Scored]:
    """``score`` of each system's context, in the order of the systems (results, errors
    and hence progress calls alike). ``together = 0``: one after the other in this
    thread. Else two worker threads sort each system (:meth:`SortedScores.prepare`) and
    score up to ``together`` systems at once; the first is scored alone, so that what
    every system shares — the gold scores' grid, bins, ideal gains — is computed once
    before the others read it."""
    it = iter(items)
    if not together:
        for name, scores in it:
            name, ctx = paired(name, scores)
            yield name, score(ctx)
        return
    with ThreadPoolExecutor(max_workers=2) as pool:
        pending: deque[tuple[str, Future[dict[str, MetricResult]]]] = deque()
        warm = False  # the first system has been scored
        try:
            for item in it:
                name, ctx = paired(*item)
                ready = pool.submit(ctx.system.prepare)
                while pending and (len(pending) >= together or not warm):
                    done, fut = pending.popleft()
                    yield done, fut.result()
                    warm = True
                pending.append((name, pool.submit(_after, ready, score, ctx)))
            while pending:
                done, fut = pending.popleft()
                yield done, fut.result()
        finally:
            for _, fut in pending:
                fut.cancel()


def _after(
    ready: Future[None], score: Callable[[Context], dict[str, MetricResult]], ctx: Context
) -> dict[str, MetricResult]:
    ready.result()
    return score(ctx)


def scale_warning(
    name: str, scores: NDArray[np.float64], scale: tuple[float, float] | None
) -> str | None:
    """A message when a system's scores are unlikely to be on the gold scale: some lie
    outside it, or they all fall within a fifth of it (cosine similarities against STS's
    0–5, say). The error and threshold measures would then judge the scale, not the
    system; ``system_scale`` maps the scores onto the gold scale."""
    if scale is None or scores.size < 2:
        return None
    lo, hi = scale
    s_lo, s_hi = float(scores.min()), float(scores.max())
    outside = s_lo < lo or s_hi > hi
    narrow = (s_hi - s_lo) < 0.2 * (hi - lo)
    if not (outside or narrow):
        return None
    why = "lie outside" if outside else "cover less than a fifth of"
    return (
        f"system {name!r}: its scores ({s_lo:g}–{s_hi:g}) {why} the gold scale {lo:g}–{hi:g}; "
        "if they are on another scale, declare it (--system-scale LO HI, or "
        f"--system-scale {name}=LO,HI), or the error and low/high measures judge the scale"
    )


def _bin_all(opts: Options, g_all: NDArray[np.float64], gold_nan: NDArray[np.bool_]) -> Binning:
    """Bin every pair once; pairs without a gold score get bin −1."""
    bins = opts.binning_rule
    if bins.kind is BinKind.LABELS or not gold_nan.any():
        return bins.assign(g_all, scale=opts.scale)
    part = bins.assign(g_all[~gold_nan], scale=opts.scale)
    index = np.full(g_all.size, -1, dtype=part.index.dtype)
    index[~gold_nan] = part.index
    return Binning(index, part.specs, part.remainder)
