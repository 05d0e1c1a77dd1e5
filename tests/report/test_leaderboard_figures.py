"""The leaderboard figures: rank intervals and the critical difference diagram (Demšar
2006, Fig. 1). Expected positions are read off the records given to the figures (ranks,
intervals, P(best), cliques, CD), written out in each test; Demšar's example (average
ranks 3.143, 2.000, 2.893, 1.964 on 14 data sets; CD = 1.12 at α = 0.10) for the diagram.
"""

from __future__ import annotations

import numpy as np
import pytest

mpl = pytest.importorskip("matplotlib", reason="figures need matplotlib (the 'plot' extra)")
figures = pytest.importorskip("simeval.report.figures")

from simeval.stats.friedman import friedman_from_ranks  # noqa: E402
from simeval.stats.rank_intervals import rank_intervals_from_values  # noqa: E402

RANK_RECORD = {
    "metric": "spearman",
    "confidence_level": 0.95,
    "n_resamples": 1000,
    "n_undefined": 0,
    "systems": [
        {"system": "a", "rank": 1.0, "rank_low": 1.0, "rank_high": 2.0, "p_best": 0.74},
        {"system": "b", "rank": 2.0, "rank_low": 1.0, "rank_high": 3.0, "p_best": 0.26},
        {"system": "c", "rank": 3.0, "rank_low": 3.0, "rank_high": 3.0, "p_best": 0.0},
    ],
}


def _gid(fig, gid: str) -> list:
    return [a for a in fig.findobj() if getattr(a, "get_gid", lambda: None)() == gid]


def _texts(fig, gid: str) -> list[str]:
    return [t.get_text() for t in fig.findobj(mpl.text.Text) if t.get_gid() == gid]


def test_rank_intervals_best_on_top_with_p_best() -> None:
    fig = figures.rank_interval_figure(RANK_RECORD)
    ax = fig.axes[0]
    ticks = sorted(zip(ax.get_yticks(), (t.get_text() for t in ax.get_yticklabels())))
    assert [name for _, name in ticks][::-1] == ["a", "b", "c"]
    assert _texts(fig, "p-best") == ["P(best) 0.74", "P(best) 0.26", "P(best) 0.00"]
    points = [ln for ln in ax.lines if ln.get_gid() == "rank-interval" and ln.get_marker() == "o"]
    assert [float(p.get_xdata()[0]) for p in points] == [1.0, 2.0, 3.0]
    # the interval bars: a 1–2, b 1–3, c 3–3 (width 0: only the caps show)
    bars = [c for c in ax.collections if c.get_gid() == "rank-interval"]
    spans = [sorted(seg[:, 0]) for bar in bars for seg in bar.get_segments()]
    assert spans == [[1.0, 2.0], [1.0, 3.0], [3.0, 3.0]]
    assert ax.get_xlabel() == "rank by spearman (1 = best)"
    assert "95 % interval over 1000 resamples" in ax.get_title()


def test_rank_intervals_plot_method() -> None:
    res = rank_intervals_from_values(
        [0.9, 0.5], np.array([[0.9] * 20, [0.5] * 20]), ["x", "y"], metric="pearson"
    )
    fig = res.plot()
    assert _texts(fig, "p-best") == ["P(best) 1.00", "P(best) 0.00"]


def test_critical_difference_diagram_of_demsar_example() -> None:
    res = friedman_from_ranks(
        [3.143, 2.000, 2.893, 1.964], 14, ["C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"], alpha=0.10
    )
    fig = res.plot()
    ax = fig.axes[0]
    # CD = 2.291·sqrt(4·5/(6·14)) = 1.118: marked from rank 1 to 1 + CD
    (marker,) = [c for c in ax.collections if c.get_gid() == "cd-marker"]
    (segment,) = marker.get_segments()
    assert sorted(segment[:, 0]) == pytest.approx([1.0, 1.0 + res.critical_difference])
    assert _texts(fig, "cd-text") == ["CD = 1.12"]
    # cliques: {C4.5+m+cf, C4.5+m, C4.5+cf} (1.964 … 2.893) and {C4.5+cf, C4.5} (2.893 …
    # 3.143): one bar each from the lowest to the highest rank of the clique (± 0.04)
    bars = [c for c in ax.collections if c.get_gid() == "cd-bar"]
    spans = [sorted(seg[:, 0]) for bar in bars for seg in bar.get_segments()]
    np.testing.assert_allclose(spans, [[1.924, 2.933], [2.853, 3.183]])
    labels = _texts(fig, "cd-label")
    assert labels == ["C4.5+m+cf (1.96)", "C4.5+m (2.00)", "C4.5+cf (2.89)", "C4.5 (3.14)"]
    assert "14 data sets" in ax.get_title() and "alpha = 0.1" in ax.get_title()
