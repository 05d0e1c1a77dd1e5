"""Pieces every subcommand shares: output formats, the files a command reads and writes
(outputs written all or nothing, never over an input), progress (:mod:`.progress`)."""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from pathlib import Path

from ..errors import SimevalError
from ..io.compressed import compression_suffix
from ..io.safe_output import Content, OutputPlan
from ..report import FORMATS
from .files import ReadBy, declare_files, plan_outputs
from .progress import ProgressBar

__all__ = [
    "CommandLineError",
    "ProgressBar",
    "ReadBy",
    "add_output_options",
    "add_outputs",
    "command_outputs",
    "declare_files",
    "emit",
    "progress_enabled",
]


class CommandLineError(SimevalError):
    """A bad command line (unknown option, missing argument).

    Parameters
    ----------
    message : str
        One line saying what is wrong and what to do.

    Examples
    --------
    >>> raise CommandLineError("--p goes with --method minkowski; drop --p")
    Traceback (most recent call last):
    simeval.cli._common.CommandLineError: --p goes with --method minkowski; drop --p
    """


def add_output_options(
    parser: argparse.ArgumentParser, default: str = "table", *, digits: bool = True
) -> None:
    """``--format``, ``--output``, ``--digits`` and ``--quiet``, the same for every command
    (``digits=False`` for a command whose output has no decimals to round).

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The command's parser.
    default : str, default "table"
        The format without ``--format`` or an ``--output`` suffix.
    digits : bool, default True
        Whether the command takes ``--digits``.

    Examples
    --------
    >>> p = argparse.ArgumentParser()
    >>> add_output_options(p, "csv")
    >>> args = p.parse_args(["-o", "out.md", "--digits", "2", "-q"])
    >>> args.output, args.format, args.digits, args.quiet
    ('out.md', None, 2, True)
    """
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default=None,
        help=f"output format (default: by the --output suffix .csv .json .md .tex .txt, else "
        f"{default}; a --format that contradicts the suffix is an error)",
    )
    parser.add_argument(
        "--output",
        "-o",
        metavar="FILE",
        help="write to FILE ('-' for stdout, the default), once the command has succeeded; "
        "never over or into what the command reads (its files, a model's files or folder, "
        "a data set's folder, the cache); a link is written through, a device in place",
    )
    if digits:
        parser.add_argument(
            "--digits",
            type=non_negative_int,
            default=4,
            help="decimals shown in tables (default 4)",
        )
    else:
        parser.set_defaults(digits=4)
    parser.add_argument(
        "--quiet", "-q", action="store_true", help="no progress bars or notes on stderr"
    )
    parser.set_defaults(_format_default=default)
    declare_files(parser, outputs=("output",))


def non_negative_int(text: str) -> int:
    """argparse type for counts and seeds: an integer ≥ 0 (seed 0 is a seed)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is negative; give an integer ≥ 0")
    return value


_ACTIVE: ContextVar[OutputPlan | None] = ContextVar("simeval_output_plan", default=None)


@contextlib.contextmanager
def command_outputs(args: argparse.Namespace) -> Iterator[OutputPlan]:
    """Around a command: resolve ``--format`` from the output's suffix, check the plan
    before any work, collect what :func:`emit` is given, and write it all once the command
    succeeded (nothing on failure).

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line.

    Yields
    ------
    OutputPlan

    Examples
    --------
    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> with command_outputs(argparse.Namespace()):
    ...     add_outputs("--output", [str(d / "a.json")])
    ...     emit("{}", str(d / "a.json"))
    ...     print((d / "a.json").exists())  # not yet
    False
    >>> (d / "a.json").read_text()
    '{}'
    >>> try:
    ...     with command_outputs(argparse.Namespace()):
    ...         add_outputs("--output", [str(d / "b.txt")])
    ...         emit("x", str(d / "b.txt"))
    ...         raise ValueError("the command fails")
    ... except ValueError:
    ...     pass
    >>> (d / "b.txt").exists()
    False
    """
    plan = plan_outputs(args)
    plan.check()  # an output onto an input is the first thing to say
    resolve_format(args)
    token = _ACTIVE.set(plan)
    try:
        yield plan
    except BaseException:
        plan.discard()
        raise
    finally:
        _ACTIVE.reset(token)
    plan.commit()


def add_outputs(option: str, paths: Iterable[str], *, make_folders: bool = False) -> None:
    """Plan outputs known only once the command runs (one file per model and task under
    ``--output-dir``), and check them against the inputs now, before any work; they are
    written with the others (see :func:`emit`). ``make_folders``: make their missing
    folders.

    Parameters
    ----------
    option : str
        The option that names them, for messages.
    paths : iterable of str
        The outputs.
    make_folders : bool, default False
        Make their missing folders.

    Examples
    --------
    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> with command_outputs(argparse.Namespace()):
    ...     add_outputs("--output-dir", [str(d / "run" / "a.json")], make_folders=True)
    ...     emit("{}", str(d / "run" / "a.json"))
    >>> (d / "run" / "a.json").read_text()
    '{}'
    """
    plan = _ACTIVE.get()
    if plan is None:  # outside simeval.cli.main: emit() plans each output itself
        return
    for path in paths:
        plan.add_output(option, path, make_folders=make_folders)
    plan.check()


def emit(
    content: Content, output: str | os.PathLike[str] | None, *, make_folders: bool = False
) -> None:
    """Hand ``content`` (text, bytes, or a function writing to a path) over for ``output``
    (``None`` or ``-``: standard output). Within a command run by :func:`simeval.cli.main`
    it is written when the whole command has succeeded; elsewhere at once, safely (with
    the missing folders of its path made, with ``make_folders``).

    Parameters
    ----------
    content : str, bytes or callable
        What to write, or a function that writes it to the path it is given.
    output : path or None
        Where (None or ``-``: standard output).
    make_folders : bool, default False
        Make the missing folders of ``output``.

    Examples
    --------
    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> emit("r = 0.8\\n", d / "result.txt")
    >>> (d / "result.txt").read_text()
    'r = 0.8\\n'
    """
    plan = _ACTIVE.get()
    if plan is not None:
        plan.put(output, content)
        return
    plan = OutputPlan()
    if output is not None:
        plan.add_output("--output", output, make_folders=make_folders)
    plan.check()
    plan.put(output, content)
    plan.commit()


#: ``--format`` implied by an ``--output`` file's suffix.
SUFFIX_FORMATS = {
    ".csv": "csv",
    ".json": "json",
    ".md": "markdown",
    ".markdown": "markdown",
    ".tex": "latex",
    ".txt": "table",
}
#: Suffixes that promise a format simeval does not write: refused rather than filled with
#: a text table.
UNWRITTEN_SUFFIXES = {".tsv": "csv", ".tab": "csv", ".jsonl": "json", ".ndjson": "json",
                      ".parquet": "csv", ".pq": "csv"}  # fmt: skip


def resolve_format(args: argparse.Namespace) -> None:
    """Without ``--format``, the format follows the ``--output`` suffix (.csv, .json, .md,
    .tex, .txt), else the command's default; a ``--format`` that contradicts the suffix
    is an error."""
    if not hasattr(args, "_format_default"):
        return
    output = getattr(args, "output", None)
    suffix = Path(output).suffix.lower() if output else ""
    if output and compression_suffix(output):
        raise CommandLineError(
            f"--output {output}: simeval writes no compressed file; drop the {suffix} "
            "(compress the file afterwards if you like)"
        )
    implied = SUFFIX_FORMATS.get(suffix)
    if args.format is None and suffix in UNWRITTEN_SUFFIXES:
        other = UNWRITTEN_SUFFIXES[suffix]
        raise CommandLineError(
            f"--output {output}: simeval writes no {suffix[1:].upper()}; name the file "
            f".{other} (or pass --format {other} to write {other} under this name)"
        )
    if args.format is None:
        args.format = implied or args._format_default
    elif implied is not None and implied != args.format:
        raise CommandLineError(
            f"--format {args.format} but --output {output} names a {implied} file; drop "
            "--format (the suffix decides) or change the file name"
        )


def note(args: argparse.Namespace, message: str) -> None:
    """Queue a one-line note for stderr (how many rows were dropped, which scale was
    assumed …). :func:`simeval.cli.main` prints the notes once the command has succeeded,
    so a failing command still says exactly one line; ``--quiet`` silences them."""
    if not getattr(args, "quiet", False):
        args.__dict__.setdefault("_notes", []).append(message)


def progress_enabled(args: argparse.Namespace) -> bool:
    """Progress is shown unless ``--quiet``: a bar on a terminal, a plain line every ten
    seconds in a log (see :class:`~simeval.cli.progress.ProgressBar`).

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line.

    Returns
    -------
    bool

    Examples
    --------
    >>> progress_enabled(argparse.Namespace(quiet=True)), progress_enabled(argparse.Namespace())
    (False, True)
    """
    return not getattr(args, "quiet", False)
