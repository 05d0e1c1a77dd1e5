"""``simeval report``: one self-contained HTML page from saved JSON results."""

from __future__ import annotations

import argparse
import json

from ..errors import DataError, InputError, require
from ..io import read_text
from ._common import declare_files, emit

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "report",
        help="an HTML report (figures, verdict, tables) from saved --format json results",
        description="Write one self-contained HTML page (no request leaves the file) from "
        "the JSON of simeval evaluate, compare, meta or wordsim (--format json).",
    )
    p.add_argument("results", nargs="+", metavar="RESULTS.json", help="saved JSON results")
    p.add_argument("--output", "-o", metavar="FILE.html", required=True, help="the report to write")
    p.add_argument("--title", default="simeval report", help="the page title")
    p.add_argument(
        "--no-figures", action="store_true", help="tables and verdict only (no matplotlib)"
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no notes on stderr")
    declare_files(p, inputs=("results",), outputs=("output",))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..report.html import build_page, document_kind

    if not args.no_figures:  # before any work: the figures need matplotlib
        require("matplotlib", "plot")
    docs = []
    for path in args.results:
        try:
            doc = json.loads(read_text(path))
        except json.JSONDecodeError as exc:
            raise DataError(f"{path}: not JSON ({exc.msg}, line {exc.lineno})") from None
        try:
            document_kind(doc)
        except InputError as exc:
            raise DataError(f"{path}: {exc}") from None
        docs.append(doc)
    emit(build_page(docs, title=args.title, figures=not args.no_figures), args.output)
    return 0
