"""Pieces every subcommand shares: output formats, the files a command reads and writes
(outputs written all or nothing, never over an input), progress (:mod:`.progress`)."""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from pathlib import Path

from ..errors import SimevalError
from ..io.safe_output import Content, OutputPlan
from ..report import FORMATS
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
    """A bad command line (unknown option, missing argument)."""


def add_output_options(
    parser: argparse.ArgumentParser, default: str = "table", *, digits: bool = True
) -> None:
    """``--format``, ``--output``, ``--digits`` and ``--quiet``, the same for every command
    (``digits=False`` for a command whose output has no decimals to round)."""
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


def _option_label(parser: argparse.ArgumentParser, dest: str) -> str:
    for action in parser._actions:
        if action.dest == dest:
            if action.option_strings:
                return max(action.option_strings, key=len)
            return str(action.metavar or dest.upper())
    raise ValueError(f"no option with dest {dest!r}")  # a programming error


#: What one value of an option reads, told before the command runs: (the value, the
#: parsed command line) → the files and folders behind it (a model's vector file or
#: folder, a registered data set's folder, a cache), as the library tells them.
ReadBy = Callable[[str, argparse.Namespace], Iterable[Path]]


def declare_files(
    parser: argparse.ArgumentParser,
    *,
    inputs: Sequence[str] = (),
    folders: Sequence[str] = (),
    outputs: Sequence[str] = (),
    systems: Sequence[str] = (),
    read_by: Mapping[str, ReadBy] | None = None,
    reads: Callable[[argparse.Namespace], Iterable[tuple[str, Path]]] | None = None,
    extras: Mapping[str, tuple[str, str]] | None = None,
) -> None:
    """Tell :func:`simeval.cli.main` which options of ``parser`` (by ``dest``) name input
    files, input folders, ``NAME=FILE[:COLUMN]`` inputs (``systems``), things whose files
    the library tells (``read_by``: dest → :data:`ReadBy`, e.g. ``--model`` →
    :func:`simeval.scorers.inputs`), what the command reads that no option names
    (``reads``: the parsed command line → (label, path) pairs, e.g. the cache) and output
    files, and which output options need an optional module (``extras``: dest →
    (module, extra)). The command's outputs are then
    checked against all its inputs before it runs and written all or nothing after it
    succeeded (see :class:`simeval.io.safe_output.OutputPlan`)."""
    files = dict(parser.get_default("_files") or {})
    for kind, dests in (
        ("inputs", inputs),
        ("folders", folders),
        ("outputs", outputs),
        ("systems", systems),
    ):
        files[kind] = [*files.get(kind, []), *((d, _option_label(parser, d)) for d in dests)]
    for dest, resolver in (read_by or {}).items():
        files.setdefault("read_by", []).append((dest, _option_label(parser, dest), resolver))
    if reads is not None:
        files["reads"] = [*files.get("reads", []), reads]
    for dest, (module, extra) in (extras or {}).items():
        files.setdefault("extras", []).append((_option_label(parser, dest), module, extra))
    parser.set_defaults(_files=files)


def model_inputs(value: str, args: argparse.Namespace) -> Iterable[Path]:
    """:data:`ReadBy` of ``--model``: what the scorer reads (:func:`simeval.scorers.inputs`)."""
    from .. import scorers

    return scorers.inputs(value)


def dataset_inputs(value: str, args: argparse.Namespace) -> Iterable[Path]:
    """:data:`ReadBy` of a sentence-pair ``--dataset``: the folder it is read from
    (``--data-dir`` or the cache)."""
    from ..datasets.sentences import inputs

    return inputs(value, data_dir=getattr(args, "data_dir", None))


def _values(args: argparse.Namespace, dest: str) -> list[str]:
    value = getattr(args, dest, None)
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def plan_outputs(args: argparse.Namespace) -> OutputPlan:
    """The :class:`OutputPlan` of a parsed command line (see :func:`declare_files`)."""
    from ..io import parse_system_spec

    files = getattr(args, "_files", None) or {}
    plan = OutputPlan()
    for dest, label in files.get("inputs", []):
        for value in _values(args, dest):
            plan.add_input(label, value)
    for dest, label in files.get("folders", []):
        for value in _values(args, dest):
            plan.add_input(label, value, folder=True)
    for dest, label in files.get("systems", []):
        for value in _values(args, dest):
            name, path, _ = parse_system_spec(value)
            plan.add_input(f"{label} {name}", path)
    for dest, label, resolver in files.get("read_by", []):
        for value in _values(args, dest):
            for path in resolver(value, args):
                plan.add_input(f"{label} {value}", path)
    for reads in files.get("reads", []):
        for label, path in reads(args):
            plan.add_input(label, path)
    for dest, label in files.get("outputs", []):
        for value in _values(args, dest):
            plan.add_output(label, value)
        if dest == "output" and not _values(args, dest):
            plan.add_output(DEFAULT_STDOUT, "-")
    for option, module, extra in files.get("extras", []):
        plan.add_extra(option, module, extra)
    return plan


#: The label of standard output when it is the output because no --output was given.
DEFAULT_STDOUT = "standard output (no --output given)"

_ACTIVE: ContextVar[OutputPlan | None] = ContextVar("simeval_output_plan", default=None)


@contextlib.contextmanager
def command_outputs(args: argparse.Namespace) -> Iterator[OutputPlan]:
    """Around a command: resolve ``--format`` from the output's suffix, check the plan
    before any work, collect what :func:`emit` is given, and write it all once the command
    succeeded (nothing on failure)."""
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
    folders."""
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
    the missing folders of its path made, with ``make_folders``)."""
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
UNWRITTEN_SUFFIXES = {".tsv": "csv", ".tab": "csv", ".jsonl": "json", ".ndjson": "json"}


def resolve_format(args: argparse.Namespace) -> None:
    """Without ``--format``, the format follows the ``--output`` suffix (.csv, .json, .md,
    .tex, .txt), else the command's default; a ``--format`` that contradicts the suffix
    is an error."""
    if not hasattr(args, "_format_default"):
        return
    output = getattr(args, "output", None)
    suffix = Path(output).suffix.lower() if output else ""
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
    seconds in a log (see :class:`~simeval.cli.progress.ProgressBar`)."""
    return not getattr(args, "quiet", False)
