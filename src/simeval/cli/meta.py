"""``simeval meta``: how well does each intrinsic measure predict task performance?"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..errors import DataError
from ..io import ids_of, read_table, read_text
from ..meta import predictiveness, rank_agreement
from ..metrics.registry import direction
from ..report.meta import format_meta
from ._common import (
    add_output_options,
    declare_files,
    emit,
    non_negative_int,
)
from ._options import add_bootstrap_option

__all__ = ["read_extrinsic", "read_intrinsic", "register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "meta",
        help="predictiveness of intrinsic measures for an extrinsic task (ρ, MAD, MSD)",
        description="Rank systems by each intrinsic measure and by an extrinsic task result; "
        "report ρ(IR, ER), MAD and MSD per measure, sorted as Reimers et al. (2016) Table 2, "
        "with a bootstrap over systems for the stability of ρ, and the rank agreement "
        "between the intrinsic measures (their Table 1).",
    )
    p.add_argument(
        "--intrinsic",
        required=True,
        metavar="FILE",
        help="per-system measures: a table with a 'system' column and one column per "
        "measure, tidy records (system, metric, value; e.g. simeval evaluate --format csv), "
        "or the JSON of simeval evaluate/compare",
    )
    p.add_argument(
        "--extrinsic",
        required=True,
        metavar="FILE",
        help="per-system task results: a table with 'system' and a score column ('score', or "
        "the accuracy column of simeval extrinsic classify/detect, or --extrinsic-column)",
    )
    p.add_argument(
        "--extrinsic-column",
        metavar="COL",
        help="the task-result column of --extrinsic (default: score, accuracy or "
        "top1_accuracy, whichever is present, else the only other column)",
    )
    p.add_argument(
        "--extrinsic-lower-is-better",
        action="store_true",
        help="the task result is an error (lower is better)",
    )
    add_bootstrap_option(p, "the systems, for the interval of ρ")
    p.add_argument(
        "--seed",
        type=non_negative_int,
        default=0,
        help="seed of the bootstrap over systems (default: 0; 0 is a seed)",
    )
    add_output_options(p)
    declare_files(p, inputs=("intrinsic", "extrinsic"))
    p.set_defaults(func=run)


def read_intrinsic(path: str) -> dict[str, dict[str, float]]:
    """``{measure: {system: value}}`` from a wide table, tidy records, or simeval JSON.

    Tidy records keep whole-dataset rows only (empty ``bin``) and, when a ``dataset``
    column is present, the ``weighted_mean`` rows (SemEval's official aggregate)."""
    p = Path(path)
    if p.suffix.lower() == ".json":
        try:
            doc = json.loads(read_text(p))
        except json.JSONDecodeError as exc:
            raise DataError(f"{p}: cannot read as JSON ({exc})") from None
        records = doc.get("results") if isinstance(doc, dict) else None
        if not isinstance(records, list):
            raise DataError(f"{p}: expected simeval JSON with a 'results' list")
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
        value = r.get("value")
        if value in (None, ""):
            continue
        out.setdefault(str(r["metric"]), {})[str(r["system"])] = float(value)
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


def run(args: argparse.Namespace) -> int:
    intrinsic = read_intrinsic(args.intrinsic)
    extrinsic = read_extrinsic(args.extrinsic, args.extrinsic_column)
    missing = sorted({s for t in intrinsic.values() for s in t} ^ set(extrinsic))
    if missing:
        raise DataError(
            f"systems must match between {args.intrinsic} and {args.extrinsic}; "
            f"only in one of them: {', '.join(missing[:5])}"
        )
    # a measure simeval does not know (a user's own column) counts as higher-is-better
    directions = {m: direction(m, default=True) for m in intrinsic}
    pred = predictiveness(
        intrinsic,
        extrinsic,
        higher_is_better=directions,
        extrinsic_higher_is_better=not args.extrinsic_lower_is_better,
        n_resamples=args.bootstrap,
        seed=args.seed,
    )
    agreement = rank_agreement(intrinsic, higher_is_better=directions) if len(intrinsic) > 1 else []
    emit(format_meta(pred, agreement, args.format, args.digits), args.output)
    return 0
