"""A table of scores read from a file, with the line of each row for messages, and the
helpers that pick its columns (by name, or by position 1, 2, …) and ids."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError, param
from .align import Ids
from .columns import cell, is_numbers, to_floats, to_list
from .text import is_stdin

__all__ = [
    "ScoreTable",
    "default_column",
    "ids_of",
    "parse_system_spec",
    "score_column_among",
]


class ScoreTable:
    """A table read from a file: its columns, and the line number in the file of each row
    (for messages).

    The attribute ``columns`` maps each column name to its values as the file has them
    (the text of each cell; JSON and Parquet values as they are), made into Python
    objects when first asked for; :meth:`numbers` converts a column to scores without
    making a Python object of each cell.

    Parameters
    ----------
    path : str
        The file, as messages name it.
    columns : mapping of str to column
        Each column as its reader holds it (see :mod:`simeval.io.columns`).
    lines : sequence of int
        The line (or row) number in the file of each row.
    kind : {"table", "numbers"}
        A table, or a file of one number per line.
    where : {"line", "row"}
        How messages count: lines of a text file, rows of a Parquet file.
    reread : callable, optional
        ``reread(name)``: the text of column ``name``, which the reader parsed as numbers.

    Examples
    --------
    >>> table = ScoreTable("run.tsv", {"id": ["a", "b"], "score": ["0.5", "x"]}, [2, 3], "table")
    >>> table.location(1, "score")
    "run.tsv, line 3, column 'score'"
    """

    def __init__(
        self,
        path: str,
        columns: Mapping[str, Any],
        lines: Sequence[int],
        kind: str,
        where: str = "line",
        *,
        reread: Callable[[str], Any] | None = None,
    ) -> None:
        self.path = path
        self.kind = kind  # "numbers" (one value per line) or "table"
        self.where = where  # "line" for text files, "row" for Parquet
        self._data = dict(columns)
        self._lines = lines
        self._reread = reread
        self._text: dict[str, Any] = {}  # the text of columns parsed as numbers
        self._lists: dict[str, list[Any]] = {}  # columns made into Python values

    def __len__(self) -> int:
        return len(self._lines)

    def __repr__(self) -> str:
        return f"ScoreTable({self.path!r}, {len(self)} rows, columns {list(self._data)})"

    @property
    def columns(self) -> Mapping[str, list[Any]]:
        """Every column's values (made into Python objects when first asked for)."""
        return _ColumnLists(self)

    @property
    def lines(self) -> list[int]:
        """The line (or row) number in the file of each row."""
        lines = self._lines
        return lines.tolist() if isinstance(lines, np.ndarray) else list(lines)

    def raw(self, name: str) -> Any:
        """Column ``name`` as the reader holds it, with its text where the reader parsed
        the text as numbers."""
        data = self._data[name]
        if self._reread is None or not is_numbers(data):
            return data
        if name not in self._text:
            self._text[name] = self._reread(name)
        return self._text[name]

    def drop(self, name: str) -> None:
        """Let column ``name``'s values go (their memory with them): the table still names
        its rows' lines in messages, and no longer has the column."""
        for held in (self._data, self._text, self._lists):
            held.pop(name, None)

    def has_column(self, name: str) -> bool:
        """Whether the header names a column ``name``."""
        return self.kind == "table" and name in self._data

    def column(self, name: str, *, parameter: str = "column") -> list[Any]:
        """The column called ``name``, or the ``name``-th column (from 1) when ``name`` is a
        number and no column has that name."""
        return self.columns[self.column_name(name, parameter=parameter)]

    def column_name(self, name: str, *, parameter: str = "column") -> str:
        """The header name of column ``name``: itself, or the name of the column at that
        position (1, 2, …) when ``name`` is a number that is not a column name. A column
        the file lacks is an error naming ``parameter``, the parameter that chooses it
        (:func:`simeval.errors.param`: the command line writes its flag)."""
        if name in self._data:
            return name
        text = str(name).strip()
        if text.isdigit() and self.kind == "table":
            k = int(text)
            if 1 <= k <= len(self._data):
                return list(self._data)[k - 1]
            raise DataError(
                f"{self.path}: no column {k}; the file has {len(self._data)} column(s); "
                f"choose one with {param(parameter)}"
            )
        cols = ", ".join(self._data) or "(none)"
        raise DataError(
            f"{self.path}: no column {name!r}; the columns are {cols}; "
            f"choose one with {param(parameter)}"
        )

    def numbers(self, name: str, *, parameter: str = "column") -> NDArray[np.float64]:
        """The column as floats; blanks and NaN become NaN, infinity and text are errors.
        A column the reader parsed as numbers comes as the table holds it, read-only (copy
        it to change it), as pandas' ``to_numpy`` gives a frame's own memory."""
        name = self.column_name(name, parameter=parameter)
        return to_floats(self._data[name], lambda value, i: _to_float(value, self, i, name))

    def finite_numbers(self, name: str, *, parameter: str = "column") -> NDArray[np.float64]:
        """As :meth:`numbers`, but a missing value is an error naming its line."""
        name = self.column_name(name, parameter=parameter)
        values = self.numbers(name, parameter=parameter)
        missing = np.isnan(values)
        if missing.any():
            i = int(np.argmax(missing))
            value = cell(self.raw(name), i)
            shown = f" ({str(value).strip()!r})" if value is not None and str(value).strip() else ""
            raise DataError(f"{self.location(i, name)}: missing value{shown}; fill it in")
        return values

    def line_of(self, i: int) -> int:
        """The line (or row) number in the file of row ``i``."""
        return int(self._lines[i])

    def location(self, i: int, column: str | None = None) -> str:
        """Where row ``i`` (and ``column``) is, for a message: ``file, line 7, column 'x'``."""
        col = f", column {column!r}" if column and self.kind == "table" else ""
        return f"{self.path}, {self.where} {self.line_of(i)}{col}"


class _ColumnLists(Mapping[str, list[Any]]):
    """A table's columns as lists of Python values, each made when first asked for."""

    def __init__(self, table: ScoreTable) -> None:
        self._table = table

    def __getitem__(self, name: str) -> list[Any]:
        lists = self._table._lists
        if name not in lists:
            lists[name] = to_list(self._table.raw(name))  # KeyError: no such column
        return lists[name]

    def __contains__(self, name: object) -> bool:
        return name in self._table._data

    def __iter__(self) -> Iterator[str]:
        return iter(self._table._data)

    def __len__(self) -> int:
        return len(self._table._data)


def _to_float(value: Any, table: ScoreTable, i: int, column: str) -> float:
    if value is None:
        return math.nan
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        x = float(value)
    else:
        text = str(value).strip()
        if text == "" or text.lower() in ("nan", "na", "n/a", "null", "none"):
            return math.nan
        try:
            if "_" in text:  # Python's float reads 1_000 as 1000; no score file means that
                raise ValueError(text)
            x = float(text)
        except ValueError:
            if table.kind == "numbers" and len(text.split()) > 1:
                raise DataError(
                    f"{table.location(i, column)}: {text[:40]!r} holds more than one value; a "
                    "SemEval-style file has one number per line (use a table with a header "
                    "for several columns)"
                ) from None
            raise DataError(
                f"{table.location(i, column)}: {text[:40]!r} is not a number; fix the value "
                "or point to the right column"
            ) from None
    if math.isinf(x):
        raise DataError(f"{table.location(i, column)}: infinite score; fix the value")
    return x


def score_column_among(
    names: Sequence[str], requested: str | None, exclude: Sequence[str] = ()
) -> str | None:
    """The rule of :func:`default_column` on column names: ``requested`` if given (a name
    or a position 1, 2, …, resolved when the column is read); else ``score`` if present;
    else the only column not in ``exclude``; else None.

    Parameters
    ----------
    names : sequence of str
        The columns.
    requested : str or None
        A column asked for.
    exclude : sequence of str
        Columns that cannot hold the scores (the id column).

    Returns
    -------
    str or None

    Examples
    --------
    >>> score_column_among(["id", "cosine"], None, ["id"]), score_column_among(["a", "b"], None)
    ('cosine', None)
    """
    if requested:
        return requested
    if "score" in names:
        return "score"
    candidates = [c for c in names if c not in exclude]
    return candidates[0] if len(candidates) == 1 else None


def default_column(table: ScoreTable, requested: str | None, exclude: Sequence[str] = ()) -> str:
    """The score column: ``requested`` if given; else ``score`` if present; else the only
    column not in ``exclude``; else a DataError listing the columns.

    Parameters
    ----------
    table : ScoreTable
        The table read.
    requested : str or None
        A column asked for (a name or a position 1, 2, …, resolved when it is read).
    exclude : sequence of str
        Columns that cannot hold the scores (the id column).

    Returns
    -------
    str

    Examples
    --------
    >>> table = ScoreTable("run.tsv", {"id": ["a"], "cosine": ["0.5"]}, [2], "table")
    >>> default_column(table, None, exclude=["id"])
    'cosine'
    """
    column = score_column_among(list(table.columns), requested, exclude)
    if column is not None:
        return column
    raise DataError(
        f"{table.path}: which column holds the scores? columns are {', '.join(table.columns)}; "
        f"name it (NAME=FILE:COLUMN or {param('gold_column')})"
    )


def ids_of(table: ScoreTable, id_column: str, *, check: bool = True) -> Ids:
    """The id column as text (each id stripped of surrounding white space).

    Duplicate ids are an error naming both lines; with ``check=False`` that check is left
    to :func:`~simeval.io.align.align_rows`, which skips it for ids in the order of the
    (checked) gold ids, whose distinctness they share.

    Parameters
    ----------
    table : ScoreTable
        The table read.
    id_column : str
        The id column's name, or its position (1, 2, …).
    check : bool, default True
        Whether duplicate ids are an error here.

    Returns
    -------
    Ids
        A sequence of ``str``.

    Examples
    --------
    >>> table = ScoreTable("run.tsv", {"id": [" a", "b "], "score": ["1", "2"]}, [2, 3], "table")
    >>> list(ids_of(table, "id"))
    ['a', 'b']
    >>> ids_of(ScoreTable("run.tsv", {"id": ["a", "a"]}, [2, 3], "table"), "id")
    Traceback (most recent call last):
    simeval.errors.DataError: run.tsv: id 'a' appears twice (lines 2 and 3); ids must be unique
    """
    name = table.column_name(id_column, parameter="id_column")
    ids = Ids.of(table.raw(name), table)
    if check:
        ids.check_distinct()
    return ids


def parse_system_spec(spec: str) -> tuple[str, str, str | None]:
    """Split ``NAME=FILE`` or ``NAME=FILE:COLUMN`` into its parts (a ``FILE`` that exists,
    or ``-``, is taken whole even when it holds a colon).

    Parameters
    ----------
    spec : str
        The system's specification.

    Returns
    -------
    name, file : str
    column : str or None

    Examples
    --------
    >>> parse_system_spec("minilm=runs/minilm.tsv:cosine")
    ('minilm', 'runs/minilm.tsv', 'cosine')
    >>> parse_system_spec("bm25=-")
    ('bm25', '-', None)
    """
    name, eq, rest = spec.partition("=")
    if not eq or not name.strip() or not rest:
        raise DataError(f"{param('system')} {spec!r}: expected NAME=FILE or NAME=FILE:COLUMN")
    if is_stdin(rest) or Path(rest).exists() or ":" not in rest:
        return name.strip(), rest, None
    file, _, column = rest.rpartition(":")
    return name.strip(), file, column or None
