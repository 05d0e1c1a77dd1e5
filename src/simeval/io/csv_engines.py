"""The two C parsers behind :mod:`simeval.io.delimited`, and what it does with their rows.

- pyarrow's CSV reader (where pyarrow is installed), the whole file at once, its blocks
  parsed in parallel, on the C library's ``malloc``: a column of numbers becomes one
  numpy array, a text column stays Arrow strings;
- pandas' C parser otherwise: numbers in a numpy array, text in numpy arrays of ``str``.
  pandas fills a row shorter than the header in silently, so its rows are checked by a
  count of the delimiters in the file (and a comma-separated file holding quotes, where
  a field may hold commas, is declined).

Each returns the columns (numbers as float64 numpy arrays, missing NaN), and which columns
of numbers hold NaN written as text (for Python to read again), or None when the file is
not in the regular layout.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from . import arrow_text
from .arrow_csv import arrow_table
from .columns import float64_released
from .text import Source

__all__ = ["Layout", "Parsed", "Parser", "arrow_parser", "blank_rows", "pandas_parser", "take"]


@dataclass(frozen=True)
class Layout:
    r"""How to parse a file, as :func:`~simeval.io.delimited.sniff_delimiter` and the
    header found it.

    Attributes
    ----------
    kind : {"numbers", "table"}
        One number per line, or a table of columns.
    delimiter : str
        The one-character field delimiter.
    names : list of str
        The column names (the header's, or generated).
    header : bool
        Whether a header line comes first.
    numeric : frozenset of str
        The columns to parse as float64.

    Examples
    --------
    >>> Layout("table", "\t", ["id", "score"], True, frozenset({"score"})).names
    ['id', 'score']
    """

    kind: str
    delimiter: str
    names: list[str]
    header: bool
    numeric: frozenset[str]


@dataclass(frozen=True)
class Parsed:
    """A file's columns as a parser gave them.

    Attributes
    ----------
    columns : dict
        Column name → a float64 numpy array (numbers, missing NaN), a numpy array of
        ``str`` (pandas) or a pyarrow ``ChunkedArray`` of strings.
    nan_text : frozenset of str
        The columns of numbers where a NaN may be written as text (``nan``, or ``nan(1)``,
        which Python does not read): to be read again from their text.

    Examples
    --------
    >>> Parsed({"score": np.array([1.5, np.nan])}, frozenset({"score"})).nan_text
    frozenset({'score'})
    """

    columns: dict[str, Any]
    nan_text: frozenset[str]


#: (columns to parse as float64, columns to parse or None for all) → :class:`Parsed`, or
#: None when the file is not in the regular layout.
Parser = Callable[[frozenset[str], list[str] | None], Parsed | None]


def arrow_parser(source: Source, layout: Layout, quoted: bool) -> Parser:
    r"""pyarrow's CSV reader for ``source``: the whole file at once, its blocks parsed in
    parallel.

    Parameters
    ----------
    source : Source
        The file's bytes.
    layout : Layout
        Its delimiter, column names and header.
    quoted : bool
        Whether the file holds quotes (fields may then hold line breaks: such a file is
        declined).

    Returns
    -------
    Parser
        ``parse(numeric, names)``: a :class:`Parsed` of the columns ``names`` (None: all),
        those of ``numeric`` as float64; or None when the file is not in the regular
        layout.

    Examples
    --------
    >>> from simeval.io.text import Source
    >>> source = Source("scores.tsv", data=b"id\tscore\na\t1.5\nb\tnan\n")
    >>> layout = Layout("table", "\t", ["id", "score"], True, frozenset({"score"}))
    >>> parsed = arrow_parser(source, layout, False)(layout.numeric, None)
    >>> parsed.columns["score"], parsed.nan_text
    (array([1.5, nan]), frozenset({'score'}))
    """

    def parse(numeric: frozenset[str], names: list[str] | None) -> Parsed | None:
        data = source.path if source.path is not None else source.data or b""
        table = arrow_table(data, layout, quoted, numeric, names, skip_rows=int(layout.header))
        if table is None:
            return None
        columns = dict(zip(table.column_names, table.columns))
        del table  # the columns are handed over: each float column goes once converted
        parsed = _columns(columns)
        if quoted and _holds_line_break(parsed.columns):
            return None
        return parsed

    return parse


def _columns(columns: dict[str, Any]) -> Parsed:
    """An Arrow table's columns, handed over (the dict is emptied): numbers as one float64
    numpy array each in numpy's own memory (nulls as NaN; Arrow's blocks let go as they
    are copied), text as the table holds it."""
    import pyarrow as pa

    out: dict[str, Any] = {}
    nan_text: set[str] = set()
    for name in list(columns):
        column = columns.pop(name)
        if pa.types.is_floating(column.type):
            chunks, nulls = column.chunks, column.null_count
            del column  # the chunks list holds the only references to the blocks
            out[name] = values = float64_released(chunks)  # nulls as NaN
            if _count_nan(values) > nulls:  # a NaN the text wrote ("nan")
                nan_text.add(name)
        else:
            out[name] = column
    return Parsed(out, frozenset(nan_text))


def _count_nan(values: NDArray[np.float64]) -> int:
    """How many values are NaN, counted a chunk at a time (no n-long mask)."""
    step = 1 << 20
    return sum(int(np.count_nonzero(np.isnan(values[a : a + step])))
               for a in range(0, values.size, step))  # fmt: skip


def _holds_line_break(columns: dict[str, Any]) -> bool:
    import pyarrow.compute as pc

    return any(
        pc.any(pc.match_substring_regex(c, "[\r\n]")).as_py()
        for c in columns.values()
        if not isinstance(c, np.ndarray)
    )


def pandas_parser(source: Source, layout: Layout, quoted: bool) -> Parser:
    r"""pandas' C parser for ``source``: the engine where pyarrow is missing.

    pandas fills a row shorter than the header in silently, so the parsed rows are checked
    against a count of the delimiters in the file; a comma-separated file holding quotes
    is declined (a field may hold commas).

    Parameters
    ----------
    source : Source
        The file's bytes.
    layout : Layout
        Its delimiter, column names and header.
    quoted : bool
        Whether the file holds quotes.

    Returns
    -------
    Parser
        As :func:`arrow_parser`'s.

    Examples
    --------
    >>> from simeval.io.text import Source
    >>> source = Source("scores.tsv", data=b"id\tscore\na\t1.5\nb\t\n")
    >>> layout = Layout("table", "\t", ["id", "score"], True, frozenset({"score"}))
    >>> parsed = pandas_parser(source, layout, False)(layout.numeric, None)
    >>> parsed.columns["score"], parsed.columns["id"].tolist()
    (array([1.5, nan]), ['a', 'b'])
    >>> short = Source("short.tsv", data=b"id\tscore\na\t1.5\nb\n")
    >>> pandas_parser(short, layout, False)(layout.numeric, None) is None
    True
    """
    import pandas as pd

    precise = _precise_floats(pd.__version__)

    def parse(numeric: frozenset[str], names: list[str] | None) -> Parsed | None:
        if quoted:
            return None  # fields could hold delimiters: their count below would not hold
        data = source.path if source.path is not None else io.BytesIO(source.data or b"")
        try:
            frame = pd.read_csv(
                data,
                sep=layout.delimiter,
                header=None,
                names=layout.names,
                index_col=False,
                skiprows=int(layout.header),
                usecols=names,
                dtype={n: np.float64 if n in numeric else object for n in layout.names},
                quoting=csv.QUOTE_NONE if layout.delimiter != "," else csv.QUOTE_MINIMAL,
                keep_default_na=False,
                na_values={n: [""] for n in numeric},
                skip_blank_lines=False,
                encoding="utf-8",
                engine="c",
                **precise,
            )
        except (ValueError, UnicodeDecodeError, pd.errors.ParserError):
            return None
        columns = {str(n): frame[n].to_numpy() for n in frame.columns}
        if not _rows_whole(source, layout, columns):
            return None
        # pandas reads "nan" and an empty cell alike: any NaN is read again as text
        nan_text = frozenset(n for n in numeric if n in columns and np.isnan(columns[n]).any())
        return Parsed(columns, nan_text)

    return parse


def _precise_floats(version: str) -> dict[str, str]:
    """pandas' option for floats read as Python reads them: ``round_trip`` before pandas
    3.1; since, its one converter (the option is deprecated)."""
    major_minor = tuple(int(part) for part in version.split(".")[:2])
    return {"float_precision": "round_trip"} if major_minor < (3, 1) else {}


def _rows_whole(source: Source, layout: Layout, columns: dict[str, Any]) -> bool:
    """True when no row had fewer fields than the header (pandas fills them in): every
    non-blank row holds one delimiter fewer than the header has names."""
    if layout.kind == "numbers" or len(layout.names) == 1:
        return True
    blank = blank_rows(columns)
    rows = len(next(iter(columns.values()))) - (0 if blank is None else int(blank.sum()))
    found = sum(chunk.count(layout.delimiter.encode()) for chunk in source.chunks())
    expected = rows * (len(layout.names) - 1) + (len(layout.names) - 1) * layout.header
    return found == expected


def blank_rows(columns: dict[str, Any]) -> NDArray[np.bool_] | None:
    """Rows whose every cell is blank (empty or white space), or None when there are
    none. A missing number is NaN (once NaN written as text is read again as text).

    Parameters
    ----------
    columns : dict
        Column name → column, as :class:`Parsed` holds them.

    Returns
    -------
    numpy.ndarray or None
        Booleans, one per row.

    Examples
    --------
    >>> blank_rows({"score": np.array([1.0, np.nan]), "id": np.array(["a", " "], object)})
    array([False,  True])
    """
    numbers = [c for c in columns.values() if _is_float_array(c)]
    if any(not np.isnan(c).any() for c in numbers):
        return None  # a column of numbers, none missing: no row is blank
    names = list(columns)
    candidates = np.flatnonzero(_blank(columns[names[0]]))
    if not candidates.size:
        return None
    blank = np.ones(candidates.size, dtype=bool)
    for name in names[1:]:
        blank &= _blank(_take_rows(columns[name], candidates))
    if not blank.any():
        return None
    rows = np.zeros(len(columns[names[0]]), dtype=bool)
    rows[candidates[blank]] = True
    return rows


def _is_float_array(column: Any) -> bool:
    return isinstance(column, np.ndarray) and column.dtype == np.float64


def _blank(column: Any) -> NDArray[np.bool_]:
    if _is_float_array(column):
        return np.isnan(column)
    if isinstance(column, np.ndarray):  # pandas' text; NaN where a row was short
        cells = (not isinstance(v, str) or not v.strip() for v in column)
        return np.fromiter(cells, dtype=bool, count=len(column))
    return arrow_text.blank(column)


def _take_rows(column: Any, rows: NDArray[np.intp]) -> Any:
    return column[rows] if isinstance(column, np.ndarray) else column.take(rows)


def take(column: Any, keep: NDArray[np.bool_] | None) -> Any:
    """The rows of ``column`` that ``keep`` marks (all when ``keep`` is None).

    Parameters
    ----------
    column : numpy.ndarray or pyarrow.ChunkedArray
        A parsed column.
    keep : numpy.ndarray of bool, or None
        One flag per row.

    Returns
    -------
    numpy.ndarray or pyarrow.ChunkedArray
        Of the same kind as ``column``.

    Examples
    --------
    >>> take(np.array([1.0, 2.0, 3.0]), np.array([True, False, True]))
    array([1., 3.])
    """
    if keep is None:
        return column
    return column[keep] if isinstance(column, np.ndarray) else column.filter(keep)
