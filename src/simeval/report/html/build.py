"""The HTML report of saved results: evaluate, compare, meta and wordsim JSON documents
(what ``--format json`` prints), one page for any number of them."""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...errors import InputError
from .figures import FIGURE_BUILDERS
from .page import Page, Section
from .tables import html_table
from .verdict import comparison_verdict, evaluation_verdict

__all__ = ["KINDS", "build_page", "document_kind"]

Doc = Mapping[str, Any]
#: The documents a report reads, by the ``kind`` they carry (or their keys).
KINDS = ("evaluation", "comparison", "semeval", "meta", "wordsim", "run")


def document_kind(doc: object) -> str:
    """Which simeval result a JSON document is, or InputError saying what it is not."""
    if isinstance(doc, Mapping):
        kind = doc.get("kind")
        if kind in KINDS:
            return str(kind)
        keys = set(doc)
        if {"clusters", "pairwise", "results"} <= keys:
            return "comparison"
        if {"predictiveness", "rank_agreement"} <= keys:
            return "meta"
        if {"rho", "r", "signature"} <= keys or (
            "results" in keys and str(doc.get("signature", "")).startswith("wordsim")
        ):
            return "wordsim"
        results = doc.get("results")
        if isinstance(results, list) and "signature" in keys:
            if results and isinstance(results[0], Mapping) and "dataset" in results[0]:
                return "semeval"
            return "evaluation"
    raise InputError(
        "not a JSON document of simeval evaluate, compare, run, meta or wordsim "
        "(write one with --format json)"
    )


def _wide(records: Sequence[Doc]) -> tuple[list[str], list[list[Any]], list[list[str | None]]]:
    """Systems in rows; each metric, then its per-bin r, in columns (the text table's
    layout), with the reason of each undefined cell."""
    columns: list[tuple[str, str | None]] = []
    for r in records:
        key = (r["metric"], r.get("bin"))
        if key not in columns:
            columns.append(key)
    systems = list(dict.fromkeys(r["system"] for r in records))
    cell = {(r["system"], r["metric"], r.get("bin")): r for r in records}
    header = ["system", *(m if b is None else f"r {b}" for m, b in columns)]
    rows, reasons = [], []
    for s in systems:
        recs = [cell.get((s, m, b), {}) for m, b in columns]
        rows.append([s, *(rec.get("value") for rec in recs)])
        reasons.append([None, *(rec.get("reason") for rec in recs)])
    return header, rows, reasons


def _evaluation(doc: Doc) -> tuple[list[str], Section]:
    records = doc["results"]
    header, rows, reasons = _wide(records)
    section = Section("Evaluation", tables=[html_table(header, rows, reasons=reasons)])
    return evaluation_verdict(records), section


def _comparison(doc: Doc) -> tuple[list[str], Section]:
    records = doc["results"]
    alpha = doc["clusters"][0].get("alpha") if doc["clusters"] else None
    verdict = comparison_verdict(records, doc["clusters"], alpha)
    if doc.get("warning"):
        verdict.insert(0, f"<strong>Caution:</strong> {html.escape(doc['warning'])}.")
    metrics = list(dict.fromkeys(r["metric"] for r in records))
    by = {(r["system"], r["metric"]): r for r in records}
    systems = list(dict.fromkeys(r["system"] for r in records))
    header = ["system", *(f"{m} [interval]" for m in metrics), *(f"cluster {m}" for m in metrics)]
    rows, reasons = [], []
    for s in systems:
        cells: list[Any] = [s]
        why: list[str | None] = [None]
        for m in metrics:
            r = by.get((s, m), {})
            v, lo, hi = r.get("value"), r.get("ci_low"), r.get("ci_high")
            cells.append(None if v is None else f"{v:.3f} [{_f(lo)}, {_f(hi)}]")
            why.append(r.get("reason"))
        for m in metrics:
            cells.append(by.get((s, m), {}).get("cluster"))
            why.append(None)
        rows.append(cells)
        reasons.append(why)
    pair_header = ["metric", "a", "b", "a − b", "p boot", "p Holm"]
    pairs = [
        [p["metric"], p["system_a"], p["system_b"], p["difference"], p["bootstrap_p"],
         p["bootstrap_p_holm"]]
        for p in doc.get("pairwise", [])
    ]  # fmt: skip
    tables = [html_table(header, rows, reasons=reasons, caption="values, intervals, clusters")]
    if pairs:
        tables.append(html_table(pair_header, pairs, caption="pairs (a ranked above b)"))
    return verdict, Section("Comparison", tables=tables)


def _meta(doc: Doc) -> tuple[list[str], Section]:
    pred = doc["predictiveness"]
    header = ["measure", "ρ(IR, ER)", "MAD", "MSD", "rank", "ρ low", "ρ high"]
    rows = [
        [p["measure"], p["rho"], p["mad"], p["msd"], p["rank"], p["ci_low"], p["ci_high"]]
        for p in pred
    ]
    reasons = [[None, p.get("reason"), None, None, None, p.get("reason"), p.get("reason")]
               for p in pred]  # fmt: skip
    verdict = []
    defined = [p for p in pred if p.get("rho") is not None]
    if defined:
        best = max(defined, key=lambda p: p["rho"])
        verdict.append(
            f"{html.escape(best['measure'])} predicts the task best: ρ(IR, ER) = "
            f"{best['rho']:.3f} over {best.get('n_systems')} systems (Reimers et al. 2016)."
        )
    return verdict, Section(
        "Which measure predicts the task", tables=[html_table(header, rows, reasons=reasons)]
    )


def _wordsim(doc: Doc) -> tuple[list[str], Section]:
    rows_in = doc.get("results") or [doc]
    header = ["dataset", "n", "missing", "|ρ|", "p", "|r|", "r low", "r high"]
    rows = [
        [r.get("dataset", "pairs"), r.get("n"), r.get("missing"), r.get("rho"),
         r.get("p_value"), r.get("r"), r.get("r_lower"), r.get("r_upper")]
        for r in rows_in
    ]  # fmt: skip
    reasons = [[None, None, None, r.get("reason"), r.get("reason"), r.get("reason"),
                r.get("reason"), r.get("reason")] for r in rows_in]  # fmt: skip
    return [], Section("Word similarity", tables=[html_table(header, rows, reasons=reasons)])


def _semeval(doc: Doc) -> tuple[list[str], Section]:
    records = doc["results"]
    tables = []
    for m in dict.fromkeys(r["metric"] for r in records):
        recs = [r for r in records if r["metric"] == m and r.get("bin") is None]
        sets = list(dict.fromkeys(r["dataset"] for r in recs))
        systems = list(dict.fromkeys(r["system"] for r in recs))
        cell = {(r["system"], r["dataset"]): r for r in recs}
        rows = [[s, *(cell.get((s, d), {}).get("value") for d in sets)] for s in systems]
        reasons = [[None, *(cell.get((s, d), {}).get("reason") for d in sets)] for s in systems]
        tables.append(html_table(["system", *sets], rows, reasons=reasons, caption=m))
    return [], Section("SemEval sets and aggregates", tables=tables)


def _run(doc: Doc) -> tuple[list[str], Section]:
    from ..run import run_table

    header, rows, reasons = run_table(doc["results"])
    verdict = []
    main = [r for r in doc["results"] if r.get("main") and r.get("value") is not None]
    for dataset in dict.fromkeys(r["dataset"] for r in main):
        best = max((r for r in main if r["dataset"] == dataset), key=lambda r: r["value"])
        verdict.append(
            f"On {html.escape(dataset)} ({html.escape(best['metric'])}, {doc['protocol']} "
            f"protocol), {html.escape(best['system'])} scores highest: {best['value']:.4f}."
        )
    cells: list[list[str | None]] = [[why] * len(row) for row, why in zip(rows, reasons)]
    return verdict, Section(
        f"Models on data sets ({doc['protocol']} protocol)",
        tables=[html_table(header, rows, reasons=cells)],
    )


_BUILDERS: dict[str, Callable[[Doc], tuple[list[str], Section]]] = {
    "run": _run,
    "evaluation": _evaluation,
    "comparison": _comparison,
    "meta": _meta,
    "wordsim": _wordsim,
    "semeval": _semeval,
}


def _f(x: Any) -> str:
    return "—" if x is None else f"{x:.3f}"


def build_page(docs: Sequence[Doc], *, title: str = "simeval report", figures: bool = True) -> str:
    """The report of ``docs`` (JSON documents of simeval results) as one HTML page:
    signatures first, the verdict in words, then per document its figures and tables."""
    if not docs:
        raise InputError("a report needs at least one result document")
    page = Page(title, footer="Made with simeval; every number is reproducible from the "
                "signature above it.")  # fmt: skip
    verdict: list[str] = []
    kinds = [document_kind(doc) for doc in docs]
    for doc, kind in zip(docs, kinds):
        said, section = _BUILDERS[kind](doc)
        if kind == "evaluation" and "comparison" in kinds:
            said = said[1:]  # the comparison says who leads, with its intervals
        verdict.extend(said)
        if figures and kind in FIGURE_BUILDERS:
            section.figures.extend(FIGURE_BUILDERS[kind](doc))
        page.sections.append(section)
        if doc.get("signature"):
            page.signatures = [*page.signatures, str(doc["signature"])]
    page.verdict = verdict
    return page.render()
