"""Glue between simeval's result objects and the figure functions: each ``.plot()``
takes its data from the result and calls one figure function with plain data."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...errors import InputError
from . import agreement, intervals, ranks
from . import scaled_errors as errors

if TYPE_CHECKING:
    from ...evaluation.compare import Comparison
    from ...evaluation.evaluate import Evaluation

__all__ = ["comparison_figure", "evaluation_figure"]

EVALUATION_KINDS = ("scatter", "bins", "errors")
COMPARISON_KINDS = ("forest", "pvalues", "ranks", "agreement")


def _kind(kind: str, allowed: tuple[str, ...]) -> str:
    if kind not in allowed:
        raise InputError(f"plot kind must be one of {', '.join(allowed)}; got {kind!r}")
    return kind


def _one_system(ev: Evaluation, system: str | None) -> str:
    name = system if system is not None else ev.systems[0]
    if name not in ev.systems:
        raise InputError(f"no system {name!r}; systems: {', '.join(ev.systems)}")
    return name


def evaluation_figure(ev: Evaluation, kind: str, *, ax: Any = None, **kw: Any) -> Any:
    """The figure ``kind`` (``scatter``, ``bins``, ``errors``) of an evaluation: a new
    Figure, or the Axes ``ax`` drawn on. A kind that draws a panel per system refuses
    ``ax`` unless ``system=`` says which one to draw there.

    Parameters
    ----------
    ev : Evaluation
        The evaluation.
    kind : {"scatter", "bins", "errors"}
        The figure.
    ax : matplotlib.axes.Axes, optional
        Where to draw.
    **kw
        Passed to the figure function (``system=`` …).

    Returns
    -------
    matplotlib.figure.Figure or matplotlib.axes.Axes
        The new Figure, or ``ax`` when it is given.

    Raises
    ------
    InputError
        An unknown kind, an evaluation without scores, or ``ax`` for several panels.

    Examples
    --------
    >>> from simeval.report.figures import offscreen
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> import simeval as se
    >>> ev = se.evaluate(gold, systems, metrics=["pearson"])
    >>> with offscreen():
    ...     fig = evaluation_figure(ev, "scatter")
    >>> len(fig.axes)  # a panel per system
    2
    """
    from ...results import ScaledPearsonResult

    _kind(kind, EVALUATION_KINDS)
    if kind != "bins" and ev.gold is None:
        raise InputError("this evaluation kept no scores (it was not made by evaluate())")
    sp_name = next((m.name for m in ev.metrics if m.name == "scaled_pearson"), None)
    scaled = (
        {s: ev.value(s, sp_name) for s in ev.systems}
        if sp_name is not None
        and all(isinstance(ev.results[s][sp_name], ScaledPearsonResult) for s in ev.systems)
        else None
    )
    if kind == "bins":
        records = [r.as_dict() for r in ev.records if r.bin is not None]
        if not records:
            raise InputError("no per-bin results to draw: add the metric scaled_pearson")
        return agreement.bin_correlations(records, scaled_pearson=scaled, ax=ax, **kw)
    if kind == "errors":
        if ax is not None:
            raise InputError(
                "the 'errors' figure has two panels (each pair, and each system's "
                "distribution): leave ax unset, or give fig= to draw into a figure"
            )
        mapped = {s: ev.on_gold_scale(s) for s in ev.systems}
        return errors.scaled_error_figure(ev.gold, mapped, fig=kw.pop("fig", None), **kw)  # type: ignore[arg-type]
    system = kw.pop("system", None)
    if ax is not None and system is None and len(ev.systems) > 1:
        raise InputError(
            f"the 'scatter' figure draws a panel for each of the {len(ev.systems)} systems: "
            "give system= to draw one of them on ax, or leave ax unset"
        )
    scale = ev.options.scale
    if ax is not None or system is not None:
        name = _one_system(ev, system)
        return agreement.scatter_bins(
            ev.gold,  # type: ignore[arg-type]
            ev.on_gold_scale(name),
            bins=ev.bin_records(name),
            name=name,
            scale=scale,
            scaled_pearson=(scaled or {}).get(name),
            ax=ax,
            **kw,
        )
    return agreement.scatter_grid(
        ev.gold,  # type: ignore[arg-type]
        {s: ev.on_gold_scale(s) for s in ev.systems},
        bins={s: ev.bin_records(s) for s in ev.systems},
        scale=scale,
        scaled_pearson=scaled,
        **kw,
    )


def comparison_figure(cmp: Comparison, kind: str, *, ax: Any = None, **kw: Any) -> Any:
    """The figure ``kind`` (``forest``, ``pvalues``, ``ranks``, ``agreement``) of a
    comparison, for ``metric=`` (default: its first metric): a new Figure, or the Axes
    ``ax`` drawn on.

    Parameters
    ----------
    cmp : Comparison
        The comparison.
    kind : {"forest", "pvalues", "ranks", "agreement"}
        The figure.
    ax : matplotlib.axes.Axes, optional
        Where to draw.
    **kw
        ``metric=`` and what the figure function takes.

    Returns
    -------
    matplotlib.figure.Figure or matplotlib.axes.Axes
        The new Figure, or ``ax`` when it is given.

    Raises
    ------
    InputError
        An unknown kind or metric.

    Examples
    --------
    >>> from simeval.report.figures import offscreen
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> from simeval.evaluation.compare import compare
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> with offscreen():
    ...     fig = comparison_figure(cmp, "forest")
    >>> type(fig).__name__
    'Figure'
    """
    _kind(kind, COMPARISON_KINDS)
    metric = kw.pop("metric", None) or cmp.metrics[0]
    if kind in ("forest", "pvalues") and metric not in cmp.metrics:
        raise InputError(f"no metric {metric!r}; metrics: {', '.join(cmp.metrics)}")
    if kind == "forest":
        return intervals.forest(
            cmp.records(), metric=metric, confidence_level=cmp.confidence_level, ax=ax, **kw
        )
    if kind == "pvalues":
        pairs = [p.as_dict() for p in cmp.pairwise]
        return intervals.pvalue_matrix(
            pairs, metric=metric, systems=cmp.ranked(metric), alpha=cmp.alpha, ax=ax, **kw
        )
    if kind == "ranks":
        return ranks.bump_chart(cmp.records(), ax=ax, **kw)
    if not cmp.agreement:
        raise InputError("no rank agreement to draw: it needs 2 or more systems and metrics")
    return ranks.agreement_heatmap([a.as_dict() for a in cmp.agreement], ax=ax, **kw)
