"""Is system A better than system B? Everything ``simeval compare`` reports, as data.

:func:`compare` evaluates the systems (:func:`~simeval.evaluation.evaluate.evaluate`), bootstraps
every metric on shared resamples (:mod:`simeval.stats.bootstrap`), and from those
resamples derives, per metric,

- a bootstrap confidence interval for each system (BCa by default, or percentile);
- paired bootstrap p-values for every ordered pair of systems, Holm-corrected, and the
  significance clusters they imply (WMT style: rank 1 = not significantly worse than the
  best);
- for Pearson and Spearman, the tests for two dependent correlations that share the gold
  scores: Williams' t, Steiger's z and Zou's (2007) interval of the difference;
- optionally a paired approximate-randomization test (``permutations > 0``);
- the rank of every system on each resample: its rank interval, the probability of being
  first and the pairs whose order is separable (:mod:`simeval.stats.rank_intervals`);

and across metrics the rank agreement of Reimers et al. 2016 Table 1 (mean and max absolute rank
difference, Kendall τ between rankings).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import check_choice, check_int, rng_of
from ..errors import InputError
from ..meta.ranks import RankAgreement, rank_agreement
from ..metrics.registry import get_metric
from ..options import Options
from ..results import json_ready
from ..stats.bootstrap import (
    BOOTSTRAP_METRICS,
    JACKKNIFE_GROUPS,
    BootstrapDistribution,
    BootstrapInterval,
    bootstrap_distribution,
    on_gold_scale,
    systems_matrix,
)
from ..stats.bootstrap.intervals import BOOTSTRAP_CI_METHODS
from ..stats.bootstrap.resampling import MIN_INTERVAL_RESAMPLES, check_resamples
from ..stats.bootstrap.resolution import resolution_warning, sample_warning
from ..stats.clusters import SignificanceClusters, significance_clusters
from ..stats.paired import paired_permutation_tests, pairwise_bootstrap_pvalues
from ..stats.rank_intervals import RankIntervals, rank_intervals_from_values
from .evaluate import Evaluation, evaluate
from .pairwise import PairwiseComparison, pairwise_comparisons

__all__ = ["COMPARE_METRICS", "Comparison", "compare"]

#: Default metrics of :func:`compare` and ``simeval compare``: the bootstrap's, and the
#: harmonic mean of the low/high F1 (Reimers, Beyer & Gurevych 2016, Table 3).
COMPARE_METRICS: tuple[str, ...] = (*BOOTSTRAP_METRICS, "hmean(f1_low,f1_high)")


@dataclass(frozen=True)
class Comparison:
    """The result of :func:`compare`.

    Attributes
    ----------
    evaluation : Evaluation
        Every metric of every system, on the pairs compared.
    distribution : BootstrapDistribution
        The metrics on the shared bootstrap resamples.
    intervals : mapping of (system, metric) to BootstrapInterval
        Each system's bootstrap interval.
    clusters : mapping of str to SignificanceClusters
        Per metric, the systems best first and their significance clusters.
    pairwise : tuple of PairwiseComparison
        Every pair of systems under every metric, with its tests.
    agreement : tuple of RankAgreement
        How the rankings of every two metrics agree.
    ci_method : {"bca", "percentile"}
        How the intervals were computed.
    confidence_level, alpha : float
        Of the intervals, and of the clusters and the separable orders.
    permutations : int
        Approximate-randomization trials per pair (0: none).
    dropped : int
        Pairs left out because the gold or a system had no score.
    ranks : mapping of str to RankIntervals
        Per metric, the rank intervals of the systems with a defined value.

    Examples
    --------
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> cmp = compare(gold, {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4],
    ...                      "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]},
    ...               metrics=["pearson"], n_resamples=200, seed=0)
    >>> cmp.ranked("pearson"), cmp.cluster_of("noisy", "pearson")
    (('good', 'noisy'), 2)
    >>> cmp.signature.split("|")[-5:]
    ['bootstrap:200', 'ci:bca:0.95', 'seed:0', 'test:paired_bootstrap+holm', 'alpha:0.05']
    """

    evaluation: Evaluation
    distribution: BootstrapDistribution
    intervals: Mapping[tuple[str, str], BootstrapInterval]
    clusters: Mapping[str, SignificanceClusters]
    pairwise: tuple[PairwiseComparison, ...]
    agreement: tuple[RankAgreement, ...]
    ci_method: str
    confidence_level: float
    alpha: float
    permutations: int
    #: Pairs left out because the gold or a system had no score (``nan_policy="omit"``).
    dropped: int = 0
    #: Per metric, the rank intervals of the systems with a defined value (none for a
    #: metric with fewer than two), on the resamples of ``distribution``.
    ranks: Mapping[str, RankIntervals] = field(default_factory=dict)

    @property
    def metrics(self) -> tuple[str, ...]:
        return self.distribution.metrics

    @property
    def systems(self) -> tuple[str, ...]:
        return self.distribution.systems

    @property
    def signature(self) -> str:
        return (
            f"{self.evaluation.signature}|bootstrap:{self.distribution.resamples.shape[2]}"
            f"|ci:{self.ci_method}:{self.confidence_level:g}|seed:{self.distribution.seed}"
            f"|test:paired_bootstrap+holm|alpha:{self.alpha:g}"
            + (f"|permutations:{self.permutations}" if self.permutations else "")
        )

    def cluster_of(self, system: str, metric: str) -> int | None:
        """The system's significance cluster under ``metric`` (1 = top); None when its
        value is undefined."""
        c = self.clusters[metric]
        return c.clusters[c.systems.index(system)] if system in c.systems else None

    def ranked(self, metric: str) -> tuple[str, ...]:
        """Systems best first under ``metric``; those with an undefined value last."""
        ranked = self.clusters[metric].systems
        return ranked + tuple(s for s in self.systems if s not in ranked)

    @property
    def resolution_warning(self) -> str | None:
        """Why no pair can be significant (:func:`.resolution.resolution_warning`)."""
        resamples = int(self.distribution.resamples.shape[2])
        return resolution_warning(len(self.systems), resamples, self.alpha)

    @property
    def sample_warning(self) -> str | None:
        """Why the bootstrap says little (:func:`.resolution.sample_warning`)."""
        resamples = int(self.distribution.resamples.shape[2])
        return sample_warning(self.evaluation.n - self.dropped, resamples)

    @property
    def warnings(self) -> tuple[str, ...]:
        """:attr:`sample_warning` and :attr:`resolution_warning`, those that apply."""
        return tuple(w for w in (self.sample_warning, self.resolution_warning) if w)

    def significantly_best(self, metric: str) -> str | None:
        """The top system when it alone forms cluster 1 (better than every other), else None."""
        c = self.clusters[metric]
        return c.systems[0] if len(c.clusters) > 1 and c.clusters[1] > 1 else None

    def records(self) -> list[dict[str, Any]]:
        """One record per system and metric: value, bootstrap CI, cluster."""
        out = []
        for s in self.systems:
            for m in self.metrics:
                iv = self.intervals[(s, m)]
                res = self.evaluation.results[s][m]
                out.append(
                    json_ready(
                        {
                            "system": s,
                            "metric": m,
                            "value": res.statistic,
                            "bin": None,
                            "n": res.n,
                            "pvalue": getattr(res, "pvalue", None),
                            "ci_low": iv.low,
                            "ci_high": iv.high,
                            "ci_method": iv.method,
                            "cluster": self.cluster_of(s, m),
                            "reason": res.reason or iv.reason,
                        }
                    )
                )
        return out

    def plot(self, kind: str = "forest", *, ax: Any = None, **kw: Any) -> Any:
        """A matplotlib figure of the comparison (needs ``pip install 'simeval[plot]'``)
        for ``metric=`` (default: the first): ``"forest"`` every system's bootstrap
        interval with its significance cluster, ``"pvalues"`` the Holm-adjusted paired
        bootstrap p-values (Holm 1979), ``"ranks"`` the ranks under every metric (a bump
        chart), ``"agreement"`` the rank agreement of Reimers et al. 2016, Table 1.
        Without ``ax`` the figure is made through pyplot (``plt.show()`` and notebooks
        display it) and returned; with ``ax`` it is drawn there and the Axes returned."""
        from ..report import figures

        return figures.comparison_figure(self, kind, ax=ax, **kw)


def compare(
    gold: ArrayLike,
    systems: Mapping[str, ArrayLike],
    *,
    metrics: Sequence[str] | None = None,
    options: Options | None = None,
    n_resamples: int = 1000,
    seed: int | None = None,
    ci: str = "bca",
    confidence_level: float = 0.95,
    alpha: float = 0.05,
    permutations: int = 0,
    progress: Callable[[int, int], None] | None = None,
    **option_fields: Any,
) -> Comparison:
    """Compare systems under several metrics with intervals and significance tests.

    With ``nan_policy="omit"`` the pairs where the gold or *any* system is missing are
    dropped for every system, so that the comparison stays paired (``dropped`` counts them).

    Parameters
    ----------
    gold, systems
        Gold scores and a mapping ``name → system scores`` (same length, aligned).
    metrics : sequence of str, optional
        Default :data:`COMPARE_METRICS`.
    options : Options, optional
        As for :func:`~simeval.evaluation.evaluate.evaluate`.
    n_resamples : int, default 1000
        Bootstrap resamples of the pairs, shared by all systems and metrics so that the
        tests are paired; at least
        :data:`~simeval.stats.bootstrap.resampling.MIN_INTERVAL_RESAMPLES`.
    seed : int, optional
        Of the resamples (0 is a seed).
    ci : {"bca", "percentile"}
        The bootstrap interval.
    confidence_level : float, default 0.95
        Of the intervals and the rank intervals.
    alpha : float, default 0.05
        Of the clusters and of the separable orders of ``ranks``.
    permutations : int, default 0
        Approximate-randomization trials per pair of systems (0: none).
    progress : callable, optional
        ``progress(done, total)`` over the resamples.
    **option_fields
        Fields of :class:`~simeval.Options` (``scale=(0, 5)``, ``nan_policy="omit"`` …).

    Returns
    -------
    Comparison

    Raises
    ------
    InputError
        A bad ``ci``, seed or count of resamples, an unknown metric, or scores that do not
        pair with the gold.

    References
    ----------
    Efron, B. (1987). Better bootstrap confidence intervals. *Journal of the American
    Statistical Association* 82(397), 171–185 (BCa).

    Holm, S. (1979). A simple sequentially rejective multiple test procedure.
    *Scandinavian Journal of Statistics* 6(2), 65–70.

    Reimers, N., Beyer, P. & Gurevych, I. (2016). Task-oriented intrinsic evaluation of
    semantic textual similarity. *COLING 2016*, 87–96, Table 1.

    Examples
    --------
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> cmp = compare(gold, {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4],
    ...                      "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]},
    ...               metrics=["pearson"], n_resamples=200, seed=0)
    >>> cmp.clusters["pearson"].systems, cmp.clusters["pearson"].clusters
    (('good', 'noisy'), (1, 2))
    >>> cmp.ranks["pearson"].low.tolist(), cmp.ranks["pearson"].high.tolist()
    ([1.0, 2.0], [1.0, 2.0])
    """
    opts = Options.of(options, **option_fields)
    rng_of(seed)  # a bad seed is refused before any work
    check_choice("ci", ci, BOOTSTRAP_CI_METHODS)
    check_resamples(n_resamples, minimum=MIN_INTERVAL_RESAMPLES)
    if permutations:
        check_int(permutations, "permutations")
    if isinstance(metrics, str):  # one metric by name, not its characters
        metrics = [metrics]
    names = tuple(get_metric(m).name for m in (metrics or COMPARE_METRICS))
    if not isinstance(systems, Mapping):
        raise InputError(f"`systems` must be a mapping name → scores; got {type(systems).__name__}")
    g, S, order, opts = systems_matrix(gold, systems, opts)  # the pairs every system has
    dropped = np.asarray(gold, dtype=np.float64).size - g.size
    kept = _kept_pairs(gold, systems) if dropped else None
    kept_systems = {
        k: np.asarray(v, dtype=np.float64)[kept] if kept is not None else v
        for k, v in systems.items()
    }
    ev = evaluate(g, kept_systems, metrics=names, options=opts)
    scores = dict(zip(order, S))
    # the permutation tests swap scores between two systems: on the gold scale
    mapped = dict(zip(order, on_gold_scale(S, order, opts, g)))
    fixed = opts.on_gold_scale()
    dist = bootstrap_distribution(
        g,
        scores,
        names,
        n_resamples=n_resamples,
        seed=seed,
        jackknife_groups=JACKKNIFE_GROUPS if ci == "bca" else 0,
        options=opts,
        progress=progress,
    )
    intervals = {
        (s, m): dist.interval(m, s, method=ci, confidence_level=confidence_level)  # type: ignore[arg-type]
        for s in dist.systems
        for m in dist.metrics
    }
    # Two-sided permutation p-values, every metric of a pair on the same trials (and the
    # same for (a, b) and (b, a): the null of one is the mirror of the other's).
    permutation_p: dict[frozenset[str], dict[str, float]] = {}
    if permutations:
        for i, a in enumerate(dist.systems):
            for b in dist.systems[i + 1 :]:
                tests = paired_permutation_tests(
                    g,
                    mapped[a],
                    mapped[b],
                    dist.metrics,
                    n_resamples=permutations,
                    seed=seed,
                    alternative="two-sided",
                    options=fixed,
                )
                permutation_p[frozenset((a, b))] = {t.metric: t.pvalue for t in tests}
    clusters: dict[str, SignificanceClusters] = {}
    pairwise: list[PairwiseComparison] = []
    ranks: dict[str, RankIntervals] = {}
    for m in dist.metrics:
        hib = get_metric(m).higher_is_better
        p = pairwise_bootstrap_pvalues(dist, m, higher_is_better=hib)
        raw = {
            (a, b): float(p[i, j])
            for i, a in enumerate(dist.systems)
            for j, b in enumerate(dist.systems)
        }
        # Systems whose value is undefined (a constant system …) are left out of the
        # clusters (their cluster is None) rather than stopping the report.
        keep = [i for i, s in enumerate(dist.systems) if not math.isnan(ev.value(s, m))]
        values = {dist.systems[i]: ev.value(dist.systems[i], m) for i in keep}
        cl = significance_clusters(
            values, p[np.ix_(keep, keep)], higher_is_better=hib, alpha=alpha, metric=m
        )
        clusters[m] = cl
        pairwise.extend(pairwise_comparisons(m, cl, raw, scores, ev, permutation_p))
        if len(keep) > 1:
            ranks[m] = rank_intervals_from_values(
                [values[dist.systems[i]] for i in keep],
                dist.resamples[dist.metrics.index(m)][keep],
                [dist.systems[i] for i in keep],
                metric=m, higher_is_better=hib, confidence_level=confidence_level,
                alpha=alpha, seed=dist.seed,
            )  # fmt: skip
    table = {m: {s: ev.value(s, m) for s in dist.systems} for m in dist.metrics}
    defined = {m: t for m, t in table.items() if not any(math.isnan(v) for v in t.values())}
    agreement = tuple(rank_agreement(defined)) if len(defined) > 1 and len(systems) > 1 else ()
    return Comparison(
        ev,
        dist,
        intervals,
        clusters,
        tuple(pairwise),
        agreement,
        ci,
        confidence_level,
        alpha,
        permutations,
        dropped,
        ranks,
    )


def _kept_pairs(gold: ArrayLike, systems: Mapping[str, ArrayLike]) -> NDArray[np.bool_]:
    """The pairs where the gold and every system have a score."""
    keep = ~np.isnan(np.asarray(gold, dtype=np.float64))
    for v in systems.values():
        keep &= ~np.isnan(np.asarray(v, dtype=np.float64))
    return keep
