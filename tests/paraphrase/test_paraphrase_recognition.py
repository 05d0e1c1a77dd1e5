"""Paraphrase recognition with pattern sets (Shima & Mitamura 2011, §3.3–3.4).

Sources of expected values:

- a tiny corpus worked by hand below: each pair's fate is written next to it;
- the paper's Table 1, MSRPC column (positive pairs with the verb on a side);
- a brute-force matcher written here with regular expressions over space-joined tokens
  and stems (not the library's n-gram index);
- scipy.stats.pearsonr for the meta-evaluation.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from scipy import stats

from simeval.cli import main
from simeval.errors import InputError
from simeval.paraphrase import (
    Patterns,
    default_analyzer,
    meta_evaluate,
    read_extrinsic,
    recognize,
    score_patterns,
    task_scores,
)

pytest.importorskip("snowballstemmer")

# ----------------------------------------------------------------- the hand-worked corpus
#   pair                                                     gold  set A "killed" (k = 3)
PAIRS = [
    ("The envoy was killed on Monday.", "The envoy was assassinated on Monday.", 1),  # TP, step 2
    ("Police killed two men.", "Two men died in a police killing.", 1),  # TP, step 1 (stem kill)
    ("He was killed.", "He was shot dead.", 0),  # FP, step 2 ("shot dead")
    ("A skilled worker left.", "A worker was assassinated.", 1),  # not selected: "skilled"
    ("Rebels killed the mayor.", "Rebels attacked the mayor to scare him.", 1),  # FN: "to" dropped
    ("Troops killed them.", "Troops left.", 0),  # TN
    ("The assassination shocked all.", "Killed: the president.", 1),  # TP, stems "assassin"
    ("They found it.", "They discovered it.", 1),  # only set B's "found"
]
TOY = SimpleNamespace(
    name="toy",
    texts1=tuple(p[0] for p in PAIRS),
    texts2=tuple(p[1] for p in PAIRS),
    gold=np.array([p[2] for p in PAIRS], dtype=float),
)
RECORDS = [
    {"set": "A", "source": "killed", "rank": 1, "paraphrase": "assassinated", "q": 1},
    {"set": "A", "source": "killed", "rank": 2, "paraphrase": "to", "q": 0},
    {"set": "A", "source": "killed", "rank": 3, "paraphrase": "shot dead", "q": 1},
    {"set": "B", "source": "killed", "rank": 1, "paraphrase": "slain", "q": 1},
    {"set": "B", "source": "found", "rank": 1, "paraphrase": "discovered", "q": 1},
]


def test_hand_worked_counts_and_measures():
    r = recognize(Patterns.from_records(RECORDS), TOY)
    # A/killed: TP pairs 1, 2, 7; FN pair 5; FP pair 3; TN pair 6 (pair 4 and 8 not selected)
    # B/killed ("slain" never occurs): TP pair 2 (step 1); FN 1, 5, 7; TN 3, 6
    # B/found: TP pair 8
    assert r.terms == (("A", "killed"), ("B", "killed"), ("B", "found"))
    assert r.term_counts.tolist() == [[3, 1, 1, 1], [1, 3, 0, 2], [1, 0, 0, 0]]
    assert r.term_unigram.tolist() == [[1, 0], [1, 0], [0, 0]]  # step 1 alone: pair 2
    assert r.set_counts().tolist() == [[3, 1, 1, 1], [2, 3, 0, 2]]
    assert r.scores("recall").tolist() == [3 / 4, 2 / 5]
    assert r.scores("precision").tolist() == [3 / 4, 2 / 2]
    assert r.scores("f1").tolist() == [6 / 8, 4 / 7]  # 2TP / (2TP + FP + FN)
    assert r.scores("accuracy").tolist() == [4 / 6, 4 / 7]
    assert r.task_scores("recall") == {"A": 0.75, "B": 0.4}
    assert "recognize:toy|k:10|unigram:yes" in r.signature


def test_cut_off_and_without_unigram_step():
    p = Patterns.from_records(RECORDS[:3])
    # k = 1: only "assassinated"; pair 3 is no longer identified → TN
    assert recognize(p, TOY, k=1).term_counts.tolist() == [[3, 1, 0, 2]]
    # no step 1: pair 2 ("killing") is missed → FN
    assert recognize(p, TOY, unigram=False).term_counts.tolist() == [[2, 2, 1, 1]]


def test_multiword_source_and_boundaries():
    corpus = SimpleNamespace(
        name="mw",
        texts1=("He wants to take it.", "He wants to retake it.", "To take."),
        texts2=("He wants to seize it.", "He wants to seize it.", "Taking."),
        gold=np.array([1.0, 1.0, 0.0]),
    )
    r = recognize({"to take": [("to seize", 1)]}, corpus)
    # pair 1: TP by "to seize"; pair 2: "retake" is not "take" → not selected;
    # pair 3: "taking" has the stems of neither "to take" (no "to") → TN
    assert r.term_counts.tolist() == [[1, 0, 0, 1]]


def test_undefined_and_bad_input():
    r = recognize({"zebra": [("horse", 1)]}, TOY)
    assert np.isnan(r.scores("recall")).all()
    with pytest.raises(InputError, match="set 'set': recall is undefined on toy"):
        r.task_scores()
    bad = SimpleNamespace(name="sts", texts1=("a",), texts2=("b",), gold=np.array([3.5]))
    with pytest.raises(InputError, match="needs 0/1 paraphrase labels"):
        recognize({"a": [("b", 1)]}, bad)
    with pytest.raises(InputError, match="`corpus` must be"):
        recognize({"a": [("b", 1)]}, 42)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="`measure` must be one of"):
        r.scores("auc")


def test_task_scores_feed_meta_evaluate():
    records = [
        {"set": s, "source": "killed", "rank": 1, "paraphrase": para, "q": q}
        for s, para, q in [("g1", "assassinated", 1.0), ("g2", "shot dead", 0.5), ("g3", "to", 0.0)]
    ]
    p = Patterns.from_records(records)
    ext = task_scores(p, {"toy": TOY})
    # g1: TP 1, 2, 7 / FN 5 → 3/4; g2: TP 2 / FN 1, 5, 7 → 1/4; g3 ("to" dropped): 1/4
    assert ext == {"toy": {"g1": 0.75, "g2": 0.25, "g3": 0.25}}
    m = meta_evaluate(p, ext, ks=[1], metrics=["ep"], n_boot=100, seed=0)
    ep1 = score_patterns(p, ks=[1], metrics=["ep"]).set_values["ep", 1]
    assert m.cell("default", "toy", "ep", 1).r == pytest.approx(
        stats.pearsonr(ep1, [0.75, 0.25, 0.25])[0], abs=1e-12
    )


# ------------------------------------------------------------------ MSRP (shared data)


@pytest.fixture(scope="module")
def msrp(shared_data: Path):
    from simeval.datasets.sentences import load

    return load("msrp:train", data_dir=shared_data), load("msrp:test", data_dir=shared_data)


def test_selection_reproduces_table1(msrp, table1_msrpc):
    train, test = msrp
    both = SimpleNamespace(
        name="msrp:all",
        texts1=train.texts1 + test.texts1,
        texts2=train.texts2 + test.texts2,
        gold=np.r_[train.gold, test.gold],
    )
    r = recognize({v: [("qqqq", 1)] for v in table1_msrpc}, both)
    positives = dict(zip(table1_msrpc, (r.term_counts[:, 0] + r.term_counts[:, 1]).tolist()))
    expected = dict(table1_msrpc, called=61)  # the one verb that differs: 61 here, 59 there
    assert positives == expected


def _brute(source: str, paraphrases: list[str], corpus) -> list[int]:
    """§3.4 written directly: regex search on ' '-joined tokens and Porter stems."""
    import snowballstemmer

    stem = snowballstemmer.stemmer("porter").stemWord
    an = default_analyzer()

    def toks(t: str) -> list[str]:
        return re.findall(r"[^\W_]+(?:['’][^\W_]+)*", t.lower())

    def has(hay: list[str], needle: list[str]) -> bool:
        return f" {' '.join(needle)} " in f" {' '.join(hay)} "

    src = toks(source)
    paras = [toks(p) for p in paraphrases if an.content_words(p)]
    tp = fn = fp = tn = 0
    for a, b, g in zip(corpus.texts1, corpus.texts2, corpus.gold, strict=True):
        wa, wb = toks(a), toks(b)
        sa, sb = [stem(w) for w in wa], [stem(w) for w in wb]
        ina, inb = has(wa, src), has(wb, src)
        if not (ina or inb):
            continue
        ssrc = [stem(w) for w in src]
        hit = (ina and has(sb, ssrc)) or (inb and has(sa, ssrc))
        for p in paras:
            sp = [stem(w) for w in p]
            hit = hit or (ina and has(sb, sp)) or (inb and has(sa, sp))
        if g == 1:
            tp, fn = tp + hit, fn + (not hit)
        else:
            fp, tn = fp + hit, tn + (not hit)
    return [tp, fn, fp, tn]


def test_msrp_test_equals_brute_force(msrp):
    _, test = msrp
    lists = {
        "killed": ["died", "slain", "to", "shot dead", "killing"],
        "told": ["said", "informed", "he said"],
        "to take": ["to seize", "to grab"],
    }
    r = recognize({v: [(p, 1) for p in ps] for v, ps in lists.items()}, test)
    for row, (v, ps) in zip(r.term_counts.tolist(), lists.items(), strict=True):
        assert row == _brute(v, ps, test), v


def test_cli_recognize(shared_data: Path, tmp_path: Path, capsys):
    patterns = tmp_path / "p.tsv"
    lines = ["set\tsource\trank\tparaphrase\tq"]
    for i, (para, q) in enumerate([("said", 1.0), ("informed", 0.5), ("to", 0.0)]):
        lines.append(f"g{i}\ttold\t1\t{para}\t{q}")
    patterns.write_text("\n".join(lines) + "\n", encoding="utf-8")
    scores = tmp_path / "task.tsv"
    argv = ["paraphrase", str(patterns), "--recognize", "msrp:test", "--k", "1"]
    argv += ["--data-dir", str(shared_data), "--task-scores", str(scores), "--format", "json"]
    assert main([*argv, "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    from simeval.datasets.sentences import load

    test = load("msrp:test", data_dir=shared_data)
    expected = [_brute("told", [p], test) for p in ("said", "informed", "to")]
    terms = doc["recognition"][0]["records"]
    assert [[t[c] for c in ("tp", "fn", "fp", "tn")] for t in terms] == expected
    recall = [tp / (tp + fn) for tp, fn, _, _ in expected]
    assert read_extrinsic(scores) == {"msrp:test": dict(zip(("g0", "g1", "g2"), recall))}
    cell = next(c for c in doc["meta"]["records"] if c["metric"] == "ep")
    assert cell["r"] == pytest.approx(stats.pearsonr([1.0, 0.5, 0.0], recall)[0], abs=1e-12)
    # --measure f1: 2TP / (2TP + FP + FN) over every selected pair
    f1_scores = tmp_path / "f1.tsv"
    argv[argv.index(str(scores))] = str(f1_scores)
    assert main([*argv, "--measure", "f1", "--quiet"]) == 0
    capsys.readouterr()
    f1 = [2 * tp / (2 * tp + fp + fn) for tp, fn, fp, _ in expected]
    assert read_extrinsic(f1_scores) == {"msrp:test": dict(zip(("g0", "g1", "g2"), f1))}


def test_cli_recognize_options_need_recognize(tmp_path: Path, capsys):
    patterns = tmp_path / "p.tsv"
    patterns.write_text("set\tsource\trank\tparaphrase\tq\ns\ttold\t1\tsaid\t1\n", encoding="utf-8")
    assert main(["paraphrase", str(patterns), "--measure", "f1"]) == 2
    assert "--measure only applies with --recognize" in capsys.readouterr().err
