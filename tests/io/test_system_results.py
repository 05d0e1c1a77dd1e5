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
    with pytest.raises(DataError, match="give --extrinsic-column"):
        read_extrinsic(str(path), None)
