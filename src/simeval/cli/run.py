"""``simeval run``: from models and data set names to a verdict, here or on a cluster."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from ._common import (
    ProgressBar,
    add_output_options,
    add_outputs,
    declare_files,
    emit,
    non_negative_int,
    note,
    progress_enabled,
)
from .calibration import add_calibration_options, calibration_from_args
from .documents import add_document_options, emit_document
from .files import dataset_inputs, model_inputs

__all__ = ["add_model_options", "add_models_and_data", "note_unscored", "register", "run"]


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


def positive_int(text: str) -> int:
    """argparse type for sizes: an integer ≥ 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not positive; give an integer ≥ 1")
    return value


def add_models_and_data(p: argparse.ArgumentParser, many: bool) -> None:
    """``--model``, ``--dataset`` (each repeatable when ``many``, else given once) and
    ``--data-dir``, with the files behind them declared as inputs, and
    :func:`add_model_options`.

    Parameters
    ----------
    p : argparse.ArgumentParser
        The command's parser.
    many : bool
        Several models and data sets (``run``), or one each (``score``).

    Examples
    --------
    >>> p = argparse.ArgumentParser()
    >>> add_models_and_data(p, many=True)
    >>> p.parse_args(["--model", "minilm", "--model", "lexical:edit", "--dataset", "sts12"]).model
    ['minilm', 'lexical:edit']
    """
    p.add_argument(
        "--model",
        action="append" if many else _Once,
        required=True,
        metavar="NAME",
        help="a scorer: minilm, st:FOLDER or st:ORG/NAME[@REVISION] (a model of the local "
        "Hugging Face cache), lexical:jaccard|word-tfidf|char-tfidf|edit|token-set, "
        "static:VECTORS, sif:VECTORS, wmd:VECTORS, model2vec:FOLDER"
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
    add_model_options(p)


def add_model_options(p: argparse.ArgumentParser) -> None:
    """How the models run: ``--device``, ``--batch-size``, ``--prompt``,
    ``--prompt-name``, ``--similarity`` (each given to the models that take it).

    Parameters
    ----------
    p : argparse.ArgumentParser
        The command's parser.

    Examples
    --------
    >>> p = argparse.ArgumentParser()
    >>> add_model_options(p)
    >>> args = p.parse_args(["--device", "cpu", "--batch-size", "8"])
    >>> args.device, args.batch_size
    ('cpu', 8)
    """
    from ..scorers import SIMILARITIES
    from ..scorers.loading import DEVICES

    p.add_argument(
        "--device",
        choices=DEVICES,
        help="where sentence-transformers models run (default cpu; auto: a GPU when torch "
        "sees one)",
    )
    p.add_argument(
        "--batch-size",
        type=positive_int,
        metavar="N",
        help="texts encoded at a time by sentence-transformers models (default 32)",
    )
    prompt = p.add_mutually_exclusive_group()
    prompt.add_argument(
        "--prompt",
        metavar="TEXT",
        help="an instruction put before every text, for instruction models "
        "(sentence-transformers' prompt)",
    )
    prompt.add_argument(
        "--prompt-name",
        metavar="NAME",
        help="the name of one of the model's own prompts (sentence-transformers' prompt_name)",
    )
    p.add_argument(
        "--similarity",
        choices=SIMILARITIES,
        help="how two embeddings compare (default: the model's own, else cosine); for "
        "sentence-transformers, model2vec, static and sif models",
    )


def scorer_options(args: argparse.Namespace) -> dict[str, Any]:
    """The model options given on the command line (those not given are left out)."""
    names = ("device", "batch_size", "prompt", "prompt_name", "similarity")
    return {k: getattr(args, k) for k in names if getattr(args, k, None) is not None}


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


def note_unscored(args: argparse.Namespace, model: str, dataset: str, k: int, n: int, why: str,
                  what: str) -> None:  # fmt: skip
    """The coverage note: ``k`` of the ``n`` pairs of ``dataset`` have no score.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line (``quiet``).
    model, dataset : str
        The labels.
    k, n : int
        Pairs without a score, of how many.
    why : str
        Why they have none.
    what : str
        What becomes of them.

    Examples
    --------
    >>> args = argparse.Namespace(quiet=False)
    >>> note_unscored(args, "static:v.txt", "rg65", 2, 65, "no vector", "left out")
    >>> args._notes
    ['static:v.txt on rg65: 2 of 65 pairs have no score (no vector); left out']
    """
    if k:
        note(args, f"{model} on {dataset}: {k} of {n} pairs have no score ({why}); {what}")


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
    from ..runs.result import unscored_reason
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
        lambda: format_run(run_document(res, scores=False), args.format, args.digits),
    )
    return 0
