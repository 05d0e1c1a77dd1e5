"""``simeval evaluate --raters COLS``: the human ceiling of a gold file with one column per
rater, beside each system (:func:`simeval.stats.ceiling.human_ceiling`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..datasets.ratings import Ratings, read_ratings, resolve_columns
from ..datasets.wordsim.raters import load_ratings
from ..io import read_table
from ..stats.ceiling import HumanCeiling, human_ceiling
from ..wordsim import WordsimResult
from ..wordsim.ceiling import wordsim_ceiling
from ._common import CommandLineError, non_negative_int, note

__all__ = ["add_ceiling_options", "check_ceiling_options", "human_ceiling_of"]


def add_ceiling_options(p: argparse.ArgumentParser) -> None:
    """``--raters COLS``, ``--rating-slots``, ``--bootstrap`` and ``--seed``.

    Parameters
    ----------
    p : argparse.ArgumentParser
        The command's parser.

    Examples
    --------
    >>> p = argparse.ArgumentParser()
    >>> add_ceiling_options(p)
    >>> args = p.parse_args(["--raters", "2-4", "--bootstrap", "0"])
    >>> args.raters, args.bootstrap, args.rating_slots
    ('2-4', 0, False)
    """
    p.add_argument(
        "--raters",
        metavar="COLS",
        help="the gold file's columns of individual ratings (names, numbers 1, 2, … — a "
        "header name first — or ranges such as 4-16): also report the raters' agreement "
        "(IAA-1, IAA-2, split-half) and each system beside this human ceiling",
    )
    p.add_argument(
        "--rating-slots",
        action="store_true",
        help="with --raters: the columns hold each pair's 1st, 2nd … rating, not the same "
        "rater on every pair (IAA-1 is then undefined)",
    )
    p.add_argument(
        "--bootstrap",
        type=non_negative_int,
        default=None,
        metavar="B",
        help="with --raters: bootstrap resamples of the pairs (default 1000; 0: no intervals)",
    )
    p.add_argument(
        "--seed",
        type=non_negative_int,
        default=None,
        help="with --raters: random seed of the bootstrap and the split halves (default 0)",
    )


def check_ceiling_options(args: argparse.Namespace) -> None:
    """Refuse the ceiling's options without ``--raters``, and ``--raters`` without a gold
    file (a registered set or a SemEval folder has no rater columns).

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line.

    Raises
    ------
    CommandLineError
        ``--rating-slots``, ``--bootstrap`` or ``--seed`` without ``--raters``, or
        ``--raters`` without a GOLD file.

    Examples
    --------
    >>> args = argparse.Namespace(raters=None, rating_slots=False, bootstrap=None, seed=3)
    >>> check_ceiling_options(args)
    Traceback (most recent call last):
    simeval.cli._common.CommandLineError: --seed goes with --raters; add --raters or drop --seed
    """
    if args.raters is None:
        for flag, given in (
            ("--rating-slots", args.rating_slots),
            ("--bootstrap", args.bootstrap is not None),
            ("--seed", args.seed is not None),
        ):
            if given:
                raise CommandLineError(f"{flag} goes with --raters; add --raters or drop {flag}")
        return
    if not args.gold:
        raise CommandLineError(
            "--raters names columns of the GOLD file; give a GOLD file with one column per rater"
        )


def human_ceiling_of(
    args: argparse.Namespace, gold: NDArray[np.float64], systems: dict[str, Any]
) -> HumanCeiling | None:
    """The human ceiling of ``--raters`` (None without it). Pairs where the gold or a
    system has no score (``--nan-policy omit``) are left out, with a note.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line (``gold``, ``raters``, ``rating_slots``, ``bootstrap``,
        ``seed``).
    gold : numpy.ndarray
        The gold scores.
    systems : dict of str to array_like
        Each system's scores.

    Returns
    -------
    HumanCeiling or None

    Examples
    --------
    A system in the order of the mean rating has ρ = 1:

    >>> import tempfile
    >>> from pathlib import Path
    >>> from simeval.cli import build_parser
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "gold.csv").write_text("mean,r1,r2,r3\\n1.33,1,2,1\\n2,2,1,3\\n"
    ...     "3,3,4,2\\n4,4,3,5\\n4.67,5,5,4\\n6,6,6,6\\n")
    >>> _ = (d / "a.txt").write_text("1\\n2\\n3\\n4\\n5\\n6\\n")
    >>> args = build_parser("evaluate").parse_args(
    ...     ["evaluate", str(d / "gold.csv"), "--raters", "r1-r3", "--bootstrap", "0"])
    >>> res = human_ceiling_of(args, np.array([1.33, 2, 3, 4, 4.67, 6]), {"a": np.arange(6.0)})
    >>> res.systems[0].rho, round(res.ceiling, 4)
    (1.0, 0.8434)
    """
    if args.raters is None:
        return None
    table = read_table(args.gold, header=not getattr(args, "no_header", False))
    names = list(table.columns)
    chosen = resolve_columns(args.raters, names)
    gold_column = getattr(args, "gold_column", None)
    if gold_column is not None and table.column_name(gold_column) in [names[j] for j in chosen]:
        raise CommandLineError(
            f"--raters {args.raters} includes the gold column {table.column_name(gold_column)!r}"
            " (--gold-column): the raters are the other columns"
        )
    ratings = np.column_stack([table.numbers(names[j], parameter="raters") for j in chosen])
    result = human_ceiling(
        ratings,
        systems,
        gold=gold,
        persistent=not args.rating_slots,
        n_resamples=1000 if args.bootstrap is None else args.bootstrap,
        seed=0 if args.seed is None else args.seed,
        nan_policy="omit",  # what evaluate read under --nan-policy omit
    )
    if result.dropped:
        note(args, f"human ceiling: {result.dropped} pair(s) without a score left out")
    return result


def wordsim_ratings(args: argparse.Namespace) -> list[Ratings]:
    """``simeval wordsim``'s raters: the ratings behind each task, in the order of its tasks
    (registered data sets first, then the pairs files)."""
    out = [load_ratings(name, data_dir=args.data_dir) for name in args.dataset]
    for path in args.pairs:
        out.append(
            read_ratings(
                path,
                args.raters,
                word1=args.word1,
                word2=args.word2,
                persistent=not args.rating_slots,
            )
        )
    return out


def wordsim_ceilings(
    args: argparse.Namespace, ratings: list[Ratings], results: list[WordsimResult]
) -> dict[str, HumanCeiling]:
    """The human ceiling of each word-similarity result, beside the vectors' ρ."""
    out = {}
    for rated, res in zip(ratings, results):
        out[res.name] = wordsim_ceiling(
            res,
            rated,
            n_resamples=1000 if args.bootstrap is None else args.bootstrap,
            seed=0 if args.seed is None else args.seed,
            system=Path(args.vectors).name,
        )
        if not rated.persistent:
            note(args, f"{res.name}: the rating columns are slots, not raters; no IAA-1")
    return out
