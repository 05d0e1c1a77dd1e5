"""Every example script refuses a missing data folder the way ``simeval`` does: one line on
stderr, exit status 2, and no output folder left behind."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from simeval.errors import DataError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SCRIPTS = sorted(p.parent.name for p in EXAMPLES.glob("*/run.py"))


def _common() -> ModuleType:
    """``examples/_common.py``, which every script imports from its folder."""
    sys.path.insert(0, str(EXAMPLES))
    try:
        import _common
    finally:
        sys.path.remove(str(EXAMPLES))
    return _common


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
    data, there = tmp_path / "data", tmp_path / "there"
    data.mkdir()
    there.mkdir()
    script = str(EXAMPLES / "leaderboard" / "run.py")
    for out in (tmp_path / "a" / "b" / "out", there):
        argv = ["--data-dir", str(data), "--out", str(out), "--datasets", "no-such-set"]
        proc = subprocess.run([sys.executable, script, *argv], capture_output=True, text=True)
        assert proc.returncode == 2, proc.stderr
        assert "no-such-set" in proc.stderr.strip().splitlines()[-1]
        assert "Traceback" not in proc.stderr
    assert not (tmp_path / "a").exists()
    assert there.is_dir() and not any(there.iterdir())


@pytest.mark.parametrize("where", ["the folder", "inside", "inside, through a link"])
def test_an_output_folder_in_the_data_is_refused_before_any_work(
    where: str, tmp_path: Path
) -> None:
    # the outputs would land among the data files (results.md beside the data sets, or
    # over one of them): refused at once, one line naming both folders, nothing written
    data = tmp_path / "data"
    (data / "sub").mkdir(parents=True)
    (data / "sub" / "results.md").write_text("a data file\n")
    out = {"the folder": data, "inside": data / "sub"}.get(where)
    if out is None:
        (tmp_path / "link").symlink_to(data)
        out = tmp_path / "link" / "sub"
    script = str(EXAMPLES / "leaderboard" / "run.py")
    argv = ["--data-dir", str(data), "--out", str(out), "--datasets", "stsb:test"]
    proc = subprocess.run([sys.executable, script, *argv], capture_output=True, text=True)
    assert proc.returncode == 2, proc.stderr
    line = proc.stderr.strip().splitlines()[-1]
    assert "Traceback" not in proc.stderr
    if where == "the folder":
        assert line.endswith(f"--out {out} is the --data-dir folder ({data}); choose another path")
    else:
        assert line.endswith(
            f"--out {out} lies inside the input folder {data} (--data-dir); choose another path"
        )
    assert sorted(p.name for p in data.rglob("*")) == ["results.md", "sub"]
    assert (data / "sub" / "results.md").read_text() == "a data file\n"


def test_an_output_over_an_input_file_is_refused_with_nothing_written(tmp_path: Path) -> None:
    # the vectors a study reads sit in --out under the name of one of its outputs: the
    # outputs are written all or none, so none is, and the vectors stay as they were
    out = tmp_path / "out"
    out.mkdir()
    vectors = out / "results.md"
    vectors.write_text("the 0.1 0.2\n")
    args = argparse.Namespace(out=out, data_dir=None, vectors=vectors)
    stage = _common().output_folder(args)
    (stage / "results.json").write_text("{}\n")
    (stage / "results.md").write_text("# results\n")
    with pytest.raises(DataError, match=r"is the --vectors file .*; choose another path"):
        _common().publish(stage)
    assert sorted(p.name for p in out.iterdir()) == ["results.md"]
    assert vectors.read_text() == "the 0.1 0.2\n"


def test_outputs_reach_their_folder_only_when_the_run_is_done(tmp_path: Path) -> None:
    # an example writes to a staging folder: published, each file replaces the old one;
    # discarded (a run that failed midway), the folder keeps its old files untouched
    common = _common()
    out = tmp_path / "output"
    out.mkdir()
    (out / "results.md").write_text("old\n")
    (out / "keep.png").write_bytes(b"png")
    stage = common.output_folder(argparse.Namespace(out=out))
    (stage / "results.md").write_text("half\n")
    (stage / "new.json").write_text("{}\n")
    common._discard_staged()
    assert not stage.exists()
    assert sorted(p.name for p in out.iterdir()) == ["keep.png", "results.md"]
    assert (out / "results.md").read_text() == "old\n"
    stage = common.output_folder(argparse.Namespace(out=out))
    (stage / "sub").mkdir()
    (stage / "results.md").write_text("new\n")
    (stage / "sub" / "fig.png").write_bytes(b"fig")
    assert common.publish(stage) == out and not stage.exists()
    assert (out / "results.md").read_text() == "new\n" and (out / "keep.png").exists()
    assert (out / "sub" / "fig.png").read_bytes() == b"fig"
    assert not list(out.rglob(".*.partial"))


@pytest.mark.parametrize(
    ("stop", "status", "said"),
    [
        (KeyboardInterrupt, 130, "interrupted"),
        (lambda: os.kill(os.getpid(), signal.SIGTERM), 143, "terminated"),
        (lambda: Path("/no/such/x").read_text(), 2, "error: /no/such/x: No such file or directory"),
    ],
)
def test_a_run_stopped_midway_is_one_line_and_writes_nothing(
    stop: object, status: int, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Ctrl-C, SIGTERM (was: the staging folder left in /tmp) and an error of the system
    # (was: a traceback) end an example as they end `simeval`: one line, nothing written
    common = _common()
    out = tmp_path / "out"
    staged: list[Path] = []

    def main() -> int:
        stage = common.output_folder(argparse.Namespace(out=out))
        (stage / "results.md").write_text("half\n")
        staged.append(stage)
        if isinstance(stop, type):
            raise stop()
        stop()  # type: ignore[operator]
        return 0

    handler = signal.getsignal(signal.SIGTERM)
    assert common.run_main(main) == status
    assert capsys.readouterr().err.strip().endswith(said)  # one line
    assert not out.exists() and not staged[0].exists()
    assert signal.getsignal(signal.SIGTERM) == handler  # put back


def test_an_output_folder_that_cannot_be_written_is_refused_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (root may write anywhere, so the refusal of the system is what is simulated)
    common = _common()
    locked = tmp_path / "locked"
    locked.mkdir()
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: Path(p) != locked and real(p, mode))
    with pytest.raises(DataError, match=f"--out {locked}/new: cannot write in the folder"):
        common.output_folder(argparse.Namespace(out=locked / "new"))
