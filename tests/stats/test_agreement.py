"""Inter-annotator agreement (IAA-1, IAA-2, split-half) and systems against the human
ceiling.

Expected values: ``scipy.stats.spearmanr`` of each pair of raters, of each rater against
the mean of the others (Hill et al. 2015's definitions), Spearman–Brown 2r/(1 + r) written
here, the bootstrap resamples redrawn by the documented scheme
(``default_rng(seed).integers(0, n, (B, n))``), and the real rater files of WordSim-353
(``set1.tab``: 13 raters; ``set2.tab``: 16) and SimVerb-3500, recomputed with scipy.
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import numpy as np
import pytest
from scipy.stats import spearmanr

from simeval.errors import InputError
from simeval.stats.agreement import rater_agreement
from simeval.stats.agreement_kernels import spearman_rows
from simeval.stats.ceiling import human_ceiling

# 8 items × 4 raters (integers 0–6, ties included)
R = np.array(
    [
        [0, 1, 0, 2],
        [1, 0, 2, 1],
        [2, 3, 1, 2],
        [3, 2, 4, 3],
        [4, 5, 3, 3],
        [5, 4, 6, 5],
        [6, 6, 5, 6],
        [3, 4, 2, 4],
    ],
    dtype=float,
)


def _rho(x: np.ndarray, y: np.ndarray) -> float:
    ok = ~(np.isnan(x) | np.isnan(y))
    return float(spearmanr(x[ok], y[ok])[0])


def _others(M: np.ndarray, j: int) -> np.ndarray:
    with np.errstate(invalid="ignore"):
        return np.nanmean(np.delete(M, j, axis=1), axis=1)


def _iaa1(M: np.ndarray) -> float:
    k = M.shape[1]
    return float(np.mean([_rho(M[:, i], M[:, j]) for i, j in itertools.combinations(range(k), 2)]))


def _iaa2(M: np.ndarray) -> float:
    return float(np.mean([_rho(M[:, j], _others(M, j)) for j in range(M.shape[1])]))


def test_iaa1_and_iaa2_by_hand() -> None:
    res = rater_agreement(R, n_resamples=0)
    assert res.iaa1.statistic == pytest.approx(_iaa1(R), abs=1e-12)
    assert res.iaa2.statistic == pytest.approx(_iaa2(R), abs=1e-12)
    assert res.iaa1.units == 6 and res.iaa2.units == 4
    for j, value in enumerate(res.per_rater):
        assert value == pytest.approx(_rho(R[:, j], _others(R, j)), abs=1e-12)


def test_a_constant_rater_is_left_out_and_said_so() -> None:
    # a fifth rater gives every item 3: scipy's spearmanr of it is undefined (NaN), so
    # IAA-1 averages the 6 pairs of the other four (not 10) and IAA-2 their 4 raters; the
    # table's heading counts five raters and names the one left out
    from simeval.report.ceiling import format_ceiling

    constant = np.column_stack([R, np.full(len(R), 3.0)])
    res = rater_agreement(constant, n_resamples=0)
    assert res.iaa1.statistic == pytest.approx(_iaa1(R), abs=1e-12)
    assert (res.iaa1.units, res.iaa2.units, res.n_raters) == (6, 4, 5)
    ceiling = human_ceiling(constant, {"model": R.mean(axis=1)}, n_resamples=0)
    heading = " ".join(format_ceiling(ceiling, "table").split("\n\n")[0].split())
    assert heading.startswith("8 items, 5 raters; no bootstrap, no intervals; rater 5 (of 5) ")
    assert "left out of IAA-1 and IAA-2" in heading and "same rating for every item" in heading


def test_split_half_with_two_raters_is_spearman_brown_of_their_rho() -> None:
    r = spearmanr(R[:, 0], R[:, 1])[0]
    res = rater_agreement(R[:, :2], n_resamples=0, n_splits=5)
    assert res.split_half.statistic == pytest.approx(2 * r / (1 + r), abs=1e-12)


def test_split_half_of_four_raters_averages_the_three_halvings() -> None:
    # {0,1}|{2,3}, {0,2}|{1,3}, {0,3}|{1,2}: Spearman–Brown of ρ between the half means
    halves = [((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2))]
    values = []
    for a, b in halves:
        r = spearmanr(R[:, a].mean(1), R[:, b].mean(1))[0]
        values.append(2 * r / (1 + r))
    res = rater_agreement(R, n_resamples=0, n_splits=3000, seed=0)
    # 3000 random halvings: each of the three about a third of the time
    assert res.split_half.statistic == pytest.approx(np.mean(values), abs=0.01)


def test_missing_ratings_use_the_items_both_rated() -> None:
    M = R.copy()
    M[[0, 3], 1] = np.nan
    M[5, 2] = np.nan
    res = rater_agreement(M, n_resamples=0)
    assert res.iaa1.statistic == pytest.approx(_iaa1(M), abs=1e-12)
    assert res.iaa2.statistic == pytest.approx(_iaa2(M), abs=1e-12)


def test_rating_slots_have_no_iaa1() -> None:
    res = rater_agreement(R, persistent=False, n_resamples=0)
    assert np.isnan(res.iaa1.statistic) and "rating slots" in res.iaa1.reason
    assert res.iaa2.statistic == pytest.approx(_iaa2(R), abs=1e-12)


def test_bootstrap_resamples_are_recomputed_on_the_redrawn_items() -> None:
    B, seed = 100, 7
    res = rater_agreement(R, n_resamples=B, seed=seed)
    idx = np.random.default_rng(seed).integers(0, R.shape[0], (B, R.shape[0]))
    boot = res.distribution.resamples
    for b in range(5):
        Rb = R[idx[b]]
        assert boot[0, 0, b] == pytest.approx(_iaa1(Rb), abs=1e-12, nan_ok=True)
        assert boot[1, 0, b] == pytest.approx(_iaa2(Rb), abs=1e-12, nan_ok=True)
    for m in res.measures():
        assert m.low <= m.statistic <= m.high


def test_spearman_rows_equals_scipy_on_random_rows() -> None:
    rng = np.random.default_rng(0)
    x = rng.integers(0, 5, (20, 30)).astype(float)
    y = x + rng.integers(-2, 3, (20, 30))
    x[rng.random((20, 30)) < 0.1] = np.nan
    got = spearman_rows(x, y)
    np.testing.assert_allclose(got, [_rho(a, b) for a, b in zip(x, y)], atol=1e-12)
    assert np.isnan(spearman_rows(np.ones((1, 5)), np.arange(5.0)[None]))[0]  # constant row


def test_human_ceiling_compares_like_with_like_by_hand() -> None:
    s = np.array([0.5, 1.5, 2.0, 3.5, 3.0, 5.5, 6.0, 2.5])
    res = human_ceiling(R, {"model": s}, n_resamples=0)
    row = res.systems[0]
    assert row.rho == pytest.approx(spearmanr(s, R.mean(1))[0], abs=1e-12)
    assert res.ceiling == pytest.approx(_iaa2(R), abs=1e-12)
    assert row.share == pytest.approx(row.rho / _iaa2(R))
    with_others = np.mean([_rho(s, _others(R, j)) for j in range(4)])
    assert row.rho_with_others == pytest.approx(with_others, abs=1e-12)
    assert row.difference == pytest.approx(with_others - _iaa2(R), abs=1e-12)
    assert row.verdict is None  # no bootstrap, no verdict


def test_human_ceiling_leaves_out_the_items_without_a_score_when_asked() -> None:
    # the command line dropped them itself; the library now does, by nan_policy
    s = np.array([0.5, 1.5, np.nan, 3.5, 3.0, 5.5, 6.0, 2.5])
    with pytest.raises(InputError, match=r"'model' has a missing score \(item 3\).*omit"):
        human_ceiling(R, {"model": s}, n_resamples=0)
    res = human_ceiling(R, {"model": s}, n_resamples=0, nan_policy="omit")
    keep = ~np.isnan(s)
    assert res.dropped == 1
    assert res.systems[0].rho == pytest.approx(spearmanr(s[keep], R[keep].mean(1))[0], abs=1e-12)
    assert res.ceiling == pytest.approx(_iaa2(R[keep]), abs=1e-12)
    with pytest.raises(InputError, match=r"infinite score \(item 2\)"):
        human_ceiling(R, {"model": np.where(np.arange(8) == 1, np.inf, 1.0)}, nan_policy="omit")


def test_human_ceiling_verdicts() -> None:
    rng = np.random.default_rng(1)
    truth = rng.uniform(0, 6, 120)
    raters = np.clip(np.round(truth[:, None] + rng.normal(0, 1.0, (120, 6))), 0, 6)
    systems = {"sharp": truth + rng.normal(0, 0.2, 120), "noisy": truth + rng.normal(0, 4, 120)}
    res = human_ceiling(raters, systems, n_resamples=300, seed=0)
    verdicts = {s.system: s.verdict for s in res.systems}
    assert verdicts == {"sharp": "better", "noisy": "worse"}
    # the agreement is the same as rater_agreement's on the same seed
    alone = rater_agreement(raters, n_resamples=300, seed=0)
    assert res.agreement.iaa2.low == alone.iaa2.low
    assert "better than an average single rater" in res.summary()


def test_bad_ratings_are_one_line_errors() -> None:
    with pytest.raises(InputError, match="at least 2 raters"):
        rater_agreement(R[:, :1])
    with pytest.raises(InputError, match="rated no item"):
        rater_agreement(np.column_stack([R, np.full(8, np.nan)]))
    with pytest.raises(InputError, match="share out"):
        rater_agreement(R, groups=[[0, 1], [1, 2, 3]])
    with pytest.raises(InputError, match="scores for 8 rated items"):
        human_ceiling(R, {"m": [1.0, 2.0]})


def _read_tab(path: Path) -> np.ndarray:
    rows = [ln.rstrip("\r\n").split("\t") for ln in path.read_text().splitlines()[1:]]
    return np.array([[float(v) for v in r[3:] if v.strip()] for r in rows])


def test_wordsim353_agreement_on_the_real_files(shared_data: Path) -> None:
    from simeval.datasets.wordsim.raters import load_ratings

    folder = shared_data / "wordsim-ws353"
    set1, set2 = _read_tab(folder / "set1.tab"), _read_tab(folder / "set2.tab")
    assert set1.shape == (153, 13) and set2.shape == (200, 16)
    ratings = load_ratings("ws353", data_dir=shared_data)
    res = rater_agreement(ratings.values, groups=ratings.groups, n_resamples=200, seed=0)
    # IAA-1 pools the 78 + 120 rater pairs of the two panels; IAA-2 the 13 + 16 raters
    pairs = [
        _rho(M[:, i], M[:, j])
        for M in (set1, set2)
        for i, j in itertools.combinations(range(M.shape[1]), 2)
    ]
    assert res.iaa1.units == 198
    assert res.iaa1.statistic == pytest.approx(np.mean(pairs), abs=1e-12)
    loo = [_rho(M[:, j], _others(M, j)) for M in (set1, set2) for j in range(M.shape[1])]
    assert res.iaa2.statistic == pytest.approx(np.mean(loo), abs=1e-12)


def test_simverb_slots_on_the_real_file(shared_data: Path) -> None:
    from simeval.datasets.wordsim.raters import load_ratings

    ratings = load_ratings("simverb3500", data_dir=shared_data)
    assert ratings.values.shape == (3500, 11) and not ratings.persistent
    # 202 pairs carry an eleventh rating (the README: "some pairs have more ratings")
    assert int((~np.isnan(ratings.values[:, 10])).sum()) == 202
    res = rater_agreement(ratings.values, persistent=False, n_resamples=0)
    M = ratings.values
    assert res.iaa2.statistic == pytest.approx(_iaa2(M), abs=1e-12)
    assert np.isnan(res.iaa1.statistic)


@pytest.mark.parametrize("which", ["rater_agreement", "human_ceiling"])
def test_intervals_need_100_resamples_as_every_other_interval(which: str) -> None:
    with pytest.raises(InputError, match="at least 100 resamples"):
        if which == "rater_agreement":
            rater_agreement(R, n_resamples=5)
        else:
            human_ceiling(R, {"model": np.arange(R.shape[0], dtype=float)}, n_resamples=5)


def test_constant_ratings_give_every_measure_its_reason() -> None:
    # IAA-1 was NaN without a reason; IAA-2 said no rater shared 3 items (all share 20)
    res = rater_agreement(np.ones((20, 5)), n_splits=10, n_resamples=0)
    for measure in (res.iaa1, res.iaa2, res.split_half):
        assert math.isnan(measure.statistic) and "constant ratings" in measure.reason
