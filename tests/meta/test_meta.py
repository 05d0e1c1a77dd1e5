"""Rank agreement between metrics and predictiveness, on a hand-made 5-system example."""

from __future__ import annotations

import math

import pytest

from simeval.errors import InputError
from simeval.meta.predictiveness import predictiveness
from simeval.meta.ranks import rank_agreement, rank_systems, rank_table

# Hand-made example. Ranks (1 = best):
#   pearson  A .90 B .85 C .80 D .75 E .70        → A1 B2 C3 D4 E5
#   spearman A .80 B .88 C .70 D .86 E .60        → A3 B1 C4 D2 E5
#   nmsse (lower is better) A .3 B .3 C .2 D .5 E .4 → A2.5 B2.5 C1 D5 E4 (A, B tie)
TABLE = {
    "pearson": {"A": 0.90, "B": 0.85, "C": 0.80, "D": 0.75, "E": 0.70},
    "spearman": {"A": 0.80, "B": 0.88, "C": 0.70, "D": 0.86, "E": 0.60},
    "nmsse": {"A": 0.30, "B": 0.30, "C": 0.20, "D": 0.50, "E": 0.40},
}
# Extrinsic results: B .70, D .65, A .60, C .50, E .40 → ER B1 D2 A3 C4 E5
EXTRINSIC = {"A": 0.60, "B": 0.70, "C": 0.50, "D": 0.65, "E": 0.40}


def test_ranks_with_average_ties_and_directions():
    ranks = rank_table(TABLE)
    assert ranks["spearman"] == {"A": 3, "B": 1, "C": 4, "D": 2, "E": 5}
    assert ranks["nmsse"] == {"A": 2.5, "B": 2.5, "C": 1, "D": 5, "E": 4}
    assert rank_systems({"x": 1.0, "y": 2.0}, higher_is_better=False) == {"x": 1.0, "y": 2.0}


def test_rank_agreement_by_hand():
    got = {(r.metric_a, r.metric_b): r for r in rank_agreement(TABLE)}
    # pearson vs spearman: |1-3| |2-1| |3-4| |4-2| |5-5| = 2 1 1 2 0 → mean 1.2, max 2;
    # Kendall: y = 3 1 4 2 5 in pearson order → 7 concordant, 3 discordant → τ = 0.4
    ps = got[("pearson", "spearman")]
    assert (ps.mean_abs_diff, ps.max_abs_diff, ps.kendall_tau) == pytest.approx((1.2, 2, 0.4))
    # pearson vs nmsse: 1.5 .5 2 1 1 → mean 1.2, max 2; 6 C, 3 D, one tie in nmsse →
    # τ_b = 3 / sqrt(10·9)
    pn = got[("pearson", "nmsse")]
    assert (pn.mean_abs_diff, pn.max_abs_diff) == pytest.approx((1.2, 2.0))
    assert pn.kendall_tau == pytest.approx(3 / math.sqrt(90))
    # spearman vs nmsse: .5 1.5 3 3 1 → mean 1.8, max 3; 4 C, 5 D → τ_b = -1 / sqrt(90)
    sn = got[("spearman", "nmsse")]
    assert (sn.mean_abs_diff, sn.max_abs_diff) == pytest.approx((1.8, 3.0))
    assert sn.kendall_tau == pytest.approx(-1 / math.sqrt(90))
    assert sn.as_dict()["n_systems"] == 5


def test_predictiveness_by_hand_and_sorted_as_table_2():
    res = predictiveness(TABLE, EXTRINSIC, n_resamples=200, seed=0)
    assert [p.measure for p in res] == ["spearman", "pearson", "nmsse"]
    assert [p.rank for p in res] == [1, 2, 3]
    sp, pe, nm = res
    # spearman ranks equal ER: ρ 1, MAD 0, MSD 0
    assert (sp.rho, sp.mad, sp.msd) == pytest.approx((1.0, 0.0, 0.0))
    # pearson IR 1..5 vs ER 3 1 4 2 5: Σd² = 10 → ρ = 1 - 6·10/(5·24) = 0.5; MAD 6/5; MSD 10/5
    assert (pe.rho, pe.mad, pe.msd) == pytest.approx((0.5, 1.2, 2.0))
    # nmsse IR 2.5 2.5 1 5 4 vs ER 3 1 4 2 5: cov sum -1, ss 9.5 and 10 → ρ = -1/sqrt(95);
    # |d| = .5 1.5 3 3 1 → MAD 1.8; d² sum 21.5 → MSD 4.3
    assert (nm.rho, nm.mad, nm.msd) == pytest.approx((-1 / math.sqrt(95), 1.8, 4.3))
    for p in res:
        assert p.ci_low <= p.ci_high
    assert sp.ci_low == sp.ci_high == 1.0  # identical rankings stay identical when resampled


def test_ties_in_rho_share_the_better_place():
    table = {"a": TABLE["spearman"], "b": dict(TABLE["spearman"]), "c": TABLE["pearson"]}
    up = {"a": True, "b": True, "c": True}
    res = predictiveness(table, EXTRINSIC, higher_is_better=up, n_resamples=0)
    assert [p.rank for p in res] == [1, 1, 3]  # as Table 2's 1, 1, 3
    assert math.isnan(res[0].ci_low)


def test_validation():
    with pytest.raises(InputError, match="no value for system"):
        rank_agreement({"pearson": {"A": 1, "B": 2}, "spearman": {"A": 1}})
    with pytest.raises(InputError, match="NaN"):
        rank_table({"pearson": {"A": 1.0, "B": float("nan")}})
    with pytest.raises(InputError, match="at least 3"):
        predictiveness(TABLE, {"A": 1, "B": 2})
    with pytest.raises(InputError, match="unknown direction"):
        rank_table({"bleu": {"A": 1.0, "B": 2.0}})
    assert rank_table({"bleu": {"A": 1.0, "B": 2.0}}, higher_is_better={"bleu": True})


def test_undefined_values_carry_reasons():
    # hand: pearson is constant over the systems, so its ranking is constant and
    # ρ(IR, ER) has no value; Kendall's τ needs 3 systems
    intrinsic = {"pearson": {"a": 0.5, "b": 0.5, "c": 0.5}, "nmsse": {"a": 0.1, "b": 0.2, "c": 0.3}}
    res = {p.measure: p for p in predictiveness(intrinsic, {"a": 1, "b": 2, "c": 3}, seed=0)}
    assert math.isnan(res["pearson"].rho)
    assert res["pearson"].reason == (
        "undefined: pearson gives every system the same value (a constant ranking)"
    )
    assert res["nmsse"].reason is None
    none = predictiveness(intrinsic, {"a": 1, "b": 2, "c": 3}, n_resamples=0)
    assert {p.reason for p in none if p.measure == "nmsse"} == {
        "no bootstrap resamples, so no interval"
    }
    two = rank_agreement(
        {"x": {"a": 1, "b": 2}, "y": {"a": 2, "b": 1}}, higher_is_better={"x": True, "y": True}
    )
    assert two[0].reason == "undefined: Kendall's τ needs at least 3 systems; got 2"


def test_a_measure_undefined_for_a_system_is_undefined_with_its_reason() -> None:
    # pearson is undefined (NaN) for the constant system: it cannot rank the systems, so
    # its predictiveness and its agreement are undefined, and the other measures still work
    import math

    from simeval.meta import predictiveness, rank_agreement

    intrinsic = {
        "pearson": {"a": 0.9, "b": 0.5, "const": math.nan},
        "nmsse": {"a": 0.1, "b": 0.4, "const": 1.0},
    }
    extrinsic = {"a": 0.9, "b": 0.5, "const": 0.1}
    pred = {p.measure: p for p in predictiveness(intrinsic, extrinsic, n_resamples=100, seed=0)}
    assert math.isnan(pred["pearson"].rho) and "const" in pred["pearson"].reason
    assert pred["nmsse"].rho == pytest.approx(1.0)  # ranks a, b, const agree with the task
    (agree,) = rank_agreement(intrinsic)
    assert math.isnan(agree.kendall_tau) and "cannot rank" in agree.reason
