"""``simeval evaluate`` through ``simeval.cli.main(argv)``.

Bad input: exit code 2 and exactly one stderr line naming the file, line/column and fix; no
traceback; no partial ``--output`` file. Happy paths: every format, id alignment, table
columns, label and segment bins, and one run on the real STS-B test set. Expected numbers
come from scipy.stats and hand calculations.
"""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path

import numpy as np
import pytest
from clitools import assert_error, run
from clitools import write_numbers as _numbers
from scipy import stats

GOLD = [0.0, 1.0, 2.5, 3.0, 4.0, 5.0, 1.5, 3.5]
SYS = [0.5, 1.2, 2.0, 3.3, 3.6, 4.4, 2.5, 2.9]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    return {
        "gold": _numbers(tmp_path / "gold.txt", GOLD),
        "sys": _numbers(tmp_path / "sys.txt", SYS),
    }


# -- bad input ---------------------------------------------------------------------------------
def test_missing_file(capsys, tmp_path, files) -> None:
    rc, out, err = run(capsys, "evaluate", tmp_path / "nope.txt", "--system", f"a={files['sys']}")
    assert_error(rc, out, err, "nope.txt", "no such file")


def test_missing_system_file(capsys, tmp_path, files) -> None:
    rc, out, err = run(capsys, "evaluate", files["gold"], "--system", f"a={tmp_path / 'x.txt'}")
    assert_error(rc, out, err, "x.txt")


def test_empty_file(capsys, tmp_path, files) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    rc, out, err = run(capsys, "evaluate", files["gold"], "--system", f"a={empty}")
    assert_error(rc, out, err, "empty.txt", "empty")


def test_length_mismatch(capsys, tmp_path, files) -> None:
    short = _numbers(tmp_path / "short.txt", SYS[:-1])
    rc, out, err = run(capsys, "evaluate", files["gold"], "--system", f"a={short}")
    assert_error(rc, out, err, "short.txt", "7", "8", "gold.txt")


@pytest.mark.parametrize(
    ("bad", "line", "needle"),
    [("abc", 3, "'abc'"), ("1,5", 2, "'1,5'"), ("inf", 4, "infinite"), ("-Infinity", 1, "")],
)
def test_bad_score(capsys, tmp_path, files, bad: str, line: int, needle: str) -> None:
    values = [str(v) for v in SYS]
    values[line - 1] = bad
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(values) + "\n")
    rc, out, err = run(capsys, "evaluate", files["gold"], "--system", f"a={path}")
    assert_error(rc, out, err, f"bad.txt, line {line}", needle)


@pytest.mark.parametrize("missing", ["", "nan", "NaN"])
def test_missing_score_raises_then_omit_drops(capsys, tmp_path, files, missing: str) -> None:
    values = [str(v) for v in SYS]
    values[1] = missing
    path = tmp_path / "holes.txt"
    path.write_text("\n".join(values) + "\n")
    rc, out, err = run(capsys, "evaluate", files["gold"], "--system", f"a={path}")
    assert_error(rc, out, err, "holes.txt, line 2", "--nan-policy omit")

    rc, out, err = run(
        capsys,
        "evaluate",
        files["gold"],
        "--system",
        f"a={path}",
        "--nan-policy",
        "omit",
        "--metric",
        "pearson",
        "--format",
        "json",
        "--scale",
        "0",
        "5",
    )
    assert rc == 0, err
    assert "dropped 1" in err
    doc = json.loads(out)
    keep = [i for i in range(8) if i != 1]
    expected = stats.pearsonr(np.array(GOLD)[keep], np.array(SYS)[keep]).statistic
    row = doc["records"][0]
    assert row["value"] == pytest.approx(expected, abs=1e-12)
    assert row["n"] == 7


def test_missing_gold_score(capsys, tmp_path, files) -> None:
    values = [str(v) for v in GOLD]
    values[4] = ""
    path = tmp_path / "goldholes.txt"
    path.write_text("\n".join(values) + "\n")
    rc, out, err = run(capsys, "evaluate", path, "--system", f"a={files['sys']}")
    assert_error(rc, out, err, "goldholes.txt, line 5")


def test_missing_column(capsys, tmp_path, files) -> None:
    table = tmp_path / "gold.csv"
    table.write_text("id,score\n" + "".join(f"p{i},{v}\n" for i, v in enumerate(GOLD)))
    rc, out, err = run(
        capsys, "evaluate", table, "--gold-column", "sim", "--system", f"a={files['sys']}"
    )
    assert_error(rc, out, err, "gold.csv", "'sim'", "--gold-column")
    rc, out, err = run(capsys, "evaluate", files["gold"], "--system", f"a={table}:cosine")
    assert_error(rc, out, err, "gold.csv", "'cosine'")


def test_bad_cell_in_table_names_line_and_column(capsys, tmp_path, files) -> None:
    table = tmp_path / "sys.csv"
    rows = [f"p{i},{v}\n" for i, v in enumerate(SYS)]
    rows[5] = "p5,high\n"
    table.write_text("id,cosine\n" + "".join(rows))
    rc, out, err = run(capsys, "evaluate", files["gold"], "--system", f"a={table}:cosine")
    assert_error(rc, out, err, "sys.csv, line 7, column 'cosine'", "'high'")


def test_duplicate_ids(capsys, tmp_path) -> None:
    gold = tmp_path / "gold.csv"
    gold.write_text("id,score\na,1\nb,2\nc,3\nb,4\n")
    sys_ = tmp_path / "sys.csv"
    sys_.write_text("id,score\na,1\nb,2\nc,3\n")
    rc, out, err = run(capsys, "evaluate", gold, "--system", f"s={sys_}", "--id-column", "id")
    assert_error(rc, out, err, "gold.csv", "'b'", "3", "5")


def test_missing_id_in_system(capsys, tmp_path) -> None:
    gold = tmp_path / "gold.csv"
    gold.write_text("id,score\na,1\nb,2\nc,3\nd,4\n")
    sys_ = tmp_path / "sys.csv"
    sys_.write_text("id,score\na,1\nb,2\nc,3\n")
    rc, out, err = run(capsys, "evaluate", gold, "--system", f"s={sys_}", "--id-column", "id")
    assert_error(rc, out, err, "sys.csv", "'d'")


def test_gold_off_declared_scale(capsys, tmp_path, files) -> None:
    values = list(GOLD)
    values[4] = 6.0
    gold = _numbers(tmp_path / "gold6.txt", values)
    rc, out, err = run(
        capsys, "evaluate", gold, "--system", f"a={files['sys']}", "--scale", "0", "5"
    )
    assert_error(rc, out, err, "gold6.txt, line 5", "6", "--scale")


def test_system_off_declared_system_scale(capsys, tmp_path, files) -> None:
    cos = [0.1, -0.2, 0.3, 1.5, 0.5, 0.9, -0.9, 0.0]
    path = _numbers(tmp_path / "cos.txt", cos)
    rc, out, err = run(
        capsys,
        "evaluate",
        files["gold"],
        "--system",
        f"a={path}",
        "--scale",
        "0",
        "5",
        "--system-scale",
        "-1",
        "1",
    )
    assert_error(rc, out, err, "cos.txt, line 4", "1.5", "--system-scale")


def test_unknown_metric(capsys, files) -> None:
    rc, out, err = run(
        capsys,
        "evaluate",
        files["gold"],
        "--system",
        f"a={files['sys']}",
        "--metric",
        "pearson",
        "--metric",
        "bleu",
    )
    assert_error(rc, out, err, "bleu")


@pytest.mark.parametrize(
    "spec", ["equal:x", "fourths", "equal:0", "edges:3,1", "segments:1", "edges:7"]
)
def test_bad_bins(capsys, files, spec: str) -> None:
    rc, out, err = run(
        capsys,
        "evaluate",
        files["gold"],
        "--system",
        f"a={files['sys']}",
        "--scale",
        "0",
        "5",
        "--bins",
        spec,
    )
    assert_error(rc, out, err)


def test_bad_label_column(capsys, tmp_path, files) -> None:
    gold = tmp_path / "gold.csv"
    gold.write_text("score\n" + "".join(f"{v}\n" for v in GOLD))
    rc, out, err = run(
        capsys, "evaluate", gold, "--system", f"a={files['sys']}", "--bins", "labels:label"
    )
    assert_error(rc, out, err, "'label'")


@pytest.mark.parametrize(
    "argv",
    [
        ["evaluate"],
        ["evaluate", "{gold}", "--system", "{sys}"],  # no NAME=
        ["evaluate", "{gold}", "--system", "a={sys}", "--format", "xml"],
        ["evaluate", "{gold}", "--system", "a={sys}", "--scale", "0"],
        ["evaluate", "{gold}", "--system", "a={sys}", "--scale", "5", "0"],
        ["evaluate", "{gold}", "--system", "a={sys}", "--system", "a={sys}"],
        ["nonsense-command"],
    ],
)
def test_bad_command_lines(capsys, files, argv: list[str]) -> None:
    argv = [a.format(gold=files["gold"], sys=files["sys"]) for a in argv]
    rc, out, err = run(capsys, *argv)
    assert_error(rc, out, err)


def test_no_partial_output_on_error(capsys, tmp_path, files) -> None:
    target = tmp_path / "out" / "result.json"
    target.parent.mkdir()
    target.write_text("previous result\n")
    short = _numbers(tmp_path / "short.txt", SYS[:-1])
    before = sorted(p.name for p in target.parent.iterdir())
    for argv in (
        ["--system", f"a={short}"],
        ["--system", f"a={files['sys']}", "--metric", "nope"],
        ["--system", f"a={files['sys']}", "--bins", "equal:x"],
    ):
        rc, out, err = run(
            capsys, "evaluate", files["gold"], *argv, "--format", "json", "--output", target
        )
        assert_error(rc, out, err)
        assert target.read_text() == "previous result\n"
        assert sorted(p.name for p in target.parent.iterdir()) == before


def test_output_into_missing_directory(capsys, tmp_path, files) -> None:
    target = tmp_path / "nodir" / "r.json"
    rc, out, err = run(
        capsys,
        "evaluate",
        files["gold"],
        "--system",
        f"a={files['sys']}",
        "--scale",
        "0",
        "5",
        "--output",
        target,
    )
    assert_error(rc, out, err, "nodir")
    assert not target.parent.exists()


# -- happy paths -------------------------------------------------------------------------------
def _evaluate(capsys, files, *extra) -> tuple[int, str, str]:
    return run(
        capsys,
        "evaluate",
        files["gold"],
        "--system",
        f"mine={files['sys']}",
        "--scale",
        "0",
        "5",
        *extra,
    )


def test_json_format(capsys, files) -> None:
    rc, out, err = _evaluate(capsys, files, "--format", "json")
    assert rc == 0, err
    doc = json.loads(out)
    assert set(doc) >= {"kind", "schema", "signature", "records", "calibration"}
    keys = {"system", "metric", "value", "bin", "n", "pvalue", "ci_low", "ci_high"}
    assert all(keys <= set(r) for r in doc["records"])
    pearson = next(r for r in doc["records"] if r["metric"] == "pearson" and r["bin"] is None)
    expected = stats.pearsonr(GOLD, SYS)
    assert pearson["value"] == pytest.approx(expected.statistic, abs=1e-12)
    assert pearson["pvalue"] == pytest.approx(expected.pvalue, rel=1e-9)
    assert pearson["system"] == "mine"
    assert any(r["bin"] is not None for r in doc["records"])  # per-bin Pearson rows
    assert "scale:0,5(declared)" in doc["signature"]


def test_csv_format(capsys, files) -> None:
    rc, out, err = _evaluate(
        capsys, files, "--format", "csv", "--metric", "pearson", "--metric", "scaled_pearson"
    )
    assert rc == 0, err
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == [
        "system",
        "metric",
        "bin",
        "value",
        "n",
        "pvalue",
        "ci_low",
        "ci_high",
        "reason",
        "ci_method",
    ]
    assert len(rows) == 1 + 2 + 3
    pearson = rows[1]
    assert pearson[:3] == ["mine", "pearson", ""]
    assert float(pearson[3]) == pytest.approx(stats.pearsonr(GOLD, SYS).statistic, abs=1e-12)


def test_table_format(capsys, files) -> None:
    rc, out, err = _evaluate(capsys, files)
    assert rc == 0, err
    assert "mine" in out and "pearson" in out and "scaled_pearson" in out
    assert "signature: simeval:" in out
    r = stats.pearsonr(GOLD, SYS).statistic
    assert f"{r:.4f}" in out


def test_markdown_format(capsys, files) -> None:
    rc, out, err = _evaluate(capsys, files, "--format", "markdown", "--metric", "pearson")
    assert rc == 0, err
    lines = out.strip().splitlines()
    # the pairs and scale first, then the table, then the signature (Markdown text)
    assert lines[0].startswith(f"{len(GOLD)} pairs, gold scale")
    table = lines.index(next(ln for ln in lines if ln.startswith("| system")))
    assert "pearson" in lines[table]
    assert set(lines[table + 1]) <= set("|:-")
    assert lines[table + 2].startswith("| mine")
    assert lines[-1].startswith("signature: `simeval:")


def test_latex_format(capsys, files) -> None:
    rc, out, err = _evaluate(
        capsys, files, "--format", "latex", "--metric", "pearson", "--metric", "f1_low"
    )
    assert rc == 0, err
    lines = out.strip().splitlines()
    # a table to paste into a paper: everything beside it is a LaTeX comment
    assert lines[0].startswith("% ") and lines[1].startswith(r"\begin{tabular}")
    assert all(ln.startswith("% ") for ln in lines[lines.index(r"\end{tabular}") + 1 :])
    assert lines[-1].startswith("% signature: simeval:")
    assert r"f1\_low" in out  # underscores escaped
    assert "mine &" in out


def test_output_file(capsys, tmp_path, files) -> None:
    target = tmp_path / "r.json"
    target.write_text("old")
    rc, out, err = _evaluate(capsys, files, "--format", "json", "--output", target)
    assert rc == 0, err
    assert out == ""
    assert json.loads(target.read_text())["records"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gold.txt", "r.json", "sys.txt"]


def test_observed_scale_is_said(capsys, files) -> None:
    rc, out, err = run(
        capsys, "evaluate", files["gold"], "--system", f"a={files['sys']}", "--metric", "pearson"
    )
    assert rc == 0
    assert "observed" in err and "0–5" in err
    rc, out, err = run(
        capsys,
        "evaluate",
        files["gold"],
        "--system",
        f"a={files['sys']}",
        "--metric",
        "pearson",
        "--quiet",
    )
    assert rc == 0 and out and err == ""


def test_id_column_alignment_with_shuffled_rows(capsys, tmp_path) -> None:
    rng = np.random.default_rng(9)
    ids = [f"pair{i}" for i in range(30)]
    gold = rng.uniform(0, 5, 30)
    system = gold + rng.normal(0, 1, 30)
    gpath = tmp_path / "gold.tsv"
    gpath.write_text("id\tscore\n" + "".join(f"{i}\t{v!r}\n" for i, v in zip(ids, gold.tolist())))
    perm = rng.permutation(30)
    spath = tmp_path / "sys.csv"
    spath.write_text("sim,id\n" + "".join(f"{float(system[j])!r},{ids[j]}\n" for j in perm))
    rc, out, err = run(
        capsys,
        "evaluate",
        gpath,
        "--system",
        f"s={spath}:sim",
        "--id-column",
        "id",
        "--metric",
        "pearson",
        "--metric",
        "spearman",
        "--format",
        "json",
        "--scale",
        "0",
        "5",
    )
    assert rc == 0, err
    values = {r["metric"]: r["value"] for r in json.loads(out)["records"]}
    assert values["pearson"] == pytest.approx(stats.pearsonr(gold, system).statistic, abs=1e-12)
    assert values["spearman"] == pytest.approx(stats.spearmanr(gold, system).statistic, abs=1e-12)
    # Without --id-column the rows are taken by position: both files carry ids, in other
    # orders, so the pairing would be wrong (it was scored, r of gold with system[perm]).
    rc, out, err = run(capsys, "evaluate", gpath, "--system", f"s={spath}:sim")
    assert rc == 2 and out == ""
    assert err.strip().splitlines() == [
        f"simeval: error: {spath}, line 2, column 'id' holds id {ids[perm[0]]!r} where "
        f"{gpath}, line 2, column 'id' holds 'pair0': the rows are paired by position; pair "
        "them by id with --id-column id (or write the scores in the gold's order)"
    ]
    # the same ids in the same order, by position, are scored
    inorder = tmp_path / "inorder.csv"
    inorder.write_text("sim,id\n" + "".join(f"{float(v)!r},{i}\n" for i, v in zip(ids, system)))
    rc, out, err = run(capsys, "evaluate", gpath, "--system", f"s={inorder}:sim",
                       "--metric", "pearson", "--format", "json")  # fmt: skip
    assert rc == 0, err
    assert json.loads(out)["records"][0]["value"] == pytest.approx(
        stats.pearsonr(gold, system).statistic, abs=1e-12
    )


def test_two_systems_and_table_columns(capsys, tmp_path, files) -> None:
    other = _numbers(tmp_path / "other.txt", [5 - v for v in SYS])
    rc, out, err = run(
        capsys,
        "evaluate",
        files["gold"],
        "--system",
        f"a={files['sys']}",
        "--system",
        f"b={other}",
        "--scale",
        "0",
        "5",
        "--format",
        "csv",
        "--metric",
        "pearson",
    )
    assert rc == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["system"] for r in rows] == ["a", "b"]
    assert float(rows[1]["value"]) == pytest.approx(-stats.pearsonr(GOLD, SYS).statistic)


def test_labels_bins(capsys, tmp_path) -> None:
    rng = np.random.default_rng(3)
    gold = rng.uniform(1, 5, 60)
    system = gold + rng.normal(0, 1, 60)
    labels = rng.choice(["CONTRADICTION", "ENTAILMENT", "NEUTRAL"], 60)
    gpath = tmp_path / "sick.csv"
    gpath.write_text(
        "relatedness,entailment\n"
        + "".join(f"{g!r},{lab}\n" for g, lab in zip(gold.tolist(), labels))
    )
    spath = _numbers(tmp_path / "sys.txt", system)
    rc, out, err = run(
        capsys,
        "evaluate",
        gpath,
        "--gold-column",
        "relatedness",
        "--system",
        f"s={spath}",
        "--bins",
        "labels:entailment",
        "--metric",
        "scaled_pearson",
        "--format",
        "json",
        "--scale",
        "1",
        "5",
    )
    assert rc == 0, err
    doc = json.loads(out)
    per_bin = {r["bin"]: r for r in doc["records"] if r["bin"] is not None}
    assert set(per_bin) == {"CONTRADICTION", "ENTAILMENT", "NEUTRAL"}
    rs = []
    for label, row in per_bin.items():
        mask = labels == label
        r = np.corrcoef(gold[mask], system[mask])[0, 1]
        rs.append(r)
        assert row["value"] == pytest.approx(r, abs=1e-12)
        assert row["n"] == mask.sum()
    scaled = next(r for r in doc["records"] if r["bin"] is None)
    assert scaled["value"] == pytest.approx(np.mean(rs), abs=1e-12)


def test_segments_bins(capsys, tmp_path) -> None:
    rng = np.random.default_rng(8)
    gold = rng.uniform(0, 5, 25)
    system = gold + rng.normal(0, 1, 25)
    gpath = _numbers(tmp_path / "g.txt", gold)
    spath = _numbers(tmp_path / "s.txt", system)
    rc, out, err = run(
        capsys,
        "evaluate",
        gpath,
        "--system",
        f"s={spath}",
        "--bins",
        "segments:10",
        "--metric",
        "scaled_pearson",
        "--format",
        "json",
        "--scale",
        "0",
        "5",
    )
    assert rc == 0, err
    doc = json.loads(out)
    rows = [r for r in doc["records"] if r["bin"] is not None]
    # 25 // 10 = 2 segments of the 20 lowest gold scores; 5 left over.
    order = np.argsort(gold)
    assert len(rows) == 2
    for j, row in enumerate(rows):
        idx = order[j * 10 : (j + 1) * 10]
        assert row["value"] == pytest.approx(np.corrcoef(gold[idx], system[idx])[0, 1], abs=1e-12)
        assert row["n"] == 10
    assert "segments:10" in doc["signature"]


def test_system_scale_maps_before_f1(capsys, tmp_path) -> None:
    # Hand example (see tests/evaluation/test_evaluate.py): mapped cosine gives
    # F1_low = F1_high = 1.
    gold = _numbers(tmp_path / "g.txt", [0.0, 1.0, 2.0, 4.0, 5.0, 3.0])
    cos = _numbers(tmp_path / "c.txt", [-0.9, -0.5, 0.0, 0.5, 0.9, -0.2])
    rc, out, err = run(
        capsys,
        "evaluate",
        gold,
        "--system",
        f"c={cos}",
        "--scale",
        "0",
        "5",
        "--system-scale",
        "-1",
        "1",
        "--metric",
        "f1_low",
        "--metric",
        "f1_high",
        "--format",
        "json",
    )
    assert rc == 0, err
    values = {r["metric"]: r["value"] for r in json.loads(out)["records"]}
    assert values == {"f1_low": 1.0, "f1_high": 1.0}


def test_jsonl_and_parquet_inputs(capsys, tmp_path) -> None:
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    gpath = tmp_path / "gold.jsonl"
    gpath.write_text("".join(json.dumps({"score": v}) + "\n" for v in GOLD))
    spath = tmp_path / "sys.parquet"
    pd.DataFrame({"pred": SYS}).to_parquet(spath)
    rc, out, err = run(
        capsys,
        "evaluate",
        gpath,
        "--system",
        f"p={spath}:pred",
        "--metric",
        "pearson",
        "--format",
        "json",
    )
    assert rc == 0, err
    value = json.loads(out)["records"][0]["value"]
    assert value == pytest.approx(stats.pearsonr(GOLD, SYS).statistic, abs=1e-12)


# -- real data -----------------------------------------------------------------------------------
def test_sts_benchmark_test_set(capsys, tmp_path, shared_data) -> None:
    # STS-B test (Cer et al. 2017): tab-separated, no header, unquoted; score in column 5.
    source = shared_data / "stsbenchmark" / "sts-test.csv"
    if not source.exists():
        pytest.skip(f"{source} not found")
    with source.open(encoding="utf-8") as fh:
        gold = np.array(
            [float(row[4]) for row in csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)]
        )
    assert gold.size == 1379
    rng = np.random.default_rng(2017)
    system = gold + rng.normal(0, 1.0, gold.size)
    gpath = _numbers(tmp_path / "sts-test.gs.txt", gold)
    spath = _numbers(tmp_path / "noisy.txt", system)
    rc, out, err = run(
        capsys,
        "evaluate",
        gpath,
        "--system",
        f"noisy={spath}",
        "--scale",
        "0",
        "5",
        "--format",
        "json",
    )
    assert rc == 0, err
    doc = json.loads(out)
    pearson = next(r for r in doc["records"] if r["metric"] == "pearson" and r["bin"] is None)
    expected = stats.pearsonr(gold, system)
    assert pearson["value"] == pytest.approx(expected.statistic, abs=1e-12)
    assert pearson["pvalue"] == pytest.approx(expected.pvalue, rel=1e-9, abs=1e-300)
    assert pearson["n"] == 1379
    spearman = next(r for r in doc["records"] if r["metric"] == "spearman")
    assert spearman["value"] == pytest.approx(stats.spearmanr(gold, system).statistic, abs=1e-12)
    assert all(
        not (isinstance(r["value"], float) and math.isnan(r["value"])) for r in doc["records"]
    )


def test_segment_leftovers_are_reported(capsys, files) -> None:
    """segments of 7 pairs leave len(GOLD) mod 7 pairs in no bin; the output says so."""
    left = len(GOLD) % 7
    rc, out, err = _evaluate(capsys, files, "--bins", "segments:7", "--format", "json")
    assert rc == 0, err
    doc = json.loads(out)
    assert doc.get("remainder", {}).get("mine", 0) == left
    rc, out, err = _evaluate(capsys, files, "--bins", "segments:7")
    if left:
        assert f"{left} pair(s) with the highest gold scores are left over" in out
