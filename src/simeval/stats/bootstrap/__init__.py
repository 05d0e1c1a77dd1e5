"""Bootstrap confidence intervals over pairs, vectorized over resamples.

A resample is a vector of *multiplicities* ``w`` (how often each pair was drawn), and a
chunk of resamples is an int32 matrix ``W`` (pairs × resamples), so every statistic is
computed from weighted sums: ``Wᵀ F`` with ``F`` the per-pair features of all systems
(Pearson's moments, absolute and squared errors, the low/high class indicators, and a
column of ones for the total weight). Spearman sorts each system once and derives the
average ranks of every resample from running weights in sorted order, in exact integer
arithmetic: the rows of ``W`` are gathered in that order onto an m × b grid whose running
sums take m vectorized row additions (:class:`_RunningSums`), several times faster than
``np.add.accumulate`` down n rows. Statistics are shared across metrics: the moments that
give Pearson also give MASE's centre, and the class counts give both accuracy and F1.
Kendall's τ-b and nCG/nDCG also come from orders fixed by the full data
(:mod:`.rank_kernels`); any other metric is computed by its own kernel once per resample
(:mod:`.per_resample`).

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
    DEFAULT_METRICS,
    bootstrap_ci,
    bootstrap_distribution,
    higher_is_better,
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
    "CHUNK_ELEMENTS",
    "DEFAULT_METRICS",
    "JACKKNIFE_GROUPS",
    "MAX_RESAMPLES",
    "BootstrapDistribution",
    "BootstrapInterval",
    "Metric",
    "MetricFunction",
    "bootstrap_ci",
    "bootstrap_distribution",
    "higher_is_better",
    "resample_indices",
    "resample_weights",
    "systems_matrix",
]
