"""``simeval merge``: the shards of one model on one data set (``simeval score --shard``),
put back together into one score file."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ._common import declare_files, emit

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``merge`` command to ``sub``, the subcommands of the ``simeval`` parser:
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
    >>> list(commands.choices), commands.choices["merge"].get_default("func") is run
    (['merge'], True)
    """
    p = sub.add_parser(
        "merge",
        help="put the shards of one model on one data set (simeval score --shard) together",
        description="Check that the shards (JSON files of simeval score --shard I/N) are "
        "every shard of one model on one data set exactly once, with equal signatures, and "
        "every pair exactly once; then write the whole set's scores: a table of id and score "
        "(.tsv, .csv …) that simeval evaluate and compare read, or a JSON document (.json). "
        "A missing, duplicated or foreign shard is an error naming it; nothing is written.",
    )
    p.add_argument("shards", nargs="+", metavar="SHARD.json", help="the shards' files")
    p.add_argument(
        "--output",
        "-o",
        metavar="FILE",
        required=True,
        help="the merged score file (.json: the scores document; else a table of id and "
        "score, comma-separated for .csv, else tab-separated); never over one of the shards",
    )
    declare_files(p, inputs=("shards",), outputs=("output",))
    p.set_defaults(func=run)


def _read(path: str) -> dict:
    from ..errors import DataError
    from ..report.schema import read_document

    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except ValueError as exc:
        raise DataError(
            f"{path}: not JSON ({exc}); give the .json files of simeval score --shard"
        ) from None
    kind = doc.get("kind") if isinstance(doc, dict) else None
    if isinstance(kind, str) and kind != "scores":  # before its fields are checked as such
        raise DataError(
            f"{path}: a saved {kind} document, not scores; give the .json files of "
            "simeval score --shard"
        )
    return read_document(doc, path)


def run(args: argparse.Namespace) -> int:
    """Run ``simeval merge``: check that the shards are every shard of one run exactly once
    and write the whole set's scores (a JSON document for ``.json``, else a table of id
    and score: comma-separated for ``.csv``, tab-separated otherwise).

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
    >>> from simeval.report.schema import scores_document
    >>> from simeval.report.tables import to_json
    >>> for i, (ids, scores) in enumerate([(["p1", "p2"], [0.5, 0.25]), (["p3"], [0.75])], 1):
    ...     doc = scores_document(signature="s", model="m", dataset="toy", similarity="cosine",
    ...                           ids=ids, scores=scores, set_pairs=3, shard=(i, 2))
    ...     _ = (d / f"part{i}.json").write_text(to_json(doc))
    >>> main(["merge", str(d / "part2.json"), str(d / "part1.json"), "-o", str(d / "all.tsv")])
    0
    >>> (d / "all.tsv").read_text().splitlines()
    ['id\\tscore', 'p1\\t0.5', 'p2\\t0.25', 'p3\\t0.75']
    """
    from ..report.schema import scores_document
    from ..report.tables import score_file_format, score_table, to_json
    from ..runs.shards import merge_shards

    as_json = score_file_format(args.output) == "json"  # an unwritten name: refused now
    merged = merge_shards([(path, _read(path)) for path in args.shards])
    if as_json:
        fields = ("signature", "model", "dataset", "similarity", "ids", "scores")
        doc = scores_document(**{k: merged[k] for k in fields}, set_pairs=len(merged["ids"]))
        emit(to_json(doc), args.output)
    else:
        values = [float("nan") if s is None else float(s) for s in merged["scores"]]
        emit(score_table(merged["ids"], values, args.output), args.output)
    return 0
