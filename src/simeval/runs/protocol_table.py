"""Protocols side by side: each model's main score on each data set under each convention
(MTEB, SentEval's mean and weighted mean, SimCSE, sentence-transformers; the
:class:`~simeval.runs.protocols.Column` of each), because published numbers for the same
model differ by the convention as much as many models differ from each other."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from .protocols import get_protocol

__all__ = ["side_by_side"]


def _cell(rows: Sequence[Mapping[str, Any]], average: str | None) -> Mapping[str, Any]:
    """The record of a column among one model's records on one data set under one
    protocol: its main score pooled, or SentEval's ``average`` of the subsets (the whole
    set when it has no subsets)."""
    main = next((r for r in rows if r.get("main")), None)
    if main is None:
        return {}
    same = [r for r in rows if r["metric"] == main["metric"]]
    wanted = (average,) if average is not None else ("all",)
    for subset in (*wanted, None):
        hit = next((r for r in same if r.get("subset") == subset), None)
        if hit is not None:
            return hit
    return {}


def side_by_side(
    records: Sequence[Mapping[str, Any]],
    protocols: Sequence[str],
    models: Sequence[str],
    datasets: Sequence[str],
) -> dict[str, Any]:
    """Each model's main score on each data set under each protocol, from a run's
    ``records`` (each naming its ``protocol``): ``columns`` (each protocol's
    :class:`Column` with its ``protocol``), one row per model and data set (``values``
    in the columns' order, None with its ``reasons`` where undefined) and, over two or
    more data sets, each model's plain ``means`` over them (SimCSE's ``avg``, MTEB's
    average of its STS tasks).

    Parameters
    ----------
    records : sequence of mapping
        The run's records.
    protocols : sequence of str
        The protocols, in the columns' order (``simeval`` left out).
    models, datasets : sequence of str
        The rows' order.

    Returns
    -------
    dict
        ``columns``, ``rows`` and ``means``.

    Examples
    --------
    >>> recs = [{"protocol": "mteb", "system": "m", "dataset": "d", "metric": "spearman",
    ...          "subset": None, "value": 0.8, "main": True}]
    >>> table = side_by_side(recs, ["mteb"], ["m"], ["d"])
    >>> [c["label"] for c in table["columns"]], table["rows"][0]["values"]
    (['MTEB'], [0.8])
    """
    columns = [(p, c) for p in protocols for c in get_protocol(p).columns]
    rows = []
    for m in models:
        for d in datasets:
            values: list[float | None] = []
            reasons: list[str | None] = []
            for p, c in columns:
                mine = [
                    r for r in records
                    if r.get("protocol") == p and r["system"] == m and r["dataset"] == d
                ]  # fmt: skip
                hit = _cell(mine, c.average)
                values.append(hit.get("value"))
                reasons.append(
                    None if hit.get("value") is not None
                    else hit.get("reason") or f"the {p} protocol reports no value here"
                )  # fmt: skip
            rows.append({"system": m, "dataset": d, "values": values, "reasons": reasons})
    means = []
    if len(datasets) > 1:
        for m in models:
            by_set = np.array(
                [[np.nan if v is None else v for v in r["values"]]
                 for r in rows if r["system"] == m]
            )  # fmt: skip
            values = [None if np.isnan(v) else float(v) for v in by_set.mean(axis=0)]
            means.append({"system": m, "values": values})
    return {
        "columns": [
            {"protocol": p, "label": c.label, "average": c.average, "differs": c.differs}
            for p, c in columns
        ],
        "rows": rows,
        "means": means,
    }
