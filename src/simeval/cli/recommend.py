"""``simeval recommend``: from a task's requirements to the measure to rank systems by."""

from __future__ import annotations

import argparse

from ..framework import CARDINALITIES, INFORMATION, SETS_OF_INTEREST, plausible_combinations
from ..framework import recommend as recommend_measure
from ..report import render_table, to_json
from ._common import add_output_options, emit
from ._options import positive_int
from ._wrap import table_with_notes

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "recommend",
        help="which intrinsic measure fits your task (Reimers et al. 2016, Table 3)",
        description="Map a task's requirements — cardinality, set of interest, information — "
        "to the intrinsic measure that predicts task performance (Reimers et al. 2016, §4).",
    )
    p.add_argument(
        "--cardinality",
        metavar="C",
        help=f"one of {', '.join(CARDINALITIES)}: one pair judged at a time, or one text "
        "against many",
    )
    p.add_argument(
        "--set-of-interest",
        metavar="S",
        help=f"one of {', '.join(SETS_OF_INTEREST)}: which results the task uses",
    )
    p.add_argument(
        "--information",
        metavar="I",
        help=f"one of {', '.join(INFORMATION)}: what the task takes from a score",
    )
    p.add_argument(
        "--k",
        type=positive_int,
        help="k of a k-best task, ≥ 1: fills in ndcg@k / ncg@k (default: k stays a placeholder)",
    )
    p.add_argument("--list", action="store_true", help="list the nine plausible combinations")
    add_output_options(p, digits=False)  # measures and reasons: no decimals
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.list:
        recs = plausible_combinations()
    else:
        missing = [
            f"--{name.replace('_', '-')}"
            for name in ("cardinality", "set_of_interest", "information")
            if getattr(args, name) is None
        ]
        if missing:
            from ._common import CommandLineError

            raise CommandLineError(
                f"give {', '.join(missing)} (or --list for the nine plausible combinations)"
            )
        recs = (
            recommend_measure(args.cardinality, args.set_of_interest, args.information, k=args.k),
        )
    if args.format == "json":
        doc = [r.as_dict() for r in recs]
        emit(to_json(doc if args.list else doc[0]), args.output)
        return 0
    if args.format == "table" and not args.list:
        r = recs[0]
        alt = f" (or {', '.join(r.alternatives)})" if r.alternatives else ""
        emit(
            f"task: {r.task}\nmeasure: {r.measure}{alt}\nwhy: {r.explanation}\n"
            f"source: {r.source}\n"
            f"use it: simeval evaluate GOLD --system NAME=FILE --task {r.task}"
            + (f" --k {args.k}" if args.k is not None else "")
            + "\n",
            args.output,
        )
        return 0
    if args.format == "table":
        short = [[r.cardinality, r.set_of_interest, r.information, r.measure] for r in recs]
        notes = [r.explanation for r in recs]
        header4 = ["cardinality", "set of interest", "information", "measure"]
        emit(table_with_notes(header4, short, notes, note_column="why", align_left=4), args.output)
        return 0
    header = ["cardinality", "set of interest", "information", "measure", "why"]
    rows = [
        [r.cardinality, r.set_of_interest, r.information, r.measure, r.explanation] for r in recs
    ]
    emit(render_table(header, rows, args.format, align_left=5), args.output)
    return 0
