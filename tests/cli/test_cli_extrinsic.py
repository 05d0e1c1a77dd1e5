"""``simeval extrinsic classify|detect`` through ``simeval.cli.main(argv)``
(Reimers et al. 2016, §3.1).

Classification accuracy is checked against :func:`simeval.meta.extrinsic.cross_validated_accuracy`
on the same column (that function has its own tests in ``tests/meta/test_extrinsic.py``); the
majority baseline and the top-1 detection accuracy by hand. One test runs the real
Wikipedia Rewrite Corpus (Clough & Stevenson 2011), Reimers et al.'s first task.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import numpy as np
import pytest
from clitools import assert_error, run

from simeval.meta.extrinsic import cross_validated_accuracy, load_wikipedia_rewrite


def _write(path: Path, header: list[str], rows: list[list], delimiter: str = ",") -> Path:
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=delimiter, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    path.write_text(buf.getvalue(), encoding="utf-8")
    return path


# -- classify ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def items() -> dict[str, list]:
    """40 items, 24 'yes' and 16 'no' (majority baseline 24/40 = 0.6); ``sharp`` separates
    the classes with a little overlap, ``noise`` is unrelated to them."""
    rng = np.random.default_rng(4)
    labels = ["yes"] * 24 + ["no"] * 16
    sharp = np.r_[rng.uniform(0.45, 1.0, 24), rng.uniform(0.0, 0.55, 16)]
    noise = rng.uniform(0, 1, 40)
    order = rng.permutation(40)
    return {
        "id": [f"item{i}" for i in range(40)],
        "label": [labels[i] for i in order],
        "sharp": [round(float(sharp[i]), 6) for i in order],
        "noise": [round(float(noise[i]), 6) for i in order],
    }


@pytest.fixture
def scores_file(tmp_path: Path, items) -> Path:
    cols = ["id", "label", "sharp", "noise"]
    return _write(
        tmp_path / "scores.tsv", cols, [list(r) for r in zip(*(items[c] for c in cols))], "\t"
    )


def _classify_json(capsys, *argv) -> dict[str, dict]:
    rc, out, err = run(capsys, "extrinsic", "classify", *argv, "--format", "json")
    assert rc == 0, err
    return {r["system"]: r for r in json.loads(out)["records"]}


def test_classify_oner_equals_the_library(capsys, scores_file, items) -> None:
    got = _classify_json(capsys, scores_file, "--id-column", "id", "--folds", "5", "--seed", "0")
    assert list(got) == ["sharp", "noise"]
    for col in ("sharp", "noise"):
        expected = cross_validated_accuracy(
            items[col], items["label"], method="oner", folds=5, seed=0, min_bucket=6
        )
        assert got[col]["accuracy"] == pytest.approx(expected.accuracy, abs=1e-12)
        # majority baseline by hand: 24 'yes' of 40 items
        assert got[col]["majority_baseline"] == pytest.approx(24 / 40)
        assert got[col]["method"] == "oner"
        assert got[col]["folds"] == 5
        assert got[col]["n"] == 40
    # the separating score beats the baseline; it is the point of the task
    assert got["sharp"]["accuracy"] > 0.6


def test_classify_min_bucket_is_passed_on(capsys, scores_file, items) -> None:
    got = _classify_json(
        capsys,
        scores_file,
        "--id-column",
        "id",
        "--folds",
        "4",
        "--seed",
        "3",
        "--min-bucket",
        "2",
        "--score-column",
        "noise",
    )
    expected = cross_validated_accuracy(
        items["noise"], items["label"], folds=4, seed=3, min_bucket=2
    )
    assert got["noise"]["accuracy"] == pytest.approx(expected.accuracy, abs=1e-12)


def test_classify_logistic(capsys, scores_file, items) -> None:
    pytest.importorskip("sklearn")
    got = _classify_json(
        capsys,
        scores_file,
        "--id-column",
        "id",
        "--method",
        "logistic",
        "--folds",
        "5",
        "--seed",
        "1",
    )
    for col in ("sharp", "noise"):
        expected = cross_validated_accuracy(
            items[col], items["label"], method="logistic", folds=5, seed=1
        )
        assert got[col]["accuracy"] == pytest.approx(expected.accuracy, abs=1e-12)
        assert got[col]["method"] == "logistic"


def test_classify_score_column_selection(capsys, scores_file) -> None:
    got = _classify_json(capsys, scores_file, "--score-column", "sharp", "--folds", "5")
    assert list(got) == ["sharp"]
    got = _classify_json(
        capsys, scores_file, "--score-column", "noise", "--score-column", "sharp", "--folds", "5"
    )
    assert list(got) == ["noise", "sharp"]


def test_classify_same_seed_same_result(capsys, scores_file) -> None:
    argv = (scores_file, "--id-column", "id", "--folds", "5", "--seed", "0")
    assert _classify_json(capsys, *argv) == _classify_json(capsys, *argv)


def test_classify_table_and_csv(capsys, scores_file) -> None:
    rc, out, err = run(
        capsys,
        "extrinsic",
        "classify",
        scores_file,
        "--id-column",
        "id",
        "--folds",
        "5",
        "--seed",
        "0",
        "--format",
        "csv",
    )
    assert rc == 0, err
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["system", "accuracy", "majority baseline", "method", "folds", "n"]
    assert [r[0] for r in rows[1:]] == ["sharp", "noise"]
    rc, out, err = run(
        capsys, "extrinsic", "classify", scores_file, "--id-column", "id", "--folds", "5"
    )
    assert rc == 0, err
    assert "sharp" in out and "majority baseline" in out


def test_classify_missing_label_column(capsys, scores_file) -> None:
    rc, out, err = run(
        capsys, "extrinsic", "classify", scores_file, "--label-column", "class", "--folds", "5"
    )
    assert_error(rc, out, err, "class")


def test_classify_unknown_score_column(capsys, scores_file) -> None:
    rc, out, err = run(
        capsys, "extrinsic", "classify", scores_file, "--score-column", "nope", "--folds", "5"
    )
    assert_error(rc, out, err, "nope")


def test_columns_named_by_flags_are_checked_and_the_flags_named(capsys, scores_file) -> None:
    # an unknown --id-column was ignored (the real id column was then read as scores);
    # the label column was accepted as a system's scores (accuracy 1.0); a task's errors
    # named the library parameter (`label_column`) instead of the flag
    base = ["extrinsic", "classify", scores_file, "--folds", "5"]
    assert_error(
        *run(capsys, *base, "--id-column", "nope"),
        "no column 'nope'",
        "choose one with --id-column",
    )
    assert_error(*run(capsys, *base, "--label-column", "class"), "choose one with --label-column")
    assert_error(
        *run(capsys, *base, "--id-column", "id", "--score-column", "label"),
        "--score-column label is the --label-column column",
    )


def test_classify_takes_a_column_named_id_for_ids(capsys, scores_file, tmp_path) -> None:
    # without --id-column the 'id' column (as simeval score writes it) was taken for a
    # system's scores and refused as "not a number"; a column of ids under another name,
    # not named by --id-column, still is
    got = _classify_json(capsys, scores_file, "--folds", "5")
    assert set(got) == {"sharp", "noise"}
    text = scores_file.read_text().replace("id\t", "pair\t", 1)
    renamed = tmp_path / "renamed.tsv"
    renamed.write_text(text)
    rc, out, err = run(capsys, "extrinsic", "classify", renamed, "--folds", "5")
    assert_error(rc, out, err, "item0")


def test_classify_empty_label(capsys, tmp_path) -> None:
    rows = [["a", 0.1], ["b", 0.9], ["", 0.5], ["a", 0.2]]
    bad = _write(tmp_path / "lab.csv", ["label", "s"], rows)
    rc, out, err = run(capsys, "extrinsic", "classify", bad, "--folds", "2")
    assert_error(rc, out, err, "lab.csv", "empty label")


def test_classify_too_many_folds(capsys, tmp_path) -> None:
    small = _write(tmp_path / "s.csv", ["label", "s"], [["a", 0.1], ["b", 0.9], ["a", 0.2]])
    rc, out, err = run(capsys, "extrinsic", "classify", small, "--folds", "10")
    assert_error(rc, out, err, "folds")


def test_classify_wikipedia_rewrite(capsys, tmp_path, shared_data) -> None:
    """Reimers et al. (2016), §3.1, task 1: the rewrite level (cut / light / heavy / non) of
    each of the 95 answers from one similarity score, OneR, 10-fold cross-validation."""
    answers = load_wikipedia_rewrite(shared_data / "wikipedia-rewrite")
    assert len(answers) == 95

    def words(text: str) -> set[str]:
        return set(re.findall(r"[a-z0-9]+", text.lower()))

    # word-overlap Jaccard |A ∩ S| / |A ∪ S| between answer and its Wikipedia source
    jaccard = [
        len(words(a.text) & words(a.source)) / len(words(a.text) | words(a.source)) for a in answers
    ]
    labels = [a.category for a in answers]
    table = _write(
        tmp_path / "rewrite.tsv",
        ["file", "label", "jaccard"],
        [[a.file, lab, f"{j!r}"] for a, lab, j in zip(answers, labels, jaccard)],
        "\t",
    )
    got = _classify_json(capsys, table, "--id-column", "file", "--folds", "10", "--seed", "1")[
        "jaccard"
    ]
    expected = cross_validated_accuracy(jaccard, labels, folds=10, seed=1)
    assert got["accuracy"] == pytest.approx(expected.accuracy, abs=1e-12)
    assert got["n"] == 95
    # SOURCE.md: non 38, cut 19, light 19, heavy 19 → majority baseline 38/95 = 0.4
    assert got["majority_baseline"] == pytest.approx(38 / 95)
    # word overlap separates copies from original answers well above the baseline; Reimers et al.
    # (2016, §3.1) report 43 %–70 % for its 14 STS systems on this task
    assert 0.43 <= got["accuracy"] <= 0.80


# -- detect --------------------------------------------------------------------------------
# Three queries, rows deliberately out of query order. Top-1 by hand, a tie counting the
# share of related candidates among the tied top ones (top1_accuracy's docstring):
#   q1: A top c1 (0.9, related) → 1;     B ties c1, c2 at 0.5, one of two related → 1/2
#   q2: A top c1 (0.8, unrelated) → 0;   B top c2 (0.9, related) → 1
#   q3: A and B tie all three candidates, two of three related → 2/3 each
#   A = (1 + 0 + 2/3) / 3 = 5/9;  B = (1/2 + 1 + 2/3) / 3 = 13/18
DETECT_ROWS = [
    ["q1", "c1", 1, 0.9, 0.5],
    ["q2", "c1", 0, 0.8, 0.3],
    ["q3", "c1", 1, 0.4, 0.6],
    ["q1", "c2", 0, 0.1, 0.5],
    ["q3", "c2", 1, 0.4, 0.6],
    ["q2", "c2", 1, 0.7, 0.9],
    ["q1", "c3", 0, 0.5, 0.2],
    ["q3", "c3", 0, 0.4, 0.6],
]


@pytest.fixture
def detect_file(tmp_path: Path) -> Path:
    return _write(tmp_path / "detect.csv", ["query", "cand", "relevant", "A", "B"], DETECT_ROWS)


def test_detect_top1_with_ties(capsys, detect_file) -> None:
    rc, out, err = run(
        capsys, "extrinsic", "detect", detect_file, "--id-column", "cand", "--format", "json"
    )
    assert rc == 0, err
    got = {r["system"]: r for r in json.loads(out)["records"]}
    assert got["A"]["top1_accuracy"] == pytest.approx(5 / 9)
    assert got["B"]["top1_accuracy"] == pytest.approx(13 / 18)
    assert got["A"]["queries"] == got["B"]["queries"] == 3


def test_detect_score_column_and_custom_columns(capsys, tmp_path) -> None:
    rows = [[r[0], r[2], r[3]] for r in DETECT_ROWS]
    path = _write(tmp_path / "d.csv", ["topic", "related", "A"], rows)
    rc, out, err = run(
        capsys,
        "extrinsic",
        "detect",
        path,
        "--query-column",
        "topic",
        "--relevant-column",
        "related",
        "--score-column",
        "A",
        "--format",
        "csv",
    )
    assert rc == 0, err
    rows_out = list(csv.reader(io.StringIO(out)))
    assert rows_out[0] == ["system", "top1_accuracy", "queries"]
    assert rows_out[1][0] == "A"
    assert float(rows_out[1][1]) == pytest.approx(5 / 9)


def test_detect_relevance_must_be_binary(capsys, tmp_path) -> None:
    rows = [list(r) for r in DETECT_ROWS]
    rows[4][2] = 2
    path = _write(tmp_path / "d.csv", ["query", "cand", "relevant", "A", "B"], rows)
    rc, out, err = run(capsys, "extrinsic", "detect", path, "--id-column", "cand")
    assert_error(rc, out, err, "d.csv", "relevant", "0 or 1")


def test_detect_empty_query_id(capsys, tmp_path) -> None:
    # a blank query id was one more query
    rows = [list(r) for r in DETECT_ROWS]
    rows[2][0] = " "
    path = _write(tmp_path / "d.csv", ["query", "cand", "relevant", "A", "B"], rows)
    rc, out, err = run(capsys, "extrinsic", "detect", path, "--id-column", "cand")
    assert_error(rc, out, err, "d.csv, line 4, column 'query': empty query id")


def test_detect_missing_query_column(capsys, detect_file) -> None:
    rc, out, err = run(
        capsys, "extrinsic", "detect", detect_file, "--query-column", "qid", "--id-column", "cand"
    )
    assert_error(rc, out, err, "qid")


def test_extrinsic_needs_a_task(capsys) -> None:
    rc, out, err = run(capsys, "extrinsic")
    assert_error(rc, out, err)


def test_classify_csv_feeds_meta(capsys, tmp_path) -> None:
    """classify's CSV is plain numbers (no numpy reprs) and meta finds its accuracy column."""
    rng = np.random.default_rng(5)
    labels = np.repeat(["lo", "hi"], 20)
    base = np.where(labels == "hi", 1.0, 0.0)
    lines = ["label,s1,s2,s3"] + [
        f"{lab},{x + rng.normal(0, 0.2):.4f},{x + rng.normal(0, 0.6):.4f},{rng.random():.4f}"
        for lab, x in zip(labels, base)
    ]
    scores = tmp_path / "scores.csv"
    scores.write_text("\n".join(lines) + "\n")
    rc, out, err = run(capsys, "extrinsic", "classify", scores, "--folds", 5, "--format", "csv")
    assert rc == 0, err
    assert "np." not in out
    extrinsic = tmp_path / "extrinsic.csv"
    extrinsic.write_text(out)
    intrinsic = tmp_path / "intrinsic.csv"
    intrinsic.write_text("system,pearson\ns1,0.9\ns2,0.6\ns3,0.1\n")
    rc, out, err = run(
        capsys, "meta", "--intrinsic", intrinsic, "--extrinsic", extrinsic, "--bootstrap", 100
    )
    assert rc == 0, err
    assert "pearson" in out


def test_detect_without_any_related_candidate_is_undefined(tmp_path: Path, capsys) -> None:
    path = _write(tmp_path / "d.csv", ["query", "relevant", "A"], [["q1", 0, 0.5], ["q2", 0, 0.9]])
    rc, out, _ = run(capsys, "extrinsic", "detect", str(path), "--format", "json")
    assert rc == 0
    (row,) = json.loads(out)["records"]
    assert row["top1_accuracy"] is None
    assert row["reason"] == "none of the 2 queries has a related candidate"
    rc, out, _ = run(capsys, "extrinsic", "detect", str(path), "--format", "table")
    assert "none of the 2 queries has a related candidate" in out


def test_folds_errors_name_the_option(tmp_path: Path, capsys) -> None:
    path = _write(tmp_path / "c.csv", ["label", "A"], [["a", 0.1], ["b", 0.5], ["a", 0.2]])
    rc, out, err = run(capsys, "extrinsic", "classify", str(path), "--folds", "1")
    assert_error(rc, out, err, "argument --folds: 1 is too small", "≥ 2")
    rc, out, err = run(capsys, "extrinsic", "classify", str(path), "--folds", "10")
    assert_error(rc, out, err, "--folds 10 exceeds the 3 items of", "give at most 3")
