"""``simeval datasets``: the registered datasets, and which are cached or in ``--data-dir``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..datasets import wordsim as registry
from ..io.hashing import file_sha256
from ..report.datasets import format_datasets, format_sentence_datasets
from ._common import add_output_options, declare_files, emit, note

__all__ = ["register", "run"]


def register(subparsers: Any) -> None:
    """Add the ``datasets`` command to ``subparsers``, the subcommands of the ``simeval`` parser:
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
    >>> list(commands.choices), commands.choices["datasets"].get_default("func") is run
    (['datasets'], True)
    """
    parser = subparsers.add_parser(
        "datasets",
        help="list the known word-similarity or sentence-pair datasets and which are cached",
        description=(
            "List the registered gold standards with their size, scale and licence, and "
            "whether each file is in the cache ($SIMEVAL_HOME, default the user cache "
            "folder) or in --data-dir. --fetch downloads and verifies files."
        ),
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="look for the files in DIR and its subfolders instead of the cache; "
        "nothing is downloaded",
    )
    parser.add_argument(
        "--fetch",
        nargs="+",
        metavar="NAME",
        help="download (and checksum) these datasets into the cache; 'all' for every one",
    )
    parser.add_argument(
        "--citations",
        action="store_true",
        help="list each dataset's citation and licence (URLs and SHA-256 digests: with "
        "--format json)",
    )
    parser.add_argument(
        "--sentences",
        action="store_true",
        help="list (and --fetch) the sentence-pair sets (STS Benchmark, SICK, SemEval STS "
        "2012-2016) that simeval run --dataset takes, instead of the word-similarity sets",
    )
    add_output_options(parser, digits=False)  # names, counts and citations
    declare_files(parser, folders=("data_dir",), reads=_stores)
    parser.set_defaults(func=run)


def _stores(args: argparse.Namespace) -> list[tuple[str, Path]]:
    """The cache folders the command lists and fills (without --data-dir)."""
    from ..datasets.files import store_inputs

    if args.data_dir:
        return []
    return [("the cache", p) for f in ("wordsim", "sentences") for p in store_inputs(folder=f)]


def run(args: argparse.Namespace) -> int:
    """Run ``simeval datasets``: list the registered word-similarity (or, with
    ``--sentences``, sentence-pair) data sets and whether each is cached, or fetch them.

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
    >>> main(["datasets", "-o", str(d / "sets.csv"), "-q"])
    0
    >>> (d / "sets.csv").read_text().splitlines()[:2]
    ['name,title,pairs,scale,kind,cached', 'rg65,RG-65,65,0-4,similarity,no']
    """
    if args.sentences:
        return _run_sentences(args)
    if args.fetch:
        names = list(registry.DATASETS) if "all" in args.fetch else args.fetch
        for name in names:
            fetched = registry.fetch(name, data_dir=args.data_dir)
            note(args, f"{registry.get(name).name}: {fetched}")
    datasets = registry.describe()
    paths = [_verified(args, ds) for ds in datasets]
    folder = Path(args.data_dir) if args.data_dir else registry.cache_dir()
    text = format_datasets(
        datasets,
        paths,
        args.format,
        folder=folder,
        cache=registry.cache_dir(),
        citations=args.citations,
    )
    emit(text, args.output)
    return 0


def _verified(args: argparse.Namespace, ds: Any) -> Path | None:
    """Where ``ds``'s file is, if its SHA-256 is the registered one; a file that is not
    (corrupt or another version) is listed as missing, with a note."""
    path = registry.cached_path(ds.name, data_dir=args.data_dir)
    if path is not None and file_sha256(path) != ds.sha256:
        note(args, f"{path}: SHA-256 does not match {ds.name}'s registered one; listed as "
                   f"missing (simeval datasets --fetch {ds.name} says what to do)")  # fmt: skip
        return None
    return path


def _run_sentences(args: argparse.Namespace) -> int:
    from ..datasets.files import cache_root, fetch_file, local_path
    from ..datasets.sentences import SENTENCE_DATASETS, get_sentences

    one_subset = tuple(f"sts{year}:" for year in range(12, 17))  # of a pooled year
    main = [ds for name, ds in SENTENCE_DATASETS.items() if not name.startswith(one_subset)]
    if args.fetch:
        chosen = main if "all" in args.fetch else [get_sentences(n) for n in args.fetch]
        for ds in chosen:
            for f in ds.files:
                fetch_file(f, folder="sentences", data_dir=args.data_dir)
            note(args, f"{ds.name}: {len(ds.files)} file(s) verified")
    folder = Path(args.data_dir) if args.data_dir else cache_root() / "sentences"
    present = [
        sum(local_path(f, folder="sentences", data_dir=args.data_dir) is not None for f in ds.files)
        for ds in main
    ]
    text = format_sentence_datasets(
        main, present, args.format, folder=folder, citations=args.citations
    )
    emit(text, args.output)
    return 0
