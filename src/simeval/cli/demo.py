"""``simeval demo``: why one Pearson's r is not enough, shown on bundled data."""

from __future__ import annotations

import argparse

from ..binning import Bins
from ..datasets.demo import ANSCOMBE, CRAFTED_GOLD, CRAFTED_SYSTEMS
from ..evaluation.evaluate import Evaluation, evaluate
from ..report.demo import format_demo
from ._common import CommandLineError, declare_files, emit

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``demo`` command to ``sub``, the subcommands of the ``simeval`` parser:
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
    >>> list(commands.choices), commands.choices["demo"].get_default("func") is run
    (['demo'], True)
    """
    p = sub.add_parser(
        "demo",
        help="a guided tour on bundled data (Anscombe's quartet, the crafted 9-pair set)",
        description="Show, on bundled data, what Pearson's r hides and what simeval shows.",
    )
    p.add_argument(
        "--format",
        choices=("table", "json"),
        default=None,
        help="table: a guided text (default, or by the --output suffix .txt/.json); "
        "json: all numbers",
    )
    p.add_argument(
        "--output", "-o", metavar="FILE", help="write to FILE ('-' for stdout, the default)"
    )
    p.set_defaults(_format_default="table")
    declare_files(p, outputs=("output",))
    p.set_defaults(func=run)


def anscombe_evaluations() -> dict[str, Evaluation]:
    """Each Anscombe data set as one system; ``equal:2`` bins split x at its midpoint."""
    return {
        name: evaluate(
            x,
            {name: y},
            metrics=["pearson", "spearman", "kendall", "scaled_pearson"],
            bins=Bins.equal_width(2),
        )
        for name, (x, y) in ANSCOMBE.items()
    }


def crafted_evaluation() -> Evaluation:
    """The crafted set on its 0–1 scale; equal:3 bins are exactly the paper's pairs 1–3,
    4–6, 7–9; borders 0.3 / 0.7 are Reimers et al. 2016's 1.5 / 3.5 carried to a 0–1 scale."""
    return evaluate(
        CRAFTED_GOLD,
        CRAFTED_SYSTEMS,
        metrics=[
            "pearson",
            "spearman",
            "scaled_pearson",
            "mae",
            "nmsse",
            "nmase",
            "f1_low",
            "f1_high",
        ],
        scale=(0, 1),
        bins=Bins.equal_width(3),
    )


def run(args: argparse.Namespace) -> int:
    """Run ``simeval demo``: the guided tour on bundled data (Anscombe's quartet, the
    crafted 9-pair set).

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
    >>> main(["demo", "-o", str(d / "demo.txt")])
    0
    >>> (d / "demo.txt").read_text().splitlines()[0]
    "simeval demo — what one Pearson's r hides"
    """
    if args.format not in ("table", "json"):
        raise CommandLineError(
            f"--output {args.output}: the demo writes a guided text (.txt) or JSON (.json), "
            f"not {args.format}"
        )
    emit(format_demo(anscombe_evaluations(), crafted_evaluation(), args.format), args.output)
    return 0
