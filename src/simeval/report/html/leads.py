"""The facts the verdict is made of: who leads a measure on a data set (off-scale systems
left out of a measure of the gold value) and whether the comparison calls the lead
significant, who leads over all data sets, and which score ranges a system fails."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .studies import Contents, Study, gold_scale_measure, higher_is_better
from .text import Html, interval, name, num, strong

__all__ = [
    "AGGREGATE_NAMES",
    "FAILING_BIN_R",
    "GOOD_OVERALL_R",
    "Failure",
    "Lead",
    "aggregate_clause",
    "aggregate_lead",
    "better",
    "failures",
    "lead_of",
]

#: A per-bin Pearson r below this, for a system whose overall r is at least
#: :data:`GOOD_OVERALL_R`, is reported as a failed score range (Atoum 2019's point:
#: a good overall r can hide a range where the system does not work).
FAILING_BIN_R = 0.2
GOOD_OVERALL_R = 0.5

#: How an aggregate over data sets is named in a sentence.
AGGREGATE_NAMES = {"fisher_z_mean": "Fisher-z mean", "mean": "mean"}


def better(metric: str) -> str:
    """``higher is better`` or ``lower is better``: the direction of ``metric``.

    Parameters
    ----------
    metric : str
        A measure's name.

    Returns
    -------
    str

    Examples
    --------
    >>> better("pearson"), better("nmsse")
    ('higher is better', 'lower is better')
    """
    return "higher is better" if higher_is_better(metric) else "lower is better"


@dataclass
class Lead:
    """Who leads ``metric`` on one data set, and whether the comparison says the lead is
    significant (None: not tested).

    Attributes
    ----------
    study : Study
        The data set.
    metric : str
        The measure.
    ranked : list of dict
        The records of the systems with a value, best first.
    significant : bool or None
        Whether the leader alone is in the first significance cluster (None: not tested).
    tied : list of str
        The systems that share the first cluster with the leader.
    left_out : list of str
        Systems off the gold scale, left out of a measure of the gold value.

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> from simeval.report.html.studies import gather
    >>> lead = lead_of(gather([comparison_document(cmp)]).studies[0], "pearson")
    >>> lead.leader, lead.significant, lead.value_text()
    ('good', True, '0.956 [0.839, 0.987]')
    """

    study: Study
    metric: str
    ranked: list[dict[str, Any]]
    significant: bool | None
    tied: list[str] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)

    @property
    def leader(self) -> str | None:
        """The system ranked first (None: none has a value)."""
        return self.ranked[0]["system"] if self.ranked else None

    def value_text(self) -> str:
        """The leader's value and interval as the sentences print them."""
        top = self.ranked[0]
        return f"{num(top['value'])}{interval(top.get('ci_low'), top.get('ci_high'))}"


def lead_of(study: Study, metric: str) -> Lead:
    """The lead on ``metric``: off-scale systems left out when it is a gold-value measure;
    significant when the leader alone is in the first significance cluster.

    Parameters
    ----------
    study : Study
        The data set.
    metric : str
        The measure.

    Returns
    -------
    Lead

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> from simeval.report.html.studies import gather
    >>> lead_of(gather([comparison_document(cmp)]).studies[0], "pearson").tied
    []
    """
    left_out = sorted(study.off_scale) if gold_scale_measure(metric) else []
    ranked = study.ranked(metric, on_scale_only=bool(left_out))
    clusters = study.clusters(metric)
    if not clusters or not ranked:
        return Lead(study, metric, ranked, None, left_out=left_out)
    first = [r["system"] for r in ranked if clusters.get(r["system"]) == 1]
    tied = [s for s in first if s != ranked[0]["system"]]
    return Lead(study, metric, ranked, len(ranked) > 1 and not tied, tied, left_out)


@dataclass
class Failure:
    """A system whose overall r is good but whose r in one score range is poor.

    Attributes
    ----------
    study : Study
        The data set.
    system, bin : str
        The system and the score range.
    value : float or None
        Its r in the range (None: undefined).
    n : int
        The pairs in the range.
    overall : float
        Its overall r.
    reason : str or None
        Why the range's r is undefined.

    Examples
    --------
    >>> import simeval as se
    >>> from simeval.report.schema import evaluation_document
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> ev = se.evaluate(gold, systems, metrics=["pearson", "scaled_pearson"], scale=(0, 5))
    >>> from simeval.report.html.studies import gather
    >>> failure = failures(gather([evaluation_document(ev)]).studies[0])[0]
    >>> failure.system, failure.bin, failure.value
    ('good', '[3.333, 5]', -0.5)
    """

    study: Study
    system: str
    bin: str
    value: float | None
    n: Any
    overall: float
    reason: str | None

    def sentence(self) -> Html:
        """The failure in one sentence (HTML)."""
        if self.value is None:
            why = self.reason or "undefined"
            return Html(
                f"On {name(self.study.name)}, {strong(self.system)} has no defined r in the "
                f"score range {name(self.bin)} ({name(why)}), though its overall r is "
                f"{num(self.overall)}."
            )
        return Html(
            f"On {name(self.study.name)}, {strong(self.system)} fails the score range "
            f"{name(self.bin)}: r = {num(self.value)} there (n = {self.n}) against "
            f"{num(self.overall)} overall."
        )


def failures(study: Study) -> list[Failure]:
    """Every failed score range of ``study``, worst first.

    Parameters
    ----------
    study : Study
        The data set.

    Returns
    -------
    list of Failure

    Examples
    --------
    ``good`` has r ≈ 0.956 overall but, in the top third of the scale, only the pairs
    with gold 4, 5, 4 scored 5, 4, 4: r = −0.5 there.

    >>> import simeval as se
    >>> from simeval.report.schema import evaluation_document
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> ev = se.evaluate(gold, systems, metrics=["pearson", "scaled_pearson"], scale=(0, 5))
    >>> from simeval.report.html.studies import gather
    >>> [(f.system, f.bin, f.value) for f in failures(gather([evaluation_document(ev)]).studies[0])]
    [('good', '[3.333, 5]', -0.5)]
    """
    out = []
    for r in study.bin_records():
        overall = study.record(r["system"], "pearson").get("value")
        if overall is None or overall < GOOD_OVERALL_R:
            continue
        value = r.get("value")
        if value is None or value < FAILING_BIN_R:
            out.append(
                Failure(study, r["system"], r["bin"], value, r.get("n"), overall, r.get("reason"))
            )
    return sorted(out, key=lambda f: -1.0 if f.value is None else f.value)


def aggregate_lead(contents: Contents, metric: str) -> dict[str, Any] | None:
    """The best aggregate record of ``metric`` over the data sets (off-scale systems left
    out of a gold-value measure), or None.

    Parameters
    ----------
    contents : Contents
        The page's contents.
    metric : str
        The measure.

    Returns
    -------
    dict or None

    Examples
    --------
    >>> from simeval.report.html.studies import Contents, Study
    >>> contents = Contents(studies=[Study("sts12"), Study("sts13")], aggregates=[
    ...     {"system": "a", "metric": "pearson", "dataset": "fisher_z_mean", "value": 0.8579},
    ...     {"system": "b", "metric": "pearson", "dataset": "fisher_z_mean", "value": 0.61}])
    >>> aggregate_lead(contents, "pearson")["system"]
    'a'
    """
    off = (
        {s for st in contents.studies for s in st.off_scale}
        if gold_scale_measure(metric)
        else set()
    )
    rows = [
        dict(r)
        for r in contents.aggregate(metric)
        if r.get("value") is not None and r["system"] not in off
    ]
    if not rows:
        return None
    higher = higher_is_better(metric)
    return sorted(rows, key=lambda r: -r["value"] if higher else r["value"])[0]


def aggregate_clause(contents: Contents, best: dict[str, Any]) -> str:
    """``over all 3 data sets (Fisher-z mean 0.688)``, ``over both data sets (…)``.

    Parameters
    ----------
    contents : Contents
        The page's contents.
    best : dict
        The best aggregate record (:func:`aggregate_lead`).

    Returns
    -------
    str

    Examples
    --------
    >>> from simeval.report.html.studies import Contents, Study
    >>> contents = Contents(studies=[Study("sts12"), Study("sts13")], aggregates=[
    ...     {"system": "a", "metric": "pearson", "dataset": "fisher_z_mean", "value": 0.8579},
    ...     {"system": "b", "metric": "pearson", "dataset": "fisher_z_mean", "value": 0.61}])
    >>> aggregate_clause(contents, aggregate_lead(contents, "pearson"))
    'over both data sets (Fisher-z mean 0.858)'
    """
    how = AGGREGATE_NAMES.get(best["dataset"], best["dataset"])
    k = len(contents.studies)
    sets = "both data sets" if k == 2 else f"all {k} data sets"
    return f"over {sets} ({how} {num(best['value'])})"
