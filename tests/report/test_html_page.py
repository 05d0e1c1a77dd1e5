"""The HTML page without a browser: the verdict's sentences from hand-made results, the
measures left out for off-scale systems, the verdict of word-similarity and paraphrase
documents, and user-given names isolated wherever they appear.

The expected sentences are written from the numbers given in each test (scipy's Pearson r
where an evaluation computes one)."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval.evaluation.compare import compare
from simeval.report.html import build_page
from simeval.report.schema import SCHEMA, comparison_document, evaluation_document

GOLD = np.array([0.0, 0.4, 0.8, 1.2, 1.6, 2.0, 2.4, 2.8, 3.2, 3.6, 4.0, 4.4, 4.8, 5.0])
GOOD = np.array([0.3, 0.2, 1.1, 1.0, 1.9, 2.2, 2.1, 3.0, 3.1, 3.9, 3.8, 4.6, 4.5, 4.9])
NOISY = np.array([2.0, 0.5, 4.0, 1.0, 3.0, 0.2, 4.4, 1.5, 2.5, 0.8, 3.3, 1.9, 2.2, 4.1])


def _text(page: str, css_class: str) -> str:
    """The text of the first element of ``css_class``, tags and isolates removed."""
    part = page.split(f'class="{css_class}">', 1)[1].split("</p>", 1)[0]
    return html.unescape(re.sub(r"<[^>]+>", "", part)).replace("\u2068", "").replace("\u2069", "")


def test_verdict_of_one_data_set_says_who_leads_and_whether_it_is_significant() -> None:
    cmp = compare(GOLD, {"good": GOOD, "noisy": NOISY}, metrics=["pearson"], scale=(0, 5),
                  n_resamples=500, seed=0)  # fmt: skip
    page = build_page([comparison_document(cmp, dataset="toy")], figures=False)
    r_good = stats.pearsonr(GOLD, GOOD).statistic
    r_noisy = stats.pearsonr(GOLD, NOISY).statistic
    rec = next(r for r in cmp.records() if r["system"] == "good")
    verdict = _text(page, "verdict-text")
    assert verdict.startswith(
        f"On toy, good leads on pearson (higher is better) with {r_good:.3f} "
        f"[{rec['ci_low']:.3f}, {rec['ci_high']:.3f}], ahead of noisy ({r_noisy:.3f}). "
    )
    # good is alone in cluster 1: every other system is significantly worse
    assert cmp.clusters["pearson"].clusters == (1, 2)
    assert "The lead is significant: every other system is significantly worse (paired " in verdict
    # the title says what was compared, on which data
    assert "<h1><bdi>good</bdi>, <bdi>noisy</bdi> on <bdi>toy</bdi></h1>" in page


def test_off_scale_systems_are_left_out_of_gold_value_measures() -> None:
    # "pct" scores on 0–100 against a 0–5 gold, undeclared: off the gold scale
    ev = se.evaluate(GOLD, {"good": GOOD, "pct": GOOD * 20}, metrics=["nmsse", "pearson"],
                     scale=(0, 5), calibrate="none")  # fmt: skip
    assert set(ev.warnings) == {"pct"}
    page = build_page([evaluation_document(ev, dataset="toy")], figures=False)
    verdict = _text(page, "verdict-text")
    # NMSSE of good against the gold; pct, the same scores × 20, is not ranked on it
    assert verdict.startswith(
        f"On toy, good leads on nmsse (lower is better) with {ev.value('good', 'nmsse'):.3f}."
    )
    note = _text(page, "verdict-note")
    assert note == (
        "On toy, pct is off the gold scale and not calibrated, so the measures of the gold "
        "value (nmsse) leave it out of the leads."
    )


def test_the_verdict_says_which_calibrated_measure_picks_another_system() -> None:
    # "cos" is an increasing, bent function of the gold on 0.6–1 (a third of 0–5 or less):
    # calibrated isotonically, its NMSSE beats good's, while good leads on Pearson
    cos = 0.6 + 0.4 * (GOLD / 5) ** 4
    ev = se.evaluate(GOLD, {"good": GOOD, "cos": cos}, metrics=["pearson", "nmsse"],
                     scale=(0, 5))  # fmt: skip
    assert ev.warnings == {} and ev.calibration["cos"] is not None
    assert stats.pearsonr(GOLD, GOOD).statistic > stats.pearsonr(GOLD, cos).statistic
    assert ev.value("cos", "nmsse") < ev.value("good", "nmsse")
    page = build_page([evaluation_document(ev, dataset="toy")], figures=False)
    verdict = _text(page, "verdict-text")
    assert verdict.startswith("On toy, good leads on pearson (higher is better)")
    assert verdict.endswith(
        "Under nmsse (lower is better; on calibrated scores), cos would lead instead."
    )


def test_the_verdict_says_the_calibrated_measures_agree() -> None:
    # "cos" is the noisy system squeezed onto 0.6–0.68: calibrated, and worse on every
    # measure than good (Pearson by scipy; the calibrated NMSSE and F1 as evaluated)
    cos = 0.6 + 0.08 * NOISY / 5
    ev = se.evaluate(GOLD, {"good": GOOD, "cos": cos}, metrics=["pearson", "nmsse", "f1_low"],
                     scale=(0, 5))  # fmt: skip
    assert ev.calibration["cos"] is not None
    assert stats.pearsonr(GOLD, GOOD).statistic > stats.pearsonr(GOLD, cos).statistic
    assert ev.value("good", "nmsse") < ev.value("cos", "nmsse")
    assert ev.value("good", "f1_low") > ev.value("cos", "f1_low")
    page = build_page([evaluation_document(ev, dataset="toy")], figures=False)
    assert _text(page, "verdict-text").endswith(
        "Every other measure (those of the gold value on calibrated scores) picks the same leader."
    )


def _wordsim(vectors: str, rho: float, r: float, low: float, high: float, missing: int) -> dict:
    record = {"dataset": "rg65", "n": 65, "missing": missing, "rho": rho, "p_value": 1e-9,
              "r": r, "r_lower": low, "r_upper": high, "reason": None}  # fmt: skip
    return {"kind": "wordsim", "schema": SCHEMA, "signature": f"wordsim|{vectors}",
            "vectors": vectors, "fisher_z_mean": None, "calibration": None,
            "records": [record]}  # fmt: skip


def test_word_similarity_verdict_names_the_lead_the_margin_the_interval_and_coverage() -> None:
    docs = [_wordsim("glove", 0.8, 0.81, 0.7, 0.88, 0), _wordsim("w2v", 0.7, 0.75, 0.62, 0.84, 5)]
    page = build_page(docs, figures=False)
    assert _text(page, "verdict-text") == (
        # 0.8 − 0.7 = 0.1 ahead
        "glove leads on rg65 (|ρ| = 0.800, 0.100 ahead of w2v; |r| = 0.810, 95 % interval "
        "[0.700, 0.880]). Coverage: w2v misses 5 of 65 pairs on rg65 (a word not in the "
        "vectors); no other pair is missing."
    )
    assert "<h2><bdi>rg65</bdi></h2>" in page


def test_paraphrase_verdict_names_the_best_correlating_measure() -> None:
    cell = {
        "judgment": "strict",
        "dataset": "task",
        "metric": "dimple",
        "k": 10,
        "r": 0.83,
        "pvalue": 0.003,
        "ci_low": 0.5,
        "ci_high": 0.95,
        "n": 10,
        "reason": None,
    }
    weaker = {**cell, "metric": "ep", "k": 1, "r": 0.2}
    doc = {"kind": "paraphrase", "schema": SCHEMA, "signature": "paraphrase|x",
           "judgment": "strict", "metrics": ["ep", "dimple"], "ks": [1, 10], "sets": ["s1"],
           "calibration": None,
           "records": [{"set": "s1", "source": None, "metric": "ep", "k": 1, "value": 0.5}],
           "meta": {"signature": "m", "judgments": ["strict"], "datasets": ["task"],
                    "records": [weaker, cell]},
           "recognition": []}  # fmt: skip
    page = build_page([doc], figures=False)
    assert _text(page, "verdict-text") == (
        "Over 10 sets, the measure that correlates best with the task scores is DIMPLE@10 on "
        "task (r = 0.830 [0.500, 0.950])."
    )


class _Isolation(HTMLParser):
    """Every piece of text holding a right-to-left override, and whether it is isolated:
    inside a <bdi>, or (in attributes and <title>) between FSI and PDI."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.found: list[tuple[str, bool]] = []

    @staticmethod
    def _isolated(text: str) -> bool:
        return all(
            "\u2068" in text[:i] and "\u2069" in text[i:]
            for i, ch in enumerate(text)
            if ch == "\u202e"
        )

    def handle_starttag(self, tag, attrs) -> None:
        if tag not in ("br", "meta", "use", "path", "rect", "img"):
            self.stack.append(tag)
        for _, value in attrs:
            if value and "\u202e" in value:
                self.found.append((value, self._isolated(value)))

    def handle_startendtag(self, tag, attrs) -> None:
        self.handle_starttag(tag, attrs)
        if self.stack and self.stack[-1] == tag:
            self.stack.pop()

    def handle_endtag(self, tag) -> None:
        if tag in self.stack:
            while self.stack.pop() != tag:
                pass

    def handle_data(self, data) -> None:
        if "\u202e" in data:
            self.found.append((data, "bdi" in self.stack or self._isolated(data)))


@pytest.mark.parametrize("figures", [False, True], ids=["tables", "figures"])
def test_user_given_names_are_isolated_everywhere(figures) -> None:
    pytest.importorskip("matplotlib") if figures else None
    evil, data = "evil\u202eab", "set\u202e1"
    cmp = compare(GOLD, {evil: GOOD, "noisy": NOISY}, metrics=["pearson", "nmsse"],
                  scale=(0, 5), n_resamples=100, seed=0)  # fmt: skip
    page = build_page([comparison_document(cmp, dataset=data)], figures=figures)
    parser = _Isolation()
    parser.feed(page)
    assert parser.found, "the names are on the page"
    assert [text for text, ok in parser.found if not ok] == []


def test_run_over_two_data_sets_leads_on_each_and_over_both() -> None:
    from simeval.report.schema import run_document
    from simeval.runs.run import Pairs

    rng = np.random.default_rng(3)
    words = ["a cat", "the dog", "a red car", "blue sky", "green tree", "old man", "sea"]

    def pairs(name: str, n: int) -> Pairs:
        t1 = [" ".join(rng.choice(words, 2)) for _ in range(n)]
        t2 = [" ".join(rng.choice(words, 2)) for _ in range(n)]
        return Pairs(name, t1, t2, rng.uniform(0, 5, n).round(1), scale=(0, 5))

    res = se.run(["lexical:jaccard", "lexical:edit"], [pairs("one", 40), pairs("two", 50)],
                 protocol="simeval", n_resamples=100, seed=0)  # fmt: skip
    page = build_page([run_document(res)], figures=False)
    # the Fisher-z mean of each system's Pearson r over the two sets (Atoum 2019, eq. 4–5)
    z = {m: np.mean([np.arctanh(stats.pearsonr(res.evaluations[d].gold,
                                                res.scores[(d, m)]).statistic)
                     for d in ("one", "two")]) for m in res.models}  # fmt: skip
    best = max(z, key=z.get)
    verdict = _text(page, "verdict-text")
    assert f"and over both data sets (Fisher-z mean {np.tanh(z[best]):.3f})" in verdict or (
        f"{best} leads over both data sets (Fisher-z mean {np.tanh(z[best]):.3f})" in verdict
    )
    assert verdict.startswith("On pearson (higher is better), ")
    for name in ("one", "two"):
        assert f"<h2><bdi>{name}</bdi></h2>" in page
    assert "fisher_z_mean" not in page.split("<main>")[1]


def test_one_system_reaches_a_value_and_leads_nothing() -> None:
    ev = se.evaluate(GOLD, {"good": GOOD}, metrics=["pearson"], scale=(0, 5))
    page = build_page([evaluation_document(ev, dataset="toy")], figures=False)
    r = stats.pearsonr(GOLD, GOOD).statistic
    half = stats.norm.ppf(0.975) / np.sqrt(GOLD.size - 3)  # Fisher (1921): SE = 1/√(n − 3)
    low, high = np.tanh(np.arctanh(r) - half), np.tanh(np.arctanh(r) + half)
    assert _text(page, "verdict-text") == (
        f"good reaches pearson (higher is better) {r:.3f} [{low:.3f}, {high:.3f}] on toy."
    )


def test_the_scaled_error_figure_states_the_mase_evaluate_computed() -> None:
    # The page's MASE was recomputed from the saved scores, which under
    # normalize="minmax" were the raw cosines: 8.2 on the page against evaluate's 0.30.
    pytest.importorskip("matplotlib")
    cosine = GOOD / 5 - 0.05  # off the 0–5 scale
    for normalize in ("minmax", None):
        ev = se.evaluate(GOLD, {"cos": cosine}, metrics=["mase"], scale=(0, 5),
                         normalize=normalize)  # fmt: skip
        page = build_page([evaluation_document(ev, dataset="toy")], figures=True)
        stated = re.search(r"lowest mean scaled error \(MASE\) is \S+ \(([\d.]+)\)", page)
        assert stated is not None
        assert float(stated.group(1)) == pytest.approx(ev.value("cos", "mase"), abs=5e-4)
