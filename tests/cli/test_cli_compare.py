"""``simeval compare`` through ``simeval.cli.main(argv)``.

Small files in ``tmp_path``: a near-perfect, a noisy and a random system, so the expected
ranking and the significance of the winner are known by construction. Numbers are checked
against scipy.stats; bad input must give exit 2 and exactly one stderr line.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import numpy as np
import pytest
from clitools import assert_error, run
from clitools import write_numbers as _numbers
from scipy import stats

N = 60


@pytest.fixture(scope="module")
def scores() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(7)
    gold = rng.uniform(0, 5, N)
    return {
        "gold": gold,
        "good": np.clip(gold + rng.normal(0, 0.3, N), 0, 5),
        "noisy": np.clip(gold + rng.normal(0, 1.5, N), 0, 5),
        "random": rng.uniform(0, 5, N),
    }


@pytest.fixture
def files(tmp_path: Path, scores) -> dict[str, Path]:
    return {k: _numbers(tmp_path / f"{k}.txt", v) for k, v in scores.items()}


def _argv(files: dict[str, Path], *extra: str) -> list[str]:
    return [
        "compare",
        str(files["gold"]),
        "--system",
        f"random={files['random']}",
        "--system",
        f"noisy={files['noisy']}",
        "--system",
        f"good={files['good']}",
        "--scale",
        "0",
        "5",
        "--bootstrap",
        "200",
        "--quiet",
        *extra,
    ]


# -- table ---------------------------------------------------------------------------------
def test_table_ranks_systems_and_marks_the_significant_winner(capsys, files) -> None:
    rc, out, err = run(capsys, *_argv(files, "--seed", "1"))
    assert rc == 0, err
    lines = out.splitlines()
    # summary table: systems ranked by the first metric (Pearson), best first
    rows = [ln for ln in lines if ln.split(" ")[0] in ("good", "noisy", "random")]
    assert [r.split()[0] for r in rows[:3]] == ["good", "noisy", "random"]
    # good (r ≈ 0.99) is significantly better than noisy (≈ 0.7) and random (≈ 0): † on
    # its row, nowhere else in the summary
    assert "†" in rows[0]
    assert "†" not in rows[1] and "†" not in rows[2]
    assert "significance clusters" in out
    assert "Williams" in out  # the pairwise table carries the dependent-correlation tests
    assert "rank agreement" in out
    assert "signature:" in out and "seed:1" in out


def test_no_dagger_when_the_best_is_not_alone(capsys, tmp_path, scores) -> None:
    # two statistically indistinguishable systems on top: a second copy of noisy with one
    # score nudged, so neither is significantly better than the other
    twin = scores["noisy"].copy()
    twin[0] = min(twin[0] + 0.01, 5.0)
    gold = _numbers(tmp_path / "g.txt", scores["gold"])
    a = _numbers(tmp_path / "a.txt", scores["noisy"])
    b = _numbers(tmp_path / "b.txt", twin)
    rc, out, err = run(
        capsys,
        "compare",
        gold,
        "--system",
        f"a={a}",
        "--system",
        f"b={b}",
        "--metric",
        "pearson",
        "--bootstrap",
        "200",
        "--seed",
        "0",
        "--quiet",
    )
    assert rc == 0, err
    assert "†" not in out.split("significance clusters")[0].split("\n", 1)[1]


# -- JSON ----------------------------------------------------------------------------------
def test_json_parses_and_matches_scipy(capsys, files, scores) -> None:
    rc, out, err = run(capsys, *_argv(files, "--format", "json", "--seed", "2"))
    assert rc == 0, err
    doc = json.loads(out)
    assert set(doc) >= {"kind", "schema", "signature", "records", "clusters", "pairwise",
                        "rank_agreement", "evaluation"}  # fmt: skip
    by = {(r["system"], r["metric"]): r for r in doc["records"]}
    for name in ("good", "noisy", "random"):
        expected = stats.pearsonr(scores["gold"], scores[name]).statistic
        # the file holds repr(float): exact round trip
        assert by[(name, "pearson")]["value"] == pytest.approx(expected, abs=1e-12)
        r = by[(name, "pearson")]
        assert r["ci_low"] <= r["value"] <= r["ci_high"]
    pearson_clusters = next(c for c in doc["clusters"] if c["metric"] == "pearson")
    assert [(s["system"], s["cluster"]) for s in pearson_clusters["systems"]] == [
        ("good", 1),
        ("noisy", 2),
        ("random", 3),
    ]


def test_seed_zero_twice_gives_identical_json(capsys, files) -> None:
    argv = _argv(files, "--format", "json", "--seed", "0", "--permutations", "100")
    rc1, out1, _ = run(capsys, *argv)
    rc2, out2, _ = run(capsys, *argv)
    assert rc1 == rc2 == 0
    assert out1 == out2
    assert "seed:0" in json.loads(out1)["signature"]


def test_different_seeds_give_different_intervals(capsys, files) -> None:
    _, out1, _ = run(capsys, *_argv(files, "--format", "json", "--seed", "0"))
    _, out2, _ = run(capsys, *_argv(files, "--format", "json", "--seed", "1"))
    lows1 = [r["ci_low"] for r in json.loads(out1)["records"]]
    lows2 = [r["ci_low"] for r in json.loads(out2)["records"]]
    assert lows1 != lows2


def test_permutations_fill_the_pairwise_records(capsys, files) -> None:
    rc, out, err = run(
        capsys,
        *_argv(
            files, "--format", "json", "--seed", "0", "--permutations", "199", "--metric", "pearson"
        ),
    )
    assert rc == 0, err
    pairs = json.loads(out)["pairwise"]
    assert len(pairs) == 3  # 3 systems → 3 pairs under one metric
    for p in pairs:
        # (count + 1) / (R + 1) with R = 199: in [1/200, 1]
        assert 1 / 200 - 1e-12 <= p["permutation_p"] <= 1.0


# -- CSV -----------------------------------------------------------------------------------
def test_csv_holds_values_pairs_and_agreement(capsys, files) -> None:
    argv = _argv(files, "--format", "csv", "--seed", "0", "--ci", "percentile")
    rc, out, err = run(capsys, *argv, "--metric", "pearson", "--metric", "nmsse")
    assert rc == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    values = [r for r in rows if r["table"] == "value"]
    assert len(values) == 3 * 2  # systems × metrics
    assert {r["ci_method"] for r in values} == {"percentile"}
    assert {r["n"] for r in values} == {str(N)}
    for r in values:
        assert float(r["ci_low"]) <= float(r["value"]) <= float(r["ci_high"])
    pairs = [r for r in rows if r["table"] == "pair"]
    assert len(pairs) == 3 * 2  # 3 pairs of systems under each of 2 metrics
    by = {(r["system"], r["metric"]): float(r["value"]) for r in values}
    for p in pairs:
        # the difference is a − b of the two values, and p-values are probabilities
        a, b, m = p["system"], p["system_b"], p["metric"]
        assert float(p["value"]) == pytest.approx(by[(a, m)] - by[(b, m)], abs=1e-12)
        assert 0 < float(p["pvalue"]) <= float(p["p_holm"]) <= 1
    assert [r["metric"] + "/" + r["metric_b"] for r in rows if r["table"] == "agreement"] == [
        "pearson/nmsse"
    ]


def test_rank_intervals_in_every_format(capsys, files) -> None:
    # good, noisy and random are far apart by construction: no resample reorders them, so
    # each order has 0 reversals, p = 2(0 + 1)/(200 + 1) and Holm's 3·p < 0.05
    argv = _argv(files, "--metric", "pearson", "--seed", "0")
    rc, out, err = run(capsys, *argv, "--format", "csv")
    assert rc == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    ranks = [(r["system"], r["value"], r["ci_low"], r["ci_high"], r["p_best"], r["n"])
             for r in rows if r["table"] == "rank"]  # fmt: skip
    assert ranks == [("good", "1.0", "1.0", "1.0", "1.0", "200"),
                     ("noisy", "2.0", "2.0", "2.0", "0.0", "200"),
                     ("random", "3.0", "3.0", "3.0", "0.0", "200")]  # fmt: skip
    orders = [(r["system"], r["system_b"], r["value"], r["separable"])
              for r in rows if r["table"] == "order"]  # fmt: skip
    assert orders == [("good", "noisy", "1.0", "True"), ("good", "random", "1.0", "True"),
                      ("noisy", "random", "1.0", "True")]  # fmt: skip
    for r in (r for r in rows if r["table"] == "order"):
        assert float(r["p_holm"]) == pytest.approx(3 * 2 / 201, abs=1e-12)
    rc, out, err = run(capsys, *argv)
    assert "good    1 [1–1] 100%" in out
    assert (
        "pearson: good ranks first in 100% of 200 resamples (95% rank interval 1–1); 2 of 2 "
        "neighbouring pairs in the ranking are separable (Holm, alpha = 0.05)."
    ) in out
    rc, out, err = run(capsys, *argv, "--format", "json")
    (doc,) = json.loads(out)["ranks"]
    assert doc["separable_pairs"] == [["good", "noisy"], ["good", "random"], ["noisy", "random"]]


def test_markdown_output_to_file(capsys, files, tmp_path) -> None:
    target = tmp_path / "cmp.md"
    rc, out, err = run(capsys, *_argv(files, "--format", "markdown", "--seed", "0", "-o", target))
    assert rc == 0, err
    assert out == ""
    text = target.read_text(encoding="utf-8")
    assert "| good" in text and "†" in text


# -- bad input -----------------------------------------------------------------------------
def test_length_mismatch(capsys, files, tmp_path, scores) -> None:
    short = _numbers(tmp_path / "short.txt", scores["good"][:-1])
    rc, out, err = run(
        capsys,
        "compare",
        files["gold"],
        "--system",
        f"a={files['good']}",
        "--system",
        f"b={short}",
        "--bootstrap",
        "100",
    )
    assert_error(rc, out, err, "short.txt", str(N - 1), str(N))


def test_missing_file(capsys, files, tmp_path) -> None:
    gone = tmp_path / "nope.txt"
    rc, out, err = run(
        capsys,
        "compare",
        files["gold"],
        "--system",
        f"a={files['good']}",
        "--system",
        f"b={gone}",
        "--bootstrap",
        "100",
    )
    assert_error(rc, out, err, "nope.txt")


def test_unknown_metric(capsys, files) -> None:
    rc, out, err = run(capsys, *_argv(files, "--metric", "no_such_metric"))
    assert_error(rc, out, err, "no_such_metric")


def test_bad_ci_choice(capsys, files) -> None:
    rc, out, err = run(capsys, *_argv(files, "--ci", "studentized"))
    assert_error(rc, out, err, "--ci")


def test_identical_system_files_do_not_crash(capsys, files) -> None:
    # two systems with the same scores: r23 = 1, the dependent-correlation tests are
    # undefined; the command must still report (exit 0), not raise
    rc, out, err = run(
        capsys,
        "compare",
        files["gold"],
        "--system",
        f"a={files['noisy']}",
        "--system",
        f"b={files['noisy']}",
        "--metric",
        "pearson",
        "--bootstrap",
        "100",
        "--seed",
        "0",
        "--format",
        "json",
    )
    assert rc == 0, err
    doc = json.loads(out)
    assert [s["cluster"] for s in doc["clusters"][0]["systems"]] == [1, 1]


def test_scaled_pearson_with_permutations(capsys, tmp_path) -> None:
    """Bins reach the permutation test as well as the bootstrap (a QA finding)."""
    rng = np.random.default_rng(11)
    gold = rng.uniform(0, 5, 40)
    a = _numbers(tmp_path / "a.txt", gold + rng.normal(0, 0.5, 40))
    b = _numbers(tmp_path / "b.txt", gold + rng.normal(0, 1.5, 40))
    g = _numbers(tmp_path / "g.txt", gold)
    rc, out, err = run(
        capsys,
        "compare",
        g,
        "--system",
        f"a={a}",
        "--system",
        f"b={b}",
        "--scale",
        0,
        5,
        "--metric",
        "scaled_pearson",
        "--bootstrap",
        100,
        "--permutations",
        100,
        "--format",
        "json",
    )
    assert rc == 0, err
    pair = json.loads(out)["pairwise"][0]
    assert 1 / 101 <= pair["permutation_p"] <= 1  # (count + 1)/(R + 1)


def test_nan_policy_omit_drops_the_pairs_of_any_missing_system(capsys, files, tmp_path) -> None:
    # compare --nan-policy omit is honoured: the pairs where any system lacks a score are
    # left out for every system, so the comparison stays paired.
    noisy = files["noisy"].read_text(encoding="utf-8").splitlines()
    noisy[3] = "nan"
    files["noisy"].write_text("\n".join(noisy) + "\n", encoding="utf-8")
    argv = _argv(files, "--format", "json", "--metric", "pearson", "--bootstrap", "100")
    rc, out, err = run(capsys, *argv)
    assert rc == 2 and "--nan-policy omit" in err
    rc, out, err = run(capsys, *argv, "--nan-policy", "omit")
    assert rc == 0, err
    doc = json.loads(out)
    assert "nan:omit" in doc["signature"]
    gold = np.loadtxt(files["gold"])
    keep = np.arange(gold.size) != 3
    for r in doc["records"]:
        scores = np.loadtxt(files[r["system"]]) if r["system"] != "noisy" else None
        assert r["n"] == gold.size - 1
        if scores is not None:
            expected = stats.pearsonr(gold[keep], scores[keep]).statistic
            assert r["value"] == pytest.approx(expected, abs=1e-12)


def test_scores_near_the_float_limit(capsys, tmp_path) -> None:
    # 1e308 in the gold file: no numpy overflow warning (pytest turns RuntimeWarning into
    # an error here), every number either finite, +inf where the true value is beyond the
    # float range, or undefined with its reason. MAE by hand: |1 − 1e308| + |2 + 1e308| +
    # 3 + 1 + 2 = 2e308 (the small terms vanish), / 5 = 4e307.
    g = _numbers(tmp_path / "g.txt", [1e308, -1e308, 0, 5, 3])
    a = _numbers(tmp_path / "a.txt", [1, 2, 3, 4, 5])
    argv = [
        "compare",
        g,
        "--system",
        f"a={a}",
        "--system",
        f"b={g}",
        "--bootstrap",
        "100",
        "--calibrate",
        "none",
    ]  # a narrow system measured as it is
    rc, out, err = run(capsys, *argv, "--metric", "mae", "--metric", "nmsse", "--format", "json")
    assert rc == 0, err
    values = {(r["system"], r["metric"]): r for r in json.loads(out)["records"]}
    assert values[("a", "mae")]["value"] == pytest.approx(4e307, rel=1e-15)
    assert values[("a", "nmsse")]["value"] == 1.0
    assert values[("b", "mae")]["value"] == 0.0
    rc, out, err = run(capsys, "evaluate", g, "--system", f"a={a}", "--format", "json")
    assert rc == 0, err


@pytest.mark.parametrize("trials", ["1", "2", "99"])
def test_too_few_permutations_are_refused(capsys, files, trials) -> None:
    assert_error(*run(capsys, *_argv(files, "--permutations", trials)), "at least 100")
