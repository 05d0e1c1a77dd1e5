"""Reading score files: CSV / TSV / JSONL / Parquet tables with a header (or without one,
columns then named 1, 2, …), or SemEval-style files with one number per line.

Tables and files of numbers are parsed by a C parser (:mod:`.delimited`: pyarrow's, else
pandas'); what that parser does not take (an irregular file, or one with comment lines)
is read here, line by line, which names the file, the line and the column of any problem.
Parquet is read once for all its columns. Every problem is a
:class:`~simeval.errors.DataError` whose one-line message names the file, the line (or
row) and column, and what to do. Missing values (a blank SemEval line, an empty cell,
``NaN``) are read as NaN and left to the caller's ``nan_policy``.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError, param
from .compressed import compression_suffix
from .delimited import looks_numeric, read_regular, sniff_delimiter
from .memory import release_reader_memory
from .parquet import read_parquet
from .score_table import ScoreTable, default_column
from .text import MAX_LINE_BYTES, is_stdin, open_source, shown_name, source_text

__all__ = [
    "JSON_SUFFIXES",
    "PARQUET_SUFFIXES",
    "format_suffix",
    "read_scores",
    "read_table",
    "release_reader_memory",
]

#: Suffixes read as JSON (Lines) and as Parquet, whatever the file holds.
JSON_SUFFIXES = (".jsonl", ".ndjson", ".json")
PARQUET_SUFFIXES = (".parquet", ".pq")


def format_suffix(path: str | Path) -> str:
    """The suffix that says the format: ``.tsv`` of ``scores.tsv.gz``.

    Parameters
    ----------
    path : str or pathlib.Path
        A file.

    Returns
    -------
    str
        Lower case, with its dot; ``""`` for none.

    Examples
    --------
    >>> format_suffix("runs/Scores.TSV.gz"), format_suffix("gold")
    ('.tsv', '')
    """
    p = Path(path)
    return (p.with_suffix("") if compression_suffix(p) else p).suffix.lower()


@contextmanager
def _csv_field_limit(limit: int) -> Iterator[None]:
    """csv's limit on one field raised to ``limit`` while reading, and set back after
    (the limit is the whole process's)."""
    before = csv.field_size_limit()
    csv.field_size_limit(max(before, limit))
    try:
        yield
    finally:
        csv.field_size_limit(before)


def read_table(path: str | Path, *, comment: str | None = None, header: bool = True) -> ScoreTable:
    """Read a score file. ``.jsonl`` and ``.parquet`` files are tables by their suffix, and
    a ``.json`` file is JSON Lines or one document (the scores document that ``simeval
    score`` and ``merge`` write, whose records are the rows, or a list of objects); a
    text file whose first non-blank line is a single number is read SemEval style (one
    score per line, a blank line = a missing score), whatever its suffix; any other is a
    tab- or comma-separated table with a header (TSV without quoting, as STS-B needs).
    With ``header=False`` the first row is data and the columns are named ``1``, ``2``, …
    (rows may have extra trailing fields, as STS-B's do). A ``.gz``, ``.bz2`` or ``.xz``
    suffix or compressed data is decompressed first (a truncated or corrupt file is an
    error); ``-`` reads standard input (JSONL when its first line is a JSON object). With
    ``comment="#"``, lines starting with ``#`` are skipped (line numbers in messages stay
    those of the file).

    Parameters
    ----------
    path : str or Path
        The file, or ``-`` for standard input.
    comment : str, optional
        Lines starting with it (after white space) are skipped.
    header : bool, default True
        Whether a table's first line names its columns.

    Returns
    -------
    ScoreTable
        The columns, and the line (or Parquet row) of each row in the file.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "run.tsv"
    >>> _ = p.write_text("id\\tscore\\na\\t0.5\\nb\\t\\n")
    >>> table = read_table(p)
    >>> table.numbers("score").tolist(), table.column("id"), table.lines
    ([0.5, nan], ['a', 'b'], [2, 3])
    """
    name = shown_name(path)
    suffix = "" if is_stdin(path) else format_suffix(path)
    if suffix in PARQUET_SUFFIXES and Path(path).exists():
        return read_parquet(Path(path))
    source = open_source(path)
    if comment is None and suffix not in JSON_SUFFIXES:
        table = read_regular(source, suffix, header=header)
        if table is not None:
            release_reader_memory()  # what the parser held beside the columns
            return table
    lines = source_text(source).splitlines()
    if comment is not None:  # blanked, not removed: line numbers stay the file's
        lines = ["" if line.lstrip().startswith(comment) else line for line in lines]
    if not any(line.strip() for line in lines):
        raise DataError(
            f"{name} is empty (it has no rows); it must hold one score per line or a table "
            "with a header"
        )
    first = next(line for line in lines if line.strip())
    if suffix == ".json":
        return _read_json(name, lines)
    if suffix in JSON_SUFFIXES or (not suffix and first.lstrip().startswith("{")):
        return _read_jsonl(name, lines)
    if looks_numeric(first.strip()):
        # A number where a header should be: one score per line, whatever the suffix
        # (a first score is never silently taken for a column name).
        return _read_numbers(name, lines)
    # csv's own limit on a field (131 072 characters) is below our limit on a line; a
    # field may span lines inside quotes, so the limit is a few lines' worth.
    with _csv_field_limit(4 * MAX_LINE_BYTES):
        return _read_delimited(name, lines, sniff_delimiter(suffix, first), header)


def _read_numbers(name: str, lines: list[str]) -> ScoreTable:
    # Every blank line is a missing score, trailing ones included: the SemEval STS gold
    # files end with unscored pairs, and their runs have a line for them (the final
    # newline of the file ends the last line; it is not a line of its own).
    # Lines are parsed (and a line with several values reported) when the column is read.
    return ScoreTable(name, {"score": lines}, list(range(1, len(lines) + 1)), "numbers")


def _rows(name: str, lines: list[str], delimiter: str) -> Iterable[tuple[int, list[str]]]:
    """Non-blank rows with the file line each starts on."""
    # TSV files (STS-B) carry unbalanced quotes in their texts: no quoting there.
    quoting = csv.QUOTE_NONE if delimiter == "\t" else csv.QUOTE_MINIMAL
    reader = csv.reader(lines, delimiter=delimiter, quoting=quoting)  # type: ignore[arg-type]
    # reader.line_num counts physical lines, so a quoted field spanning lines does not
    # shift the numbers in messages.
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise DataError(
                f"{name}, line {reader.line_num}: cannot split into fields ({exc}); check "
                "the quoting"
            ) from None
        if any(cell.strip() for cell in row):
            yield reader.line_num, row


def _read_delimited(name: str, lines: list[str], delimiter: str, header: bool) -> ScoreTable:
    sep = "tab" if delimiter == "\t" else "comma"
    rows = _rows(name, lines, delimiter)
    if not header:
        return _read_headerless(name, rows)
    names: list[str] | None = None
    columns: dict[str, list[Any]] = {}
    line_numbers = []
    for lineno, row in rows:
        if names is None:
            names = [h.strip() for h in row]
            while len(names) > 1 and not names[-1]:  # a trailing delimiter names no column
                names.pop()
            if all(looks_numeric(h) for h in names):
                raise DataError(
                    f"the first line of {name} looks like data, not a header (all its "
                    f"fields are numbers); pass {param('header', False)} and name columns by "
                    "number"
                )
            if len(set(names)) != len(names):
                dup = sorted({h for h in names if names.count(h) > 1})
                raise DataError(
                    f"{name}, line {lineno}: duplicate column name(s) {dup}; rename them"
                )
            columns = {h: [] for h in names}
            continue
        if len(row) > len(names) and not any(cell.strip() for cell in row[len(names) :]):
            row = row[: len(names)]  # trailing delimiters (WordSim-353's set1.tab has some)
        if len(row) != len(names):
            raise DataError(
                f"{name}, line {lineno}: {len(row)} fields but the header has {len(names)}; "
                f"check the delimiter ({sep}) and quoting, or pass {param('header', False)} if "
                "the file "
                "has no header"
            )
        for h, cell in zip(names, row):
            columns[h].append(cell)
        line_numbers.append(lineno)
    if not line_numbers:
        raise DataError(f"{name} has a header but no rows")
    return ScoreTable(name, columns, line_numbers, "table")


def _read_headerless(name: str, rows: Iterable[tuple[int, list[str]]]) -> ScoreTable:
    data = list(rows)
    width = max(len(row) for _, row in data)
    columns: dict[str, list[Any]] = {
        str(k + 1): [row[k] if k < len(row) else "" for _, row in data] for k in range(width)
    }
    return ScoreTable(name, columns, [lineno for lineno, _ in data], "table")


def _read_json(name: str, lines: list[str]) -> ScoreTable:
    """JSON Lines (an object per line), or one JSON document over several lines: the
    scores document of ``simeval score`` / ``merge`` (its ``records`` are the rows), or a
    list of row objects. Rows of a document are numbered as records (1, 2, …)."""
    if len([line for line in lines if line.strip()]) < 2:
        return _read_jsonl(name, lines)
    try:
        doc = json.loads("\n".join(lines))
    except json.JSONDecodeError:
        return _read_jsonl(name, lines)  # JSON Lines, or broken: named by its line
    rows = doc
    if isinstance(doc, dict):
        kind = doc.get("kind")
        if kind != "scores":
            what = f"a saved simeval {kind} document" if kind else "one JSON object"
            raise DataError(
                f"{name} is {what}, not a table of scores; give a score file (id and score "
                "columns, or the JSON that simeval score and merge write)"
            )
        shard = doc.get("shard")
        if isinstance(shard, dict):
            raise DataError(
                f"{name} holds shard {shard.get('index')}/{shard.get('count')} of the pairs; "
                "merge the shards first: simeval merge SHARDS… -o FILE"
            )
        rows = doc.get("records")
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise DataError(f"{name}: expected a list of objects (records), one per row")
    return _table_of(name, rows, list(range(1, len(rows) + 1)), where="record")


def _table_of(
    name: str, records: list[dict[str, Any]], numbers: list[int], where: str = "line"
) -> ScoreTable:
    keys: list[str] = []
    for r in records:
        keys.extend(k for k in r if k not in keys)
    columns = {k: [r.get(k) for r in records] for k in keys}
    return ScoreTable(name, columns, numbers, "table", where=where)


def _read_jsonl(name: str, lines: list[str]) -> ScoreTable:
    records: list[dict[str, Any]] = []
    numbers = []
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise DataError(f"{name}, line {lineno}: not valid JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise DataError(f"{name}, line {lineno}: expected a JSON object per line")
        records.append(obj)
        numbers.append(lineno)
    return _table_of(name, records, numbers)


def read_scores(
    path: str | Path, column: str | None = None, *, parameter: str = "column"
) -> tuple[NDArray[np.float64], ScoreTable]:
    """Read one score column from ``path`` (see :func:`read_table`).

    Parameters
    ----------
    path : str or Path
        The file, or ``-`` for standard input.
    column : str, optional
        The score column (a name or a position 1, 2, …); default: ``score``, else the
        only column.
    parameter : str, default "column"
        The parameter that chooses the column, named by a message
        (:func:`simeval.errors.param`; the command line writes its flag).

    Returns
    -------
    scores : numpy.ndarray
        float64, missing values NaN.
    table : ScoreTable
        The whole table (for ids and line numbers).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "run.txt"
    >>> _ = p.write_text("4.2\\n\\n0.5\\n")
    >>> scores, table = read_scores(p)
    >>> scores.tolist(), table.kind
    ([4.2, nan, 0.5], 'numbers')
    """
    table = read_table(path)
    name = default_column(table, column)
    return table.numbers(name, parameter=parameter), table
