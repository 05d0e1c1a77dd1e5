"""Options shared by the commands that resample: one name and one rule everywhere."""

from __future__ import annotations

import argparse
from collections.abc import Callable

__all__ = [
    "DEFAULT_BOOTSTRAP",
    "add_bootstrap_option",
    "int_at_least",
    "level",
    "positive_int",
]

#: Bootstrap resamples when ``--bootstrap`` is not given.
DEFAULT_BOOTSTRAP = 1000


def int_at_least(minimum: int) -> Callable[[str], int]:
    """argparse type for a whole number ≥ ``minimum``; argparse names the option."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(
                f"{text} is too small; give a whole number ≥ {minimum}"
            )
        return value

    parse.__name__ = f"whole number ≥ {minimum}"
    return parse


#: argparse type for a count that must be at least 1 (resamples, k, bucket sizes).
positive_int = int_at_least(1)


def level(text: str) -> float:
    """argparse type for a confidence level strictly between 0 and 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.0 < value < 1.0:
        raise argparse.ArgumentTypeError(f"{text} is not between 0 and 1, e.g. 0.95")
    return value


def add_bootstrap_option(parser: argparse.ArgumentParser, what: str) -> None:
    """``--bootstrap B``: the number of bootstrap resamples of ``what``, at least 1 (as in
    ``simeval compare``); ``--n-boot`` is kept as a hidden, deprecated spelling."""
    parser.add_argument(
        "--bootstrap",
        type=positive_int,
        default=DEFAULT_BOOTSTRAP,
        metavar="B",
        help=f"bootstrap resamples of {what}, at least 1 (default: {DEFAULT_BOOTSTRAP})",
    )
    parser.add_argument(
        "--n-boot",
        dest="bootstrap",
        type=positive_int,
        default=argparse.SUPPRESS,
        help=argparse.SUPPRESS,
    )
