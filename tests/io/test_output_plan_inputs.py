"""OutputPlan.check: an output is never an input, nor inside an input folder, however the
paths are written; outputs beside an input are allowed."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from simeval.errors import DataError
from simeval.io.safe_output import OutputPlan


def _plan(inputs: dict[str, Path], output: str | Path) -> OutputPlan:
    plan = OutputPlan()
    for option, path in inputs.items():
        plan.add_input(option, path)
    plan.add_output("--output", output)
    return plan


@pytest.fixture
def model(tmp_path: Path) -> Path:
    folder = tmp_path / "model"
    (folder / "sub").mkdir(parents=True)
    (folder / "config.json").write_text("{}")
    return folder


@pytest.mark.parametrize(
    "output",
    [
        "model/config.json",  # a file in it
        "model/new.csv",  # a file it would get
        "model/sub/../x.csv",  # through ..
        "other/../model/x.csv",
        "model/sub/deeper.csv",
    ],
)
def test_an_output_inside_an_input_folder_is_refused(model, tmp_path, output, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "other").mkdir()
    with pytest.raises(DataError, match=r"lies inside the input folder .*model \(--model m\)"):
        _plan({"--model m": model}, output).check()


def test_links_into_an_input_folder_are_refused(model, tmp_path):
    (tmp_path / "alias").symlink_to(model)  # a symlinked folder
    (tmp_path / "link.json").symlink_to(model / "config.json")
    os.link(model / "config.json", tmp_path / "hard.json")
    for output in ("alias/x.csv", "link.json", "hard.json"):
        with pytest.raises(DataError, match="lies inside the input folder"):
            _plan({"--model m": model}, tmp_path / output).check()


def test_an_input_folder_that_does_not_exist_yet_is_guarded(tmp_path):
    """The cache folder a download will fill: no output may go there either."""
    cache = tmp_path / "home" / "sentences"
    with pytest.raises(DataError, match="lies inside"):
        _plan({"--dataset d": cache}, cache / "a" / "x.csv").check()


@pytest.mark.parametrize("output", ["model-results.csv", "model.csv", "results/model/x.csv"])
def test_an_output_beside_an_input_folder_is_allowed(model, tmp_path, output):
    """A common prefix of names is not a folder above (model vs model-results.csv)."""
    (tmp_path / "results" / "model").mkdir(parents=True)
    _plan({"--model m": model}, tmp_path / output).check()


def test_a_closed_standard_output_is_refused_before_any_work(monkeypatch):
    plan = OutputPlan()
    plan.add_output("standard output (no --output given)", "-")
    monkeypatch.setattr(sys, "stdout", None)
    with pytest.raises(DataError, match=r"^standard output \(no --output given\) is closed"):
        plan.check()
    closed = io.StringIO()
    closed.close()
    monkeypatch.setattr(sys, "stdout", closed)
    with pytest.raises(DataError, match="closed"):
        plan.check()
