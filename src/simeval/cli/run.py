"""``simeval run`` and ``simeval score``: from models and data set names to a verdict."""

from __future__ import annotations

import argparse

from ._common import (
    ProgressBar,
    add_output_options,
    declare_files,
    non_negative_int,
    progress_enabled,
)
from .documents import add_document_options, emit_document

__all__ = ["add_models_and_data", "register", "run"]


def add_models_and_data(p: argparse.ArgumentParser, many: bool) -> None:
    p.add_argument(
        "--model",
        action="append" if many else "store",
        required=True,
        metavar="NAME",
        help="a scorer: minilm, st:FOLDER, lexical:jaccard|word-tfidf|char-tfidf|edit|"
        "token-set, static:VECTORS, sif:VECTORS, wmd:VECTORS, model2vec:FOLDER"
        + (" (repeatable)" if many else ""),
    )
    p.add_argument(
        "--dataset",
        action="append" if many else "store",
        required=True,
        metavar="NAME",
        help="a registered sentence-pair data set (see simeval datasets --sentences), "
        "e.g. stsb:test" + (" (repeatable)" if many else ""),
    )
    p.add_argument(
        "--data-dir",
        metavar="DIR",
        help="read registered data sets from DIR (or its subfolders); nothing is downloaded",
    )


def register(sub: argparse._SubParsersAction) -> None:
    from ..runs.protocols import PROTOCOLS

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
        help="bootstrap resamples of the comparison of the models on each data set (default 1000)",
    )
    p.add_argument("--seed", type=non_negative_int, default=0, help="random seed (default 0)")
    add_output_options(p)
    add_document_options(p)
    declare_files(p, folders=("data_dir",))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..report.run import format_run
    from ..report.schema import run_document
    from ..runs.run import run as run_models

    bar = ProgressBar("scoring", progress_enabled(args))
    with bar:
        res = run_models(
            args.model,
            args.dataset,
            protocol=args.protocol,
            data_dir=args.data_dir,
            n_resamples=max(args.bootstrap, 2),
            seed=args.seed,
            progress=bar,
        )
    emit_document(
        args,
        lambda scores: run_document(res, scores=scores),
        lambda: format_run(run_document(res, scores=False), args.format, args.digits),
    )
    return 0
