"""``simeval evaluate --task``: the measure Reimers et al. (2016), Table 3, recommends for the
task becomes the first, headline column (★ in the table, first metric in JSON/CSV).

Expected headline measures come from Table 3 (see tests/cli/test_cli_recommend.py); the
headline value is checked against scipy where it is a correlation, else against
``simeval.evaluation.evaluate.evaluate`` called with that one measure.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from clitools import run
from clitools import write_numbers as _numbers
from scipy import stats

from simeval.evaluation.evaluate import evaluate

GOLD = [0.0, 1.0, 2.5, 3.0, 4.0, 5.0, 1.5, 3.5, 0.5, 4.5]
SYS_A = [0.5, 1.2, 2.0, 3.3, 3.6, 4.4, 2.5, 2.9, 0.2, 4.9]
SYS_B = [1.0, 1.0, 2.0, 3.0, 3.0, 5.0, 1.0, 3.5, 2.0, 4.0]


@pytest.fixture
def files(tmp_path: Path) -> list[str]:
    gold = _numbers(tmp_path / "gold.txt", GOLD)
    a = _numbers(tmp_path / "a.txt", SYS_A)
    b = _numbers(tmp_path / "b.txt", SYS_B)
    return [str(gold), "--system", f"a={a}", "--system", f"b={b}", "--scale", "0", "5"]


def _header(out: str) -> list[str]:
    """The header row of the evaluate table: columns are separated by two spaces or more."""
    line = next(ln for ln in out.splitlines() if ln.startswith("system "))
    return [c for c in line.split("  ") if c.strip()]


@pytest.mark.parametrize(
    "task, k, headline",
    [
        ("1:n,k-best,rank", "3", "ndcg@3"),  # Table 3: nDCG_k
        ("1:1,all,value", None, "pearson"),  # Table 3: Pearson correlation
        ("1:1,all,classification", None, "hmean(f1_low,f1_high)"),
        ("1:n,threshold,rank", None, "hmean(spearman,f1_low,f1_high)"),
        ("1:n,k-best,value", "4", "hmean(ncg@4,pearson)"),
    ],
)
def test_headline_is_the_first_column_with_a_star(capsys, files, task, k, headline) -> None:
    extra = ["--k", k] if k else []
    rc, out, err = run(capsys, "evaluate", *files, "--task", task, *extra)
    assert rc == 0, err
    header = _header(out)
    assert header[0].strip() == "system"
    assert header[1].strip() == f"★ {headline}"
    # the star marks exactly one column, and the headline is not repeated further right
    assert sum("★" in h for h in header) == 1
    assert [h.strip() for h in header].count(headline) == 0
    # the note on stderr explains the choice
    assert f"headline measure {headline}" in err


def test_json_and_csv_put_the_headline_first(capsys, files) -> None:
    rc, out, err = run(
        capsys, "evaluate", *files, "--task", "1:n,k-best,rank", "--k", "3", "--format", "json"
    )
    assert rc == 0, err
    doc = json.loads(out)
    assert doc["records"][0]["metric"] == "ndcg@3"
    assert "metrics:ndcg@3," in doc["signature"]
    # the headline value equals evaluate() asked for that one measure
    expected = evaluate(GOLD, {"a": SYS_A}, metrics=["ndcg@3"], scale=(0, 5)).value("a", "ndcg@3")
    first_a = next(r for r in doc["records"] if r["system"] == "a")
    assert first_a["metric"] == "ndcg@3"
    assert first_a["value"] == pytest.approx(expected, abs=1e-12)
    rc, out, err = run(
        capsys, "evaluate", *files, "--task", "1:n,k-best,rank", "--k", "3", "--format", "csv"
    )
    assert rc == 0, err
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[1][:2] == ["a", "ndcg@3"]


def test_pearson_headline_value_equals_scipy(capsys, files) -> None:
    rc, out, err = run(capsys, "evaluate", *files, "--task", "1:n,all,value", "--format", "json")
    assert rc == 0, err
    # whole-dataset records only (scaled Pearson's per-bin rows carry a 'bin')
    records = json.loads(out)["records"]
    first = {r["system"]: r for r in records if r["metric"] == "pearson" and r["bin"] is None}
    assert first["a"]["value"] == pytest.approx(stats.pearsonr(GOLD, SYS_A).statistic, abs=1e-12)
    assert first["b"]["value"] == pytest.approx(stats.pearsonr(GOLD, SYS_B).statistic, abs=1e-12)


def test_task_with_explicit_metrics(capsys, files) -> None:
    # --metric lists the rest; the headline goes first and is not duplicated
    rc, out, err = run(
        capsys,
        "evaluate",
        *files,
        "--task",
        "1:1,all,value",
        "--metric",
        "spearman",
        "--metric",
        "pearson",
        "--format",
        "json",
    )
    assert rc == 0, err
    metrics = [r["metric"] for r in json.loads(out)["records"] if r["system"] == "a"]
    assert metrics == ["pearson", "spearman"]


def test_default_k_is_ten(capsys, files) -> None:
    rc, out, err = run(capsys, "evaluate", *files, "--task", "1:n,k-best,rank", "--format", "json")
    assert rc == 0, err
    assert json.loads(out)["records"][0]["metric"] == "ndcg@10"


def test_no_star_without_task(capsys, files) -> None:
    rc, out, err = run(capsys, "evaluate", *files)
    assert rc == 0, err
    assert "★" not in out


@pytest.mark.parametrize(
    "task, needle",
    [
        ("1:1,k-best,value", "only All is a useful set of interest"),
        ("1:1,all,rank", "Rank needs more than one result"),
        ("1:n,threshold,classification", "not plausible"),
        ("1:n,all", "cardinality,set_of_interest,information"),
        ("2:n,all,value", "cardinality"),
    ],
)
def test_implausible_or_malformed_task_exits_2(capsys, files, task, needle) -> None:
    rc, out, err = run(capsys, "evaluate", *files, "--task", task)
    assert rc == 2
    assert out == ""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("simeval: error:") and needle in lines[0], lines[0]


def test_task_in_semeval_mode(capsys, shared_data) -> None:
    # --task also sets the headline for --semeval-dir: the first metric of every record
    gold_dir = shared_data / "semeval-sts" / "2015"
    runs_dir = shared_data / "sts-system-runs" / "2015"
    if not gold_dir.is_dir() or not runs_dir.is_dir():
        pytest.skip("SemEval 2015 data not present")
    rc, out, err = run(
        capsys,
        "evaluate",
        "--semeval-dir",
        gold_dir,
        "--runs-dir",
        runs_dir,
        "--task",
        "1:1,all,classification",
        "--metric",
        "pearson",
        "--format",
        "json",
    )
    assert rc == 0, err
    metrics = []
    for r in json.loads(out)["records"]:
        if r["metric"] not in metrics:
            metrics.append(r["metric"])
    assert metrics == ["hmean(f1_low,f1_high)", "pearson"]
