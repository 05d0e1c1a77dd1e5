"""Per-system results that ``simeval meta`` relates: intrinsic measures (a wide table,
tidy records, or the JSON of ``simeval evaluate`` / ``compare``) and extrinsic task
results (a table with a ``system`` column)."""

from __future__ import annotations

import json
import math
from pathlib import Path

from ..errors import DataError
from .score_table import ids_of
from .tables import read_table
from .text import read_text

__all__ = ["read_extrinsic", "read_intrinsic"]


def read_intrinsic(path: str) -> dict[str, dict[str, float]]:
    """``{measure: {system: value}}`` from a wide table, tidy records, or simeval JSON.

    Tidy records keep whole-dataset rows only (empty ``bin``) and, when a ``dataset``
    column is present, the ``weighted_mean`` rows (SemEval's official aggregate); of
    ``simeval compare``'s CSV, the value rows."""
    p = Path(path)
    if p.suffix.lower() == ".json":
        try:
            doc = json.loads(read_text(p))
        except json.JSONDecodeError as exc:
            raise DataError(f"{p}: cannot read as JSON ({exc})") from None
        records = doc.get("records") if isinstance(doc, dict) else None
        if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
            raise DataError(f"{p}: expected a saved simeval result (JSON with a 'records' list)")
        return _from_records(p, records)
    table = read_table(p)
    if "system" not in table.columns:
        raise DataError(f"{p}: no 'system' column; columns are {', '.join(table.columns)}")
    if {"metric", "value"} <= set(table.columns):
        records = [{k: table.columns[k][i] for k in table.columns} for i in range(len(table))]
        return _from_records(p, records)
    out: dict[str, dict[str, float]] = {}
    for column in table.columns:
        if column == "system":
            continue
        out[column] = {
            system: float(x)
            for system, x in zip(ids_of(table, "system"), table.finite_numbers(column), strict=True)
        }
    if not out:
        raise DataError(f"{p}: no measure columns besides 'system'")
    return out


def _from_records(p: Path, records: list) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for r in records:
        if r.get("bin") not in (None, "") or r.get("dataset") not in (None, "", "weighted_mean"):
            continue
        if r.get("table") not in (None, "", "value"):  # compare's CSV: its pairs and agreement
            continue
        value = r.get("value")
        # an undefined value (with its reason in the file) stays undefined: NaN
        number = math.nan if value in (None, "") else float(value)
        out.setdefault(str(r["metric"]), {})[str(r["system"])] = number
    if not out:
        raise DataError(f"{p}: no whole-dataset records (system, metric, value) found")
    return out


def read_extrinsic(path: str, column: str | None) -> dict[str, float]:
    """``{system: task result}`` from a table with a ``system`` column."""
    table = read_table(path)
    if "system" not in table.columns:
        raise DataError(f"{path}: no 'system' column; columns are {', '.join(table.columns)}")
    candidates = [c for c in table.columns if c != "system"]
    # the result columns of simeval extrinsic classify / detect are known by name
    known = [c for c in ("score", "accuracy", "top1_accuracy") if c in candidates]
    col = column or (known[0] if known else None)
    if col is None:
        if len(candidates) != 1:
            raise DataError(
                f"{path}: which column is the task result? give --extrinsic-column "
                f"(one of {', '.join(candidates)})"
            )
        col = candidates[0]
    if col not in table.columns:
        raise DataError(f"{path}: no column {col!r}; columns are {', '.join(table.columns)}")
    values = table.finite_numbers(col, option="--extrinsic-column")
    return {s: float(x) for s, x in zip(ids_of(table, "system"), values, strict=True)}
