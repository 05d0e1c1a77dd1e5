"""``simeval meta`` through ``simeval.cli.main(argv)`` (Reimers et al. 2016, §3, Table 2).

The main example has five systems whose ranks are written out below, so ρ(IR, ER), MAD
and MSD are checked against a hand calculation. The other input forms (tidy CSV from
``simeval compare`` / ``simeval evaluate``, the JSON of ``simeval evaluate``) are checked
against scipy on the system files themselves.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import numpy as np
import pytest
from clitools import assert_error, run
from scipy import stats

SYSTEMS = ["A", "B", "C", "D", "E"]

# Extrinsic task accuracy; ER (1 = best): A 1, B 2, C 3, D 4, E 5
EXTRINSIC = {"A": 0.90, "B": 0.80, "C": 0.70, "D": 0.60, "E": 0.50}

# Intrinsic measures (wide table):
#  pearson (higher is better): B 0.9 > C 0.8 > A 0.7 > E 0.6 > D 0.5
#     IR (A..E) = 3, 1, 2, 5, 4;  IR − ER = 2, −1, −1, 1, −1
#     MAD = (2+1+1+1+1)/5 = 1.2;  MSD = (4+1+1+1+1)/5 = 1.6
#     ρ (no ties, Spearman's formula) = 1 − 6·Σd²/(n(n²−1)) = 1 − 6·8/120 = 0.6
#  nmsse (an error: lower is better): A 0.1 < B 0.2 < … < E 0.5
#     IR = 1, 2, 3, 4, 5 = ER → ρ = 1, MAD = 0, MSD = 0
#  f1_low (higher is better): A 0.1 < … < E 0.5
#     IR = 5, 4, 3, 2, 1; IR − ER = 4, 2, 0, −2, −4
#     MAD = 12/5 = 2.4; MSD = 40/5 = 8; ρ = 1 − 6·40/120 = −1
#  mine (a user's column simeval does not know: higher is better), same order as pearson
#     → ρ = 0.6, MAD = 1.2, MSD = 1.6, and it ties pearson
# Sorted as Table 2, ρ highest first; ties share the better place:
#  nmsse 1, pearson 2, mine 2, f1_low 4
INTRINSIC = {
    "pearson": {"A": 0.7, "B": 0.9, "C": 0.8, "D": 0.5, "E": 0.6},
    "nmsse": {"A": 0.1, "B": 0.2, "C": 0.3, "D": 0.4, "E": 0.5},
    "f1_low": {"A": 0.1, "B": 0.2, "C": 0.3, "D": 0.4, "E": 0.5},
    "mine": {"A": 0.7, "B": 0.9, "C": 0.8, "D": 0.5, "E": 0.6},
}
EXPECTED = {  # measure: (rho, MAD, MSD, rank)
    "nmsse": (1.0, 0.0, 0.0, 1),
    "pearson": (0.6, 1.2, 1.6, 2),
    "mine": (0.6, 1.2, 1.6, 2),
    "f1_low": (-1.0, 2.4, 8.0, 4),
}


def _write_csv(path: Path, header: list[str], rows: list[list]) -> Path:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    path.write_text(buf.getvalue(), encoding="utf-8")
    return path


@pytest.fixture
def wide(tmp_path: Path) -> Path:
    measures = list(INTRINSIC)
    return _write_csv(
        tmp_path / "intrinsic.csv",
        ["system", *measures],
        [[s, *(INTRINSIC[m][s] for m in measures)] for s in SYSTEMS],
    )


@pytest.fixture
def extrinsic(tmp_path: Path) -> Path:
    return _write_csv(
        tmp_path / "extrinsic.csv", ["system", "score"], [[s, EXTRINSIC[s]] for s in SYSTEMS]
    )


def _meta_json(capsys, *argv) -> dict:
    rc, out, err = run(capsys, "meta", *argv, "--format", "json", "--bootstrap", "200")
    assert rc == 0, err
    return json.loads(out)


# -- the hand-calculated example -----------------------------------------------------------
def test_wide_csv_against_hand_calculation(capsys, wide, extrinsic) -> None:
    doc = _meta_json(capsys, "--intrinsic", wide, "--extrinsic", extrinsic, "--seed", "0")
    pred = doc["records"]
    assert [p["measure"] for p in pred[:1]] == ["nmsse"]
    assert pred[-1]["measure"] == "f1_low"
    got = {p["measure"]: (p["rho"], p["mad"], p["msd"], p["rank"]) for p in pred}
    assert set(got) == set(EXPECTED)
    for m, (rho, mad, msd, rank) in EXPECTED.items():
        assert got[m][0] == pytest.approx(rho, abs=1e-12), m
        assert got[m][1] == pytest.approx(mad, abs=1e-12), m
        assert got[m][2] == pytest.approx(msd, abs=1e-12), m
        assert got[m][3] == rank, m
    for p in pred:
        assert p["n_systems"] == 5
        # the bootstrap interval of ρ lies in [−1, 1] and around the observed value
        if p.get("ci_low") is not None:
            assert -1.0 <= p["ci_low"] <= p["ci_high"] <= 1.0


def test_rank_agreement_between_intrinsic_measures(capsys, wide, extrinsic) -> None:
    doc = _meta_json(capsys, "--intrinsic", wide, "--extrinsic", extrinsic, "--seed", "0")
    agree = {(a["metric_a"], a["metric_b"]): a for a in doc["rank_agreement"]}
    assert len(agree) == 6  # 4 measures → 6 pairs
    # pearson IR (3, 1, 2, 5, 4) vs nmsse IR (1, 2, 3, 4, 5):
    #   |Δ| = 2, 1, 1, 1, 1 → mean 1.2, max 2
    #   Kendall τ: of the 10 pairs of (3, 1, 2, 5, 4), 7 are in order, 3 are not
    #   → (7 − 3) / 10 = 0.4
    pn = agree[("pearson", "nmsse")]
    assert pn["mean_abs_diff"] == pytest.approx(1.2)
    assert pn["max_abs_diff"] == pytest.approx(2.0)
    assert pn["kendall_tau"] == pytest.approx(0.4)
    assert pn["kendall_tau"] == pytest.approx(
        stats.kendalltau([3, 1, 2, 5, 4], [1, 2, 3, 4, 5]).statistic
    )
    # identical columns → identical rankings
    pm = agree[("pearson", "mine")]
    assert (pm["mean_abs_diff"], pm["max_abs_diff"]) == (0.0, 0.0)
    assert pm["kendall_tau"] == pytest.approx(1.0)


def test_extrinsic_lower_is_better_flips_er(capsys, wide, extrinsic) -> None:
    # read the task result as an error: ER becomes E 1, D 2, …, A 5, the reverse, so the
    # nmsse ranking (1..5) now disagrees completely (ρ = −1, |IR − ER| = 4, 2, 0, 2, 4 →
    # MAD 2.4) and f1_low agrees completely (ρ = 1)
    doc = _meta_json(
        capsys, "--intrinsic", wide, "--extrinsic", extrinsic, "--extrinsic-lower-is-better"
    )
    got = {p["measure"]: p for p in doc["records"]}
    assert got["nmsse"]["rho"] == pytest.approx(-1.0)
    assert got["nmsse"]["mad"] == pytest.approx(2.4)
    assert got["f1_low"]["rho"] == pytest.approx(1.0)
    assert got["f1_low"]["rank"] == 1


def test_table_and_csv_output(capsys, wide, extrinsic) -> None:
    rc, out, err = run(
        capsys,
        "meta",
        "--intrinsic",
        wide,
        "--extrinsic",
        extrinsic,
        "--bootstrap",
        "100",
        "--seed",
        "1",
        "--format",
        "csv",
    )
    assert rc == 0, err
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["measure", "rho", "rank", "MAD", "MSD", "rho low", "rho high"]
    assert rows[1][0] == "nmsse" and rows[-1][0] == "f1_low"
    assert float(rows[1][1]) == pytest.approx(1.0)
    rc, out, err = run(
        capsys,
        "meta",
        "--intrinsic",
        wide,
        "--extrinsic",
        extrinsic,
        "--bootstrap",
        "100",
        "--seed",
        "1",
    )
    assert rc == 0, err
    assert "predictiveness over 5 systems" in out
    assert "rank agreement" in out


def test_same_seed_same_bootstrap(capsys, wide, extrinsic) -> None:
    argv = ("--intrinsic", wide, "--extrinsic", extrinsic, "--seed", "0")
    assert _meta_json(capsys, *argv) == _meta_json(capsys, *argv)


def test_extrinsic_column_choice(capsys, wide, tmp_path) -> None:
    # two result columns: --extrinsic-column picks one; the reversed column flips ρ
    ext = _write_csv(
        tmp_path / "ext2.csv",
        ["system", "acc", "acc_rev"],
        [[s, EXTRINSIC[s], 1.0 - EXTRINSIC[s]] for s in SYSTEMS],
    )
    a = _meta_json(capsys, "--intrinsic", wide, "--extrinsic", ext, "--extrinsic-column", "acc")
    b = _meta_json(capsys, "--intrinsic", wide, "--extrinsic", ext, "--extrinsic-column", "acc_rev")
    rho_a = {p["measure"]: p["rho"] for p in a["records"]}
    rho_b = {p["measure"]: p["rho"] for p in b["records"]}
    assert rho_a["nmsse"] == pytest.approx(1.0) and rho_b["nmsse"] == pytest.approx(-1.0)
    # without --extrinsic-column and no 'score' column the choice is ambiguous
    rc, out, err = run(capsys, "meta", "--intrinsic", wide, "--extrinsic", ext)
    assert_error(rc, out, err, "--extrinsic-column")


# -- other intrinsic input forms -----------------------------------------------------------
@pytest.fixture
def five_systems(tmp_path: Path) -> dict[str, Path]:
    """Gold and five system files of decreasing quality (noise σ = 0.2, 0.6, 1.0, 1.6, 2.5)."""
    rng = np.random.default_rng(11)
    n = 50
    gold = rng.uniform(0, 5, n)
    paths = {"gold": tmp_path / "gold.txt"}
    paths["gold"].write_text("".join(f"{float(v)!r}\n" for v in gold), encoding="utf-8")
    for s, sigma in zip(SYSTEMS, (0.2, 0.6, 1.0, 1.6, 2.5)):
        vals = np.clip(gold + rng.normal(0, sigma, n), 0, 5)
        paths[s] = tmp_path / f"{s}.txt"
        paths[s].write_text("".join(f"{float(v)!r}\n" for v in vals), encoding="utf-8")
    return paths


def _expected_pearson_rho(paths: dict[str, Path], ext: dict[str, float]) -> float:
    gold = np.loadtxt(paths["gold"])
    r = [stats.pearsonr(gold, np.loadtxt(paths[s])).statistic for s in SYSTEMS]
    return float(stats.spearmanr(r, [ext[s] for s in SYSTEMS]).statistic)


def _system_args(paths: dict[str, Path]) -> list[str]:
    out = []
    for s in SYSTEMS:
        out += ["--system", f"{s}={paths[s]}"]
    return out


# extrinsic results that do not follow the noise order, so ρ is not trivially 1:
# ER = C 1, A 2, B 3, E 4, D 5
SHUFFLED = {"A": 0.8, "B": 0.7, "C": 0.9, "D": 0.4, "E": 0.5}


@pytest.fixture
def shuffled_extrinsic(tmp_path: Path) -> Path:
    return _write_csv(
        tmp_path / "ext.csv", ["system", "score"], [[s, SHUFFLED[s]] for s in SYSTEMS]
    )


@pytest.mark.parametrize(
    "command, fmt, suffix",
    [
        ("compare", "csv", ".csv"),
        ("evaluate", "csv", ".csv"),
        ("evaluate", "json", ".json"),
    ],
)
def test_tidy_records_from_simeval_output(
    capsys, tmp_path, five_systems, shuffled_extrinsic, command, fmt, suffix
) -> None:
    target = tmp_path / f"intrinsic{suffix}"
    extra = ["--bootstrap", "100", "--seed", "0"] if command == "compare" else []
    rc, _, err = run(
        capsys,
        command,
        five_systems["gold"],
        *_system_args(five_systems),
        "--scale",
        "0",
        "5",
        "--format",
        fmt,
        "-o",
        target,
        "--quiet",
        *extra,
    )
    assert rc == 0, err
    doc = _meta_json(capsys, "--intrinsic", target, "--extrinsic", shuffled_extrinsic)
    got = {p["measure"]: p for p in doc["records"]}
    assert "pearson" in got and "spearman" in got
    # evaluate's scaled_pearson per-bin rows (a non-empty 'bin') are not measures of their own
    assert not any(m.startswith("r ") or "[" in m for m in got)
    # Pearson ranks A > B > C > D > E (noise grows): IR (A..E) = 1, 2, 3, 4, 5 — checked
    # through scipy on the files; ER = 2, 3, 1, 5, 4
    # d = −1, −1, 2, −1, 1 → Σd² = 8 → ρ = 1 − 6·8/120 = 0.6; MAD = 6/5 = 1.2
    assert _expected_pearson_rho(five_systems, SHUFFLED) == pytest.approx(0.6)
    assert got["pearson"]["rho"] == pytest.approx(0.6)
    assert got["pearson"]["mad"] == pytest.approx(1.2)
    assert got["pearson"]["n_systems"] == 5


def test_tidy_records_keep_the_weighted_mean_of_semeval_output(capsys, tmp_path, extrinsic) -> None:
    # a SemEval-directory CSV has per-set rows and aggregates; only 'weighted_mean' counts.
    # The per-set rows are deliberately reversed: if they leaked in, ρ would not be 1.
    rows = []
    for s in SYSTEMS:
        good = EXTRINSIC[s]  # weighted mean follows the task exactly → ρ = 1
        rows.append([s, "pearson", "headlines", "", 1 - good, 100])
        rows.append([s, "pearson", "weighted_mean", "", good, 300])
        rows.append([s, "pearson", "mean", "", 1 - good, 300])
    tidy = _write_csv(
        tmp_path / "semeval.csv", ["system", "metric", "dataset", "bin", "value", "n"], rows
    )
    doc = _meta_json(capsys, "--intrinsic", tidy, "--extrinsic", extrinsic)
    (p,) = doc["records"]
    assert p["measure"] == "pearson"
    assert p["rho"] == pytest.approx(1.0)
    assert p["mad"] == pytest.approx(0.0)


# -- bad input -----------------------------------------------------------------------------
def test_systems_that_do_not_match(capsys, wide, tmp_path) -> None:
    ext = _write_csv(
        tmp_path / "ext.csv",
        ["system", "score"],
        [[s, EXTRINSIC[s]] for s in SYSTEMS[:4]] + [["Z", 0.1]],
    )
    rc, out, err = run(capsys, "meta", "--intrinsic", wide, "--extrinsic", ext)
    assert_error(rc, out, err, "E", "Z")


def test_missing_system_column(capsys, extrinsic, tmp_path) -> None:
    bad = _write_csv(tmp_path / "nosys.csv", ["name", "pearson"], [[s, 0.5] for s in SYSTEMS])
    rc, out, err = run(capsys, "meta", "--intrinsic", bad, "--extrinsic", extrinsic)
    assert_error(rc, out, err, "nosys.csv", "'system'")
    rc, out, err = run(capsys, "meta", "--intrinsic", extrinsic, "--extrinsic", bad)
    assert_error(rc, out, err, "nosys.csv", "'system'")


def test_non_numeric_value(capsys, extrinsic, tmp_path) -> None:
    rows = [[s, 0.5] for s in SYSTEMS]
    rows[2][1] = "n/a"
    bad = _write_csv(tmp_path / "nan.csv", ["system", "pearson"], rows)
    rc, out, err = run(capsys, "meta", "--intrinsic", bad, "--extrinsic", extrinsic)
    assert_error(rc, out, err, "nan.csv", "n/a", "pearson")


def test_non_numeric_extrinsic(capsys, wide, tmp_path) -> None:
    rows = [[s, EXTRINSIC[s]] for s in SYSTEMS]
    rows[0][1] = "high"
    bad = _write_csv(tmp_path / "ext.csv", ["system", "score"], rows)
    rc, out, err = run(capsys, "meta", "--intrinsic", wide, "--extrinsic", bad)
    assert_error(rc, out, err, "ext.csv", "high")


def test_bad_json(capsys, extrinsic, tmp_path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    rc, out, err = run(capsys, "meta", "--intrinsic", bad, "--extrinsic", extrinsic)
    assert_error(rc, out, err, "bad.json")


def test_missing_intrinsic_file(capsys, extrinsic, tmp_path) -> None:
    rc, out, err = run(
        capsys, "meta", "--intrinsic", tmp_path / "gone.csv", "--extrinsic", extrinsic
    )
    assert_error(rc, out, err, "gone.csv")


def test_too_few_systems(capsys, tmp_path) -> None:
    # ρ over two systems is ±1 by necessity; predictiveness needs at least 3
    two = SYSTEMS[:2]
    intr = _write_csv(
        tmp_path / "i.csv", ["system", "pearson"], [[s, 0.5 + i / 10] for i, s in enumerate(two)]
    )
    ext = _write_csv(tmp_path / "e.csv", ["system", "score"], [[s, 0.1] for s in two])
    rc, out, err = run(capsys, "meta", "--intrinsic", intr, "--extrinsic", ext)
    assert_error(rc, out, err, "3 systems")


def test_bootstrap_at_least_one_as_in_compare(capsys, wide, extrinsic) -> None:
    # one rule for every command that resamples: --bootstrap B with B ≥ 1
    rc, out, err = run(
        capsys, "meta", "--intrinsic", wide, "--extrinsic", extrinsic, "--bootstrap", "0"
    )
    assert_error(rc, out, err, "argument --bootstrap: 0 is too small", "≥ 1")


def test_undefined_rho_carries_its_reason_in_every_format(capsys, tmp_path, extrinsic) -> None:
    # every system has the same pearson: its ranking is constant, so ρ(IR, ER) and
    # Kendall's τ against nmsse are undefined (a correlation with a constant has no value)
    flat = _write_csv(
        tmp_path / "flat.csv",
        ["system", "pearson", "nmsse"],
        [[s, 0.5, 0.1 * (i + 1)] for i, s in enumerate(SYSTEMS)],
    )
    why = "undefined: pearson gives every system the same value (a constant ranking)"
    doc = _meta_json(capsys, "--intrinsic", flat, "--extrinsic", extrinsic)
    row = next(p for p in doc["records"] if p["measure"] == "pearson")
    assert row["rho"] is None and row["reason"] == why
    assert doc["rank_agreement"][0]["kendall_tau"] is None
    assert doc["rank_agreement"][0]["reason"] == why
    rc, out, err = run(capsys, "meta", "--intrinsic", flat, "--extrinsic", extrinsic)
    assert rc == 0, err
    assert f"[1] {why}" in out and out.count("[1]") == 4  # two markers, two notes
    rc, out, err = run(
        capsys, "meta", "--intrinsic", flat, "--extrinsic", extrinsic, "--format", "csv"
    )
    table = list(csv.reader(io.StringIO(out)))
    assert table[0][-1] == "reason"
    assert {r[0]: r[-1] for r in table[1:]} == {"pearson": why, "nmsse": ""}


def test_a_repeated_record_and_unmatched_systems_are_named(capsys, tmp_path) -> None:
    # two evaluate CSVs pasted together: the last value silently won (ρ came out −0.5)
    tidy = tmp_path / "tidy.csv"
    tidy.write_text("system,metric,value\ns1,pearson,0.8\ns2,pearson,0.7\ns3,pearson,0.6\n"
                    "s1,pearson,0.5\n")  # fmt: skip
    task = tmp_path / "task.csv"
    task.write_text("system,score\ns1,0.9\ns2,0.8\ns3,0.7\n")
    assert_error(
        *run(capsys, "meta", "--intrinsic", tidy, "--extrinsic", task),
        "tidy.csv, line 5: system 's1' has a second pearson (0.5; the first, 0.8, at ",
        "tidy.csv, line 2); keep one record per system and measure",
    )
    tidy.write_text("system,metric,value\nx1,pearson,0.8\nx2,pearson,0.7\nx3,pearson,0.6\n")
    assert_error(  # both sides (was: the extrinsic side only)
        *run(capsys, "meta", "--intrinsic", tidy, "--extrinsic", task),
        "tidy.csv: x1, x2, x3; only in ",
        "task.csv: s1, s2, s3",
    )
