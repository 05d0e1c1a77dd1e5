"""``simeval recommend``: from a task's requirements to the measure to rank systems by."""

from __future__ import annotations

import argparse

from ..meta.recommend import CARDINALITIES, INFORMATION, SETS_OF_INTEREST, plausible_combinations
from ..meta.recommend import recommend as recommend_measure
from ..report.recommendation import format_recommendation, format_recommendations
from ._common import CommandLineError, add_output_options, emit
from ._options import positive_int

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``recommend`` command to ``sub``, the subcommands of the ``simeval`` parser:
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
    >>> list(commands.choices), commands.choices["recommend"].get_default("func") is run
    (['recommend'], True)
    """
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
    p.add_argument(
        "--list",
        action="store_true",
        help="list the nine plausible combinations (those that fit --cardinality, "
        "--set-of-interest and --information, when given)",
    )
    add_output_options(p, digits=False)  # measures and reasons: no decimals
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``simeval recommend``: the intrinsic measure that fits a task's cardinality,
    set of interest and information (Reimers et al. 2016, Table 3), or ``--list`` them.

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
    >>> main(["recommend", "--cardinality", "1:n", "--set-of-interest", "all",
    ...       "--information", "rank", "-o", str(d / "rec.txt"), "-q"])
    0
    >>> (d / "rec.txt").read_text().splitlines()[1]
    'measure: ndcg (or spearman)'
    """
    profile = {"cardinality": args.cardinality, "set_of_interest": args.set_of_interest,
               "information": args.information}  # fmt: skip
    if args.list:  # the combinations that fit what is given
        chosen = [
            rec
            for rec in plausible_combinations()
            if all(v is None or getattr(rec, key) == v for key, v in profile.items())
        ]
        if not chosen:
            raise CommandLineError(
                "no plausible combination has "
                + ", ".join(f"--{k.replace('_', '-')} {v}" for k, v in profile.items() if v)
                + "; drop one (simeval recommend --list shows the nine)"
            )
        emit(format_recommendations(tuple(chosen), args.format), args.output)
        return 0
    missing = [
        f"--{name.replace('_', '-')}"
        for name in ("cardinality", "set_of_interest", "information")
        if getattr(args, name) is None
    ]
    if missing:
        raise CommandLineError(
            f"give {', '.join(missing)} (or --list for the nine plausible combinations)"
        )
    rec = recommend_measure(args.cardinality, args.set_of_interest, args.information, k=args.k)
    emit(format_recommendation(rec, args.format, k=args.k), args.output)
    return 0
