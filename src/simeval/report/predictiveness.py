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
    interval of ρ.

    Parameters
    ----------
    pred : sequence of Predictiveness
        One per measure.

    Returns
    -------
    header : list of str
    rows : list of list

    References
    ----------
    Reimers, N., Beyer, P. & Gurevych, I. (2016). Task-oriented intrinsic evaluation of
    semantic textual similarity. *COLING 2016*, 87–96, Table 2.

    Examples
    --------
    >>> from simeval.meta.ranks import rank_agreement
    >>> from simeval.meta.predictiveness import predictiveness
    >>> table = {"pearson": {"A": 0.7, "B": 0.9, "C": 0.8, "D": 0.5, "E": 0.6},
    ...          "nmsse": {"A": 0.1, "B": 0.2, "C": 0.3, "D": 0.4, "E": 0.5}}
    >>> task = {"A": 0.9, "B": 0.8, "C": 0.7, "D": 0.6, "E": 0.5}
    >>> header, rows = predictiveness_table(predictiveness(table, task, n_resamples=0))
    >>> [(r[0], round(r[1], 4), r[2], r[3], r[4]) for r in rows]  # ρ, place, MAD, MSD
    [('nmsse', 1.0, 1, 0.0, 0.0), ('pearson', 0.6, 2, 1.2, 1.6)]
    """
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
    signature.

    Parameters
    ----------
    pred : sequence of Predictiveness
        One per measure.
    agreement : sequence of RankAgreement
        Between the measures (may be empty).
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.
    digits : int, default 4
        Decimals shown.
    seed : int, optional
        The bootstrap's seed, for the JSON's signature.

    Returns
    -------
    str

    Examples
    --------
    >>> from simeval.meta.ranks import rank_agreement
    >>> from simeval.meta.predictiveness import predictiveness
    >>> table = {"pearson": {"A": 0.7, "B": 0.9, "C": 0.8, "D": 0.5, "E": 0.6},
    ...          "nmsse": {"A": 0.1, "B": 0.2, "C": 0.3, "D": 0.4, "E": 0.5}}
    >>> task = {"A": 0.9, "B": 0.8, "C": 0.7, "D": 0.6, "E": 0.5}
    >>> pred = predictiveness(table, task, n_resamples=0)
    >>> print(format_meta(pred, rank_agreement(table), "csv"), end="")
    measure,rho,rank,MAD,MSD,rho low,rho high,reason
    nmsse,1.0,1,0.0,0.0,,,"no bootstrap resamples, so no interval"
    pearson,0.5999999999999999,2,1.2,1.6,,,"no bootstrap resamples, so no interval"
    """
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
