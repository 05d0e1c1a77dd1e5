"""EP, EPR, DIMPLE and Algorithm 1 (Shima & Mitamura 2011).

Expected values come from the paper's text, from hand calculations written out next to
each assertion, or from scipy.stats.pearsonr; none is a value the code produced.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from simeval.errors import DataError, InputError, MissingExtraError
from simeval.paraphrase import (
    Patterns,
    bootstrap_pearson,
    default_analyzer,
    dimple,
    diversity,
    diversity_steps,
    ep,
    epr,
    explain,
    meta_evaluate,
    nltk_stopwords,
    read_extrinsic,
    read_patterns,
    score_patterns,
)

pytest.importorskip("snowballstemmer")

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "paraphrase"

KILLED = ["shot and killed", "reported killed", "killed in", "assassinated"]


def lists(source: str, paraphrases: list[str], q: list[float] | None = None):
    q = q if q is not None else [1.0] * len(paraphrases)
    return {source: list(zip(paraphrases, q, strict=True))}


# --- the paper's worked example -------------------------------------------------------


def test_worked_example_killed():
    # Shima & Mitamura (2011), §1: ⟨"killed", "shot and killed"⟩, ⟨"killed", "reported killed"⟩,
    # ⟨"killed", "killed in"⟩ "may receive a perfect score of 1.0 in EP" but lack the
    # diversity of ⟨"killed", "assassinated"⟩. By Algorithm 1, by hand:
    #   history1 = {killed}, history2 = {kill}
    #   "shot and killed": W1 = {shot, killed} ("and" is a stop-word); W1 ∩ history1 =
    #       {killed} ≠ ∅ → D = 1 (line 7); histories unchanged.
    #   "reported killed": W1 = {reported, killed} → shares "killed" → D = 1.
    #   "killed in": W1 = {killed} ("in" is a stop-word) → D = 1.
    #   "assassinated": W1 = {assassinated}, not in history1; W2 = {assassin} (Porter:
    #       step 1b "-ed" → "assassinat" → "-at" + e → "assassinate"; step 4 drops
    #       "-ate" since m > 1 → "assassin"), not in history2 = {kill} → D = 3.
    # With all Q = 1:
    #   EP_4     = (1 + 1 + 1 + 1) / 4                    = 1
    #   EPR_4    = (1·0 + 1·0 + 1·0 + 1·[3 = 3]) / 4       = 0.25
    #   DIMPLE_4 = ((2^1 − 1)·3 + (2^3 − 1)) / (7·4)       = (1 + 1 + 1 + 7) / 28
    assert diversity("killed", KILLED) == (1, 1, 1, 3)
    pats = lists("killed", KILLED)
    assert ep(pats, k=4).statistic == 1.0
    assert epr(pats, k=4).statistic == 0.25
    res = dimple(pats, k=4)
    assert res.statistic == pytest.approx((1 + 1 + 1 + 7) / 28, abs=1e-15)
    assert res.d == (1, 1, 1, 3)
    assert res.terms[0].value == res.statistic and res.sets[0].value == res.statistic


def test_nltk_stop_list_and_porter_on_the_paper_example():
    # Does "killed" vs "shot and killed" behave as the paper says with the NLTK list and
    # Porter stems? Yes: the NLTK English list has "and" and "in" but neither "shot",
    # "reported" nor "killed", so W1("shot and killed") = (shot, killed) and
    # W1("killed in") = (killed,). The word "killed" itself is in history1 (it is the
    # source), so line 6 fires on the surface word and stemming is never consulted for
    # these three patterns: D = 1 whatever the stemmer. Porter only matters for
    # "assassinated" (stem "assassin" ≠ "kill", D = 3) and for inflections like "killing"
    # (stem "kill" = stem of "killed", D = 2; Porter 1980 step 1b strips "-ing").
    an = default_analyzer()
    stop = nltk_stopwords()
    assert len(stop) == 179  # nltk_data corpora/stopwords/english has 179 lines
    assert {"and", "in", "to", "the", "don't", "wouldn't"} <= stop
    assert not {"shot", "reported", "killed", "assassinated"} & stop
    assert an.content_words("shot and killed") == ("shot", "killed")
    assert an.content_words("killed in") == ("killed",)
    assert an.stems(("killed", "killing", "assassinated")) == ("kill", "kill", "assassin")


# --- each branch of Algorithm 1 ---------------------------------------------------------


def test_branch_empty_content_words():
    # "to" and "in the" are all stop-words: W1 = ∅ → D = 1 (line 6, first clause), and
    # the histories are not touched, so "slain" afterwards is still new → D = 3.
    steps = diversity_steps("killed", ["to", "in the", "slain"])
    assert [s.d for s in steps] == [1, 1, 3]
    assert steps[0].content_words == () and steps[0].reason == "no content words"


def test_branch_word_seen():
    # "were killed": W1 = {killed} ("were" is a stop-word) ∩ history1 = {killed} → D = 1.
    assert diversity("killed", ["were killed"]) == (1,)


def test_branch_only_stem_seen():
    # "killing": W1 = {killing} ∉ history1 = {killed}; W2 = {kill} ∈ history2 = {kill}
    # → D = 2, and the else branch adds killing/kill. "kills" then: W1 = {kills} is new,
    # W2 = {kill} seen → D = 2. "killing" again: the word is now in history1 → D = 1.
    steps = diversity_steps("killed", ["killing", "kills", "killing"])
    assert [s.d for s in steps] == [2, 2, 1]
    assert steps[0].reason == "only the stem seen"


def test_branch_new_word_and_history_update():
    # "slain": W1 = {slain}, W2 = {slain}; both new → D = 3; histories gain slain.
    # "slain by": W1 = {slain} ("by" is a stop-word) now in history1 → D = 1.
    assert diversity("killed", ["slain", "slain by"]) == (3, 1)


def test_histories_grow_only_in_the_else_branch():
    # Lines 14–15 sit inside the else: a D = 1 pattern adds nothing. "shot and killed"
    # (D = 1) leaves history1 = {killed}, so "shot dead" (W1 = {shot, dead}) is new → 3.
    assert diversity("killed", ["shot and killed", "shot dead"]) == (1, 3)
    # Whereas "shot dead" through the else branch adds "shot": "shot" next → D = 1.
    assert diversity("killed", ["shot dead", "shot"]) == (3, 1)


def test_multiword_source_contributes_its_content_words():
    # Source "to take": history1 = {take} ("to" is a stop-word), history2 = {take}.
    # "taking" → W2 = {take} → D = 2; "to seize" → {seize} new → D = 3; "took" → Porter
    # leaves "took" (irregular past) ≠ "take" → D = 3.
    assert diversity("to take", ["taking", "to seize", "took"]) == (2, 3, 3)


# --- k, Q and the metrics -------------------------------------------------------------


def test_k_beyond_the_list_length():
    # Two patterns, k = 5: positions 3..5 add 0, k stays the divisor (Shima & Mitamura
    # 2011, §2.2: DIMPLE's Z = Σ_{i≤k} (2³ − 1) = 7k, whatever the list length; EP alike).
    # D("killing") = 2 (stem seen), D("slain") = 3; Q = 1, 0.5.
    #   EP_5     = (1 + 0.5) / 5                         = 0.3
    #   EPR_5    = (1·0 + 0.5·1) / 5                     = 0.1
    #   DIMPLE_5 = ((2^(1·2) − 1) + (2^(0.5·3) − 1)) / 35 = (3 + 2^1.5 − 1) / 35
    pats = lists("killed", ["killing", "slain"], [1.0, 0.5])
    assert ep(pats, k=5).statistic == pytest.approx(0.3, abs=1e-15)
    assert epr(pats, k=5).statistic == pytest.approx(0.1, abs=1e-15)
    assert dimple(pats, k=5).statistic == pytest.approx((3 + 2**1.5 - 1) / 35, abs=1e-15)
    # k = 1 only sees rank 1: EP_1 = 1, EPR_1 = 0 (D = 2), DIMPLE_1 = (2^2 − 1)/7 = 3/7.
    assert (ep(pats, k=1).statistic, epr(pats, k=1).statistic) == (1.0, 0.0)
    assert dimple(pats, k=1).statistic == pytest.approx(3 / 7, abs=1e-15)


def test_per_set_mean_over_terms():
    # Set with two terms at k = 2: "killed": ⟨slain (Q 1), killed in (Q 1)⟩ → EP_2 = 1;
    # "found": ⟨discovered (Q 0), located (Q 0.5)⟩ → EP_2 = 0.25. Set mean = 0.625.
    pats = {
        "killed": [("slain", 1.0), ("killed in", 1.0)],
        "found": [("discovered", 0.0), ("located", 0.5)],
    }
    res = ep(pats, k=2)
    assert [t.value for t in res.terms] == [1.0, 0.25]
    assert res.sets[0].value == 0.625 and res.sets[0].n_terms == 2
    assert res.statistic == 0.625


def test_bad_k():
    with pytest.raises(InputError, match="`k` must be a whole number"):
        ep(lists("killed", ["slain"]), k=0)
    with pytest.raises(InputError, match="`k`"):
        ep(lists("killed", ["slain"]), k=True)


def _two_judgments() -> Patterns:
    return Patterns.from_records(
        [
            {
                "set": "g",
                "source": "killed",
                "rank": 1,
                "paraphrase": "slain",
                "labels_strict": "1,0,0",
                "labels_lenient": "1,1,0",
            },
            {
                "set": "g",
                "source": "killed",
                "rank": 2,
                "paraphrase": "murdered",
                "labels_strict": [0, 0, 0],
                "labels_lenient": [1, 1, 1],
            },
        ]
    )


def test_lenient_vs_strict():
    # Q is the share of positive labels (Shima & Mitamura 2011, §3.2: 2 of 3 → 2/3).
    # strict: Q = 1/3, 0 → EP_2 = (1/3 + 0)/2 = 1/6
    # lenient: Q = 2/3, 1 → EP_2 = (2/3 + 1)/2 = 5/6
    # Both D = 3 ("slain", "murdered" new), so EPR = EP here; DIMPLE_2 lenient =
    # ((2^(2/3·3) − 1) + (2^3 − 1)) / 14 = (3 + 7)/14.
    p = _two_judgments()
    assert p.judgments == ("lenient", "strict")
    assert ep(p, k=2, judgment="strict").statistic == pytest.approx(1 / 6, abs=1e-15)
    assert ep(p, k=2, judgment="lenient").statistic == pytest.approx(5 / 6, abs=1e-15)
    assert dimple(p, k=2, judgment="lenient").statistic == pytest.approx(10 / 14, abs=1e-15)
    with pytest.raises(InputError, match="choose one with judgment"):
        ep(p, k=2)
    only = Patterns.from_lists(lists("killed", ["slain"]))
    with pytest.raises(InputError, match="no strict judgments"):
        ep(only, k=1, judgment="strict")


# --- bad input ------------------------------------------------------------------------


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


HEADER = "set\tsource\trank\tparaphrase\tlabels\n"


def test_rank_gap_names_the_row(tmp_path):
    f = _write(
        tmp_path,
        "p.tsv",
        HEADER + "g\tkilled\t1\tslain\t1\ng\tkilled\t2\tmurdered\t1\ng\tkilled\t4\texecuted\t1\n",
    )
    # line 1 is the header, so the rank-4 row is line 4
    with pytest.raises(
        DataError,
        match=r"p.tsv line 4: set 'g', source 'killed' has rank 4 "
        r"after rank 2; ranks must run 1..n without gaps",
    ):
        read_patterns(f)


def test_rank_repeated_and_missing_rank_one(tmp_path):
    f = _write(tmp_path, "p.tsv", HEADER + "g\tkilled\t1\tslain\t1\ng\tkilled\t1\tshot\t1\n")
    with pytest.raises(DataError, match=r"line 3: .* rank 1 twice \(also at .*line 2\)"):
        read_patterns(f)
    f = _write(tmp_path, "q.tsv", HEADER + "# a comment\ng\tkilled\t2\tslain\t1\n")
    with pytest.raises(DataError, match=r"q.tsv line 3: .*has rank 2 but no rank 1"):
        read_patterns(f)
    # ranks are per (set, source): rank 1 in two sets is fine
    ok = _write(tmp_path, "r.tsv", HEADER + "a\tkilled\t1\tslain\t1\nb\tkilled\t1\tslain\t0\n")
    assert read_patterns(ok).sets == ("a", "b")


def test_labels_outside_zero_one(tmp_path):
    f = _write(tmp_path, "p.tsv", HEADER + "g\tkilled\t1\tslain\t1,2,0\n")
    with pytest.raises(DataError, match=r"p.tsv line 2: `labels` has '2'; labels must be 0 or 1"):
        read_patterns(f)
    with pytest.raises(InputError, match="record 1: `q` must be in"):
        Patterns.from_lists({"killed": [("slain", 1.5)]})


@pytest.mark.parametrize("labels", ["1,,0", "1,1,", ",1"])
def test_an_empty_judgment_is_refused(tmp_path, labels):
    # the empty judgment was dropped: Q of '1,,0' was 1/2 from two of three judgments
    f = _write(tmp_path, "p.tsv", HEADER + f"g\tkilled\t1\tslain\t{labels}\n")
    with pytest.raises(DataError, match=rf"p.tsv line 2: `labels` '{labels}' has an empty judg"):
        read_patterns(f)
    ok = _write(tmp_path, "q.tsv", HEADER + "g\tkilled\t1\tslain\t1, 1 ;0\n")
    assert read_patterns(ok).quality().tolist() == [pytest.approx(2 / 3)]  # by hand: 2 of 3


def test_empty_set_and_empty_file(tmp_path):
    with pytest.raises(InputError, match="source 'killed' of set 'set' has no paraphrases"):
        Patterns.from_lists({"killed": []})
    with pytest.raises(InputError, match="has no patterns"):
        Patterns.from_records([])
    with pytest.raises(DataError, match="has no rows"):
        read_patterns(_write(tmp_path, "e.tsv", "# only a comment\n"))
    with pytest.raises(DataError, match="header but no rows"):
        read_patterns(_write(tmp_path, "h.tsv", HEADER))
    with pytest.raises(DataError, match=r"line 2: `paraphrase` is empty"):
        read_patterns(_write(tmp_path, "x.tsv", HEADER + "g\tkilled\t1\t \t1\n"))


def test_missing_columns_and_renames(tmp_path):
    text = "gen\tverb\tpos\tpattern\tstrict\nBR\tkilled\t1\tslain\t1,1\n"
    f = _write(tmp_path, "p.tsv", text)
    with pytest.raises(DataError, match=r"no 'set' column .*--column set=COLUMN"):
        read_patterns(f)
    p = read_patterns(
        f,
        columns={
            "set": "gen",
            "source": "verb",
            "rank": "pos",
            "paraphrase": "pattern",
            "labels_strict": "strict",
        },
    )
    assert p.judgments == ("strict",) and p.q["strict"].tolist() == [1.0]
    with pytest.raises(DataError, match=r"column 'nope' .* is not in the file"):
        read_patterns(f, columns={"set": "nope"})


def test_tsv_csv_jsonl_read_alike(tmp_path):
    tsv = _write(tmp_path, "p.tsv", HEADER + "g\tkilled\t1\tslain, then\t1,1,0\n")
    csv = _write(
        tmp_path, "p.csv", 'set,source,rank,paraphrase,labels\ng,killed,1,"slain, then","1,1,0"\n'
    )
    rec = {
        "set": "g",
        "source": "killed",
        "rank": 1,
        "paraphrase": "slain, then",
        "labels": [1, 1, 0],
    }
    jsonl = _write(tmp_path, "p.jsonl", json.dumps(rec) + "\n")
    for path in (tsv, csv, jsonl):
        p = read_patterns(path)
        assert p.paraphrase == ("slain, then",)
        assert p.q["default"][0] == pytest.approx(2 / 3, abs=1e-15)  # 2 of 3 positive
    with pytest.raises(DataError, match="cannot tell the format"):
        read_patterns(_write(tmp_path, "p.xlsx", "x"))


# --- explain, signature -----------------------------------------------------------------


def test_explain_shows_why():
    ex = explain(lists("killed", KILLED, [1, 1, 0.5, 1]), "killed")
    assert [e.d for e in ex] == [1, 1, 1, 3]
    assert ex[0].content_words == ("shot", "killed") and ex[0].reason == "word already seen"
    # gain = 2^(Q·D) − 1: rank 3 has Q = 0.5, D = 1 → 2^0.5 − 1; rank 4 → 2^3 − 1 = 7
    assert ex[2].gain == pytest.approx(math.sqrt(2) - 1, abs=1e-15)
    assert ex[3].gain == 7.0 and ex[3].epr_credit == 1.0 and ex[3].stems == ("assassin",)
    with pytest.raises(InputError, match="source 'murdered' not found"):
        explain(lists("killed", KILLED), "murdered")


def test_signature_names_stop_list_and_stemmer():
    version = importlib.metadata.version("snowballstemmer")
    sig = dimple(lists("killed", KILLED), k=4).signature
    assert "judgment:default" in sig and "stop:nltk-english/179/" in sig
    assert f"stem:snowballstemmer-porter-{version}" in sig


def test_missing_stemmer_names_the_extra(monkeypatch):
    # snowballstemmer is imported lazily through simeval.errors.require.
    from simeval.paraphrase import text

    text._default.cache_clear()
    monkeypatch.setitem(sys.modules, "snowballstemmer", None)
    try:
        with pytest.raises(MissingExtraError, match=r"simeval\[paraphrase\]"):
            dimple(lists("killed", KILLED), k=4)
    finally:
        text._default.cache_clear()


# --- meta-evaluation ------------------------------------------------------------------


def _sets(q_by_set: dict[str, float]) -> Patterns:
    return Patterns.from_records(
        {"set": s, "source": "killed", "rank": 1, "paraphrase": "slain", "q": q}
        for s, q in q_by_set.items()
    )


def test_meta_pearson_matches_scipy_and_seeded_bootstrap():
    q = {"a": 0.0, "b": 0.5, "c": 1.0, "d": 0.25, "e": 0.75}
    y = {"a": 0.2, "b": 0.4, "c": 0.9, "d": 0.5, "e": 0.6}
    p = _sets(q)
    m = meta_evaluate(p, {"task": y}, ks=[1], metrics=["ep"], n_boot=300, seed=0)
    cell = m.cell("default", "task", "ep", 1)
    # EP_1 of a one-pattern set is its Q, so r is Pearson(Q, y); reference: scipy.
    ref = stats.pearsonr(list(q.values()), list(y.values()))
    assert cell.r == pytest.approx(ref.statistic, abs=1e-12)
    assert cell.pvalue == pytest.approx(ref.pvalue, abs=1e-12)
    assert cell.ci_low <= cell.r <= cell.ci_high and cell.n == 5
    # seed 0 is a seed: the same numbers again; seed 1 gives other resamples
    again = meta_evaluate(p, {"task": y}, ks=[1], metrics=["ep"], n_boot=300, seed=0)
    other = meta_evaluate(p, {"task": y}, ks=[1], metrics=["ep"], n_boot=300, seed=1)
    assert again.cells == m.cells and other.cells != m.cells
    assert m.signature.endswith("|meta:pearson|boot:300|ci:0.95|seed:0")


def test_bootstrap_pearson_matches_scipy_per_resample():
    x = np.array([[0.1, 0.4, 0.35, 0.8, 0.6]])
    y = np.array([0.2, 0.3, 0.5, 0.9, 0.4])
    index = np.array([[0, 1, 2, 3, 4], [4, 4, 1, 0, 2], [3, 3, 3, 3, 3]])
    r = bootstrap_pearson(x, y, index)
    for b in range(2):
        assert r[0, b] == pytest.approx(stats.pearsonr(x[0, index[b]], y[index[b]])[0], abs=1e-12)
    assert math.isnan(r[0, 2])  # a constant resample: r undefined, never 0


def test_meta_set_mismatch_and_constant_metric():
    p = _sets({"a": 0.0, "b": 0.5, "c": 1.0})
    with pytest.raises(InputError, match="no score for set 'c'"):
        meta_evaluate(p, {"task": {"a": 1.0, "b": 2.0}}, ks=[1], n_boot=100, seed=0)
    with pytest.raises(InputError, match="scores set 'z', which has no patterns"):
        meta_evaluate(p, {"task": {"a": 1, "b": 2, "c": 3, "z": 4}}, ks=[1], n_boot=100, seed=0)
    # EP_1 = Q = 1 in every set: a constant metric, so Pearson is undefined:
    # NaN with a reason, never 0.
    flat = _sets({"a": 1.0, "b": 1.0, "c": 1.0})
    cell = meta_evaluate(
        flat, {"t": {"a": 1, "b": 2, "c": 3}}, ks=[1], metrics=["ep"], n_boot=100, seed=0
    ).cells[0]
    assert math.isnan(cell.r) and cell.reason == "undefined: EP@1 is the same for every set"


def test_read_extrinsic(tmp_path):
    f = _write(tmp_path, "t.tsv", "# synthetic\nset\tMSRPC\tRTE\na\t0.5\t0.25\nb\t1\t0\n")
    assert read_extrinsic(f) == {"MSRPC": {"a": 0.5, "b": 1.0}, "RTE": {"a": 0.25, "b": 0.0}}
    bad = _write(tmp_path, "u.tsv", "set\tMSRPC\na\tn/a\n")
    with pytest.raises(DataError, match=r"u.tsv line 2: `MSRPC` must be a finite number"):
        read_extrinsic(bad)


# --- the synthetic example ------------------------------------------------------------


def test_example_is_synthetic_40_sets_and_reproducible(tmp_path):
    spec = importlib.util.spec_from_file_location("make_example", EXAMPLE / "make_example.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(tmp_path)
    for name in ("patterns.tsv", "task_scores.tsv"):
        committed = (EXAMPLE / name).read_text(encoding="utf-8")
        assert (tmp_path / name).read_text(encoding="utf-8") == committed
        assert committed.startswith("# SYNTHETIC")
    p = read_patterns(EXAMPLE / "patterns.tsv")
    # Shima & Mitamura (2011), §3.1: 10 source verbs × 4 generators = 40 sets, up to 10 pairs each
    assert len(p.sets) == 40 and len({s for _, s in p.terms}) == 10
    assert p.judgments == ("lenient", "strict") and p.rank.max() <= 10
    scores = score_patterns(p, ks=[10], judgment="strict")
    assert set(read_extrinsic(EXAMPLE / "task_scores.tsv")["task-A"]) == set(scores.sets)
