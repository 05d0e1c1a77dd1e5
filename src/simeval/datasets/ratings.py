"""Individual ratings behind a gold standard: one row per item, one column per rater (or
rating slot), NaN where a rater gave no rating. :func:`read_ratings` reads them from a
delimited file with the columns named on the command line as ``COLS``
(:func:`resolve_columns`); :mod:`simeval.stats.agreement` measures how well the raters agree.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError, InputError
from .wordsim.pairs import read_fields

__all__ = ["Ratings", "read_ratings", "resolve_columns"]

#: Fields read as "no rating".
MISSING = frozenset({"", "na", "nan", "n/a", "-", "?"})


@dataclass(frozen=True, eq=False)
class Ratings:
    """Items × raters: ``values[i, j]`` is rater j's rating of item i (NaN: none).

    Attributes
    ----------
    name : str
        The data set's name.
    values : numpy.ndarray
        Items × raters.
    columns : tuple of str
        The raters' column labels.
    persistent : bool
        False when a column is a rating *slot* (whoever gave the item its j-th rating)
        rather than one person.
    groups : tuple of tuple of int or None
        The column indices of panels that rated different items (WordSim-353's two sets).
    word1, word2 : tuple of str
        The items of a word-similarity set (empty otherwise).

    Examples
    --------
    >>> r = Ratings("toy", np.array([[1.0, 2.0], [3.0, np.nan], [4.0, 5.0]]), ("a", "b"))
    >>> r.n_items, r.n_raters, r.mean().tolist()
    (3, 2, [1.5, 3.0, 4.5])
    """

    name: str
    values: NDArray[np.float64]
    columns: tuple[str, ...]
    persistent: bool = True
    groups: tuple[tuple[int, ...], ...] | None = None
    word1: tuple[str, ...] = ()
    word2: tuple[str, ...] = ()

    @property
    def n_items(self) -> int:
        """The rows."""
        return int(self.values.shape[0])

    @property
    def n_raters(self) -> int:
        """The columns."""
        return int(self.values.shape[1])

    def mean(self) -> NDArray[np.float64]:
        """Each item's mean rating over the raters who rated it."""
        present = ~np.isnan(self.values)
        total = np.where(present, self.values, 0.0).sum(axis=1)
        count = present.sum(axis=1)
        out = np.full(self.n_items, np.nan)
        np.divide(total, count, out=out, where=count > 0)
        return out

    def aligned(self, word1: Sequence[str], word2: Sequence[str], what: str) -> Ratings:
        """The rows in the order of the pairs ``(word1, word2)`` of ``what``: as they are
        when the words match row by row, else looked up by the (unique) pair of words."""
        pairs = list(zip(word1, word2))
        own = list(zip(self.word1, self.word2))
        if own == pairs:
            return self
        where: dict[tuple[str, str], int] = {}
        for i, key in enumerate(own):
            if key in where:
                raise DataError(
                    f"{self.name}: the pair {key[0]}–{key[1]} has two rows of ratings and "
                    f"the rows are not in the order of {what}; cannot match them"
                )
            where[key] = i
        missing = [p for p in pairs if p not in where]
        if missing:
            raise DataError(
                f"{self.name}: no ratings for {len(missing)} pair(s) of {what}, e.g. "
                f"{missing[0][0]}–{missing[0][1]}; the rater file is not the one of this set"
            )
        rows = np.array([where[p] for p in pairs], dtype=np.intp)
        return replace(
            self,
            values=self.values[rows],
            word1=tuple(word1),
            word2=tuple(word2),
        )


def resolve_columns(spec: str, header: Sequence[str]) -> list[int]:
    """The 0-based positions named by ``spec``: comma-separated column names, 1-based
    column numbers, or ranges ``A-B`` of either (inclusive, in the file's order).

    Parameters
    ----------
    spec : str
        What the user gave.
    header : sequence of str
        The file's column names.

    Returns
    -------
    list of int

    Raises
    ------
    InputError
        An empty item, an unknown column, a backward range, a column named twice, or fewer
        than 2 columns.

    Examples
    --------
    >>> head = ["w1", "w2", "mean", "r1", "r2", "r3"]
    >>> resolve_columns("4-6", head), resolve_columns("r1-r3", head), resolve_columns("r2,6", head)
    ([3, 4, 5], [3, 4, 5], [4, 5])

    Names come first, and a range is read one way at both ends: as names where both ends
    are column names, else as numbers. Where the raters' names are numbers (WordSim-353's
    ``1`` … ``13`` in columns 4 … 16), ``1-13`` are the thirteen raters by name, and so are
    the columns ``4-16`` by number (``16`` names no column); ``4-13`` are raters 4 … 13:

    >>> ws = ["Word 1", "Word 2", "Human (mean)", *(str(i) for i in range(1, 14))]
    >>> resolve_columns("1-13", ws) == resolve_columns("4-16", ws) == list(range(3, 16))
    True
    >>> resolve_columns("4-13", ws) == list(range(6, 16))
    True
    """
    out: list[int] = []
    for token in (t.strip() for t in spec.split(",")):
        if not token:
            raise InputError(f"rater columns {spec!r}: an empty item; write e.g. 4-16 or r1,r2")
        if token in header or "-" not in token.strip("-"):
            out.append(_one_reading(_readings([token], header), token, header, spec)[0])
            continue
        ends = [e.strip() for e in token.partition("-")[::2]]
        a, b = _one_reading(_readings(ends, header), token, header, spec)
        if b < a:
            raise InputError(f"rater columns {spec!r}: the range {token!r} runs backwards")
        out.extend(range(a, b + 1))
    if len(set(out)) != len(out):
        raise InputError(f"rater columns {spec!r} name a column twice")
    if len(out) < 2:
        raise InputError(f"rater columns {spec!r}: name at least 2 raters")
    return out


def _readings(tokens: Sequence[str], header: Sequence[str]) -> dict[str, tuple[int, ...]]:
    """The positions ``tokens`` name read all as column names, and read all as column
    numbers (1-based), where each reading is possible: a range is read one way at both ends."""
    out = {}
    if all(t in header for t in tokens):
        out["names"] = tuple(list(header).index(t) for t in tokens)
    if all(t.isdigit() and 1 <= int(t) <= len(header) for t in tokens):
        out["numbers"] = tuple(int(t) - 1 for t in tokens)
    return out


def _one_reading(
    readings: dict[str, tuple[int, ...]], token: str, header: Sequence[str], spec: str
) -> tuple[int, ...]:
    """Names first: the positions of ``token`` read as column names where every end is
    one, else as column numbers; neither is an error listing the columns."""
    for how in ("names", "numbers"):
        if how in readings:
            return readings[how]
    shown = ", ".join(header) if len(header) <= 20 else ", ".join(header[:20]) + ", …"
    raise InputError(
        f"rater columns {spec!r}: no column {token!r}; the columns are {shown} "
        f"(or numbers 1–{len(header)})"
    )


def _rating(text: str, path: Path, line: int, column: str) -> float:
    if text.strip().lower() in MISSING:
        return math.nan
    try:
        value = float(text)
    except ValueError:
        raise DataError(
            f"{path}, line {line}, column {column}: rating {text!r} is not a number"
        ) from None
    if not math.isfinite(value):
        raise DataError(f"{path}, line {line}, column {column}: rating {text!r} is not finite")
    return value


def _word_column(spec: str | int, header: Sequence[str], default: int, path: Path) -> int:
    if isinstance(spec, int):
        return spec
    if spec in header:
        return list(header).index(spec)
    if spec == ("word1", "word2")[default]:
        return default
    raise DataError(f"{path}: no column {spec!r} in the header ({', '.join(header)})")


def read_ratings(
    path: str | os.PathLike[str],
    columns: str | None = None,
    *,
    word1: str | int = 0,
    word2: str | int = 1,
    first: int = 2,
    persistent: bool = True,
    name: str | None = None,
) -> Ratings:
    """Read one row of ratings per word pair from a delimited file with a header.

    ``columns`` names the raters' columns (:func:`resolve_columns`: names, 1-based numbers,
    ranges); by default every field from position ``first`` (0-based) on, however many a
    row has (SimVerb-3500's ratings file has ten named columns and an eleventh rating on
    some rows). Blank, ``NA`` and ``-`` fields are missing ratings (NaN), as are the fields
    a short row lacks. ``word1``/``word2`` are the words' columns: header names or 0-based
    positions (as :func:`~simeval.datasets.wordsim.read_pairs`; the names ``word1`` and
    ``word2`` fall back to the first two columns when the header lacks them).

    Parameters
    ----------
    path : path
        The file.
    columns : str, optional
        The raters' columns.
    word1, word2 : str or int
        The words' columns.
    first : int, default 2
        The first rating field when ``columns`` is not given.
    persistent : bool, default True
        Whether a column is one person.
    name : str, optional
        Default: the file's stem.

    Returns
    -------
    Ratings

    Raises
    ------
    DataError
        No row of ratings, a missing column, a row without a word pair, or a rating that is
        not a finite number (naming the file, line and column).
    InputError
        Bad ``columns``.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "r.tsv"
    >>> _ = p.write_text("w1 w2 mean a b\\ncat dog 2.5 2 3\\ncar bus 4 4 NA\\n")
    >>> r = read_ratings(p, "a-b")
    >>> r.columns, r.values.tolist()
    (('a', 'b'), [[2.0, 3.0], [4.0, nan]])
    """
    p = Path(path)
    fields, lines = read_fields(p)
    if len(fields) < 2:
        raise DataError(f"{p}: a header and at least one row of ratings are needed")
    header, rows, lines = fields[0], fields[1:], lines[1:]
    word1, word2 = _word_column(word1, header, 0, p), _word_column(word2, header, 1, p)
    if columns is None:
        width = max(len(f) for f in rows)
        positions = list(range(first, width))
        if len(positions) < 2:
            raise DataError(f"{p}: fewer than 2 rating fields after column {first + 1}")
    else:
        positions = resolve_columns(columns, header)
    labels = tuple(
        header[j] if j < len(header) and header[j] else f"field {j + 1}" for j in positions
    )
    short = [i for i, f in enumerate(rows) if len(f) <= max(word1, word2)]
    if short:
        raise DataError(f"{p}, line {lines[short[0]]}: no word pair on this row")
    values = np.array(
        [
            [
                _rating(f[j], p, ln, labels[c]) if j < len(f) else math.nan
                for c, j in enumerate(positions)
            ]
            for f, ln in zip(rows, lines)
        ],
        dtype=np.float64,
    ).reshape(len(rows), len(positions))
    return Ratings(
        name=name or p.stem,
        values=values,
        columns=labels,
        persistent=persistent,
        word1=tuple(f[word1] for f in rows),
        word2=tuple(f[word2] for f in rows),
    )
