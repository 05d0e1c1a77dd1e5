"""Read paraphrase patterns and per-set extrinsic scores from TSV, CSV or JSON Lines.

Patterns: one row per (set, source, rank, paraphrase) with default columns ``set``,
``source``, ``rank``, ``paraphrase`` and quality columns ``labels`` (0/1 judgments such
as ``1,1,0``) or ``q`` (a number in [0, 1]); ``labels_strict``/``q_strict`` and
``labels_lenient``/``q_lenient`` carry the two judgments of Shima & Mitamura (2011).
Any of these can be renamed: ``columns={"paraphrase": "pattern"}``.

Extrinsic scores: a ``set`` column and one numeric column per task data set (Shima & Mitamura 2011:
MSRPC, RTE, CQAE). Lines starting with ``#`` and blank lines are skipped in every format;
errors name the file and line.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import DataError
from ..io import is_stdin
from ..io import read_table as io_read_table
from .patterns import QUALITY_COLUMNS, Patterns

__all__ = ["PATTERN_COLUMNS", "read_extrinsic", "read_patterns", "read_table"]

#: Logical column names of a pattern file (each renamable).
PATTERN_COLUMNS = ("set", "source", "rank", "paraphrase", *QUALITY_COLUMNS)
_REQUIRED = ("set", "source", "rank", "paraphrase")

_FORMATS = {
    ".tsv": "tsv",
    ".tab": "tsv",
    ".txt": "tsv",
    ".csv": "csv",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
}


def _format_of(path: Path) -> str:
    suffixes = [s.lower() for s in path.suffixes]
    if suffixes and suffixes[-1] == ".gz":
        suffixes.pop()
    fmt = _FORMATS.get(suffixes[-1]) if suffixes else None
    if fmt is None:
        raise DataError(
            f"{path}: cannot tell the format from the name; "
            "use .tsv, .csv or .jsonl (optionally .gz)"
        )
    return fmt


def read_table(path: str | Path) -> tuple[list[str], list[dict[str, Any]], list[int]]:
    """Header, rows (dicts) and the line number of each row of a TSV, CSV or JSONL file
    (optionally ``.gz``), read by :func:`simeval.io.read_table`; ``#`` comment lines and
    blank lines are skipped.

    Parameters
    ----------
    path : str or pathlib.Path
        A ``.tsv``, ``.csv`` or ``.jsonl`` file (optionally ``.gz``), or ``-`` for stdin.

    Returns
    -------
    tuple
        ``(header, rows, line_numbers)``; a row leaves out its empty cells.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "t.tsv"
    >>> _ = path.write_text("# a comment\\nset\\tscore\\nA\\t0.5\\n")
    >>> read_table(path)
    (['set', 'score'], [{'set': 'A', 'score': '0.5'}], [3])
    """
    p = Path(path)
    if not is_stdin(p):  # the name must say the format; standard input is sniffed
        _format_of(p)
    table = io_read_table(p, comment="#")
    header = list(table.columns)
    rows = [
        {h: table.columns[h][i] for h in header if table.columns[h][i] is not None}
        for i in range(len(table))
    ]
    return header, rows, list(table.lines)


def _column_map(path: Path, header: list[str], columns: Mapping[str, str]) -> dict[str, str]:
    unknown = [name for name in columns if name not in PATTERN_COLUMNS]
    if unknown:
        raise DataError(
            f"unknown column name {unknown[0]!r} in a rename; rename one of "
            f"{', '.join(PATTERN_COLUMNS)}"
        )
    for name, col in columns.items():
        if col not in header:
            raise DataError(
                f"{path}: column {col!r} (given for {name}) is not in the file; "
                f"its columns are {', '.join(header)}"
            )
    claimed = set(columns.values())
    mapping = {n: n for n in PATTERN_COLUMNS if n in header and n not in claimed}
    mapping.update(columns)
    missing = [n for n in _REQUIRED if n not in mapping]
    if missing:
        raise DataError(
            f"{path}: no {missing[0]!r} column (columns: {', '.join(header)}); "
            f"rename one with --column {missing[0]}=COLUMN"
        )
    if not any(n in mapping for n in QUALITY_COLUMNS):
        raise DataError(
            f"{path}: no quality column (columns: {', '.join(header)}); give labels "
            "(0/1 judgments like 1,1,0) or q, labels_strict, labels_lenient … "
            "or rename one with --column labels=COLUMN"
        )
    return mapping


def read_patterns(path: str | Path, *, columns: Mapping[str, str] | None = None) -> Patterns:
    """Read and validate paraphrase patterns (see the module docstring for the columns).

    ``columns`` renames logical columns: ``{"paraphrase": "pattern", "labels_strict":
    "strict"}``. Raises :class:`~simeval.errors.DataError` naming the file and line of a
    bad row (ranks not 1..n per set and source, labels outside {0, 1}, empty fields).

    Parameters
    ----------
    path : str or pathlib.Path
        A ``.tsv``, ``.csv`` or ``.jsonl`` file.
    columns : mapping of str to str, optional
        Logical column → the file's column.

    Returns
    -------
    Patterns

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "patterns.tsv"
    >>> _ = path.write_text("set\\tsource\\trank\\tpattern\\tlabels\\n"
    ...                     "A\\tkilled\\t1\\tslain\\t1,1,0\\nA\\tkilled\\t2\\tkilling\\t1\\n")
    >>> p = read_patterns(path, columns={"paraphrase": "pattern"})
    >>> p.paraphrase, p.quality().round(3).tolist()
    (('slain', 'killing'), [0.667, 1.0])
    """
    p = Path(path)
    header, rows, numbers = read_table(p)
    mapping = _column_map(p, header, dict(columns or {}))
    records = [{name: row.get(col) for name, col in mapping.items()} for row in rows]
    return Patterns.from_records(records, origin=str(p), lines=numbers, error=DataError)


def read_extrinsic(path: str | Path, *, set_column: str = "set") -> dict[str, dict[str, float]]:
    """Per-set extrinsic task scores: ``{data set: {set: score}}`` from a file with a
    ``set_column`` and one numeric column per task data set (Shima & Mitamura 2011: MSRPC, RTE,
    CQAE).

    Every score must be a finite number and every set appear once.

    Parameters
    ----------
    path : str or pathlib.Path
        A ``.tsv``, ``.csv`` or ``.jsonl`` file.
    set_column : str, default "set"
        The column of set names.

    Returns
    -------
    dict
        Task data set → pattern set → score.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "tasks.csv"
    >>> _ = path.write_text("set,MSRPC\\nA,0.25\\nB,0.5\\n")
    >>> read_extrinsic(path)
    {'MSRPC': {'A': 0.25, 'B': 0.5}}
    """
    p = Path(path)
    header, rows, numbers = read_table(p)
    if set_column not in header:
        raise DataError(
            f"{p}: no {set_column!r} column (columns: {', '.join(header)}); "
            "name the column of set names 'set'"
        )
    datasets = [h for h in header if h != set_column]
    if not datasets:
        raise DataError(f"{p}: no score columns; add one numeric column per task data set")
    out: dict[str, dict[str, float]] = {d: {} for d in datasets}
    seen: dict[str, int] = {}
    for row, n in zip(rows, numbers, strict=True):
        name = str(row.get(set_column) or "").strip()
        if not name:
            raise DataError(f"{p} line {n}: `{set_column}` is empty")
        if name in seen:
            raise DataError(f"{p} line {n}: set {name!r} again (first at line {seen[name]})")
        seen[name] = n
        for d in datasets:
            value = row.get(d)
            try:
                x = float(value)  # type: ignore[arg-type]
            except (TypeError, ValueError):
                x = math.nan
            if not math.isfinite(x):
                raise DataError(f"{p} line {n}: `{d}` must be a finite number; got {value!r}")
            out[d][name] = x
    return out
