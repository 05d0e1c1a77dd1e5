"""How the human ceiling is shown beside the systems: a table of the raters' agreement
(IAA-1, IAA-2, split-half, with intervals) and of each system's ρ, share of the ceiling and
comparison with an average single rater; the same as records (CSV) and as JSON
(:meth:`~simeval.stats.ceiling.HumanCeiling.as_dict`)."""

from __future__ import annotations

import textwrap
from typing import Any

from ..evaluation.evaluate import Evaluation
from ..stats.ceiling import HumanCeiling
from .notes import WIDTH, footnotes
from .tables import render_table, to_json

__all__ = [
    "CEILING_HEADER",
    "ceiling_records",
    "evaluation_records",
    "format_ceiling",
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
    ``ci_high``, ``verdict``, ``reason``; ``dataset`` first when given)."""
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
    reasons of undefined values as notes and a line on what the comparison means."""
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
        lines += [heading, "", text.rstrip("\n"), *gap]
        if notes:
            lines += [notes.rstrip("\n"), *gap]
        lines += textwrap.wrap(explain, WIDTH)
    return "\n".join(lines) + "\n"


def evaluation_records(ceiling: HumanCeiling) -> list[list[Any]]:
    """The table as rows of :data:`simeval.report.evaluation.RECORD_COLUMNS` (``system``,
    ``metric`` = ``ceiling:<measure>``, ``bin``, ``value``, ``n``, ``pvalue``, ``ci_low``,
    ``ci_high``, ``reason``, ``ci_method``) for ``simeval evaluate``'s CSV."""
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
    otherwise its table follows the evaluation's."""
    from .evaluation import RECORD_COLUMNS, format_evaluation

    if fmt == "json":
        from .schema import evaluation_document

        return to_json({**evaluation_document(ev), "human_ceiling": ceiling.as_dict()})
    text = format_evaluation(ev, fmt, digits, **kwargs)
    if fmt == "csv":
        extra = render_table(RECORD_COLUMNS, evaluation_records(ceiling), "csv")
        return text + extra.partition("\n")[2]
    return text + "\n" + format_ceiling(ceiling, fmt, digits, title="human ceiling")
