"""``simeval compare``: which system is better, and is the difference significant?"""

from __future__ import annotations

import argparse

from ..errors import DataError
from ..evaluation.compare import COMPARE_METRICS, compare
from ..report.comparison import format_comparison
from ..report.schema import comparison_document
from ..stats.bootstrap.intervals import BOOTSTRAP_CI_METHODS
from ..stats.bootstrap.resampling import MIN_INTERVAL_RESAMPLES, check_resamples
from ._common import ProgressBar, add_output_options, non_negative_int, note, progress_enabled
from ._options import add_seed_option
from .documents import add_document_options, emit_document
from .evaluate import data_name
from .gold_and_systems import load_inputs
from .inputs import add_input_options, add_metric_options, note_evaluation

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``compare`` command to ``sub``, the subcommands of the ``simeval`` parser:
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
    >>> list(commands.choices), commands.choices["compare"].get_default("func") is run
    (['compare'], True)
    """
    p = sub.add_parser(
        "compare",
        help="bootstrap intervals, paired significance tests and clusters of systems",
        description="Compare systems: bootstrap CIs, paired bootstrap tests (Holm-corrected) "
        "and significance clusters for every metric; Williams, Steiger and Zou for "
        "correlations; rank agreement between metrics (Reimers et al. 2016, Table 1).",
    )
    add_input_options(p)
    add_metric_options(p, COMPARE_METRICS)
    p.add_argument(
        "--bootstrap",
        type=non_negative_int,
        default=1000,
        metavar="B",
        help=f"bootstrap resamples, at least {MIN_INTERVAL_RESAMPLES} (default 1000, as "
        "Efron & Tibshirani 1993 recommend for BCa intervals)",
    )
    add_seed_option(p, "the bootstrap and permutation resamples")
    p.add_argument(
        "--ci", choices=BOOTSTRAP_CI_METHODS, default="bca", help="interval method (bca)"
    )
    p.add_argument(
        "--confidence", type=float, default=0.95, help="confidence level of intervals (0.95)"
    )
    p.add_argument(
        "--alpha", type=float, default=0.05, help="significance level of the clusters (0.05)"
    )
    p.add_argument(
        "--permutations",
        type=non_negative_int,
        default=0,
        metavar="R",
        help="also run a paired approximate-randomization test with R trials per pair "
        "(default 0: no permutation test)",
    )
    add_output_options(p)
    add_document_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``simeval compare``: evaluate the systems, bootstrap every metric on shared
    resamples and write the intervals, paired tests, clusters and rank agreement.

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
    ``a`` follows the gold but for one swap (r ≈ 0.943); ``b`` reverses it (r = −1), so
    ``a`` forms the first cluster alone:

    >>> import tempfile
    >>> from pathlib import Path
    >>> from simeval.cli import main
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "gold.txt").write_text("0\\n1\\n2\\n3\\n4\\n5\\n")
    >>> _ = (d / "a.txt").write_text("0\\n1\\n2\\n3\\n5\\n4\\n")
    >>> _ = (d / "b.txt").write_text("5\\n4\\n3\\n2\\n1\\n0\\n")
    >>> main(["compare", str(d / "gold.txt"), "--system", f"a={d / 'a.txt'}",
    ...       "--system", f"b={d / 'b.txt'}", "--metric", "pearson", "--bootstrap", "100",
    ...       "--seed", "0", "-o", str(d / "cmp.csv"), "-q"])
    0
    >>> [row.split(",")[1:3] + [row.split(",")[9]]
    ...  for row in (d / "cmp.csv").read_text().splitlines()[1:3]]  # system, metric, cluster
    [['a', 'pearson', '1'], ['b', 'pearson', '2']]
    """
    # the library's one rule for the resamples of an interval, before any file is read
    check_resamples(args.bootstrap, minimum=MIN_INTERVAL_RESAMPLES)
    gold, systems, options = load_inputs(args)
    if 0 < args.permutations < 100:
        raise DataError(
            f"--permutations {args.permutations}: give 0 (no permutation test) or at least 100 "
            "trials (fewer give p-values no finer than 0.01)"
        )
    with ProgressBar("bootstrap", progress_enabled(args)) as bar:
        cmp = compare(
            gold,
            systems,
            metrics=args.metric,
            options=options,
            n_resamples=args.bootstrap,
            seed=args.seed,
            ci=args.ci,
            confidence_level=args.confidence,
            alpha=args.alpha,
            permutations=args.permutations,
            progress=bar,
        )
    emit_document(
        args,
        lambda scores: comparison_document(cmp, dataset=data_name(args), scores=scores),
        lambda: format_comparison(cmp, args.format, args.digits),
    )
    note_evaluation(args, cmp.evaluation, options)
    if cmp.sample_warning:
        note(args, cmp.sample_warning)
    if cmp.resolution_warning:
        note(args, cmp.resolution_warning + " (--bootstrap)")
    if cmp.dropped:
        note(
            args,
            f"left out {cmp.dropped} pair(s) where the gold or a system has no score "
            "(--nan-policy omit; every system is compared on the same pairs)",
        )
    return 0
