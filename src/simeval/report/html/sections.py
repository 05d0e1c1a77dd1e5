"""The sections of sentence-pair results: the summary across data sets (its figure and
table) and one section per data set, headed by its name, with its findings, figures and
tables."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .ceiling import ceiling_parts
from .collection import collection_parts
from .figures import study_details, study_figures, summary_figure
from .leads import AGGREGATE_NAMES, better
from .page import Details, Section
from .studies import Contents, Study
from .tables import html_table
from .text import Html, name, num, strong
from .verdict import Verdict

__all__ = ["study_section", "summary_section"]

SignatureNumber = Callable[[str], int]


def _value_cell(r: Mapping[str, Any]) -> Any:
    """A value, with its interval in small type under it when there is one."""
    v = r.get("value")
    if v is None:
        return None
    if r.get("ci_low") is None or r.get("ci_high") is None:
        return float(v)
    return Html(f"{num(v)}<br><small>[{num(r['ci_low'])}, {num(r['ci_high'])}]</small>")


def _level(study: Study) -> str:
    cmp = study.comparison
    return "" if cmp is None else f"{cmp['confidence_level'] * 100:g} % {cmp['ci_method']} "


def _measures_table(study: Study, headline: str) -> str:
    """Systems (best first on the headline) in rows; every measure, then each per-bin r,
    in columns; the headline's significance cluster last."""
    systems = [r["system"] for r in study.ranked(headline)]
    systems += [s for s in study.systems if s not in systems]
    bins = list(dict.fromkeys(r["bin"] for r in study.bin_records()))
    clusters = study.clusters(headline)
    header: list[Any] = ["system", *study.metrics, *(f"r {b}" for b in bins)]
    if clusters:
        header.append(Html(f"cluster ({name(headline)})"))
    rows, reasons = [], []
    for s in systems:
        recs = [study.record(s, m) for m in study.metrics]
        per_bin = {r["bin"]: r for r in study.bin_records(s)}
        recs += [per_bin.get(b, {}) for b in bins]
        row = [s, *(_value_cell(r) for r in recs)]
        why = [None, *(r.get("reason") for r in recs)]
        if clusters:
            row.append(clusters.get(s))
            why.append("undefined value: not ranked")
        rows.append(row)
        reasons.append(why)
    level = _level(study)
    caption = Html(
        f"Every measure on {name(study.name)}: the value"
        + (f", with its {level}bootstrap interval under it" if level else "")
        + "; r [a, b): Pearson's r in that range of gold scores"
        + (
            f"; cluster: significance cluster under {name(headline)} (1 = not significantly "
            "worse than the best)"
            if clusters
            else ""
        )
        + "."
    )
    return html_table(header, rows, caption=caption, reasons=reasons, digits=3)


def _pairs_table(study: Study) -> str | None:
    pairs = (study.comparison or {}).get("pairwise") or []
    if not pairs:
        return None
    header = ["metric", "a", "b", "a − b", "p boot", "p Holm"]
    rows = [
        [
            p["metric"],
            p["system_a"],
            p["system_b"],
            p.get("difference"),
            p.get("bootstrap_p"),
            p.get("bootstrap_p_holm"),
        ]
        for p in pairs
    ]
    caption = Html(
        f"Every tested pair on {name(study.name)} (a ranked above b): the difference and the "
        "one-sided paired bootstrap p-value, then Holm-corrected."
    )
    return html_table(header, rows, caption=caption)


def _meta(study: Study) -> list[Html]:
    out = []
    ev = study.evaluation or (study.comparison or {}).get("evaluation") or {}
    if study.n is not None:
        out.append(Html(f"{study.n:,} pairs"))
    out.append(Html(f"{len(study.systems)} systems"))
    if ev.get("scale"):
        lo, hi = ev["scale"]
        out.append(Html(f"gold scale {lo:g}–{hi:g} ({name(ev.get('scale_source') or '')})"))
    cmp = study.comparison
    if cmp is not None:
        out.append(Html(f"{cmp['n_resamples']:,} bootstrap resamples, seed {cmp.get('seed')}"))
    for doc in (ev, cmp or {}):
        if doc.get("calibration") is not None:
            out.append(Html(f"calibration: {name(_calibration_text(doc['calibration']))}"))
    if ev.get("scores_left_out"):
        out.append(Html(f"no per-pair figures: {name(ev['scores_left_out'])}"))
    return out


def _calibration_text(calibration: Any) -> str:
    """The calibration of a document: the systems calibrated by each map and source
    (``every system`` when all of them share one), for the measures of a gold value.

    >>> fit = {"kind": "isotonic", "source": "on:stsb:dev"}
    >>> _calibration_text({"systems": {"a": fit, "b": fit}})
    'isotonic, fitted on stsb:dev, for the measures of a gold value: a, b'
    >>> _calibration_text({"systems": {"a": {"kind": "linear", "source": "cv5,seed0"}}})
    'linear, 5-fold cross-fitted (seed 0), for the measures of a gold value: a'
    """
    if isinstance(calibration, Mapping) and isinstance(calibration.get("systems"), Mapping):
        groups: dict[tuple[str, str], list[str]] = {}
        for s, fit in calibration["systems"].items():
            if isinstance(fit, Mapping):
                groups.setdefault((str(fit.get("kind")), str(fit.get("source"))), []).append(s)
        return "; ".join(
            f"{kind}, {_fitted(source)}, for the measures of a gold value: {', '.join(systems)}"
            for (kind, source), systems in groups.items()
        )
    if isinstance(calibration, Mapping):
        return "; ".join(f"{k} {v}" for k, v in calibration.items())
    return str(calibration)


def _fitted(source: str) -> str:
    """A calibration's source in words: ``on:LABEL`` or ``cvK,seedS``."""
    if source.startswith("on:"):
        return f"fitted on {source[3:]}"
    folds, _, seed = source.partition(",")
    return f"{folds[2:]}-fold cross-fitted ({seed.replace('seed', 'seed ')})"


def study_section(
    study: Study, verdict: Verdict, *, forest: bool, figures: bool, number: SignatureNumber
) -> Section:
    """The section of one data set, headed by its name.

    Parameters
    ----------
    study : Study
        The data set.
    verdict : Verdict
        The page's verdict (its lead and findings).
    forest : bool
        Whether to draw the forest plot here.
    figures : bool
        Whether to draw figures at all (needs matplotlib).
    number : callable
        Signature → its number in the footer.

    Returns
    -------
    Section

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> from simeval.report.html.studies import gather
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> contents = gather([comparison_document(compare(gold, systems, metrics=["pearson"],
    ...                                                n_resamples=200, seed=0))])
    >>> from simeval.report.html.verdict import verdict
    >>> study = contents.studies[0]
    >>> section = study_section(study, verdict(contents), forest=False, figures=False,
    ...                         number=lambda signature: 1)
    >>> section.title, section.anchor
    ('<bdi>the data</bdi>', 'data-1')
    """
    lead = verdict.leads[study.name]
    section = Section(
        name(study.name),
        study.anchor,
        meta=_meta(study),
        findings=verdict.findings.get(study.name, []),
        figures=study_figures(study, lead, forest=forest) if figures else [],
        tables=[_measures_table(study, lead.metric)],
        signatures=[number(s) for s in study.signatures],
    )
    if study.ceiling:
        said, tables = ceiling_parts(study.name, [study.ceiling])
        section.findings = said + section.findings
        section.tables += tables
    more = Details(Html(f"Pairwise tests and rank agreement on {name(study.name)}"))
    if figures:
        more.figures = study_details(study, lead)
    pairs = _pairs_table(study)
    if pairs:
        more.tables.append(pairs)
    if more.figures or more.tables:
        section.details.append(more)
    return section


def _summary_table(contents: Contents) -> str:
    m = contents.headline
    sets = [s.name for s in contents.studies]
    agg = {r["system"]: r for r in contents.aggregate(m)}
    header: list[Any] = ["system", *sets]
    if agg:
        how = AGGREGATE_NAMES.get(next(iter(agg.values()))["dataset"], "aggregate")
        header.append(f"all {len(sets)} ({how})")
    rows, reasons = [], []
    for system in contents.systems:
        recs: list[Mapping[str, Any]] = [s.record(system, m) for s in contents.studies]
        if agg:
            recs.append(agg.get(system, {}))
        rows.append([system, *(_value_cell(r) for r in recs)])
        reasons.append([None, *(r.get("reason") for r in recs)])
    caption = Html(
        f"{strong(m)} ({better(m)}) of every system on every data set, with its interval "
        "under it where there is one."
    )
    return html_table(header, rows, caption=caption, reasons=reasons, digits=3)


def _protocol_table(run: Mapping[str, Any]) -> str:
    from ..run import run_table

    header, rows, reasons = run_table(run["records"])
    cells: list[list[str | None]] = [[why] * len(row) for row, why in zip(rows, reasons)]
    main = list(dict.fromkeys(r["metric"] for r in run["records"] if r.get("main")))
    caption = Html(
        f"The main score ({', '.join(map(name, main))}) as the {name(run['protocol'])} "
        "protocol reports it."
    )
    return html_table(header, rows, caption=caption, reasons=cells)


def _side_by_side(run: Mapping[str, Any]) -> list[str]:
    """The protocols side by side: one table per model (data sets in rows, a column per
    number a convention publishes, the mean over the data sets last), then what each
    convention does differently."""
    table = run["protocol_table"]
    labels = [c["label"] for c in table["columns"]]
    means = {m["system"]: m["values"] for m in table.get("means") or []}
    out = []
    for system in dict.fromkeys(r["system"] for r in table["rows"]):
        mine = [r for r in table["rows"] if r["system"] == system]
        rows: list[list[Any]] = [[r["dataset"], *r["values"]] for r in mine]
        reasons: list[list[str | None]] = [[None, *r["reasons"]] for r in mine]
        if system in means:
            rows.append([f"mean of {len(mine)}", *means[system]])
            reasons.append([None] * len(rows[-1]))
        caption = Html(
            f"{strong(system)}: Spearman under each protocol (each convention's main score)."
        )
        out.append(html_table(["data set", *labels], rows, caption=caption, reasons=reasons))
    differs = [[c["label"], c["differs"]] for c in table["columns"]]
    out.append(
        html_table(["column", "what the convention does"], differs,
                   caption=Html("What each protocol does differently."))
    )  # fmt: skip
    return out


def summary_section(
    contents: Contents, verdict: Verdict, *, figures: bool, number: SignatureNumber
) -> Section | None:
    """The figure and the table across the data sets, who is best over a run's data sets
    (:func:`~.leaderboard.collection_parts`) and each run's own table when its protocol
    reports another score than the headline.

    Parameters
    ----------
    contents : Contents
        The page's contents.
    verdict : Verdict
        The page's verdict.
    figures : bool
        Whether to draw figures (needs matplotlib).
    number : callable
        Signature → its number in the footer.

    Returns
    -------
    Section or None
        None without a data set.

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> from simeval.report.html.studies import gather
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> contents = gather([comparison_document(compare(gold, systems, metrics=["pearson"],
    ...                                                n_resamples=200, seed=0))])
    >>> from simeval.report.html.verdict import verdict
    >>> section = summary_section(contents, verdict(contents), figures=False,
    ...                           number=lambda signature: 1)
    >>> section.title
    '<bdi>pearson</bdi> with its intervals'
    """
    if not contents.studies:
        return None
    m = contents.headline
    title = Html(
        f"{name(m)} across the data sets"
        if len(contents.studies) > 1
        else f"{name(m)} with its intervals"
    )
    section = Section(title, "summary")
    if figures:
        fig = summary_figure(contents, verdict.leads)
        if fig is not None:
            section.figures.append(fig)
    section.tables.append(_summary_table(contents))
    collection_parts(contents, section, figures=figures)
    for run in contents.runs:
        section.meta.append(Html(f"protocol {name(run['protocol'])}"))
        section.signatures.append(number(run["signature"]))
        if run.get("protocol_table"):
            section.tables += _side_by_side(run)
        elif run["protocol"] != "simeval":
            section.tables.append(_protocol_table(run))
    return section
