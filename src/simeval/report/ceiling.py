"""How the human ceiling is shown beside the systems: a table of the raters' agreement
(IAA-1, IAA-2, split-half, with intervals) and of each system's ρ, share of the ceiling and
comparison with an average single rater; the same as records (CSV) and as JSON
(:meth:`~simeval.stats.ceiling.HumanCeiling.as_dict`)."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from typing import Any

from ..evaluation.evaluate import Evaluation
from ..stats.agreement_kernels import MIN_ITEMS
from ..stats.ceiling import HumanCeiling
from .notes import WIDTH, and_list, footnotes
from .tables import render_table, to_json

__all__ = [
    "CEILING_HEADER",
    "ceiling_records",
    "evaluation_records",
    "format_ceiling",
    "left_out_raters",
    "with_ceiling",
]

CEILING_HEADER = ("who", "measure", "value", "ci_low", "ci_high", "verdict")

_LABELS = {
    "iaa1": "IAA-1 (mean pairwise rho)",
    "iaa2": "IAA-2 (rater vs mean of others) = ceiling",
    "split_half": "split-half (Spearman-Brown)",
}


def _rows(ceiling: HumanCeiling) -> tuple[list[list[Any]], list[str | None]]:
    rows: list[list[Any]] = []
    reasons: list[str | None] = []
    for m in ceiling.agreement.measures():
        rows.append(["raters", _LABELS[m.name], m.statistic, m.low, m.high, None])
        reasons.append(m.reason)
    for s in ceiling.systems:
        rows.append([s.system, "rho vs gold", s.rho, s.rho_low, s.rho_high, None])
        reasons.append(None)
        rows.append([s.system, "share of ceiling", s.share, None, None, None])
        reasons.append(None)
        rows.append(
            [
                s.system,
                "rho vs others - rater vs others",
                s.difference,
                s.difference_low,
                s.difference_high,
                s.verdict,
            ]
        )
        reasons.append(None)
    return rows, reasons


def ceiling_records(ceiling: HumanCeiling, dataset: str | None = None) -> list[dict[str, Any]]:
    """One record per row of the table (``who``, ``measure``, ``value``, ``ci_low``,
    ``ci_high``, ``verdict``, ``reason``; ``dataset`` first when given).

    Parameters
    ----------
    ceiling : HumanCeiling
        The raters' agreement and the systems beside it.
    dataset : str, optional
        The data set's name.

    Returns
    -------
    list of dict

    Examples
    --------
    A model in the order of the mean rating: ρ = 1, 1 / 0.8434 = 119 % of IAA-2.

    >>> from simeval.stats.ceiling import human_ceiling
    >>> R = [[1, 2, 1], [2, 1, 3], [3, 4, 2], [4, 3, 5], [5, 5, 4], [6, 6, 6]]
    >>> ceiling = human_ceiling(R, {"model": [1, 2, 3, 4, 5, 6]}, n_resamples=0)
    >>> [(r["who"], r["measure"], round(r["value"], 4)) for r in ceiling_records(ceiling)[3:5]]
    [('model', 'rho vs gold', 1.0), ('model', 'share of ceiling', 1.1857)]
    """
    rows, reasons = _rows(ceiling)
    out = []
    for row, why in zip(rows, reasons):
        record = dict(zip(CEILING_HEADER, row))
        record["reason"] = why
        out.append({"dataset": dataset, **record} if dataset is not None else record)
    return out


def format_ceiling(
    ceiling: HumanCeiling, fmt: str, digits: int = 4, title: str | None = None
) -> str:
    """The human-ceiling table in ``table``, ``markdown``, ``latex`` or ``csv``, with the
    reasons of undefined values as notes and a line on what the comparison means.

    Parameters
    ----------
    ceiling : HumanCeiling
        The raters' agreement and the systems beside it.
    fmt : {"table", "markdown", "latex", "csv"}
        The format.
    digits : int, default 4
        Decimals shown.
    title : str, optional
        A line above the table.

    Returns
    -------
    str

    Examples
    --------
    A model in the order of the mean rating: ρ = 1, 1 / 0.8434 = 119 % of IAA-2.

    >>> from simeval.stats.ceiling import human_ceiling
    >>> R = [[1, 2, 1], [2, 1, 3], [3, 4, 2], [4, 3, 5], [5, 5, 4], [6, 6, 6]]
    >>> ceiling = human_ceiling(R, {"model": [1, 2, 3, 4, 5, 6]}, n_resamples=0)
    >>> print("\\n".join(format_ceiling(ceiling, "table").splitlines()[:5]))
    6 items, 3 raters; no bootstrap, no intervals
    <BLANKLINE>
    who     measure                                     value  ci_low  ci_high  verdict
    ------  -----------------------------------------  ------  ------  -------  -------
    raters  IAA-1 (mean pairwise rho)                  0.7905       —        —        —
    """
    rows, reasons = _rows(ceiling)
    a = ceiling.agreement
    kind = "raters" if a.persistent else "rating slots (not persistent raters)"
    level = f"{ceiling.confidence_level * 100:g}%"
    heading = (
        f"{a.n_items} items, {a.n_raters} {kind}; {level} percentile intervals from "
        f"{a.n_resamples} bootstrap resamples of the items"
        if a.n_resamples
        else f"{a.n_items} items, {a.n_raters} {kind}; no bootstrap, no intervals"
    )
    if left_out := left_out_raters(a.per_rater):
        heading += f"; {left_out}"
    header = list(CEILING_HEADER)
    if fmt == "csv":
        header.append("reason")
        return render_table(header, [[*r, w] for r, w in zip(rows, reasons)], "csv")
    notes = ""
    if any(reasons):
        markers, notes = footnotes(reasons, fmt)
        header.append("note")
        rows = [[*r, m] for r, m in zip(rows, markers)]
    text = render_table(header, rows, fmt, digits=digits, align_left=2)
    explain = (
        "The last row of a system compares it with an average single rater: both are "
        "correlated with the mean of the other raters, on that rater's items."
    )
    if fmt == "latex":
        lines = [f"% {title}"] if title else []
        lines += [f"% {heading}", text.rstrip("\n")]
        lines += [f"% {n}" for n in notes.splitlines()] + [f"% {explain}"]
    else:
        gap = [""] if fmt == "markdown" else []  # a Markdown table ends at a blank line
        lines = [f"**{title}**", ""] if fmt == "markdown" and title else [title] if title else []
        shown = heading if fmt == "markdown" else textwrap.fill(heading, WIDTH)
        lines += [shown, "", text.rstrip("\n"), *gap]
        if notes:
            lines += [notes.rstrip("\n"), *gap]
        lines += textwrap.wrap(explain, WIDTH)
    return "\n".join(lines) + "\n"


def evaluation_records(ceiling: HumanCeiling) -> list[list[Any]]:
    """The table as rows of :data:`simeval.report.evaluation.RECORD_COLUMNS` (``system``,
    ``metric`` = ``ceiling:<measure>``, ``bin``, ``value``, ``n``, ``pvalue``, ``ci_low``,
    ``ci_high``, ``reason``, ``ci_method``) for ``simeval evaluate``'s CSV.

    Parameters
    ----------
    ceiling : HumanCeiling
        The raters' agreement and the systems beside it.

    Returns
    -------
    list of list

    Examples
    --------
    A model in the order of the mean rating: ρ = 1, 1 / 0.8434 = 119 % of IAA-2.

    >>> from simeval.stats.ceiling import human_ceiling
    >>> R = [[1, 2, 1], [2, 1, 3], [3, 4, 2], [4, 3, 5], [5, 5, 4], [6, 6, 6]]
    >>> ceiling = human_ceiling(R, {"model": [1, 2, 3, 4, 5, 6]}, n_resamples=0)
    >>> evaluation_records(ceiling)[3][:5]
    ['model', 'ceiling:rho vs gold', None, 1.0, 6]
    """
    rows, reasons = _rows(ceiling)
    n = ceiling.agreement.n_items
    method = "percentile bootstrap" if ceiling.agreement.n_resamples else None
    pvalues = {s.system: s.pvalue for s in ceiling.systems}
    out = []
    for (who, measure, value, low, high, verdict), why in zip(rows, reasons):
        p = pvalues.get(who) if verdict is not None else None
        out.append(
            [who, f"ceiling:{measure}", None, value, n, p, low, high, why or verdict, method]
        )
    return out


def with_ceiling(
    ev: Evaluation, ceiling: HumanCeiling, fmt: str, digits: int = 4, **kwargs: Any
) -> str:
    """``simeval evaluate``'s output with the human ceiling: in JSON the document gains
    ``"human_ceiling"``; in CSV the ceiling's rows follow the records, in their columns;
    otherwise its table follows the evaluation's.

    Parameters
    ----------
    ev : Evaluation
        The evaluation.
    ceiling : HumanCeiling
        Its human ceiling.
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.
    digits : int, default 4
        Decimals shown.
    **kwargs
        Passed to :func:`~simeval.report.evaluation.format_evaluation`.

    Returns
    -------
    str

    Examples
    --------
    A model in the order of the mean rating: ρ = 1, 1 / 0.8434 = 119 % of IAA-2.

    >>> from simeval.stats.ceiling import human_ceiling
    >>> R = [[1, 2, 1], [2, 1, 3], [3, 4, 2], [4, 3, 5], [5, 5, 4], [6, 6, 6]]
    >>> ceiling = human_ceiling(R, {"model": [1, 2, 3, 4, 5, 6]}, n_resamples=0)
    >>> import simeval as se
    >>> ev = se.evaluate([1.33, 2, 3, 4, 4.67, 6], {"model": [1, 2, 3, 4, 5, 6]},
    ...                  metrics=["spearman"])
    >>> [line.split(",")[:2] for line in with_ceiling(ev, ceiling, "csv").splitlines()[1:3]]
    [['model', 'spearman'], ['raters', 'ceiling:IAA-1 (mean pairwise rho)']]
    """
    from .evaluation import RECORD_COLUMNS, format_evaluation

    if fmt == "json":
        from .schema import evaluation_document

        return to_json({**evaluation_document(ev), "human_ceiling": ceiling.as_dict()})
    text = format_evaluation(ev, fmt, digits, **kwargs)
    if fmt == "csv":
        extra = render_table(RECORD_COLUMNS, evaluation_records(ceiling), "csv")
        return text + extra.partition("\n")[2]
    return text + "\n" + format_ceiling(ceiling, fmt, digits, title="human ceiling")


def left_out_raters(per_rater: Sequence[float | None]) -> str:
    """The raters whose ρ with the others is undefined (constant ratings, or fewer than
    :data:`~simeval.stats.agreement_kernels.MIN_ITEMS` items shared), which IAA-1 and IAA-2
    average without: said in the heading, which counts every rater; ``""`` when every
    rater counts.

    Parameters
    ----------
    per_rater : sequence of float or None
        Each rater's ρ with the mean of the others (NaN or None: undefined).

    Returns
    -------
    str

    Examples
    --------
    >>> left_out_raters((0.8, float("nan"), 0.7, None))
    'raters 2 and 4 (of 4) left out of IAA-1 and IAA-2: their rho with the others is \
undefined (the same rating for every item, or fewer than 3 items shared)'
    >>> left_out_raters((0.8, 0.7))
    ''
    """
    undefined = [str(j + 1) for j, r in enumerate(per_rater) if r is None or math.isnan(r)]
    if not undefined:
        return ""
    which, its = ("rater", "its") if len(undefined) == 1 else ("raters", "their")
    return (
        f"{which} {and_list(undefined)} (of {len(per_rater)}) left out of IAA-1 and IAA-2: "
        f"{its} rho with the others is undefined (the same rating for every item, or fewer than "
        f"{MIN_ITEMS} items shared)"
    )
