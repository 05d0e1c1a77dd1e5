"""Reading score files: CSV / TSV / JSONL / Parquet tables with a header, or SemEval-style
files with one number per line.

Every problem is a :class:`~simeval.errors.DataError` whose one-line message names the
file, the line (or row) and column, and what to do. Missing values (a blank SemEval line,
an empty cell, ``NaN``) are read as NaN and left to the caller's ``nan_policy``.
"""

from __future__ import annotations

import csv
import gzip
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .errors import DataError, require

__all__ = ["ScoreTable", "parse_system_spec", "read_scores", "read_table"]


@dataclass(frozen=True)
class ScoreTable:
    """A table read from a file: its columns as lists of raw strings (or values), and the
    line number in the file of each row (for messages)."""

    path: str
    columns: dict[str, list[Any]]
    lines: list[int]
    kind: str  # "numbers" (one value per line) or "table"
    where: str = "line"  # "line" for text files, "row" for Parquet

    def __len__(self) -> int:
        return len(self.lines)

    def column(self, name: str, *, option: str = "--column") -> list[Any]:
        if name not in self.columns:
            cols = ", ".join(self.columns) or "(none)"
            raise DataError(
                f"{self.path}: no column {name!r}; the columns are {cols}; choose one with {option}"
            )
        return self.columns[name]

    def numbers(self, name: str, *, option: str = "--column") -> NDArray[np.float64]:
        """The column as floats; blanks and NaN become NaN, infinity and text are errors."""
        raw = self.column(name, option=option)
        try:  # fast path: numpy's own conversion of the whole column
            out = np.array(raw, dtype=np.float64)
        except (TypeError, ValueError):
            out = None
        if out is None or out.shape != (len(raw),) or np.isinf(out).any():
            # the slow path finds the failing line for the message (blanks, n/a, text, inf)
            out = np.empty(len(raw), dtype=np.float64)
            for i, value in enumerate(raw):
                out[i] = _to_float(value, self, i, name)
        return out

    def finite_numbers(self, name: str, *, option: str = "--column") -> NDArray[np.float64]:
        """As :meth:`numbers`, but a missing value is an error naming its line."""
        values = self.numbers(name, option=option)
        missing = np.isnan(values)
        if missing.any():
            i = int(np.argmax(missing))
            raw = self.columns[name][i]
            shown = f" ({str(raw).strip()!r})" if raw is not None and str(raw).strip() else ""
            raise DataError(f"{self.location(i, name)}: missing value{shown}; fill it in")
        return values

    def location(self, i: int, column: str | None = None) -> str:
        col = f", column {column!r}" if column and self.kind == "table" else ""
        return f"{self.path}, {self.where} {self.lines[i]}{col}"


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


def _looks_numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def read_text(path: str | Path) -> str:
    """A file's text: UTF-8 (a byte-order mark is dropped), gzip-compressed when the name
    ends in ``.gz``; a missing or unreadable file is a one-line :class:`DataError`."""
    p = Path(path)
    if not p.exists():
        raise DataError(f"{p}: no such file; check the path")
    if p.is_dir():
        raise DataError(f"{p} is a directory, not a file")
    try:
        if p.suffix.lower() == ".gz":
            with gzip.open(p, "rt", encoding="utf-8-sig") as fh:
                return fh.read()
        return p.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise DataError(f"{p}: not UTF-8 text; convert it (e.g. iconv -t UTF-8)") from None
    except (OSError, EOFError) as exc:
        raise DataError(f"{p}: cannot read it ({exc})") from None


def read_table(path: str | Path, *, comment: str | None = None) -> ScoreTable:
    """Read a score file. ``.jsonl`` and ``.parquet`` files are tables by their suffix; a
    text file whose first non-blank line is a single number is read SemEval style (one
    score per line, a blank line = a missing score), whatever its suffix; any other is a
    tab- or comma-separated table with a header. A ``.gz`` suffix is decompressed first.
    With ``comment="#"``, lines starting with ``#`` are skipped (line numbers in messages
    stay those of the file)."""
    p = Path(path)
    suffix = (p.with_suffix("") if p.suffix.lower() == ".gz" else p).suffix.lower()
    if suffix in (".parquet", ".pq") and p.exists():
        return _read_parquet(p)
    lines = read_text(p).splitlines()
    if comment is not None:  # blanked, not removed: line numbers stay the file's
        lines = ["" if line.lstrip().startswith(comment) else line for line in lines]
    if not any(line.strip() for line in lines):
        raise DataError(
            f"{p} is empty (it has no rows); it must hold one score per line or a table with "
            "a header"
        )
    if suffix in (".jsonl", ".ndjson", ".json"):
        return _read_jsonl(p, lines)
    first = next(line for line in lines if line.strip())
    if _looks_numeric(first.strip()):
        # A number where a header should be: one score per line, whatever the suffix
        # (a first score is never silently taken for a column name).
        return _read_numbers(p, lines)
    delimiter = "\t" if suffix in (".tsv", ".tab") or "\t" in first else ","
    return _read_delimited(p, lines, delimiter)


def _read_numbers(p: Path, lines: list[str]) -> ScoreTable:
    # Trailing blank lines are the end of the file, not missing scores.
    while lines and not lines[-1].strip():
        lines.pop()
    # Lines are parsed (and a line with several values reported) when the column is read.
    return ScoreTable(str(p), {"score": lines}, list(range(1, len(lines) + 1)), "numbers")


def _read_delimited(p: Path, lines: list[str], delimiter: str) -> ScoreTable:
    # TSV files (STS-B) carry unbalanced quotes in their texts: no quoting there.
    if delimiter == "\t":
        reader = csv.reader(lines, delimiter=delimiter, quoting=csv.QUOTE_NONE)
    else:
        reader = csv.reader(lines, delimiter=delimiter, quoting=csv.QUOTE_MINIMAL)
    # The header is the first non-blank row; reader.line_num counts physical lines, so a
    # quoted field spanning lines does not shift the numbers in messages.
    header: list[str] | None = None
    columns: dict[str, list[Any]] = {}
    line_numbers = []
    for row in reader:
        lineno = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if header is None:
            header = [h.strip() for h in row]
            if len(set(header)) != len(header):
                dup = sorted({h for h in header if header.count(h) > 1})
                raise DataError(f"{p}, line {lineno}: duplicate column name(s) {dup}; rename them")
            columns = {h: [] for h in header}
            continue
        if len(row) != len(header):
            raise DataError(
                f"{p}, line {lineno}: {len(row)} fields but the header has {len(header)}; "
                f"check the delimiter ({'tab' if delimiter == chr(9) else 'comma'}) and quoting"
            )
        for h, cell in zip(header, row):
            columns[h].append(cell)
        line_numbers.append(lineno)
    if not line_numbers:
        raise DataError(f"{p} has a header but no rows")
    return ScoreTable(str(p), columns, line_numbers, "table")


def _read_jsonl(p: Path, lines: list[str]) -> ScoreTable:
    records: list[dict[str, Any]] = []
    numbers = []
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise DataError(f"{p}, line {lineno}: not valid JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise DataError(f"{p}, line {lineno}: expected a JSON object per line")
        records.append(obj)
        numbers.append(lineno)
    keys: list[str] = []
    for r in records:
        keys.extend(k for k in r if k not in keys)
    columns = {k: [r.get(k) for r in records] for k in keys}
    return ScoreTable(str(p), columns, numbers, "table")


def _read_parquet(p: Path) -> ScoreTable:
    require("pyarrow", "parquet")
    import pandas as pd

    try:
        frame = pd.read_parquet(p)
    except Exception as exc:  # pyarrow raises many types for a bad file
        raise DataError(f"{p}: cannot read as Parquet ({exc})") from None
    if frame.empty:
        raise DataError(f"{p} has no rows")
    columns = {str(c): frame[c].tolist() for c in frame.columns}
    return ScoreTable(str(p), columns, list(range(1, len(frame) + 1)), "table", where="row")


def default_column(table: ScoreTable, requested: str | None, exclude: Sequence[str] = ()) -> str:
    """The score column: ``requested`` if given; else ``score`` if present; else the only
    column not in ``exclude``."""
    if requested:
        return requested
    if "score" in table.columns:
        return "score"
    candidates = [c for c in table.columns if c not in exclude]
    if len(candidates) == 1:
        return candidates[0]
    raise DataError(
        f"{table.path}: which column holds the scores? columns are {', '.join(table.columns)}; "
        "name it (NAME=FILE:COLUMN or --gold-column)"
    )


def read_scores(
    path: str | Path, column: str | None = None, *, option: str = "--column"
) -> tuple[NDArray[np.float64], ScoreTable]:
    """Read one score column from ``path`` (see :func:`read_table`)."""
    table = read_table(path)
    name = default_column(table, column)
    return table.numbers(name, option=option), table


def ids_of(table: ScoreTable, id_column: str) -> list[str]:
    """The id column as strings; duplicate ids are an error naming both lines."""
    ids = [str(v).strip() for v in table.column(id_column, option="--id-column")]
    seen: dict[str, int] = {}
    for i, v in enumerate(ids):
        if v in seen:
            raise DataError(
                f"{table.path}: id {v!r} appears twice ({table.where}s {table.lines[seen[v]]} "
                f"and {table.lines[i]}); ids must be unique"
            )
        seen[v] = i
    return ids


def parse_system_spec(spec: str) -> tuple[str, str, str | None]:
    """Split ``NAME=FILE`` or ``NAME=FILE:COLUMN`` into its parts.

    >>> parse_system_spec("minilm=runs/minilm.tsv:cosine")
    ('minilm', 'runs/minilm.tsv', 'cosine')
    """
    name, eq, rest = spec.partition("=")
    if not eq or not name.strip() or not rest:
        raise DataError(f"--system {spec!r}: expected NAME=FILE or NAME=FILE:COLUMN")
    if Path(rest).exists() or ":" not in rest:
        return name.strip(), rest, None
    file, _, column = rest.rpartition(":")
    return name.strip(), file, column or None
