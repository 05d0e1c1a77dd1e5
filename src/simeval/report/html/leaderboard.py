"""How stable is the leaderboard of the page: the rank intervals of each data set's
comparison (who ranks first how often, which neighbours are in a separable order), as
sentences and a figure drawn from the saved documents (:mod:`simeval.report.schema`); who
is best over a run's data sets is :mod:`simeval.report.html.collection`."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from .page import Figure
from .studies import Study, gold_scale_measure
from .text import Html, isolated, name, num, strong

__all__ = ["rank_figure", "rank_findings", "rank_verdict_clause"]

Doc = Mapping[str, Any]


def percent(share: float) -> str:
    """A share as a percentage without decimals (``62 %``)."""
    return f"{share * 100:.0f} %"


def pvalue_text(p: float | None) -> str:
    """``p = 0.033``, ``p < 0.001`` (as HTML)."""
    if p is not None and p < 0.001:
        return "p &lt; 0.001"
    return f"p = {num(p)}"


def sets_text(n: int) -> str:
    """``both data sets`` or ``all N data sets``."""
    return "both data sets" if n == 2 else f"all {n} data sets"


def defined_resamples(ranks: Doc) -> int:
    """The resamples on which every system was ranked."""
    return int(ranks["n_resamples"]) - int(ranks.get("n_undefined") or 0)


def rank_test(ranks: Doc) -> str:
    """The settings of the rank test, for a parenthesis."""
    how = "Holm" if ranks.get("correction", "holm") == "holm" else "no correction"
    return f"bootstrap rank test, {how}, α = {ranks['alpha']:g}"


# -- one data set: the rank intervals of its comparison -------------------------------------
def first_clause(ranks: Doc) -> str | None:
    """``a ranks first in 62 % of the 1,000 resamples (95 % rank interval 1–2)``."""
    top = ranks["systems"][0]
    if top.get("p_best") is None:
        return None
    level = f"{ranks['confidence_level'] * 100:g} %"
    return (
        f"{strong(top['system'])} ranks first in {percent(top['p_best'])} of the "
        f"{defined_resamples(ranks):,} resamples ({level} rank interval "
        f"{top['rank_low']:g}–{top['rank_high']:g})"
    )


def neighbours_clause(ranks: Doc) -> str:
    """Whether the neighbours of the ranking are in a separable order."""
    systems = [r["system"] for r in ranks["systems"]]
    separable = {tuple(p) for p in ranks["separable_pairs"]}
    if len(systems) == 2:
        verb = "is" if tuple(systems) in separable else "is not"
        return f"the order of {strong(systems[0])} and {strong(systems[1])} {verb} separable"
    count = sum((a, b) in separable for a, b in itertools.pairwise(systems))
    needed = ranks.get("resamples_needed")
    return (
        f"the order of {count} of the {len(systems) - 1} neighbouring pairs in the ranking is "
        "separable"
        + (
            f" (with {defined_resamples(ranks):,} resamples no order can be: give {needed:,} "
            "or more)"
            if needed
            else ""
        )
    )


def _shown_ranks(study: Study, metric: str) -> Doc | None:
    """The rank intervals of ``study`` under ``metric`` that the page shows: none where
    nobody ranks first on a defined resample, nor on a measure of the gold value with
    systems off the gold scale (ranked there, though the leads leave them out)."""
    ranks = study.ranks(metric)
    if not ranks or ranks["systems"][0].get("p_best") is None:
        return None
    if study.off_scale and gold_scale_measure(metric):
        return None
    return ranks


def rank_verdict_clause(study: Study, metric: str) -> str | None:
    """The verdict's clause on the only data set: who ranks first, how often.

    Parameters
    ----------
    study : Study
        The data set.
    metric : str
        The measure.

    Returns
    -------
    str or None
        None where the page shows no rank intervals.

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> from simeval.report.html.studies import gather
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> study = gather([comparison_document(cmp)]).studies[0]
    >>> print(rank_verdict_clause(study, "pearson"))
    <strong><bdi>good</bdi></strong> ranks first in 100 % of the 200 resamples (95 % rank \
    interval 1–1)
    """
    ranks = _shown_ranks(study, metric)
    return first_clause(ranks) if ranks else None


def rank_findings(study: Study, metric: str, *, said_first: bool) -> list[Html]:
    """The sentence on the rank intervals of ``study`` under ``metric``: who ranks first
    how often (unless the verdict ``said_first``) and how many neighbours of the ranking
    are in a separable order.

    Parameters
    ----------
    study : Study
        The data set.
    metric : str
        The measure.
    said_first : bool
        Whether the verdict already said who ranks first.

    Returns
    -------
    list of Html

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> from simeval.report.html.studies import gather
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> study = gather([comparison_document(cmp)]).studies[0]
    >>> print(rank_findings(study, "pearson", said_first=True)[0])  # doctest: +NORMALIZE_WHITESPACE
    On <bdi>the data</bdi>, under <strong><bdi>pearson</bdi></strong>, over the 200 resamples
    the order of <strong><bdi>good</bdi></strong> and <strong><bdi>noisy</bdi></strong> is
    separable (bootstrap rank test, Holm, α = 0.05).
    """
    ranks = _shown_ranks(study, metric)
    if not ranks:
        return []
    where = f"On {name(study.name)}, under {strong(metric)}"
    tail = f"{neighbours_clause(ranks)} ({rank_test(ranks)})"
    if said_first:
        out = [Html(f"{where}, over the {defined_resamples(ranks):,} resamples {tail}.")]
    else:
        out = [Html(f"{where}, {first_clause(ranks)}; {tail}.")]
    return out + _two_tests(study, metric, ranks)


def _two_tests(study: Study, metric: str, ranks: Doc) -> list[Html]:
    """A sentence where the two tests disagree on the first two systems: the rank test
    separates their order while the paired test of their difference (the clusters) does
    not, or the reverse. They ask different questions, so both can be right."""
    systems = [r["system"] for r in ranks["systems"]]
    clusters = study.clusters(metric)
    if len(systems) < 2 or not clusters:
        return []
    a, b = systems[0], systems[1]
    ordered = (a, b) in {tuple(p) for p in ranks["separable_pairs"]}
    different = clusters.get(a) == 1 and clusters.get(b, 1) > 1
    if ordered == different:
        return []
    rank_says = "separates" if ordered else "does not separate"
    pair_says = "does not find" if ordered else "finds"
    return [
        Html(
            f"On {name(study.name)}, the two tests differ on {strong(a)} and {strong(b)}: the "
            f"rank test {rank_says} "
            f"their order, while the paired test of the difference {pair_says} it "
            "significant (the first asks how consistently one ranks above the other over the "
            "resamples, the second whether the difference exceeds its resampling spread "
            "after Holm's correction over every pair of systems)."
        )
    ]


def draw_figure(title: Html, caption: Html, label: str, draw: Any) -> Figure:
    """A :class:`~.page.Figure` of the page, ``draw()`` made offscreen."""
    from ..figures import offscreen
    from .page import svg_of

    with offscreen():
        fig = draw()
    return Figure(title, caption, label, svg_of(fig))


def rank_label(ranks: Doc, what: str) -> str:
    """The accessible name of a rank-interval figure."""
    top = ranks["systems"][0]
    return (
        f"Ranks {what} over {defined_resamples(ranks)} resamples: {isolated(top['system'])} ranks "
        f"first in {percent(top['p_best'])} (rank interval {top['rank_low']:g}–"
        f"{top['rank_high']:g})."
    )


def rank_figure(study: Study, metric: str) -> Figure | None:
    """Each system's rank under ``metric`` over the bootstrap resamples, best first.

    Parameters
    ----------
    study : Study
        The data set.
    metric : str
        The measure.

    Returns
    -------
    Figure or None
        None where the page shows no rank intervals.

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> from simeval.report.html.studies import gather
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> study = gather([comparison_document(cmp)]).studies[0]
    >>> print(rank_figure(study, "pearson").title)
    Ranks under <bdi>pearson</bdi> on <bdi>the data</bdi>
    """
    from .. import figures

    ranks = _shown_ranks(study, metric)
    if not ranks:
        return None
    level = f"{ranks['confidence_level'] * 100:g} %"
    return draw_figure(
        Html(f"Ranks under {name(metric)} on {name(study.name)}"),
        Html(
            f"On {name(study.name)}: each system's rank under {name(metric)} (1 = best; dot: "
            f"on the whole data) with its {level} interval over the {defined_resamples(ranks):,} "
            "bootstrap resamples (the same for every system) and P(best), the share of "
            "resamples where it ranks first."
        ),
        rank_label(ranks, f"under {isolated(metric)} on {isolated(study.name)}"),
        lambda: figures.rank_interval_figure(ranks),
    )
