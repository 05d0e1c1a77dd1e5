"""Bootstrap confidence intervals over pairs, vectorized over resamples.

A resample is a vector of *multiplicities* ``w`` (how often each pair was drawn), and a
chunk of resamples is an integer matrix ``W`` (pairs × resamples). The engine knows no
metric: each metric's record brings its own form for many resamples at once
(:mod:`simeval.metrics.weighted`) — sufficient statistics, which the engine sums for all
metrics in one product ``Wᵀ F`` (Pearson's moments, the errors, the class indicators …),
or a weighted form that reads ``W`` against orders fixed by the full data (Spearman's
running sums, Kendall's discordant pairs, the gains of nCG/nDCG) — and any metric
without one is computed by its own kernel once per resample (:mod:`.per_resample`), as
is every entry a form cannot decide exactly. The point estimate is always the kernel's
value on all pairs, the value :func:`~simeval.evaluate` reports.

**Resampling scheme** (the reproducibility contract): ``rng = numpy.random.default_rng(seed)``
and resamples are drawn in chunks as ``rng.integers(0, n, size=(c, n))``. numpy draws
these values one at a time from the bit stream, so the numbers do not depend on the chunk
size ``c`` (only memory does): the same seed, ``n`` and ``n_resamples`` give the same
resamples on any machine, identical to ``scipy.stats.bootstrap(..., paired=True, rng=seed)``.
The jackknife groups of BCa are then drawn from the same generator as
``rng.permutation(n)``. ``seed=0`` is a seed like any other; ``None`` draws fresh entropy.
"""

from __future__ import annotations

from .api import (
    BATCHED_METRICS,
    BOOTSTRAP_METRICS,
    bootstrap_ci,
    bootstrap_distribution,
    higher_is_better,
    on_gold_scale,
    point_estimates,
    systems_matrix,
)
from .expressions import Metric, MetricFunction
from .intervals import BootstrapDistribution, BootstrapInterval
from .resampling import (
    CHUNK_ELEMENTS,
    JACKKNIFE_GROUPS,
    MAX_RESAMPLES,
    resample_indices,
    resample_weights,
)

__all__ = [
    "BATCHED_METRICS",
    "BOOTSTRAP_METRICS",
    "CHUNK_ELEMENTS",
    "JACKKNIFE_GROUPS",
    "MAX_RESAMPLES",
    "BootstrapDistribution",
    "BootstrapInterval",
    "Metric",
    "MetricFunction",
    "bootstrap_ci",
    "bootstrap_distribution",
    "higher_is_better",
    "on_gold_scale",
    "point_estimates",
    "resample_indices",
    "resample_weights",
    "systems_matrix",
]
