"""Figures of simeval's results (needs ``pip install 'simeval[plot]'``).

Every function takes plain data — numpy arrays and the records of the saved documents
(:mod:`simeval.report.schema`) — so that a report draws the same figures from saved JSON,
and ``ax=None`` (or ``fig=None`` for several panels). As matplotlib users expect, a new
figure is made through pyplot (``plt.show()`` and notebooks display it) and returned;
given ``ax``, the function draws there and returns the Axes. Inside :func:`offscreen`
figures are made without pyplot (for pages and files). The result objects' ``.plot()``
methods call these functions. matplotlib is imported only when a figure is drawn.
"""

from ._base import offscreen
from ._results import comparison_figure, evaluation_figure
from .agreement import bin_correlations, scatter_bins, scatter_grid
from .intervals import by_dataset, forest, pvalue_matrix
from .leaderboard import critical_difference_diagram, rank_interval_figure
from .paraphrase import pattern_figure
from .ranks import agreement_heatmap, bump_chart, predictiveness_bars
from .scaled_errors import scaled_error_figure

__all__ = [
    "agreement_heatmap",
    "bin_correlations",
    "bump_chart",
    "by_dataset",
    "comparison_figure",
    "critical_difference_diagram",
    "evaluation_figure",
    "forest",
    "offscreen",
    "pattern_figure",
    "predictiveness_bars",
    "pvalue_matrix",
    "rank_interval_figure",
    "scaled_error_figure",
    "scatter_bins",
    "scatter_grid",
]
