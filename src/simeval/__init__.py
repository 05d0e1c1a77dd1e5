"""simeval: evaluate similarity systems the way the task needs, not by one Pearson's r.

Only numpy and scipy are imported here; pandas, matplotlib and torch load lazily where
tables are read or plots drawn.
"""

from __future__ import annotations

__version__ = "0.1.0"

from .errors import DataError, InputError, MissingExtraError, SimevalError, UndefinedMetricWarning
from .metrics.correlation import fisher_interval, fisher_z_mean, kendall, pearson, spearman
from .results import (
    BinResult,
    ConfidenceInterval,
    CorrelationResult,
    MetricResult,
    ScaledPearsonResult,
)

__all__ = [
    "BinResult",
    "ConfidenceInterval",
    "CorrelationResult",
    "DataError",
    "InputError",
    "MetricResult",
    "MissingExtraError",
    "ScaledPearsonResult",
    "SimevalError",
    "UndefinedMetricWarning",
    "__version__",
    "fisher_interval",
    "fisher_z_mean",
    "kendall",
    "pearson",
    "spearman",
]
