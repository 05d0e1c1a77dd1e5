"""``compare_collection``: who is best over several data sets, from their evaluations.

Expected values: Friedman's χ² from ``scipy.stats.friedmanchisquare`` on the systems'
Spearman ρ (scipy's ``spearmanr``) on each data set, the average ranks counted by hand;
the collection's Fisher-z mean as tanh of the mean atanh of scipy's ρ (Atoum 2019, eq.
4–5); the stratified bootstrap is :func:`simeval.stats.collections.collection_bootstrap`
(tested on its own in ``tests/stats/test_collections.py``) on the scores and the seed given.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import friedmanchisquare, spearmanr

import simeval as se
from simeval.errors import InputError
from simeval.evaluation.collection import compare_collection
from simeval.stats.collections import collection_bootstrap

NOISE = {"good": 0.4, "fair": 1.2, "poor": 3.0}


@pytest.fixture(scope="module")
def data() -> dict[str, tuple[np.ndarray, dict[str, np.ndarray]]]:
    rng = np.random.default_rng(11)
    out = {}
    for d, n in (("s1", 40), ("s2", 55), ("s3", 30), ("s4", 45)):
        gold = rng.uniform(0, 5, n)
        out[d] = (gold, {s: gold + rng.normal(0, sd, n) for s, sd in NOISE.items()})
    return out


@pytest.fixture(scope="module")
def evaluations(data):
    return {d: se.evaluate(g, s, metrics=["pearson", "spearman"]) for d, (g, s) in data.items()}


def test_friedman_over_the_data_sets_equals_scipy(data, evaluations) -> None:
    res = compare_collection(evaluations, "spearman", n_resamples=0)
    rho = {s: [spearmanr(g, sy[s])[0] for g, sy in data.values()] for s in NOISE}
    chi2 = friedmanchisquare(*rho.values()).statistic
    assert res.friedman.chi2 == pytest.approx(chi2, abs=1e-12)
    # average ranks by hand: 1 = the highest ρ on each data set
    table = np.array(list(rho.values())).T  # data sets × systems
    ranks = {s: np.mean([1 + (row > row[j]).sum() for row in table]) for j, s in enumerate(rho)}
    assert dict(zip(res.friedman.systems, res.friedman.average_ranks)) == pytest.approx(ranks)
    assert res.bootstrap is None and res.reasons["bootstrap"] == "no bootstrap resamples asked for"


def test_bootstrap_is_the_stratified_bootstrap_of_the_fisher_z_mean(data, evaluations) -> None:
    res = compare_collection(evaluations, "spearman", n_resamples=200, seed=3)
    boot = res.bootstrap
    assert (res.aggregate, boot.aggregate, boot.n_resamples, boot.seed) == (
        "fisher_z", "fisher_z", 200, 3,
    )  # fmt: skip
    for k, s in enumerate(boot.systems):
        rho = [spearmanr(g, sy[s])[0] for g, sy in data.values()]
        assert boot.values[k] == pytest.approx(np.tanh(np.mean(np.arctanh(rho))), abs=1e-12)
    alone = collection_bootstrap(data, "spearman", n_resamples=200, seed=3)
    np.testing.assert_array_equal(boot.distribution.resamples, alone.distribution.resamples)
    assert boot.summary() == alone.summary()
    doc = res.as_dict()
    assert doc["friedman"]["systems"][0]["system"] == res.friedman.systems[0]
    assert doc["bootstrap"]["n_resamples"] == 200 and doc["reasons"] == {
        "friedman": None, "bootstrap": None,
    }  # fmt: skip


def test_a_value_undefined_on_a_data_set_stops_both_tests_with_the_reason(data) -> None:
    evs = {d: se.evaluate(g, s, metrics=["pearson"]) for d, (g, s) in data.items()}
    gold = data["s2"][0]
    evs["s2"] = se.evaluate(gold, {**data["s2"][1], "poor": np.full(gold.size, 1.0)},
                            metrics=["pearson"])  # fmt: skip
    res = compare_collection(evs, "pearson", n_resamples=100)
    assert res.friedman is None and res.bootstrap is None
    assert res.reasons["friedman"] == "pearson is undefined for poor on s2"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda e: {"s1": e["s1"]}, "a collection needs at least 2 data sets; got 1"),
        (lambda e: {**e, "s2": se.evaluate([1, 2, 3], {"x": [1, 2, 3], "y": [3, 1, 2]},
                                           metrics=["spearman"])},
         "data set 's2' does not have the systems of 's1'"),
        (lambda e: {**e, "s3": se.evaluate([1, 2, 3], {s: [1, 2, 3] for s in NOISE},
                                           metrics=["pearson"])},
         "data set 's3' was not evaluated with 'spearman'"),
    ],
)  # fmt: skip
def test_what_cannot_be_compared_is_refused(evaluations, change, message) -> None:
    with pytest.raises(InputError, match=message):
        compare_collection(change(evaluations), "spearman", n_resamples=0)
