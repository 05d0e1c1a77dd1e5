"""``simeval extrinsic``: task performance of similarity scores (Reimers et al. 2016, §3.1).

- ``classify``: k-fold cross-validated accuracy of a classifier that sees one similarity
  score per item (OneR with optimized buckets, or logistic regression), per system;
- ``detect``: top-1 related-item detection accuracy over candidate sets, per system.

Both print one result per system, the per-system task results ``simeval meta`` takes.
"""

from __future__ import annotations

import argparse

import numpy as np

from ..errors import DataError
from ..io import ScoreTable, read_table
from ..io.align import ID_COLUMN
from ..meta.extrinsic import (
    cross_validated_accuracy,
    majority_baseline,
    top1_hits,
)
from ..report.extrinsic import format_classification, format_detection
from ._common import CommandLineError, add_output_options, declare_files, emit
from ._options import add_seed_option, int_at_least, positive_int

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``extrinsic`` command to ``sub``, the subcommands of the ``simeval`` parser:
    its two tasks, ``classify`` (:func:`run_classify`) and ``detect`` (:func:`run_detect`),
    with their options and the files they read and write.

    Parameters
    ----------
    sub : argparse._SubParsersAction
        The subcommands of the ``simeval`` parser.

    Examples
    --------
    >>> import argparse
    >>> commands = argparse.ArgumentParser().add_subparsers(dest="command")
    >>> register(commands)
    >>> args = commands.choices["extrinsic"].parse_args(["detect", "pairs.csv"])
    >>> list(commands.choices), args.task, args.func is run_detect
    (['extrinsic'], 'detect', True)
    """
    p = sub.add_parser(
        "extrinsic",
        help="task accuracy from similarity scores: classification (OneR / logistic) or "
        "top-1 related-item detection",
        description="Task performance of similarity scores, one result per system (Reimers "
        "et al. 2016, §3.1): classification accuracy or top-1 related-item detection. "
        "Their --format csv output is what 'simeval meta --extrinsic' reads.",
    )
    tasks = p.add_subparsers(dest="task", metavar="TASK", parser_class=type(p))
    tasks.required = True

    c = tasks.add_parser(
        "classify",
        help="cross-validated accuracy of a classifier on scores",
        description="k-fold cross-validated accuracy of a classifier that sees one similarity "
        "score per item: OneR with optimized buckets (Holte 1993) or logistic regression; "
        "one row per system, with the majority-class baseline.",
    )
    c.add_argument("scores", help="table: one label column and one score column per system")
    c.add_argument("--label-column", default="label", help="the class column (default: label)")
    c.add_argument(
        "--score-column",
        action="append",
        metavar="COL",
        help="a system's score column, repeatable (default: every other column except --id-column)",
    )
    c.add_argument("--id-column", help="an id column to ignore (default: a column named id)")
    c.add_argument(
        "--method",
        choices=("oner", "logistic", "best"),
        default="oner",
        help="OneR with optimized buckets (default), logistic regression, or the better of "
        "the two by cross-validated accuracy as Reimers et al. 2016 chose (the last two "
        "need simeval[sklearn])",
    )
    c.add_argument(
        "--folds",
        type=int_at_least(2),
        default=10,
        help="number of cross-validation folds, ≥ 2 (default: 10)",
    )
    add_seed_option(c, "the random fold assignment")
    c.add_argument(
        "--min-bucket",
        type=positive_int,
        default=6,
        help="OneR: the fewest items of its majority class a bucket holds (default: 6, Holte 1993)",
    )
    add_output_options(c)
    declare_files(c, inputs=("scores",))
    c.set_defaults(func=run_classify)

    d = tasks.add_parser(
        "detect",
        help="top-1 accuracy of related-item detection",
        description="Top-1 accuracy of related-item detection: for each query, is the "
        "candidate with the highest score a related one? Tied top candidates count the "
        "share of them that are related. Undefined (NaN, with the reason) when no query "
        "has a related candidate.",
    )
    d.add_argument(
        "scores",
        help="table: query, candidate relevance (0/1) and one score "
        "column per system; one row per (query, candidate)",
    )
    d.add_argument("--query-column", default="query", help="the query id column (default: query)")
    d.add_argument(
        "--relevant-column",
        default="relevant",
        help="the column that is 1 when the candidate is related to the query, else 0 "
        "(default: relevant)",
    )
    d.add_argument(
        "--score-column",
        action="append",
        metavar="COL",
        help="a system's score column, repeatable (default: every other column except --id-column)",
    )
    d.add_argument(
        "--id-column", help="a candidate id column to ignore (default: a column named id)"
    )
    add_output_options(d)
    declare_files(d, inputs=("scores",))
    d.set_defaults(func=run_detect)


def _score_columns(
    table: ScoreTable, given: list[str] | None, exclude: dict[str, str | None]
) -> list[str]:
    """The systems' score columns: those given, else every column not in ``exclude``
    (flag → the column it names: the labels, the queries, the ids; without
    ``--id-column``, a column named ``id``), each checked to be in the table; a score
    column that another flag names is refused."""
    for flag, name in exclude.items():
        if name is not None:
            table.column(name, parameter=flag.removeprefix("--").replace("-", "_"))
    named = {name: flag for flag, name in exclude.items() if name is not None}
    for c in given or ():
        if c in named:
            raise CommandLineError(
                f"--score-column {c} is the {named[c]} column, not a system's scores; name "
                "a score column"
            )
    # a column named "id" (as simeval score writes) holds ids, not scores, unless named
    ids = {ID_COLUMN} if "--id-column" in exclude and exclude["--id-column"] is None else set()
    cols = given or [c for c in table.columns if c not in named and c not in ids]
    for c in cols:
        table.column(c, parameter="score_column")
    if not cols:
        raise DataError(f"{table.path}: no score column; name one with --score-column")
    return cols


def run_classify(args: argparse.Namespace) -> int:
    table = read_table(args.scores)
    labels = [str(v).strip() for v in table.column(args.label_column, parameter="label_column")]
    if any(not v for v in labels):
        i = next(i for i, v in enumerate(labels) if not v)
        raise DataError(f"{table.location(i, args.label_column)}: empty label")
    if args.folds > len(labels):
        raise CommandLineError(
            f"--folds {args.folds} exceeds the {len(labels)} items of {args.scores}; "
            f"give at most {len(labels)}"
        )
    exclude = {"--label-column": args.label_column, "--id-column": args.id_column}
    majority = majority_baseline(labels)
    results = {}
    for col in _score_columns(table, args.score_column, exclude):
        scores = table.finite_numbers(col, parameter="score_column")
        results[col] = cross_validated_accuracy(
            scores,
            labels,
            method=args.method,
            folds=args.folds,
            seed=args.seed,
            min_bucket=args.min_bucket,
        )
    emit(format_classification(results, majority, args.format, args.digits), args.output)
    return 0


def run_detect(args: argparse.Namespace) -> int:
    table = read_table(args.scores)
    queries = [str(v).strip() for v in table.column(args.query_column, parameter="query_column")]
    if any(not q for q in queries):
        i = next(i for i, q in enumerate(queries) if not q)
        raise DataError(f"{table.location(i, args.query_column)}: empty query id")
    rel = table.numbers(args.relevant_column, parameter="relevant_column")
    if not np.isin(rel, (0.0, 1.0)).all():
        i = int(np.argmax(~np.isin(rel, (0.0, 1.0))))
        raise DataError(f"{table.location(i, args.relevant_column)}: relevance must be 0 or 1")
    exclude = {
        "--query-column": args.query_column,
        "--relevant-column": args.relevant_column,
        "--id-column": args.id_column,
    }
    _, query = np.unique(np.asarray(queries), return_inverse=True)
    results = {}
    for col in _score_columns(table, args.score_column, exclude):
        scores = table.finite_numbers(col, parameter="score_column")
        results[col] = top1_hits(scores, rel, query)
    n_queries = int(query.max()) + 1 if query.size else 0
    emit(format_detection(results, n_queries, args.format, args.digits), args.output)
    return 0


def run(args: argparse.Namespace) -> int:  # pragma: no cover - subcommands set their own
    """Run ``simeval extrinsic``: its two tasks set their own function
    (:func:`run_classify`, :func:`run_detect`), which this one calls.

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
    Related-item detection: query ``q1``'s best-scored candidate is related, ``q2``'s is
    not, so top-1 accuracy is 1/2:

    >>> import tempfile
    >>> from pathlib import Path
    >>> from simeval.cli import main
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "pairs.csv").write_text("query,candidate,relevant,score\\n"
    ...     "q1,x,1,0.9\\nq1,y,0,0.2\\nq2,x,0,0.8\\nq2,z,1,0.3\\n")
    >>> main(["extrinsic", "detect", str(d / "pairs.csv"), "--id-column", "candidate",
    ...       "-o", str(d / "top1.csv"), "-q"])
    0
    >>> (d / "top1.csv").read_text().splitlines()[1]
    'score,0.5,2'
    """
    return args.func(args)
