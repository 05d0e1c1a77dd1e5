"""Score files through a C parser: tab- or comma-separated tables and files of one number
per line, parsed by pyarrow's CSV reader where pyarrow is installed, else by pandas' C
parser, into columns that are never made into Python objects cell by cell.

A column whose first rows all hold numbers with a decimal point or an exponent (scores) is
parsed as float64; the others (ids, labels, texts) are kept as text. When a table's text
is asked for, a column parsed as numbers is parsed again as text (so ``0.50`` stays
``0.50``); a column that turns out to hold something else (``n/a``, ``1_000``) is parsed as
text at once and converted as :mod:`simeval.io.columns` converts text.

Only the regular layout is taken here: UTF-8; line breaks that :meth:`str.splitlines`
also breaks at (not ``\\v``, ``\\f``, ``\\x1c``–``\\x1e``, U+0085, U+2028, U+2029); a header
on the first line with distinct names that are not all numbers; every row as long as the
header, and on one line (no quoted value holding a line break). Anything else returns
None, and :func:`simeval.io.read_table` reads the file line by line, which accepts what it
accepts and otherwise names the file, the line and the problem. Both readers give the same
columns and the same line numbers: rows of blank cells are left out (the lines of the
others kept), and in a file of one number per line a blank line is a missing score.
"""

from __future__ import annotations

import csv
import importlib.util
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError
from . import arrow_text
from .columns import is_numbers
from .score_table import ScoreTable
from .text import Source

__all__ = ["SAMPLE_BYTES", "looks_numeric", "read_regular", "sniff_delimiter"]

#: How much of the start of a file decides its layout and which columns hold numbers.
SAMPLE_BYTES = 1 << 16
#: Bytes at which :meth:`str.splitlines` breaks lines and the C parsers do not (and
#: ``\x1f``, white space to :meth:`str.strip` and not to Arrow).
_ODD_BYTES = (b"\x0b", b"\x0c", b"\x1c", b"\x1d", b"\x1e", b"\x1f")
_ODD_UTF8 = (b"\xc2\x85", b"\xe2\x80\xa8", b"\xe2\x80\xa9")  # U+0085, U+2028, U+2029
#: A number as a score file writes it (what both Python and the C parsers read alike).
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", re.ASCII)
#: The delimiter given to the parser for a file of one number per line: a byte never
#: found in one (a line holding it is not a number, and is read line by line).
_NO_DELIMITER = "\x01"


def looks_numeric(text: str) -> bool:
    """True when Python reads ``text`` as a float."""
    try:
        float(text)
    except ValueError:
        return False
    return True


def sniff_delimiter(suffix: str, first: str) -> str:
    """Tab for ``.tsv``/``.tab`` files and a first line holding a tab; comma otherwise."""
    return "\t" if suffix in (".tsv", ".tab") or "\t" in first else ","


@dataclass(frozen=True)
class Layout:
    """How to parse a file: ``kind`` "numbers" (one per line) or "table"; ``delimiter``;
    the column ``names``; whether a ``header`` line comes first; the columns parsed as
    float64 (``numeric``)."""

    kind: str
    delimiter: str
    names: list[str]
    header: bool
    numeric: frozenset[str]


def read_regular(source: Source, suffix: str, *, header: bool) -> ScoreTable | None:
    """``source`` read by a C parser, or None when it is not in the regular layout (see
    the module's docstring). ``suffix`` is the file's (``.tsv``, ``.csv`` …) and ``header``
    whether a table's first line names its columns."""
    layout = _layout(_sample(source), suffix, header)
    if layout is None:
        return None
    quoted = _scan(source, layout)
    if quoted is None:
        return None
    if source.path is None:  # standard input, a compressed file: text only (no rereading)
        layout = replace(layout, numeric=frozenset())
    if _has_pyarrow():
        return _table(source, layout, _arrow_parser(source, layout, quoted))
    return _table(source, layout, _pandas_parser(source, layout, quoted))


def _has_pyarrow() -> bool:
    return importlib.util.find_spec("pyarrow") is not None


def _sample(source: Source) -> list[str] | None:
    """The whole lines of the first :data:`SAMPLE_BYTES` of the file; None when they are
    not UTF-8 (the line-by-line reader says where)."""
    head = b""
    for chunk in source.chunks():
        head += chunk[: SAMPLE_BYTES - len(head)]
        if len(head) >= SAMPLE_BYTES:
            head = head[: max(head.rfind(b"\n"), head.rfind(b"\r")) + 1]
            break
    try:
        return head.decode("utf-8-sig").splitlines()
    except UnicodeDecodeError:
        return None


def _layout(lines: list[str] | None, suffix: str, header: bool) -> Layout | None:
    """How to parse a file that starts with ``lines``, as the line-by-line reader would
    read it; None when that reader is to read it (JSON lines, a blank start, a header it
    refuses, a first value spanning lines)."""
    if lines is None:
        return None
    first = next((line for line in lines if line.strip()), None)
    if first is None or (not suffix and first.lstrip().startswith("{")):
        return None  # blank so far, or JSON lines: read line by line
    if looks_numeric(first.strip()):
        values = [line.strip() for line in lines]
        number = all(_NUMBER.fullmatch(v) for v in values if v)
        numeric = frozenset({"score"} if number else ())
        return Layout("numbers", _NO_DELIMITER, ["score"], False, numeric)
    delimiter = sniff_delimiter(suffix, first)
    if delimiter == "\t":  # as the line-by-line reader: TSV without quoting
        reader = csv.reader(lines, delimiter=delimiter, quoting=csv.QUOTE_NONE)
    else:
        reader = csv.reader(lines, delimiter=delimiter, quoting=csv.QUOTE_MINIMAL)
    try:
        rows = [row for _, row in zip(range(1000), reader)]
    except csv.Error:
        return None
    if not rows or not any(cell.strip() for cell in rows[0]) or len(rows) != reader.line_num:
        return None  # a blank first line, or a value spanning lines
    if header:
        names = [h.strip() for h in rows[0]]
        if len(set(names)) != len(names) or all(looks_numeric(h) for h in names):
            return None  # the line-by-line reader names the problem
        body = rows[1:]
    else:
        names, body = [str(k + 1) for k in range(len(rows[0]))], rows
    numeric = frozenset(
        name
        for k, name in enumerate(names)
        if _scores([row[k] for row in body if len(row) == len(names) and row[k]])
    )
    return Layout("table", delimiter, names, header, numeric)


def _scores(cells: list[str]) -> bool:
    """Cells that are all numbers, some with a decimal point or an exponent (not ids)."""
    return (
        bool(cells)
        and all(map(_NUMBER.fullmatch, cells))
        and any(ch in cell for cell in cells for ch in ".eE")
    )


def _scan(source: Source, layout: Layout) -> bool | None:
    """Whether a comma-separated file holds quotes; None when it holds a byte that breaks
    lines for :meth:`str.splitlines` and not for the C parsers."""
    quoted, tail = False, b""
    for chunk in source.chunks():
        if any(odd in chunk for odd in _ODD_BYTES):
            return None
        edge, tail = tail + chunk[:2], chunk[-2:]  # a character cut by the chunks' border
        if any(odd in edge for odd in _ODD_UTF8) or (
            (b"\xc2" in chunk or b"\xe2" in chunk) and any(odd in chunk for odd in _ODD_UTF8)
        ):
            return None
        quoted = quoted or (layout.delimiter == "," and b'"' in chunk)
    return quoted


#: A parser: (column names to parse as float64, columns to parse or None for all) → the
#: columns, or None when the file is not in the regular layout.
Parser = Callable[[frozenset[str], list[str] | None], dict[str, Any] | None]


def _arrow_parser(source: Source, layout: Layout, quoted: bool) -> Parser:
    import pyarrow as pa
    from pyarrow import csv as pa_csv

    parse_options = pa_csv.ParseOptions(
        delimiter=layout.delimiter,
        quote_char='"' if layout.delimiter == "," else False,
        double_quote=True,
        escape_char=False,
        newlines_in_values=quoted,
        ignore_empty_lines=False,  # blank lines are rows: their line numbers count
    )
    # one thread, as pandas' C parser: on a machine of few cores, shared, the parser's
    # threads slowed the reading down (2 cores: 2.3–4.2 s for three 1e7-row files, against
    # 1.8–3.2 s in one thread)
    read_options = pa_csv.ReadOptions(
        column_names=layout.names, skip_rows=int(layout.header), use_threads=False
    )

    def parse(numeric: frozenset[str], names: list[str] | None) -> dict[str, Any] | None:
        types = {n: pa.float64() if n in numeric else pa.string() for n in layout.names}
        convert_options = pa_csv.ConvertOptions(
            column_types=types,
            null_values=[""],
            strings_can_be_null=False,
            quoted_strings_can_be_null=False,
            include_columns=names,
        )
        data = source.path if source.path is not None else pa.py_buffer(source.data or b"")
        try:
            table = pa_csv.read_csv(
                data,
                read_options=read_options,
                parse_options=parse_options,
                convert_options=convert_options,
            )
        except (pa.ArrowInvalid, OSError):
            return None
        columns = {n: table.column(n) for n in table.column_names}
        if quoted and _holds_line_break(columns):
            return None
        return columns

    return parse


def _holds_line_break(columns: dict[str, Any]) -> bool:
    import pyarrow as pa
    import pyarrow.compute as pc

    return any(
        pc.any(pc.match_substring_regex(c, "[\r\n]")).as_py()
        for c in columns.values()
        if pa.types.is_string(c.type)
    )


def _pandas_parser(source: Source, layout: Layout, quoted: bool) -> Parser:
    import io

    import pandas as pd

    precise = _precise_floats(pd.__version__)

    def parse(numeric: frozenset[str], names: list[str] | None) -> dict[str, Any] | None:
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
        if not _pandas_rows_whole(source, layout, columns):
            return None
        return columns

    return parse


def _precise_floats(version: str) -> dict[str, str]:
    """pandas' option for floats read as Python reads them: ``round_trip`` before pandas
    3.1; since, its one converter (the option is deprecated)."""
    major_minor = tuple(int(part) for part in version.split(".")[:2])
    return {"float_precision": "round_trip"} if major_minor < (3, 1) else {}


def _pandas_rows_whole(source: Source, layout: Layout, columns: dict[str, Any]) -> bool:
    """True when no row had fewer fields than the header (pandas fills them in): every
    non-blank row holds one delimiter fewer than the header has names."""
    if layout.kind == "numbers" or len(layout.names) == 1:
        return True
    blank = _blank_rows(columns)
    rows = len(next(iter(columns.values()))) - (0 if blank is None else int(blank.sum()))
    found = sum(chunk.count(layout.delimiter.encode()) for chunk in source.chunks())
    expected = rows * (len(layout.names) - 1) + (len(layout.names) - 1) * layout.header
    return found == expected


def _table(source: Source, layout: Layout, parse: Parser) -> ScoreTable | None:
    columns = parse(layout.numeric, None)
    if columns is None and layout.numeric:  # a column holds more than numbers: as text
        layout = replace(layout, numeric=frozenset())
        columns = parse(layout.numeric, None)
    if columns is None:
        return None
    again = [n for n in layout.numeric if _holds_nan(columns[n])]
    if again:  # NaN from text Python may not read as one (nan(1)): the text decides
        text = parse(frozenset(), again)
        if text is None:
            return None
        columns.update(text)
        layout = replace(layout, numeric=layout.numeric.difference(again))
    keep = None
    if layout.kind == "table" and (blank := _blank_rows(columns)) is not None:
        keep = ~blank
        columns = {n: _take(c, keep) for n, c in columns.items()}
    n = len(next(iter(columns.values())))
    if not n:
        return None  # no rows: the line-by-line reader says so
    first = 1 + int(layout.header)
    lines: Any = range(first, first + n) if keep is None else np.flatnonzero(keep) + first
    reread = None
    if layout.numeric and source.path is not None:
        reread = _rereader(source.path, parse, keep)
    return ScoreTable(source.name, columns, lines, layout.kind, reread=reread)


def _rereader(path: Path, parse: Parser, keep: NDArray[np.bool_] | None) -> Callable[[str], Any]:
    """The text of a column parsed as numbers, parsed again from the unchanged file."""
    stamp = _stamp(path)

    def reread(name: str) -> Any:
        text = parse(frozenset(), [name]) if _stamp(path) == stamp else None
        if text is None:
            raise DataError(f"{path} changed while it was being read; run the command again")
        return _take(text[name], keep)

    return reread


def _stamp(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_size, stat.st_mtime_ns


def _holds_nan(column: Any) -> bool:
    """True when a float64 column holds NaN read from text (pandas: any NaN at all)."""
    if isinstance(column, np.ndarray):
        return bool(np.isnan(column).any())
    import pyarrow.compute as pc

    return bool(pc.any(pc.is_nan(column)).as_py())


def _blank_rows(columns: dict[str, Any]) -> NDArray[np.bool_] | None:
    """Rows whose every cell is blank (empty or white space), or None when there are none."""
    if any(is_numbers(c) and not _holds_null(c) for c in columns.values()):
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


def _holds_null(column: Any) -> bool:
    """True when a float64 column has an empty cell (a null; pandas: NaN)."""
    if isinstance(column, np.ndarray):
        return bool(np.isnan(column).any())
    return bool(column.null_count)


def _blank(column: Any) -> NDArray[np.bool_]:
    if isinstance(column, np.ndarray):
        if column.dtype == np.float64:
            return np.isnan(column)
        return np.fromiter(
            (not isinstance(v, str) or not v.strip() for v in column), dtype=bool, count=len(column)
        )
    if is_numbers(column):
        return np.asarray(column.is_null().to_numpy(zero_copy_only=False), dtype=bool)
    return arrow_text.blank(column)


def _take_rows(column: Any, rows: NDArray[np.intp]) -> Any:
    return column[rows] if isinstance(column, np.ndarray) else column.take(rows)


def _take(column: Any, keep: NDArray[np.bool_] | None) -> Any:
    if keep is None:
        return column
    return column[keep] if isinstance(column, np.ndarray) else column.filter(keep)
