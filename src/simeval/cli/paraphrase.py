"""``simeval paraphrase``: EP, EPR and DIMPLE of paraphrase patterns (Shima & Mitamura 2011).

::

    simeval paraphrase patterns.tsv --k 1 --k 5 --k 10 --judgment strict
    simeval paraphrase patterns.tsv --explain killed
    simeval paraphrase patterns.tsv --extrinsic task_scores.tsv   # Shima & Mitamura 2011 Tables 2–3
    simeval paraphrase patterns.tsv --recognize msrp:test --data-dir ../shared/data  # §3.4
"""

from __future__ import annotations

import argparse

from ..paraphrase.recognition import MEASURES, TOP_K
from ..report.paraphrase import (
    csv_signature,
    format_explanation,
    format_patterns,
    format_recognition,
    task_scores_tsv,
)
from ..report.schema import paraphrase_document
from ..report.tables import to_json
from ._common import (
    CommandLineError,
    add_output_options,
    declare_files,
    emit,
    note,
)
from ._options import add_bootstrap_option, add_seed_option, level, positive_int
from .files import dataset_inputs

__all__ = ["register", "run"]

DEFAULT_KS = (1, 5, 10)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``paraphrase`` command to ``subparsers``, the subcommands of the ``simeval`` parser:
    its options, the files it reads and writes (:func:`~simeval.cli._common.declare_files`)
    and :func:`run` as what it does.

    Parameters
    ----------
    subparsers : argparse._SubParsersAction
        The subcommands of the ``simeval`` parser.

    Examples
    --------
    >>> import argparse
    >>> commands = argparse.ArgumentParser().add_subparsers(dest="command")
    >>> register(commands)
    >>> list(commands.choices), commands.choices["paraphrase"].get_default("func") is run
    (['paraphrase'], True)
    """
    parser = subparsers.add_parser(
        "paraphrase",
        help="EP, EPR and DIMPLE of ranked paraphrase patterns; meta-evaluation",
        description=(
            "Score ranked paraphrases of source terms with EP_k, EPR_k and DIMPLE_k "
            "(Shima & Mitamura 2011) per set and source term, explain a term's D, or "
            "correlate the metrics with extrinsic task scores per set (Tables 2-3)."
        ),
    )
    parser.add_argument("file", metavar="FILE", help="patterns: TSV, CSV or JSONL")
    parser.add_argument(
        "--k",
        type=positive_int,
        action="append",
        metavar="K",
        help="cut-off: score the top K patterns of each term; repeat for several "
        "(default: 1, 5 and 10)",
    )
    parser.add_argument(
        "--judgment",
        choices=("strict", "lenient"),
        help="which Q to use when the file has both (default: strict for the scores; "
        "both for --extrinsic)",
    )
    parser.add_argument(
        "--column",
        action="append",
        default=[],
        metavar="NAME=COL",
        help="read logical column NAME (set, source, rank, paraphrase, labels, q, "
        "labels_strict, …) from file column COL",
    )
    parser.add_argument(
        "--stopwords",
        metavar="FILE",
        help="stop-word list, one word a line (default: the NLTK English list shipped with "
        "simeval)",
    )
    parser.add_argument(
        "--explain",
        metavar="TERM",
        help="instead of scores, show each pattern of source term TERM with its content "
        "words, stems and lexical diversity D (Algorithm 1)",
    )
    parser.add_argument("--set", dest="set_name", metavar="NAME", help="with --explain: one set")
    parser.add_argument(
        "--extrinsic",
        metavar="FILE",
        help="also correlate the metrics with per-set task scores from FILE: a set "
        "column and one column per task data set",
    )
    parser.add_argument(
        "--recognize",
        action="append",
        default=[],
        metavar="NAME",
        help="score each set by paraphrase recognition on registered sentence pairs NAME "
        "with 0/1 labels (e.g. msrp:test; Shima & Mitamura 2011, section 3.4: a selected "
        "pair is identified when the source occurs on one side and its stems or one of the "
        f"top {TOP_K} paraphrases on the other) and correlate the metrics with it; "
        "repeatable",
    )
    parser.add_argument(
        "--measure",
        choices=MEASURES,
        default=MEASURES[0],
        help="with --recognize: the task score of a set (default: recall, the paper's "
        "'ratio of pairs correctly identified as paraphrases')",
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="with --recognize: read the registered data set from DIR (or its subfolders)",
    )
    parser.add_argument(
        "--task-scores",
        metavar="FILE",
        help="with --recognize: also write the per-set task scores to FILE (TSV, readable "
        "by --extrinsic)",
    )
    add_bootstrap_option(parser, "the sets, for the interval of each r (with --extrinsic)")
    add_seed_option(parser, "the bootstrap resampling")
    parser.add_argument(
        "--confidence",
        type=level,
        default=0.95,
        help="level of the bootstrap interval of each r (default: 0.95)",
    )
    add_output_options(parser)
    declare_files(
        parser,
        inputs=("file", "stopwords", "extrinsic"),
        folders=("data_dir",),
        outputs=("task_scores",),
        read_by={"recognize": dataset_inputs},
    )
    parser.set_defaults(func=run)


def _columns(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        name, sep, col = pair.partition("=")
        if not sep or not name.strip() or not col.strip():
            raise CommandLineError(
                f"--column takes NAME=COL (e.g. paraphrase=pattern); got {pair!r}"
            )
        out[name.strip()] = col.strip()
    return out


def run(args: argparse.Namespace) -> int:
    """Run ``simeval paraphrase``: EP, EPR and DIMPLE of ranked paraphrase patterns
    and, with ``--extrinsic``, how well each measure predicts task scores.

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
    Three of the four top patterns are correct (strict judgments): ``EP@4 = 3/4``:

    >>> import tempfile
    >>> from pathlib import Path
    >>> from simeval.cli import main
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "killed.tsv").write_text(
    ...     "set\\tsource\\trank\\tparaphrase\\tlabels_strict\\tlabels_lenient\\n"
    ...     "g\\tkilled\\t1\\tshot and killed\\t1,1\\t1,1\\n"
    ...     "g\\tkilled\\t2\\treported killed\\t1,1\\t1,1\\n"
    ...     "g\\tkilled\\t3\\tkilled in\\t0,0\\t1,1\\n"
    ...     "g\\tkilled\\t4\\tassassinated\\t1,1\\t1,1\\n")
    >>> main(["paraphrase", str(d / "killed.tsv"), "--k", "4", "-o", str(d / "pp.csv"), "-q"])
    0
    >>> (d / "pp.csv").read_text().splitlines()[1]
    'g,killed,ep,4,0.75'
    """
    from .. import paraphrase as pp

    if args.set_name is not None and args.explain is None:
        raise CommandLineError("--set only applies with --explain TERM")
    if args.explain is not None and (args.recognize or args.extrinsic):
        raise CommandLineError("--explain shows one term; drop --recognize/--extrinsic")
    if not args.recognize:
        for option, value, default in (
            ("--measure", args.measure, MEASURES[0]),
            ("--data-dir", args.data_dir, None),
            ("--task-scores", args.task_scores, None),
        ):
            if value != default:
                raise CommandLineError(f"{option} only applies with --recognize NAME")
    patterns = pp.read_patterns(args.file, columns=_columns(args.column))
    analyzer = pp.default_analyzer(args.stopwords)
    ks = tuple(args.k) if args.k else DEFAULT_KS
    judgment = args.judgment
    if judgment is None and len(patterns.judgments) > 1:
        judgment = "strict" if "strict" in patterns.judgments else patterns.judgments[-1]
        if args.explain is None and (args.extrinsic is None or args.format == "json"):
            note(
                args,
                f"{args.file} has {' and '.join(patterns.judgments)} judgments; "
                f"scores use {judgment} (choose with --judgment)",
            )
    if args.explain is not None:
        rows = pp.explain(
            patterns, args.explain, set=args.set_name, judgment=judgment, analyzer=analyzer
        )
        j = patterns.resolve_judgment(judgment)  # the signature alone: nothing else scored
        signature = pp.metrics.signature(j, analyzer)
        text = format_explanation(rows, args.explain, j, signature, args.format, args.digits)
    else:
        scores = pp.score_patterns(patterns, ks=ks, judgment=judgment, analyzer=analyzer)
        meta = None
        extrinsic = pp.read_extrinsic(args.extrinsic) if args.extrinsic else {}
        recognitions = _recognize(args, patterns, analyzer, extrinsic)
        if extrinsic:
            meta = pp.meta_evaluate(
                patterns,
                extrinsic,
                ks=ks,
                judgments=[args.judgment] if args.judgment else None,
                n_boot=args.bootstrap,
                confidence_level=args.confidence,
                seed=args.seed,
                analyzer=analyzer,
            )
        if args.format == "json":
            text = to_json(paraphrase_document(scores, meta, recognitions, args.measure))
        else:
            text = format_patterns(scores, meta, args.format, args.digits)
            if recognitions:
                text = format_recognition(
                    text, recognitions, args.measure, args.format, args.digits
                )
        if args.format == "csv":
            note(args, f"signature: {csv_signature(scores, meta)}")
    emit(text, args.output)
    return 0


def _recognize(args: argparse.Namespace, patterns, analyzer, extrinsic: dict) -> list:
    """Recognition on each ``--recognize`` data set; its scores join ``extrinsic``."""
    from .. import paraphrase as pp

    out = []
    for name in dict.fromkeys(args.recognize):
        if name in extrinsic:
            raise CommandLineError(
                f"--recognize {name} and a column {name!r} of --extrinsic: rename the column"
            )
        rec = pp.recognize(patterns, name, analyzer=analyzer, data_dir=args.data_dir)
        extrinsic[name] = rec.task_scores(args.measure)
        out.append(rec)
    if args.task_scores:
        emit(task_scores_tsv(out, args.measure), args.task_scores)
    return out
