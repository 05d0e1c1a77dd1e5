"""``simeval meta``: how well does each intrinsic measure predict task performance?"""

from __future__ import annotations

import argparse

from ..errors import DataError
from ..io.system_results import read_extrinsic, read_intrinsic
from ..meta.predictiveness import predictiveness
from ..meta.ranks import rank_agreement
from ..metrics.registry import direction
from ..report.predictiveness import format_meta
from ._common import add_output_options, declare_files, emit
from ._options import add_bootstrap_option, add_seed_option

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``meta`` command to ``sub``, the subcommands of the ``simeval`` parser:
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
    >>> list(commands.choices), commands.choices["meta"].get_default("func") is run
    (['meta'], True)
    """
    p = sub.add_parser(
        "meta",
        help="predictiveness of intrinsic measures for an extrinsic task (ρ, MAD, MSD)",
        description="Rank systems by each intrinsic measure and by an extrinsic task result; "
        "report ρ(IR, ER), MAD and MSD per measure, sorted as Reimers et al. (2016) Table 2, "
        "with a bootstrap over systems for the stability of ρ, and the rank agreement "
        "between the intrinsic measures (their Table 1).",
    )
    p.add_argument(
        "--intrinsic",
        required=True,
        metavar="FILE",
        help="per-system measures: a table with a 'system' column and one column per "
        "measure, tidy records (system, metric, value; e.g. simeval evaluate --format csv), "
        "the JSON of simeval evaluate/compare/run, or a JSON list of such records",
    )
    p.add_argument(
        "--dataset",
        metavar="NAME",
        help="with records of several data sets in --intrinsic (a dataset column, as "
        "simeval run and evaluate --semeval-dir write): the data set to read (default: the "
        "only one, or SemEval's weighted_mean)",
    )
    p.add_argument(
        "--extrinsic",
        required=True,
        metavar="FILE",
        help="per-system task results: a table with 'system' and a score column ('score', or "
        "the accuracy column of simeval extrinsic classify/detect, or --extrinsic-column)",
    )
    p.add_argument(
        "--extrinsic-column",
        metavar="COL",
        help="the task-result column of --extrinsic (default: score, accuracy or "
        "top1_accuracy, whichever is present, else the only other column)",
    )
    p.add_argument(
        "--extrinsic-lower-is-better",
        action="store_true",
        help="the task result is an error (lower is better)",
    )
    add_bootstrap_option(p, "the systems, for the interval of ρ")
    add_seed_option(p, "the bootstrap over systems")
    add_output_options(p)
    declare_files(p, inputs=("intrinsic", "extrinsic"))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``simeval meta``: how well each intrinsic measure predicts the extrinsic
    ranking of the systems (ρ between the rankings, MAD, MSD).

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
    Pearson ranks the five systems 3, 1, 2, 5, 4 where the task ranks them 1 … 5:
    ``ρ = 1 − 6·8/120 = 0.6``, MAD ``(2 + 1 + 1 + 1 + 1)/5 = 1.2``:

    >>> import tempfile
    >>> from pathlib import Path
    >>> from simeval.cli import main
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "intrinsic.csv").write_text(
    ...     "system,pearson\\nA,0.7\\nB,0.9\\nC,0.8\\nD,0.5\\nE,0.6\\n")
    >>> _ = (d / "extrinsic.csv").write_text(
    ...     "system,score\\nA,0.9\\nB,0.8\\nC,0.7\\nD,0.6\\nE,0.5\\n")
    >>> main(["meta", "--intrinsic", str(d / "intrinsic.csv"), "--extrinsic",
    ...       str(d / "extrinsic.csv"), "--bootstrap", "100", "--seed", "0",
    ...       "-o", str(d / "meta.csv"), "-q"])
    0
    >>> (d / "meta.csv").read_text().splitlines()[1].split(",")[:5]
    ['pearson', '0.6', '1', '1.2', '1.6']
    """
    intrinsic = read_intrinsic(args.intrinsic, args.dataset)
    extrinsic = read_extrinsic(args.extrinsic, args.extrinsic_column)
    measured = {s for t in intrinsic.values() for s in t}
    if measured != set(extrinsic):
        sides = [
            f"only in {path}: {_listed(sorted(names))}"
            for path, names in ((args.intrinsic, measured - set(extrinsic)),
                                (args.extrinsic, set(extrinsic) - measured))
            if names
        ]  # fmt: skip
        raise DataError(
            f"systems must match between {args.intrinsic} and {args.extrinsic}; " + "; ".join(sides)
        )
    # a measure simeval does not know (a user's own column) counts as higher-is-better
    directions = {m: direction(m, default=True) for m in intrinsic}
    pred = predictiveness(
        intrinsic,
        extrinsic,
        higher_is_better=directions,
        extrinsic_higher_is_better=not args.extrinsic_lower_is_better,
        n_resamples=args.bootstrap,
        seed=args.seed,
    )
    agreement = rank_agreement(intrinsic, higher_is_better=directions) if len(intrinsic) > 1 else []
    emit(format_meta(pred, agreement, args.format, args.digits, seed=args.seed), args.output)
    return 0


def _listed(names: list[str], most: int = 5) -> str:
    """Up to ``most`` names, then how many more."""
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more
