"""Statistics across systems: bootstrap intervals, paired significance tests, tests for
dependent correlations (Williams, Steiger, Zou) and significance clusters."""

from __future__ import annotations

from .bootstrap import (
    BootstrapDistribution,
    BootstrapInterval,
    bootstrap_ci,
    bootstrap_distribution,
)
from .clusters import SignificanceClusters, cluster_systems, holm, significance_clusters
from .dependent import (
    DependentCorrelationTest,
    steiger_z,
    steiger_z_from_r,
    williams_test,
    williams_test_from_r,
    zou_ci,
    zou_ci_from_r,
)
from .paired import (
    PairedTestResult,
    paired_bootstrap_from_distribution,
    paired_bootstrap_test,
    paired_permutation_test,
    pairwise_bootstrap_pvalues,
)

__all__ = [
    "BootstrapDistribution",
    "BootstrapInterval",
    "DependentCorrelationTest",
    "PairedTestResult",
    "SignificanceClusters",
    "bootstrap_ci",
    "bootstrap_distribution",
    "cluster_systems",
    "holm",
    "paired_bootstrap_from_distribution",
    "paired_bootstrap_test",
    "paired_permutation_test",
    "pairwise_bootstrap_pvalues",
    "significance_clusters",
    "steiger_z",
    "steiger_z_from_r",
    "williams_test",
    "williams_test_from_r",
    "zou_ci",
    "zou_ci_from_r",
]
