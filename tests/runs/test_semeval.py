"""SemEval STS directories: reading, aggregations, and the official 2015 results."""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from simeval.cli import main
from simeval.errors import DataError, InputError
from simeval.runs.semeval import evaluate_semeval
from simeval.runs.semeval_files import read_gold_dir, read_runs_dir

SETS_2015 = ["answers-forums", "answers-students", "belief", "headlines", "images"]


def _official_2015(path: Path) -> dict[str, dict[str, str]]:
    lines = path.read_text().splitlines()
    header = [h.strip() for h in lines[0].split("\t")]
    table = {}
    for line in lines[1:]:
        fields = [f.strip() for f in line.split("\t")]
        table[fields[0]] = dict(zip(header[1:], fields[1:]))
    return table


def _semeval_round(x: float) -> str:
    """The official scorer (correlation-noconfidence.pl) prints ``Pearson: %.5f``; the
    organisers' table rounds that printed value to 4 decimals. Both half-up."""
    five = Decimal(repr(x)).quantize(Decimal("0.00001"), ROUND_HALF_UP)
    return str(five.quantize(Decimal("0.0001"), ROUND_HALF_UP))


def test_official_2015_results_reproduced(shared_data: Path) -> None:
    """Every per-set Pearson and the weighted mean ("Mean") of the three real 2015 runs
    equal `official-results-2015.tsv` at its four decimals (Agirre et al. 2015)."""
    gold = read_gold_dir(shared_data / "semeval-sts" / "2015")
    runs = read_runs_dir(shared_data / "sts-system-runs" / "2015", gold)
    assert sorted(gold) == SETS_2015
    official = _official_2015(
        shared_data / "sts-system-runs" / "2015" / "official-results-2015.tsv"
    )
    ev = evaluate_semeval(gold, runs, scale=(0, 5))
    assert set(ev.systems) == {"SopaLipnIimas-MLP", "SopaLipnIimas-RF", "SopaLipnIimas-SVM"}
    for system in ev.systems:
        for column in [*SETS_2015, "Mean"]:
            dataset = "weighted_mean" if column == "Mean" else column
            value = ev.value(system, "pearson", dataset)
            assert _semeval_round(value) == official[system][column], (system, column)
            assert abs(value - float(official[system][column])) < 6e-5


def test_blank_gold_lines_are_skipped_and_counted(shared_data: Path) -> None:
    gold = read_gold_dir(shared_data / "semeval-sts" / "2015")
    # The 2015 gold files have 375 / 750 / 375 / 750 / 750 scored lines (SOURCE.md).
    scored = {k: int((~np.isnan(v)).sum()) for k, v in gold.items()}
    assert scored == {
        "answers-forums": 375,
        "answers-students": 750,
        "belief": 375,
        "headlines": 750,
        "images": 750,
    }


def _write(path: Path, values: list[str]) -> None:
    path.write_text("\n".join(values) + "\n")


@pytest.fixture
def tiny(tmp_path: Path) -> tuple[Path, Path]:
    """Two sets, two systems; set b has one unscored (blank) gold line."""
    gdir, rdir = tmp_path / "gold", tmp_path / "runs"
    gdir.mkdir()
    (rdir / "good").mkdir(parents=True)
    (rdir / "bad").mkdir()
    _write(gdir / "STS.gs.a.txt", ["0", "1", "2", "3", "4", "5"])
    _write(gdir / "STS.gs.b.txt", ["5", "", "1", "4", "2"])
    _write(gdir / "STS.input.a.txt", ["x\ty"] * 6)
    (gdir / "LICENSE").write_text("ignored")
    _write(rdir / "good" / "STS.output.a.txt", ["0.1", "1.2", "1.9", "3.3", "3.9", "5"])
    _write(rdir / "good" / "STS.output.b.txt", ["4.5", "3", "1.5", "3.5", "2.5"])
    _write(rdir / "bad" / "STS.output.a.txt", ["5", "4", "3", "2", "1", "0"])
    _write(rdir / "bad" / "STS.output.b.txt", ["1\t100", "2", "3", "4", "5"])
    return gdir, rdir


def test_aggregates_by_hand(tiny: tuple[Path, Path]) -> None:
    gdir, rdir = tiny
    gold = read_gold_dir(gdir)
    runs = read_runs_dir(rdir, gold)
    ev = evaluate_semeval(gold, runs, scale=(0, 5))
    assert ev.skipped == {"a": 0, "b": 1}
    ga, gb = np.arange(6.0), np.array([5, 1, 4, 2.0])
    sa, sb = np.array([0.1, 1.2, 1.9, 3.3, 3.9, 5]), np.array([4.5, 1.5, 3.5, 2.5])
    ra, rb = stats.pearsonr(ga, sa).statistic, stats.pearsonr(gb, sb).statistic
    assert ev.value("good", "pearson", "a") == pytest.approx(ra, abs=1e-12)
    assert ev.value("good", "pearson", "b") == pytest.approx(rb, abs=1e-12)
    # weighted by scored pairs: 6 and 4
    assert ev.value("good", "pearson", "weighted_mean") == pytest.approx((6 * ra + 4 * rb) / 10)
    assert ev.value("good", "pearson", "mean") == pytest.approx((ra + rb) / 2)
    assert ev.value("good", "pearson", "fisher_z_mean") == pytest.approx(
        np.tanh((np.arctanh(ra) + np.arctanh(rb)) / 2)
    )
    all_r = stats.pearsonr(np.r_[ga, gb], np.r_[sa, sb]).statistic
    assert ev.value("good", "pearson", "all") == pytest.approx(all_r, abs=1e-12)
    # ALLnrm: least-squares map of each set's scores onto its gold, then concatenate.
    fa = np.polyval(np.polyfit(sa, ga, 1), sa)
    fb = np.polyval(np.polyfit(sb, gb, 1), sb)
    nrm_r = stats.pearsonr(np.r_[ga, gb], np.r_[fa, fb]).statistic
    assert ev.value("good", "pearson", "allnrm") == pytest.approx(nrm_r, abs=1e-12)
    # Borda: good beats bad on both sets (1 point each), bad beats nobody.
    assert ev.value("good", "pearson", "borda") == 2
    assert ev.value("bad", "pearson", "borda") == 0


def test_json_records_carry_dataset(tiny: tuple[Path, Path], capsys) -> None:
    gdir, rdir = tiny
    code = main(
        [
            "evaluate",
            "--semeval-dir",
            str(gdir),
            "--runs-dir",
            str(rdir),
            "--format",
            "json",
            "--quiet",
        ]
    )
    assert code == 0
    doc = json.loads(capsys.readouterr().out)
    datasets = {r["dataset"] for r in doc["records"]}
    assert datasets == {
        "a",
        "b",
        "weighted_mean",
        "fisher_z_mean",
        "mean",
        "all",
        "allnrm",
        "borda",
    }
    assert all(r["system"] in ("good", "bad") for r in doc["records"])


def test_run_with_wrong_length_is_an_error(tiny: tuple[Path, Path], capsys) -> None:
    gdir, rdir = tiny
    _write(rdir / "bad" / "STS.output.b.txt", ["1", "2"])
    code = main(["evaluate", "--semeval-dir", str(gdir), "--runs-dir", str(rdir)])
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "STS.output.b.txt has 2 lines" in err[0]


def test_missing_run_for_a_set(tiny: tuple[Path, Path]) -> None:
    gdir, rdir = tiny
    (rdir / "bad" / "STS.output.b.txt").unlink()
    with pytest.raises(DataError, match="no run for set"):
        read_runs_dir(rdir, read_gold_dir(gdir))


def test_year_prefixed_run_files(tmp_path: Path) -> None:
    """STS2016.OUTPUT.<team>.<run>.<set>.txt directly in the runs folder."""
    gdir, rdir = tmp_path / "g", tmp_path / "r"
    gdir.mkdir()
    rdir.mkdir()
    _write(gdir / "STS2016.gs.headlines.txt", ["0", "2", "4", "5"])
    _write(rdir / "STS2016.OUTPUT.TEAM.run1.headlines.txt", ["0", "1", "4", "5"])
    runs = read_runs_dir(rdir, read_gold_dir(gdir))
    assert list(runs) == ["TEAM.run1"]


def test_nan_policy_omit_in_semeval_mode(tiny: tuple[Path, Path], capsys) -> None:
    # A run that left one pair unscored: an error by default, omitted with --nan-policy omit
    # (that pair leaves the run's set; the others keep all of theirs).
    gdir, rdir = tiny
    path = next((rdir / "bad").glob("*.a.txt"))
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[0] = "NaN"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    argv = ["evaluate", "--semeval-dir", str(gdir), "--runs-dir", str(rdir), "--format", "json"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()  # the file and its line (was: "index 0")
    assert err == (
        f"simeval: error: {path}, line 1: no score for a pair the gold scores (1 such lines); "
        "fill it in or pass --nan-policy omit to drop such pairs"
    )
    # a blank line where the gold is blank too (pair 2 of set b) is no error
    b_run = next((rdir / "good").glob("*.b.txt"))
    b_run.write_text("4.5\n\n1.5\n3.5\n2.5\n", encoding="utf-8")
    assert read_runs_dir(rdir, read_gold_dir(gdir), nan_policy="omit")["good"]["b"].size == 5
    with pytest.raises(DataError, match=r"bad.*line 1: no score"):
        read_runs_dir(rdir, read_gold_dir(gdir), nan_policy="raise")
    assert main([*argv, "--nan-policy", "omit"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert "nan:omit" in doc["signature"]
    by = {(r["system"], r["dataset"]): r for r in doc["records"] if r["bin"] is None}
    gold = [float(x) for x in next(gdir.glob("*.a.txt")).read_text().split()]
    bad = [float(x) for x in lines[1:]]
    assert by[("bad", "a")]["n"] == len(gold) - 1
    assert by[("bad", "a")]["value"] == pytest.approx(
        stats.pearsonr(gold[1:], bad).statistic, abs=1e-12
    )


def test_borda_points_print_as_points(tiny: tuple[Path, Path], capsys) -> None:
    gdir, rdir = tiny
    assert main(["evaluate", "--semeval-dir", str(gdir), "--runs-dir", str(rdir)]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("good"))
    assert row.split()[-1] == "2"  # good beats bad on both sets: 2 points, not 2.0000


def test_undefined_aggregates_carry_their_reason(tiny: tuple[Path, Path]) -> None:
    gold = read_gold_dir(tiny[0])
    runs = read_runs_dir(tiny[1], gold)
    ev = evaluate_semeval(gold, runs, metrics=["nmsse"], scale=(0, 5))
    fz = [r for r in ev.records if r["dataset"] == "fisher_z_mean"]
    assert fz and all(r["value"] is None and "correlations only" in r["reason"] for r in fz)


def test_a_semeval_gold_file_in_single_file_mode(shared_data: Path, capsys) -> None:
    # STS.gs.images.txt (2015) ends with unscored pairs: as one file, it still has as many
    # lines as the run, and --nan-policy omit drops the unscored pairs.
    gold = shared_data / "semeval-sts" / "2015"
    gs = next(gold.rglob("STS.gs.images.txt"))
    run_file = next((shared_data / "sts-system-runs" / "2015").rglob("*.images.txt"))
    argv = ["evaluate", str(gs), "--system", f"r={run_file}", "--scale", "0", "5"]
    argv += ["--metric", "pearson", "--format", "json"]
    assert main(argv) == 2
    assert "--nan-policy omit" in capsys.readouterr().err
    assert main([*argv, "--nan-policy", "omit"]) == 0
    rec = json.loads(capsys.readouterr().out)["records"][0]
    g = np.array([float(x) if x.strip() else np.nan for x in gs.read_text().splitlines()])
    s = np.array([float(x.split("\t")[0]) for x in run_file.read_text().splitlines()])
    keep = ~np.isnan(g)
    assert rec["n"] == int(keep.sum())
    assert rec["value"] == pytest.approx(stats.pearsonr(g[keep], s[keep]).statistic, abs=1e-12)


def test_the_library_reads_semeval_sets_on_the_sts_scale_as_the_command_line_does() -> None:
    # Every SemEval STS set is rated 0–5 (Agirre et al. 2012, §3): borders 1.5 and 3.5.
    # By hand: gold [1, 2, 3, 4], system [1.6, 1.7, 3, 4]: gold low = {pair 0}, system
    # low = {} → F1 low = 2·0/(1 + 0) = 0. On the set's observed range 1–4 (borders 1.9 and
    # 3.1, what the library used) the system's low = {0, 1} and F1 low = 2/3.
    gold = {"news": np.array([1.0, 2.0, 3.0, 4.0])}
    runs = {"team.run1": {"news": np.array([1.6, 1.7, 3.0, 4.0])}}
    ev = evaluate_semeval(gold, runs, metrics=["f1_low"])
    assert ev.value("team.run1", "f1_low", "news") == 0.0
    assert "scale:0,5(STS default)" in ev.signature
    with pytest.raises(InputError, match="outside the STS default scale"):
        evaluate_semeval({"news": np.array([1.0, 7.0])}, {"r": {"news": np.array([1.0, 2.0])}})
