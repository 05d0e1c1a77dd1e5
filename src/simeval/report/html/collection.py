"""Who is best over a run's data sets, on the page: the stratified bootstrap of the
aggregate and Friedman's test with the Nemenyi critical difference (Demšar 2006), as
sentences, a table and the critical difference diagram, drawn from the saved documents
(:mod:`simeval.report.schema`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...stats.friedman import agreement_pvalue
from ..leaderboard import AGGREGATES
from ..notes import and_list
from .leaderboard import (
    draw_figure,
    first_clause,
    neighbours_clause,
    pvalue_text,
    rank_label,
    rank_test,
    sets_text,
)
from .page import Details, Figure, Section
from .studies import Contents
from .tables import html_table
from .text import Html, isolated, name, num, strong

__all__ = ["AGGREGATES", "collection_clause", "collection_parts"]

Doc = Mapping[str, Any]

#: How the aggregate of a collection is named in a sentence.


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
    sets, k = sets_text(f["n_datasets"]), len(f["systems"])
    if not (f.get("f_pvalue") is not None and f["f_pvalue"] < f["alpha"]):
        return (
            f"over {sets}, the Friedman test finds no difference between the {k} systems "
            f"({pvalue_text(f.get('f_pvalue'))}{_cannot_reject(f)})"
        )
    best, rank, close, cd = _nemenyi(f)
    tail = (
        f"within the critical difference of {and_list(map(strong, close))}"
        if close
        else "significantly better than every other system"
    )
    return (
        f"over {sets}, {strong(best)} has the best average rank ({rank:.2f}), {tail} "
        f"(Friedman {pvalue_text(f.get('f_pvalue'))}; {cd})"
    )


def _bootstrap_clause(collection: Doc) -> str:
    b = collection["bootstrap"]
    ranked = [r["system"] for r in b["ranks"]["systems"]]
    cluster = {r["system"]: r["cluster"] for r in b["systems"]}
    best = ranked[0]
    tied = [s for s in ranked[1:] if cluster.get(s) == 1]
    how = AGGREGATES.get(b["aggregate"], b["aggregate"])
    method = f"stratified paired bootstrap of the {how}, Holm-corrected, α = {b['alpha']:g}"
    sets = sets_text(len(b["datasets"]))
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
    significantly: the stratified bootstrap's answer, else Friedman–Nemenyi's.

    Parameters
    ----------
    contents : Contents
        The page's contents.

    Returns
    -------
    str or None
        None without a run over several data sets.

    Examples
    --------
    Two lexical models on two small data sets, compared over both:

    >>> from simeval.runs.run import Pairs, run
    >>> from simeval.report.schema import run_document
    >>> from simeval.report.html.studies import gather
    >>> a = Pairs("a", ["a cat", "a dog", "the sun", "a red car", "my old hat"],
    ...           ["a cat sat", "a cat", "rain", "a car", "a new hat"], [4.5, 2.0, 0.0, 3.5, 2.5])
    >>> b = Pairs("b", ["one two", "three", "four five six", "seven"],
    ...           ["one two", "three four", "six", "eight"], [5.0, 3.0, 1.5, 0.0])
    >>> res = run(["lexical:jaccard", "lexical:edit"], [a, b], protocol="simeval",
    ...           n_resamples=100, seed=0)
    >>> contents = gather([run_document(res)])
    >>> collection_clause(contents)[:52]
    'over both data sets, the lead of <strong><bdi>lexica'
    """
    if not contents.collections:
        return None
    c = contents.collections[0]
    if c.get("bootstrap"):
        return _bootstrap_clause(c)
    if c.get("friedman"):
        return _friedman_clause(c)
    return None


def _cannot_reject(f: Doc) -> str:
    """``; with 2 data sets it cannot reject …`` where the smallest p-value the test can
    give, (k!)^−(N−1) when every data set ranks the systems alike, is not below α."""
    k, n = len(f["systems"]), int(f["n_datasets"])
    smallest = agreement_pvalue(k, n)
    if smallest < f["alpha"]:
        return ""
    return f"; with {n} data sets it cannot reject: its smallest p-value is {smallest:.3g}"


def _friedman_statistic(f: Doc) -> str:
    """Iman–Davenport's F_F with its df and p-value; where every data set ranks the systems
    in the same order F_F is infinite (saved as null) and the p-value is the exact one."""
    if f.get("f_statistic") is None:
        return (
            f"every data set ranks the {len(f['systems'])} systems in the same order "
            f"(F_F infinite; exact {pvalue_text(f.get('f_pvalue'))})"
        )
    df = f"({f['df'][0]}, {f['df'][1]}) df"
    return f"F_F = {f['f_statistic']:.3g} on {df}, {pvalue_text(f.get('f_pvalue'))}"


def _friedman_sentence(collection: Doc) -> Html:
    f = collection["friedman"]
    k = len(f["systems"])
    head = (
        f"Friedman test over {f['n_datasets']} data sets on {strong(collection['metric'])}: "
        f"{_friedman_statistic(f)}"
    )
    if not (f.get("f_pvalue") is not None and f["f_pvalue"] < f["alpha"]):
        return Html(
            f"{head}: no evidence that the {k} systems differ (α = {f['alpha']:g}"
            f"{_cannot_reject(f)})."
        )
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
                f"Over {sets_text(len(boot['datasets']))}, on the {how} of "
                f"{strong(collection['metric'])}, {first_clause(ranks)}; "
                f"{neighbours_clause(ranks)} ({rank_test(ranks)})."
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
    return draw_figure(
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
    its details, the rank intervals over the collection.

    Parameters
    ----------
    contents : Contents
        The page's contents.
    section : Section
        The summary section, which gets the findings, the table and the figure.
    figures : bool
        Whether to draw the critical difference diagram (needs matplotlib).

    Examples
    --------
    Two lexical models on two small data sets, compared over both:

    >>> from simeval.runs.run import Pairs, run
    >>> from simeval.report.schema import run_document
    >>> from simeval.report.html.studies import gather
    >>> a = Pairs("a", ["a cat", "a dog", "the sun", "a red car", "my old hat"],
    ...           ["a cat sat", "a cat", "rain", "a car", "a new hat"], [4.5, 2.0, 0.0, 3.5, 2.5])
    >>> b = Pairs("b", ["one two", "three", "four five six", "seven"],
    ...           ["one two", "three four", "six", "eight"], [5.0, 3.0, 1.5, 0.0])
    >>> res = run(["lexical:jaccard", "lexical:edit"], [a, b], protocol="simeval",
    ...           n_resamples=100, seed=0)
    >>> contents = gather([run_document(res)])
    >>> from simeval.report.html.page import Section
    >>> from simeval.report.html.text import Html
    >>> section = Section(Html("summary"), "summary")
    >>> collection_parts(contents, section, figures=False)
    >>> len(section.findings), len(section.tables)
    (2, 1)
    """
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
                draw_figure(
                    Html(f"Ranks on the {how} of {name(c['metric'])}"),
                    Html(
                        f"Each system's rank on the {how} of {name(c['metric'])} over the "
                        "data sets (1 = best; dot: on the whole data) with its interval over "
                        "the stratified bootstrap resamples and P(best), the share of "
                        "resamples where it ranks first."
                    ),
                    rank_label(ranks, f"on the {how} of {isolated(c['metric'])}"),
                    lambda ranks=ranks: draw.rank_interval_figure(ranks),
                )
            )
            section.details.append(more)
