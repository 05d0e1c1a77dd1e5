"""The data sets of a page: the documents of evaluations, comparisons and runs gathered
per data set (a :class:`Study`), with what the verdict and the sections read of them."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...errors import SimevalError
from ...evaluation.records import SPREAD_BIN
from ...metrics.registry import direction, get_metric

__all__ = ["PAIR_KINDS", "Contents", "Study", "gather", "gold_scale_measure"]

Doc = Mapping[str, Any]
Record = Mapping[str, Any]

#: The kinds of document that hold systems scored against a gold on a data set.
PAIR_KINDS = ("evaluation", "comparison", "run")


def gold_scale_measure(metric: str) -> bool:
    """Whether ``metric`` (or a part of a combination) compares a score with the gold
    value or a border, so that it means nothing for scores off the gold scale.

    Parameters
    ----------
    metric : str
        A measure's name or expression.

    Returns
    -------
    bool

    Examples
    --------
    >>> gold_scale_measure("nmsse"), gold_scale_measure("hmean(f1_low,f1_high)")
    (True, True)
    >>> gold_scale_measure("pearson"), gold_scale_measure("my_measure")
    (False, False)
    """
    try:
        return get_metric(metric).gold_scale_any
    except SimevalError:
        return False


def higher_is_better(metric: str) -> bool:
    return direction(metric, default=True)


@dataclass
class Study:
    """One data set of the page: its evaluation and comparison documents (either may be
    missing), the measure of the headline, and the anchor of its section.

    Attributes
    ----------
    name : str
        The data set's name.
    evaluation, comparison : dict or None
        The saved documents.
    headline : str
        The measure of the headline.
    anchor : str
        Its section's id.

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> study = gather([comparison_document(cmp)]).studies[0]
    >>> study.name, study.systems, study.clusters("pearson")
    ('the data', ['good', 'noisy'], {'good': 1, 'noisy': 2})
    """

    name: str
    evaluation: Doc | None = None
    comparison: Doc | None = None
    headline: str = ""
    anchor: str = ""

    @property
    def systems(self) -> list[str]:
        doc = self.comparison or self.evaluation or {}
        return list(doc.get("systems", []))

    @property
    def off_scale(self) -> dict[str, str]:
        """Systems whose scores look off the gold scale (and are not calibrated)."""
        return dict((self.evaluation or {}).get("off_scale") or {})

    @property
    def calibrated(self) -> list[str]:
        """Systems calibrated onto the gold scale for the measures of a gold value."""
        cal = (self.evaluation or {}).get("calibration") or {}
        return list(cal.get("systems") or {}) if isinstance(cal, dict) else []

    @property
    def signatures(self) -> list[str]:
        return [str(d["signature"]) for d in (self.evaluation, self.comparison) if d]

    @property
    def metrics(self) -> list[str]:
        """Every measure with a whole-data value, the evaluation's first."""
        out: list[str] = []
        for doc in (self.evaluation, self.comparison):
            out += [m for m in (doc or {}).get("metrics", []) if m not in out]
        return out

    def record(self, system: str, metric: str) -> dict[str, Any]:
        """The whole-data record of ``system`` on ``metric``: the comparison's (with its
        bootstrap interval and cluster) where it has one, else the evaluation's."""
        for doc in (self.comparison, self.evaluation):
            for r in (doc or {}).get("records", []):
                if r["system"] == system and r["metric"] == metric and r.get("bin") is None:
                    return dict(r)
        return {}

    def ranked(self, metric: str, *, on_scale_only: bool = False) -> list[dict[str, Any]]:
        """Records of ``metric`` with a value, best first (the clusters' order when the
        comparison has them); ``on_scale_only`` leaves out the off-scale systems."""
        skip = set(self.off_scale) if on_scale_only else set()
        rows = [self.record(s, metric) for s in self.systems if s not in skip]
        rows = [r for r in rows if r and r.get("value") is not None]
        higher = higher_is_better(metric)
        return sorted(rows, key=lambda r: -r["value"] if higher else r["value"])

    def clusters(self, metric: str) -> dict[str, int]:
        for c in (self.comparison or {}).get("clusters", []):
            if c["metric"] == metric:
                return {s["system"]: s["cluster"] for s in c["systems"]}
        return {}

    def ranks(self, metric: str) -> Mapping[str, Any] | None:
        """The comparison's rank intervals under ``metric`` (None without them)."""
        for r in (self.comparison or {}).get("ranks") or []:
            if r["metric"] == metric:
                return dict(r)
        return None

    @property
    def ceiling(self) -> Mapping[str, Any] | None:
        """The human ceiling of the raters beside the systems (``evaluate`` with raters)."""
        return (self.evaluation or {}).get("human_ceiling")

    @property
    def alpha(self) -> float | None:
        return (self.comparison or {}).get("alpha")

    def bin_records(self, system: str | None = None) -> list[dict[str, Any]]:
        """The per-bin Pearson records (of ``system``, or of every system)."""
        return [
            dict(r)
            for r in (self.evaluation or {}).get("records", [])
            if r["metric"] == "pearson"
            and r.get("bin") not in (None, SPREAD_BIN)
            and (system is None or r["system"] == system)
        ]

    @property
    def scores(self) -> Mapping[str, Any] | None:
        return (self.evaluation or {}).get("scores")

    @property
    def n(self) -> int | None:
        doc = self.evaluation or self.comparison
        return None if doc is None else doc.get("n")


@dataclass
class Contents:
    """What a page shows: the data sets, the aggregates over them (a run's), the runs
    themselves (their table of main scores), who is best over a run's data sets (its
    ``collection``) and every other document.

    Attributes
    ----------
    studies : list of Study
        The data sets.
    aggregates : list of dict
        A run's aggregate records over its data sets.
    runs : list of dict
        The run documents.
    collections : list of dict
        Who is best over a run's data sets.
    others : list of dict
        Every other document.

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> contents = gather([comparison_document(cmp)])
    >>> len(contents.studies), contents.headline, contents.systems
    (1, 'pearson', ['good', 'noisy'])
    """

    studies: list[Study] = field(default_factory=list)
    aggregates: list[Record] = field(default_factory=list)
    runs: list[Doc] = field(default_factory=list)
    collections: list[Doc] = field(default_factory=list)
    others: list[Doc] = field(default_factory=list)

    @property
    def headline(self) -> str:
        return self.studies[0].headline if self.studies else ""

    @property
    def systems(self) -> list[str]:
        out: list[str] = []
        for s in self.studies:
            out += [x for x in s.systems if x not in out]
        return out

    def aggregate(self, metric: str) -> list[Record]:
        """The aggregate records of ``metric`` over the data sets (whole data)."""
        return [
            r
            for r in self.aggregates
            if r["metric"] == metric and r.get("bin") is None and r["dataset"] != "all"
        ]


def _first_metric(doc: Doc | None) -> str:
    metrics = (doc or {}).get("metrics") or []
    return str(metrics[0]) if metrics else ""


def _add(studies: list[Study], study: Study) -> None:
    """Add ``study``, or merge it into one of the same data set with the other half: an
    evaluation with every measure and a comparison of the same systems."""
    for old in studies:
        if old.name == study.name and old.systems == study.systems:
            if study.comparison is not None and old.comparison is None:
                old.comparison = study.comparison
                old.evaluation = old.evaluation or study.evaluation
                old.headline = study.headline
                return
            if study.comparison is None and old.comparison is not None:
                old.evaluation = study.evaluation  # every measure, not just the compared
                return
    studies.append(study)


def gather(docs: Sequence[Doc]) -> Contents:
    """The page's contents from its documents, in their order.

    Parameters
    ----------
    docs : sequence of dict
        Saved documents (:func:`simeval.report.schema.read_document`).

    Returns
    -------
    Contents

    Examples
    --------
    An evaluation and a comparison of the same systems on one data set make one study:

    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> from simeval.report.schema import evaluation_document
    >>> contents = gather([evaluation_document(cmp.evaluation), comparison_document(cmp)])
    >>> len(contents.studies), contents.studies[0].anchor
    (1, 'data-1')
    """
    out = Contents()
    for doc in docs:
        kind = doc["kind"]
        if kind == "run":
            out.runs.append(doc)
            out.aggregates += list(doc.get("aggregates") or [])
            if doc.get("collection"):
                out.collections.append(doc["collection"])
            for s in doc["sets"]:
                _add(
                    out.studies,
                    Study(s["dataset"], s["evaluation"], s["comparison"], doc["headline"]),
                )
        elif kind == "comparison":
            head = _first_metric(doc)
            _add(out.studies, Study(doc.get("dataset") or "", doc.get("evaluation"), doc, head))
        elif kind == "evaluation":
            _add(out.studies, Study(doc.get("dataset") or "", doc, None, _first_metric(doc)))
        else:
            out.others.append(doc)
    unnamed = [s for s in out.studies if not s.name]
    for i, s in enumerate(unnamed, start=1):
        s.name = "the data" if len(out.studies) == 1 else f"data set {i}"
    for i, s in enumerate(out.studies, start=1):
        s.anchor = f"data-{i}"
        if s.headline not in s.metrics and s.metrics:
            s.headline = s.metrics[0]
    return out


def finite(value: Any) -> bool:
    return isinstance(value, (int, float)) and math.isfinite(value)
