"""Statistics across systems: bootstrap intervals, paired significance tests, tests for
dependent correlations (Williams, Steiger, Zou), significance clusters, rank intervals of a
leaderboard, many systems over many data sets (the stratified collection bootstrap;
Friedman, Iman–Davenport and Nemenyi), and the human ceiling (inter-annotator agreement)."""

from __future__ import annotations

from .agreement import AgreementMeasure, RaterAgreement, rater_agreement
from .bootstrap import (
    BootstrapDistribution,
    BootstrapInterval,
    bootstrap_ci,
    bootstrap_distribution,
)
from .ceiling import HumanCeiling, SystemVsHumans, human_ceiling
from .clusters import SignificanceClusters, cluster_systems, holm, significance_clusters
from .collections import CollectionComparison, collection_bootstrap
from .dependent import (
    DependentCorrelationTest,
    steiger_z,
    steiger_z_from_r,
    williams_test,
    williams_test_from_r,
    zou_ci,
    zou_ci_from_r,
)
from .friedman import FriedmanNemenyi, friedman_from_ranks, friedman_test
from .nemenyi import nemenyi_q
from .paired import (
    PairedTestResult,
    paired_bootstrap_from_distribution,
    paired_bootstrap_test,
    paired_permutation_test,
    pairwise_bootstrap_pvalues,
)
from .rank_intervals import RankIntervals, rank_intervals, rank_intervals_from_values

__all__ = [
    "AgreementMeasure",
    "BootstrapDistribution",
    "BootstrapInterval",
    "CollectionComparison",
    "DependentCorrelationTest",
    "FriedmanNemenyi",
    "HumanCeiling",
    "PairedTestResult",
    "RankIntervals",
    "RaterAgreement",
    "SignificanceClusters",
    "SystemVsHumans",
    "bootstrap_ci",
    "bootstrap_distribution",
    "cluster_systems",
    "collection_bootstrap",
    "friedman_from_ranks",
    "friedman_test",
    "holm",
    "human_ceiling",
    "nemenyi_q",
    "paired_bootstrap_from_distribution",
    "paired_bootstrap_test",
    "paired_permutation_test",
    "pairwise_bootstrap_pvalues",
    "rank_intervals",
    "rank_intervals_from_values",
    "rater_agreement",
    "significance_clusters",
    "steiger_z",
    "steiger_z_from_r",
    "williams_test",
    "williams_test_from_r",
    "zou_ci",
    "zou_ci_from_r",
]
