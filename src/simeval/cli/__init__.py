"""The ``simeval`` command: thin argument parsing over the library.

Each subcommand lives in its own module of this package and exposes
``register(subparsers)``, which adds its parser and sets ``func`` to a function
``run(args) -> int``. Only the chosen command's module is imported: the others appear in
``simeval --help`` through their help line in :data:`COMMANDS`, so that start-up costs
``import numpy`` and little more. :func:`main` maps every :class:`~simeval.errors.SimevalError`
(and argument errors) to one line on stderr and exit code 2 — never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import sys
import warnings
from collections.abc import Sequence
from typing import TextIO

from .._version import __version__
from ..errors import CacheWarning, SimevalError, UndefinedMetricWarning, render
from ._common import CommandLineError, command_outputs, note

#: Subcommand modules and their help lines, in the order ``simeval --help`` lists them.
#: Each line equals the ``help=`` its module's ``register`` gives (a test checks it).
COMMANDS: dict[str, str] = {
    "demo": "a guided tour on bundled data (Anscombe's quartet, the crafted 9-pair set)",
    "evaluate": "score systems against gold ratings (Pearson, scaled Pearson, NMSSE, nDCG, F1 …)",
    "compare": "bootstrap intervals, paired significance tests and clusters of systems",
    "meta": "predictiveness of intrinsic measures for an extrinsic task (ρ, MAD, MSD)",
    "extrinsic": "task accuracy from similarity scores: classification (OneR / logistic) or "
    "top-1 related-item detection",
    "recommend": "which intrinsic measure fits your task (Reimers et al. 2016, Table 3)",
    "wordsim": "word-similarity evaluation of word vectors (R wordspace parity)",
    "datasets": "list the known word-similarity or sentence-pair datasets and which are cached",
    "paraphrase": "EP, EPR and DIMPLE of ranked paraphrase patterns; meta-evaluation",
    "report": "an HTML report (figures, verdict, tables) from saved --format json results",
    "run": "score models on data sets and report them under a protocol (MTEB, SentEval …)",
    "score": "score one model on one data set and write the scores (one job of a cluster)",
    "merge": "put the shards of one model on one data set (simeval score --shard) together",
}

#: ``only`` of :func:`build_parser`: every command's full parser.
ALL = "*"

__all__ = ["COMMANDS", "build_parser", "flag_names", "main"]


#: Help text is wrapped at this many columns however wide the terminal (or COLUMNS) is.
HELP_WIDTH = 100


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, wrapped at most at :data:`HELP_WIDTH` columns."""

    def __init__(self, prog: str, **kwargs: object) -> None:
        width = min(shutil.get_terminal_size().columns, HELP_WIDTH) - 2
        super().__init__(prog, width=max(width, 40), **kwargs)  # type: ignore[arg-type]


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises instead of exiting, so main() controls the output,
    and wraps its help at :data:`HELP_WIDTH` columns."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def error(self, message: str) -> None:  # type: ignore[override]
        raise CommandLineError(f"{message} (see '{self.prog} --help')")

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        """As argparse, but an unrecognised argument points to the help of the command it
        was given to (``simeval compare --help``), not to the top level's."""
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            prog = self.prog
            for dest in ("command", "task"):  # the subcommand, then its own (extrinsic)
                if getattr(parsed, dest, None):
                    prog += f" {getattr(parsed, dest)}"
            raise CommandLineError(
                f"unrecognized arguments: {' '.join(extras)} (see '{prog} --help')"
            )
        return parsed


def chosen_command(argv: Sequence[str]) -> str | None:
    """The subcommand named in ``argv`` (its first word that is not an option), or None."""
    for arg in argv:
        if not arg.startswith("-"):
            return arg if arg in COMMANDS else None
    return None


def build_parser(only: str | None = ALL) -> argparse.ArgumentParser:
    """The ``simeval`` parser. ``only`` names the one command whose module is imported and
    whose full parser is built (None: none of them); the other commands are listed by name
    and help line. The default builds every command's parser.

    Parameters
    ----------
    only : str or None, default every command
        The command whose full parser is built.

    Returns
    -------
    argparse.ArgumentParser

    Examples
    --------
    >>> args = build_parser(only="evaluate").parse_args(["evaluate", "gold.txt", "--seed", "3"])
    >>> args.command, args.gold, args.seed
    ('evaluate', 'gold.txt', 3)
    """
    parser = _Parser(
        prog="simeval",
        description="Which similarity system should you trust for your task?",
    )
    parser.add_argument("--version", action="version", version=f"simeval {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name, help_line in COMMANDS.items():
        if only in (ALL, name):
            importlib.import_module(f"{__name__}.{name}").register(sub)
        else:
            sub.add_parser(name, help=help_line)
    return parser


#: Library parameters whose command-line option has another name than the parameter.
PARAMETER_DESTS = {
    "n_resamples": "bootstrap",
    "n_boot": "bootstrap",
    "header": "no_header",
    "ratings": "raters",
    "confidence_level": "confidence",
    "format": "vectors_format",  # a reader's format (the output's --format is the CLI's own)
}


def flag_names(parser: argparse.ArgumentParser, command: str | None) -> dict[str, str]:
    """Library parameter name → the flag of ``command`` that sets it (``nan_policy`` →
    ``--nan-policy``), read off the command's parser: how an error that names a parameter
    (:func:`simeval.errors.param`) is written on the command line.

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The ``simeval`` parser.
    command : str or None
        The subcommand given.

    Returns
    -------
    dict of str to str

    Examples
    --------
    >>> flags = flag_names(build_parser(only="compare"), "compare")
    >>> flags["nan_policy"], flags["n_resamples"]
    ('--nan-policy', '--bootstrap')
    """
    flags: dict[str, str] = {}
    parsers = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            parsers.append(action.choices[command])
    for p in parsers[1:]:  # a command's own tasks (``extrinsic classify``), each level
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                parsers.extend(action.choices.values())
    for p in parsers:
        for action in p._actions:
            if action.option_strings:
                flags[action.dest] = max(action.option_strings, key=len)
    for name, dest in PARAMETER_DESTS.items():
        if dest in flags:
            flags[name] = flags[dest]
    return flags


def _warnings_as_notes(args: argparse.Namespace, kind: type[Warning]) -> None:
    """Show warnings of class ``kind`` as ``simeval: note: …`` lines (see
    :func:`~simeval.cli._common.note`) instead of Python's warning format, until the
    enclosing ``warnings.catch_warnings()`` ends."""
    show = warnings.showwarning

    def as_note(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
    ) -> None:
        if issubclass(category, kind):
            note(args, f"note: {message}")
        else:
            show(message, category, filename, lineno, file, line)

    warnings.showwarning = as_note


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``simeval`` with ``argv`` (default ``sys.argv[1:]``); return the exit code.

    Parameters
    ----------
    argv : sequence of str, optional
        The command line after ``simeval``.

    Returns
    -------
    int
        0 on success; 2 after a bad command line or input, said in one line on stderr.

    Examples
    --------
    One swap of the gold's 4 and 5 costs 1 of its sum of squares, 17.5:
    ``r = 16.5 / 17.5 ≈ 0.9429``; the mean absolute error is ``2 / 6``:

    >>> import tempfile
    >>> from pathlib import Path
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "gold.txt").write_text("0\\n1\\n2\\n3\\n4\\n5\\n")
    >>> _ = (d / "sys.txt").write_text("0\\n1\\n2\\n3\\n5\\n4\\n")
    >>> main(["evaluate", str(d / "gold.txt"), "--system", f"a={d / 'sys.txt'}",
    ...       "--metric", "pearson", "--metric", "mae", "-o", str(d / "out.csv"), "-q"])
    0
    >>> [line.split(",")[:4] for line in (d / "out.csv").read_text().splitlines()[1:]]
    [['a', 'pearson', '', '0.9428571428571428'], ['a', 'mae', '', '0.3333333333333333']]
    >>> main(["evaluate", str(d / "gold.txt"), "--nan-policy", "maybe"])  # one line on stderr
    2
    """
    if argv is None:
        argv = sys.argv[1:]
    command = chosen_command(argv)
    parser = build_parser(only=command)
    try:
        args = parser.parse_args(argv)
        with warnings.catch_warnings():
            # The reports state why a value is undefined; no Python warning lines.
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            _warnings_as_notes(args, CacheWarning)
            with command_outputs(args):  # outputs written only once the command succeeded
                code = int(args.func(args) or 0)
        flags = flag_names(parser, command)
        for message in (render(m, flags) for m in getattr(args, "_notes", [])):
            print(f"simeval: {message}", file=sys.stderr)
        return code
    except SimevalError as exc:
        msg = exc.render(flag_names(parser, command)).replace("\n", " ")
        print(f"simeval: error: {msg}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("simeval: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:  # a file the library could not read or write
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        print(f"simeval: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
