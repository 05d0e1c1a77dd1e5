"""Figures of simeval's results (needs ``pip install 'simeval[plot]'``).

Every function takes plain data — numpy arrays and the records of the JSON documents
(``Evaluation.to_dict(scores=True)``, ``Comparison.to_dict()``, the meta results'
``as_dict()``) — and ``ax=None`` (or ``fig=None`` for several panels), and returns the
matplotlib ``Figure``; so a report can draw the same figures from saved JSON. The result
objects' ``.plot()`` methods call them. matplotlib is imported only when a figure is drawn.
"""

from ._results import comparison_figure, evaluation_figure
from .agreement import bin_correlations, scatter_bins, scatter_grid
from .intervals import forest, pvalue_matrix
from .leaderboard import critical_difference_diagram, rank_interval_figure
from .paraphrase import pattern_figure
from .ranks import agreement_heatmap, bump_chart, predictiveness_bars
from .scaled_errors import scaled_error_figure

__all__ = [
    "agreement_heatmap",
    "bin_correlations",
    "bump_chart",
    "comparison_figure",
    "critical_difference_diagram",
    "evaluation_figure",
    "forest",
    "pattern_figure",
    "predictiveness_bars",
    "pvalue_matrix",
    "rank_interval_figure",
    "scaled_error_figure",
    "scatter_bins",
    "scatter_grid",
]
