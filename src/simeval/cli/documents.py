"""What a command writes of its result besides a table: the saved JSON document (one layout
for every command, :mod:`simeval.report.schema`) and the HTML page drawn from it, so that
``simeval report`` of the saved JSON gives the page ``--html`` gave."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ..report.schema import SCORES_MAX_VALUES
from ._common import declare_files, emit

__all__ = ["add_document_options", "emit_document"]

#: Builds the document, keeping per-pair scores as asked (True, False, or None: by size).
Builder = Callable[[bool | None], dict[str, Any]]


def add_document_options(p: argparse.ArgumentParser, *, scores: bool = True) -> None:
    """``--html FILE`` (the page) and, for results with per-pair scores, ``--scores``.

    Parameters
    ----------
    p : argparse.ArgumentParser
        The command's parser.
    scores : bool, default True
        Whether the result has per-pair scores (``--scores``).

    Examples
    --------
    >>> import argparse
    >>> p = argparse.ArgumentParser()
    >>> add_document_options(p)
    >>> args = p.parse_args(["--html", "page.html", "--scores"])
    >>> args.html, args.scores
    ('page.html', True)
    """
    p.add_argument(
        "--html",
        metavar="FILE.html",
        help="also write a self-contained HTML report: verdict, figures, tables (needs "
        "matplotlib: pip install 'simeval[plot]')",
    )
    if scores:
        p.add_argument(
            "--scores",
            action="store_true",
            default=None,
            help="keep the per-pair scores in the JSON, from which simeval report draws the "
            f"per-pair figures, however many (by default they are kept up to "
            f"{SCORES_MAX_VALUES:,} numbers)",
        )
    declare_files(p, outputs=("html",), extras={"html": ("matplotlib", "plot")})


def emit_document(args: argparse.Namespace, build: Builder, text: Callable[[], str]) -> None:
    """The result to ``--output`` as ``--format`` says (JSON: the document, with its
    per-pair scores kept by size or, with ``--scores``, always; other formats: ``text()``)
    and the page to ``--html`` (drawn from the document with every per-pair score).

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line (``format``, ``output``, ``html``, ``scores``).
    build : callable
        ``keep_scores -> document`` (True, False, or None: by size).
    text : callable
        ``() -> str``: the result in the other formats.

    Examples
    --------
    Outside :func:`simeval.cli.main` the output is written at once:

    >>> import argparse, tempfile
    >>> from pathlib import Path
    >>> out = Path(tempfile.mkdtemp()) / "result.txt"
    >>> args = argparse.Namespace(format="table", output=str(out), html=None)
    >>> emit_document(args, lambda keep: {}, lambda: "r = 0.8\\n")
    >>> out.read_text()
    'r = 0.8\\n'
    """
    from ..report.tables import to_json

    doc = build(getattr(args, "scores", None)) if args.format == "json" else None
    emit(to_json(doc) if doc is not None else text(), args.output)
    if getattr(args, "html", None):
        from ..report.html import build_page

        full = doc if doc is not None and getattr(args, "scores", None) else build(True)
        emit(build_page([full]), args.html)
