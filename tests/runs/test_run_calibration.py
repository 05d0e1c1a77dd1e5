"""Where a run calibrates its models for the measures of a gold value: on the registered
held-out split of a test set (STS-B dev for STS-B test, SICK trial for SICK test), by
cross-fitting elsewhere or when asked; checked against numpy's least-squares line fitted
on the split, applied to the test pairs, clipped to 0–5, and the MAE by hand."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import simeval as se
from simeval.datasets.sentences.registry import CALIBRATION_SPLITS


def _jaccard(pairs) -> np.ndarray:
    return np.asarray(
        se.scorers.get("lexical:jaccard").score((list(pairs.texts1), list(pairs.texts2)))
    )


def test_the_registered_split_calibrates_the_test_set(shared_data: Path) -> None:
    assert CALIBRATION_SPLITS == {"stsb:test": "stsb:dev", "sick:test": "sick:trial"}
    res = se.run(["lexical:jaccard"], ["stsb:test"], protocol="simeval",
                 data_dir=str(shared_data), n_resamples=0, calibrate="linear")  # fmt: skip
    test = se.datasets.load("stsb:test", data_dir=shared_data)
    dev = se.datasets.load("stsb:dev", data_dir=shared_data)
    b, a = np.polyfit(_jaccard(dev), dev.gold, 1)  # numpy's least squares on STS-B dev
    calibrated = np.clip(a + b * _jaccard(test), 0.0, 5.0)
    for m in ("nmsse", "f1_low", "f1_high"):  # the measures on the calibrated scores
        expected = getattr(se, m)(test.gold, calibrated, scale=(0, 5), calibrate="none")
        assert res.evaluations["stsb:test"].value("lexical:jaccard", m) == pytest.approx(
            float(expected.statistic), abs=1e-9
        )
    fit = res.evaluations["stsb:test"].calibration["lexical:jaccard"]
    assert (fit.kind, fit.source) == ("linear", "on:stsb:dev")
    assert res.calibration == {"stsb:test": "linear(on:stsb:dev)"}
    assert "calibrate:linear(cv5,seed0);stsb:test=on:stsb:dev" in res.signature
    assert set(res.datasets) == {"stsb:test"}  # the split is scored, not reported
    assert {d for d, _ in res.tasks} == {"stsb:test"}
    # correlations read the raw scores, whatever the calibration
    assert res.evaluations["stsb:test"].value("lexical:jaccard", "pearson") == pytest.approx(
        np.corrcoef(test.gold, _jaccard(test))[0, 1], abs=1e-12
    )


def test_cross_fitting_where_there_is_no_split_or_when_asked(shared_data: Path) -> None:
    data = str(shared_data)
    res = se.run(["lexical:jaccard"], ["sts15:images", "sick:test"], protocol="simeval",
                 data_dir=data, n_resamples=0)  # fmt: skip
    assert res.calibration == {
        "sts15:images": "auto(isotonic,cv5,seed0)",
        "sick:test": "auto(isotonic,on:sick:trial)",
    }
    cv = se.run(["lexical:jaccard"], ["sick:test"], protocol="simeval", data_dir=data,
                n_resamples=0, calibrate_on="cv")  # fmt: skip
    assert cv.calibration == {"sick:test": "auto(isotonic,cv5,seed0)"}
    # cross-fitting in a run is evaluate's: the same scores, the same calibrated values
    test = se.datasets.load("sick:test", data_dir=shared_data)
    ev = se.evaluate(test.gold, {"j": _jaccard(test)}, metrics=["nmsse", "f1_low"],
                     options=se.Options(scale=(1, 5), system_scale=(0, 1)))  # fmt: skip
    for m in ("nmsse", "f1_low"):
        assert cv.evaluations["sick:test"].value("lexical:jaccard", m) == ev.value("j", m)
    none = se.run(["lexical:jaccard"], ["sick:test"], protocol="simeval", data_dir=data,
                  n_resamples=0, calibrate="none")  # fmt: skip
    assert none.calibration == {"sick:test": "none"}  # nothing scored on the split
    assert {d for d, _ in none.tasks} == {"sick:test"}


def test_the_command_line_and_its_document(shared_data: Path, tmp_path: Path, capsys) -> None:
    from simeval.cli import main

    out = tmp_path / "run.json"
    rc = main(["run", "--model", "lexical:jaccard", "--dataset", "stsb:test",
               "--data-dir", str(shared_data), "--protocol", "simeval", "--bootstrap", "0",
               "--calibrate", "isotonic", "--calibrate-on", "split", "-o", str(out)])  # fmt: skip
    assert rc == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["calibration"] == {"stsb:test": "isotonic(on:stsb:dev)"}
    systems = doc["sets"][0]["evaluation"]["calibration"]["systems"]
    assert systems["lexical:jaccard"]["source"] == "on:stsb:dev"
    rc = main(["run", "--model", "lexical:jaccard", "--dataset", "stsb:test",
               "--data-dir", str(shared_data), "--protocol", "simeval", "--bootstrap", "0",
               "--calibrate-on", "cv", "--calibrate-folds", "3", "--calibrate-seed", "7",
               "-o", str(out)])  # fmt: skip
    assert rc == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["calibration"] == {"stsb:test": "auto(isotonic,cv3,seed7)"}
    capsys.readouterr()
    rc = main(["run", "--model", "lexical:jaccard", "--dataset", "stsb:test",
               "--data-dir", str(shared_data), "--calibrate-on", "dev"])  # fmt: skip
    assert rc == 2
    assert "--calibrate-on" in capsys.readouterr().err
