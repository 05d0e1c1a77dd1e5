"""Checks of a ``simeval wordsim`` command line: options that would have no effect, and
words written otherwise in the sets than in the vectors (POS tags on one side only)."""

from __future__ import annotations

import argparse

from ..datasets import wordsim as registry
from ..vectors.read import Vectors
from ..wordsim.lemmas import is_tagged
from ..wordsim.options import WordsimOptions
from ._common import CommandLineError

__all__ = ["check_options", "check_word_forms"]


def check_options(args: argparse.Namespace) -> None:
    """Refuse, before any file is read, a measure whose options do not go together (the
    library's :class:`~simeval.wordsim.options.WordsimOptions`, its parameters named by
    their flags) and rater options that do not.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line.

    Raises
    ------
    InputError
        An option without effect (``--p`` without ``--method minkowski`` …).
    CommandLineError
        Rater options that do not go together.

    Examples
    --------
    >>> import argparse
    >>> args = argparse.Namespace(p=None, method="cosine", similarity=False, avg_method=None,
    ...                           rank="none", raters=None, rating_slots=True,
    ...                           bootstrap=None, seed=None, pairs=[])
    >>> check_options(args)
    Traceback (most recent call last):
    simeval.cli._common.CommandLineError: --rating-slots goes with --raters; add --raters or \
drop --rating-slots
    """
    WordsimOptions(args.method, args.p, bool(args.similarity), args.rank, args.avg_method)
    if args.raters is None:
        for flag, value in (
            ("--rating-slots", args.rating_slots),
            ("--bootstrap", args.bootstrap is not None),
            ("--seed", args.seed is not None),
        ):
            if value:
                raise CommandLineError(f"{flag} goes with --raters; add --raters or drop {flag}")
    elif args.raters and not args.pairs:
        raise CommandLineError(
            f"--raters {args.raters}: rater columns are for --pairs files; a registered "
            "--dataset knows its rater file (write --raters alone)"
        )
    elif args.pairs and not args.raters:
        raise CommandLineError(
            "--raters needs the raters' columns of the --pairs file, e.g. --raters 4-16"
        )
    elif args.rating_slots and not args.pairs:
        raise CommandLineError("--rating-slots describes --pairs files; a registered set knows")


def check_word_forms(
    args: argparse.Namespace, tasks: list[registry.WordPairs], vectors: Vectors
) -> None:
    """Say which --strip-pos fits when the task words and the vector words are written
    differently (POS-tagged lemmas such as chicken_N on one side only), before the
    evaluation fails on them.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line (``strip_pos``).
    tasks : list of WordPairs
        The word-similarity sets.
    vectors : Vectors
        The vectors read.

    Raises
    ------
    CommandLineError
        The words of a set and of the vectors are written differently, or
        ``--strip-pos task`` for a set without POS tags.

    Examples
    --------
    >>> import argparse
    >>> from simeval.datasets.wordsim import pairs_from
    >>> task = pairs_from([("chicken", "egg", 7.0)], name="toy")
    >>> vectors = Vectors(["chicken_N", "egg_N"], [[1.0, 0.0], [0.0, 1.0]])
    >>> check_word_forms(argparse.Namespace(strip_pos=None), [task], vectors)
    Traceback (most recent call last):
    simeval.cli._common.CommandLineError: toy: no word of it is in the vectors: the vectors' \
words are POS-tagged lemmas (chicken_N, egg_N …) and those of toy are not (chicken, egg …); add \
--strip-pos vectors
    """
    vector_words = list(vectors.words)
    for t in tasks:
        words = list(t.word1) + list(t.word2)
        seen = ", ".join(list(dict.fromkeys(words))[:3])
        vectors_tagged = is_tagged(vector_words)
        if args.strip_pos == "task" and not is_tagged(words):
            raise CommandLineError(
                f"--strip-pos task: the words of {t.name} carry no POS tag ({seen} …); "
                + (
                    f"the vectors' words do ({', '.join(vector_words[:3])} …): use "
                    "--strip-pos vectors"
                    if vectors_tagged
                    else "drop --strip-pos"
                )
            )
        if args.strip_pos is not None or any(w in vectors for w in words):
            continue
        if vectors_tagged and not is_tagged(words):
            raise CommandLineError(
                f"{t.name}: no word of it is in the vectors: the vectors' words are POS-tagged "
                f"lemmas ({', '.join(vector_words[:3])} …) and those of {t.name} are not "
                f"({seen} …); add --strip-pos vectors"
            )
        if is_tagged(words) and not vectors_tagged:
            raise CommandLineError(
                f"{t.name}: no word of it is in the vectors: its words are POS-tagged lemmas "
                f"({seen} …) and the vectors' are not ({', '.join(vector_words[:3])} …); add "
                "--strip-pos task"
            )
