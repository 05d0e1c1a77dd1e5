"""How task performance of similarity scores (Reimers et al. 2016, §3.1) is shown: one row
per system, the per-system task results that ``simeval meta --extrinsic`` reads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..meta.extrinsic import CrossValidationResult
from ..results import MetricResult
from .tables import render_table, to_json

__all__ = ["CLASSIFICATION_COLUMNS", "format_classification", "format_detection"]

#: The columns of a classification result, in order (the keys of its JSON records).
CLASSIFICATION_COLUMNS = ["system", "accuracy", "majority baseline", "method", "folds", "n"]


def _results(header: Sequence[str], rows: Sequence[Sequence[Any]], fmt: str, digits: int) -> str:
    if fmt == "json":
        return to_json({"results": [dict(zip(header, r)) for r in rows]})
    return render_table(header, rows, fmt, digits=digits)


def format_classification(
    results: Mapping[str, CrossValidationResult],
    majority: float,
    fmt: str,
    digits: int = 4,
) -> str:
    """Each system's cross-validated accuracy next to the ``majority`` baseline (the share
    of the most frequent class, what always guessing it scores): a table, or JSON
    ``{"results": [{column: value}]}`` with the columns of :data:`CLASSIFICATION_COLUMNS`.

    >>> from simeval.meta.extrinsic import CrossValidationResult
    >>> res = CrossValidationResult(0.75, (0.5, 1.0), 8, 2, "oner", 0)
    >>> print(format_classification({"mine": res}, 5 / 8, "csv"), end="")
    system,accuracy,majority baseline,method,folds,n
    mine,0.75,0.625,oner,2,8
    """
    rows = [[system, r.accuracy, majority, r.method, r.folds, r.n] for system, r in results.items()]
    return _results(CLASSIFICATION_COLUMNS, rows, fmt, digits)


def format_detection(
    results: Mapping[str, MetricResult], n_queries: int, fmt: str, digits: int = 4
) -> str:
    """Each system's top-1 related-item detection accuracy over ``n_queries`` queries; a
    ``reason`` column says why an accuracy is undefined (always present in JSON, in the
    other formats only when some accuracy is undefined).

    >>> from simeval.results import MetricResult
    >>> print(format_detection({"mine": MetricResult(0.75, 2)}, 2, "csv"), end="")
    system,top1_accuracy,queries
    mine,0.75,2
    """
    header = ["system", "top1_accuracy", "queries", "reason"]
    rows = [[system, r.statistic, n_queries, r.reason] for system, r in results.items()]
    if fmt != "json" and all(r.reason is None for r in results.values()):
        header, rows = header[:-1], [row[:-1] for row in rows]
    return _results(header, rows, fmt, digits)
