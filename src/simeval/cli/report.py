"""``simeval report``: one self-contained HTML page from saved JSON results."""

from __future__ import annotations

import argparse
import json

from ..errors import DataError, require
from ..io import read_text
from ._common import declare_files, emit, note

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``report`` command to ``sub``, the subcommands of the ``simeval`` parser:
    its options, the files it reads and writes (:func:`~simeval.cli._common.declare_files`)
    and :func:`run` as what it does.

    Parameters
    ----------
    sub : argparse._SubParsersAction
        The subcommands of the ``simeval`` parser.

    Examples
    --------
    >>> import argparse
    >>> commands = argparse.ArgumentParser().add_subparsers(dest="command")
    >>> register(commands)
    >>> list(commands.choices), commands.choices["report"].get_default("func") is run
    (['report'], True)
    """
    p = sub.add_parser(
        "report",
        help="an HTML report (figures, verdict, tables) from saved --format json results",
        description="Write one self-contained HTML page (no request leaves the file) from "
        "the saved JSON (--format json) of simeval evaluate, compare, run, wordsim, meta, "
        "paraphrase or extrinsic: the same page as the command's --html.",
    )
    p.add_argument("results", nargs="+", metavar="RESULTS.json", help="saved JSON results")
    p.add_argument("--output", "-o", metavar="FILE.html", required=True, help="the report to write")
    p.add_argument(
        "--title", help="the page title (default: what was compared, on which data sets)"
    )
    p.add_argument(
        "--no-figures", action="store_true", help="tables and verdict only (no matplotlib)"
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no notes on stderr")
    declare_files(p, inputs=("results",), outputs=("output",))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``simeval report``: an HTML page (verdict, figures, tables) from saved JSON
    results.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line.

    Returns
    -------
    int
        The exit status, 0 (a failure raises a :class:`~simeval.errors.SimevalError`, which
        :func:`simeval.cli.main` writes as one line).

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from simeval.cli import main
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "gold.txt").write_text("0\\n1\\n2\\n3\\n4\\n5\\n")
    >>> _ = (d / "a.txt").write_text("0\\n1\\n2\\n3\\n5\\n4\\n")
    >>> main(["evaluate", str(d / "gold.txt"), "--system", f"a={d / 'a.txt'}",
    ...       "-o", str(d / "result.json"), "-q"])
    0
    >>> main(["report", str(d / "result.json"), "-o", str(d / "page.html"), "-q"])
    0
    >>> (d / "page.html").read_text().startswith("<!DOCTYPE html>")
    True
    """
    from ..report.html.build import build_page, page_document

    if not args.no_figures:  # before any work: the figures need matplotlib
        require("matplotlib", "plot")
    docs = []
    for path in args.results:
        try:
            doc = json.loads(read_text(path), parse_constant=_not_strict)
        except json.JSONDecodeError as exc:
            raise DataError(f"{path}: not JSON ({exc.msg}, line {exc.lineno})") from None
        except ValueError as exc:
            raise DataError(f"{path}: {exc}; a saved result is strict JSON (null)") from None
        docs.append(page_document(doc, str(path)))
        for note_text in _left_out(doc):
            note(args, f"{path}: {note_text}; save it with --scores for the per-pair figures")
    emit(build_page(docs, title=args.title, figures=not args.no_figures), args.output)
    return 0


def _left_out(doc: dict) -> list[str]:
    """The notes of a document (and of the evaluations it holds) whose per-pair scores
    were left out for their size."""
    inner = {"comparison": lambda: [doc.get("evaluation")],
             "run": lambda: [s["evaluation"] for s in doc["sets"]]}  # fmt: skip
    docs = [doc, *inner.get(doc["kind"], list)()]
    return list(dict.fromkeys(d["scores_left_out"] for d in docs if d and d.get("scores_left_out")))


def _not_strict(token: str) -> None:
    """``NaN``, ``Infinity``: Python's ``json`` reads them, strict JSON has none."""
    raise ValueError(f"{token} is not JSON")
