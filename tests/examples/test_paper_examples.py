"""The paper examples (examples/reimers2016, atoum2019, atoum-ayyagari2019) run on the
local data into a temporary folder, with three lexical scorers, and their outputs hold
what an independent computation gives: scipy on the raw files, the papers' own tables
(Atoum & Ayyagari 2019 Table 4; Atoum 2019 §4.3 bin coverage), numpy by hand."""

from __future__ import annotations

import csv
import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from scipy import stats

pytest.importorskip("matplotlib", reason="the examples draw figures: needs the 'plot' extra")
pytest.importorskip("sklearn", reason="the examples fit classifiers: needs the 'sklearn' extra")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MODELS = "lexical:jaccard,lexical:word-tfidf,lexical:char-tfidf"


def _example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / name / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def _run(name: str, shared_data: Path, out: Path) -> None:
    args = ["--data-dir", str(shared_data), "--out", str(out), "--models", MODELS]
    assert _example(name).main(args) == 0
    assert (out / "results.md").is_file() and list(out.glob("*.png"))


def test_reimers2016(shared_data: Path, tmp_path: Path) -> None:
    if not (shared_data / "sts-system-runs" / "2015").is_dir():
        pytest.skip("the SemEval-2015 system runs are not in the shared data")
    _run("reimers2016", shared_data, tmp_path)
    measures = {(r["dataset"], r["system"]): r for r in _rows(tmp_path / "measures.csv")}
    # Pearson of a submitted run on all scored 2015 pairs, from the raw files with scipy
    gold, run = [], []
    for sub in ("answers-forums", "answers-students", "belief", "headlines", "images"):
        g = (shared_data / "semeval-sts/2015" / f"STS.gs.{sub}.txt").read_text().split("\n")
        s = shared_data / "sts-system-runs/2015/SopaLipnIimas-RF" / f"STS.output.{sub}.txt"
        for gl, sl in zip(g, s.read_text().split("\n")):
            if gl.strip():
                gold.append(float(gl))
                run.append(float(sl.split("\t")[0]))
    expected = stats.pearsonr(gold, run).statistic
    got = float(measures[("sts15", "SopaLipnIimas-RF")]["pearson"])
    assert got == pytest.approx(expected, abs=1e-9)
    assert len(gold) == 3000  # the 2015 test pairs with a gold score
    # Table 1: mean |Δrank| between Pearson and Spearman, ranks by scipy from measures.csv
    systems = [k for k in measures if k[0] == "sts15"]
    assert len(systems) == 6  # 3 submitted runs + 3 scorers
    rp = stats.rankdata([-float(measures[k]["pearson"]) for k in systems])
    rs = stats.rankdata([-float(measures[k]["spearman"]) for k in systems])
    row = next(
        r
        for r in _rows(tmp_path / "table1_sts15.csv")
        if (r["measure a"], r["measure b"]) == ("pearson", "spearman")
    )
    assert float(row["mean |Δrank|"]) == pytest.approx(np.abs(rp - rs).mean())
    assert float(row["max |Δrank|"]) == pytest.approx(np.abs(rp - rs).max())
    # task 1: the chosen classifier is the better one; above the majority baseline 38/95
    for r in _rows(tmp_path / "task1.csv"):
        acc = float(r["accuracy"])
        assert acc == max(float(r["accuracy OneR"]), float(r["accuracy logistic"]))
        assert 38 / 95 < acc <= 1
    assert len(_rows(tmp_path / "table2.csv")) == 16  # the 16 measures of Table 2


def test_atoum2019(shared_data: Path, tmp_path: Path) -> None:
    import simeval as se

    _run("atoum2019", shared_data, tmp_path)
    text = (tmp_path / "results.md").read_text(encoding="utf-8")
    # Atoum 2019 §4.3: STS-B test bins cover 0.295, 0.318, 0.387 of the pairs
    assert "[0, 1.667): 0.295" in text and "[3.333, 5]: 0.387" in text
    # bin 1 r of Jaccard on STS-B test: scipy on the pairs with gold < 5/3
    pairs = se.datasets.load("stsb:test", data_dir=shared_data)
    x = se.scorers.get("lexical:jaccard").score((list(pairs.texts1), list(pairs.texts2)))
    low = pairs.gold < 5 / 3
    expected = stats.pearsonr(pairs.gold[low], x[low]).statistic
    row = next(
        r
        for r in _rows(tmp_path / "per_bin.csv")
        if (r["set"], r["system"]) == ("STS-B test", "lexical:jaccard")
    )
    assert float(row["bin 1 r"]) == pytest.approx(expected, abs=1e-9)
    ranks = {
        r["system"]: float(r["normalized rank"]) for r in _rows(tmp_path / "normalized_ranks.csv")
    }
    assert set(ranks) == set(MODELS.split(",")) and all(0 <= v <= 1 for v in ranks.values())


def test_atoum_ayyagari2019(shared_data: Path, tmp_path: Path) -> None:
    import simeval as se

    _run("atoum-ayyagari2019", shared_data, tmp_path)
    crafted = {r["method"]: r for r in _rows(tmp_path / "crafted.csv")}
    # Atoum & Ayyagari 2019, Table 4: Pearson, Spearman and MAE of α, β, Ω, δ (2 decimals)
    table4 = {
        "pearson": (0.70, 0.70, 0.70, 1.00),
        "spearman": (0.70, 0.67, 0.62, 1.00),
        "mae": (0.17, 0.17, 0.16, 0.04),
    }
    for m, values in table4.items():
        for method, v in zip(("alpha", "beta", "omega", "delta"), values):
            assert float(crafted[method][m]) == pytest.approx(v, abs=0.006)
    # size-weighted MAE over STS-B dev + test, gold and system on [0, 1], by hand
    maes, ns = [], []
    for name in ("stsb:dev", "stsb:test"):
        pairs = se.datasets.load(name, data_dir=shared_data)
        x = se.scorers.get("lexical:jaccard").score((list(pairs.texts1), list(pairs.texts2)))
        maes.append(np.mean(np.abs(pairs.gold / 5 - x)))
        ns.append(len(pairs))
    row = next(
        r
        for r in _rows(tmp_path / "weighted.csv")
        if (r["corpus"], r["system"]) == ("STS-B (dev + test)", "lexical:jaccard")
    )
    assert float(row["mae"]) == pytest.approx(np.average(maes, weights=ns), abs=1e-9)
