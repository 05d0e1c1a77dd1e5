"""``simeval run``: from models and data set names to a verdict, here or on a cluster."""

from __future__ import annotations

import argparse
from typing import Any

from .._validate import NAN_POLICIES
from ._common import (
    ProgressBar,
    add_output_options,
    add_outputs,
    emit,
    non_negative_int,
    note,
    progress_enabled,
)
from ._options import add_seed_option, positive_int
from .calibration import add_calibration_options, calibration_from_args
from .documents import add_document_options, emit_document
from .inputs import DEFAULTS
from .models import add_models_and_data, note_unscored, scorer_options

__all__ = ["register", "run"]


def _protocols(text: str) -> str:
    """argparse type of ``--protocol``: a protocol, ``all``, or several comma-separated."""
    from ..errors import SimevalError
    from ..runs.protocols import protocols_of

    try:
        return ",".join(p.name for p in protocols_of(text))
    except SimevalError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``run`` command to ``sub``, the subcommands of the ``simeval`` parser:
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
    >>> list(commands.choices), commands.choices["run"].get_default("func") is run
    (['run'], True)
    """
    from ..runs.protocols import PROTOCOLS, SIDE_BY_SIDE
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
        type=_protocols,
        default="mteb",
        metavar="NAME",
        help=f"whose conventions to follow: {', '.join(PROTOCOLS)} (default mteb); several "
        f"comma-separated, or all ({','.join(SIDE_BY_SIDE)}), print each model's numbers "
        "under each convention side by side, with what each does differently",
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
    add_seed_option(p, "the bootstrap resamples")
    p.add_argument(
        "--nan-policy",
        choices=NAN_POLICIES,
        default=DEFAULTS.nan_policy,
        help="pairs a model leaves without a score (a static-vector model that knows no word "
        "of a text): raise an error (default) or omit them from that model's measures; a "
        "model with no score at all is always an error",
    )
    p.add_argument(
        "--executor",
        default="local",
        metavar="WHERE",
        help="where the tasks (model x data set x shard) run: local (here, the default), "
        "dask (a Dask cluster started on this machine) or dask://HOST:PORT (a running "
        "Dask scheduler); needs pip install 'simeval[dask]'",
    )
    p.add_argument(
        "--shards",
        type=positive_int,
        default=1,
        metavar="N",
        help="score each data set in N contiguous slices, one task each (default 1)",
    )
    add_calibration_options(p, run=True)
    add_output_options(p)
    fmt = next(a for a in p._actions if a.dest == "format")
    fmt.choices = (*(fmt.choices or ()), "mteb")
    fmt.help = f"{fmt.help}; mteb: one JSON file per model and task in MTEB's results layout"
    p.add_argument(
        "--output-dir",
        metavar="DIR",
        help="with --format mteb: the folder of MTEB's layout (ORG__NAME/REVISION/TASK.json)",
    )
    p.add_argument(
        "--resume",
        action="store_true",
        help="with --format mteb: read back each model's scores on a data set that "
        "--output-dir holds with an equal signature, instead of scoring it again",
    )
    add_document_options(p)
    p.set_defaults(func=run)


def _check_mteb(args: argparse.Namespace) -> None:
    import os

    from ._common import CommandLineError

    mteb = args.format == "mteb"
    if mteb and not args.output_dir:
        raise CommandLineError(
            "--format mteb writes one file per model and task: give --output-dir"
        )
    if mteb and args.protocol != "mteb":
        raise CommandLineError(
            f"--format mteb writes MTEB's scores: use --protocol mteb (not {args.protocol})"
        )
    if not mteb and (args.output_dir or args.resume):
        flag = "--output-dir" if args.output_dir else "--resume"
        raise CommandLineError(f"{flag} goes with --format mteb")
    if mteb:  # the files' folder checked against the inputs before any work
        add_outputs("--output-dir", [os.path.join(args.output_dir, "TASK.json")], make_folders=True)


def _note_calibration(args: argparse.Namespace, res: Any) -> None:
    """One line on how the measures of a gold value saw the models' scores."""
    calibrated = {d: c for d, c in res.calibration.items() if c != "none"}
    if calibrated and any(ev.calibration and any(ev.calibration.values())
                          for ev in res.evaluations.values()):  # fmt: skip
        how = "; ".join(f"{d}: {c}" for d, c in calibrated.items())
        note(args, "the measures of a gold value (errors, low/high F1) read the models' "
             f"scores calibrated onto the gold scale ({how}); --calibrate none for the "
             "linear map of their range")  # fmt: skip


def run(args: argparse.Namespace) -> int:
    """Run ``simeval run``: score every ``--model`` on every ``--dataset`` and report
    them under ``--protocol`` (:func:`simeval.runs.run.run`), with the MTEB result files
    under ``--output-dir`` when asked.

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
    An unknown data set is refused before any model runs, in one line on stderr:

    >>> from simeval.cli import main
    >>> main(["run", "--model", "lexical:jaccard", "--dataset", "nope", "-q"])
    2
    """
    import os

    from ..report.run import format_run
    from ..report.schema import mteb_task_results, run_document
    from ..runs.assembly import unscored_reason
    from ..runs.run import run as run_models

    _check_mteb(args)
    mteb = args.format == "mteb"
    if mteb:
        args.format = "table"  # the table on standard output, the files in --output-dir
    bar = ProgressBar("scoring", progress_enabled(args), unit="texts")
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
            scorer_options=scorer_options(args),
            executor=args.executor,
            shards=args.shards,
            resume=args.output_dir if args.resume else None,
            calibrate=calibration_from_args(args, read_file=False),
            calibrate_on=args.calibrate_on,
        )
    for (dataset, model), k in res.unscored.items():
        n = int(res.scores[(dataset, model)].size)
        why = unscored_reason(res.scorers[model])
        what = "left out of its measures (--nan-policy omit)"
        note_unscored(args, model, dataset, k, n, why, what)
    if args.bootstrap == 0 and len(args.model) > 1:
        note(args, "--bootstrap 0: no intervals, clusters or paired tests")
    for message in res.notes:
        note(args, message)
    if args.protocol == "simeval" or getattr(args, "html", None):
        _note_calibration(args, res)
    if res.resumed:
        done = ", ".join(f"{m} on {d}" for d, m in sorted(res.resumed))
        note(args, f"read back from --output-dir (equal signatures): {done}")
    if mteb:
        from ..report.tables import to_json

        files = {os.path.join(args.output_dir, p): doc for p, doc in mteb_task_results(res).items()}
        add_outputs("--output-dir", files, make_folders=True)
        for path, doc in files.items():
            emit(to_json(doc), path)
    emit_document(
        args,
        lambda scores: run_document(res, scores=scores),
        # the text shows no per-pair score (the collection is computed with or without)
        lambda: format_run(run_document(res, scores=False), args.format, args.digits),
    )
    return 0
