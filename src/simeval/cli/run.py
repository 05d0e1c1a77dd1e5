"""``simeval run`` and ``simeval score``: from models and data set names to a verdict."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from ._common import (
    ProgressBar,
    add_output_options,
    dataset_inputs,
    declare_files,
    model_inputs,
    non_negative_int,
    note,
    progress_enabled,
)
from .documents import add_document_options, emit_document

__all__ = ["add_models_and_data", "note_unscored", "register", "run"]


class _Once(argparse.Action):
    """``store`` that refuses a second value: ``simeval score`` writes one file, the scores
    of one model on one data set (a second ``--model`` would silently replace the first)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        before = getattr(namespace, self.dest, None)
        if before is not None:
            parser.error(
                f"{option_string} is given twice ({before}, {values}); simeval score writes "
                "the scores of one model on one data set: run one score job for each, or "
                "simeval run for several"
            )
        setattr(namespace, self.dest, values)


def add_models_and_data(p: argparse.ArgumentParser, many: bool) -> None:
    p.add_argument(
        "--model",
        action="append" if many else _Once,
        required=True,
        metavar="NAME",
        help="a scorer: minilm, st:FOLDER, lexical:jaccard|word-tfidf|char-tfidf|edit|"
        "token-set, static:VECTORS, sif:VECTORS, wmd:VECTORS, model2vec:FOLDER"
        + (" (repeatable)" if many else " (one)"),
    )
    p.add_argument(
        "--dataset",
        action="append" if many else _Once,
        required=True,
        metavar="NAME",
        help="a registered sentence-pair data set (see simeval datasets --sentences), "
        "e.g. stsb:test" + (" (repeatable)" if many else " (one)"),
    )
    p.add_argument(
        "--data-dir",
        metavar="DIR",
        help="read registered data sets from DIR (or its subfolders); nothing is downloaded",
    )
    # the model's files (vectors, its folder, the embedding cache) and the data sets'
    # folder are inputs: no output may go over or into them
    declare_files(
        p,
        folders=("data_dir",),
        read_by={"model": model_inputs, "dataset": dataset_inputs},
    )


def register(sub: argparse._SubParsersAction) -> None:
    from ..runs.protocols import PROTOCOLS
    from ..stats.bootstrap.resampling import MIN_INTERVAL_RESAMPLES

    p = sub.add_parser(
        "run",
        help="score models on data sets and report them under a protocol (MTEB, SentEval …)",
        description="Score every --model on every --dataset, then report as --protocol "
        "does: " + "; ".join(f"{name}: {proto.description}" for name, proto in PROTOCOLS.items()),
    )
    add_models_and_data(p, many=True)
    p.add_argument(
        "--protocol",
        choices=tuple(PROTOCOLS),
        default="mteb",
        help="whose conventions to follow (default mteb)",
    )
    p.add_argument(
        "--bootstrap",
        type=non_negative_int,
        default=1000,
        metavar="B",
        help="bootstrap resamples behind the intervals and clusters of the comparison of the "
        f"models on each data set: 0 for none, else at least {MIN_INTERVAL_RESAMPLES} "
        "(default 1000)",
    )
    p.add_argument("--seed", type=non_negative_int, default=0, help="random seed (default 0)")
    p.add_argument(
        "--nan-policy",
        choices=("raise", "omit"),
        default="raise",
        help="pairs a model leaves without a score (a static-vector model that knows no word "
        "of a text): raise an error (default) or omit them from that model's measures; a "
        "model with no score at all is always an error",
    )
    add_output_options(p)
    add_document_options(p)
    p.set_defaults(func=run)


def note_unscored(args: argparse.Namespace, model: str, dataset: str, k: int, n: int, why: str,
                  what: str) -> None:  # fmt: skip
    """The coverage note: ``k`` of the ``n`` pairs of ``dataset`` have no score."""
    if k:
        note(args, f"{model} on {dataset}: {k} of {n} pairs have no score ({why}); {what}")


def run(args: argparse.Namespace) -> int:
    from ..report.run import format_run
    from ..report.schema import run_document
    from ..runs.run import run as run_models
    from ..runs.run import unscored_reason
    from ..scorers import scorer_class

    bar = ProgressBar("scoring", progress_enabled(args))
    with bar:
        res = run_models(
            args.model,
            args.dataset,
            protocol=args.protocol,
            data_dir=args.data_dir,
            n_resamples=args.bootstrap,
            seed=args.seed,
            nan_policy=args.nan_policy,
            progress=bar,
        )
    for (dataset, model), k in res.unscored.items():
        n = int(res.scores[(dataset, model)].size)
        why = unscored_reason(scorer_class(model))
        what = "left out of its measures (--nan-policy omit)"
        note_unscored(args, model, dataset, k, n, why, what)
    if args.bootstrap == 0 and len(args.model) > 1:
        note(args, "--bootstrap 0: no intervals, clusters or paired tests")
    emit_document(
        args,
        lambda scores: run_document(res, scores=scores),
        lambda: format_run(run_document(res, scores=False), args.format, args.digits),
    )
    return 0
