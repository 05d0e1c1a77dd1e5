"""The page of word-similarity results: which vectors lead on each data set, by how much,
with the interval of r and the coverage of the pairs (Evert 2014's report of wordspace),
a figure of |r| with its interval per data set, and a section per data set."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..notes import and_list
from .ceiling import ceiling_parts
from .page import Figure, Part, Section
from .tables import html_table
from .text import Html, interval, isolated, name, num, strong

__all__ = ["wordsim_part"]

Doc = Mapping[str, Any]


def _by_dataset(docs: Sequence[Doc]) -> dict[str, list[tuple[str, Mapping[str, Any]]]]:
    """data set → [(vectors, record)], in the order given."""
    out: dict[str, list[tuple[str, Mapping[str, Any]]]] = {}
    for doc in docs:
        for r in doc["records"]:
            out.setdefault(r["dataset"], []).append((doc["vectors"], r))
    return out


def _ranked(rows: list[tuple[str, Mapping[str, Any]]]) -> list[tuple[str, Mapping[str, Any]]]:
    return sorted((x for x in rows if x[1].get("rho") is not None), key=lambda x: -x[1]["rho"])


def _lead_phrase(dataset: str, rows: list[tuple[str, Mapping[str, Any]]], several: bool) -> str:
    """``rg65 (|ρ| = 0.800, 0.100 ahead of w2v; |r| = …, 95 % interval […])`` for several
    vectors, ``|ρ| = 0.800 on rg65 (|r| = …)`` for one."""
    ranked = _ranked(rows)
    top = ranked[0][1]
    r_iv = interval(top.get("r_lower"), top.get("r_upper"))
    r_text = f"|r| = {num(top.get('r'))}" + (f", 95 % interval{r_iv}" if r_iv else "")
    if not several:
        return f"|ρ| = {num(top['rho'])} on {name(dataset)} ({r_text})"
    ahead = ""
    if len(ranked) > 1:
        ahead = f", {num(top['rho'] - ranked[1][1]['rho'])} ahead of {strong(ranked[1][0])}"
    return f"{name(dataset)} (|ρ| = {num(top['rho'])}{ahead}; {r_text})"


def _verdict(
    docs: Sequence[Doc], sets: dict[str, list[tuple[str, Mapping[str, Any]]]]
) -> list[Html]:
    """Which vectors lead on each data set, by how much (|ρ|), with the interval of r;
    over the data sets (the Fisher-z mean of ρ); and the pairs each set of vectors misses."""
    several = len(docs) > 1
    groups: dict[str, list[str]] = {}
    undefined = []
    for dataset, rows in sets.items():
        if not _ranked(rows):
            undefined.append(dataset)
            continue
        groups.setdefault(_ranked(rows)[0][0], []).append(_lead_phrase(dataset, rows, several))
    verb = "leads on" if several else "reaches"
    parts = [f"{strong(v)} {verb} {and_list(phrases)}" for v, phrases in groups.items()]
    if undefined:
        parts.append(f"ρ is undefined on {and_list(map(name, undefined))}")
    out = [Html("; ".join(parts) + ".")] if parts else []
    means = [
        (str(d["vectors"]), float(d["fisher_z_mean"]))
        for d in docs
        if d.get("fisher_z_mean") is not None
    ]
    if means:
        v, best = max(means, key=lambda x: x[1])
        k = len(sets)
        if several:
            text = f"Over the {k} data sets, {strong(v)} leads with a Fisher-z mean of ρ of "
        else:
            text = f"Over the {k} data sets, the Fisher-z mean of ρ is "
        out.append(Html(f"{text}{num(best)}."))
    gaps = [
        f"{strong(v)} misses {r['missing']} of {r['n']} pairs on {name(ds)}"
        for ds, rows in sets.items()
        for v, r in rows
        if r["missing"]
    ]
    if gaps:
        out.append(
            Html(
                f"Coverage: {'; '.join(gaps)} (a word not in the vectors); no other "
                "pair is missing."
            )
        )
    else:
        out.append(Html("Coverage: every pair of every data set has both words in the vectors."))
    return out


def _figure(sets: dict[str, list[tuple[str, Mapping[str, Any]]]], leads: str) -> Figure:
    from ..figures import by_dataset, offscreen
    from .page import svg_of

    rows = [
        {
            "dataset": ds,
            "system": v,
            "value": r.get("r"),
            "ci_low": r.get("r_lower"),
            "ci_high": r.get("r_upper"),
            "reason": r.get("reason"),
        }
        for ds, pairs in sets.items()
        for v, r in pairs
    ]
    with offscreen():
        fig = by_dataset(
            rows, metric="|r|", label="|r|, Pearson (higher is better)", legend="vectors"
        )
    return Figure(
        Html("|r| of the vectors on every data set"),
        Html("Each vectors' |r| (Pearson) on each data set with its 95 % Fisher-z interval."),
        f"|r| with 95 % intervals on {len(sets)} data sets: {leads}.",
        svg_of(fig),
    )


def _section(dataset: str, rows: list[tuple[str, Mapping[str, Any]]], i: int) -> Section:
    header = ["vectors", "n", "missing", "|ρ|", "p", "|r|", "r low", "r high"]
    keys = ["n", "missing", "rho", "p_value", "r", "r_lower", "r_upper"]
    cells = [[v, *(r.get(k) for k in keys)] for v, r in rows]
    reasons = [[None, None, None, *([r.get("reason")] * 5)] for _, r in rows]
    caption = Html(
        f"Word similarity on {name(dataset)}: pairs, pairs with a missing word, |ρ| "
        "(Spearman) with its p-value, |r| (Pearson) with its 95 % interval (Evert 2014)."
    )
    said, ceiling_tables = ceiling_parts(
        dataset, [r["human_ceiling"] for _, r in rows if r.get("human_ceiling")]
    )
    return Section(
        name(dataset),
        f"words-{i}",
        meta=[Html(f"{rows[0][1]['n']:,} pairs")],
        findings=said,
        tables=[html_table(header, cells, caption=caption, reasons=reasons), *ceiling_tables],
    )


def wordsim_part(docs: Sequence[Doc], *, figures: bool) -> Part:
    """The verdict, the summary figure and a section per data set of word-similarity
    documents (one per set of vectors).

    Parameters
    ----------
    docs : sequence of dict
        ``wordsim`` documents, one per set of vectors.
    figures : bool
        Whether to draw the figures (needs matplotlib).

    Returns
    -------
    Part

    Examples
    --------
    >>> from simeval.vectors.read import Vectors
    >>> from simeval.wordsim import evaluate
    >>> from simeval.report.schema.other_results import wordsim_document
    >>> v = Vectors(["cat", "dog", "car"], [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> res = evaluate([("cat", "dog", 8.0), ("cat", "car", 2.0), ("dog", "car", 5.0)], v)
    >>> part = wordsim_part([wordsim_document([res], "sig", "v.txt")], figures=False)
    >>> part.verdict[0]
    '<strong><bdi>v.txt</bdi></strong> reaches |ρ| = 0.866 on <bdi>pairs</bdi> (|r| = 0.866).'
    """
    sets = _by_dataset(docs)
    verdict = _verdict(docs, sets)
    summary = None
    if figures:
        leads = "; ".join(
            f"{isolated(_ranked(rows)[0][0])} leads on {isolated(ds)}"
            for ds, rows in sets.items()
            if _ranked(rows)
        )
        summary = Section(
            Html("|r| across the data sets"), "summary-words", figures=[_figure(sets, leads)]
        )
    sections = [_section(ds, rows, i) for i, (ds, rows) in enumerate(sets.items(), start=1)]
    return Part(verdict, summary, sections, [d["vectors"] for d in docs], list(sets), "vectors")
