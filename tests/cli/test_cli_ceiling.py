"""``simeval wordsim --raters`` and ``simeval evaluate --raters COLS``: the human ceiling
beside each system, through ``simeval.cli.main``.

Expected values: IAA-1 and IAA-2 recomputed here with ``scipy.stats.spearmanr`` (mean
pairwise ρ; each rater against the mean of the others, Hill et al. 2015), and the
system's ρ against the gold from scipy.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from clitools import assert_error, run
from scipy.stats import spearmanr

N = 30


@pytest.fixture
def gold_file(tmp_path: Path) -> tuple[Path, Path, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(4)
    truth = rng.uniform(0, 5, N)
    R = np.clip(np.round(truth[:, None] + rng.normal(0, 0.9, (N, 4))), 0, 5)
    gold = R.mean(axis=1)
    lines = ["id\tscore\tr1\tr2\tr3\tr4"] + [
        f"p{i}\t{float(gold[i])!r}\t" + "\t".join(f"{v:g}" for v in R[i]) for i in range(N)
    ]
    path = tmp_path / "gold.tsv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    system = truth + rng.normal(0, 0.5, N)
    sys_path = tmp_path / "sys.txt"
    sys_path.write_text("".join(f"{float(v)!r}\n" for v in system), encoding="utf-8")
    return path, sys_path, R, system


def _iaa(R: np.ndarray) -> tuple[float, float]:
    k = R.shape[1]
    pairs = [spearmanr(R[:, i], R[:, j])[0] for i, j in itertools.combinations(range(k), 2)]
    loo = [spearmanr(R[:, j], np.delete(R, j, axis=1).mean(1))[0] for j in range(k)]
    return float(np.mean(pairs)), float(np.mean(loo))


def test_evaluate_raters_json(capsys, gold_file) -> None:
    gold, system, R, s = gold_file
    rc, out, _ = run(
        capsys, "evaluate", gold, "--gold-column", "score", "--system", f"m={system}",
        "--metric", "spearman", "--raters", "r1-r4", "--bootstrap", "200", "--format", "json",
    )  # fmt: skip
    assert rc == 0
    doc = json.loads(out)
    ceiling = doc["human_ceiling"]
    measures = {m["name"]: m for m in ceiling["agreement"]["measures"]}
    iaa1, iaa2 = _iaa(R)
    assert measures["iaa1"]["statistic"] == pytest.approx(iaa1, abs=1e-12)
    assert measures["iaa2"]["statistic"] == pytest.approx(iaa2, abs=1e-12)
    assert ceiling["ceiling"] == {"measure": "iaa2", "value": pytest.approx(iaa2, abs=1e-12)}
    (row,) = ceiling["systems"]
    assert row["rho"] == pytest.approx(spearmanr(s, R.mean(1))[0], abs=1e-12)
    assert row["verdict"] in ("better", "worse", "not separable")
    assert doc["records"]  # the evaluation itself is still there


def test_evaluate_raters_table_and_csv(capsys, gold_file) -> None:
    gold, system, _, _ = gold_file
    base = ["evaluate", gold, "--gold-column", "score", "--system", f"m={system}", "--metric",
            "spearman", "--raters", "3-6", "--bootstrap", "100"]  # fmt: skip
    rc, out, _ = run(capsys, *base)
    assert rc == 0 and "human ceiling" in out and "IAA-2" in out
    rc, out, _ = run(capsys, *base, "--format", "csv")
    lines = out.splitlines()
    assert lines[0].startswith("system,metric,bin,value")
    assert any(ln.startswith("raters,ceiling:IAA-1") for ln in lines)
    assert any(ln.startswith("m,ceiling:rho vs others") for ln in lines)
    rc, out, _ = run(capsys, *base, "--rating-slots", "--format", "json")
    measures = json.loads(out)["human_ceiling"]["agreement"]["measures"]
    assert measures[0]["statistic"] is None and "rating slots" in measures[0]["reason"]


def test_evaluate_raters_page_shows_the_ceiling_and_is_the_saved_json_page(
    capsys, gold_file, tmp_path
) -> None:
    gold, system, R, s = gold_file
    saved, page = tmp_path / "ev.json", tmp_path / "ev.html"
    rc, _, err = run(
        capsys, "evaluate", gold, "--gold-column", "score", "--system", f"m={system}",
        "--metric", "spearman", "--raters", "r1-r4", "--bootstrap", "100", "--format", "json",
        "-o", saved, "--html", page, "-q",
    )  # fmt: skip
    assert rc == 0, err
    text = page.read_text(encoding="utf-8")
    _, iaa2 = _iaa(R)
    rho = spearmanr(s, R.mean(1))[0]
    assert f"against a human ceiling of {iaa2:.3f}" in text
    assert f"reaches ρ = {rho:.3f} with the gold, {rho / iaa2 * 100:.0f} % of the ceiling" in text
    again = tmp_path / "again.html"
    assert run(capsys, "report", saved, "-o", again)[:2] == (0, "")
    assert again.read_text(encoding="utf-8") == text


def test_evaluate_raters_errors(capsys, gold_file) -> None:
    gold, system, _, _ = gold_file
    base = ["evaluate", gold, "--gold-column", "score", "--system", f"m={system}"]
    assert_error(*run(capsys, *base, "--raters", "r1,r9"), "no column 'r9'")
    assert_error(*run(capsys, *base, "--seed", "3"), "--seed goes with --raters")
    assert_error(*run(capsys, *base, "--rating-slots"), "--rating-slots goes with --raters")


def test_wordsim_registered_raters(capsys, shared_data: Path) -> None:
    vec = shared_data / "wordspace" / "DSM_Vectors.tsv.gz"
    rc, out, err = run(
        capsys, "wordsim", "--vectors", vec, "--dataset", "ws353", "--data-dir", shared_data,
        "--strip-pos", "vectors", "--raters", "--bootstrap", "100", "--format", "json",
    )  # fmt: skip
    assert rc == 0, err
    (result,) = json.loads(out)["records"]
    agreement = result["human_ceiling"]["agreement"]
    assert agreement["n_items"] == 353 and agreement["n_raters"] == 29
    folder = shared_data / "wordsim-ws353"
    pairs = []
    for name in ("set1.tab", "set2.tab"):
        rows = folder.joinpath(name).read_text().splitlines()[1:]
        M = np.array([[float(v) for v in r.split("\t")[3:] if v.strip()] for r in rows])
        k = M.shape[1]
        pairs += [spearmanr(M[:, i], M[:, j])[0] for i, j in itertools.combinations(range(k), 2)]
    iaa1 = agreement["measures"][0]
    assert iaa1["statistic"] == pytest.approx(np.mean(pairs), abs=1e-12) and iaa1["units"] == 198
    (system,) = result["human_ceiling"]["systems"]
    assert system["system"] == "DSM_Vectors.tsv.gz"
    assert system["rho"] == pytest.approx(result["rho"], abs=1e-12)  # the same |ρ|


def test_wordsim_pairs_file_with_rater_columns(capsys, shared_data: Path, tmp_path) -> None:
    ws = shared_data / "wordspace"
    lines = (ws / "RG65.tsv").read_text(encoding="utf-8").splitlines()
    rated = tmp_path / "rated.tsv"
    rows = [f"{ln}\t{float(ln.split(chr(9))[2]) + (i % 3) * 0.5:.2f}\t"
            f"{float(ln.split(chr(9))[2]) - (i % 2) * 0.7:.2f}"
            for i, ln in enumerate(lines[1:])]  # fmt: skip
    rated.write_text("\n".join([lines[0] + "\ta\tb", *rows]) + "\n", encoding="utf-8")
    base = ["wordsim", "--vectors", ws / "DSM_Vectors.tsv.gz", "--pairs", rated]
    rc, out, err = run(capsys, *base, "--raters", "a,b", "--bootstrap", "0")
    assert rc == 0, err
    assert "human ceiling of rated" in out and "no bootstrap" in out
    assert_error(*run(capsys, *base, "--raters"), "--raters needs the raters' columns")
    assert_error(*run(capsys, *base, "--seed", "1"), "--seed goes with --raters")


def test_wordsim_raters_errors(capsys, shared_data: Path) -> None:
    vec = shared_data / "wordspace" / "DSM_Vectors.tsv.gz"
    base = ["wordsim", "--vectors", vec, "--data-dir", shared_data]
    assert_error(
        *run(capsys, *base, "--dataset", "rg65", "--raters"),
        "no individual ratings are registered for 'rg65'",
    )
    assert_error(
        *run(capsys, *base, "--dataset", "ws353", "--raters", "4-16"),
        "rater columns are for --pairs files",
    )


def test_the_gold_column_is_not_a_rater(capsys, gold_file) -> None:
    # the gold is the raters' mean: counted as a rater it would inflate the ceiling
    gold, system, _, _ = gold_file
    argv = ["evaluate", gold, "--gold-column", "score", "--system", f"m={system}",
            "--raters", "score,r1,r2"]  # fmt: skip
    assert_error(*run(capsys, *argv), "--raters score,r1,r2 includes the gold column 'score'")
