"""``simeval wordsim``: evaluate word vectors on word-similarity sets, as R wordspace does."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..datasets import wordsim as registry
from ..errors import InputError
from ..report.wordsim import details_tsv, format_wordsim, wordsim_figure
from ..vectors.read import VECTOR_FORMATS, Vectors, read_vectors, vector_files
from ..wordsim import (
    AVG_METHODS,
    BATCH_SIZE,
    METHODS,
    RANKS,
    WordsimResult,
    convert_lemma,
    evaluate,
    signature,
)
from ._common import (
    ProgressBar,
    add_output_options,
    declare_files,
    emit,
    non_negative_int,
    note,
    progress_enabled,
)
from ._options import positive_int
from .ceiling import wordsim_ceilings, wordsim_ratings
from .wordsim_checks import check_options, check_word_forms

__all__ = ["register", "run"]


def register(subparsers: Any) -> None:
    """Add the ``wordsim`` command to ``subparsers``, the subcommands of the ``simeval`` parser:
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
    >>> list(commands.choices), commands.choices["wordsim"].get_default("func") is run
    (['wordsim'], True)
    """
    parser = subparsers.add_parser(
        "wordsim",
        help="word-similarity evaluation of word vectors (R wordspace parity)",
        description=(
            "Correlate the distances of word vectors with human similarity ratings, "
            "exactly as R wordspace's eval.similarity.correlation: |rho|, its p-value, "
            "missing pairs, |r| and its 95% CI."
        ),
    )
    parser.add_argument(
        "--vectors",
        required=True,
        metavar="FILE",
        help="word2vec/GloVe text (.gz ok), word2vec .bin, or .npy + vocab",
    )
    parser.add_argument(
        "--vectors-format",
        choices=VECTOR_FORMATS,
        default="auto",
        help="vector file format (default: by extension)",
    )
    parser.add_argument(
        "--vocab",
        metavar="FILE",
        help="vocabulary file of .npy vectors, one word a line (default: none)",
    )
    parser.add_argument(
        "--dataset",
        action="append",
        default=[],
        metavar="NAME",
        help="registered dataset (repeatable); see 'simeval datasets'",
    )
    parser.add_argument(
        "--pairs",
        action="append",
        default=[],
        metavar="FILE",
        help="your own pairs file: word1, word2, score (repeatable)",
    )
    parser.add_argument(
        "--word1", default="word1", help="--pairs column of the first word (default: word1)"
    )
    parser.add_argument(
        "--word2", default="word2", help="--pairs column of the second word (default: word2)"
    )
    parser.add_argument(
        "--score", default="score", help="--pairs column of the gold score (default: score)"
    )
    parser.add_argument(
        "--method",
        choices=METHODS,
        default="cosine",
        help="distance measure (default: cosine, as an angle in degrees)",
    )
    parser.add_argument(
        "--p",
        type=float,
        help="exponent p ≥ 0 of --method minkowski, as R wordspace's: 0 ≤ p < 1 without the "
        "root, 0 the number of coordinates that differ (Hamming); inf gives maximum "
        "(default: 2)",
    )
    parser.add_argument(
        "--similarity",
        action="store_true",
        help="with --method cosine: the cosine similarity instead of the angle in degrees "
        "(wordspace convert=FALSE)",
    )
    parser.add_argument(
        "--rank",
        choices=RANKS,
        default="none",
        help="use the neighbour rank of the second word among all rows ordered by distance "
        "from the first (fwd), of the first from the second (bwd) or their mean (avg) "
        "instead of the distance (default: none)",
    )
    parser.add_argument(
        "--avg-method",
        choices=AVG_METHODS,
        help="with --rank avg: how the two ranks are averaged (default: arithmetic)",
    )
    parser.add_argument(
        "--strip-pos",
        nargs="?",
        const="task",
        choices=("task", "vectors"),
        help="strip POS tags (word_N -> word) from the task words (--strip-pos or "
        "--strip-pos task) or from the vector vocabulary (--strip-pos vectors; the first "
        "row per word is kept); default: no stripping",
    )
    parser.add_argument(
        "--restrict-to-task",
        action="store_true",
        help="keep only the rows the pairs need (fast; changes neighbour "
        "ranks, which are taken among all rows)",
    )
    parser.add_argument(
        "--batch-size",
        type=positive_int,
        default=BATCH_SIZE,
        metavar="N",
        help="distances computed per batch, which bounds the memory: 8 bytes each "
        "(default: 10000000, as wordspace)",
    )
    parser.add_argument(
        "--raters",
        nargs="?",
        const="",
        metavar="COLS",
        help="also report the human ceiling: the raters' agreement (IAA-1, IAA-2, "
        "split-half) and the model beside it; a registered set (ws353, simverb3500) knows "
        "its rater file; for --pairs files give the raters' columns: names, numbers 1, 2, … "
        "(a header name first) or ranges, e.g. 4-16 or r1-r10",
    )
    parser.add_argument(
        "--rating-slots",
        action="store_true",
        help="with --raters COLS: the columns hold each pair's 1st, 2nd … rating, not the "
        "same rater on every pair (IAA-1 is then undefined)",
    )
    parser.add_argument(
        "--bootstrap",
        type=non_negative_int,
        default=None,
        metavar="B",
        help="with --raters: bootstrap resamples of the pairs for the intervals (default "
        "1000; 0: none)",
    )
    parser.add_argument(
        "--seed",
        type=non_negative_int,
        default=None,
        help="with --raters: random seed of the bootstrap and the split halves (default 0)",
    )
    parser.add_argument(
        "--details", metavar="FILE", help="also write the per-pair table to FILE (TSV)"
    )
    parser.add_argument(
        "--plot",
        metavar="FILE.png",
        help="also draw gold rating vs model value to FILE.png (needs simeval[plot])",
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="read registered datasets from DIR (or its subfolders), no download",
    )
    add_output_options(parser)
    declare_files(
        parser,
        inputs=("vocab", "pairs"),  # --vectors: read_by names its files
        folders=("data_dir",),
        outputs=("details", "plot"),
        read_by={"vectors": _vector_inputs, "dataset": _dataset_inputs},
        extras={"plot": ("matplotlib", "plot")},
    )
    parser.set_defaults(func=run)


def _vector_inputs(value: str, args: argparse.Namespace) -> tuple[Path, ...]:
    """The files ``--vectors`` reads: the file and, for ``.npy``, its vocabulary."""
    return vector_files(value, format=args.vectors_format, vocab=args.vocab)


def _dataset_inputs(value: str, args: argparse.Namespace) -> tuple[Path, ...]:
    """The folder a registered ``--dataset`` is read from (``--data-dir`` or the cache)."""
    return registry.inputs(value, data_dir=args.data_dir)


def _load_tasks(args: argparse.Namespace) -> list[registry.WordPairs]:
    if not args.dataset and not args.pairs:
        raise InputError("give at least one --dataset NAME or --pairs FILE")
    tasks = [registry.load(name, data_dir=args.data_dir) for name in args.dataset]
    for path in args.pairs:
        tasks.append(
            registry.read_pairs(path, word1=args.word1, word2=args.word2, score=args.score)
        )
    return tasks


def _task_words(tasks: list[registry.WordPairs], strip: bool) -> set[str]:
    words: set[str] = set()
    for t in tasks:
        w = list(t.word1) + list(t.word2)
        words.update(convert_lemma(w, "HW") if strip else w)
    return words


def _read(args: argparse.Namespace, tasks: list[registry.WordPairs]) -> Vectors:
    strip_task = args.strip_pos == "task"
    keep = None
    if args.restrict_to_task and args.strip_pos != "vectors":
        keep = _task_words(tasks, strip_task)
    vectors = read_vectors(
        args.vectors, format=args.vectors_format, vocab=args.vocab, restrict_to=keep
    )
    if args.strip_pos == "vectors":
        before = len(vectors)
        vectors = vectors.relabel(convert_lemma(vectors.words, "HW"))
        note(
            args,
            f"--strip-pos vectors: {before} rows -> {len(vectors)} words (first row kept per word)",
        )
        if args.restrict_to_task:
            vectors = vectors.restrict(_task_words(tasks, False))
    if keep is not None:
        note(
            args,
            f"--restrict-to-task: kept {len(vectors)} rows; neighbour ranks are "
            "taken among these rows only",
        )
    return vectors


def _report_unknown(args: argparse.Namespace, res: WordsimResult) -> None:
    if res.reason:
        note(args, f"{res.name}: correlations are NaN: {res.reason}")
    if res.missing:
        shown = ", ".join(res.unknown_words[:8])
        more = " …" if len(res.unknown_words) > 8 else ""
        note(
            args,
            f"{res.name}: {res.missing} of {res.n} pairs missing; "
            f"{len(res.unknown_words)} unknown words: {shown}{more}",
        )


def run(args: argparse.Namespace) -> int:
    """Run ``simeval wordsim``: evaluate word vectors on word-similarity sets as R
    wordspace does, with the human ceiling when ``--raters`` is given.

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
    cat–dog and dog–car are 45° apart, cat–car 90°: the angles rank the pairs (tied) as
    the gold 8, 5, 2 does, and Spearman's ρ of ``[8, 2, 5]`` with ``[−45, −90, −45]`` is
    ``0.866``:

    >>> import tempfile
    >>> from pathlib import Path
    >>> from simeval.cli import main
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "vectors.txt").write_text("cat 1 0\\ndog 1 1\\ncar 0 1\\n")
    >>> _ = (d / "pairs.tsv").write_text(
    ...     "word1\\tword2\\tscore\\ncat\\tdog\\t8\\ncat\\tcar\\t2\\ndog\\tcar\\t5\\n")
    >>> main(["wordsim", "--vectors", str(d / "vectors.txt"), "--pairs", str(d / "pairs.tsv"),
    ...       "-o", str(d / "ws.csv"), "-q"])
    0
    >>> (d / "ws.csv").read_text().splitlines()[1].split(",")[:4]
    ['pairs', '3', '0', '0.8660254037844387']
    """
    check_options(args)
    tasks = _load_tasks(args)
    ratings = wordsim_ratings(args) if args.raters is not None else None
    vectors = _read(args, tasks)
    check_word_forms(args, tasks, vectors)
    fmt = "HW" if args.strip_pos == "task" else None
    sig = signature(
        method=args.method,
        p=args.p,
        similarity=args.similarity,
        rank=args.rank,
        avg_method=args.avg_method,
        format=fmt,
    )
    results = []
    for t in tasks:
        bar = ProgressBar(
            f"{t.name}: neighbour ranks", args.rank != "none" and progress_enabled(args)
        )
        with bar:
            res = evaluate(
                t,
                vectors,
                method=args.method,
                p=args.p,
                similarity=args.similarity,
                rank=args.rank,
                avg_method=args.avg_method,
                format=fmt,
                batch_size=args.batch_size,
                progress=bar,
            )
        _report_unknown(args, res)
        results.append(res)
    ceilings = None if ratings is None else wordsim_ceilings(args, ratings, results)
    if args.details:
        emit(details_tsv(results), args.details)
    if args.plot:
        fig = wordsim_figure(results)
        kind = Path(args.plot).suffix[1:].lower() or "png"
        emit(lambda tmp: fig.savefig(tmp, format=kind, dpi=120, bbox_inches="tight"), args.plot)
    label = f"{Path(args.vectors).name} ({len(vectors)} x {vectors.dim})"
    emit(format_wordsim(results, sig, label, args.format, args.digits, ceilings), args.output)
    return 0
