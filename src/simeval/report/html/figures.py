"""The figures of the page, drawn from the saved documents with the functions of
:mod:`simeval.report.figures` (the same as the result objects' ``.plot()``), offscreen;
each with an accessible name that states what it shows, names isolated."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from .leads import AGGREGATE_NAMES, Lead, aggregate_clause, aggregate_lead, better
from .page import Figure, svg_of
from .studies import Contents, Study
from .text import Html, isolated, name, num

__all__ = ["study_details", "study_figures", "summary_figure"]


def _draw(title: Html, caption: Html, label: str, draw: Callable[[], Any]) -> Figure:
    from ..figures import offscreen

    with offscreen():
        fig = draw()
    return Figure(title, caption, label, svg_of(fig))


def _array(values: Any) -> np.ndarray:
    return np.array([np.nan if v is None else v for v in values], dtype=float)


def _forest(study: Study, lead: Lead) -> Figure | None:
    from .. import figures

    cmp = study.comparison
    if cmp is None or lead.metric not in cmp["metrics"]:
        return None
    m, ds = lead.metric, study.name
    level = f"{cmp['confidence_level'] * 100:g} %"
    first = [s for s, c in study.clusters(m).items() if c == 1]
    label = f"{isolated(m)} on {isolated(ds)} with {level} bootstrap intervals: " + (
        f"{isolated(lead.leader)} leads with {lead.value_text()}; cluster 1 holds "
        f"{', '.join(map(isolated, first))}."
        if lead.leader
        else "undefined for every system."
    )
    return _draw(
        Html(f"{name(m)} on {name(ds)}: intervals and significance clusters"),
        Html(
            f"On {name(ds)}: each system's {name(m)} ({better(m)}) with its {level} bootstrap "
            f"interval; systems in one cluster are not significantly different (paired "
            f"bootstrap, Holm-corrected, α = {cmp['alpha']:g})."
        ),
        label,
        lambda: figures.forest(cmp["records"], metric=m, confidence_level=cmp["confidence_level"]),
    )


def _by_dataset(contents: Contents, leads: dict[str, Lead]) -> Figure:
    from .. import figures

    m = contents.headline
    rows: list[Mapping[str, Any]] = []
    for s in contents.studies:
        for system in s.systems:
            r = s.record(system, m)
            rows.append(
                {
                    "dataset": s.name,
                    "system": system,
                    **{k: r.get(k) for k in ("value", "ci_low", "ci_high", "reason")},
                }
            )
    for a in contents.aggregate(m):
        how = AGGREGATE_NAMES.get(a["dataset"], a["dataset"])
        rows.append(
            {
                "dataset": f"all {len(contents.studies)} ({how})",
                "system": a["system"],
                "value": a.get("value"),
                "reason": a.get("reason"),
            }
        )
    said = "; ".join(
        f"{isolated(lead.leader)} leads on {isolated(ds)} ({lead.value_text()})"
        for ds, lead in leads.items()
        if lead.leader
    )
    best = aggregate_lead(contents, m)
    overall = f"; {isolated(best['system'])} {aggregate_clause(contents, best)}" if best else ""
    return _draw(
        Html(f"{name(m)} on every data set"),
        Html(
            f"Each system's {name(m)} ({better(m)}) on each data set with its interval (the "
            "comparison's bootstrap interval where there is one); a diamond without bars is "
            "the aggregate over the data sets."
        ),
        f"{isolated(m)} of every system on {len(contents.studies)} data sets: {said}{overall}.",
        lambda: figures.by_dataset(rows, metric=m),
    )


def summary_figure(contents: Contents, leads: dict[str, Lead]) -> Figure | None:
    """The page's one figure across data sets: each system's headline value with its
    interval on each data set (for one data set with a comparison: its forest plot).

    Parameters
    ----------
    contents : Contents
        The page's contents.
    leads : dict of str to Lead
        The lead of each data set.

    Returns
    -------
    Figure or None

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> from simeval.report.figures import offscreen
    >>> from simeval.report.html.leads import lead_of
    >>> from simeval.report.html.studies import gather
    >>> contents = gather([comparison_document(cmp)])
    >>> study = contents.studies[0]
    >>> lead = lead_of(study, "pearson")
    >>> with offscreen():
    ...     figure = summary_figure(contents, {study.name: lead})
    >>> print(figure.title)
    <bdi>pearson</bdi> on <bdi>the data</bdi>: intervals and significance clusters
    """
    if not contents.studies:
        return None
    if len(contents.studies) == 1:
        study = contents.studies[0]
        forest = _forest(study, leads[study.name])
        if forest is not None:
            return forest
    return _by_dataset(contents, leads)


def _scatter(study: Study) -> Figure | None:
    from .. import figures

    scores, doc = study.scores, study.evaluation
    if not scores or doc is None:
        return None
    gold = _array(scores["gold"])
    systems = {s: _array(v) for s, v in scores["systems"].items()}
    scaled = {
        r["system"]: r["value"]
        for r in doc["records"]
        if r["metric"] == "scaled_pearson" and r.get("bin") is None
    }
    bins = {s: _bins_of(study, s) for s in systems}
    worst = min(
        study.bin_records(), key=lambda r: -2 if r["value"] is None else r["value"], default=None
    )
    finding = (
        f"; the lowest r of a score range is {isolated(worst['system'])}'s in "
        f"{isolated(worst['bin'])} (r = {num(worst['value'])})"
        if worst
        else ""
    )
    return _draw(
        Html(f"System against gold on {name(study.name)}, by score range"),
        Html(
            f"On {name(study.name)}: each panel is a system's scores (on the gold scale) "
            "against the gold scores; the shaded bands are the bins of the scaled Pearson, "
            "with each bin's r (Atoum 2019)."
        ),
        f"Scores of {len(systems)} systems against the gold on {isolated(study.name)}{finding}.",
        lambda: figures.scatter_grid(
            gold,
            systems,
            bins=bins,
            scale=doc.get("scale"),
            scaled_pearson=scaled or None,
            columns=2,
        ),
    )


def _bins_of(study: Study, system: str) -> list[dict[str, Any]]:
    r_by_bin = {r["bin"]: r.get("value") for r in study.bin_records(system)}
    bins = (study.evaluation or {}).get("bins", [])
    return [{**b, "value": r_by_bin.get(b["label"])} for b in bins]


def _errors(study: Study) -> Figure | None:
    from ...metrics.scaled_errors import scaled_errors
    from .. import figures

    if not study.scores:
        return None
    gold = _array(study.scores["gold"])
    systems = {s: _array(v) for s, v in study.scores["systems"].items()}
    mase = {}
    for s, v in systems.items():
        keep = ~(np.isnan(gold) | np.isnan(v))
        errors = scaled_errors(gold[keep], v[keep])
        if errors.size and np.isfinite(errors).all():
            mase[s] = float(errors.mean())
    finding = ""
    if mase:
        low, high = min(mase, key=mase.__getitem__), max(mase, key=mase.__getitem__)
        finding = (
            f": the lowest mean scaled error (MASE) is {isolated(low)}'s ({num(mase[low])}), "
            f"the highest {isolated(high)}'s ({num(mase[high])})"
        )
    return _draw(
        Html(f"Scaled errors on {name(study.name)}"),
        Html(
            f"On {name(study.name)}: the scaled error of each pair and their distribution per "
            "system (Atoum & Ayyagari 2019, eq. 2–3); lower is better."
        ),
        f"Scaled errors of each pair on {isolated(study.name)}{finding}.",
        lambda: figures.scaled_error_figure(gold, systems),
    )


def _per_bin(study: Study) -> Figure | None:
    from .. import figures

    records = study.bin_records()
    if not records:
        return None
    scaled = {
        r["system"]: r["value"]
        for r in (study.evaluation or {}).get("records", [])
        if r["metric"] == "scaled_pearson" and r.get("bin") is None
    }
    defined = [r for r in records if r.get("value") is not None]
    finding = ""
    if defined:
        lo = min(defined, key=lambda r: r["value"])
        hi = max(defined, key=lambda r: r["value"])
        finding = (
            f": lowest {isolated(lo['system'])} in {isolated(lo['bin'])} (r = {num(lo['value'])}),"
            f" highest {isolated(hi['system'])} in {isolated(hi['bin'])} (r = {num(hi['value'])})"
        )
    return _draw(
        Html(f"Pearson's r per score range on {name(study.name)}"),
        Html(
            f"On {name(study.name)}: each bin's r with its 95 % interval, and the scaled "
            "Pearson (their mean, Atoum 2019, eq. 3)."
        ),
        f"Pearson's r in each score range on {isolated(study.name)}{finding}.",
        lambda: figures.bin_correlations(records, scaled_pearson=scaled or None),
    )


def study_figures(study: Study, lead: Lead, *, forest: bool) -> list[Figure]:
    """The main figures of one data set: the forest plot of the headline (``forest``),
    the systems' rank intervals, system against gold by score range, the per-bin r and
    the scaled errors.

    Parameters
    ----------
    study : Study
        The data set.
    lead : Lead
        Its lead on the headline measure.
    forest : bool
        Whether to draw the forest plot.

    Returns
    -------
    list of Figure

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> from simeval.report.figures import offscreen
    >>> from simeval.report.html.leads import lead_of
    >>> from simeval.report.html.studies import gather
    >>> contents = gather([comparison_document(cmp)])
    >>> study = contents.studies[0]
    >>> lead = lead_of(study, "pearson")
    >>> with offscreen():
    ...     figures = study_figures(study, lead, forest=False)
    >>> len(figures)  # ranks, system against gold, scaled errors
    3
    """
    from .leaderboard import rank_figure

    made = [
        _forest(study, lead) if forest else None,
        rank_figure(study, lead.metric),
        _scatter(study),
        _per_bin(study),
        _errors(study),
    ]
    return [f for f in made if f is not None]


def study_details(study: Study, lead: Lead) -> list[Figure]:
    """The secondary figures of one data set: paired p-values, ranks under every
    measure, rank agreement between measures.

    Parameters
    ----------
    study : Study
        The data set.
    lead : Lead
        Its lead on the headline measure.

    Returns
    -------
    list of Figure

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> from simeval.report.figures import offscreen
    >>> from simeval.report.html.leads import lead_of
    >>> from simeval.report.html.studies import gather
    >>> contents = gather([comparison_document(cmp)])
    >>> study = contents.studies[0]
    >>> lead = lead_of(study, "pearson")
    >>> with offscreen():
    ...     figures = study_details(study, lead)
    >>> print(figures[0].title)
    <bdi>pearson</bdi> on <bdi>the data</bdi>: paired p-values
    """
    from .. import figures

    cmp = study.comparison
    if cmp is None:
        return []
    ds, m = study.name, lead.metric
    out = []
    pairs = [p for p in cmp["pairwise"] if p["metric"] == m]
    if pairs:
        alpha = cmp["alpha"]
        n_sig = sum(1 for p in pairs if (p.get("bootstrap_p_holm") or 1) < alpha)
        out.append(
            _draw(
                Html(f"{name(m)} on {name(ds)}: paired p-values"),
                Html(
                    f"On {name(ds)}: the p-value of “row better than column” (paired bootstrap, "
                    f"Holm-corrected); starred below α = {alpha:g}."
                ),
                f"Paired p-values of {isolated(m)} on {isolated(ds)}: {n_sig} of {len(pairs)} "
                f"pairs differ significantly at α = {alpha:g}.",
                lambda: figures.pvalue_matrix(pairs, metric=m, alpha=alpha),
            )
        )
    if len(cmp["metrics"]) > 1:
        out.append(
            _draw(
                Html(f"Ranks under every measure on {name(ds)}"),
                Html(f"On {name(ds)}: the rank of each system under each measure (1 = best)."),
                f"Ranks of the systems under {len(cmp['metrics'])} measures on {isolated(ds)}.",
                lambda: figures.bump_chart(cmp["records"]),
            )
        )
    agreement = [a for a in cmp["rank_agreement"] if a.get("kendall_tau") is not None]
    if agreement:
        low = min(agreement, key=lambda a: a["kendall_tau"])
        out.append(
            _draw(
                Html(f"Rank agreement between measures on {name(ds)}"),
                Html(
                    f"On {name(ds)}: Kendall's τ between the rankings of two measures, with the "
                    "mean |Δrank| (Reimers et al. 2016, Table 1)."
                ),
                f"Rank agreement between measures on {isolated(ds)}: the least is between "
                f"{isolated(low['metric_a'])} and {isolated(low['metric_b'])} "
                f"(τ = {num(low['kendall_tau'])}).",
                lambda: figures.agreement_heatmap(cmp["rank_agreement"]),
            )
        )
    return out
