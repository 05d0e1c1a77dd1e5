"""Pieces every subcommand shares: output formats, atomic output files, progress bars."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from ..errors import DataError, SimevalError
from ..report import FORMATS

__all__ = [
    "CommandLineError",
    "ProgressBar",
    "add_output_options",
    "emit",
    "progress_enabled",
    "write_atomic",
]


class CommandLineError(SimevalError):
    """A bad command line (unknown option, missing argument)."""


def add_output_options(parser: argparse.ArgumentParser, default: str = "table") -> None:
    """``--format``, ``--output``, ``--digits`` and ``--quiet``, the same for every command."""
    parser.add_argument(
        "--format", choices=FORMATS, default=default, help=f"output format (default {default})"
    )
    parser.add_argument(
        "--output", "-o", metavar="FILE", help="write to FILE instead of stdout (atomically)"
    )
    parser.add_argument(
        "--digits", type=non_negative_int, default=4, help="decimals shown in tables (default 4)"
    )
    parser.add_argument(
        "--quiet", "-q", action="store_true", help="no progress bars or notes on stderr"
    )


def non_negative_int(text: str) -> int:
    """argparse type for counts and seeds: an integer ≥ 0 (seed 0 is a seed)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is negative; give an integer ≥ 0")
    return value


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename: a reader never
    sees a partial file, and a failure leaves any previous file untouched."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    if not directory.is_dir():
        raise DataError(f"{target}: directory {directory} does not exist; create it first")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise DataError(
            f"{target}: cannot write there ({exc.strerror}); choose another path"
        ) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise DataError(f"{target}: cannot write ({exc.strerror})") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def emit(text: str, output: str | None) -> None:
    """Print ``text`` to stdout, or write it atomically to ``output``."""
    if output:
        write_atomic(output, text)
    else:
        sys.stdout.write(text)
        sys.stdout.flush()


def note(args: argparse.Namespace, message: str) -> None:
    """Queue a one-line note for stderr (how many rows were dropped, which scale was
    assumed …). :func:`simeval.cli.main` prints the notes once the command has succeeded,
    so a failing command still says exactly one line; ``--quiet`` silences them."""
    if not getattr(args, "quiet", False):
        args.__dict__.setdefault("_notes", []).append(message)


def progress_enabled(args: argparse.Namespace) -> bool:
    """Progress bars only on an interactive terminal and without ``--quiet``."""
    return not getattr(args, "quiet", False) and sys.stderr.isatty()


class ProgressBar:
    """A one-line progress bar on stderr, called as ``bar(done, total)``; draws nothing
    when disabled (piped output, ``--quiet``). Use as a context manager to end the line."""

    def __init__(self, label: str, enabled: bool, width: int = 30):
        self.label = label
        self.enabled = enabled
        self.width = width
        self._drawn = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        filled = int(self.width * done / total)
        bar = "#" * filled + " " * (self.width - filled)
        sys.stderr.write(f"\r{self.label} [{bar}] {done}/{total}")
        sys.stderr.flush()
        self._drawn = True

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._drawn:
            sys.stderr.write("\n")
            sys.stderr.flush()
