"""``simeval datasets``: the registered datasets, and which are cached or in ``--data-dir``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..datasets import wordsim as registry
from ..report import render_table, to_json
from ._common import (
    add_output_options,
    declare_files,
    emit,
    note,
)
from ._wrap import table_with_notes

__all__ = ["register", "run"]

HEADER = ("name", "title", "pairs", "scale", "kind", "cached")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "datasets",
        help="list the known word-similarity datasets and which are cached",
        description=(
            "List the registered gold standards with their size, scale and licence, and "
            "whether each file is in the cache ($SIMEVAL_HOME, default the user cache "
            "folder) or in --data-dir. --fetch downloads and verifies files."
        ),
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="look for the files in DIR and its subfolders instead of the cache; "
        "nothing is downloaded",
    )
    parser.add_argument(
        "--fetch",
        nargs="+",
        metavar="NAME",
        help="download (and checksum) these datasets into the cache; 'all' for every one",
    )
    parser.add_argument(
        "--citations",
        action="store_true",
        help="list each dataset's citation and licence (URLs and SHA-256 digests: with "
        "--format json)",
    )
    add_output_options(parser, digits=False)  # names, counts and citations
    declare_files(parser, folders=("data_dir",))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.fetch:
        names = list(registry.DATASETS) if "all" in args.fetch else args.fetch
        for name in names:
            fetched = registry.fetch(name, data_dir=args.data_dir)
            note(args, f"{registry.get(name).name}: {fetched}")
    rows = []
    docs = []
    where = Path(args.data_dir) if args.data_dir else registry.cache_dir()
    for ds in registry.describe():
        path = registry.cached_path(ds.name, data_dir=args.data_dir)
        shown = "no" if path is None else str(path.relative_to(where))
        scale = f"{ds.scale[0]:g}-{ds.scale[1]:g}"
        rows.append([ds.name, ds.title, ds.n_pairs, scale, ds.kind, shown])
        docs.append(
            {
                "name": ds.name,
                "title": ds.title,
                "pairs": ds.n_pairs,
                "scale": list(ds.scale),
                "kind": ds.kind,
                "licence": ds.licence,
                "citation": ds.citation,
                "url": ds.url,
                "sha256": ds.sha256,
                "cached": str(path) if path else None,
            }
        )
    if args.format == "json":
        emit(to_json({"cache": str(registry.cache_dir()), "datasets": docs}), args.output)
        return 0
    if args.citations and args.format == "table":
        short = [[d["name"], d["title"]] for d in docs]
        notes = [f"{d['citation']} Licence: {d['licence']}." for d in docs]
        text = table_with_notes(("name", "title"), short, notes, note_column="citation")
        text += "\nDownload URLs and SHA-256 digests: simeval datasets --format json\n"
        emit(text, args.output)
        return 0
    if args.citations:
        rows = [[d["name"], d["citation"], d["url"]] for d in docs]
        emit(render_table(("name", "citation", "url"), rows, args.format), args.output)
        return 0
    title = f"word-similarity datasets (files in {where}; licences: --citations)"
    emit(render_table(HEADER, rows, args.format, title=title, align_left=2), args.output)
    return 0
