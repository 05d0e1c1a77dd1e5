"""Every example script refuses a missing data folder the way ``simeval`` does: one line on
stderr, exit status 2, and no output folder left behind."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SCRIPTS = sorted(p.parent.name for p in EXAMPLES.glob("*/run.py"))


def test_there_are_eight_studies() -> None:
    assert SCRIPTS == [
        "atoum-ayyagari2019",
        "atoum2019",
        "calibration",
        "ceiling",
        "leaderboard",
        "reimers2016",
        "shima-mitamura2011",
        "wordspace",
    ]


@pytest.mark.parametrize("name", SCRIPTS)
def test_a_missing_data_folder_is_one_line_and_writes_nothing(name: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    script = str(EXAMPLES / name / "run.py")
    proc = subprocess.run(
        [sys.executable, script, "--data-dir", str(tmp_path / "no"), "--out", str(out)],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines()[-1].endswith("no such folder; check the path")
    assert "Traceback" not in proc.stderr
    assert not out.exists()


def test_a_run_that_fails_later_leaves_no_folder_it_made(tmp_path: Path) -> None:
    # the output folder is made before the data sets are read: when one is unknown, the
    # folders the run made (here three levels) go again, and one that was there stays
    data = tmp_path / "data"
    data.mkdir()
    script = str(EXAMPLES / "leaderboard" / "run.py")
    for out in (tmp_path / "a" / "b" / "out", data):
        argv = ["--data-dir", str(data), "--out", str(out), "--datasets", "no-such-set"]
        proc = subprocess.run([sys.executable, script, *argv], capture_output=True, text=True)
        assert proc.returncode == 2, proc.stderr
        assert "no-such-set" in proc.stderr.strip().splitlines()[-1]
        assert "Traceback" not in proc.stderr
    assert not (tmp_path / "a").exists()
    assert data.is_dir() and not any(data.iterdir())


def test_outputs_reach_their_folder_only_when_the_run_is_done(tmp_path: Path) -> None:
    # an example writes to a staging folder: published, each file replaces the old one;
    # discarded (a run that failed midway), the folder keeps its old files untouched
    sys.path.insert(0, str(EXAMPLES))
    try:
        import _common
    finally:
        sys.path.remove(str(EXAMPLES))
    out = tmp_path / "output"
    out.mkdir()
    (out / "results.md").write_text("old\n")
    (out / "keep.png").write_bytes(b"png")
    stage = _common.output_folder(out)
    (stage / "results.md").write_text("half\n")
    (stage / "new.json").write_text("{}\n")
    _common._discard_staged()
    assert not stage.exists()
    assert sorted(p.name for p in out.iterdir()) == ["keep.png", "results.md"]
    assert (out / "results.md").read_text() == "old\n"
    stage = _common.output_folder(out)
    (stage / "sub").mkdir()
    (stage / "results.md").write_text("new\n")
    (stage / "sub" / "fig.png").write_bytes(b"fig")
    assert _common.publish(stage) == out and not stage.exists()
    assert (out / "results.md").read_text() == "new\n" and (out / "keep.png").exists()
    assert (out / "sub" / "fig.png").read_bytes() == b"fig"
    assert not list(out.rglob(".*.partial"))
