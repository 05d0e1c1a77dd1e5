"""The leaderboard on the HTML page: rank intervals of a comparison, who is best over a
run's data sets (stratified bootstrap, Friedman–Nemenyi) and the human ceiling.

The expected sentences are written from hand-made numbers put into the documents (Demšar's
(2006, §3.2.4) worked example for the Friedman test: four variants of C4.5 on 14 data sets,
F_F = 3.69 on (3, 39) df, p = 0.0198, CD = 1.25 for α = 0.05)."""

from __future__ import annotations

import copy
import html
import re

import numpy as np
import pytest

import simeval as se
from simeval.evaluation.compare import compare
from simeval.report.html import build_page
from simeval.report.html.ceiling import ceiling_parts
from simeval.report.html.collection import collection_clause, collection_parts
from simeval.report.html.leaderboard import rank_findings
from simeval.report.html.page import Section
from simeval.report.html.studies import Contents, Study
from simeval.report.schema import SCHEMA, comparison_document, evaluation_document, run_document
from simeval.runs.run import Pairs

GOLD = np.array([0.0, 0.4, 0.8, 1.2, 1.6, 2.0, 2.4, 2.8, 3.2, 3.6, 4.0, 4.4, 4.8, 5.0])
GOOD = np.array([0.3, 0.2, 1.1, 1.0, 1.9, 2.2, 2.1, 3.0, 3.1, 3.9, 3.8, 4.6, 4.5, 4.9])
NOISY = np.array([2.0, 0.5, 4.0, 1.0, 3.0, 0.2, 4.4, 1.5, 2.5, 0.8, 3.3, 1.9, 2.2, 4.1])


def _plain(text: str) -> str:
    """Text without tags and isolates."""
    text = html.unescape(re.sub(r"<[^>]+>", "", text))
    return text.replace("\u2068", "").replace("\u2069", "")


def _ranks(systems: list[tuple[str, float, float, float]], separable: list[list[str]],
           *, n: int = 1000, undefined: int = 0, level: float = 0.95, alpha: float = 0.05,
           metric: str = "pearson") -> dict:  # fmt: skip
    """Rank intervals as :meth:`RankIntervals.as_dict` writes them: (system, rank low,
    rank high, P(best)) best first."""
    rows = [{"system": s, "value": 0.5, "rank": float(i + 1), "rank_low": lo, "rank_high": hi,
             "mean_rank": float(i + 1), "p_best": p}
            for i, (s, lo, hi, p) in enumerate(systems)]  # fmt: skip
    return {"metric": metric, "higher_is_better": True, "confidence_level": level,
            "alpha": alpha, "correction": "holm", "n_resamples": n, "n_undefined": undefined,
            "seed": 0, "systems": rows, "separable_pairs": separable, "share_above": [],
            "adjusted_pvalues": []}  # fmt: skip


def _sentences(page: str, css: str) -> str:
    return _plain(page.split(f'class="{css}">', 1)[1].split("</p>", 1)[0])


def _findings(page: str) -> list[str]:
    return [_plain(li) for ul in re.findall(r'<ul class="findings">(.*?)</ul>', page, re.S)
            for li in re.findall(r"<li>(.*?)</li>", ul, re.S)]  # fmt: skip


# -- one data set ---------------------------------------------------------------------------
def test_the_verdict_of_one_data_set_says_who_ranks_first_and_how_often() -> None:
    cmp = compare(GOLD, {"good": GOOD, "noisy": NOISY}, metrics=["pearson"], scale=(0, 5),
                  n_resamples=500, seed=0)  # fmt: skip
    assert cmp.clusters["pearson"].clusters == (1, 2)  # the lead is significant
    doc = comparison_document(cmp, dataset="toy")
    # 990 of 1,000 resamples defined; good first in 80 % of them, interval 1–2
    doc["ranks"] = [_ranks([("good", 1, 2, 0.8), ("noisy", 1, 2, 0.2)], [], undefined=10)]
    page = build_page([doc], figures=False)
    assert (
        "The lead is significant: every other system is significantly worse (paired bootstrap, "
        "Holm-corrected, α = 0.05); good ranks first in 80 % of the 990 resamples (95 % rank "
        "interval 1–2)."
    ) in _sentences(page, "verdict-text")
    assert (
        "On toy, under pearson, over the 990 resamples the order of good and noisy is not "
        "separable (bootstrap rank test, Holm, α = 0.05)."
    ) in _findings(page)


def test_a_data_set_among_several_says_its_ranks_in_its_findings() -> None:
    study = Study("sts13", comparison={"ranks": [_ranks(
        [("a", 1, 1, 0.97), ("b", 2, 3, 0.02), ("c", 2, 3, 0.01)], [["a", "b"], ["a", "c"]],
        n=200, level=0.9, alpha=0.1, metric="spearman")]})  # fmt: skip
    (line,) = rank_findings(study, "spearman", said_first=False)
    # neighbours a–b (separable) and b–c (not): 1 of 2
    assert _plain(line) == (
        "On sts13, under spearman, a ranks first in 97 % of the 200 resamples (90 % rank "
        "interval 1–1); the order of 1 of the 2 neighbouring pairs in the ranking is "
        "separable (bootstrap rank test, Holm, α = 0.1)."
    )
    assert rank_findings(study, "pearson", said_first=False) == []  # no ranks: nothing said
    # a measure of the gold value with a system off the gold scale: the leads leave it out,
    # so its ranks are not shown either
    study.comparison["ranks"][0]["metric"] = "nmsse"
    study.evaluation = {"off_scale": {"c": "scores on 0–100"}}
    assert rank_findings(study, "nmsse", said_first=False) == []


# -- many data sets -------------------------------------------------------------------------
DEMSAR = {
    "n_datasets": 14, "chi2": 9.28, "chi2_pvalue": 0.0258, "f_statistic": 3.69,
    "f_pvalue": 0.0198, "df": [3, 39], "alpha": 0.05, "q_alpha": 2.569,
    "critical_difference": 1.25,
    "systems": [{"system": "C4.5+m+cf", "average_rank": 1.964},
                {"system": "C4.5+m", "average_rank": 2.0},
                {"system": "C4.5+cf", "average_rank": 2.893},
                {"system": "C4.5", "average_rank": 3.143}],
    "cliques": [["C4.5+m+cf", "C4.5+m", "C4.5+cf", "C4.5"]],
}  # fmt: skip


def _bootstrap(clusters: dict[str, int], p_best: float = 0.62) -> dict:
    names = list(clusters)
    return {
        "metric": "spearman", "aggregate": "fisher_z",
        "datasets": [{"dataset": d, "n": 100} for d in ("s1", "s2", "s3")],
        "higher_is_better": True, "confidence_level": 0.95, "alpha": 0.05,
        "n_resamples": 1000, "seed": 0,
        "systems": [{"system": s, "value": 0.8 - 0.1 * i, "ci_low": 0.7 - 0.1 * i,
                     "ci_high": 0.9 - 0.1 * i, "cluster": c,
                     "per_dataset": {"s1": 0.8, "s2": 0.8, "s3": 0.8}}
                    for i, (s, c) in enumerate(clusters.items())],
        "pairwise": [],
        "ranks": _ranks([(s, 1, len(names), p_best if i == 0 else 0.1)
                         for i, s in enumerate(names)], [], metric="fisher_z:spearman"),
    }  # fmt: skip


def _collection(friedman: dict | None, bootstrap: dict | None, *, why_friedman: str | None = None,
                why_bootstrap: str | None = None) -> dict:  # fmt: skip
    return {"metric": "spearman", "aggregate": "fisher_z", "datasets": ["s1", "s2", "s3"],
            "systems": ["a", "b", "c"], "friedman": friedman, "bootstrap": bootstrap,
            "reasons": {"friedman": why_friedman, "bootstrap": why_bootstrap}}  # fmt: skip


@pytest.mark.parametrize(
    ("collection", "clause"),
    [
        (_collection(None, _bootstrap({"a": 1, "b": 2, "c": 2})),
         "over all 3 data sets, a is significantly better than every other system (stratified "
         "paired bootstrap of the Fisher-z mean, Holm-corrected, α = 0.05)"),
        (_collection(None, _bootstrap({"a": 1, "b": 1, "c": 1})),
         "over all 3 data sets, the lead of a is not significant: b and c are not significantly "
         "worse (stratified paired bootstrap of the Fisher-z mean, Holm-corrected, α = 0.05)"),
        # C4.5+m+cf (1.964) is within CD = 1.25 of every other: 2.0, 2.893 and 3.143
        (_collection(DEMSAR, None),
         "over all 14 data sets, C4.5+m+cf has the best average rank (1.96), within the "
         "critical difference of C4.5+m, C4.5+cf and C4.5 (Friedman p = 0.020; CD = 1.25, "
         "Nemenyi, α = 0.05)"),
        # every data set ranks the systems alike: F_F infinite, p = 0
        (_collection({**DEMSAR, "f_statistic": None, "f_pvalue": 0.0,
                      "critical_difference": 0.5}, None),
         "over all 14 data sets, C4.5+m+cf has the best average rank (1.96), within the "
         "critical difference of C4.5+m (Friedman p < 0.001; CD = 0.50, Nemenyi, α = 0.05)"),
        (_collection({**DEMSAR, "n_datasets": 2, "f_pvalue": 0.79}, None),
         "over both data sets, the Friedman test finds no difference between the 4 systems "
         "(p = 0.790)"),
    ],
)  # fmt: skip
def test_the_verdict_says_who_is_best_over_the_collection(collection, clause) -> None:
    assert _plain(collection_clause(Contents(collections=[collection]))) == clause


def test_the_summary_gives_the_friedman_test_and_the_ranks_over_the_collection() -> None:
    section = Section("summary", "summary")
    contents = Contents(collections=[_collection(DEMSAR, _bootstrap({"a": 1, "b": 1, "c": 2}))])
    collection_parts(contents, section, figures=False)
    assert [_plain(f) for f in section.findings] == [
        "Over all 3 data sets, on the Fisher-z mean of spearman, a ranks first in 62 % of the "
        "1,000 resamples (95 % rank interval 1–3); the order of 0 of the 2 neighbouring pairs "
        "in the ranking is separable (bootstrap rank test, Holm, α = 0.05).",
        "Friedman test over 14 data sets on spearman: F_F = 3.69 on (3, 39) df, p = 0.020: the "
        "4 systems are not all equal; C4.5+m+cf has the best average rank (1.96), within the "
        "critical difference (CD = 1.25, Nemenyi, α = 0.05) of C4.5+m, C4.5+cf and C4.5.",
    ]
    (table,) = section.tables
    assert "Fisher-z mean [95 % interval]" in _plain(table)
    # a bootstrap left out says why; the Friedman test, alone, is the verdict's clause
    section = Section("summary", "summary")
    lean = _collection({**DEMSAR, "f_pvalue": 0.5}, None,
                       why_bootstrap="per-pair scores left out of the document")  # fmt: skip
    collection_parts(Contents(collections=[lean]), section, figures=False)
    assert [_plain(f) for f in section.findings] == [
        "No stratified bootstrap over the data sets: per-pair scores left out of the document."
    ]
    section = Section("summary", "summary")
    why = "spearman is undefined for c on s2"
    undefined = _collection(None, None, why_friedman=why, why_bootstrap=why)
    collection_parts(Contents(collections=[undefined]), section, figures=False)
    assert [_plain(f) for f in section.findings] == [
        "No stratified bootstrap over the data sets: spearman is undefined for c on s2.",
        "No test over the data sets: spearman is undefined for c on s2.",
    ]
    assert section.tables == []


@pytest.fixture(scope="module")
def run_doc() -> dict:
    rng = np.random.default_rng(3)
    words = ["a cat", "the dog", "a red car", "blue sky", "green tree", "old man", "sea"]

    def pairs(name: str, n: int) -> Pairs:
        t1 = [" ".join(rng.choice(words, 2)) for _ in range(n)]
        t2 = [" ".join(rng.choice(words, 2)) for _ in range(n)]
        return Pairs(name, t1, t2, rng.uniform(0, 5, n).round(1), scale=(0, 5))

    res = se.run(["lexical:jaccard", "lexical:edit"], [pairs("one", 40), pairs("two", 50)],
                 protocol="mteb", n_resamples=100, seed=0)  # fmt: skip
    return run_document(res)


def test_a_run_page_puts_the_collection_in_its_verdict_and_draws_it(run_doc) -> None:
    pytest.importorskip("matplotlib")
    doc = copy.deepcopy(run_doc)
    best = doc["collection"]["bootstrap"]["ranks"]["systems"][0]["system"]
    for row in doc["collection"]["bootstrap"]["systems"]:
        row["cluster"] = 1 if row["system"] == best else 2
    page = build_page([doc])
    assert (
        f"over both data sets, {best} is significantly better than every other system "
        "(stratified paired bootstrap of the mean, Holm-corrected, α = 0.05)."
    ) in _sentences(page, "verdict-text")  # MTEB's plain mean over its tasks
    assert 'aria-label="Critical difference diagram of 2 systems over 2 data sets' in page
    assert page.count('aria-label="Ranks under') == 2  # one rank figure per data set
    assert "Rank intervals over the 2 data sets</summary>" in page


# -- the human ceiling ----------------------------------------------------------------------
def _measure(name: str, value: float, low: float, high: float) -> dict:
    return {"name": name, "statistic": value, "low": low, "high": high,
            "confidence_level": 0.95, "units": 5, "reason": None}  # fmt: skip


def _system(name: str, rho: float, share: float, diff: tuple[float, float, float],
            verdict: str | None) -> dict:  # fmt: skip
    return {"system": name, "rho": rho, "rho_low": rho - 0.05, "rho_high": rho + 0.05,
            "share": share, "rho_with_others": 0.8 + diff[0], "rater_with_others": 0.8,
            "difference": diff[0], "difference_low": diff[1], "difference_high": diff[2],
            "pvalue": 0.01, "verdict": verdict}  # fmt: skip


CEILING = {
    "agreement": {"n_items": 40, "n_raters": 5, "persistent": True, "n_splits": 100,
                  "n_resamples": 1000, "seed": 0,
                  "measures": [_measure("iaa1", 0.7, 0.6, 0.78), _measure("iaa2", 0.8, 0.72, 0.85),
                               _measure("split_half", 0.93, 0.9, 0.95)],
                  "per_rater": [0.8] * 5},
    "ceiling": {"measure": "iaa2", "value": 0.8},
    "confidence_level": 0.95,
    "systems": [_system("a", 0.88, 1.1, (0.04, 0.01, 0.07), "better"),
                _system("b", 0.4, 0.5, (-0.35, -0.5, -0.2), "worse"),
                _system("c", 0.776, 0.97, (-0.01, -0.04, 0.02), "not separable")],
}  # fmt: skip
CEILING_SENTENCE = (
    "On toy, against a human ceiling of 0.800 [0.720, 0.850] (IAA-2 of 5 raters over 40 "
    "items), a reaches ρ = 0.880 with the gold, 110 % of the ceiling, and agrees with the other "
    "raters better than an average single rater does (Δ = +0.040 [+0.010, +0.070]); b reaches "
    "ρ = 0.400 with the gold, 50 % of the ceiling, and agrees with the other raters worse than "
    "an average single rater does (Δ = -0.350 [-0.500, -0.200]); c reaches ρ = 0.776 with the "
    "gold, 97 % of the ceiling, and is not separable from an average single rater (Δ = -0.010 "
    "[-0.040, +0.020])."
)


def test_the_human_ceiling_is_a_sentence_and_two_tables() -> None:
    (sentence,), tables = ceiling_parts("toy", [CEILING])
    assert _plain(sentence) == CEILING_SENTENCE
    assert len(tables) == 2 and "split-half" in tables[0]
    assert "a rater's ρ with the others" in _plain(tables[1])
    # without a bootstrap there is no verdict against a single rater
    lean = {**CEILING, "systems": [_system("a", 0.88, 1.1, (0.04, 0.01, 0.07), None)]}
    (sentence,), _ = ceiling_parts("toy", [lean])
    assert _plain(sentence).endswith("a reaches ρ = 0.880 with the gold, 110 % of the ceiling.")


def test_the_page_of_an_evaluation_and_of_word_similarity_shows_the_ceiling() -> None:
    ev = se.evaluate(GOLD, {"good": GOOD, "noisy": NOISY}, metrics=["spearman"])
    doc = {**evaluation_document(ev, dataset="toy"), "human_ceiling": CEILING}
    page = build_page([doc], figures=False)
    assert CEILING_SENTENCE in _findings(page)
    assert "How the 5 raters of <bdi>toy</bdi> agree over 40 items" in page
    record = {
        "dataset": "toy",
        "n": 40,
        "missing": 0,
        "rho": 0.88,
        "p_value": 1e-9,
        "r": 0.9,
        "r_lower": 0.8,
        "r_upper": 0.95,
        "reason": None,
        "human_ceiling": CEILING,
    }
    words = {"kind": "wordsim", "schema": SCHEMA, "signature": "wordsim|v", "vectors": "v",
             "fisher_z_mean": None, "calibration": None, "records": [record]}  # fmt: skip
    assert CEILING_SENTENCE in _findings(build_page([words], figures=False))


def test_the_collection_of_a_run_is_computed_once(monkeypatch) -> None:
    # the command line makes the run's text, JSON and page from one result: the
    # collection's bootstrap runs once, and every document carries the same verdict
    import simeval.evaluation.collection as collection

    calls = []
    real = collection.compare_collection

    def counted(*args, **kwargs):
        calls.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(collection, "compare_collection", counted)
    rng = np.random.default_rng(5)
    sets = [
        Pairs(name, [f"w{i} x" for i in range(n)], [f"w{i % 7} y" for i in range(n)],
              rng.uniform(0, 5, n).round(1), scale=(0, 5))
        for name, n in (("one", 30), ("two", 40))
    ]  # fmt: skip
    res = se.run(["lexical:jaccard", "lexical:edit"], sets, protocol="mteb", n_resamples=100,
                 seed=0)  # fmt: skip
    first, second = run_document(res, scores=False), run_document(res, scores=True)
    assert len(calls) == 1
    assert first["collection"] == second["collection"] is not None


def test_where_the_rank_test_and_the_paired_test_differ_the_page_says_why() -> None:
    # the verdict said "the lead is not significant" (paired bootstrap, Holm over every
    # pair) while the rank section said the top two are in a separable order (rank test):
    # both were right, and the page now says what each asks
    from simeval.report.html.studies import gather
    from simeval.report.schema import comparison_document

    rng = np.random.default_rng(26)
    g = np.round(rng.uniform(0, 5, 60) * 5) / 5
    systems = {"s1": g + rng.normal(0, 0.8, 60), "s2": g + rng.normal(0, 1.0, 60),
               "s3": g + rng.normal(0, 2.0, 60)}  # fmt: skip
    cmp = compare(g, systems, metrics=["pearson"], n_resamples=200, seed=0)
    doc = comparison_document(cmp)
    ranks = next(r for r in doc["ranks"] if r["metric"] == "pearson")
    assert ["s1", "s2"] in ranks["separable_pairs"]  # the rank test orders them
    assert cmp.cluster_of("s1", "pearson") == cmp.cluster_of("s2", "pearson") == 1
    said = rank_findings(gather([doc]).studies[0], "pearson", said_first=True)
    assert len(said) == 2 and "rank test separates their order, while the paired" in said[1]
    # where both agree, nothing more is said
    one = compare(g, {"s1": systems["s1"], "s3": systems["s3"]}, metrics=["pearson"],
                  n_resamples=200, seed=0)  # fmt: skip
    assert len(rank_findings(gather([comparison_document(one)]).studies[0], "pearson",
                             said_first=True)) == 1  # fmt: skip
