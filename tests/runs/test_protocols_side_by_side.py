"""Protocols side by side on real data (STS13 and SICK-R, lexical scorers): each column
against scipy computed here from the pairs — MTEB's pooled Spearman, SentEval's plain and
weighted means of the subsets' Spearman, SimCSE's SICK-R test split — and the table the
text, the saved JSON and the page show."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval.cli import main
from simeval.errors import DataError, InputError
from simeval.report.html import build_page
from simeval.report.run import format_run
from simeval.report.schema import read_document, run_document
from simeval.report.tables import to_json


def run(capsys, *argv) -> tuple[int, str, str]:
    """``simeval *argv`` in-process: (exit code, stdout, stderr)."""
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


MODELS = ["lexical:jaccard", "lexical:char-tfidf", "lexical:edit"]
SETS = ["sts13", "sickr"]


@pytest.fixture(scope="module")
def side(shared_data: Path) -> se.runs.run.RunResult:
    return se.run(MODELS, SETS, protocol="all", data_dir=str(shared_data), n_resamples=100)


def _scored(name: str, data: Path, model: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Gold, the model's scores and the subsets of the scored pairs of ``name``."""
    pairs = se.datasets.load(name, data_dir=data)
    gold = np.asarray(pairs.gold, dtype=float)
    keep = ~np.isnan(gold)
    scores = np.asarray(se.scorers.get(model).score((list(pairs.texts1), list(pairs.texts2))))
    subsets = np.asarray(pairs.subsets if pairs.subsets is not None else ["all"] * len(gold))
    return gold[keep], scores[keep], subsets[keep]


def test_every_column_is_the_convention_computed_with_scipy(side, shared_data: Path) -> None:
    table = side.side_by_side()
    labels = [c["label"] for c in table["columns"]]
    assert labels == ["MTEB", "SentEval mean", "SentEval wmean", "SimCSE", "sentence-transformers"]
    row = {(r["system"], r["dataset"]): dict(zip(labels, r["values"])) for r in table["rows"]}
    m = "lexical:jaccard"
    gold, scores, subsets = _scored("sts13", shared_data, m)
    pooled = stats.spearmanr(gold, scores).statistic
    per = {s: stats.spearmanr(gold[subsets == s], scores[subsets == s]).statistic
           for s in dict.fromkeys(subsets)}  # fmt: skip
    sizes = {s: int((subsets == s).sum()) for s in per}
    assert len(per) == 3  # FNWN, headlines, OnWN (the 2013 test subsets without SMT)
    got = row[(m, "sts13")]
    assert got["MTEB"] == pytest.approx(pooled, abs=1e-12)
    assert got["SimCSE"] == pytest.approx(pooled, abs=1e-12)  # SimCSE's pooled 'all'
    assert got["sentence-transformers"] == pytest.approx(pooled, abs=1e-12)
    assert got["SentEval mean"] == pytest.approx(np.mean(list(per.values())), abs=1e-12)
    wmean = sum(per[s] * sizes[s] for s in per) / sum(sizes.values())
    assert got["SentEval wmean"] == pytest.approx(wmean, abs=1e-12)
    # SICK-R: MTEB reads all 9,927 pairs, SimCSE its 4,927-pair test split
    g_all, s_all, _ = _scored("sickr", shared_data, m)
    g_test, s_test, _ = _scored("sick:test", shared_data, m)
    assert (g_all.size, g_test.size) == (9927, 4927)
    got = row[(m, "sickr")]
    assert got["MTEB"] == pytest.approx(stats.spearmanr(g_all, s_all).statistic, abs=1e-12)
    assert got["SimCSE"] == pytest.approx(stats.spearmanr(g_test, s_test).statistic, abs=1e-12)
    assert got["SimCSE"] != pytest.approx(got["MTEB"], abs=1e-4)
    # the plain mean over the data sets, per column (SimCSE's avg)
    means = {r["system"]: r["values"] for r in table["means"]}
    sets = [r["values"] for r in table["rows"] if r["system"] == m]
    assert means[m] == pytest.approx(np.mean(sets, axis=0).tolist(), abs=1e-12)
    # the same numbers as each protocol run alone
    alone = se.run([m], ["sickr"], protocol="simcse", data_dir=str(shared_data), n_resamples=0)
    assert alone.value(m, "sickr") == pytest.approx(got["SimCSE"], abs=1e-12)
    assert side.value(m, "sickr", protocol="simcse") == pytest.approx(got["SimCSE"], abs=1e-12)


def test_the_evaluations_read_the_data_sets_as_named(side) -> None:
    assert side.protocols == ("mteb", "senteval", "simcse", "st")
    assert side.evaluations["sickr"].n == 9927  # not SimCSE's test split
    assert {r["protocol"] for r in side.records} == set(side.protocols)
    assert any("4927" in n for n in side.notes)


def test_the_page_and_the_json_show_the_same_table(side, tmp_path: Path, capsys) -> None:
    doc = json.loads(to_json(run_document(side, scores=False)))
    back = read_document(doc, "run.json")
    assert back["protocol_table"] == json.loads(json.dumps(side.side_by_side()))
    text = format_run(back, "table")
    for label in ("SentEval wmean", "mean of 2", "SimCSE: "):
        assert label in text
    first = back["protocol_table"]["rows"][0]
    assert f"{first['values'][1]:.4f}" in text
    page = build_page([back], figures=False)
    assert "What each protocol does differently." in page
    assert f"{first['values'][1]:.3f}" in page or f"{first['values'][1]:.4f}" in page
    bad = json.loads(json.dumps(doc))
    bad["protocol_table"]["rows"][0]["values"][0] = "0.5"
    with pytest.raises(DataError, match=r"protocol_table\.rows\[0\]\.values\[0\] is the string"):
        read_document(bad, "run.json")


def test_simeval_report_of_the_saved_json_gives_the_page_of_run(
    shared_data: Path, tmp_path: Path, capsys
) -> None:
    common = ["--model", "lexical:jaccard", "--model", "lexical:edit", "--dataset", "sts13",
              "--data-dir", shared_data, "--bootstrap", "0", "-q"]  # fmt: skip
    rc, out, err = run(capsys, "run", *common, "--protocol", "mteb,senteval", "--format", "json",
                       "-o", tmp_path / "run.json", "--html", tmp_path / "run.html")  # fmt: skip
    assert rc == 0, err
    rc, out, err = run(capsys, "report", tmp_path / "run.json", "-o", tmp_path / "again.html",
                       "--no-figures")  # fmt: skip
    assert rc == 0, err
    rc, out, err = run(capsys, "run", *common, "--protocol", "mteb,senteval", "--html",
                       tmp_path / "plain.html", "--format", "csv")  # fmt: skip
    assert rc == 0, err
    assert out.splitlines()[0].startswith("protocol,dataset,subset,system")
    saved = (tmp_path / "run.json").read_text(encoding="utf-8")
    doc = json.loads(saved)
    page = build_page([doc], figures=False)
    assert page == (tmp_path / "again.html").read_text(encoding="utf-8")
    labels = [c["label"] for c in doc["protocol_table"]["columns"]]
    assert labels == ["MTEB", "SentEval mean", "SentEval wmean"]


@pytest.mark.parametrize(
    ("given", "needles"),
    [("mteb,bogus", ("unknown protocol 'bogus'", "senteval")),
     ("simeval,mteb", ("goes alone",)),
     ("all,mteb", ("protocol 'all' goes alone", "mteb, senteval, simcse, st"))],
)  # fmt: skip
def test_a_bad_protocol_list_is_one_line(given: str, needles: tuple[str, ...], capsys) -> None:
    rc, out, err = run(capsys, "run", "--model", "lexical:jaccard", "--dataset", "sts13",
                       "--protocol", given)  # fmt: skip
    assert rc == 2 and out == "" and len(err.strip().splitlines()) == 1, (rc, out, err)
    assert all(n in err for n in needles), err
    with pytest.raises(InputError):
        se.runs.protocols.protocols_of(given)


def test_the_text_gives_the_rank_intervals_and_who_is_best_over_the_sets(
    side, shared_data: Path
) -> None:
    doc = run_document(side, scores=True)
    # Friedman's average ranks from each data set's Spearman, computed with scipy here
    rho = np.array(
        [[stats.spearmanr(*_scored(d, shared_data, m)[:2]).statistic for m in MODELS]
         for d in SETS]
    )  # fmt: skip
    average = stats.rankdata(-rho, axis=1).mean(axis=0)
    # Nemenyi's critical difference, Demšar (2006) eq. 5 with q_0.05 = 2.343 for k = 3
    cd = 2.343 * np.sqrt(3 * 4 / (6 * len(SETS)))
    friedman = doc["collection"]["friedman"]
    assert [r["average_rank"] for r in friedman["systems"]] == pytest.approx(sorted(average))
    assert friedman["critical_difference"] == pytest.approx(cd, abs=1e-3)
    text = format_run(doc, "table")
    assert "rank under spearman on each data set (1 = best)" in text
    assert "separable neighbours (Holm, alpha = 0.05)" in text
    if sorted(average) == [1, 2, 3]:  # both sets rank the models alike: exact p = 1/3! (by hand)
        assert "in the same order (F_F infinite; exact p = 0.167)" in text
        assert "no evidence that the 3 models differ" in text
    else:
        assert f"(CD = {cd:.3g}, Nemenyi" in text
    boot = doc["collection"]["bootstrap"]
    best = boot["ranks"]["systems"][0]
    assert text.count(best["system"]) >= 3 and boot["summary"] in text
    csv = format_run(doc, "csv").splitlines()
    by_rank = {(line.split(",")[1], line.split(",")[3]): line for line in csv if ",rank," in line}
    assert {d for d, _ in by_rank} == {*SETS, "mean"}  # the tools' plain mean over the sets
    for m, r in zip(MODELS, average):
        assert any(
            line.startswith(f",friedman,,{m},average_rank,{r!r}") or
            line.startswith(f",friedman,,{m},average_rank,{float(r)!r}")
            for line in csv
        ), (m, r)  # fmt: skip
    latex = format_run(doc, "latex")
    assert f"% {boot['summary']}" in latex
