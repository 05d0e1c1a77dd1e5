"""The protocols of simeval run against values computed in the test with scipy: MTEB's
pooled Spearman, SentEval's per-subset correlations with their mean and weighted mean,
SimCSE's pooled 'all' and task average, sentence-transformers' per-function names."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval.runs.run import Pairs

T1 = ["a cat sits", "a dog runs", "the sun is hot", "two men talk", "a bird sings",
      "rain falls", "a man eats", "kids play ball"]  # fmt: skip
T2 = ["a cat sat down", "a dog walks", "it is cold", "two women talk", "a bird flies",
      "snow falls down", "a woman eats", "kids play"]  # fmt: skip
GOLD = [4.6, 3.0, 0.4, 2.8, 2.6, 1.2, 2.2, 4.0]
SUBSETS = ["news", "news", "news", "forum", "forum", "forum", "forum", "news"]


def jaccard(a: str, b: str) -> float:
    x, y = set(a.lower().split()), set(b.lower().split())
    return len(x & y) / len(x | y)


SCORES = np.array([jaccard(a, b) for a, b in zip(T1, T2)])


def test_mteb_is_spearman_over_the_pooled_set() -> None:
    res = se.run(["lexical:jaccard"], [Pairs("toy", T1, T2, GOLD, (0, 5), SUBSETS)])
    assert res.value("lexical:jaccard", "toy") == pytest.approx(
        stats.spearmanr(GOLD, SCORES).statistic, abs=1e-12
    )
    assert {r["subset"] for r in res.records} == {None}  # MTEB pools the subsets


def test_senteval_subsets_mean_and_weighted_mean() -> None:
    pairs = Pairs("toy", T1, T2, GOLD, (0, 5), SUBSETS)
    res = se.run(["lexical:jaccard"], [pairs], protocol="senteval")
    g, s, sub = np.array(GOLD), SCORES, np.array(SUBSETS)
    per = {k: stats.pearsonr(g[sub == k], s[sub == k]).statistic for k in ("news", "forum")}
    m = "lexical:jaccard"
    for k, v in per.items():
        assert res.value(m, "toy", "pearson", k) == pytest.approx(v, abs=1e-12)
    assert res.value(m, "toy", "pearson", "mean") == pytest.approx(np.mean(list(per.values())))
    # weighted by the subsets' pairs: 4 news, 4 forum here
    assert res.value(m, "toy", "pearson", "wmean") == pytest.approx(
        (4 * per["news"] + 4 * per["forum"]) / 8
    )
    assert not any(r["subset"] == "all" for r in res.records)  # SentEval has no pooled value


def test_simcse_adds_the_pooled_all_and_the_task_average() -> None:
    a = Pairs("a", T1, T2, GOLD, (0, 5), SUBSETS)
    b = Pairs("b", T1[:6], T2[:6], GOLD[:6], (0, 5))
    res = se.run(["lexical:jaccard"], [a, b], protocol="simcse")
    m = "lexical:jaccard"
    rho_a = stats.spearmanr(GOLD, SCORES).statistic
    rho_b = stats.spearmanr(GOLD[:6], SCORES[:6]).statistic
    assert res.value(m, "a", "spearman", "all") == pytest.approx(rho_a, abs=1e-12)
    assert res.value(m, "avg", "spearman") == pytest.approx((rho_a + rho_b) / 2, abs=1e-12)


def test_st_names_the_similarity_function() -> None:
    res = se.run(["lexical:jaccard"], [Pairs("toy", T1, T2, GOLD, (0, 5))], protocol="st")
    metrics = {r["metric"] for r in res.records}
    assert metrics == {"pearson_jaccard", "spearman_jaccard"} or metrics >= {"spearman_cosine"}
    assert any(r["main"] for r in res.records)


def test_st_title_names_each_models_own_function_when_they_differ() -> None:
    from simeval.report.run import format_run
    from simeval.report.schema import run_document

    pairs = Pairs("toy", T1, T2, GOLD, (0, 5))
    res = se.run(["lexical:jaccard", "lexical:edit"], [pairs], protocol="st")
    title = format_run(run_document(res), "table").splitlines()[0]
    mains = {r["system"]: r["metric"] for r in res.records if r["main"]}
    assert len(set(mains.values())) == 2  # each lexical scorer is its own function
    assert all(m in title for m in mains.values()) and "each model's own function" in title


def test_unknown_names_list_the_known_ones() -> None:
    pairs = Pairs("toy", T1, T2, GOLD, (0, 5))
    with pytest.raises(se.InputError, match="known: mteb"):
        se.run(["lexical:jaccard"], [pairs], protocol="nope")
    with pytest.raises(se.InputError, match="known: minilm"):
        se.run(["nope"], [pairs])


def test_simeval_protocol_evaluates_and_compares() -> None:
    pairs = Pairs("toy", T1, T2, GOLD, (0, 5))
    res = se.run(["lexical:jaccard", "lexical:edit"], [pairs], protocol="simeval", n_resamples=200)
    r = next(
        r for r in res.records
        if r["system"] == "lexical:jaccard" and r["metric"] == "pearson" and r["bin"] is None
    )  # fmt: skip
    assert r["value"] == pytest.approx(stats.pearsonr(GOLD, SCORES).statistic, abs=1e-12)
    assert r["ci_method"] == "bca" and r["ci_low"] <= r["value"] <= r["ci_high"]
    assert "toy" in res.comparisons and "toy" in res.evaluations


def test_simeval_protocol_across_data_sets_adds_the_aggregates() -> None:
    a = Pairs("a", T1, T2, GOLD, (0, 5))
    b = Pairs("b", T1[:6], T2[:6], GOLD[:6], (0, 5))
    res = se.run(["lexical:jaccard", "lexical:edit"], [a, b], protocol="simeval", n_resamples=100)
    m = "lexical:jaccard"
    ra = stats.pearsonr(GOLD, SCORES).statistic
    rb = stats.pearsonr(GOLD[:6], SCORES[:6]).statistic
    want = np.tanh((np.arctanh(ra) + np.arctanh(rb)) / 2)  # Atoum 2019, eq. 4–5
    assert res.value(m, "fisher_z_mean", "pearson") == pytest.approx(want, abs=1e-12)
    ranks = {r["system"]: r["value"] for r in res.records if r["metric"] == "normalized_rank"}
    assert set(ranks) == {"lexical:jaccard", "lexical:edit"}
    assert all(0.0 <= v <= 1.0 for v in ranks.values())


def test_an_unknown_model_is_named_before_any_data_set_is_fetched(tmp_path, monkeypatch) -> None:
    """No data folder and an empty cache: run and score would download stsb:test first;
    the model's name is checked before that, so the error is about the model."""
    from simeval.runs.run import score_dataset

    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path))
    with pytest.raises(se.InputError, match="unknown model 'nope'"):
        se.run(["nope"], ["stsb:test"])
    with pytest.raises(se.InputError, match="unknown model 'nope'"):
        score_dataset("nope", "stsb:test")
    assert not any(tmp_path.iterdir())
