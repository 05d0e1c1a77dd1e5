"""Reading the per-system results that ``simeval meta`` relates; expected dicts are the
hand-written file contents."""

from __future__ import annotations

from pathlib import Path

import pytest

from simeval.errors import DataError
from simeval.io.system_results import read_extrinsic, read_intrinsic


def test_read_intrinsic_wide_and_tidy(tmp_path: Path) -> None:
    wide = tmp_path / "wide.tsv"
    wide.write_text("system\tpearson\tmae\na\t0.5\t1.5\nb\t0.75\t1\n", encoding="utf-8")
    assert read_intrinsic(str(wide)) == {
        "pearson": {"a": 0.5, "b": 0.75},
        "mae": {"a": 1.5, "b": 1.0},
    }
    tidy = tmp_path / "tidy.csv"
    # per-bin rows are not whole-dataset values and are skipped
    tidy.write_text(
        "system,metric,bin,value\na,pearson,,0.5\na,pearson,low,0.1\nb,pearson,,0.75\n",
        encoding="utf-8",
    )
    assert read_intrinsic(str(tidy)) == {"pearson": {"a": 0.5, "b": 0.75}}


def test_read_extrinsic_finds_the_accuracy_column(tmp_path: Path) -> None:
    path = tmp_path / "ext.csv"
    path.write_text("system,accuracy,n\na,0.5,8\nb,0.25,8\n", encoding="utf-8")
    assert read_extrinsic(str(path), None) == {"a": 0.5, "b": 0.25}
    path.write_text("system,x,y\na,1,2\n", encoding="utf-8")
    with pytest.raises(DataError, match="give `extrinsic_column`"):
        read_extrinsic(str(path), None)


def _records(tmp_path: Path, rows: list[dict], bare: bool) -> str:
    import json

    path = tmp_path / "records.json"
    path.write_text(json.dumps(rows if bare else {"kind": "run", "results": rows}))
    return str(path)


@pytest.mark.parametrize("bare", [True, False], ids=["a JSON list", "simeval run's JSON"])
def test_records_of_several_data_sets_are_read_for_one(tmp_path: Path, bare: bool) -> None:
    """The examples write a bare list of tidy records, simeval run a 'results' list; both
    name each record's dataset. Per-bin rows and SemEval subsets other than 'all' are not
    whole-dataset values."""
    rows = [
        {"dataset": "sts12", "subset": None, "system": "a", "metric": "pearson", "value": 0.5,
         "bin": None},
        {"dataset": "sts12", "subset": "MSRpar", "system": "a", "metric": "pearson",
         "value": 0.1, "bin": None},
        {"dataset": "sts13", "subset": "all", "system": "a", "metric": "pearson", "value": 0.7,
         "bin": None},
        {"dataset": "sts13", "subset": None, "system": "a", "metric": "pearson", "value": 0.2,
         "bin": "low"},
    ]  # fmt: skip
    path = _records(tmp_path, rows, bare)
    assert read_intrinsic(path, "sts12") == {"pearson": {"a": 0.5}}
    assert read_intrinsic(path, "sts13") == {"pearson": {"a": 0.7}}
    with pytest.raises(
        DataError, match=r"records of 2 data sets \(sts12, sts13\); choose one with dataset='sts12'"
    ):
        read_intrinsic(path)
    with pytest.raises(DataError, match="no records of data set 'sts14'"):
        read_intrinsic(path, "sts14")
    one = _records(tmp_path, rows[:1], bare)
    assert read_intrinsic(one) == {"pearson": {"a": 0.5}}  # the only data set


def test_a_wide_table_names_no_data_set(tmp_path: Path) -> None:
    wide = tmp_path / "wide.tsv"
    wide.write_text("system\tpearson\na\t0.5\n", encoding="utf-8")
    with pytest.raises(DataError, match="names no data set"):
        read_intrinsic(str(wide), "sts12")
