"""``simeval paraphrase`` through ``simeval.cli.main`` (Shima & Mitamura 2011).

Expected numbers are the hand-computed values of the paper's "killed" example (see
tests/paraphrase/test_paraphrase.py for the derivation) or scipy.stats.pearsonr.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from scipy import stats

from simeval.cli import main

pytest.importorskip("snowballstemmer")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "paraphrase"

# The paper's example with two judgments. strict Q: 1, 1, 0, 1; lenient Q: all 1.
KILLED_TSV = (
    "set\tsource\trank\tparaphrase\tlabels_strict\tlabels_lenient\n"
    "g\tkilled\t1\tshot and killed\t1,1\t1,1\n"
    "g\tkilled\t2\treported killed\t1,1\t1,1\n"
    "g\tkilled\t3\tkilled in\t0,0\t1,1\n"
    "g\tkilled\t4\tassassinated\t1,1\t1,1\n"
)


@pytest.fixture
def killed(tmp_path: Path) -> Path:
    path = tmp_path / "killed.tsv"
    path.write_text(KILLED_TSV, encoding="utf-8")
    return path


def run_json(capsys, *argv: str) -> dict:
    assert main(["paraphrase", *argv, "--format", "json", "--quiet"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_shape_and_worked_example(killed, capsys):
    doc = run_json(capsys, str(killed), "--k", "4", "--judgment", "lenient")
    assert doc["kind"] == "paraphrase" and doc["meta"] is None and doc["recognition"] == []
    assert (
        "judgment:lenient" in doc["signature"] and "stem:snowballstemmer-porter" in doc["signature"]
    )
    for row in doc["records"]:
        assert set(row) == {"set", "source", "metric", "k", "value"}
    values = {(r["source"], r["metric"]): r["value"] for r in doc["records"]}
    # lenient: all Q = 1, D = 1, 1, 1, 3 → EP_4 = 1, EPR_4 = 1/4, DIMPLE_4 = 10/28
    for source in ("killed", None):  # the term and the set's mean over its one term
        assert values[source, "ep"] == 1.0
        assert values[source, "epr"] == 0.25
        assert values[source, "dimple"] == pytest.approx(10 / 28, abs=1e-15)
    assert {r["metric"] for r in doc["records"]} == {"ep", "epr", "dimple"}


def test_strict_differs_and_default_ks(killed, capsys):
    doc = run_json(capsys, str(killed), "--judgment", "strict")
    values = {(r["source"], r["metric"], r["k"]): r["value"] for r in doc["records"]}
    assert {k for _, _, k in values} == {1, 5, 10}
    # strict Q = 1, 1, 0, 1; k = 5: EP_5 = 3/5; EPR_5 = (Q_4·1)/5 = 1/5;
    # DIMPLE_5 = (1 + 1 + (2^0 − 1) + 7) / 35 = 9/35
    assert values["killed", "ep", 5] == pytest.approx(3 / 5, abs=1e-15)
    assert values["killed", "epr", 5] == pytest.approx(1 / 5, abs=1e-15)
    assert values["killed", "dimple", 5] == pytest.approx(9 / 35, abs=1e-15)


def test_both_judgments_without_choice_notes_strict(killed, capsys):
    assert main(["paraphrase", str(killed), "--k", "4"]) == 0
    out, err = capsys.readouterr()
    assert "scores use strict" in err
    assert "EP@4" in out and "DIMPLE@4" in out
    # strict Q = 1, 1, 0, 1: EP_4 = 3/4, EPR_4 = 1/4, DIMPLE_4 = (1 + 1 + 0 + 7)/28 = 0.3214
    assert re.search(r"^g +killed +0\.7500 +0\.2500 +0\.3214$", out, re.M)
    assert "signature: paraphrase|judgment:strict" in out


def test_column_renames(tmp_path, capsys):
    path = tmp_path / "p.csv"
    path.write_text('gen,verb,pos,pattern,votes\nBR,killed,1,slain,"1,0"\n', encoding="utf-8")
    doc = run_json(
        capsys,
        str(path),
        "--k",
        "1",
        "--column",
        "set=gen",
        "--column",
        "source=verb",
        "--column",
        "rank=pos",
        "--column",
        "paraphrase=pattern",
        "--column",
        "labels=votes",
    )
    ep1 = [r for r in doc["records"] if r["metric"] == "ep" and r["source"] == "killed"]
    assert ep1 == [{"set": "BR", "source": "killed", "metric": "ep", "k": 1, "value": 0.5}]


def test_explain(killed, capsys):
    assert main(["paraphrase", str(killed), "--explain", "killed", "--judgment", "lenient"]) == 0
    out = capsys.readouterr().out
    assert "shot killed" in out and "assassin" in out and "word already seen" in out
    doc = run_json(capsys, str(killed), "--explain", "killed", "--judgment", "lenient")
    assert [e["d"] for e in doc["records"]] == [1, 1, 1, 3]
    assert doc["records"][0]["content_words"] == ["shot", "killed"]


def test_bad_input_is_one_line_exit_2(tmp_path, capsys):
    path = tmp_path / "gap.tsv"
    path.write_text(
        "set\tsource\trank\tparaphrase\tq\ng\tkilled\t1\tslain\t1\ng\tkilled\t3\tshot\t1\n",
        encoding="utf-8",
    )
    assert main(["paraphrase", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "gap.tsv line 3" in err and "after rank 1" in err
    assert main(["paraphrase", str(path), "--column", "oops"]) == 2
    assert "NAME=COL" in capsys.readouterr().err


def test_extrinsic_tables_and_json(capsys):
    patterns, tasks = str(EXAMPLE / "patterns.tsv"), str(EXAMPLE / "task_scores.tsv")
    assert main(["paraphrase", patterns, "--extrinsic", tasks, "--bootstrap", "200"]) == 0
    out = capsys.readouterr().out
    # Shima & Mitamura (2011), Tables 2–3 layout: one table per judgment, rows = data sets
    assert len(re.findall(r"^data set +EP@1 +EP@5 +EP@10 +EPR@1 .* DIMPLE@10$", out, re.M)) == 2
    assert "(lenient judgments)" in out and "(strict judgments)" in out
    assert "task-A" in out and "boot:200|ci:0.95|seed:0" in out
    doc = run_json(
        capsys, patterns, "--extrinsic", tasks, "--n-boot", "200", "--judgment", "strict"
    )  # --n-boot: the old spelling of --bootstrap, still accepted
    assert doc["meta"]["signature"].count("boot:200") == 1
    cells = doc["meta"]["records"]
    assert {c["judgment"] for c in cells} == {"strict"} and len(cells) == 3 * 3 * 3
    # one cell against scipy: per-set DIMPLE@10 (each set has one term) vs task-A
    dimple10 = {
        r["set"]: r["value"]
        for r in doc["records"]
        if r["metric"] == "dimple" and r["k"] == 10 and r["source"] is None
    }
    task = {}
    for line in (EXAMPLE / "task_scores.tsv").read_text().splitlines()[3:]:
        name, a, *_ = line.split("\t")
        task[name] = float(a)
    ref = stats.pearsonr([dimple10[s] for s in task], list(task.values()))
    cell = next(
        c for c in cells if c["dataset"] == "task-A" and c["metric"] == "dimple" and c["k"] == 10
    )
    assert cell["r"] == pytest.approx(ref.statistic, abs=1e-12)
    assert cell["pvalue"] == pytest.approx(ref.pvalue, rel=1e-9)


def test_csv_output(killed, capsys):
    assert (
        main(
            [
                "paraphrase",
                str(killed),
                "--k",
                "4",
                "--judgment",
                "lenient",
                "--format",
                "csv",
                "--quiet",
            ]
        )
        == 0
    )
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "set,source,metric,k,value"
    assert "g,killed,epr,4,0.25" in lines and "g,,ep,4,1.0" in lines


@pytest.mark.parametrize(
    ("option", "value"), [("--bootstrap", "0"), ("--k", "0"), ("--confidence", "1.5")]
)
def test_bad_counts_name_the_option(killed, capsys, option, value):
    tasks = str(EXAMPLE / "task_scores.tsv")
    rc = main(["paraphrase", str(killed), "--extrinsic", tasks, option, value])
    err = capsys.readouterr().err
    assert rc == 2 and err.count("\n") == 1
    assert err.startswith(f"simeval: error: argument {option}: {value} ")


def test_undefined_r_carries_its_reason(tmp_path, capsys):
    # every set's only pattern has Q = 1, so EP@1 = 1 in all three sets: r with the task
    # score is a correlation with a constant, which has no value
    patterns = tmp_path / "p.tsv"
    patterns.write_text(
        "set\tsource\trank\tparaphrase\tq\n"
        "g1\tkilled\t1\tslain\t1\ng2\tkilled\t1\tshot\t1\ng3\tkilled\t1\tmurdered\t1\n",
        encoding="utf-8",
    )
    tasks = tmp_path / "t.tsv"
    tasks.write_text("set\ttask-A\ng1\t0.5\ng2\t0.7\ng3\t0.2\n", encoding="utf-8")
    why = "undefined: EP@1 is the same for every set"
    doc = run_json(
        capsys, str(patterns), "--extrinsic", str(tasks), "--k", "1", "--bootstrap", "100"
    )
    ep = next(c for c in doc["meta"]["records"] if c["metric"] == "ep")
    assert ep["r"] is None and ep["reason"] == why
    assert main(["paraphrase", str(patterns), "--extrinsic", str(tasks), "--k", "1"]) == 0
    out = capsys.readouterr().out
    assert "—[1]" in out and f"[1] {why}" in out
    args = ["paraphrase", str(patterns), "--extrinsic", str(tasks), "--k", "1", "--format", "csv"]
    assert main(args) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0][-1] == "reason" and rows[1][2] == "ep" and rows[1][-1] == why
