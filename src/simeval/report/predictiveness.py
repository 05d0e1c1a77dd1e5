"""How the predictiveness of intrinsic measures for an extrinsic task (Reimers et al. 2016,
Table 2) and the rank agreement between the measures (their Table 1) are shown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..meta.predictiveness import Predictiveness
from ..meta.ranks import RankAgreement
from .agreement import agreement_table
from .notes import with_reasons
from .schema import meta_document
from .tables import render_table, to_json

__all__ = ["PREDICTIVENESS_HEADER", "format_meta", "predictiveness_table"]

#: The columns of the predictiveness table, in order.
PREDICTIVENESS_HEADER = ["measure", "rho", "rank", "MAD", "MSD", "rho low", "rho high"]


def predictiveness_table(
    pred: Sequence[Predictiveness],
) -> tuple[list[str], list[list[Any]]]:
    """One row per measure, in the given order (sorted by ρ as Reimers et al. 2016, Table
    2): ρ(IR, ER), its place, MAD = mean |IR − ER|, MSD = mean (IR − ER)² and the bootstrap
    interval of ρ."""
    rows: list[list[Any]] = [
        [p.measure, p.rho, p.rank, p.mad, p.msd, p.ci_low, p.ci_high] for p in pred
    ]
    return list(PREDICTIVENESS_HEADER), rows


def format_meta(
    pred: Sequence[Predictiveness],
    agreement: Sequence[RankAgreement],
    fmt: str,
    digits: int = 4,
    *,
    seed: int | None = None,
) -> str:
    """The predictiveness of each measure and, when given, the rank agreement between the
    measures: a JSON document with both lists, CSV of the predictiveness (with a ``reason``
    column when a value is undefined), or a table per result with numbered notes saying
    why a value is undefined (``—``); ``seed`` (of the bootstrap) goes into the JSON's
    signature."""
    if fmt == "json":
        return to_json(meta_document(pred, agreement, seed=seed))
    header, rows, notes = with_reasons(*predictiveness_table(pred), [p.reason for p in pred], fmt)
    if fmt == "csv":
        return render_table(header, rows, "csv")
    n = pred[0].n_systems if pred else 0
    blocks = [
        render_table(
            header,
            rows,
            fmt,
            digits=digits,
            title=f"predictiveness over {n} systems: ρ(IR, ER), sorted as "
            "Reimers et al. (2016) Table 2; ρ interval: bootstrap over systems",
        )
        + notes
    ]
    if agreement:
        a_header, a_rows, a_notes = with_reasons(
            *agreement_table(agreement), [a.reason for a in agreement], fmt
        )
        blocks.append(
            render_table(
                a_header,
                a_rows,
                fmt,
                digits=digits,
                title="rank agreement between intrinsic measures",
            )
            + a_notes
        )
    return "\n".join(blocks)
