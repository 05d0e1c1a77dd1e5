"""The page of the other results: which intrinsic measure predicts the task (``meta``),
task accuracy (``extrinsic``), a SemEval folder's sets and aggregates (``semeval``), the
aggregates over data sets (``aggregate``), paraphrase patterns (``paraphrase``,
``explanation``). Each gives its verdict in sentences that name what they are about,
its tables and, where the document holds what they need, its figures."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..notes import and_list
from .page import Figure, Part, Section, svg_of
from .studies import higher_is_better
from .tables import html_table
from .text import Html, interval, isolated, name, num, strong

__all__ = ["PARTS"]

Doc = Mapping[str, Any]


def _figure(title: Html, caption: Html, label: str, draw: Callable[[], Any]) -> Figure:
    from ..figures import offscreen

    with offscreen():
        fig = draw()
    return Figure(title, caption, label, svg_of(fig))


def _best(rows: list[Mapping[str, Any]], key: str, higher: bool = True) -> list[Mapping[str, Any]]:
    defined = [r for r in rows if r.get(key) is not None]
    return sorted(defined, key=lambda r: -r[key] if higher else r[key])


def meta_part(doc: Doc, i: int, figures: bool) -> Part:
    from .. import figures as draw

    records = doc["records"]
    ranked = _best(records, "rho")
    n = doc.get("n_systems")
    verdict = []
    if ranked:
        top, low = ranked[0], ranked[-1]
        worst = (
            f"; {strong(low['measure'])} predicts it least (ρ = {num(low['rho'])})"
            if len(ranked) > 1
            else ""
        )
        verdict.append(
            Html(
                f"Over {n} systems, {strong(top['measure'])} predicts the task best: ρ(IR, ER) = "
                f"{num(top['rho'])}{interval(top.get('ci_low'), top.get('ci_high'))} "
                f"(Reimers et al. 2016){worst}."
            )
        )
    header = ["measure", "ρ(IR, ER)", "rank", "MAD", "MSD", "ρ low", "ρ high"]
    keys = ["rho", "rank", "mad", "msd", "ci_low", "ci_high"]
    rows = [[r["measure"], *(r.get(k) for k in keys)] for r in records]
    reasons = [[None, *([r.get("reason")] * len(keys))] for r in records]
    caption = Html(
        f"Predictiveness over {n} systems: ρ between the ranking by each intrinsic measure "
        "and by the task, with its bootstrap interval (Reimers et al. 2016, Table 2)."
    )
    section = Section(
        Html("Which measure predicts the task"),
        f"meta-{i}",
        tables=[html_table(header, rows, caption=caption, reasons=reasons)],
    )
    if figures and ranked:
        section.figures.append(
            _figure(
                Html("Predictiveness of each measure"),
                Html(
                    "ρ(IR, ER) of each intrinsic measure with its bootstrap interval over the "
                    "systems (Reimers et al. 2016, §3)."
                ),
                f"Predictiveness over {n} systems: {isolated(ranked[0]['measure'])} is highest "
                f"(ρ = {num(ranked[0]['rho'])}).",
                lambda: draw.predictiveness_bars(records),
            )
        )
    measures = [r["measure"] for r in records]
    return Part(verdict, None, [section], measures, [], "measures", "Predictiveness of ")


def extrinsic_part(doc: Doc, i: int, figures: bool) -> Part:
    records = doc["records"]
    classification = doc["task"] == "classification"
    key = "accuracy" if classification else "top1_accuracy"
    ranked = _best(records, key)
    verdict = []
    if ranked:
        top = ranked[0]
        if classification:
            verdict.append(
                Html(
                    f"{strong(top['system'])} classifies best: accuracy {num(top[key])} "
                    f"({top['method']}, {top['folds']} folds) against a majority baseline of "
                    f"{num(doc.get('majority_baseline'))}."
                )
            )
        else:
            verdict.append(
                Html(
                    f"{strong(top['system'])} detects the related item best: top-1 accuracy "
                    f"{num(top[key])} over {doc.get('queries')} queries."
                )
            )
    columns = [k for k in records[0] if k not in ("system", "reason")] if records else []
    rows = [[r["system"], *(r.get(k) for k in columns)] for r in records]
    reasons = [[None, *([r.get("reason")] * len(columns))] for r in records]
    caption = Html(f"Task accuracy of each system ({name(doc['task'])}).")
    section = Section(
        Html(f"Task accuracy: {name(doc['task'])}"),
        f"extrinsic-{i}",
        tables=[html_table(["system", *columns], rows, caption=caption, reasons=reasons)],
    )
    systems = [r["system"] for r in records]
    return Part(verdict, None, [section], systems, [doc["task"]], what="Task accuracy: ")


def _table_by_set(doc: Doc, metric: str, columns: list[str], caption: Html) -> str:
    recs = [r for r in doc["records"] if r["metric"] == metric and r.get("bin") is None]
    cell = {(r["system"], r["dataset"]): r for r in recs}
    systems = list(dict.fromkeys(r["system"] for r in recs))
    rows = [[s, *(cell.get((s, d), {}).get("value") for d in columns)] for s in systems]
    reasons = [[None, *(cell.get((s, d), {}).get("reason") for d in columns)] for s in systems]
    return html_table(["system", *columns], rows, caption=caption, reasons=reasons)


def semeval_part(doc: Doc, i: int, figures: bool) -> Part:
    metric = doc["metrics"][0]
    higher = higher_is_better(metric)
    recs = [r for r in doc["records"] if r["metric"] == metric and r.get("bin") is None]
    verdict = []
    official = _best([r for r in recs if r["dataset"] == "weighted_mean"], "value", higher)
    if official:
        verdict.append(
            Html(
                f"On the weighted mean of {strong(metric)} over the {len(doc['sets'])} sets "
                f"(SemEval's official aggregate), {strong(official[0]['system'])} leads "
                f"({num(official[0]['value'])})."
            )
        )
    leaders: dict[str, list[str]] = {}
    for d in doc["sets"]:
        best = _best([r for r in recs if r["dataset"] == d], "value", higher)
        if best:
            leaders.setdefault(best[0]["system"], []).append(d)
    if leaders:
        verdict.append(
            Html(
                f"Set by set on {strong(metric)}: "
                + "; ".join(
                    f"{strong(s)} leads on {and_list(map(name, sets))}"
                    for s, sets in leaders.items()
                )
                + "."
            )
        )
    columns = [*doc["sets"], *doc.get("aggregates", [])]
    tables = [
        _table_by_set(
            doc,
            m,
            columns,
            Html(f"{name(m)} of every system on every set and aggregate of the SemEval folder."),
        )
        for m in doc["metrics"]
    ]
    section = Section(Html("SemEval sets and aggregates"), f"semeval-{i}", tables=tables)
    return Part(verdict, None, [section], list(doc["systems"]), list(doc["sets"]))


def aggregate_part(doc: Doc, i: int, figures: bool) -> Part:
    recs = [r for r in doc["records"] if r.get("bin") is None and r["dataset"] != "all"]
    metric = recs[0]["metric"] if recs else ""
    best = _best([r for r in recs if r["metric"] == metric], "value", higher_is_better(metric))
    sets = list(doc["datasets"])
    verdict = []
    if best:
        verdict.append(
            Html(
                f"Over {and_list(map(name, sets))}, {strong(best[0]['system'])} leads on "
                f"{strong(metric)} ({name(best[0]['dataset'])} {num(best[0]['value'])})."
            )
        )
    metrics = list(dict.fromkeys(r["metric"] for r in doc["records"]))
    by = {(r["system"], r["metric"]): r for r in doc["records"] if r.get("bin") is None}
    systems = list(dict.fromkeys(r["system"] for r in doc["records"]))
    rows = [[s, *(by.get((s, m), {}).get("value") for m in metrics)] for s in systems]
    reasons = [[None, *(by.get((s, m), {}).get("reason") for m in metrics)] for s in systems]
    caption = Html(
        f"Every measure over {and_list(map(name, sets))}: Fisher-z means of the correlations, "
        "means of the other measures, and the normalized averaged rank (Atoum 2019)."
    )
    section = Section(
        Html("Across the data sets"),
        f"aggregate-{i}",
        tables=[html_table(["system", *metrics], rows, caption=caption, reasons=reasons)],
    )
    return Part(verdict, None, [section], systems, sets)


def _label(metric: str, k: Any) -> str:
    from ...paraphrase.metrics import METRIC_LABELS

    return f"{METRIC_LABELS.get(metric, metric)}@{k}"


def paraphrase_part(doc: Doc, i: int, figures: bool) -> Part:
    means = [r for r in doc["records"] if r.get("source") is None]
    verdict = []
    meta = doc.get("meta")
    if meta:
        best: dict[str, list[str]] = {}
        n_sets = 0
        for dataset in meta["datasets"]:
            cells = _best([c for c in meta["records"] if c["dataset"] == dataset], "r")
            if cells:
                top = cells[0]
                n_sets = top["n"]
                best.setdefault(_label(top["metric"], top["k"]), []).append(
                    f"{name(dataset)} (r = {num(top['r'])}"
                    f"{interval(top.get('ci_low'), top.get('ci_high'))})"
                )
        if best:
            said = "; ".join(f"{strong(m)} on {and_list(d)}" for m, d in best.items())
            verdict.append(
                Html(
                    f"Over {n_sets} sets, the measure that correlates best with the task "
                    f"scores is {said}."
                )
            )
    elif means:
        last = means[-1]
        key = (last["metric"], last["k"])
        ranked = _best([r for r in means if (r["metric"], r["k"]) == key], "value")
        if ranked:
            verdict.append(
                Html(
                    f"Over {len(doc['sets'])} sets, {strong(ranked[0]['set'])} has the highest "
                    f"mean {strong(_label(*key))} ({num(ranked[0]['value'])}) and "
                    f"{strong(ranked[-1]['set'])} the lowest ({num(ranked[-1]['value'])})."
                )
            )
    keys = list(dict.fromkeys((r["metric"], r["k"]) for r in doc["records"]))
    cell = {(r["set"], r["source"], r["metric"], r["k"]): r.get("value") for r in doc["records"]}
    terms = list(dict.fromkeys((r["set"], r["source"]) for r in doc["records"]))
    rows = [[s, src or "(mean)", *(cell.get((s, src, m, k)) for m, k in keys)] for s, src in terms]
    caption = Html(
        f"EP, EPR and DIMPLE per set and source term (Q from {name(doc['judgment'])} "
        "judgments; Shima & Mitamura 2011)."
    )
    header = ["set", "source", *(_label(m, k) for m, k in keys)]
    section = Section(
        Html("Paraphrase patterns"),
        f"paraphrase-{i}",
        tables=[html_table(header, rows, caption=caption)],
    )
    if meta:
        head = ["judgment", "data set", "metric", "r", "p", "low", "high", "n"]
        meta_rows = [
            [
                c["judgment"],
                c["dataset"],
                _label(c["metric"], c["k"]),
                c.get("r"),
                c.get("pvalue"),
                c.get("ci_low"),
                c.get("ci_high"),
                c["n"],
            ]
            for c in meta["records"]
        ]
        section.tables.append(
            html_table(
                head,
                meta_rows,
                caption=Html(
                    "Pearson r between each intrinsic measure and the task scores over the sets, "
                    "with its bootstrap interval (Shima & Mitamura 2011, Tables 2–3)."
                ),
            )
        )
    return Part(verdict, None, [section], list(doc["sets"]), [], "sets", "EP, EPR and DIMPLE of ")


def explanation_part(doc: Doc, i: int, figures: bool) -> Part:
    from .. import figures as draw

    rows = doc["records"]
    term = doc["term"]
    correct = sum(1 for r in rows if r.get("d") == 1)
    verdict = [
        Html(
            f"Of the {len(rows)} ranked paraphrases of {strong(term)}, {correct} count as the "
            f"same meaning (D = 1; Q from {name(doc['judgment'])} judgments, Shima & Mitamura "
            "2011, Algorithm 1)."
        )
    ]
    header = ["set", "rank", "paraphrase", "D", "why", "Q", "2^(QD)−1", "EPR credit"]
    keys = ["rank", "paraphrase", "d", "reason", "q", "gain", "epr_credit"]
    cells = [[r["set"], *(r.get(k) for k in keys)] for r in rows]
    section = Section(
        Html(f"Paraphrases of {name(term)}"),
        f"explanation-{i}",
        tables=[
            html_table(header, cells, caption=Html(f"Algorithm 1 step by step for {name(term)}."))
        ],
    )
    first_set = [r for r in rows if r["set"] == rows[0]["set"]] if rows else []
    if figures and first_set:
        section.figures.append(
            _figure(
                Html(f"D and EP of the paraphrases of {name(term)}"),
                Html("Each pattern's D and Q, and the running EP over the ranks."),
                f"Paraphrases of {isolated(term)}: {correct} of {len(rows)} have D = 1.",
                lambda: draw.pattern_figure(first_set),
            )
        )
    return Part(verdict, None, [section], [term], [], "terms", "Paraphrases of ")


PARTS: dict[str, Callable[[Doc, int, bool], Part]] = {
    "meta": meta_part,
    "extrinsic": extrinsic_part,
    "semeval": semeval_part,
    "aggregate": aggregate_part,
    "paraphrase": paraphrase_part,
    "explanation": explanation_part,
}
