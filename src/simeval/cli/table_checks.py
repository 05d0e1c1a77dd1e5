"""The checks every table of scores the command line reads gets — the gold file, each
system's, the ``--calibrate-on`` set: a value off its declared scale, a missing value
(unless ``--nan-policy omit``), each named by file, line and column."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .._validate import first_outside
from ..errors import DataError
from ..io import ScoreTable

__all__ = ["check_filled", "check_range"]


def _row(rows: NDArray[np.intp] | None, i: int) -> int:
    """The table's row of pair ``i`` (``rows`` None: the table's rows are the pairs)."""
    return i if rows is None else int(rows[i])


def check_range(
    values: NDArray[np.float64],
    table: ScoreTable,
    column: str,
    rows: NDArray[np.intp] | None,
    scale: tuple[float, float] | None,
    option: str,
) -> None:
    """Refuse a value of ``column`` outside ``scale`` (declared by ``option``), naming the
    first one's line and how many there are; ``rows``: the table's row of each value.

    Parameters
    ----------
    values : numpy.ndarray
        The column's values (NaN is left to :func:`check_filled`).
    table : ScoreTable
        The table they come from.
    column : str
        Their column.
    rows : numpy.ndarray or None
        The table's row of each value (None: the same order).
    scale : (float, float) or None
        The declared scale (None: nothing to check).
    option : str
        The flag that declared it.

    Examples
    --------
    >>> from simeval.io import read_table
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "dev.tsv"
    >>> _ = p.write_text("gold\\tcosine\\n4\\t0.5\\n9\\t0.7\\n")
    >>> t = read_table(p)
    >>> check_range(t.numbers("gold"), t, "gold", None, (0, 5), "--scale")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    simeval.errors.DataError: .../dev.tsv, line 3, column 'gold': 9 is outside --scale 0 5 \
(1 values in all); fix the data or the scale
    """
    found = None if scale is None else first_outside(values, scale)
    if found is not None and scale is not None:
        i, count = found
        raise DataError(
            f"{table.location(_row(rows, i), column)}: {values[i]:g} is outside {option} "
            f"{scale[0]:g} {scale[1]:g} ({count} values in all); fix the data or the scale"
        )


def check_filled(
    values: NDArray[np.float64],
    table: ScoreTable,
    column: str,
    rows: NDArray[np.intp] | None = None,
    what: str = "score",
) -> None:
    """Refuse a missing value (NaN: a blank cell, ``nan``), naming its line: what
    ``--nan-policy raise``, the default, asks for.

    Parameters
    ----------
    values : numpy.ndarray
        The column's values.
    table : ScoreTable
        The table they come from.
    column : str
        Their column.
    rows : numpy.ndarray, optional
        The table's row of each value (None: the same order).
    what : str, default "score"
        What a value is, for the message (``gold score``).

    Examples
    --------
    >>> from simeval.io import read_table
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "run.tsv"
    >>> _ = p.write_text("id\\tscore\\na\\t0.5\\nb\\t\\n")
    >>> t = read_table(p)
    >>> check_filled(t.numbers("score"), t, "score")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    simeval.errors.DataError: .../run.tsv, line 3, column 'score': missing score; fill it in \
or pass --nan-policy omit to drop such pairs
    """
    bad = np.isnan(values)
    if bad.any():
        i = int(np.argmax(bad))
        raise DataError(
            f"{table.location(_row(rows, i), column)}: missing {what}; fill it in or pass "
            "--nan-policy omit to drop such pairs"
        )
