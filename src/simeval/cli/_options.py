"""Options shared by several commands — resampling, ``--bins``, ``--system-scale`` — one
name and one rule everywhere."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..binning import Bins
from ..errors import DataError, InputError

__all__ = [
    "DEFAULT_BOOTSTRAP",
    "DEFAULT_SEED",
    "add_bootstrap_option",
    "add_seed_option",
    "int_at_least",
    "level",
    "parse_bins",
    "positive_int",
    "system_scales",
]

#: Bootstrap resamples when ``--bootstrap`` is not given.
DEFAULT_BOOTSTRAP = 1000
#: The seed of every command's randomness when ``--seed`` is not given: a repeated command
#: repeats its numbers (the library's functions take ``seed=None`` as numpy does).
DEFAULT_SEED = 0


def int_at_least(minimum: int) -> Callable[[str], int]:
    """argparse type for a whole number ≥ ``minimum``; argparse names the option.

    Parameters
    ----------
    minimum : int
        The smallest number accepted.

    Returns
    -------
    callable
        ``text -> int``, raising :class:`argparse.ArgumentTypeError` otherwise.

    Examples
    --------
    >>> at_least_2 = int_at_least(2)
    >>> at_least_2("3")
    3
    >>> at_least_2("1")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 1 is too small; give a whole number ≥ 2
    """

    def parse(text: str) -> int:
        """``text`` as a whole number ≥ the minimum.

        Parameters
        ----------
        text : str
            What the user gave.

        Returns
        -------
        int

        Examples
        --------
        >>> positive_int("3")
        3
        """
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
    """argparse type for a confidence level strictly between 0 and 1.

    Parameters
    ----------
    text : str
        What the user gave.

    Returns
    -------
    float

    Raises
    ------
    argparse.ArgumentTypeError
        Not a number strictly between 0 and 1.

    Examples
    --------
    >>> level("0.9")
    0.9
    >>> level("95")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 95 is not between 0 and 1, e.g. 0.95
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.0 < value < 1.0:
        raise argparse.ArgumentTypeError(f"{text} is not between 0 and 1, e.g. 0.95")
    return value


def add_bootstrap_option(parser: argparse.ArgumentParser, what: str) -> None:
    """``--bootstrap B``: the number of bootstrap resamples of ``what``, at least
    :data:`~simeval.stats.bootstrap.resampling.MIN_INTERVAL_RESAMPLES` (as in ``simeval
    compare``: the resamples give an interval); ``--n-boot`` is kept as a hidden,
    deprecated spelling.

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The command's parser.
    what : str
        What is resampled, for the help line.

    Examples
    --------
    >>> parser = argparse.ArgumentParser()
    >>> add_bootstrap_option(parser, "the pairs")
    >>> parser.parse_args([]).bootstrap, parser.parse_args(["--n-boot", "200"]).bootstrap
    (1000, 200)
    """
    from ..stats.bootstrap.resampling import MIN_INTERVAL_RESAMPLES

    at_least = int_at_least(MIN_INTERVAL_RESAMPLES)
    parser.add_argument(
        "--bootstrap",
        type=at_least,
        default=DEFAULT_BOOTSTRAP,
        metavar="B",
        help=f"bootstrap resamples of {what}, at least {MIN_INTERVAL_RESAMPLES} (default: "
        f"{DEFAULT_BOOTSTRAP})",
    )
    parser.add_argument(
        "--n-boot",
        dest="bootstrap",
        type=at_least,
        default=argparse.SUPPRESS,
        help=argparse.SUPPRESS,
    )


def parse_bins(text: str, label_values: Sequence[Any] | None = None) -> Bins:
    """The :class:`~simeval.binning.Bins` of ``--bins``: ``thirds``, ``equal:K``,
    ``edges:A,B,…``, ``labels:COLUMN``, ``segments:N``, ``quantiles:K``. For ``labels:``
    the caller passes the column's values.

    Parameters
    ----------
    text : str
        The spelling, as ``--bins`` takes it.
    label_values : sequence, optional
        The label of each pair, for ``labels:COLUMN``.

    Returns
    -------
    Bins

    Examples
    --------
    >>> parse_bins("edges:1.5,3.5").cuts
    (1.5, 3.5)
    """
    kind, _, arg = text.partition(":")
    try:
        if kind == "thirds" and not arg:
            return Bins.equal_width(3)
        if kind == "equal":
            return Bins.equal_width(int(arg))
        if kind == "edges":
            return Bins.thresholds([float(x) for x in arg.split(",") if x.strip()])
        if kind == "segments":
            return Bins.segments(int(arg))
        if kind == "quantiles":
            return Bins.quantiles(int(arg))
        if kind == "labels" and arg:
            if label_values is None:
                raise InputError(f"the label column {arg!r} was not read")
            return Bins.labels(label_values)
    except ValueError as exc:
        if isinstance(exc, InputError):  # the constructor's reason, in CLI words
            reason = str(exc).replace("`k`", "K").replace("`n`", "N")
            raise InputError(f"--bins {text}: {reason}") from None
        what = "a number" if kind == "edges" else "a whole number (a count of bins or pairs)"
        raise InputError(f"--bins {text}: {arg!r} is not {what}") from None
    raise InputError(
        f"--bins {text!r} is not understood; use thirds, equal:K, edges:A,B,…, labels:COLUMN, "
        "segments:N or quantiles:K"
    )


def _scale_items(tokens: list[str]) -> Iterator[tuple[str, str, str]]:
    """(system name or "" for every system, "LO,HI", the tokens as given) of each scale
    after one ``--system-scale``: ``LO HI``, ``LO,HI`` or ``NAME=LO,HI``, in any number."""
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if "=" in token:
            name, _, rng = token.partition("=")
            if not name:
                raise DataError(f"--system-scale {token}: NAME=LO,HI needs a system NAME")
            yield name, rng, token
            i += 1
        elif "," in token or i + 1 == len(tokens) or "=" in tokens[i + 1]:
            yield "", token, token
            i += 1
        else:
            yield "", f"{token},{tokens[i + 1]}", f"{token} {tokens[i + 1]}"
            i += 2


def system_scales(
    given: list[list[str]] | None,
) -> tuple[float, float] | dict[str, tuple[float, float]] | None:
    """``--system-scale LO HI`` (every system) and ``--system-scale NAME=LO,HI`` (one
    system), as the ``system_scale`` option; one flag may carry several, as its usage line
    shows (``--system-scale -1 1 a=0,1 b=0,5``).

    Parameters
    ----------
    given : list of list of str or None
        The tokens of each ``--system-scale``.

    Returns
    -------
    (float, float), dict of str to (float, float), or None
        One scale for every system, or per system (``*``: every other one).

    Raises
    ------
    DataError
        A scale that is not two numbers, or one given twice.

    Examples
    --------
    >>> system_scales([["-1", "1"]]), system_scales([["-1", "1", "b=0,5"]])
    ((-1.0, 1.0), {'b': (0.0, 5.0), '*': (-1.0, 1.0)})
    """
    if not given:
        return None
    default: tuple[float, float] | None = None
    named: dict[str, tuple[float, float]] = {}
    for tokens in given:
        for name, rng, text in _scale_items(tokens):
            try:
                lo, hi = (float(x) for x in rng.split(","))
            except ValueError:
                raise DataError(
                    f"--system-scale {text}: give two numbers (LO HI or LO,HI) or NAME=LO,HI"
                ) from None
            if (name in named) if name else (default is not None):
                raise DataError(f"--system-scale {text}: a scale for {name or 'every system'} "
                                "is given twice; keep one")  # fmt: skip
            if name:
                named[name] = (lo, hi)
            else:
                default = (lo, hi)
    if not named:
        return default
    if default is not None:
        named["*"] = default
    return named


def add_seed_option(parser: argparse.ArgumentParser, what: str) -> None:
    """``--seed S``: the seed of ``what`` (a whole number ≥ 0, default
    :data:`DEFAULT_SEED`), one flag for every command that draws at random.

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The command's parser.
    what : str
        What the seed draws, for the help line.

    Examples
    --------
    >>> parser = argparse.ArgumentParser()
    >>> add_seed_option(parser, "the bootstrap resamples")
    >>> parser.parse_args([]).seed, parser.parse_args(["--seed", "7"]).seed
    (0, 7)
    """
    from ._common import non_negative_int

    parser.add_argument(
        "--seed",
        type=non_negative_int,
        default=DEFAULT_SEED,
        metavar="S",
        help=f"seed of {what} (default {DEFAULT_SEED}; 0 is a seed)",
    )
