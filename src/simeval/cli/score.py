"""``simeval score``: one model on one data set (or one shard of it), to a score file (one
job of a cluster)."""

from __future__ import annotations

import argparse

from ._common import CommandLineError, ProgressBar, declare_files, emit, progress_enabled
from .models import add_models_and_data, note_unscored, scorer_options

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``score`` command to ``sub``, the subcommands of the ``simeval`` parser:
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
    >>> list(commands.choices), commands.choices["score"].get_default("func") is run
    (['score'], True)
    """
    p = sub.add_parser(
        "score",
        help="score one model on one data set and write the scores (one job of a cluster)",
        description="Score one --model on one --dataset (or one --shard of its pairs) and "
        "write a score file: id and score (.tsv, .csv …) that simeval evaluate and compare "
        "read (--dataset NAME --system MODEL=FILE), or a JSON document with the pair ids, "
        "the scores and the signature (.json), which simeval merge puts together from "
        "shards. A pair the model cannot score is written as nan (and counted on stderr); "
        "a model that scores no pair is an error.",
    )
    add_models_and_data(p, many=False)
    p.add_argument(
        "--shard",
        metavar="I/N",
        help="score only shard I of N (1 ≤ I ≤ N) of the data set's pairs, contiguous "
        "slices the same on every machine; written as JSON (name the output .json) for "
        "simeval merge",
    )
    p.add_argument(
        "--output",
        "-o",
        metavar="FILE",
        required=True,
        help="the score file (.json: ids, scores and signature; else a table of id and "
        "score, comma-separated for .csv, else tab-separated); never over or into what the "
        "command reads (the model's files or folder, the data set's folder, the cache)",
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no progress or notes")
    declare_files(p, outputs=("output",))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``simeval score``: one model's scores on one data set, or on one shard of it
    (:func:`simeval.runs.run.score_dataset`), written as a table or a JSON document.

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
    An unknown data set is refused before the model runs, in one line on stderr:

    >>> from simeval.cli import main
    >>> main(["score", "--model", "lexical:jaccard", "--dataset", "nope", "-o", "s.csv", "-q"])
    2
    """
    from ..report.schema import scores_document
    from ..report.tables import score_file_format, score_table, to_json
    from ..runs.assembly import unscored_reason
    from ..runs.run import score_dataset
    from ..runs.shards import parse_shard

    shard, shards = parse_shard(args.shard) if args.shard else (1, 1)
    as_json = score_file_format(args.output) == "json"  # an unwritten name: refused now
    if args.shard and not as_json:
        raise CommandLineError(
            f"--shard writes the shard's ids, scores and signature as JSON for simeval "
            f"merge: name the output .json (not {args.output})"
        )
    with ProgressBar(
        f"{args.model} on {args.dataset}", progress_enabled(args), unit="texts"
    ) as bar:
        result = score_dataset(
            args.model, args.dataset, data_dir=args.data_dir,
            scorer_options=scorer_options(args), shard=shard, shards=shards, progress=bar,
        )  # fmt: skip
    own = next(iter(result.scores))
    scores = result.scores[own]
    if as_json:
        doc = scores_document(
            signature=result.signature, model=args.model, dataset=args.dataset,
            similarity=own, ids=result.ids, scores=scores, set_pairs=result.set_pairs,
            shard=(shard, shards) if args.shard else None,
        )  # fmt: skip
        emit(to_json(doc), args.output)
    else:
        emit(score_table(result.ids, scores.tolist(), args.output), args.output)
    k = int((scores != scores).sum())  # NaN
    why = unscored_reason(result.task.model)
    note_unscored(args, args.model, args.dataset, k, len(result.ids), why, "written as nan")
    return 0
