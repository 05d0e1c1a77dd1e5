"""The paired bootstrap of a collection of data sets, stratified by data set.

Expected values: each data set bootstrapped on its own by ``bootstrap_distribution`` with
the generator the documented scheme names (``SeedSequence(seed).spawn(D)[d]``), and the
aggregates written out here with numpy (Fisher's z: tanh of the mean atanh, Atoum 2019,
eq. 4–5; the mean weighted by pairs; the plain mean).
"""

from __future__ import annotations

import numpy as np
import pytest

from simeval.errors import InputError
from simeval.metrics.means import aggregate_along, fisher_z_mean
from simeval.stats import bootstrap_distribution
from simeval.stats.collections import collection_bootstrap, dataset_generators


def _collection(seed: int = 0) -> dict:
    rng = np.random.default_rng(seed)
    out = {}
    for name, n in (("sts12", 50), ("sts13", 35), ("sts14", 60)):
        g = rng.uniform(0, 5, n)
        out[name] = (
            g,
            {
                "strong": g + rng.normal(0, 0.6, n),
                "medium": g + rng.normal(0, 1.2, n),
                "weak": g + rng.normal(0, 3.0, n),
            },
        )
    return out


def _by_hand(sets: dict, metric: str, seed: int, B: int) -> tuple[np.ndarray, np.ndarray]:
    children = np.random.SeedSequence(seed).spawn(len(sets))
    obs, boot = [], []
    for (gold, systems), child in zip(sets.values(), children):
        d = bootstrap_distribution(
            gold, systems, [metric], n_resamples=B, seed=np.random.default_rng(child),
            jackknife_groups=0,
        )  # fmt: skip
        obs.append(d.observed[0])
        boot.append(d.resamples[0])
    return np.array(obs), np.array(boot)  # (D, k), (D, k, B)


def test_fisher_z_aggregate_of_stratified_resamples() -> None:
    sets = _collection()
    res = collection_bootstrap(sets, "spearman", n_resamples=80, seed=5)
    obs, boot = _by_hand(sets, "spearman", 5, 80)
    want_obs = np.tanh(np.arctanh(obs).mean(axis=0))
    want_boot = np.tanh(np.arctanh(boot).mean(axis=0))
    np.testing.assert_allclose(res.values, want_obs, rtol=1e-12)
    np.testing.assert_allclose(res.distribution.resamples[0], want_boot, rtol=1e-12)
    # the aggregate on the full data is the library's Fisher-z mean of each system
    for k in range(3):
        assert res.values[k] == pytest.approx(fisher_z_mean(obs[:, k]), abs=1e-12)
    assert res.label == "fisher_z:spearman" and res.n_pairs == (50, 35, 60)


def test_weighted_mean_weights_by_pairs_and_mean_is_plain() -> None:
    sets = _collection(1)
    obs, boot = _by_hand(sets, "pearson", 2, 40)
    w = np.array([50, 35, 60.0])[:, None]
    res = collection_bootstrap(sets, "pearson", aggregate="weighted_mean", n_resamples=40, seed=2)
    np.testing.assert_allclose(res.values, (w * obs).sum(0) / w.sum(), rtol=1e-12)
    np.testing.assert_allclose(
        res.distribution.resamples[0], (w[:, :, None] * boot).sum(0) / w.sum(), rtol=1e-12
    )
    res = collection_bootstrap(sets, "pearson", aggregate="mean", n_resamples=40, seed=2)
    np.testing.assert_allclose(res.values, obs.mean(0), rtol=1e-12)


def test_a_data_set_added_at_the_end_leaves_the_others_resamples() -> None:
    a = dataset_generators(11, 2)
    b = dataset_generators(11, 7)
    for x, y in zip(a, b):
        assert (x.integers(0, 1000, 20) == y.integers(0, 1000, 20)).all()
    sets = _collection(2)
    two = dict(list(sets.items())[:2])
    small = collection_bootstrap(two, "spearman", n_resamples=30, seed=4)
    large = collection_bootstrap(sets, "spearman", n_resamples=30, seed=4)
    np.testing.assert_allclose(small.per_dataset, large.per_dataset[:2])


def test_the_verdict_names_the_best_and_the_tests_are_holm_corrected() -> None:
    sets = _collection(3)
    res = collection_bootstrap(sets, "spearman", n_resamples=300, seed=0)
    assert res.clusters.systems == ("strong", "medium", "weak")
    assert res.clusters.clusters == (1, 2, 3)
    assert res.summary().startswith("Over 3 data sets (fisher_z of spearman), strong is best")
    assert "significantly better than every other system" in res.summary()
    test = res.test("strong", "weak")
    assert test.pvalue == pytest.approx(1 / 301)  # the smallest Monte Carlo p-value
    assert res.ranks.systems[0] == "strong" and res.ranks.p_best[0] == 1.0
    pairs = res.pairwise()
    assert [(p["system_a"], p["system_b"]) for p in pairs] == [
        ("strong", "medium"),
        ("strong", "weak"),
        ("medium", "weak"),
    ]
    # far apart: no centred resample difference reaches the observed one, so the raw
    # p = (0 + 1)/(300 + 1) for each pair (Davison & Hinkley 1997, eq. 4.11); Holm (1979):
    # 3p, 2p, p, then the running maximum → 3p each
    assert [p["pvalue_holm"] for p in pairs] == pytest.approx([3 / 301] * 3)
    doc = res.as_dict()
    assert [r["system"] for r in doc["systems"]] == ["strong", "medium", "weak"]
    assert doc["datasets"] == [
        {"dataset": "sts12", "n": 50},
        {"dataset": "sts13", "n": 35},
        {"dataset": "sts14", "n": 60},
    ]


def test_aggregate_along_by_hand() -> None:
    # Fisher z of (0.5, 0.7): tanh((0.549306 + 0.867301)/2) = 0.609612 (Atoum 2019, eq. 4–5)
    assert aggregate_along([0.5, 0.7], "fisher_z") == pytest.approx(0.609612, abs=1e-6)
    assert aggregate_along([1.0, 3.0], "weighted_mean", weights=[3, 1]) == pytest.approx(1.5)
    assert np.isnan(aggregate_along([0.5, np.nan], "mean"))
    with pytest.raises(InputError, match="weights"):
        aggregate_along([0.5, 0.7], "weighted_mean")
    with pytest.raises(InputError, match="one of"):
        aggregate_along([0.5], "median")  # type: ignore[arg-type]


def test_bad_collections_are_one_line_errors() -> None:
    sets = _collection()
    broken = dict(sets)
    g, systems = broken["sts13"]
    broken["sts13"] = (g, {k: v for k, v in systems.items() if k != "weak"})
    with pytest.raises(InputError, match="same systems"):
        collection_bootstrap(broken, n_resamples=10, seed=0)
    with pytest.raises(InputError, match="non-empty mapping"):
        collection_bootstrap({}, n_resamples=10)
    with pytest.raises(InputError, match="seed"):
        collection_bootstrap(sets, n_resamples=10, seed=-1)  # type: ignore[arg-type]


def test_the_verdict_of_two_systems_not_separable_names_the_tie() -> None:
    # "twin" is "strong" plus noise a hundred times smaller than the gap to the gold: the
    # two aggregates cannot be told apart; "weak" is far below both.
    rng = np.random.default_rng(6)
    sets = {}
    for name, n in (("sts12", 50), ("sts13", 35), ("sts14", 60)):
        g = rng.uniform(0, 5, n)
        strong = g + rng.normal(0, 0.6, n)
        sets[name] = (g, {"strong": strong, "twin": strong + rng.normal(0, 0.006, n),
                          "weak": g + rng.normal(0, 3.0, n)})  # fmt: skip
    res = collection_bootstrap(sets, "spearman", n_resamples=200, seed=0)
    best, other = res.clusters.systems[:2]
    assert {best, other} == {"strong", "twin"} and res.clusters.clusters == (1, 1, 2)
    share = f"{res.ranks.p_best[0] * 100:.0f}%"
    assert res.summary() == (
        f"Over 3 data sets (fisher_z of spearman), {best} is best "
        f"({res.clusters.values[0]:.4g}), but not significantly better than {other} "
        f"(Holm, alpha = 0.05); {best} ranks first in {share} of the resamples."
    )
