"""``simeval score``: one model on one data set, to a score file (one job of a cluster)."""

from __future__ import annotations

import argparse

from ._common import declare_files, emit
from .run import add_models_and_data, note_unscored

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "score",
        help="score one model on one data set and write the scores (one job of a cluster)",
        description="Score one --model on one --dataset and write a score file (id, score) "
        "that simeval evaluate and compare read (--dataset NAME --system MODEL=FILE): run "
        "one such job per model and data set on a cluster, then evaluate on one machine. "
        "A pair the model cannot score is written as nan (and counted on stderr); a model "
        "that scores no pair is an error.",
    )
    add_models_and_data(p, many=False)
    p.add_argument(
        "--output",
        "-o",
        metavar="FILE.tsv",
        required=True,
        help="the score file; never over or into what the command reads (the model's files "
        "or folder, the data set's folder, the cache)",
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar or notes")
    declare_files(p, outputs=("output",))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..runs.run import score_dataset, unscored_reason
    from ..scorers import scorer_class

    ids, scores = score_dataset(args.model, args.dataset, data_dir=args.data_dir)
    lines = ["id\tscore", *(f"{i}\t{s!r}" for i, s in zip(ids, scores.tolist()))]
    emit("\n".join(lines) + "\n", args.output)
    k = int((scores != scores).sum())  # NaN
    why = unscored_reason(scorer_class(args.model))
    note_unscored(args, args.model, args.dataset, k, len(ids), why, "written as nan")
    return 0
