"""Per-system results that ``simeval meta`` relates: intrinsic measures (a wide table,
tidy records, or the JSON of ``simeval evaluate`` / ``compare``) and extrinsic task
results (a table with a ``system`` column)."""

from __future__ import annotations

import json
import math
from pathlib import Path

from ..errors import DataError, param
from .score_table import ids_of
from .tables import read_table
from .text import read_text

__all__ = ["read_extrinsic", "read_intrinsic"]


#: A record's place in its table, for messages (a key no column can have).
_LINE = "\0line"


def read_intrinsic(path: str, dataset: str | None = None) -> dict[str, dict[str, float]]:
    """``{measure: {system: value}}`` from a wide table, tidy records, or simeval JSON.

    Tidy records (a table with ``system``, ``metric`` and ``value`` columns; the JSON of
    ``simeval evaluate``, ``compare`` or ``run``, a ``results`` list; or a bare JSON list
    of records, as the examples write) keep whole-dataset rows only: an empty ``bin``, the
    ``value`` rows of ``simeval compare``'s CSV, no SemEval subset other than the pooled
    ``all``. Records that name their ``dataset`` are read for one data set: ``dataset``
    when given, else the only one, else ``weighted_mean`` (the official aggregate of a
    SemEval folder); records of several data sets and no choice are an error that lists
    them.

    Parameters
    ----------
    path : str
        A ``.json`` file, or a table (CSV / TSV / JSONL / Parquet) with a ``system`` column.
    dataset : str, optional
        The data set whose records to read (records that name one).

    Returns
    -------
    dict
        ``{measure: {system: value}}``; an undefined value is NaN.

    Examples
    --------
    >>> import json, tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "records.json"
    >>> _ = p.write_text(json.dumps([
    ...     {"dataset": "sts12", "system": "a", "metric": "pearson", "value": 0.5},
    ...     {"dataset": "sts13", "system": "a", "metric": "pearson", "value": 0.7}]))
    >>> read_intrinsic(str(p), dataset="sts13")
    {'pearson': {'a': 0.7}}
    """
    p = Path(path)
    if p.suffix.lower() == ".json":
        try:
            doc = json.loads(read_text(p))
        except json.JSONDecodeError as exc:
            raise DataError(f"{p}: cannot read as JSON ({exc})") from None
        records = doc.get("records", doc.get("results")) if isinstance(doc, dict) else doc
        if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
            raise DataError(
                f"{p}: expected a saved simeval result (JSON with a 'records' list), or a "
                "list of records (system, metric, value)"
            )
        return _from_records(p, records, dataset)
    table = read_table(p)
    if "system" not in table.columns:
        raise DataError(f"{p}: no 'system' column; columns are {', '.join(table.columns)}")
    if {"metric", "value"} <= set(table.columns):
        records = [
            {**{k: table.columns[k][i] for k in table.columns}, _LINE: table.location(i)}
            for i in range(len(table))
        ]
        return _from_records(p, records, dataset)
    if dataset is not None:
        raise DataError(
            f"{p}: a wide table (one column per measure) names no data set; drop {param('dataset')}"
        )
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


def _blank(value: object) -> bool:
    return value is None or value == "" or (isinstance(value, float) and math.isnan(value))


def _one_dataset(p: Path, records: list[dict], dataset: str | None) -> list[dict]:
    """The records of one data set (see :func:`read_intrinsic`)."""
    names = list(dict.fromkeys(str(r["dataset"]) for r in records if not _blank(r.get("dataset"))))
    if dataset is None:
        if "weighted_mean" in names:
            dataset = "weighted_mean"
        elif len(names) > 1:
            shown = ", ".join(names[:8]) + (" …" if len(names) > 8 else "")
            raise DataError(
                f"{p}: records of {len(names)} data sets ({shown}); choose one with "
                f"{param('dataset', names[0])}"
            )
        else:
            return records
    if dataset not in names:
        raise DataError(
            f"{p}: no records of data set {dataset!r}; its data sets are "
            f"{', '.join(names) or 'not named (no dataset column)'}"
        )
    return [r for r in records if str(r.get("dataset")) == dataset]


def _from_records(p: Path, records: list, dataset: str | None) -> dict[str, dict[str, float]]:
    whole = [
        r
        for r in records
        if _blank(r.get("bin"))
        and r.get("table") in (None, "", "value")  # compare's CSV: its pairs and agreement
        and (_blank(r.get("subset")) or r.get("subset") == "all")  # a SemEval year pooled
    ]
    out: dict[str, dict[str, float]] = {}
    first: dict[tuple[str, str], str] = {}
    for i, r in enumerate(_one_dataset(p, whole, dataset)):
        if "metric" not in r or "system" not in r:
            raise DataError(f"{p}: a record without 'system' or 'metric': {r}")
        value = r.get("value")
        # an undefined value (with its reason in the file) stays undefined: NaN
        number = math.nan if value is None or _blank(value) else float(value)
        metric, system = str(r["metric"]), str(r["system"])
        where = str(r.get(_LINE, f"{p}, record {i + 1}"))
        known = out.get(metric, {}).get(system)
        if known is not None and not (
            known == number or (math.isnan(known) and math.isnan(number))
        ):
            raise DataError(
                f"{where}: system {system!r} has a second {metric} ({number:g}; the first, "
                f"{known:g}, at {first[(metric, system)]}); keep one record per system and "
                "measure"
            )
        first.setdefault((metric, system), where)
        out.setdefault(metric, {})[system] = number
    if not out:
        raise DataError(f"{p}: no whole-dataset records (system, metric, value) found")
    return out


def read_extrinsic(path: str, extrinsic_column: str | None) -> dict[str, float]:
    """``{system: task result}`` from a table with a ``system`` column.

    Parameters
    ----------
    path : str
        The table (CSV / TSV / JSONL / Parquet).
    extrinsic_column : str or None
        The result column; None: ``score``, ``accuracy`` or ``top1_accuracy`` (the columns
        ``simeval extrinsic`` writes), else the only column besides ``system``.

    Returns
    -------
    dict
        ``{system: result}``; a missing result is an error naming its line.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "task.csv"
    >>> _ = p.write_text("system,accuracy\\na,0.81\\nb,0.78\\n")
    >>> read_extrinsic(str(p), None)
    {'a': 0.81, 'b': 0.78}
    """
    table = read_table(path)
    if "system" not in table.columns:
        raise DataError(f"{path}: no 'system' column; columns are {', '.join(table.columns)}")
    candidates = [c for c in table.columns if c != "system"]
    # the result columns of simeval extrinsic classify / detect are known by name
    known = [c for c in ("score", "accuracy", "top1_accuracy") if c in candidates]
    col = extrinsic_column or (known[0] if known else None)
    if col is None:
        if len(candidates) != 1:
            raise DataError(
                f"{path}: which column is the task result? give {param('extrinsic_column')} "
                f"(one of {', '.join(candidates)})"
            )
        col = candidates[0]
    if col not in table.columns:
        raise DataError(f"{path}: no column {col!r}; columns are {', '.join(table.columns)}")
    values = table.finite_numbers(col, parameter="extrinsic_column")
    return {s: float(x) for s, x in zip(ids_of(table, "system"), values, strict=True)}
