"""Helpers shared by the command-line tests: run ``simeval`` in-process and check that a
failure is exactly one ``simeval: error:`` line on stderr."""

from __future__ import annotations

from pathlib import Path

from simeval.cli import main


def run(capsys, *argv) -> tuple[int, str, str]:
    """``simeval *argv`` through :func:`simeval.cli.main`: (exit code, stdout, stderr)."""
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def assert_error(rc: int, out: str, err: str, *needles: str) -> str:
    """Exit code 2, no stdout, one stderr line containing every needle; returns the line."""
    assert rc == 2, (rc, out, err)
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("simeval: error:"), err
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    assert out == ""
    return lines[0]


def write_numbers(path: Path, values) -> Path:
    """One value per line (SemEval style); strings are written as they are."""
    text = "".join(f"{v if isinstance(v, str) else repr(float(v))}\n" for v in values)
    path.write_text(text, encoding="utf-8")
    return path
