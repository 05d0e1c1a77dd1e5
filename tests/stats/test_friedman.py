"""Friedman's test, Iman–Davenport and the Nemenyi critical difference (Demšar 2006).

Expected values: Demšar's (2006, §3.2.4) worked example (four variants of C4.5 on 14 data
sets: average ranks 3.143, 2.000, 2.893, 1.964 → χ²_F = 9.28, F_F = 3.69, CD = 1.25 at
α = 0.05), his Table 5(a) of q_α, scipy's ``friedmanchisquare`` and
``studentized_range``, formulas evaluated by hand in the tests, and scikit-posthocs'
``posthoc_nemenyi_friedman`` when it is installed.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import f as f_dist
from scipy.stats import friedmanchisquare, studentized_range

from simeval.errors import InputError
from simeval.stats.friedman import friedman_from_ranks, friedman_test
from simeval.stats.nemenyi import NEMENYI_Q, nemenyi_q

DEMSAR_RANKS = [3.143, 2.000, 2.893, 1.964]
DEMSAR_NAMES = ["C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"]

# 6 data sets × 4 models, no ties within a data set
TABLE = np.array(
    [
        [0.81, 0.79, 0.70, 0.60],
        [0.75, 0.80, 0.72, 0.66],
        [0.90, 0.85, 0.88, 0.70],
        [0.62, 0.64, 0.61, 0.50],
        [0.77, 0.71, 0.74, 0.73],
        [0.83, 0.82, 0.69, 0.65],
    ]
)


def test_demsar_worked_example() -> None:
    res = friedman_from_ranks(DEMSAR_RANKS, 14, DEMSAR_NAMES)
    assert res.chi2 == pytest.approx(9.28, abs=5e-3)
    assert res.f_statistic == pytest.approx(3.69, abs=5e-3)
    assert res.df == (3, 39)
    assert res.critical_difference == pytest.approx(1.25, abs=5e-3)
    # "the critical value of F(3, 39) for α = 0.05 is 2.85": the test rejects
    assert f_dist.ppf(0.95, 3, 39) == pytest.approx(2.85, abs=5e-3) and res.f_pvalue < 0.05
    # Nemenyi at 0.05: C4.5 vs C4.5+m+cf differ by 1.179 < 1.25, so no pair differs
    assert not res.different("C4.5", "C4.5+m+cf")
    assert res.cliques == (("C4.5+m+cf", "C4.5+m", "C4.5+cf", "C4.5"),)
    # at α = 0.10 (q = 2.291, CD = 1.12) C4.5 differs from C4.5+m and C4.5+m+cf
    res10 = friedman_from_ranks(DEMSAR_RANKS, 14, DEMSAR_NAMES, alpha=0.10)
    assert res10.critical_difference == pytest.approx(2.291 * math.sqrt(20 / 84))
    assert res10.different("C4.5", "C4.5+m") and res10.different("C4.5", "C4.5+m+cf")
    assert not res10.different("C4.5", "C4.5+cf")


def test_friedman_statistic_matches_scipy_without_ties() -> None:
    res = friedman_test(TABLE, ["a", "b", "c", "d"])
    want = friedmanchisquare(*TABLE.T)
    assert res.chi2 == pytest.approx(want.statistic, rel=1e-12)
    assert res.chi2_pvalue == pytest.approx(want.pvalue, rel=1e-10)


def test_iman_davenport_and_average_ranks_by_hand() -> None:
    # ranks per data set (1 = highest): a 1,2,1,2,1,1 b 2,1,3,1,4,2 c 3,3,2,3,2,3 d 4,4,4,4,3,4
    res = friedman_test(TABLE, ["a", "b", "c", "d"])
    avg = {"a": 8 / 6, "b": 13 / 6, "c": 16 / 6, "d": 23 / 6}
    assert dict(zip(res.systems, res.average_ranks)) == pytest.approx(avg)
    N, k = 6, 4
    chi2 = 12 * N / (k * (k + 1)) * (sum(r * r for r in avg.values()) - k * (k + 1) ** 2 / 4)
    ff = (N - 1) * chi2 / (N * (k - 1) - chi2)
    assert res.chi2 == pytest.approx(chi2) and res.f_statistic == pytest.approx(ff)
    assert res.f_pvalue == pytest.approx(f_dist.sf(ff, 3, 15))
    assert res.critical_difference == pytest.approx(2.569 * math.sqrt(20 / 36))


def test_errors_are_ranked_lowest_first() -> None:
    res = friedman_test({"x": [0.1, 0.2, 0.3], "y": [0.3, 0.4, 0.5]}, higher_is_better=False)
    assert res.systems == ("x", "y") and res.average_ranks == (1.0, 2.0)


@pytest.mark.parametrize("alpha", sorted(NEMENYI_Q))
def test_demsar_table_is_the_studentized_range(alpha: float) -> None:
    # Table 5(a) is q(1 − α; k, ∞)/√2, printed to 3 decimals (two entries 0.001 off)
    for k, q in enumerate(NEMENYI_Q[alpha], start=2):
        exact = studentized_range.ppf(1 - alpha, k, np.inf) / math.sqrt(2)
        assert q == pytest.approx(exact, abs=1.5e-3)
        assert nemenyi_q(k, alpha) == q
    assert nemenyi_q(15, alpha) == pytest.approx(
        studentized_range.ppf(1 - alpha, 15, np.inf) / math.sqrt(2)
    )


def test_cliques_by_hand() -> None:
    # CD = 2.569·sqrt(4·5/(6·30)) = 0.8563; ranks a 1.5, b 2.2, c 2.6, d 3.7 (they sum to
    # 4·5/2 = 10, as average ranks do): from a: b (0.7) in, c (1.1) out → {a, b}; from b:
    # c (0.4) in, d (1.5) out → {b, c}; from c: d (1.1) out; d alone → (a, b), (b, c)
    res = friedman_from_ranks([1.5, 2.2, 2.6, 3.7], 30, ["a", "b", "c", "d"])
    assert res.critical_difference == pytest.approx(2.569 * math.sqrt(20 / 180))
    assert res.cliques == (("a", "b"), ("b", "c"))


def test_nemenyi_pvalues_match_scikit_posthocs() -> None:
    sp = pytest.importorskip("scikit_posthocs", reason="scikit-posthocs is not installed")
    res = friedman_test(TABLE, ["a", "b", "c", "d"])
    want = sp.posthoc_nemenyi_friedman(TABLE)  # columns 0..3 in the table's order
    at = {name: i for i, name in enumerate("abcd")}
    for i, a in enumerate(res.systems):
        for j, b in enumerate(res.systems):
            if i != j:
                assert res.pvalues[i, j] == pytest.approx(want.iloc[at[a], at[b]], rel=1e-6)


def test_bad_tables_are_one_line_errors() -> None:
    with pytest.raises(InputError, match="no value on data set 2"):
        friedman_test({"a": [0.1, np.nan], "b": [0.2, 0.3]})
    with pytest.raises(InputError, match="at least 2 data sets"):
        friedman_test({"a": [0.1], "b": [0.2]})
    with pytest.raises(InputError, match="one value per data set"):
        friedman_test({"a": [0.1, 0.2], "b": [0.2]})
    with pytest.raises(InputError, match="unique"):
        friedman_from_ranks([1.0, 2.0], 5, ["a", "a"])


def test_as_dict_and_summary() -> None:
    d = friedman_from_ranks(DEMSAR_RANKS, 14, DEMSAR_NAMES).as_dict()
    assert d["systems"][0] == {"system": "C4.5+m+cf", "average_rank": 1.964}
    assert d["df"] == [3, 39] and len(d["cliques"]) == 1
    assert d["summary"].startswith("Friedman test over 14 data sets: F_F = 3.69")


def test_complete_agreement_gives_the_exact_p_value() -> None:
    # Every one of N = 7 data sets ranks a > b > c: chi2_F reaches its maximum N(k - 1) = 14,
    # Iman-Davenport's denominator N(k - 1) - chi2_F is 0. Under the null each data set's
    # order is one of k! = 6 equally likely orders, so all 7 agree with probability
    # 6 * (1/6)^7 = (1/6)^6 = 2.143e-05 (by hand), the exact permutation p-value.
    table = {"a": [0.9] * 7, "b": [0.8] * 7, "c": [0.7] * 7}
    res = friedman_test(table)
    assert res.chi2 == pytest.approx(14.0)
    assert res.unanimous and math.isinf(res.f_statistic)
    assert res.f_pvalue == pytest.approx(6.0**-6, rel=1e-12)
    assert res.summary().startswith(
        "Friedman test over 7 data sets: every data set ranks the 3 models in the same order "
        "(F_F infinite; exact p = 2.14e-05): the 3 models are not all equal"
    )


def test_too_few_data_sets_to_reject_is_said() -> None:
    # k = 2 models on N = 2 data sets: the smallest p-value is that of both data sets
    # ranking them alike, (2!)^-(2-1) = 0.5 (by hand), so the test can never reject
    res = friedman_test({"a": [0.9, 0.8], "b": [0.7, 0.6]})
    assert res.smallest_pvalue == pytest.approx(0.5)
    assert res.f_pvalue == pytest.approx(0.5)  # the two agree: the exact p of agreement
    assert res.summary().endswith(
        "no evidence that the 2 models differ (alpha = 0.05); with 2 data sets it cannot "
        "reject: its smallest p-value, when every data set ranks the models alike, is 0.5."
    )
    # Demsar's 4 models on 14 data sets: (4!)^-13, far below alpha: nothing added
    demsar = friedman_from_ranks(DEMSAR_RANKS, 14, DEMSAR_NAMES)
    assert demsar.smallest_pvalue == pytest.approx(24.0**-13)


def test_average_ranks_no_ranking_gives_are_refused() -> None:
    # [1, 1, 1] sums to 3 where 3 models' average ranks sum to 6: chi² was −36
    with pytest.raises(InputError, match=r"must lie in \[1, 3\] and sum to 6"):
        friedman_from_ranks([1, 1, 1], 4, ["a", "b", "c"])


def test_ranks_printed_to_one_decimal_are_taken() -> None:
    # ranks 1.25, 2.25, 3.25, 3.85, 4.4 (sum 15) printed as 1.3 … 4.4 sum to 15.2
    res = friedman_from_ranks([1.3, 2.3, 3.3, 3.9, 4.4], 10, ["a", "b", "c", "d", "e"])
    assert math.isfinite(res.chi2)
