"""The bootstrap's entry points: :func:`bootstrap_distribution` and :func:`bootstrap_ci`."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..._validate import paired_systems, rng_of
from ...errors import InputError, param
from ...metrics.registry import available_metrics, direction
from ...options import Options
from .engine import Engine, sample_of
from .estimates import on_gold_scale, point_estimates
from .expressions import Metric, combine, parse_metric
from .intervals import BootstrapDistribution, BootstrapInterval, Method
from .resampling import (
    JACKKNIFE_GROUPS,
    check_resamples,
    chunk_rows,
    jackknife_weights,
    resample_indices,
    resample_weights,
)

__all__ = [
    "BATCHED_METRICS",
    "BOOTSTRAP_METRICS",
    "bootstrap_ci",
    "bootstrap_distribution",
    "higher_is_better",
    "on_gold_scale",
    "point_estimates",
    "systems_matrix",
]

#: Registry metrics the bootstrap computes for many resamples at once: those whose record
#: has a resampled form (:class:`~simeval.metrics.weighted.Resampled`).
BATCHED_METRICS = tuple(m.name for m in available_metrics() if m.resampled is not None)
#: What :func:`bootstrap_distribution` and :func:`bootstrap_ci` compute unless told
#: otherwise (``simeval compare`` adds ``hmean(f1_low,f1_high)``: ``compare.COMPARE_METRICS``).
BOOTSTRAP_METRICS = ("pearson", "spearman", "nmsse", "f1_low", "f1_high")


def higher_is_better(metric: str) -> bool:
    """Whether larger values of ``metric`` are better, from the metric registry.

    Parameters
    ----------
    metric : str

    Returns
    -------
    bool

    Examples
    --------
    >>> higher_is_better("nmsse"), higher_is_better("hmean(f1_low,f1_high)")
    (False, True)
    """
    return direction(metric)


def systems_matrix(
    gold: ArrayLike,
    systems: Mapping[str, ArrayLike] | Sequence[ArrayLike] | ArrayLike,
    options: Options | None = None,
) -> tuple[NDArray[np.float64], NDArray[np.float64], tuple[str, ...], Options]:
    """Gold, the systems' scores as a (k, n) matrix (as given: not mapped), their names,
    and the options resolved for the gold scores. Under ``nan_policy="omit"`` the pairs
    where the gold or *any* system is missing are dropped, so that every system is
    resampled on the same pairs (the comparison stays paired).

    Parameters
    ----------
    gold : array_like
    systems : mapping of str to array_like, or 2-D array_like
        Rows of a matrix are named ``system1``, ``system2`` …
    options : Options, optional

    Returns
    -------
    tuple
        ``(gold, S, names, options)``.

    Examples
    --------
    >>> g, S, names, opts = systems_matrix([0, 1, 2, None], {"a": [0, 1, 1, 2]},
    ...                                    Options(nan_policy="omit"))
    >>> g.tolist(), S.tolist(), names, opts.scale_source
    ([0.0, 1.0, 2.0], [[0.0, 1.0, 1.0]], ('a',), 'observed')
    """
    opts = Options.of(options)
    if isinstance(systems, Mapping):
        items = dict(systems)
    else:
        try:
            arr = np.asarray(systems, dtype=np.float64)
        except (TypeError, ValueError) as exc:
            raise InputError(
                f"{param('systems')} must be a mapping name → scores or a 2-D array; {exc}"
            ) from None
        rows = arr[None, :] if arr.ndim == 1 else arr
        if rows.ndim != 2:
            raise InputError(
                f"{param('systems')} must be one or two dimensional; got shape {arr.shape}"
            )
        items = {f"system{i + 1}": s for i, s in enumerate(rows)}
    if not items:
        raise InputError(f"{param('systems')} is empty; give at least one system's scores")
    names = tuple(str(name) for name in items)
    if len(set(names)) != len(names):
        raise InputError(f"system names must be unique; got {list(names)}")
    g, S = paired_systems(gold, dict(zip(names, items.values())), nan_policy=opts.nan_policy)
    opts = opts.resolve(g)
    opts.check_systems(names)
    return g, S, names, opts


def bootstrap_distribution(
    gold: ArrayLike,
    systems: Mapping[str, ArrayLike] | Sequence[ArrayLike],
    metrics: Sequence[Metric] = BOOTSTRAP_METRICS,
    *,
    n_resamples: int = 1000,
    seed: int | np.random.Generator | None = None,
    jackknife_groups: int | None = JACKKNIFE_GROUPS,
    chunk_size: int | None = None,
    options: Options | None = None,
    progress: Callable[[int, int], None] | None = None,
    **option_fields: Any,
) -> BootstrapDistribution:
    """Bootstrap many metrics of many systems on the same resamples of the pairs.

    Resamples follow the module's documented scheme (``rng.integers(0, n, (c, n))`` chunk by
    chunk from ``numpy.random.default_rng(seed)``); each chunk becomes a multiplicity
    matrix ``W`` and every batched metric is computed from ``Wᵀ F`` and, for Spearman and
    the scaled errors, one more pass over ``W`` per system. Memory is O(c·n) per chunk.

    ``jackknife_groups`` (default 100) sets the delete-a-group jackknife used by BCa's
    acceleration: the pairs are shuffled with ``rng.permutation(n)`` and cut into G
    contiguous blocks; block g deleted gives θ₍g₎. With G = n (or ``None``) this is the
    exact leave-one-out jackknife of scipy (O(n²) time); ``0`` skips it (percentile only).
    Metric names: those in :data:`BATCHED_METRICS`, ``hmean(a,b,…)``, ``macro_avg(a,b,…)``
    (nestable), any name in the metric registry (``kendall``, ``ndcg@10`` …: computed
    through the registry per resample), or a callable ``f(gold, system)``
    returning a float or a result with ``.statistic`` (generic fallback, one call per
    resample and system). ``options`` (a :class:`~simeval.Options`; its fields may also be
    given as keywords: ``scale=(0, 5)``, ``bins=…``) are the same as for
    :func:`~simeval.evaluation.evaluate.evaluate`, so that the point estimate is the value evaluate
    reports: the borders default to 30 % / 70 % of the scale, ``system_scale`` maps the
    systems onto the gold scale, and the bins reach the scaled Pearson. With
    ``nan_policy="omit"`` the pairs where any system is missing are dropped.
    ``progress(done, total)`` is called after each chunk of resamples.

    Parameters
    ----------
    gold : array_like
        Gold scores.
    systems : mapping of str to array_like, or sequence of array_like
        Each system's scores of the same pairs.
    metrics : sequence of str or callable, default :data:`BOOTSTRAP_METRICS`
    n_resamples : int, default 1000
    seed : int or numpy.random.Generator, optional
    jackknife_groups : int or None, default 100
    chunk_size : int, optional
    options : Options, optional
    progress : callable, optional
    **option_fields
        Fields of :class:`~simeval.options.Options` that override ``options``.

    Returns
    -------
    BootstrapDistribution

    Examples
    --------
    >>> d = bootstrap_distribution([1, 2, 3, 4, 5], {"a": [1, 3, 2, 5, 4]}, ["pearson"],
    ...                            n_resamples=50, seed=0)
    >>> d.resamples.shape, round(float(d.observed[0, 0]), 6)
    ((1, 1, 50), 0.8)
    """
    g, S, names, opts = systems_matrix(gold, systems, Options.of(options, **option_fields))
    n = g.size
    if n < 2:
        raise InputError(f"the bootstrap needs at least 2 pairs; got {n}")
    B = check_resamples(n_resamples)
    if isinstance(metrics, str) or callable(metrics):
        metrics = [metrics]
    exprs = [parse_metric(m) for m in metrics]
    if not exprs:
        raise InputError(f"{param('metrics')} is empty; name at least one metric")
    labels = tuple(e.label for e in exprs)
    if len(set(labels)) != len(labels):
        raise InputError(f"metrics must be unique; got {labels}")
    leaves = list({leaf.label: leaf for e in exprs for leaf in e.leaves()}.values())
    registry = [leaf.metric for leaf in leaves if leaf.metric is not None]
    # the systems are put on the gold scale once: a resample is not mapped again
    fixed = opts.on_gold_scale()
    sample = sample_of(g, S, on_gold_scale(S, names, opts, g), fixed, registry)
    engine = Engine(sample, leaves)
    rows = chunk_rows(n, chunk_size)
    rng = rng_of(seed)

    def run(blocks: Iterator[NDArray[Any]], total: int, report: bool) -> NDArray:
        parts: dict[str, list[NDArray[np.float64]]] = {leaf.label: [] for leaf in leaves}
        done = 0
        for W in blocks:
            for name, vals in engine.values(W).items():
                parts[name].append(vals)
            done += W.shape[1]
            if report and progress is not None:
                progress(done, total)
        leaf_values = {k: np.concatenate(v, axis=0).T for k, v in parts.items()}
        return np.stack([combine(e, leaf_values) for e in exprs])  # (m, k, rows)

    observed = point_estimates(exprs, g, S, names, opts, sample.binning)
    weights = (
        resample_weights(idx, n, np.int32) for idx in resample_indices(n, B, rng, chunk_size=rows)
    )
    resamples = run(weights, B, True)
    jack = None
    if jackknife_groups is None or jackknife_groups:
        G = n if jackknife_groups is None else int(jackknife_groups)
        if G < 2:
            raise InputError(
                f"{param('jackknife_groups')} must be ≥ 2, 0 or None; got {jackknife_groups}"
            )
        G = min(G, n)
        jack = run(jackknife_weights(n, G, rng, rows), G, False)
    return BootstrapDistribution(
        metrics=labels,
        systems=names,
        observed=observed,
        resamples=resamples,
        jackknife=jack,
        n=n,
        seed=seed if isinstance(seed, (int, np.integer)) else None,
    )


def bootstrap_ci(
    gold: ArrayLike,
    system: ArrayLike,
    metric: Metric = "pearson",
    *,
    n_resamples: int = 1000,
    method: Method = "bca",
    confidence_level: float = 0.95,
    seed: int | np.random.Generator | None = None,
    jackknife_groups: int | None = JACKKNIFE_GROUPS,
    chunk_size: int | None = None,
    options: Options | None = None,
    progress: Callable[[int, int], None] | None = None,
    **option_fields: Any,
) -> BootstrapInterval:
    r"""Bootstrap confidence interval of one metric of one system, resampling pairs.

    ``method="percentile"``: the :math:`\alpha/2` and :math:`1-\alpha/2` quantiles of the
    bootstrap distribution (linear interpolation, as numpy and scipy). ``method="bca"``
    (Efron 1987; Efron & Tibshirani 1993, ch. 14): quantiles at
    :math:`\Phi\big(\hat z_0 + \frac{\hat z_0 + z_\alpha}{1 - \hat a(\hat z_0 + z_\alpha)}\big)`
    with :math:`\hat z_0 = \Phi^{-1}` (share of resamples below θ̂, ties counted half) and
    :math:`\hat a = \sum d_g^3 / (6 (\sum d_g^2)^{3/2})`, :math:`d_g = \bar\theta_{(\cdot)}
    - \theta_{(g)}`, from a delete-a-group jackknife with ``jackknife_groups`` groups
    (default 100, so O(n) memory; ``None`` = leave-one-out, identical to
    ``scipy.stats.bootstrap``). Resamples where the metric is undefined are dropped and
    counted in ``n_undefined``; BCa is NaN with a ``reason`` when every resample lies on
    one side of θ̂ or the jackknife is constant. ``options`` (or their fields as
    keywords) as for :func:`bootstrap_distribution`.

    Parameters
    ----------
    gold, system : array_like
        Gold scores and one system's scores of the same pairs.
    metric : str or callable, default "pearson"
    n_resamples : int, default 1000
    method : {"bca", "percentile"}, default "bca"
    confidence_level : float, default 0.95
    seed, jackknife_groups, chunk_size, options, progress, **option_fields
        As :func:`bootstrap_distribution`.

    Returns
    -------
    BootstrapInterval

    References
    ----------
    Efron, B. (1987). Better bootstrap confidence intervals. *JASA* 82(397), 171–185.

    Examples
    --------
    >>> ci = bootstrap_ci([1, 2, 3, 4, 5, 6], [1, 3, 2, 4, 6, 5], "spearman",
    ...                   n_resamples=200, method="percentile", seed=0)
    >>> round(ci.statistic, 6), ci.low <= ci.statistic <= ci.high
    (0.885714, True)
    """
    dist = bootstrap_distribution(
        gold,
        {"system": system},
        [metric],
        n_resamples=n_resamples,
        seed=seed,
        jackknife_groups=jackknife_groups if method == "bca" else 0,
        chunk_size=chunk_size,
        options=options,
        progress=progress,
        **option_fields,
    )
    return dist.interval(
        dist.metrics[0], "system", method=method, confidence_level=confidence_level
    )
