"""How stable is the leaderboard of the page: the rank intervals of each data set's
comparison (who ranks first how often, which neighbours are in a separable order), and
who is best over a run's data sets (the stratified bootstrap of the aggregate, Friedman's
test with the Nemenyi critical difference). Sentences, tables and figures, all drawn from
the saved documents (:mod:`simeval.report.schema`)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from .page import Details, Figure, Section
from .studies import Contents, Study, gold_scale_measure
from .tables import html_table
from .text import Html, and_list, isolated, name, num, strong

__all__ = [
    "collection_clause",
    "collection_parts",
    "rank_figure",
    "rank_findings",
    "rank_verdict_clause",
]

Doc = Mapping[str, Any]

#: How the aggregate of a collection is named in a sentence.
AGGREGATES = {"fisher_z": "Fisher-z mean", "mean": "mean", "weighted_mean": "weighted mean"}


def _percent(share: float) -> str:
    return f"{share * 100:.0f} %"


def _pvalue(p: float | None) -> str:
    """``p = 0.033``, ``p < 0.001`` (as HTML)."""
    if p is not None and p < 0.001:
        return "p &lt; 0.001"
    return f"p = {num(p)}"


def _sets(n: int) -> str:
    return "both data sets" if n == 2 else f"all {n} data sets"


def _defined(ranks: Doc) -> int:
    return int(ranks["n_resamples"]) - int(ranks.get("n_undefined") or 0)


def _test(ranks: Doc) -> str:
    how = "Holm" if ranks.get("correction", "holm") == "holm" else "no correction"
    return f"bootstrap rank test, {how}, α = {ranks['alpha']:g}"


# -- one data set: the rank intervals of its comparison -------------------------------------
def _first(ranks: Doc) -> str | None:
    """``a ranks first in 62 % of the 1,000 resamples (95 % rank interval 1–2)``."""
    top = ranks["systems"][0]
    if top.get("p_best") is None:
        return None
    level = f"{ranks['confidence_level'] * 100:g} %"
    return (
        f"{strong(top['system'])} ranks first in {_percent(top['p_best'])} of the "
        f"{_defined(ranks):,} resamples ({level} rank interval "
        f"{top['rank_low']:g}–{top['rank_high']:g})"
    )


def _neighbours(ranks: Doc) -> str:
    """Whether the neighbours of the ranking are in a separable order."""
    systems = [r["system"] for r in ranks["systems"]]
    separable = {tuple(p) for p in ranks["separable_pairs"]}
    if len(systems) == 2:
        verb = "is" if tuple(systems) in separable else "is not"
        return f"the order of {strong(systems[0])} and {strong(systems[1])} {verb} separable"
    count = sum((a, b) in separable for a, b in itertools.pairwise(systems))
    return (
        f"the order of {count} of the {len(systems) - 1} neighbouring pairs in the ranking is "
        "separable"
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
    """The verdict's clause on the only data set: who ranks first, how often."""
    ranks = _shown_ranks(study, metric)
    return _first(ranks) if ranks else None


def rank_findings(study: Study, metric: str, *, said_first: bool) -> list[Html]:
    """The sentence on the rank intervals of ``study`` under ``metric``: who ranks first
    how often (unless the verdict ``said_first``) and how many neighbours of the ranking
    are in a separable order."""
    ranks = _shown_ranks(study, metric)
    if not ranks:
        return []
    where = f"On {name(study.name)}, under {strong(metric)}"
    tail = f"{_neighbours(ranks)} ({_test(ranks)})"
    if said_first:
        return [Html(f"{where}, over the {_defined(ranks):,} resamples {tail}.")]
    return [Html(f"{where}, {_first(ranks)}; {tail}.")]


def _draw(title: Html, caption: Html, label: str, draw: Any) -> Figure:
    from ..figures import offscreen
    from .page import svg_of

    with offscreen():
        fig = draw()
    return Figure(title, caption, label, svg_of(fig))


def _rank_label(ranks: Doc, what: str) -> str:
    top = ranks["systems"][0]
    return (
        f"Ranks {what} over {_defined(ranks)} resamples: {isolated(top['system'])} ranks "
        f"first in {_percent(top['p_best'])} (rank interval {top['rank_low']:g}–"
        f"{top['rank_high']:g})."
    )


def rank_figure(study: Study, metric: str) -> Figure | None:
    """Each system's rank under ``metric`` over the bootstrap resamples, best first."""
    from .. import figures

    ranks = _shown_ranks(study, metric)
    if not ranks:
        return None
    level = f"{ranks['confidence_level'] * 100:g} %"
    return _draw(
        Html(f"Ranks under {name(metric)} on {name(study.name)}"),
        Html(
            f"On {name(study.name)}: each system's rank under {name(metric)} (1 = best; dot: "
            f"on the whole data) with its {level} interval over the {_defined(ranks):,} "
            "bootstrap resamples (the same for every system) and P(best), the share of "
            "resamples where it ranks first."
        ),
        _rank_label(ranks, f"under {isolated(metric)} on {isolated(study.name)}"),
        lambda: figures.rank_interval_figure(ranks),
    )


# -- many data sets: the collection of a run ------------------------------------------------
def _nemenyi(friedman: Doc) -> tuple[str, float, list[str], str]:
    """The best system, its average rank, those within the critical difference of it,
    and the test's settings."""
    rows = friedman["systems"]
    best, rank = rows[0]["system"], float(rows[0]["average_rank"])
    cd = float(friedman["critical_difference"])
    close = [r["system"] for r in rows[1:] if float(r["average_rank"]) - rank < cd]
    return best, rank, close, f"CD = {cd:.2f}, Nemenyi, α = {friedman['alpha']:g}"


def _friedman_clause(collection: Doc) -> str:
    f = collection["friedman"]
    sets, k = _sets(f["n_datasets"]), len(f["systems"])
    if not (f.get("f_pvalue") is not None and f["f_pvalue"] < f["alpha"]):
        return (
            f"over {sets}, the Friedman test finds no difference between the {k} systems "
            f"({_pvalue(f.get('f_pvalue'))})"
        )
    best, rank, close, cd = _nemenyi(f)
    tail = (
        f"within the critical difference of {and_list(map(strong, close))}"
        if close
        else "significantly better than every other system"
    )
    return (
        f"over {sets}, {strong(best)} has the best average rank ({rank:.2f}), {tail} "
        f"(Friedman {_pvalue(f.get('f_pvalue'))}; {cd})"
    )


def _bootstrap_clause(collection: Doc) -> str:
    b = collection["bootstrap"]
    ranked = [r["system"] for r in b["ranks"]["systems"]]
    cluster = {r["system"]: r["cluster"] for r in b["systems"]}
    best = ranked[0]
    tied = [s for s in ranked[1:] if cluster.get(s) == 1]
    how = AGGREGATES.get(b["aggregate"], b["aggregate"])
    method = f"stratified paired bootstrap of the {how}, Holm-corrected, α = {b['alpha']:g}"
    sets = _sets(len(b["datasets"]))
    if not tied:
        return (
            f"over {sets}, {strong(best)} is significantly better than every other system "
            f"({method})"
        )
    verb = "is" if len(tied) == 1 else "are"
    return (
        f"over {sets}, the lead of {strong(best)} is not significant: "
        f"{and_list(map(strong, tied))} {verb} not significantly worse ({method})"
    )


def collection_clause(contents: Contents) -> str | None:
    """The verdict's clause on who is best over the run's data sets, and whether
    significantly: the stratified bootstrap's answer, else Friedman–Nemenyi's."""
    if not contents.collections:
        return None
    c = contents.collections[0]
    if c.get("bootstrap"):
        return _bootstrap_clause(c)
    if c.get("friedman"):
        return _friedman_clause(c)
    return None


def _friedman_statistic(f: Doc) -> str:
    """Iman–Davenport's F_F with its df and p-value; where every data set ranks the systems
    in the same order F_F is infinite (saved as null) and the p-value is the exact one."""
    if f.get("f_statistic") is None:
        return (
            f"every data set ranks the {len(f['systems'])} systems in the same order "
            f"(F_F infinite; exact {_pvalue(f.get('f_pvalue'))})"
        )
    return f"F_F = {f['f_statistic']:.3g} on ({f['df'][0]}, {f['df'][1]}) df, " + _pvalue(
        f.get("f_pvalue")
    )


def _friedman_sentence(collection: Doc) -> Html:
    f = collection["friedman"]
    k = len(f["systems"])
    head = (
        f"Friedman test over {f['n_datasets']} data sets on {strong(collection['metric'])}: "
        f"{_friedman_statistic(f)}"
    )
    if not (f.get("f_pvalue") is not None and f["f_pvalue"] < f["alpha"]):
        return Html(f"{head}: no evidence that the {k} systems differ (α = {f['alpha']:g}).")
    best, rank, close, cd = _nemenyi(f)
    tail = (
        f"within the critical difference ({cd}) of {and_list(map(strong, close))}"
        if close
        else f"significantly better than every other system ({cd})"
    )
    return Html(
        f"{head}: the {k} systems are not all equal; {strong(best)} has the best average rank "
        f"({rank:.2f}), {tail}."
    )


def _collection_findings(collection: Doc) -> list[Html]:
    """What the verdict leaves out: the Friedman test when the bootstrap answered, the
    rank intervals over the collection, and why a test is missing."""
    out = []
    boot, friedman = collection.get("bootstrap"), collection.get("friedman")
    reasons = collection.get("reasons") or {}
    if boot:
        ranks = boot["ranks"]
        how = AGGREGATES.get(boot["aggregate"], boot["aggregate"])
        out.append(
            Html(
                f"Over {_sets(len(boot['datasets']))}, on the {how} of "
                f"{strong(collection['metric'])}, {_first(ranks)}; {_neighbours(ranks)} "
                f"({_test(ranks)})."
            )
        )
        if friedman:
            out.append(_friedman_sentence(collection))
    elif reasons.get("bootstrap"):
        out.append(
            Html(f"No stratified bootstrap over the data sets: {name(reasons['bootstrap'])}.")
        )
    if not friedman and reasons.get("friedman"):
        out.append(Html(f"No test over the data sets: {name(reasons['friedman'])}."))
    return out


def _collection_table(collection: Doc) -> str:
    """Systems best first: the aggregate with its interval and cluster, the rank interval
    and P(best) over the collection, the average rank of the Friedman test."""
    boot, friedman = collection.get("bootstrap"), collection.get("friedman")
    average = {r["system"]: r["average_rank"] for r in (friedman or {}).get("systems", [])}
    header: list[Any] = ["system"]
    if boot:
        how = AGGREGATES.get(boot["aggregate"], boot["aggregate"])
        level = f"{boot['confidence_level'] * 100:g} %"
        rows_of = {r["system"]: r for r in boot["systems"]}
        rank_of = {r["system"]: r for r in boot["ranks"]["systems"]}
        order = list(rank_of)
        header += [f"{how} [{level} interval]", "cluster", f"rank [{level} interval]", "P(best)"]
    else:
        order = list(average)
    if friedman:
        header.append("average rank")
    rows = []
    for s in order:
        row: list[Any] = [s]
        if boot:
            v, r = rows_of[s], rank_of[s]
            row += [
                Html(f"{num(v.get('value'))}<br><small>[{num(v.get('ci_low'))}, "
                     f"{num(v.get('ci_high'))}]</small>"),
                v.get("cluster"),
                f"{r['rank']:g} [{r['rank_low']:g}–{r['rank_high']:g}]"
                if r.get("rank_low") is not None else None,
                r.get("p_best"),
            ]  # fmt: skip
        if friedman:
            row.append(average.get(s))
        rows.append(row)
    caption = Html(
        f"Who is best over the {len(collection['datasets'])} data sets on "
        f"{strong(collection['metric'])}"
        + (
            ": the aggregate with its stratified bootstrap interval and significance cluster "
            "(1 = not significantly worse than the best), the rank interval and P(best) over "
            "the same resamples"
            if boot
            else ""
        )
        + ("; the average rank over the data sets (Friedman test, 1 = best)" if friedman else "")
        + "."
    )
    return html_table(header, rows, caption=caption, digits=3)


def _cd_figure(collection: Doc) -> Figure:
    from .. import figures

    f = collection["friedman"]
    best, rank, _, cd = _nemenyi(f)
    return _draw(
        Html(f"Average ranks over the {f['n_datasets']} data sets"),
        Html(
            f"Each system's average rank under {name(collection['metric'])} over the "
            f"{f['n_datasets']} data sets (1 = best); a thick bar joins systems whose average "
            f"ranks differ by less than the critical difference ({cd}; Demšar 2006). "
            f"Friedman test: {_friedman_statistic(f)}."
        ),
        f"Critical difference diagram of {len(f['systems'])} systems over {f['n_datasets']} "
        f"data sets: {isolated(best)} has the best average rank ({rank:.2f}); "
        f"CD = {float(f['critical_difference']):.2f}.",
        lambda: figures.critical_difference_diagram(f),
    )


def collection_parts(contents: Contents, section: Section, *, figures: bool) -> None:
    """Add to the page's summary section who is best over each run's data sets: the
    findings the verdict leaves out, the table, the critical difference diagram and, in
    its details, the rank intervals over the collection."""
    for c in contents.collections:
        section.findings += _collection_findings(c)
        if not (c.get("bootstrap") or c.get("friedman")):
            continue
        section.tables.append(_collection_table(c))
        if not figures:
            continue
        if c.get("friedman"):
            section.figures.append(_cd_figure(c))
        ranks = (c.get("bootstrap") or {}).get("ranks")
        if ranks and ranks["systems"][0].get("p_best") is not None:
            from .. import figures as draw

            how = AGGREGATES.get(c["bootstrap"]["aggregate"], c["bootstrap"]["aggregate"])
            more = Details(Html(f"Rank intervals over the {len(c['datasets'])} data sets"))
            more.figures.append(
                _draw(
                    Html(f"Ranks on the {how} of {name(c['metric'])}"),
                    Html(
                        f"Each system's rank on the {how} of {name(c['metric'])} over the "
                        "data sets (1 = best; dot: on the whole data) with its interval over "
                        "the stratified bootstrap resamples and P(best), the share of "
                        "resamples where it ranks first."
                    ),
                    _rank_label(ranks, f"on the {how} of {isolated(c['metric'])}"),
                    lambda ranks=ranks: draw.rank_interval_figure(ranks),
                )
            )
            section.details.append(more)
