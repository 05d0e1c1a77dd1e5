"""Is system A better than system B over a collection of data sets (STS12–16, the seven
MTEB STS sets)? A paired bootstrap stratified by data set of the collection's aggregate.

Each data set's pairs are resampled on their own (a stratified bootstrap: every resample
keeps each set's size), every system is scored on the same resamples, and the aggregate
of the protocol — the Fisher-z mean of correlations (Atoum 2019, eq. 4–5), the mean
weighted by pairs (SemEval's official mean, SentEval's ``wmean``) or the plain mean
(SimCSE's "Avg.") — is recomputed on each resample
(:func:`simeval.metrics.means.aggregate_along`). The aggregate's bootstrap distribution then
gives each system's interval, the paired tests between systems (Holm-corrected, as
:func:`~simeval.stats.clusters.significance_clusters`) and the rank intervals over the
collection (:mod:`~simeval.stats.rank_intervals`).

**Seeding** (the reproducibility contract): data set d, in the order given, draws its
resamples from ``numpy.random.default_rng(numpy.random.SeedSequence(seed).spawn(D)[d])`` by
the scheme of :mod:`simeval.stats.bootstrap`
(:func:`~simeval.stats.bootstrap.resampling.dataset_generators`); children of a
``SeedSequence`` do not depend on how many are spawned, so adding a data set at the end
leaves the others' resamples as they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import check_probability
from ..errors import InputError
from ..metrics.means import Aggregate, aggregate_along
from ..metrics.registry import direction
from ..options import Options
from ..results import json_ready
from .bootstrap import BootstrapDistribution, BootstrapInterval, Metric, bootstrap_distribution
from .bootstrap.resampling import dataset_generators
from .clusters import SignificanceClusters, significance_clusters
from .paired import PairedTestResult, paired_bootstrap_from_distribution, pairwise_bootstrap_pvalues
from .rank_intervals import RankIntervals, rank_intervals

__all__ = ["CollectionComparison", "collection_bootstrap"]

DataSet = tuple[ArrayLike, Mapping[str, ArrayLike]]


@dataclass(frozen=True, eq=False)
class CollectionComparison:
    """Systems compared over a collection of data sets by the bootstrap of an aggregate.

    Attributes
    ----------
    metric, aggregate : str
        The measure and how the data sets' values are combined.
    datasets, systems : tuple of str
        In the order given.
    n_pairs : tuple of int
        The pairs of each data set.
    per_dataset : numpy.ndarray
        ``[d, k]``: system k's metric on data set d (full data).
    values : numpy.ndarray
        Each system's aggregate.
    higher_is_better : bool
        The measure's direction.
    distribution : BootstrapDistribution
        The aggregate's bootstrap distribution (one metric, labelled ``aggregate:metric``;
        the same stratified resamples for every system).
    intervals : tuple of BootstrapInterval
        Each system's percentile interval.
    clusters : SignificanceClusters
        Holm-corrected paired bootstrap tests, WMT style.
    ranks : RankIntervals
        Rank intervals over the collection.
    confidence_level, alpha : float
        Of the intervals, and of the tests.
    n_resamples : int
        Resamples per data set.
    seed : int or None
        The seed.

    Examples
    --------
    Made by :func:`collection_bootstrap`; a system far noisier than another ranks second
    on every resample:

    >>> rng = np.random.default_rng(0)
    >>> g = rng.uniform(0, 5, (2, 40))
    >>> sets = {f"s{i}": (g[i], {"good": g[i] + rng.normal(0, 0.5, 40),
    ...                          "poor": g[i] + rng.normal(0, 5, 40)}) for i in range(2)}
    >>> res = collection_bootstrap(sets, "pearson", n_resamples=100, seed=0)
    >>> res.label, res.per_dataset.shape, res.ranks.systems, res.ranks.high.tolist()
    ('fisher_z:pearson', (2, 2), ('good', 'poor'), [1.0, 2.0])
    """

    metric: str
    aggregate: str
    datasets: tuple[str, ...]
    n_pairs: tuple[int, ...]
    systems: tuple[str, ...]
    per_dataset: NDArray[np.float64]
    values: NDArray[np.float64]
    higher_is_better: bool
    distribution: BootstrapDistribution
    intervals: tuple[BootstrapInterval, ...]
    clusters: SignificanceClusters
    ranks: RankIntervals
    confidence_level: float
    alpha: float
    n_resamples: int
    seed: int | None

    @property
    def label(self) -> str:
        """The aggregate's name, e.g. ``fisher_z:spearman``."""
        return self.distribution.metrics[0]

    def test(self, system_a: str, system_b: str) -> PairedTestResult:
        """Two-sided paired bootstrap test of A against B on the aggregate (not corrected
        for multiple comparisons; ``clusters`` holds the Holm-corrected family)."""
        return paired_bootstrap_from_distribution(
            self.distribution,
            self.label,
            system_a,
            system_b,
            higher_is_better=self.higher_is_better,
        )

    def pairwise(self) -> list[dict[str, Any]]:
        """Every pair of systems, better first (by the aggregate): the difference of the
        aggregates and the Holm-adjusted one-sided p-value of the paired bootstrap test that
        the first is better (the family of ``clusters``)."""
        c = self.clusters
        value = dict(zip(c.systems, c.values))
        return [
            {
                "system_a": a,
                "system_b": b,
                "difference": value[a] - value[b],
                "pvalue_holm": float(c.adjusted[i, j]),
            }
            for i, a in enumerate(c.systems)
            for j, b in enumerate(c.systems)
            if i < j
        ]

    def summary(self) -> str:
        """The verdict in one sentence: who is best over the collection, and whether
        significantly.

        >>> rng = np.random.default_rng(0)
        >>> sets = {}
        >>> for name in ("s1", "s2", "s3"):
        ...     g = rng.uniform(0, 5, 60)
        ...     sets[name] = (g, {"good": g + rng.normal(0, 0.5, 60),
        ...                       "poor": g + rng.normal(0, 3, 60)})
        >>> res = collection_bootstrap(sets, "spearman", n_resamples=200, seed=0)
        >>> print(res.summary())  # doctest: +ELLIPSIS
        Over 3 data sets (fisher_z of spearman), good is best (0.9...); it is significantly
        better than every other system (Holm, alpha = 0.05).
        """
        best = self.clusters.systems[0]
        value = self.clusters.values[0]
        tied = [s for s, c in zip(self.clusters.systems[1:], self.clusters.clusters[1:]) if c == 1]
        head = (
            f"Over {len(self.datasets)} data sets ({self.aggregate} of {self.metric}), "
            f"{best} is best ({value:.4g})"
        )
        how = f"(Holm, alpha = {self.alpha:g})"
        if len(self.systems) == 1:
            return head + "."
        if not tied:
            return f"{head}; it is significantly better than every other system {how}."
        return (
            f"{head}, but not significantly better than {', '.join(tied)} {how}; "
            f"{best} ranks first in {self.ranks.p_best[0] * 100:.0f}% of the resamples."
        )

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: the settings, each system's aggregate with its interval and cluster,
        the per-data-set values, and the rank intervals."""
        cluster_of = dict(zip(self.clusters.systems, self.clusters.clusters))
        rows = []
        for k, s in enumerate(self.systems):
            ci = self.intervals[k]
            rows.append(
                {
                    "system": s,
                    "value": float(self.values[k]),
                    "ci_low": ci.low,
                    "ci_high": ci.high,
                    "cluster": cluster_of[s],
                    "per_dataset": dict(zip(self.datasets, self.per_dataset[:, k].tolist())),
                }
            )
        return json_ready(
            {
                "metric": self.metric,
                "aggregate": self.aggregate,
                "datasets": [{"dataset": d, "n": n} for d, n in zip(self.datasets, self.n_pairs)],
                "higher_is_better": self.higher_is_better,
                "confidence_level": self.confidence_level,
                "alpha": self.alpha,
                "n_resamples": self.n_resamples,
                "seed": self.seed,
                "systems": rows,
                "pairwise": self.pairwise(),
                "ranks": self.ranks.as_dict(),
                "summary": self.summary(),
            }
        )


def collection_bootstrap(
    datasets: Mapping[str, DataSet],
    metric: Metric = "spearman",
    *,
    aggregate: Aggregate = "fisher_z",
    weights: Mapping[str, float] | None = None,
    n_resamples: int = 1000,
    seed: int | np.random.Generator | None = None,
    confidence_level: float = 0.95,
    alpha: float = 0.05,
    higher_is_better: bool | None = None,
    options: Options | Mapping[str, Options] | None = None,
) -> CollectionComparison:
    """Compare systems over a collection: a paired bootstrap stratified by data set.

    Parameters
    ----------
    datasets : mapping name → (gold, {system: scores})
        Every data set must have the same systems.
    metric : str
        A metric of :func:`~simeval.stats.bootstrap.bootstrap_distribution`.
    aggregate : {"fisher_z", "weighted_mean", "mean"}
        How the per-data-set values are combined (:func:`~simeval.metrics.means.aggregate_along`).
    weights : mapping name → weight, optional
        For ``"weighted_mean"`` (and optionally ``"fisher_z"``); the weighted mean defaults
        to each set's number of pairs (after ``nan_policy``).
    n_resamples, seed
        Resamples per data set and the seed of the scheme in the module's docstring.
    confidence_level, alpha
        Of the percentile intervals, and of the Holm-corrected tests and rank separability.
    options : Options or mapping name → Options, optional
        As for :func:`~simeval.stats.bootstrap.bootstrap_distribution` (scales differ
        between collections such as STS 0–5 and SICK 1–5: give one per set).

    Returns
    -------
    CollectionComparison

    Examples
    --------
    >>> rng = np.random.default_rng(1)
    >>> sets = {}
    >>> for name in ("sts12", "sts13"):
    ...     g = rng.uniform(0, 5, 50)
    ...     sets[name] = (g, {"a": g + rng.normal(0, 1, 50), "b": g + rng.normal(0, 1, 50)})
    >>> res = collection_bootstrap(sets, "pearson", aggregate="weighted_mean", n_resamples=100,
    ...                            seed=0)
    >>> res.label, res.distribution.resamples.shape
    ('weighted_mean:pearson', (1, 2, 100))
    """
    check_probability(confidence_level, "confidence_level")
    check_probability(alpha, "alpha")
    if not isinstance(datasets, Mapping) or not datasets:
        raise InputError("`datasets` must be a non-empty mapping name → (gold, systems)")
    names = [str(d) for d in datasets]
    systems = _common_systems(datasets)
    rngs = dataset_generators(seed, len(names))
    labels: list[str] = []
    per_dataset, boot, n_pairs = [], [], []
    for name, rng in zip(names, rngs):
        gold, scores = datasets[name]
        dist = bootstrap_distribution(
            gold,
            {s: scores[s] for s in systems},
            [metric],
            n_resamples=n_resamples,
            seed=rng,
            jackknife_groups=0,
            options=_options_for(options, name),
        )
        labels.append(dist.metrics[0])
        per_dataset.append(dist.observed[0])
        boot.append(dist.resamples[0])
        n_pairs.append(dist.n)
    label = labels[0]
    hib = direction(metric if callable(metric) else label, higher_is_better)
    w = _weights(aggregate, weights, names, n_pairs)
    observed = aggregate_along(np.stack(per_dataset), aggregate, weights=w)
    resamples = aggregate_along(np.stack(boot), aggregate, weights=w)
    agg = BootstrapDistribution(
        metrics=(f"{aggregate}:{label}",),
        systems=systems,
        observed=observed[None, :],
        resamples=resamples[None, :, :],
        jackknife=None,
        n=int(sum(n_pairs)),
        seed=seed if isinstance(seed, (int, np.integer)) else None,
    )
    key = agg.metrics[0]
    intervals = tuple(
        agg.interval(key, s, method="percentile", confidence_level=confidence_level)
        for s in systems
    )
    pvalues = pairwise_bootstrap_pvalues(agg, key, higher_is_better=hib)
    clusters = significance_clusters(
        dict(zip(systems, observed.tolist())),
        pvalues,
        higher_is_better=hib,
        alpha=alpha,
        metric=key,
    )
    ranks = rank_intervals(
        agg, key, confidence_level=confidence_level, alpha=alpha, higher_is_better=hib
    )
    return CollectionComparison(
        metric=label,
        aggregate=aggregate,
        datasets=tuple(names),
        n_pairs=tuple(n_pairs),
        systems=systems,
        per_dataset=np.stack(per_dataset),
        values=observed,
        higher_is_better=hib,
        distribution=agg,
        intervals=intervals,
        clusters=clusters,
        ranks=ranks,
        confidence_level=confidence_level,
        alpha=alpha,
        n_resamples=int(resamples.shape[-1]),
        seed=agg.seed,
    )


def _common_systems(datasets: Mapping[str, DataSet]) -> tuple[str, ...]:
    """The systems of the first data set, checked to be those of every other set."""
    first: tuple[str, ...] = ()
    for name, entry in datasets.items():
        if not (isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[1], Mapping)):
            raise InputError(
                f"data set {name!r}: give a pair (gold, {{system: scores}}); got "
                f"{type(entry).__name__}"
            )
        systems = tuple(str(s) for s in entry[1])
        if not first:
            first = systems
            if len(first) < 2:
                raise InputError(f"data set {name!r}: compare at least 2 systems")
        elif set(systems) != set(first):
            missing = sorted(set(first) ^ set(systems))
            raise InputError(
                f"data set {name!r} does not have the same systems as the first set "
                f"(differs in {missing}); score every system on every set"
            )
    return first


def _options_for(options: Options | Mapping[str, Options] | None, name: str) -> Options | None:
    if options is None or isinstance(options, Options):
        return options
    if name not in options:
        raise InputError(f"`options` has no entry for data set {name!r}; give one per set")
    return options[name]


def _weights(
    aggregate: Aggregate,
    weights: Mapping[str, float] | None,
    names: list[str],
    n_pairs: list[int],
) -> NDArray[np.float64] | None:
    if weights is not None:
        missing = [d for d in names if d not in weights]
        if missing:
            raise InputError(f"`weights` has no weight for data set {missing[0]!r}")
        return np.array([float(weights[d]) for d in names])
    if aggregate == "weighted_mean":
        return np.array(n_pairs, dtype=np.float64)
    return None
