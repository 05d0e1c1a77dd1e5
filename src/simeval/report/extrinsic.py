"""How task performance of similarity scores (Reimers et al. 2016, §3.1) is shown: one row
per system, the per-system task results that ``simeval meta --extrinsic`` reads."""

from __future__ import annotations

from collections.abc import Mapping

from ..meta.extrinsic import CrossValidationResult
from ..results import MetricResult
from .schema import extrinsic_document
from .tables import render_table, to_json

__all__ = ["CLASSIFICATION_COLUMNS", "format_classification", "format_detection"]

#: The columns of a classification result, in order (the keys of its JSON records).
CLASSIFICATION_COLUMNS = ["system", "accuracy", "majority baseline", "method", "folds", "n"]


def format_classification(
    results: Mapping[str, CrossValidationResult],
    majority: float,
    fmt: str,
    digits: int = 4,
) -> str:
    """Each system's cross-validated accuracy next to the ``majority`` baseline (the share
    of the most frequent class, what always guessing it scores): a table with the columns
    of :data:`CLASSIFICATION_COLUMNS`, or the JSON document of
    :func:`simeval.report.schema.extrinsic_document`.

    Parameters
    ----------
    results : mapping of str to CrossValidationResult
        Each system's cross-validated accuracy.
    majority : float
        The majority baseline.
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.
    digits : int, default 4
        Decimals shown.

    Returns
    -------
    str

    Examples
    --------
    >>> from simeval.meta.extrinsic import CrossValidationResult
    >>> res = CrossValidationResult(0.75, (0.5, 1.0), 8, 2, "oner", 0)
    >>> print(format_classification({"mine": res}, 5 / 8, "csv"), end="")
    system,accuracy,majority baseline,method,folds,n
    mine,0.75,0.625,oner,2,8
    """
    if fmt == "json":
        return to_json(extrinsic_document("classification", results, majority=majority))
    rows = [[system, r.accuracy, majority, r.method, r.folds, r.n] for system, r in results.items()]
    return render_table(CLASSIFICATION_COLUMNS, rows, fmt, digits=digits)


def format_detection(
    results: Mapping[str, MetricResult], n_queries: int, fmt: str, digits: int = 4
) -> str:
    """Each system's top-1 related-item detection accuracy over ``n_queries`` queries; a
    ``reason`` column says why an accuracy is undefined (always present in JSON, in the
    other formats only when some accuracy is undefined).

    Parameters
    ----------
    results : mapping of str to MetricResult
        Each system's top-1 accuracy.
    n_queries : int
        The queries.
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.
    digits : int, default 4
        Decimals shown.

    Returns
    -------
    str

    Examples
    --------
    >>> from simeval.results import MetricResult
    >>> print(format_detection({"mine": MetricResult(0.75, 2)}, 2, "csv"), end="")
    system,top1_accuracy,queries
    mine,0.75,2
    """
    if fmt == "json":
        return to_json(extrinsic_document("detection", results, queries=n_queries))
    header = ["system", "top1_accuracy", "queries", "reason"]
    rows = [[system, r.statistic, n_queries, r.reason] for system, r in results.items()]
    if all(r.reason is None for r in results.values()):
        header, rows = header[:-1], [row[:-1] for row in rows]
    return render_table(header, rows, fmt, digits=digits)
