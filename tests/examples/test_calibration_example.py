"""examples/calibration (the evidence behind the default calibration) runs on the local
STS-B and SICK splits with two lexical scorers, and its table holds what an independent
computation gives: numpy's least-squares line fitted on the held-out split, applied to the
test pairs and clipped to the gold scale, then the mean absolute error by hand."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

import simeval as se

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "calibration" / "run.py"
MODELS = ("lexical:jaccard", "lexical:char-tfidf")


def _cells(md: str, dataset: str) -> dict[tuple[str, str], list[str]]:
    """(system, measure) → the row's cells, in the section of ``dataset``."""
    section = md.split(f"## {dataset} ")[1].split("\n## ")[0]
    rows = [r.strip("|").split(" | ") for r in section.splitlines() if r.startswith("| lexical")]
    return {(r[0].strip(), r[1]): [c.strip() for c in r[2:]] for r in rows}


def test_the_calibration_evidence(shared_data: Path, tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("example_calibration", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    args = ["--data-dir", str(shared_data), "--out", str(tmp_path), "--models", ",".join(MODELS)]
    assert module.main(args) == 0
    md = (tmp_path / "results.md").read_text(encoding="utf-8")
    header = "| system | measure | range | linear cv | isotonic cv | linear dev | isotonic dev |"
    assert header in md
    for test_name, split in (("stsb:test", "stsb:dev"), ("sick:test", "sick:trial")):
        test = se.datasets.load(test_name, data_dir=shared_data)
        dev = se.datasets.load(split, data_dir=shared_data)
        cells = _cells(md, test_name)
        for model in MODELS:
            scorer = se.scorers.get(model)
            s_test = np.asarray(scorer.score((list(test.texts1), list(test.texts2))))
            s_dev = np.asarray(scorer.score((list(dev.texts1), list(dev.texts2))))
            b, a = np.polyfit(s_dev, dev.gold, 1)  # numpy's least squares on the split
            lo, hi = test.scale
            mae = np.mean(np.abs(np.clip(a + b * s_test, lo, hi) - test.gold))
            assert float(cells[(model, "mae")][3]) == pytest.approx(mae, abs=5e-4)
            # the linear range map (no fit): [0, 1] onto the gold scale, by hand
            ranged = np.mean(np.abs(lo + (hi - lo) * s_test - test.gold))
            assert float(cells[(model, "mae")][0]) == pytest.approx(ranged, abs=5e-4)
