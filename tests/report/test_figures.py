"""Figures of the results (the README's "See the verdict"): what each figure draws.

Expected values come from scipy (``pearsonr`` inside each bin), from counting by hand
(bins, systems, clusters written in the records) and from the records given to the
figure functions. matplotlib is the dev extra's; without it the figure tests skip."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest

import simeval as se
from simeval.binning import Bins
from simeval.errors import InputError, MissingExtraError

mpl = pytest.importorskip("matplotlib", reason="figures need matplotlib (the 'plot' extra)")
figures = pytest.importorskip("simeval.report.figures")

GOLD = np.array([0.0, 0.4, 0.8, 1.2, 1.6, 2.0, 2.4, 2.8, 3.2, 3.6, 4.0, 4.4, 4.8, 5.0])
GOOD = np.array([0.3, 0.2, 1.1, 1.0, 1.9, 2.2, 2.1, 3.0, 3.1, 3.9, 3.8, 4.6, 4.5, 4.9])
NOISY = np.array([2.0, 0.5, 4.0, 1.0, 3.0, 0.2, 4.4, 1.5, 2.5, 0.8, 3.3, 1.9, 2.2, 4.1])


@pytest.fixture(autouse=True)
def _close_figures():
    """.plot() makes its figures through pyplot, which keeps them until closed."""
    yield
    import matplotlib.pyplot as plt

    plt.close("all")


def _texts(fig, gid: str) -> list[str]:
    return [t.get_text() for t in fig.findobj(mpl.text.Text) if t.get_gid() == gid]


def _points(ax, gid: str) -> list:
    """The data markers of ``errorbar`` calls tagged ``gid`` (not their caps or legend)."""
    return [ln for ln in ax.lines if ln.get_gid() == gid and ln.get_marker() in ("o", "D")]


def _gid(fig, gid: str) -> list:
    return [a for a in fig.findobj() if getattr(a, "get_gid", lambda: None)() == gid]


@pytest.fixture(scope="module")
def ev():
    return se.evaluate(
        GOLD,
        {"good": GOOD, "noisy": NOISY},
        metrics=["pearson", "scaled_pearson", "nmsse"],
        scale=(0, 5),
        bins=Bins.equal_width(3),
    )


def test_scatter_draws_one_band_per_bin_with_scipy_r(ev) -> None:
    from scipy.stats import pearsonr

    fig = ev.plot(system="good")
    ax = fig.axes[0]
    assert len(_gid(fig, "bin-band")) == 3  # Bins.equal_width(3)
    # bins [0, 5/3), [5/3, 10/3), [10/3, 5] of the gold scale; r from scipy in each
    edges = [(0, 5 / 3), (5 / 3, 10 / 3), (10 / 3, 5.01)]
    g = GOLD
    inside = [(lo <= g) & (g < hi) for lo, hi in edges]
    want = [pearsonr(GOLD[m], GOOD[m])[0] for m in inside]
    texts = _texts(fig, "bin-r")
    assert [t.splitlines()[1] for t in texts] == [f"r = {r:.2f}" for r in want]
    assert ax.get_xlabel() == "gold score (scale 0–5)"
    assert ax.get_ylabel() == "good score (on the gold scale)"
    assert "good against gold (14 pairs)" in ax.get_title()
    assert "scaled Pearson" in ax.get_title() and "(higher is better)" in ax.get_title()


def test_scatter_grid_has_a_panel_per_system(ev) -> None:
    fig = ev.plot()
    shown = [a for a in fig.axes if a.get_visible()]
    assert [a.get_title().split(" against")[0] for a in shown] == ["good", "noisy"]
    assert len(_gid(fig, "bin-band")) == 6  # 3 bins × 2 systems


def test_scatter_beyond_20000_pairs_is_a_hexbin_with_the_count() -> None:
    rng = np.random.default_rng(1)
    g = rng.uniform(0, 5, 20_001)
    fig = figures.scatter_bins(g, g + rng.normal(0, 1, g.size), scale=(0, 5), name="s")
    ax = fig.axes[0]
    assert "20,001 pairs drawn as a hexbin" in ax.get_title()
    assert any(isinstance(c, mpl.collections.PolyCollection) for c in ax.collections)


def test_undefined_bin_r_is_written_and_noted() -> None:
    bins = [
        {"label": "[0, 2.5)", "low": 0.0, "high": 2.5, "value": 0.5},
        {"label": "[2.5, 5]", "low": 2.5, "high": 5.0, "value": None},
    ]
    fig = figures.scatter_bins(GOLD, GOOD, bins=bins, scale=(0, 5), name="s")
    assert [t.splitlines()[1] for t in _texts(fig, "bin-r")] == ["r = 0.50", "r undefined"]
    assert "r undefined in bin(s) [2.5, 5]" in _texts(fig, "gap-note")[0]


def test_bin_correlations_one_point_per_defined_bin_and_a_gap_note() -> None:
    records = [
        {"system": "a", "bin": "low", "value": 0.4, "ci_low": 0.1, "ci_high": 0.6},
        {
            "system": "a",
            "bin": "high",
            "value": math.nan,
            "ci_low": None,
            "ci_high": None,
            "reason": "constant gold",
        },
        {"system": "b", "bin": "low", "value": 0.2, "ci_low": -0.1, "ci_high": 0.5},
        {"system": "b", "bin": "high", "value": 0.7, "ci_low": 0.5, "ci_high": 0.8},
    ]
    fig = figures.bin_correlations(records, scaled_pearson={"a": math.nan, "b": 0.45})
    ax = fig.axes[0]
    assert len(_points(ax, "bin-point")) == 3  # 4 records, one undefined
    assert len(_gid(fig, "scaled-pearson")) == 1  # a's scaled Pearson is undefined
    assert [t.get_text() for t in ax.get_xticklabels()] == ["a", "b"]
    assert ax.get_ylabel() == "Pearson r in the bin (higher is better)"
    assert _texts(fig, "gap-note") == ["gap: r undefined for a / high: constant gold"]


def test_evaluation_bins_and_errors_figures(ev) -> None:
    fig = ev.plot("bins")
    assert len(_points(fig.axes[0], "bin-point")) == 6  # 3 bins × 2 systems, all defined
    fig = ev.plot("errors")
    left, right = fig.axes[:2]
    assert left.get_ylabel() == "scaled error |s − g| / MAD(s)"
    assert right.get_ylabel() == "scaled error (lower is better)"
    assert [t.get_text() for t in right.get_xticklabels()] == ["good", "noisy"]


def test_constant_system_has_no_box_and_a_note() -> None:
    fig = figures.scaled_error_figure(GOLD, {"flat": np.full(GOLD.size, 2.0), "good": GOOD})
    assert [t.get_text() for t in fig.axes[1].get_xticklabels()] == ["good"]
    assert "flat: constant scores" in _texts(fig, "gap-note")[0]


def test_plot_kind_is_checked(ev) -> None:
    with pytest.raises(InputError, match="plot kind must be one of scatter, bins, errors"):
        ev.plot("pie")


def test_scores_are_drawn_on_the_gold_scale() -> None:
    # a system on 0–1 declared with system_scale: 0.5 is 2.5 on the gold scale 0–5
    ev = se.evaluate(GOLD, {"s": GOOD / 5}, scale=(0, 5), system_scale=(0, 1), calibrate="none")
    assert ev.on_gold_scale("s") == pytest.approx(GOOD)


CMP_RECORDS = [
    {
        "system": "a",
        "metric": "pearson",
        "bin": None,
        "value": 0.9,
        "ci_low": 0.85,
        "ci_high": 0.95,
        "cluster": 1,
    },
    {
        "system": "b",
        "metric": "pearson",
        "bin": None,
        "value": 0.88,
        "ci_low": 0.8,
        "ci_high": 0.93,
        "cluster": 1,
    },
    {
        "system": "c",
        "metric": "pearson",
        "bin": None,
        "value": 0.5,
        "ci_low": 0.4,
        "ci_high": 0.6,
        "cluster": 2,
    },
    {
        "system": "d",
        "metric": "pearson",
        "bin": None,
        "value": None,
        "ci_low": None,
        "ci_high": None,
        "cluster": None,
        "reason": "constant system",
    },
]


def test_forest_marks_the_clusters_and_leaves_undefined_as_a_gap() -> None:
    fig = figures.forest(CMP_RECORDS, metric="pearson")
    ax = fig.axes[0]
    assert _texts(fig, "cluster-mark") == ["cluster 1", "cluster 2"]
    assert len(_gid(fig, "cluster-band")) == 2
    assert len(_points(ax, "forest-point")) == 3
    # best first from the top: a, b (cluster 1), c (cluster 2), then the undefined d
    ticks = sorted(zip(ax.get_yticks(), (t.get_text() for t in ax.get_yticklabels())))
    assert [name for _, name in ticks][::-1] == ["a", "b", "c", "d"]
    assert ax.get_xlabel() == "pearson (higher is better)"
    assert _texts(fig, "gap-note") == ["gap: d: constant system"]


def test_forest_of_an_error_measure_says_lower_is_better() -> None:
    recs = [dict(r, metric="nmsse") for r in CMP_RECORDS[:3]]
    fig = figures.forest(recs, metric="nmsse")
    assert fig.axes[0].get_xlabel() == "nmsse (lower is better)"


def test_pvalue_matrix_writes_each_tested_pair_and_stars_the_significant() -> None:
    pairwise = [
        {"metric": "pearson", "system_a": "a", "system_b": "b", "bootstrap_p_holm": 0.3},
        {"metric": "pearson", "system_a": "a", "system_b": "c", "bootstrap_p_holm": 0.001},
        {"metric": "pearson", "system_a": "b", "system_b": "c", "bootstrap_p_holm": 0.04},
    ]
    fig = figures.pvalue_matrix(pairwise, metric="pearson", alpha=0.05)
    assert sorted(_texts(fig, "pvalue")) == ["0.001*", "0.040*", "0.300"]
    ax = fig.axes[0]
    assert ax.get_xlabel() == "system B" and ax.get_ylabel() == "system A (better by the metric)"


def test_bump_chart_ranks_by_direction_with_gaps() -> None:
    records = [
        {"system": "a", "metric": "pearson", "value": 0.9},
        {"system": "b", "metric": "pearson", "value": 0.7},
        {"system": "c", "metric": "pearson", "value": 0.8},
        {"system": "a", "metric": "nmsse", "value": 0.3},  # errors: lower is better
        {"system": "b", "metric": "nmsse", "value": 0.1},
        {"system": "c", "metric": "nmsse", "value": None},
        {"system": "a", "metric": "pearson", "bin": "low", "value": 0.1},  # ignored
    ]
    fig = figures.bump_chart(records)
    lines = _gid(fig, "bump-line")
    # by hand: pearson a 1, c 2, b 3; nmsse b 1, a 2, c undefined
    got = {ln.get_label(): ln.get_ydata().tolist() for ln in lines}
    assert got["a"] == [1.0, 2.0] and got["b"] == [3.0, 1.0]
    assert got["c"][0] == 2.0 and math.isnan(got["c"][1])
    assert _texts(fig, "gap-note") == ["gap: c / nmsse undefined, not ranked"]
    assert fig.axes[0].get_ylabel() == "rank of the system (1 = best)"


def test_agreement_heatmap_from_rank_agreement() -> None:
    # Reimers et al. 2016 Table 1 style: τ between reversed rankings is −1 (by hand)
    res = se.meta.rank_agreement(
        {"pearson": {"a": 0.9, "b": 0.8, "c": 0.7}, "spearman": {"a": 0.7, "b": 0.8, "c": 0.9}}
    )
    fig = res.plot()
    assert sorted(_texts(fig, "agreement")) == ["-1.00\n|Δ| 1.33"] * 2 + ["1.00"] * 2


def test_predictiveness_bars_one_per_defined_measure() -> None:
    rows = [
        {
            "measure": "f1_low",
            "rho": 1.0,
            "ci_low": 0.8,
            "ci_high": 1.0,
            "mad": 0.0,
            "confidence_level": 0.95,
        },
        {
            "measure": "pearson",
            "rho": -1.0,
            "ci_low": -1.0,
            "ci_high": -0.8,
            "mad": 2.0,
            "confidence_level": 0.95,
        },
        {
            "measure": "flat",
            "rho": None,
            "ci_low": None,
            "ci_high": None,
            "mad": 1.0,
            "reason": "a constant ranking",
        },
    ]
    fig = figures.predictiveness_bars(rows)
    assert len(_gid(fig, "predictiveness-bar")) == 2
    assert _texts(fig, "gap-note") == ["gap: flat: a constant ranking"]
    assert "(higher is better)" in fig.axes[0].get_xlabel()


def test_comparison_plots() -> None:
    cmp = se.compare.compare(
        GOLD,
        {"good": GOOD, "noisy": NOISY},
        metrics=["pearson", "nmsse"],
        n_resamples=200,
        seed=0,
        scale=(0, 5),
    )
    fig = cmp.plot()
    clusters = {cmp.cluster_of(s, "pearson") for s in cmp.systems}
    assert len(_texts(fig, "cluster-mark")) == len(clusters)
    assert len(_texts(cmp.plot("pvalues"), "pvalue")) == 1  # one ranked pair
    assert len(_gid(cmp.plot("ranks"), "bump-line")) == 2
    # two systems: Kendall's τ between rankings is undefined, a blank cell with a note
    fig = cmp.plot("agreement")
    assert _texts(fig, "agreement") == ["1.00", "1.00"]
    assert "needs at least 3 systems" in _texts(fig, "gap-note")[0]


def test_pattern_figure_draws_d_and_ep() -> None:
    from simeval.paraphrase import explain

    ex = explain({"killed": [("killed in", 1), ("killing", 1), ("to", 0)]}, "killed")
    fig = ex.plot()
    bars = [p for p in fig.axes[0].patches if p.get_gid() == "d-bar"]
    # D by Algorithm 1 (Shima & Mitamura 2011), as explain()'s doctest: 1, 2, 1
    assert [p.get_height() for p in bars] == [1, 2, 1]
    ep = _gid(fig, "ep-line")[0].get_ydata()
    assert ep.tolist() == pytest.approx([1.0, 1.0, 2 / 3])  # EP_k = mean of Q_1..Q_k


def test_import_simeval_loads_no_matplotlib() -> None:
    code = "import simeval, simeval.report.figures, sys; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_plot_without_matplotlib_names_the_extra(ev, monkeypatch) -> None:
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(MissingExtraError, match=r"pip install 'simeval\[plot\]'"):
        ev.plot()


def test_all_bins_undefined_draws_gaps_without_a_warning() -> None:
    # 5 pairs in 3 bins: no bin has the 3 pairs a correlation needs
    import warnings

    ev = se.evaluate([0.0, 1.0, 2.0, 4.0, 5.0], {"a": [0.0, 2.0, 1.0, 5.0, 4.0]}, scale=(0, 5))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fig = ev.plot(kind="bins")
    assert fig.texts or fig.axes[0].texts  # the gap note


# -- figures as matplotlib users expect them -------------------------------------------------
def test_plot_makes_its_figure_through_pyplot(ev) -> None:
    import matplotlib.pyplot as plt

    fig = ev.plot()
    # plt.show() and notebooks display the figures pyplot manages: this one is current
    assert plt.fignum_exists(fig.number) and plt.gcf() is fig


def test_plot_on_axes_draws_there_and_returns_the_axes(ev) -> None:
    import matplotlib.pyplot as plt

    cmp = se.compare.compare(GOLD, {"good": GOOD, "noisy": NOISY}, metrics=["pearson"],
                             n_resamples=100, seed=0)  # fmt: skip
    fig, axes = plt.subplots(1, 4)
    assert ev.plot("scatter", system="noisy", ax=axes[0]) is axes[0]
    assert ev.plot("bins", ax=axes[1]) is axes[1]
    assert cmp.plot(ax=axes[2]) is axes[2]
    assert cmp.plot("ranks", ax=axes[3]) is axes[3]
    assert axes[0].get_title().startswith("noisy against gold")
    assert plt.get_fignums() == [fig.number]  # nothing drawn elsewhere


def test_a_figure_of_a_panel_per_system_refuses_an_axes_without_system(ev) -> None:
    import matplotlib.pyplot as plt

    _, ax = plt.subplots()
    with pytest.raises(InputError, match="panel for each of the 2 systems: give system="):
        ev.plot("scatter", ax=ax)
    with pytest.raises(InputError, match="two panels"):
        ev.plot("errors", ax=ax)
    one = se.evaluate(GOLD, {"good": GOOD}, metrics=["pearson", "scaled_pearson"],
                      scale=(0, 5))  # fmt: skip
    assert one.plot(ax=ax) is ax  # one system: its one panel fits the axes


def test_offscreen_figures_stay_out_of_pyplot() -> None:
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    with figures.offscreen():
        fig = figures.forest(CMP_RECORDS, metric="pearson")
    assert plt.get_fignums() == before
    assert fig.axes[0].get_title().startswith("pearson")


def test_by_dataset_draws_a_point_per_defined_value_with_its_interval() -> None:
    records = [
        {"dataset": "x", "system": "a", "value": 0.8, "ci_low": 0.7, "ci_high": 0.9},
        {"dataset": "x", "system": "b", "value": 0.6, "ci_low": 0.5, "ci_high": 0.7},
        {"dataset": "y", "system": "a", "value": None, "reason": "constant gold"},
        {"dataset": "y", "system": "b", "value": 0.4, "ci_low": 0.2, "ci_high": 0.6},
        {"dataset": "all 2 (mean)", "system": "a", "value": 0.7},
    ]
    fig = figures.by_dataset(records, metric="pearson")
    ax = fig.axes[0]
    points = _points(ax, "dataset-point")
    # 5 records, one undefined; the aggregate (no interval) is a diamond
    assert sorted(ln.get_marker() for ln in points) == ["D", "o", "o", "o"]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["x", "y", "all 2 (mean)"]
    assert _texts(fig, "gap-note") == ["gap: a on y: constant gold"]
