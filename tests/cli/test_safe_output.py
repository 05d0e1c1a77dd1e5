"""No command ever destroys an input; outputs are written all or nothing.

Every command that writes files, run through ``simeval.cli.main`` with its output
pointed at one of its inputs, at a link, at a device, into a missing folder, or with a
later step failing: the inputs stay byte for byte (SHA-256), the folder holds no stray
file, the exit code is 2 with one ``simeval: error:`` line, or the write goes through a
link / into a device. New files get ``0o666 & ~umask`` (POSIX ``open(2)``), a replaced
file keeps its mode.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from clitools import assert_error, run, write_numbers


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@dataclass
class Command:
    """A command line and its input files (option → path), built in a folder."""

    name: str
    build: Callable[[Path], tuple[list[str], dict[str, Path]]]
    needs: str | None = None  # an optional module


def _evaluate(d: Path) -> tuple[list[str], dict[str, Path]]:
    gold = write_numbers(d / "gold.txt", [1, 2, 3, 4, 5])
    a = write_numbers(d / "a.txt", [1.2, 1.9, 3.3, 3.8, 5.0])
    return ["evaluate", gold, "--system", f"a={a}"], {"GOLD": gold, "--system a": a}


def _compare(d: Path) -> tuple[list[str], dict[str, Path]]:
    gold = write_numbers(d / "gold.txt", [1, 2, 3, 4, 5, 2, 3])
    a = write_numbers(d / "a.txt", [1.2, 1.9, 3.3, 3.8, 5.0, 2.5, 2.9])
    b = write_numbers(d / "b.txt", [2.0, 1.0, 3.0, 5.0, 4.0, 3.0, 2.0])
    argv = ["compare", gold, "--system", f"a={a}", "--system", f"b={b}", "--bootstrap", "100"]
    return argv, {"GOLD": gold, "--system a": a, "--system b": b}


def _meta(d: Path) -> tuple[list[str], dict[str, Path]]:
    intrinsic = d / "intrinsic.csv"
    intrinsic.write_text("system,pearson,spearman\ns1,0.9,0.8\ns2,0.6,0.7\ns3,0.1,0.2\n")
    extrinsic = d / "extrinsic.csv"
    extrinsic.write_text("system,score\ns1,0.8\ns2,0.5\ns3,0.3\n")
    argv = ["meta", "--intrinsic", intrinsic, "--extrinsic", extrinsic, "--bootstrap", "100"]
    return argv, {"--intrinsic": intrinsic, "--extrinsic": extrinsic}


def _classify(d: Path) -> tuple[list[str], dict[str, Path]]:
    scores = d / "scores.csv"
    rows = [f"{i % 2},{(i % 2) + 0.1 * i}" for i in range(12)]
    scores.write_text("label,a\n" + "\n".join(rows) + "\n")
    return ["extrinsic", "classify", scores, "--folds", "2"], {"SCORES": scores}


def _detect(d: Path) -> tuple[list[str], dict[str, Path]]:
    scores = d / "detect.csv"
    scores.write_text("query,relevant,a\nq1,1,0.9\nq1,0,0.2\nq2,0,0.8\nq2,1,0.3\n")
    return ["extrinsic", "detect", scores], {"SCORES": scores}


def _wordsim(d: Path) -> tuple[list[str], dict[str, Path]]:
    vectors = d / "v.txt"
    vectors.write_text("cat 1 0\ndog 0.9 0.1\ncar 0 1\nbus 0.2 0.8\nsun 0.5 0.5\nmoon 0.4 0.6\n")
    pairs = d / "pairs.tsv"
    pairs.write_text("word1\tword2\tscore\ncat\tdog\t3\ncar\tbus\t2\nsun\tmoon\t1\ncat\tcar\t0\n")
    argv = ["wordsim", "--vectors", vectors, "--pairs", pairs]
    return argv, {"--vectors": vectors, "--pairs": pairs}


def _datasets(d: Path) -> tuple[list[str], dict[str, Path]]:
    folder = d / "data"
    folder.mkdir()
    note = folder / "notes.txt"
    note.write_text("my notes\n")
    return ["datasets", "--data-dir", folder], {"--data-dir": note}


def _paraphrase(d: Path) -> tuple[list[str], dict[str, Path]]:
    patterns = d / "killed.tsv"
    patterns.write_text(
        "set\tsource\trank\tparaphrase\tlabels\n"
        "g\tkilled\t1\tshot and killed\t1,1\n"
        "g\tkilled\t2\tkilled in\t0,0\n"
    )
    stop = d / "stop.txt"
    stop.write_text("and\nin\n")
    argv = ["paraphrase", patterns, "--k", "2", "--stopwords", stop]
    return argv, {"FILE": patterns, "--stopwords": stop}


def _recommend(d: Path) -> tuple[list[str], dict[str, Path]]:
    return ["recommend", "--list"], {}


def _demo(d: Path) -> tuple[list[str], dict[str, Path]]:
    return ["demo"], {}


COMMANDS = [
    Command("evaluate", _evaluate),
    Command("compare", _compare),
    Command("meta", _meta),
    Command("extrinsic-classify", _classify),
    Command("extrinsic-detect", _detect),
    Command("wordsim", _wordsim),
    Command("datasets", _datasets),
    Command("paraphrase", _paraphrase, needs="snowballstemmer"),
    Command("recommend", _recommend),
    Command("demo", _demo),
]
WITH_INPUTS = [c for c in COMMANDS if c.name not in ("recommend", "demo")]
IDS = [c.name for c in COMMANDS]


def _setup(cmd: Command, tmp_path: Path) -> tuple[Path, list[str], dict[str, Path]]:
    if cmd.needs:
        pytest.importorskip(cmd.needs)
    work = tmp_path / "work"
    work.mkdir()
    argv, inputs = cmd.build(work)
    quiet = [] if cmd.name == "demo" else ["--quiet"]  # demo has no notes to silence
    return work, [str(a) for a in argv] + quiet, inputs


def _stdout_of(capsys, argv: list[str]) -> str:
    rc, out, err = run(capsys, *argv)
    assert rc == 0, err
    return out


@pytest.mark.parametrize("cmd", WITH_INPUTS, ids=[c.name for c in WITH_INPUTS])
@pytest.mark.parametrize("how", ["same path", "symlink to it", "hard link to it"])
def test_output_onto_any_input_is_refused(cmd, how, tmp_path, capsys):
    work, argv, inputs = _setup(cmd, tmp_path)
    for option, path in inputs.items():
        before = {p: _sha(p) for p in inputs.values()}
        target = path
        if how != "same path":
            target = work / f"alias-{path.name}"
            (os.symlink if how == "symlink to it" else os.link)(path, target)
        listing = _listing(work)
        rc, out, err = run(capsys, *argv, "-o", target)
        line = assert_error(rc, out, err, "--output", "choose another path")
        assert option in line or "input folder" in line
        assert {p: _sha(p) for p in inputs.values()} == before
        assert _listing(work) == listing
        if target != path:
            target.unlink()


def test_wordsim_details_onto_the_vectors_is_refused(tmp_path, capsys):
    work, argv, inputs = _setup(COMMANDS[5], tmp_path)
    before = _sha(inputs["--vectors"])
    rc, out, err = run(capsys, *argv, "--details", inputs["--vectors"], "-o", work / "r.txt")
    assert_error(rc, out, err, "--details", "--vectors", "choose another path")
    assert _sha(inputs["--vectors"]) == before
    assert not (work / "r.txt").exists()


@pytest.mark.parametrize("cmd", COMMANDS, ids=IDS)
def test_symlink_is_written_through(cmd, tmp_path, capsys):
    work, argv, _ = _setup(cmd, tmp_path)
    expected = _stdout_of(capsys, argv)
    (work / "out").mkdir()
    real = work / "out" / "result.txt"
    link = work / "link.txt"
    link.symlink_to(real)
    rc, out, err = run(capsys, *argv, "-o", link)
    assert (rc, out) == (0, ""), err
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8") == expected
    assert stat.S_IMODE(real.stat().st_mode) == 0o666 & ~_umask()
    assert _listing(work / "out") == ["result.txt"]


@pytest.mark.parametrize("cmd", COMMANDS, ids=IDS)
def test_new_and_replaced_files_get_normal_permissions(cmd, tmp_path, capsys):
    work, argv, _ = _setup(cmd, tmp_path)
    new = work / "new.txt"
    assert run(capsys, *argv, "-o", new)[0] == 0
    assert stat.S_IMODE(new.stat().st_mode) == 0o666 & ~_umask()
    old = work / "old.txt"
    old.write_text("old\n")
    old.chmod(0o640)
    assert run(capsys, *argv, "-o", old)[0] == 0
    assert stat.S_IMODE(old.stat().st_mode) == 0o640
    assert old.read_text() != "old\n"


@pytest.mark.parametrize("cmd", COMMANDS, ids=IDS)
def test_device_is_written_in_place(cmd, tmp_path, capsys):
    if not os.access("/dev/null", os.W_OK):
        pytest.skip("/dev/null is not writable here")
    _, argv, _ = _setup(cmd, tmp_path)
    rc, out, err = run(capsys, *argv, "-o", "/dev/null")
    assert (rc, out) == (0, ""), err
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.parametrize("cmd", COMMANDS, ids=IDS)
def test_output_in_a_missing_folder(cmd, tmp_path, capsys):
    work, argv, inputs = _setup(cmd, tmp_path)
    before = {p: _sha(p) for p in inputs.values()}
    listing = _listing(work)
    rc, out, err = run(capsys, *argv, "-o", work / "missing" / "r.csv")
    assert_error(rc, out, err, "--output", "does not exist; create it first")
    assert _listing(work) == listing
    assert {p: _sha(p) for p in inputs.values()} == before


@pytest.mark.parametrize("cmd", WITH_INPUTS, ids=[c.name for c in WITH_INPUTS])
def test_a_failing_later_step_leaves_no_output(cmd, tmp_path, capsys):
    work, argv, inputs = _setup(cmd, tmp_path)
    last = list(inputs.values())[-1]
    if last.parent.name == "data":  # datasets: the folder itself goes missing
        last = last.parent
    broken = [a.replace(str(last), str(work / "gone")) for a in argv]
    listing = _listing(work)
    rc, out, err = run(capsys, *broken, "-o", work / "r.txt")
    assert_error(rc, out, err, "gone")
    assert _listing(work) == listing


def test_wordsim_plot_without_matplotlib_writes_nothing(tmp_path, capsys, monkeypatch):
    work, argv, _ = _setup(COMMANDS[5], tmp_path)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    listing = _listing(work)
    rc, out, err = run(
        capsys, *argv, "--details", work / "d.tsv", "--plot", work / "p.png", "-o", work / "r"
    )
    assert_error(rc, out, err, "--plot", "pip install 'simeval[plot]'")
    assert _listing(work) == listing


def test_wordsim_output_in_missing_folder_leaves_no_details(tmp_path, capsys):
    work, argv, _ = _setup(COMMANDS[5], tmp_path)
    listing = _listing(work)
    rc, out, err = run(capsys, *argv, "--details", work / "d.tsv", "-o", work / "no" / "r")
    assert_error(rc, out, err, "--output", "create it first")
    assert _listing(work) == listing


def test_wordsim_all_outputs_together(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    work, argv, _ = _setup(COMMANDS[5], tmp_path)
    rc, out, err = run(
        capsys, *argv, "--details", work / "d.tsv", "--plot", work / "p.png", "-o", work / "r"
    )
    assert (rc, out) == (0, ""), err
    assert (work / "d.tsv").read_text().startswith("word1\tword2\tscore\tdistance\tmissing\n")
    assert (work / "p.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"  # the PNG signature
    assert sorted(p.name for p in work.iterdir()) == ["d.tsv", "p.png", "pairs.tsv", "r", "v.txt"]


def test_two_outputs_on_one_file_are_refused(tmp_path, capsys):
    work, argv, _ = _setup(COMMANDS[5], tmp_path)
    rc, out, err = run(capsys, *argv, "--details", work / "x.tsv", "-o", work / "x.tsv")
    assert_error(rc, out, err, "--details", "--output", "its own path")
    assert not (work / "x.tsv").exists()


def test_dash_output_is_stdout(tmp_path, capsys):
    work, argv, _ = _setup(COMMANDS[0], tmp_path)
    expected = _stdout_of(capsys, argv)
    rc, out, _ = run(capsys, *argv, "-o", "-")
    assert (rc, out) == (0, expected)
    assert not (work / "-").exists()


def _stdin(monkeypatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


@pytest.mark.parametrize("which", ["gold", "system"])
def test_dash_input_reads_stdin(which, tmp_path, capsys, monkeypatch):
    _, argv, inputs = _setup(COMMANDS[0], tmp_path)
    expected = _stdout_of(capsys, argv)
    path = inputs["GOLD" if which == "gold" else "--system a"]
    _stdin(monkeypatch, path.read_bytes())
    dashed = [("-" if a == str(path) else a.replace(f"={path}", "=-")) for a in argv]
    rc, out, err = run(capsys, *dashed)
    assert rc == 0, err
    # the same numbers; only the file name in the table title may differ
    assert out.splitlines()[1:] == expected.splitlines()[1:]


def test_two_dash_inputs_are_refused(tmp_path, capsys, monkeypatch):
    _stdin(monkeypatch, b"1\n2\n")
    rc, out, err = run(capsys, "evaluate", "-", "--system", "a=-")
    assert_error(rc, out, err, "GOLD", "--system a", "at most one input may be '-'")


def test_parquet_from_stdin_is_refused(capsys, monkeypatch):
    _stdin(monkeypatch, b"PAR1\x00\x00")
    rc, out, err = run(capsys, "evaluate", "-", "--system", "a=x")
    assert_error(rc, out, err, "<stdin>", "Parquet")


def test_details_on_stdout_beside_the_default_stdout_is_refused(tmp_path, capsys):
    _, argv, _ = _setup(COMMANDS[5], tmp_path)
    rc, out, err = run(capsys, *argv, "--details", "-")
    assert_error(rc, out, err, "--details -", "standard output (no --output given)")
    rc, out, err = run(capsys, *argv, "--details", "-", "-o", tmp_path / "r.txt")
    assert rc == 0 and out.startswith("word1\tword2\tscore\tdistance\tmissing\n"), err


def test_a_failing_device_leaves_the_regular_outputs_untouched(tmp_path, capsys):
    # /dev/full accepts the open and fails the write: the device is written before any
    # regular file is renamed into place, so -o keeps its old content.
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    work, argv, _ = _setup(COMMANDS[5], tmp_path)
    keep = work / "keep.csv"
    keep.write_text("old\n", encoding="utf-8")
    listing = _listing(work)
    rc, out, err = run(capsys, *argv, "--details", "/dev/full", "-o", keep)
    assert_error(rc, out, err, "--details /dev/full")
    assert keep.read_text(encoding="utf-8") == "old\n"
    assert _listing(work) == listing


@pytest.mark.parametrize("suffix", [".tsv", ".jsonl", ".parquet"])
def test_a_suffix_simeval_does_not_write_is_refused(tmp_path, capsys, suffix):
    work, argv, _ = _setup(COMMANDS[0], tmp_path)
    listing = _listing(work)
    rc, out, err = run(capsys, *argv, "-o", work / f"r{suffix}")
    assert_error(rc, out, err, f"no {suffix[1:].upper()}")
    assert _listing(work) == listing


@pytest.mark.parametrize("name", ["r.csv.gz", "r.json.bz2", "r.xz"])
def test_a_compressed_output_name_is_refused(tmp_path, capsys, name):
    # was written as plain text under a name every reader takes for compressed data
    work, argv, _ = _setup(COMMANDS[0], tmp_path)
    listing = _listing(work)
    rc, out, err = run(capsys, *argv, "-o", work / name)
    assert_error(rc, out, err, "simeval writes no compressed file; drop the")
    assert _listing(work) == listing


def test_dev_stdout_on_a_pipe_is_written_in_place(tmp_path):
    # /dev/stdout resolves to /proc/PID/fd/pipe:[…], a name that does not exist: the
    # output is looked up by the kernel, as a device, and written in place
    import subprocess

    _, argv, _ = _setup(COMMANDS[0], tmp_path)
    proc = subprocess.run(
        [sys.executable, "-m", "simeval", *map(str, argv), "-o", "/dev/stdout", "-q"],
        capture_output=True,  # stdout: a pipe
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert "pearson" in proc.stdout and proc.stderr == ""


def test_a_read_only_output_is_refused(tmp_path, capsys, monkeypatch):
    # `>` and `cp` refuse a file without write permission; the rename would replace it
    # (root may write anyway, so the refusal of the system is simulated)
    work, argv, _ = _setup(COMMANDS[0], tmp_path)
    locked = work / "locked.txt"
    locked.write_text("old\n")
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: Path(p) != locked and real(p, mode))
    assert_error(*run(capsys, *argv, "-o", locked), "locked.txt is read-only")
    assert locked.read_text() == "old\n"


def test_the_demo_follows_its_output_suffix(tmp_path, capsys):
    rc, out, err = run(capsys, "demo", "-o", tmp_path / "d.json")
    assert (rc, out) == (0, ""), err
    assert json.loads((tmp_path / "d.json").read_text(encoding="utf-8"))["anscombe"]
    assert_error(*run(capsys, "demo", "-o", tmp_path / "d.csv"), "guided text")


def test_a_full_standard_output_is_named(tmp_path):
    # was: "simeval: error: No space left on device", without saying where
    import subprocess

    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    _, argv, _ = _setup(COMMANDS[0], tmp_path)
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "simeval", *map(str, argv), "-q"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert proc.returncode == 2
    assert proc.stderr.strip() == (
        "simeval: error: standard output: cannot write (No space left on device)"
    )


@pytest.mark.parametrize(("name", "fd"), [("/dev/stdout", 1), ("/dev/stderr", 2),
                                          ("/proc/self/fd/1", 1)])  # fmt: skip
def test_a_descriptor_redirected_to_a_file_is_appended_to_not_replaced(tmp_path, name, fd):
    # `-o /dev/stdout >> log`: /dev/stdout resolved to the log file, which was replaced by
    # the output (its earlier lines lost, a new inode); the shell's descriptor is written
    import subprocess

    _, argv, _ = _setup(COMMANDS[0], tmp_path)
    log = tmp_path / "log"
    log.write_text("precious\n")
    inode = log.stat().st_ino
    with open(log, "a") as stream:
        proc = subprocess.run(
            [sys.executable, "-m", "simeval", *map(str, argv), "-o", name, "-q"],
            stdout=stream if fd == 1 else subprocess.PIPE,
            stderr=stream if fd == 2 else subprocess.PIPE,
        )
    assert proc.returncode == 0
    text = log.read_text()
    assert text.startswith("precious\n") and "pearson" in text
    assert log.stat().st_ino == inode
