"""Significance clusters: systems ranked by a metric and grouped where not significantly
different, the way WMT shows metric clusters (mt-metrics-eval ``AssignRanks``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import check_probability
from ..errors import InputError, InputTypeError, param
from ..metrics.registry import direction
from ..options import Options
from ..results import json_ready
from .bootstrap import Metric, bootstrap_distribution, on_gold_scale, systems_matrix
from .paired import paired_permutation_test, pairwise_bootstrap_pvalues

__all__ = ["SignificanceClusters", "cluster_systems", "holm", "significance_clusters"]


def holm(pvalues: ArrayLike) -> NDArray[np.float64]:
    r"""Holm's (1979) step-down adjusted p-values for a family of m tests.

    Sorted ascending, :math:`\tilde p_{(i)} = \max_{j \le i} \min(1, (m - j + 1)\,p_{(j)})`.
    NaN entries are not part of the family and stay NaN.

    Parameters
    ----------
    pvalues : array_like
        Any shape; NaN marks entries outside the family.

    Returns
    -------
    numpy.ndarray
        The adjusted p-values, same shape.

    References
    ----------
    Holm, S. (1979). A simple sequentially rejective multiple test procedure.
    *Scandinavian Journal of Statistics* 6(2), 65–70.

    Examples
    --------
    >>> holm([0.01, 0.04, 0.03]).tolist()
    [0.03, 0.06, 0.06]
    """
    raw = np.asarray(pvalues)
    if raw.dtype == object:  # None is a missing p-value (outside the family), as NaN
        if any(isinstance(v, (str, bytes, bool)) for v in raw.ravel()):
            raise InputTypeError(f"{param('pvalues')} must be numbers; got text or bools")
        raw = np.array([np.nan if v is None else v for v in raw.ravel()], dtype=np.float64)
        raw = raw.reshape(np.shape(pvalues))
    if raw.dtype.kind not in "fiu":
        raise InputTypeError(f"{param('pvalues')} must be numbers; got {raw.dtype} values")
    p = raw.astype(np.float64)
    p[(p > 1) & (p <= 1 + 1e-12)] = 1.0  # a p-value a rounding above 1
    outside = ~np.isnan(p) & ~((p >= 0) & (p <= 1))
    if outside.any():
        raise InputError(
            f"{param('pvalues')} must be probabilities in [0, 1] (NaN: outside the family); "
            f"got {p[outside].ravel()[0]!r}"
        )
    out = np.full(p.shape, np.nan)
    flat = p.ravel()
    ok = np.flatnonzero(~np.isnan(flat))
    if ok.size:
        order = ok[np.argsort(flat[ok], kind="stable")]
        m = order.size
        adjusted = np.minimum(1.0, (m - np.arange(m)) * flat[order])
        out.ravel()[order] = np.maximum.accumulate(adjusted)
    return out


@dataclass(frozen=True)
class SignificanceClusters:
    """Systems best first, with their cluster (1 = top) and the Holm-adjusted p-values.

    ``adjusted[i, j]`` (in ``systems`` order) is the adjusted p-value for "system i is
    better than system j", defined for i ranked above j.

    Attributes
    ----------
    systems : tuple of str
        Best first.
    values : tuple of float
        The metric's value of each.
    clusters : tuple of int
        Cluster of each, 1 = top.
    adjusted : numpy.ndarray
        Holm-adjusted p-values, in ``systems`` order.
    alpha : float
    metric : str

    Examples
    --------
    >>> p = [[np.nan, 0.01], [1.0, np.nan]]
    >>> significance_clusters({"a": 0.8, "b": 0.7}, p, metric="pearson").as_dict()["systems"]
    [{'system': 'a', 'value': 0.8, 'cluster': 1}, {'system': 'b', 'value': 0.7, 'cluster': 2}]
    """

    systems: tuple[str, ...]
    values: tuple[float, ...]
    clusters: tuple[int, ...]
    adjusted: NDArray[np.float64]
    alpha: float
    metric: str

    def as_dict(self) -> dict[str, Any]:
        rows = [
            {"system": s, "value": v, "cluster": c}
            for s, v, c in zip(self.systems, self.values, self.clusters)
        ]
        return json_ready({"metric": self.metric, "alpha": self.alpha, "systems": rows})


def significance_clusters(
    values: Mapping[str, float],
    pvalues: ArrayLike,
    *,
    higher_is_better: bool = True,
    alpha: float = 0.05,
    metric: str = "",
) -> SignificanceClusters:
    """Group systems ranked by ``values`` into clusters of not significantly different ones.

    ``pvalues[i, j]`` (rows and columns in the order of ``values``) is the one-sided p-value
    for "system i is better than system j". The p-values of the ranked pairs (i above j)
    form one family, Holm-corrected. Walking down the ranking, a system opens a new cluster
    when some system of the current cluster is significantly better than it (adjusted
    p < ``alpha``) — mt-metrics-eval's ``AssignRanks``, as in the WMT metrics tasks.

    Parameters
    ----------
    values : mapping of str to float
        Each system's value of the metric.
    pvalues : array_like
        Shape (systems, systems), see above.
    higher_is_better : bool, default True
    alpha : float, default 0.05
    metric : str, optional
        Recorded in the result.

    Returns
    -------
    SignificanceClusters

    References
    ----------
    Holm, S. (1979). A simple sequentially rejective multiple test procedure.
    *Scandinavian Journal of Statistics* 6(2), 65–70.

    Freitag, M. et al. (2021). Results of the WMT21 Metrics Shared Task. *Proceedings of
    the Sixth Conference on Machine Translation*, 733–774 (mt-metrics-eval ``AssignRanks``).

    Examples
    --------
    >>> p = [[np.nan, 0.2, 0.001], [0.9, np.nan, 0.002], [1.0, 1.0, np.nan]]
    >>> significance_clusters({"a": 0.8, "b": 0.7, "c": 0.3}, p).clusters
    (1, 1, 2)
    """
    check_probability(alpha, "alpha")
    names = list(values)
    vals = np.array([float(values[s]) for s in names])
    p = np.asarray(pvalues, dtype=np.float64)
    if p.shape != (len(names), len(names)):
        raise InputError(
            f"`pvalues` must be {len(names)}×{len(names)} (one row per system); got {p.shape}"
        )
    if np.isnan(vals).any():
        raise InputError(f"system {names[int(np.argmax(np.isnan(vals)))]!r} has no value; drop it")
    key = -vals if higher_is_better else vals
    order = np.argsort(key, kind="stable")
    ranked = p[np.ix_(order, order)]
    upper = np.triu(np.ones_like(ranked, dtype=bool), k=1)
    family = np.where(upper, ranked, np.nan)
    adjusted = holm(family)
    clusters, current, start = [], 1, 0
    for i in range(len(order)):
        if i and np.any(adjusted[start:i, i] < alpha):
            current += 1
            start = i
        clusters.append(current)
    return SignificanceClusters(
        systems=tuple(names[i] for i in order),
        values=tuple(float(vals[i]) for i in order),
        clusters=tuple(clusters),
        adjusted=adjusted,
        alpha=alpha,
        metric=metric,
    )


def cluster_systems(
    gold: ArrayLike,
    systems: Mapping[str, ArrayLike],
    metric: Metric = "pearson",
    *,
    test: Literal["bootstrap", "permutation"] = "bootstrap",
    n_resamples: int = 1000,
    seed: int | None = None,
    alpha: float = 0.05,
    higher_is_better: bool | None = None,
    options: Options | None = None,
    **option_fields: Any,
) -> SignificanceClusters:
    """Rank ``systems`` by ``metric`` and cluster them with Holm-corrected paired tests.

    ``test="bootstrap"`` shares one set of resamples between all pairs;
    ``"permutation"`` runs an approximate randomization test per ordered pair (slower).
    ``options`` (or their fields as keywords) as for :func:`~simeval.evaluation.evaluate.evaluate`.

    Parameters
    ----------
    gold : array_like
        Gold scores.
    systems : mapping of str to array_like
        Each system's scores of the same pairs.
    metric : str or callable, default "pearson"
    test : {"bootstrap", "permutation"}, default "bootstrap"
    n_resamples : int, default 1000
    seed : int, optional
    alpha : float, default 0.05
    higher_is_better : bool, optional
        Default: the metric's registered direction.
    options : Options, optional
    **option_fields
        Fields of :class:`~simeval.options.Options` that override ``options``.

    Returns
    -------
    SignificanceClusters

    Examples
    --------
    >>> res = cluster_systems([1, 2, 3, 4, 5, 6, 7, 8], {"good": [1, 2, 3, 4, 5, 6, 8, 7],
    ...     "bad": [8, 1, 5, 2, 7, 3, 6, 4]}, n_resamples=199, seed=0)
    >>> res.systems, res.clusters
    (('good', 'bad'), (1, 2))
    """
    if test not in ("bootstrap", "permutation"):
        raise InputError(f"test must be 'bootstrap' or 'permutation'; got {test!r}")
    g, S, names, opts = systems_matrix(gold, systems, Options.of(options, **option_fields))
    dist = bootstrap_distribution(
        g,
        dict(zip(names, S)),
        [metric],
        n_resamples=n_resamples if test == "bootstrap" else 1,
        seed=seed,
        jackknife_groups=0,
        options=opts,
    )
    # the permutation test swaps scores between two systems: on the gold scale
    mapped = on_gold_scale(S, names, opts, g)
    fixed = opts.on_gold_scale()
    label = dist.metrics[0]
    hib = direction(metric if callable(metric) else label, higher_is_better)
    if test == "bootstrap":
        p = pairwise_bootstrap_pvalues(dist, label, higher_is_better=hib)
    else:
        p = np.full((len(names), len(names)), np.nan)
        for i in range(len(names)):
            for j in range(len(names)):
                if i != j:
                    p[i, j] = paired_permutation_test(
                        g,
                        mapped[i],
                        mapped[j],
                        metric,
                        n_resamples=n_resamples,
                        seed=seed,
                        alternative="greater",
                        higher_is_better=hib,
                        options=fixed,
                    ).pvalue
    values = dict(zip(dist.systems, dist.observed[0].tolist()))
    return significance_clusters(values, p, higher_is_better=hib, alpha=alpha, metric=label)
