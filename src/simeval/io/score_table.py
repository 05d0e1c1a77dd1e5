"""A table of scores read from a file, with the line of each row for messages, and the
helpers that pick its columns (by name, or by position 1, 2, …) and ids."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError
from .text import is_stdin

__all__ = ["ScoreTable", "default_column", "ids_of", "parse_system_spec"]


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
        """The column called ``name``, or the ``name``-th column (from 1) when ``name`` is a
        number and no column has that name."""
        return self.columns[self.column_name(name, option=option)]

    def column_name(self, name: str, *, option: str = "--column") -> str:
        """The header name of column ``name``: itself, or the name of the column at that
        position (1, 2, …) when ``name`` is a number that is not a column name."""
        if name in self.columns:
            return name
        text = str(name).strip()
        if text.isdigit() and self.kind == "table":
            k = int(text)
            if 1 <= k <= len(self.columns):
                return list(self.columns)[k - 1]
            raise DataError(
                f"{self.path}: no column {k}; the file has {len(self.columns)} column(s); "
                f"choose one with {option}"
            )
        cols = ", ".join(self.columns) or "(none)"
        raise DataError(
            f"{self.path}: no column {name!r}; the columns are {cols}; choose one with {option}"
        )

    def numbers(self, name: str, *, option: str = "--column") -> NDArray[np.float64]:
        """The column as floats; blanks and NaN become NaN, infinity and text are errors."""
        name = self.column_name(name, option=option)
        raw = self.columns[name]
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
        name = self.column_name(name, option=option)
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


def default_column(table: ScoreTable, requested: str | None, exclude: Sequence[str] = ()) -> str:
    """The score column: ``requested`` if given; else ``score`` if present; else the only
    column not in ``exclude``."""
    if requested:  # a name or a position (1, 2, …), resolved when the column is read
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
    if is_stdin(rest) or Path(rest).exists() or ":" not in rest:
        return name.strip(), rest, None
    file, _, column = rest.rpartition(":")
    return name.strip(), file, column or None
