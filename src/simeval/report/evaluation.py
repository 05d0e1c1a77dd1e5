"""How an :class:`~simeval.evaluation.evaluate.Evaluation` (and a SemEval folder's evaluation) is
shown: a table with the scale and the reasons of undefined values, CSV, JSON."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..evaluation.evaluate import Evaluation
from .schema import evaluation_document, semeval_document
from .tables import render_table, to_json

if TYPE_CHECKING:
    from ..runs.semeval import SemevalEvaluation

__all__ = ["RECORD_COLUMNS", "format_evaluation", "format_semeval"]

#: The columns of a record in CSV, in order (JSON has the same keys).
RECORD_COLUMNS = [
    "system",
    "metric",
    "bin",
    "value",
    "n",
    "pvalue",
    "ci_low",
    "ci_high",
    "reason",
    "ci_method",
]


def format_evaluation(
    ev: Evaluation, fmt: str, digits: int = 4, headline: str | None = None
) -> str:
    """Render an evaluation in one of the output formats; ``headline`` (the measure a
    ``--task`` recommends) is marked with ★ in the table header.

    Parameters
    ----------
    ev : Evaluation
        The evaluation.
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.
    digits : int, default 4
        Decimals shown.
    headline : str, optional
        The measure to mark.

    Returns
    -------
    str

    Examples
    --------
    One swap of the gold's 4 and 5: ``r = 16.5 / 17.5``, MAE ``2 / 6``:

    >>> import simeval as se
    >>> ev = se.evaluate([0, 1, 2, 3, 4, 5], {"a": [0, 1, 2, 3, 5, 4]}, metrics=["pearson", "mae"],
    ...                  scale=(0, 5))
    >>> print("\\n".join(format_evaluation(ev, "table", headline="pearson").splitlines()[:5]))
    6 pairs, gold scale 0–5 (declared); low/high borders 1.5 / 3.5
    <BLANKLINE>
    system  ★ pearson     mae
    ------  ---------  ------
    a          0.9429  0.3333
    """
    if fmt == "json":
        return to_json(evaluation_document(ev))
    if fmt == "csv":
        rows = [[getattr(r, h) for h in RECORD_COLUMNS] for r in ev.records]
        return render_table(RECORD_COLUMNS, rows, "csv")
    header, rows = ev.table()
    if headline is not None:
        header = [f"★ {h}" if h == headline else h for h in header]
    text = render_table(header, rows, fmt, digits=digits)
    lo, hi = ev.options.scale or (math.nan, math.nan)
    low, high = ev.options.borders
    used = sorted(set(ev.n_used.values()))
    if used == [ev.n]:
        pairs = f"{ev.n} pairs"
    elif len(used) == 1:
        pairs = f"{used[0]} of {ev.n} pairs (missing scores omitted)"
    else:
        pairs = f"{ev.n} pairs ({used[0]}–{used[-1]} per system after omitting missing scores)"
    heading = (
        f"{pairs}, gold scale {lo:g}–{hi:g} ({ev.options.scale_source}); "
        f"low/high borders {low:g} / {high:g}"
    )
    notes = [
        f"{r.system} / {r.metric}{'' if r.bin is None else f' in bin {r.bin}'}: {r.reason}"
        for r in ev.records
        if r.reason
    ]
    notes += [
        f"{system}: {left} pair(s) with the highest gold scores are left over by the "
        "segments and in no bin"
        for system, left in ev.remainders().items()
    ]
    return _with_context(text, fmt, heading, notes, ev.signature)


def _with_context(text: str, fmt: str, heading: str, notes: list[str], signature: str) -> str:
    """A table with what a reader needs beside it, in the format's own way: the pairs and
    scale above it, the reason of every undefined value and the signature below it
    (Markdown: text; LaTeX: comments, so that the table can be pasted into a paper)."""
    if fmt == "latex":
        lines = [f"% {heading}", text.rstrip("\n")]
        lines += [f"% — {n}" for n in notes]
        lines.append(f"% signature: {signature}")
    elif fmt == "markdown":
        lines = [heading, "", text.rstrip("\n"), ""]
        lines += [f"- {n}" for n in notes]
        lines += ["", f"signature: `{signature}`"]
    else:
        lines = [heading, "", text.rstrip("\n")]
        lines += [f"— {n}" for n in notes]
        lines.append(f"signature: {signature}")
    return "\n".join(lines) + "\n"


def format_semeval(ev: SemevalEvaluation, fmt: str, digits: int = 4) -> str:
    """Every set and aggregate of a SemEval folder: a table per metric, or CSV / JSON
    records with their ``dataset`` and ``reason``.

    Parameters
    ----------
    ev : SemevalEvaluation
        The SemEval folder's evaluation.
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.
    digits : int, default 4
        Decimals shown.

    Returns
    -------
    str

    Examples
    --------
    The run's Pearson on ``forum`` is 0.8 and on ``news`` 0.5; SemEval's weighted mean by
    pairs is ``(4 · 0.8 + 3 · 0.5) / 7 ≈ 0.6714``:

    >>> import numpy as np
    >>> from simeval.runs.semeval import evaluate_semeval
    >>> gold = {"forum": np.array([1.0, 2, 3, 4]), "news": np.array([1.0, 2, np.nan, 3])}
    >>> runs = {"r1": {"forum": np.array([1.0, 2, 4, 3]), "news": np.array([1.0, 3, 0, 2])}}
    >>> rows = format_semeval(evaluate_semeval(gold, runs), "csv").splitlines()
    >>> [row.split(",")[2] for row in rows[1:4]], rows[3].split(",")[4]
    (['forum', 'news', 'weighted_mean'], '0.6714285714285714')
    """
    if fmt == "json":
        return to_json(semeval_document(ev))
    if fmt == "csv":
        header = ["system", "metric", "dataset", *RECORD_COLUMNS[2:]]
        rows = [[r.get(h) for h in header] for r in ev.records]
        return render_table(header, rows, "csv")
    parts = []
    for metric in ev.metrics:
        header, rows = ev.table(metric)
        parts.append(render_table(header, rows, fmt, digits=digits, title=metric))
    if fmt == "table":
        reasons = [
            f"— {r['system']} / {r['metric']} / {r['dataset']}: {r['reason']}"
            for r in ev.records
            if r.get("reason") and r.get("bin") is None
        ]
        if reasons:
            parts.append("\n".join(reasons) + "\n")
        parts.append(f"signature: {ev.signature}\n")
    return "\n".join(parts)
