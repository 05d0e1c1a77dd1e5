"""Holm correction and WMT-style significance clusters."""

from __future__ import annotations

import numpy as np
import pytest

from simeval.errors import InputError
from simeval.stats.clusters import cluster_systems, holm, significance_clusters


def test_holm_by_hand():
    # Holm (1979): sorted p = .01, .02, .03, .04 with m = 4 →
    # 4(.01) = .04, 3(.02) = .06, 2(.03) = .06, 1(.04) = .04 → running max .04 .06 .06 .06
    got = holm([0.03, 0.01, 0.04, 0.02])
    np.testing.assert_allclose(got, [0.06, 0.04, 0.06, 0.06])
    np.testing.assert_allclose(holm([0.5, np.nan, 0.9]), [1.0, np.nan, 1.0])


def test_clusters_from_pvalues_by_hand():
    # Ranked a > b > c > d. Raw one-sided p (i better than j), upper triangle:
    #   a>b .30  a>c .004  a>d .001  b>c .20  b>d .002  c>d .40
    # Holm over 6 tests: sorted .001 .002 .004 .20 .30 .40 → ×6 ×5 ×4 ×3 ×2 ×1
    #   = .006 .010 .016 .60 .60 .40 → running max .006 .010 .016 .60 .60 .60
    # b: a>b .60 → same cluster; c: a>c .016 < .05 → new cluster {c}; d: c>d .60 → with c.
    names = ["c", "a", "d", "b"]
    values = {"c": 0.5, "a": 0.9, "d": 0.4, "b": 0.8}
    raw = {
        ("a", "b"): 0.30,
        ("a", "c"): 0.004,
        ("a", "d"): 0.001,
        ("b", "c"): 0.20,
        ("b", "d"): 0.002,
        ("c", "d"): 0.40,
    }
    p = np.full((4, 4), np.nan)
    for (x, y), v in raw.items():
        p[names.index(x), names.index(y)] = v
        p[names.index(y), names.index(x)] = 1 - v
    res = significance_clusters(values, p)
    assert res.systems == ("a", "b", "c", "d")
    assert res.clusters == (1, 1, 2, 2)
    assert res.adjusted[0, 2] == pytest.approx(0.016)
    assert res.adjusted[2, 3] == pytest.approx(0.60)


def test_errors_rank_lowest_first():
    p = np.array([[np.nan, 0.5], [0.5, np.nan]])
    res = significance_clusters({"x": 0.2, "y": 0.1}, p, higher_is_better=False)
    assert res.systems == ("y", "x") and res.clusters == (1, 1)


def test_cluster_systems_end_to_end():
    rng = np.random.default_rng(0)
    gold = rng.uniform(0, 5, 80)
    systems = {
        "good1": gold + rng.normal(0, 0.3, 80),
        "good2": gold + rng.normal(0, 0.3, 80),
        "bad": gold + rng.normal(0, 3.0, 80),
    }
    res = cluster_systems(gold, systems, "pearson", n_resamples=299, seed=0)
    assert res.systems[-1] == "bad"
    assert res.clusters == (1, 1, 2)


def test_validation():
    with pytest.raises(InputError, match="pvalues"):
        significance_clusters({"a": 1.0, "b": 0.5}, np.zeros((3, 3)))
    with pytest.raises(InputError, match="alpha"):
        significance_clusters({"a": 1.0}, np.zeros((1, 1)), alpha=1.5)


@pytest.mark.parametrize(("pvalues", "error"), [([-0.1, 0.5], "InputError"),
                                               ([0.1, 5.0], "InputError"),
                                               (["0.1"], "InputTypeError")])  # fmt: skip
def test_holm_takes_probabilities_only(pvalues, error) -> None:
    # [-0.1, 0.5] was adjusted to [-0.2, 0.5]; text was parsed as numbers
    import simeval.errors
    from simeval.stats.clusters import holm

    with pytest.raises(getattr(simeval.errors, error), match="pvalues"):
        holm(pvalues)


def test_a_callable_metric_that_returns_no_number_is_named() -> None:
    # a metric returning text raised float()'s ValueError from inside the bootstrap
    import numpy as np

    from simeval.errors import InputTypeError
    from simeval.stats.paired import paired_bootstrap_test

    g = np.arange(10.0)
    with pytest.raises(InputTypeError, match=r"metric callable must return a number.*'x'"):
        paired_bootstrap_test(g, g + np.sin(g), g[::-1], metric=lambda x, y: "x",
                              higher_is_better=True, n_resamples=100, seed=0)  # fmt: skip


def test_holm_reads_none_as_outside_the_family_and_a_rounding_above_one_as_one() -> None:
    # the probability check must not refuse what was read before: None (object arrays),
    # and 1 + 2e-16 from summed probabilities. By hand: 2·0.01 and 0.04; 1 and 2·0.1.
    from simeval.stats.clusters import holm

    np.testing.assert_allclose(holm([0.01, None, 0.04]), [0.02, np.nan, 0.04])
    np.testing.assert_allclose(holm([1.0000000000000002, 0.1]), [1.0, 0.2])
