"""Task requirements → recommended measure (Reimers et al. 2016, §4, Table 3)."""

from __future__ import annotations

from itertools import product

import pytest

from simeval.errors import InputError
from simeval.meta.recommend import (
    CARDINALITIES,
    INFORMATION,
    SETS_OF_INTEREST,
    parse_task,
    plausible_combinations,
    recommend,
)

# Reimers et al. (2016), Table 3, row by row, in simeval's metric expressions
TABLE_3 = {
    ("1:1", "all", "classification"): "hmean(f1_low,f1_high)",
    ("1:1", "all", "value"): "pearson",
    ("1:n", "all", "rank"): "ndcg",  # "nDCG or Spearman rank correlation"
    ("1:n", "all", "classification"): "hmean(f1_low,f1_high)",
    ("1:n", "all", "value"): "pearson",
    ("1:n", "k-best", "value"): "hmean(ncg@k,pearson)",
    ("1:n", "k-best", "rank"): "ndcg@k",
    # "harmonic mean of F1-score for low and high similarity pairs and Pearson correlation"
    ("1:n", "threshold", "value"): "hmean(pearson,f1_low,f1_high)",
    ("1:n", "threshold", "rank"): "hmean(spearman,f1_low,f1_high)",
}


@pytest.mark.parametrize("key", sorted(TABLE_3))
def test_every_plausible_combination(key):
    rec = recommend(*key)
    assert rec.measure == TABLE_3[key]
    assert rec.explanation.endswith(".") and len(rec.explanation) > 40
    assert rec.task == ",".join(key)
    assert parse_task(rec.task) == rec


def test_all_rank_offers_spearman_as_the_alternative():
    assert recommend("1:n", "all", "rank").alternatives == ("spearman",)


def test_nine_plausible_in_the_papers_order():
    recs = plausible_combinations()
    assert [(r.cardinality, r.set_of_interest, r.information) for r in recs] == list(TABLE_3)


REFUSALS = {
    ("1:1", "k-best", "value"): "only All is a useful set of interest",
    ("1:1", "k-best", "rank"): "only All is a useful set of interest",
    ("1:1", "k-best", "classification"): "only All is a useful set of interest",
    ("1:1", "threshold", "value"): "only All is a useful set of interest",
    ("1:1", "threshold", "rank"): "only All is a useful set of interest",
    ("1:1", "threshold", "classification"): "only All is a useful set of interest",
    ("1:1", "all", "rank"): "Rank needs more than one result",
    ("1:n", "k-best", "classification"): "nine plausible combinations",
    ("1:n", "threshold", "classification"): "nine plausible combinations",
}


@pytest.mark.parametrize("key", sorted(REFUSALS))
def test_every_refusal_gives_the_papers_reason(key):
    with pytest.raises(InputError, match=REFUSALS[key]):
        recommend(*key)


def test_the_18_combinations_split_nine_and_nine():
    assert set(TABLE_3) | set(REFUSALS) == set(
        product(CARDINALITIES, SETS_OF_INTEREST, INFORMATION)
    )


def test_spelling_variants_and_bad_input():
    assert recommend("1:N", "K-Best", "Rank").measure == "ndcg@k"
    assert parse_task("1:n, kbest, rank", k=10).measure == "ndcg@10"
    with pytest.raises(InputError, match="cardinality"):
        recommend("m:n", "all", "value")
    with pytest.raises(InputError, match="cardinality,set_of_interest,information"):
        parse_task("1:n,all")


def test_every_measure_is_a_registry_expression_once_k_is_given():
    from simeval.metrics.registry import get_metric

    for rec in plausible_combinations():
        filled = recommend(rec.cardinality, rec.set_of_interest, rec.information, k=10)
        assert get_metric(filled.measure).higher_is_better
    with pytest.raises(InputError, match="`k`"):
        recommend("1:n", "k-best", "rank", k=0)
