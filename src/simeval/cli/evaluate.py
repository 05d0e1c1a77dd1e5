"""``simeval evaluate``: score systems against gold ratings with every seed measure."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError
from ..evaluation.evaluate import Evaluation, evaluate
from ..metrics.registry import DEFAULT_METRICS
from ..options import Options
from ..report.ceiling import with_ceiling
from ..report.evaluation import format_evaluation, format_semeval
from ..report.schema import evaluation_document, semeval_document
from ._common import ProgressBar, add_output_options, declare_files, note, progress_enabled
from .ceiling import add_ceiling_options, check_ceiling_options, human_ceiling_of
from .documents import add_document_options, emit_document
from .gold_and_systems import load_inputs
from .inputs import (
    add_input_options,
    add_metric_options,
    note_evaluation,
    options_from_args,
)

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``evaluate`` command to ``sub``, the subcommands of the ``simeval`` parser:
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
    >>> list(commands.choices), commands.choices["evaluate"].get_default("func") is run
    (['evaluate'], True)
    """
    p = sub.add_parser(
        "evaluate",
        help="score systems against gold ratings (Pearson, scaled Pearson, NMSSE, nDCG, F1 …)",
        description="Score one or more systems against gold similarity ratings.",
    )
    add_input_options(p)
    p.add_argument(
        "--semeval-dir",
        metavar="DIR",
        help="evaluate every set of a SemEval STS folder (STS.gs.<set>.txt files); "
        "needs --runs-dir, replaces GOLD and --system",
    )
    p.add_argument(
        "--runs-dir",
        metavar="DIR",
        help="system runs for --semeval-dir: one sub-folder per system, or run files",
    )
    add_metric_options(p, DEFAULT_METRICS)
    p.add_argument(
        "--task",
        metavar="CARD,SET,INFO",
        help="your task's requirements, e.g. 1:n,k-best,rank (Reimers et al. 2016, Table 3): "
        "the recommended measure becomes the first, headline column; see simeval recommend",
    )
    p.add_argument(
        "--k", type=int, default=None, help="k of the task's k-best (default 10); with --task"
    )
    add_ceiling_options(p)
    add_output_options(p)
    add_document_options(p)
    declare_files(p, folders=("semeval_dir", "runs_dir"))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``simeval evaluate``: read the gold and the systems, evaluate them with every
    metric asked for (and the human ceiling with ``--raters``) and write the result; with
    ``--semeval-dir`` and ``--runs-dir``, every SemEval set and the aggregates.

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
    One swap of the gold's 4 and 5: ``r = 16.5 / 17.5 ≈ 0.9429``:

    >>> import tempfile
    >>> from pathlib import Path
    >>> from simeval.cli import main
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "gold.txt").write_text("0\\n1\\n2\\n3\\n4\\n5\\n")
    >>> _ = (d / "a.txt").write_text("0\\n1\\n2\\n3\\n5\\n4\\n")
    >>> main(["evaluate", str(d / "gold.txt"), "--system", f"a={d / 'a.txt'}",
    ...       "--metric", "pearson", "-o", str(d / "out.csv"), "-q"])
    0
    >>> (d / "out.csv").read_text().splitlines()[1].split(",")[:4]
    ['a', 'pearson', '', '0.9428571428571428']
    """
    check_ceiling_options(args)
    if args.semeval_dir or args.runs_dir:
        return run_semeval(args)
    gold, systems, options = load_inputs(args)
    ceiling = human_ceiling_of(args, gold, systems)
    metrics = task_metrics(args)
    # a bar only where it helps: millions of pair scores to go through
    bar = ProgressBar("evaluate", progress_enabled(args) and gold.size * len(systems) >= 2e6)
    with bar:
        ev = _evaluate_with(gold, systems, options, metrics, bar)
    headline = ev.metrics[0].name if args.task else None

    def document(scores: bool | None) -> dict[str, Any]:
        doc = evaluation_document(ev, dataset=data_name(args), scores=scores)
        return doc if ceiling is None else {**doc, "human_ceiling": ceiling.as_dict()}

    def text() -> str:
        if ceiling is None:
            return format_evaluation(ev, args.format, args.digits, headline=headline)
        return with_ceiling(ev, ceiling, args.format, args.digits, headline=headline)

    emit_document(args, document, text)
    note_evaluation(args, ev, options)
    return 0


def _evaluate_with(
    gold: NDArray[np.float64],
    systems: dict[str, Any],
    options: Options,
    metrics: list[str] | None,
    progress: ProgressBar,
) -> Evaluation:
    return evaluate(gold, systems, metrics=metrics, options=options, progress=progress)


def data_name(args: argparse.Namespace) -> str:
    """What the page calls the data: the registered data set, else the gold file's name."""
    return str(args.dataset) if getattr(args, "dataset", None) else Path(args.gold).name


def task_metrics(args: argparse.Namespace) -> list[str] | None:
    """``--metric`` as given; with ``--task``, the recommended measure first (headline)."""
    if not args.task:
        if args.k is not None:
            raise DataError("--k sets the k of a k-best --task; give --task too, or drop --k")
        return args.metric
    from ..meta.recommend import parse_task
    from ..metrics.registry import get_metric

    rec = parse_task(args.task, k=10 if args.k is None else args.k)
    note(args, f"task ({rec.task}): headline measure {rec.measure} — {rec.explanation}")
    head = get_metric(rec.measure).name
    rest = [m for m in (args.metric or DEFAULT_METRICS) if get_metric(m).name != head]
    return [head, *rest]


def run_semeval(args: argparse.Namespace) -> int:
    """``--semeval-dir`` mode: every set, then the aggregates, per metric."""
    from ..runs.semeval import evaluate_semeval
    from ..runs.semeval_files import read_gold_dir, read_runs_dir

    if not (args.semeval_dir and args.runs_dir):
        raise DataError("--semeval-dir and --runs-dir go together; give both")
    if args.gold or args.system or args.dataset:
        raise DataError("--semeval-dir replaces GOLD, --dataset and --system; drop them")
    if (args.bins or "").startswith("labels:"):
        raise DataError("--bins labels:COLUMN needs a gold table; SemEval gold files have none")
    gold = read_gold_dir(args.semeval_dir)
    runs = read_runs_dir(args.runs_dir, gold, nan_policy=args.nan_policy)
    options = options_from_args(args)
    if options.scale is None:
        note(args, "no --scale given: using the STS scale 0–5")
    ev = evaluate_semeval(gold, runs, metrics=task_metrics(args), options=options)
    skipped = sum(ev.skipped.values())
    if skipped:
        note(
            args,
            f"skipped {skipped} unscored pair(s) (blank gold lines): "
            + ", ".join(f"{k} {v}" for k, v in ev.skipped.items()),
        )
    emit_document(
        args, lambda _: semeval_document(ev), lambda: format_semeval(ev, args.format, args.digits)
    )
    return 0
