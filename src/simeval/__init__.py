"""simeval: evaluate similarity systems the way the task needs, not by one Pearson's r.

>>> import simeval as se
>>> round(se.pearson([1, 2, 3, 4], [1, 3, 2, 4]).statistic, 3)
0.8

Only numpy and scipy are imported here; pandas, matplotlib and torch load lazily where
tables are read or plots drawn.
"""

from __future__ import annotations

from ._version import __version__
from .binning import Bins
from .calibration import Calibration
from .errors import (
    DataError,
    InputError,
    InputTypeError,
    MissingExtraError,
    SimevalError,
    UndefinedMetricWarning,
)
from .evaluation.evaluate import Evaluation, evaluate
from .evaluation.records import Record
from .intervals import fisher_interval
from .metrics.correlation import kendall, pearson, spearman
from .metrics.gain import ncg, ncg_avg_rank, ndcg, ndcg_avg_rank
from .metrics.means import fisher_z_mean
from .metrics.percentage import mape, smape
from .metrics.rankdcg import rankdcg
from .metrics.registry import DEFAULT_METRICS, TABLE2_MEASURES, available_metrics, get_metric
from .metrics.scaled import scaled_pearson
from .metrics.scaled_errors import mae, mase, msse, nmase, nmsse
from .metrics.three_class import accuracy3, f1_macro3
from .metrics.threshold import accuracy_high, accuracy_low, f1_high, f1_low, hmean, macro_avg
from .options import Options
from .results import (
    BinResult,
    ConfidenceInterval,
    CorrelationResult,
    MetricResult,
    ScaledPearsonResult,
)

#: Submodules loaded on first attribute access (``se.wordsim``), so that ``import simeval``
#: stays light: they pull in scipy.spatial, pandas or matplotlib only when used. Short
#: names map to where the module lives (``se.compare`` is :mod:`simeval.evaluation.compare`).
_LAZY_SUBMODULES = {
    "wordsim": "wordsim",
    "vectors": "vectors",
    "stats": "stats",
    "meta": "meta",
    "io": "io",
    "datasets": "datasets",
    "paraphrase": "paraphrase",
    "scorers": "scorers",
    "evaluation": "evaluation",
    "runs": "runs",
    "report": "report",
    "intervals": "intervals",
    "metrics": "metrics",
    "compare": "evaluation.compare",
    "aggregate": "evaluation.aggregate",
    "semeval": "runs.semeval",
    "extrinsic": "meta.extrinsic",
}


#: Functions re-exported lazily from those submodules: ``se.williams_test(gold, a, b)``.
_LAZY_FUNCTIONS = {
    "williams_test": "stats",
    "williams_test_from_r": "stats",
    "steiger_z": "stats",
    "zou_ci": "stats",
    "bootstrap_ci": "stats",
    "paired_bootstrap_test": "stats",
    "paired_permutation_test": "stats",
    "cluster_systems": "stats",
    "rank_intervals": "stats",
    "collection_bootstrap": "stats",
    "friedman_test": "stats",
    "rater_agreement": "stats",
    "human_ceiling": "stats",
    "rank_agreement": "meta",
    "predictiveness": "meta",
    "recommend": "meta.recommend",
    "run": "runs.run",
    "read_vectors": "vectors",
    "Vectors": "vectors",
}


def __getattr__(name: str):
    import importlib

    if name in _LAZY_SUBMODULES:
        return importlib.import_module(f"{__name__}.{_LAZY_SUBMODULES[name]}")
    if name in _LAZY_FUNCTIONS:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY_FUNCTIONS[name]}"), name)
    raise AttributeError(f"module 'simeval' has no attribute {name!r}")


__all__ = [
    "DEFAULT_METRICS",
    "TABLE2_MEASURES",
    "BinResult",
    "Bins",
    "Calibration",
    "ConfidenceInterval",
    "CorrelationResult",
    "DataError",
    "Evaluation",
    "InputError",
    "InputTypeError",
    "MetricResult",
    "MissingExtraError",
    "Options",
    "Record",
    "ScaledPearsonResult",
    "SimevalError",
    "UndefinedMetricWarning",
    "Vectors",
    "__version__",
    "accuracy3",
    "accuracy_high",
    "accuracy_low",
    "available_metrics",
    "evaluate",
    "f1_high",
    "f1_low",
    "f1_macro3",
    "fisher_interval",
    "fisher_z_mean",
    "get_metric",
    "hmean",
    "kendall",
    "macro_avg",
    "mae",
    "mape",
    "mase",
    "msse",
    "ncg",
    "ncg_avg_rank",
    "ndcg",
    "ndcg_avg_rank",
    "nmase",
    "nmsse",
    "paraphrase",
    "pearson",
    "rankdcg",
    "read_vectors",
    "scaled_pearson",
    "smape",
    "spearman",
]
