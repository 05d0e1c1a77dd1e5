"""How the measure recommended for a task profile (Reimers et al. 2016, Table 3) is shown:
one profile as a short text that ends with the command to use it, several as a table."""

from __future__ import annotations

from collections.abc import Sequence

from ..meta.recommend import Recommendation
from .notes import table_with_notes
from .tables import render_table, to_json

__all__ = ["format_recommendation", "format_recommendations"]

_PROFILE = ["cardinality", "set of interest", "information", "measure"]


def format_recommendation(rec: Recommendation, fmt: str, *, k: int | None = None) -> str:
    """One task profile's measure: in ``table`` format the measure, its alternatives, why
    (the paper's reasoning), the source, and the ``simeval evaluate`` call that ranks
    systems by it (with ``--k k`` when ``k`` is given and the task is k-best, the only
    measures with a k); a JSON object; or a one-row table in the other formats.

    Parameters
    ----------
    rec : Recommendation
        A task profile's recommendation.
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.
    k : int, optional
        The ``--k`` of the command shown.

    Returns
    -------
    str

    Examples
    --------
    >>> from simeval.meta.recommend import recommend
    >>> text = format_recommendation(recommend("1:1", "all", "value"), "table")
    >>> print(text, end="")  # doctest: +ELLIPSIS
    task: 1:1,all,value
    measure: ... simeval evaluate GOLD --system NAME=FILE --task 1:1,all,value
    """
    if fmt == "json":
        return to_json(rec.as_dict())
    if fmt != "table":
        return format_recommendations([rec], fmt)
    alt = f" (or {', '.join(rec.alternatives)})" if rec.alternatives else ""
    return (
        f"task: {rec.task}\nmeasure: {rec.measure}{alt}\nwhy: {rec.explanation}\n"
        f"source: {rec.source}\n"
        f"use it: simeval evaluate GOLD --system NAME=FILE --task {rec.task}"
        + (f" --k {k}" if k is not None and rec.set_of_interest == "k-best" else "")
        + "\n"
    )


def format_recommendations(recs: Sequence[Recommendation], fmt: str) -> str:
    """Several task profiles (such as the nine plausible ones) with their measures: a table
    whose ``why`` column is printed as numbered notes under it (``table``), a JSON list, or
    a table with the whole explanation in a ``why`` column (CSV, Markdown, LaTeX).

    Parameters
    ----------
    recs : sequence of Recommendation
        The task profiles.
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.

    Returns
    -------
    str

    Examples
    --------
    >>> from simeval.meta.recommend import recommend
    >>> print(format_recommendations([recommend("1:1", "all", "value")], "csv"), end="")
    ... # doctest: +ELLIPSIS
    cardinality,set of interest,information,measure,why
    1:1,all,value,pearson,"The score itself is used, ... Pearson's r measures exactly that."
    """
    if fmt == "json":
        return to_json([r.as_dict() for r in recs])
    if fmt == "table":
        short = [[r.cardinality, r.set_of_interest, r.information, r.measure] for r in recs]
        notes = [r.explanation for r in recs]
        return table_with_notes(_PROFILE, short, notes, note_column="why", align_left=4)
    rows = [
        [r.cardinality, r.set_of_interest, r.information, r.measure, r.explanation] for r in recs
    ]
    return render_table([*_PROFILE, "why"], rows, fmt, align_left=5)
