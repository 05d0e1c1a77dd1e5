"""The verdict in words: at most three sentences for the whole page — who leads on the
headline measure on each data set and over all of them, whether the lead is significant,
the score range where a leader fails and which other measure would pick another system —
then, per data set, the findings the verdict leaves out. Every sentence names its data
set; none is said twice.

A measure of the gold value or a border (the error and threshold measures) means nothing
for scores off the gold scale: systems the evaluation found off-scale (and nobody
calibrated) are left out of the leads on such measures, and one sentence says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..notes import and_list
from .collection import collection_clause
from .leaderboard import rank_findings, rank_verdict_clause
from .leads import (
    FAILING_BIN_R,
    Failure,
    Lead,
    aggregate_clause,
    aggregate_lead,
    better,
    failures,
    lead_of,
)
from .studies import Contents, gold_scale_measure
from .text import Html, name, num, strong

__all__ = ["Verdict", "verdict"]


@dataclass
class Verdict:
    """The page's verdict (at most three sentences), its note on the measures left out,
    the findings of each data set, and what the figures say (for their names).

    Attributes
    ----------
    sentences : list of Html
        The verdict.
    note : list of Html
        On the measures left out.
    findings : dict of str to list of Html
        Each data set's findings.
    leads : dict of str to Lead
        Each data set's lead on the headline measure.

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> from simeval.report.html.studies import gather
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> contents = gather([comparison_document(compare(gold, systems, metrics=["pearson"],
    ...                                                n_resamples=200, seed=0))])
    >>> v = verdict(contents)
    >>> list(v.leads), v.leads["the data"].leader, v.note
    (['the data'], 'good', [])
    """

    sentences: list[Html]
    note: list[Html]
    findings: dict[str, list[Html]]
    leads: dict[str, Lead]


def _lead_phrase(lead: Lead, many: bool) -> str:
    where = name(lead.study.name)
    return f"{where} ({lead.value_text()})" if many else lead.value_text()


def _leads_sentence(contents: Contents, leads: list[Lead], metric: str) -> Html:
    many = len(leads) > 1
    if not many:
        lead = leads[0]
        runner = lead.ranked[1] if len(lead.ranked) > 1 else None
        ahead = f", ahead of {strong(runner['system'])} ({num(runner['value'])})" if runner else ""
        return Html(
            f"On {name(lead.study.name)}, {strong(lead.leader)} leads on {strong(metric)} "
            f"({better(metric)}) with {lead.value_text()}{ahead}."
        )
    groups: dict[str, list[Lead]] = {}
    for lead in leads:
        if lead.leader is not None:
            groups.setdefault(lead.leader, []).append(lead)
    best = aggregate_lead(contents, metric)
    overall, clause = (best["system"], aggregate_clause(contents, best)) if best else ("", "")
    parts = []
    for leader, group in groups.items():
        where = and_list(_lead_phrase(g, True) for g in group)
        extra = f", and {clause}" if leader == overall else ""
        parts.append(f"{strong(leader)} leads on {where}{extra}")
    if overall and overall not in groups:
        parts.append(f"{strong(overall)} leads {clause}")
    undefined = [lead.study.name for lead in leads if lead.leader is None]
    if undefined:
        parts.append(f"it is undefined for every system on {and_list(map(name, undefined))}")
    return Html(f"On {strong(metric)} ({better(metric)}), " + "; ".join(parts) + ".")


def _significance_sentence(leads: list[Lead], stability: str | None) -> Html:
    """Whether each lead is significant; then ``stability``: on one data set who ranks
    first how often, over several who is best over them and whether significantly."""
    tested = [lead for lead in leads if lead.significant is not None]
    alphas = {lead.study.alpha for lead in tested}
    level = f"α = {alphas.pop():g}" if len(alphas) == 1 else "each comparison's α"
    how = f"(paired bootstrap, Holm-corrected, {level})"
    then = f"; {stability}." if stability else "."
    if not tested:
        return Html(
            "No lead is tested for significance: these results hold no comparison with "
            "paired tests" + then
        )
    if len(leads) == 1:
        lead = leads[0]
        if lead.significant:
            return Html(
                f"The lead is significant: every other system is significantly worse {how}{then}"
            )
        return Html(
            f"The lead is not significant: {and_list(map(strong, lead.tied))} "
            f"{'is' if len(lead.tied) == 1 else 'are'} not significantly worse {how}{then}"
        )
    sig = [lead for lead in tested if lead.significant]
    if len(sig) == len(leads):
        tail = then if stability else "; the aggregate over the data sets is not tested."
        return Html(f"Every lead is significant {how}{tail}")
    clauses = []
    if sig:
        clauses.append(f"significant on {and_list(name(lead.study.name) for lead in sig)}")
    for lead in tested:
        if not lead.significant:
            verb = "is" if len(lead.tied) == 1 else "are"
            negation = "not" if clauses else "not significant"  # "The lead is not on …" misreads
            clauses.append(
                f"{negation} on {name(lead.study.name)}, where {and_list(map(strong, lead.tied))} "
                f"{verb} not significantly worse"
            )
    untested = [lead for lead in leads if lead.significant is None]
    if untested:
        clauses.append(f"not tested on {and_list(name(lead.study.name) for lead in untested)}")
    return Html("The lead is " + "; ".join(clauses) + f" {how}{then}")


def _other_measures(
    contents: Contents, leads: dict[str, Lead], metric: str
) -> list[tuple[str, list[Lead]]]:
    """Each other measure with the data sets where it picks another leader."""
    out = []
    for m in dict.fromkeys(m for s in contents.studies for m in s.metrics):
        if m == metric:
            continue
        differs = []
        for s in contents.studies:
            if m not in s.metrics:
                continue
            lead = lead_of(s, m)
            if lead.leader is not None and lead.leader != leads[s.name].leader:
                differs.append(lead)
        if differs:
            out.append((m, differs))
    return sorted(out, key=lambda item: -len(item[1]))


def _reaches_sentence(contents: Contents, leads: list[Lead], metric: str) -> Html:
    """What the only system reaches on each data set, and over them."""
    lead = next(x for x in leads if x.leader is not None)
    where = and_list(
        f"{x.value_text()} on {name(x.study.name)}" for x in leads if x.leader is not None
    )
    best = aggregate_lead(contents, metric)
    overall = f", and {aggregate_clause(contents, best)}" if best else ""
    return Html(f"{strong(lead.leader)} reaches {strong(metric)} ({better(metric)}) "
                f"{where}{overall}.")  # fmt: skip


def _closing_sentence(
    contents: Contents,
    failed: list[Failure],
    others: list[tuple[str, list[Lead]]],
    *,
    one: bool = False,
) -> Html:
    """Where a leader falls short: its worst score range, and the other measure that picks
    another leader on the most data sets (or that none does; ``one``: the only system,
    which leads nothing)."""
    n_sets = len(contents.studies)
    several = n_sets > 1
    parts = []
    if failed:
        f = failed[0]
        where = f" on {name(f.study.name)}" if several else ""
        more = f"; {len(failed) - 1} more below" if len(failed) > 1 else ""
        if f.value is None:
            parts.append(
                f"{strong(f.system)} has no defined r in the score range {name(f.bin)}{where} "
                f"(r = {num(f.overall)} overall{more})"
            )
        else:
            parts.append(
                f"{strong(f.system)} fails the score range {name(f.bin)}{where} (r = "
                f"{num(f.value)} there, {num(f.overall)} overall{more})"
            )
    elif any(s.bin_records() for s in contents.studies):
        who = "it keeps" if one else "every leader keeps" if several else "the leader keeps"
        parts.append(f"{who} r ≥ {FAILING_BIN_R:g} in every score range")
    if one:
        return Html(parts[0][0].upper() + parts[0][1:] + ".") if parts else Html("")
    if others:
        m, leads = others[0]
        groups: dict[str, list[str]] = {}
        for lead in leads:
            groups.setdefault(str(lead.leader), []).append(lead.study.name)
        who = "; ".join(
            f"{strong(leader)} would lead" + (f" on {and_list(map(name, sets))}" if several else "")
            for leader, sets in groups.items()
        )
        calibrated = gold_scale_measure(m) and any(lead.study.calibrated for lead in leads)
        on = "; on calibrated scores" if calibrated else ""
        parts.append(f"under {strong(m)} ({better(m)}{on}), {who} instead")
    else:
        calibrated = any(
            st.calibrated and any(gold_scale_measure(m) for m in st.metrics)
            for st in contents.studies
        )
        on = " (those of the gold value on calibrated scores)" if calibrated else ""
        parts.append(f"every other measure{on} picks the same {'leaders' if several else 'leader'}")
    text = "; ".join(parts)
    return Html(text[0].upper() + text[1:] + ".")


def _note(contents: Contents) -> list[Html]:
    """Why the gold-value measures leave some systems out of the leads."""
    out = []
    for s in contents.studies:
        gold_value = [m for m in s.metrics if gold_scale_measure(m)]
        if not s.off_scale or not gold_value:
            continue
        out.append(
            Html(
                f"On {name(s.name)}, {and_list(map(strong, sorted(s.off_scale)))} "
                f"{'is' if len(s.off_scale) == 1 else 'are'} off the gold scale and not "
                f"calibrated, so the measures of the gold value "
                f"({', '.join(map(name, gold_value))}) leave "
                f"{'it' if len(s.off_scale) == 1 else 'them'} out of the leads."
            )
        )
    return out


def verdict(contents: Contents) -> Verdict:
    """The verdict of the page's data sets (empty without any).

    Parameters
    ----------
    contents : Contents
        The page's contents.

    Returns
    -------
    Verdict

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> from simeval.report.html.studies import gather
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> contents = gather([comparison_document(compare(gold, systems, metrics=["pearson"],
    ...                                                n_resamples=200, seed=0))])
    >>> print(verdict(contents).sentences[0])  # doctest: +NORMALIZE_WHITESPACE
    On <bdi>the data</bdi>, <strong><bdi>good</bdi></strong> leads on
    <strong><bdi>pearson</bdi></strong> (higher is better) with 0.956 [0.839, 0.987], ahead of
    <strong><bdi>noisy</bdi></strong> (0.120).
    """
    if not contents.studies:
        return Verdict([], [], {}, {})
    metric = contents.headline
    leads = {
        s.name: lead_of(s, metric if metric in s.metrics else s.headline) for s in contents.studies
    }
    ordered = [leads[s.name] for s in contents.studies]
    defined = [lead for lead in ordered if lead.leader is not None]
    if not defined:
        sentences = [Html(f"{strong(metric)} is undefined for every system on every data set.")]
        return Verdict(sentences, _note(contents), _findings(contents, leads, None, []), leads)
    failed = [f for lead in defined for f in failures(lead.study) if f.system == lead.leader]
    failed.sort(key=lambda f: -1.0 if f.value is None else f.value)
    others = _other_measures(contents, leads, metric)
    if len(contents.systems) == 1:  # nothing to lead: what the one system reaches
        closing = _closing_sentence(contents, failed, [], one=True)
        sentences = [_reaches_sentence(contents, ordered, metric), *([closing] if closing else [])]
    else:
        one = contents.studies[0] if len(contents.studies) == 1 else None
        stability = (
            rank_verdict_clause(one, leads[one.name].metric) if one else collection_clause(contents)
        )
        sentences = [
            _leads_sentence(contents, ordered, metric),
            _significance_sentence(defined, stability),
        ]
        sentences.append(_closing_sentence(contents, failed, others))
    said_failure = failed[0] if failed else None
    said_other = others[0] if others else None
    findings = _findings(contents, leads, said_failure, [said_other] if said_other else [])
    return Verdict(sentences, _note(contents), findings, leads)


def _findings(
    contents: Contents,
    leads: dict[str, Lead],
    said_failure: Failure | None,
    said_others: Sequence[tuple[str, list[Lead]]],
) -> dict[str, list[Html]]:
    """Per data set, the sentences the verdict leaves out."""
    said = {(m, lead.study.name) for m, group in said_others for lead in group}
    out: dict[str, list[Html]] = {}
    for s in contents.studies:
        lines: list[Html] = []
        lead = leads[s.name]
        clusters = s.clusters(lead.metric)
        groups: dict[int, list[str]] = {}
        for r in s.ranked(lead.metric):
            if r["system"] in clusters:
                groups.setdefault(clusters[r["system"]], []).append(r["system"])
        if len(groups) > 1:
            split = "; ".join(f"{k}: {', '.join(map(name, v))}" for k, v in sorted(groups.items()))
            lines.append(
                Html(
                    f"On {name(s.name)}, the significance clusters of {strong(lead.metric)} are "
                    f"{split}."
                )
            )
        lines += rank_findings(s, lead.metric, said_first=len(contents.studies) == 1)
        ranked = {r["system"] for r in s.ranked(lead.metric)}
        missing = [x for x in s.systems if x not in ranked and x not in lead.left_out]
        if missing:
            lines.append(
                Html(
                    f"On {name(s.name)}, {strong(lead.metric)} is undefined for "
                    f"{and_list(map(strong, missing))}: not ranked."
                )
            )
        for m in s.metrics:
            if m == lead.metric or (m, s.name) in said:
                continue
            other = lead_of(s, m)
            if other.leader is not None and other.leader != lead.leader:
                lines.append(
                    Html(
                        f"On {name(s.name)}, under {strong(m)} ({better(m)}), "
                        f"{strong(other.leader)} leads instead ({num(other.ranked[0]['value'])})."
                    )
                )
        lines += [f.sentence() for f in failures(s) if f != said_failure]
        warning = (s.comparison or {}).get("warning")
        if warning:
            lines.append(Html(f"On {name(s.name)}, caution: {name(warning)}."))
        out[s.name] = lines
    return out
