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
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError
from .csv_engines import Layout, Parser, arrow_parser, blank_rows, pandas_parser, take
from .score_table import ScoreTable
from .text import Source

__all__ = ["SAMPLE_BYTES", "looks_numeric", "read_regular", "regular_layout", "sniff_delimiter"]

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
    """True when Python reads ``text`` as a float.

    Parameters
    ----------
    text : str
        A cell's text.

    Returns
    -------
    bool

    Examples
    --------
    >>> looks_numeric(" 1e-3"), looks_numeric("nan"), looks_numeric("n/a")
    (True, True, False)
    """
    try:
        float(text)
    except ValueError:
        return False
    return True


def sniff_delimiter(suffix: str, first: str) -> str:
    """Tab for ``.tsv``/``.tab`` files and a first line holding a tab; comma otherwise.

    Parameters
    ----------
    suffix : str
        The file's suffix, lower case (``""`` for standard input).
    first : str
        The file's first non-blank line.

    Returns
    -------
    str
        ``"\\t"`` or ``","``.

    Examples
    --------
    >>> sniff_delimiter(".csv", "id,score"), sniff_delimiter("", "id\\tscore") == "\\t"
    (',', True)
    """
    return "\t" if suffix in (".tsv", ".tab") or "\t" in first else ","


def read_regular(source: Source, suffix: str, *, header: bool) -> ScoreTable | None:
    """``source`` read by a C parser, or None when it is not in the regular layout (see
    the module's docstring): the line-by-line reader is then to read it.

    Parameters
    ----------
    source : Source
        The file's bytes.
    suffix : str
        The file's suffix (``.tsv``, ``.csv`` …; ``""`` for standard input).
    header : bool
        Whether a table's first line names its columns.

    Returns
    -------
    ScoreTable or None

    Examples
    --------
    >>> table = read_regular(Source("run.tsv", data=b"id\\tscore\\na\\t0.50\\nb\\t1.5\\n"),
    ...                      ".tsv", header=True)
    >>> table.columns["score"], table.lines
    (['0.50', '1.5'], [2, 3])
    >>> read_regular(Source("run.jsonl", data=b'{"id": 1}\\n'), "", header=True) is None
    True
    """
    found = regular_layout(source, suffix, header)
    if found is None:
        return None
    layout, quoted = found
    if source.path is None:  # standard input, a compressed file: text only (no rereading)
        layout = replace(layout, numeric=frozenset())
    if _has_pyarrow():
        parse = arrow_parser(source, layout, quoted)
    else:
        parse = pandas_parser(source, layout, quoted)
    return _table(source, layout, parse)


def regular_layout(source: Source, suffix: str, header: bool) -> tuple[Layout, bool] | None:
    """The layout of ``source`` and whether it holds quotes (a comma-separated file), or
    None when it is not in the regular layout (see the module's docstring).

    Parameters
    ----------
    source, suffix, header
        As for :func:`read_regular`.

    Returns
    -------
    (Layout, bool) or None

    Examples
    --------
    >>> layout, quoted = regular_layout(Source("run.tsv", data=b"id\\tscore\\na\\t0.5\\n"),
    ...                                 ".tsv", True)
    >>> layout.names, sorted(layout.numeric), quoted
    (['id', 'score'], ['score'], False)
    """
    sample = _sample(source)
    layout = _layout(sample, suffix, header)
    if layout is None or sample is None:
        return None
    quoted = _scan(source, layout)
    return None if quoted is None else (layout, quoted)


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


def _table(source: Source, layout: Layout, parse: Parser) -> ScoreTable | None:
    parsed = parse(layout.numeric, None)
    if parsed is None and layout.numeric:  # a column holds more than numbers: as text
        layout = replace(layout, numeric=frozenset())
        parsed = parse(layout.numeric, None)
    if parsed is None:
        return None
    columns = parsed.columns
    if parsed.nan_text:  # NaN from text Python may not read as one (nan(1)): as text
        text = parse(frozenset(), sorted(parsed.nan_text))
        if text is None:
            return None
        columns.update(text.columns)
        layout = replace(layout, numeric=layout.numeric.difference(parsed.nan_text))
    keep = None
    if layout.kind == "table" and (blank := blank_rows(columns)) is not None:
        keep = ~blank
        columns = {n: take(c, keep) for n, c in columns.items()}
    n = len(next(iter(columns.values())))
    if not n:
        return None  # no rows: the line-by-line reader says so
    for column in columns.values():
        if isinstance(column, np.ndarray):
            column.flags.writeable = False  # numbers() hands it out as it is
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
        return take(text.columns[name], keep)

    return reread


def _stamp(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_size, stat.st_mtime_ns
