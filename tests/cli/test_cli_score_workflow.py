"""The cluster workflow the README describes: ``simeval score`` writes one score file per
model and data set, ``evaluate``/``compare`` read them against the registered data set
(``--dataset``), ``meta`` reads the records ``run`` and the examples write.

Expected values come from scipy (``pearsonr``, ``spearmanr``) on the files read back with
the csv module, and from counts made here with a tokenizer written in the test."""

from __future__ import annotations

import csv
import json
import math
import re
from pathlib import Path

import numpy as np
import pytest
from clitools import assert_error, run
from scipy import stats

DATASET = "sts13:FNWN"
GOLD = "semeval-sts/2013/STS.gs.FNWN.txt"
INPUT = "semeval-sts/2013/STS.input.FNWN.txt"
TOKEN = re.compile(r"[^\W_]+(?:['\u2019-][^\W_]+)*")  # word tokens: letters and digits


def _scores(path: Path) -> tuple[list[str], np.ndarray]:
    with path.open(encoding="utf-8") as fh:
        rows = list(csv.reader(fh, delimiter="\t"))
    assert rows[0] == ["id", "score"]
    return [r[0] for r in rows[1:]], np.array([float(r[1]) for r in rows[1:]])


def _gold(shared: Path) -> np.ndarray:
    lines = (shared / GOLD).read_text(encoding="utf-8").splitlines()
    return np.array([float(x) for x in lines])


def _score(capsys, shared: Path, model: str, out: Path, *extra: str) -> str:
    argv = ["score", "--model", model, "--dataset", DATASET, "--data-dir", shared, "-o", out]
    rc, _, err = run(capsys, *argv, *extra)
    assert rc == 0, err
    return err


def _json(capsys, *argv) -> dict:
    rc, out, err = run(capsys, *argv, "--format", "json", "--quiet")
    assert rc == 0, err
    return json.loads(out)


def _value(doc: dict, system: str, metric: str = "pearson") -> float:
    rows = doc["evaluation"]["records"] if "evaluation" in doc else doc["records"]
    (row,) = [
        r for r in rows if r["system"] == system and r["metric"] == metric and r["bin"] is None
    ]
    return float(row["value"])


@pytest.fixture
def scored(shared_data: Path, tmp_path: Path, capsys) -> dict[str, Path]:
    files = {m: tmp_path / f"{m}.tsv" for m in ("jaccard", "edit")}
    for model, path in files.items():
        _score(capsys, shared_data, f"lexical:{model}", path)
    return files


def test_score_files_evaluate_against_the_registered_data_set(shared_data, scored, capsys):
    gold = _gold(shared_data)
    systems = [f"--system={m}={p}" for m, p in scored.items()]
    base = ["--dataset", DATASET, "--data-dir", shared_data, *systems, "--metric", "pearson"]
    ev = _json(capsys, "evaluate", *base)
    cmp = _json(capsys, "compare", *base, "--bootstrap", "200")
    for model, path in scored.items():
        expected = stats.pearsonr(gold, _scores(path)[1]).statistic
        assert _value(ev, model) == pytest.approx(expected, abs=1e-12)
        assert _value(cmp, model) == pytest.approx(expected, abs=1e-12)


def test_score_files_align_by_id(shared_data, scored, tmp_path, capsys):
    """The score file's rows reversed: --id-column id puts them back in the data set's order."""
    path = scored["jaccard"]
    lines = path.read_text(encoding="utf-8").splitlines()
    reversed_file = tmp_path / "reversed.tsv"
    reversed_file.write_text("\n".join([lines[0], *lines[:0:-1]]) + "\n", encoding="utf-8")
    doc = _json(capsys, "compare", "--dataset", DATASET, "--data-dir", shared_data,
                "--system", f"a={reversed_file}", "--system", f"b={scored['edit']}",
                "--id-column", "id", "--metric", "pearson", "--bootstrap", "100")  # fmt: skip
    expected = stats.pearsonr(_gold(shared_data), _scores(path)[1]).statistic
    assert _value(doc, "a") == pytest.approx(expected, abs=1e-12)


def test_headers_are_declared_per_file(shared_data, scored, tmp_path, capsys):
    """STS-B's sts-test.csv has no header, a score file of simeval score has one: --no-header
    is the gold file's; a system file without a header says so with --system-no-header."""
    sts = shared_data / "stsbenchmark" / "sts-test.csv"
    jaccard = tmp_path / "stsb.tsv"
    argv = ["score", "--model", "lexical:jaccard", "--dataset", "stsb:test",
            "--data-dir", shared_data, "-o", jaccard]  # fmt: skip
    assert run(capsys, *argv)[0] == 0
    with sts.open(encoding="utf-8") as fh:
        gold = np.array([float(row[4]) for row in csv.reader(fh, delimiter="\t", quoting=3)])
    expected = stats.pearsonr(gold, _scores(jaccard)[1]).statistic
    base = ["evaluate", sts, "--no-header", "--gold-column", "5", "--metric", "pearson"]
    assert _value(_json(capsys, *base, "--system", f"a={jaccard}"), "a") == pytest.approx(
        expected, abs=1e-12
    )
    bare = tmp_path / "bare.tsv"
    bare.write_text(
        "".join(jaccard.read_text(encoding="utf-8").splitlines(True)[1:]), encoding="utf-8"
    )
    doc = _json(capsys, *base, "--system", f"a={bare}:2", "--system-no-header", "a")
    assert _value(doc, "a") == pytest.approx(expected, abs=1e-12)
    rc, out, err = run(capsys, *base, "--system", f"a={bare}:2")  # its first row read as a header
    assert_error(rc, out, err, "bare.tsv")


def test_system_scale_takes_what_its_usage_line_shows(tmp_path, capsys):
    """``--system-scale LO HI | NAME=LO,HI [LO HI | NAME=LO,HI ...]``: several scales after
    one flag are the same as one flag each."""
    gold = tmp_path / "gold.txt"
    gold.write_text("0\n1\n2\n3\n4\n5\n")
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("0.1\n0.2\n0.5\n0.5\n0.8\n0.9\n")
    b.write_text("-0.9\n-0.5\n0.1\n0.2\n0.6\n0.8\n")
    base = [
        "evaluate",
        gold,
        "--system",
        f"a={a}",
        "--system",
        f"b={b}",
        "--metric",
        "mae",
        "--calibrate",
        "none",
    ]  # the declared ranges mapped linearly
    one = _json(capsys, *base, "--system-scale", "a=0,1", "b=-1,1")
    each = _json(capsys, *base, "--system-scale", "a=0,1", "--system-scale", "b=-1,1")
    mixed = _json(capsys, *base, "--system-scale", "-1", "1", "a=0,1")
    assert one["records"] == each["records"] == mixed["records"]
    # a mapped from [0, 1] onto [0, 5]: |5·0.1 − 0| … by hand, MAE = mean of these
    errors_a = np.abs(5 * np.array([0.1, 0.2, 0.5, 0.5, 0.8, 0.9]) - np.arange(6))
    assert _value(one, "a", "mae") == pytest.approx(errors_a.mean(), abs=1e-12)
    with pytest.raises(SystemExit):
        run(capsys, "compare", "--help")
    usage = " ".join(capsys.readouterr().out.split())
    assert "--system-scale LO HI | NAME=LO,HI [LO HI | NAME=LO,HI ...]" in usage


def _some_vectors(shared: Path, folder: Path) -> tuple[Path, set[str]]:
    first = (shared / INPUT).read_text(encoding="utf-8").splitlines()[0].lower()
    words = sorted(set(TOKEN.findall(first)))
    path = folder / "some.txt"
    path.write_text("".join(f"{w} 1 {i + 1}\n" for i, w in enumerate(words)), encoding="utf-8")
    return path, set(words)


def _unscored_by_hand(shared: Path, known: set[str]) -> np.ndarray:
    """A pair has no score when one of its texts has no word in the vectors."""
    rows = [line.split("\t") for line in (shared / INPUT).read_text("utf-8").splitlines()]
    return np.array(
        [not (set(TOKEN.findall(a.lower())) & known and set(TOKEN.findall(b.lower())) & known)
         for a, b in (r[:2] for r in rows)]
    )  # fmt: skip


def test_coverage_is_reported_by_score_and_run(shared_data, tmp_path, capsys):
    vectors, known = _some_vectors(shared_data, tmp_path)
    unscored = _unscored_by_hand(shared_data, known)
    k = int(unscored.sum())
    assert 0 < k < unscored.size  # the case: some pairs, not all
    out = tmp_path / "some.tsv"
    err = _score(capsys, shared_data, f"static:{vectors}", out)
    assert f"{k} of 189 pairs have no score" in err and "written as nan" in err
    _, scores = _scores(out)
    assert np.array_equal(np.isnan(scores), unscored)
    argv = ["run", "--model", f"static:{vectors}", "--dataset", DATASET, "--data-dir",
            shared_data]  # fmt: skip
    rc, stdout, err = run(capsys, *argv)
    assert_error(rc, stdout, err, f"no score for {k} of the 189 pairs", "--nan-policy omit")
    rc, stdout, err = run(capsys, *argv, "--nan-policy", "omit", "--format", "json")
    assert rc == 0, err
    assert f"{k} of 189 pairs have no score" in err
    doc = json.loads(stdout)
    (row,) = [r for r in doc["records"] if r["metric"] == "spearman"]
    keep = ~unscored
    expected = stats.spearmanr(_gold(shared_data)[keep], scores[keep]).statistic
    assert row["n"] == 189 - k
    assert row["value"] == pytest.approx(expected, abs=1e-12)


def test_run_without_a_bootstrap_has_no_intervals_of_one(shared_data, capsys):
    argv = ["run", "--model", "lexical:jaccard", "--model", "lexical:edit", "--dataset",
            DATASET, "--data-dir", shared_data, "--protocol", "simeval", "--bootstrap", "0",
            "--format", "json"]  # fmt: skip
    rc, out, err = run(capsys, *argv)
    assert rc == 0, err
    assert "--bootstrap 0: no intervals, clusters or paired tests" in err
    rows = json.loads(out)["records"]
    assert rows and not any("cluster" in r for r in rows)
    assert not any(r.get("ci_method") == "bca" for r in rows)


def test_meta_reads_the_records_of_one_data_set(shared_data, tmp_path, capsys):
    """The JSON of simeval run holds records of several data sets (a dataset column):
    meta reads the one --dataset names; an extrinsic result equal to the FNWN Pearson
    values ranks the systems as FNWN's Pearson does, so ρ = 1."""
    models = ["lexical:jaccard", "lexical:edit", "lexical:token-set"]
    run_json = tmp_path / "run.json"
    argv = ["run", *(f"--model={m}" for m in models), "--dataset", DATASET, "--dataset",
            "sts13:OnWN", "--data-dir", shared_data, "-o", run_json, "--quiet"]  # fmt: skip
    assert run(capsys, *argv)[0] == 0
    records = json.loads(run_json.read_text())["records"]
    fnwn = {r["system"]: r["value"] for r in records
            if r["dataset"] == DATASET and r["metric"] == "pearson"}  # fmt: skip
    extrinsic = tmp_path / "task.csv"
    extrinsic.write_text("system,score\n" + "".join(f"{s},{v}\n" for s, v in fnwn.items()))
    base = ["meta", "--intrinsic", run_json, "--extrinsic", extrinsic, "--bootstrap", "100"]
    assert_error(*run(capsys, *base), "2 data sets", "sts13:FNWN, sts13:OnWN", "--dataset")
    doc = _json(capsys, *base, "--dataset", DATASET)
    (pearson,) = [p for p in doc["records"] if p["measure"] == "pearson"]
    assert pearson["rho"] == pytest.approx(1.0)
    # the examples write a bare JSON list of such records
    bare = tmp_path / "records.json"
    bare.write_text(json.dumps(records))
    assert _json(capsys, *base[:2], bare, *base[3:], "--dataset", DATASET) == doc


def test_wordsim_suggests_strip_pos_task_for_tagged_pairs(shared_data, tmp_path, capsys):
    """Task words tagged (WordSim353.tsv of wordspace: love_N), vectors plain: the message
    names --strip-pos task, which then evaluates."""
    vectors = tmp_path / "plain.txt"
    pairs = shared_data / "wordspace" / "WordSim353.tsv"
    words = {line.split("\t")[i].split("_")[0]
             for line in pairs.read_text().splitlines()[1:] for i in (0, 1)}  # fmt: skip
    rng = np.random.default_rng(0)
    vectors.write_text("".join(f"{w} {rng.normal():.4f} {rng.normal():.4f}\n" for w in words))
    base = ["wordsim", "--vectors", vectors, "--pairs", pairs]
    assert_error(*run(capsys, *base), "add --strip-pos task")
    rc, out, err = run(capsys, *base, "--strip-pos", "task", "--format", "json")
    assert rc == 0, err
    (res,) = json.loads(out)["records"]
    assert res["missing"] == 0 and not math.isnan(res["rho"])
