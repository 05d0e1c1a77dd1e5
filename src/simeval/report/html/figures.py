"""The figures of each kind of document, drawn from its JSON with the functions of
:mod:`simeval.report.figures` (the same as the result objects' ``.plot()``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from .page import Figure, svg_of

__all__ = ["FIGURE_BUILDERS"]

Doc = Mapping[str, Any]


def _close(fig: Any) -> None:
    # figures are built on Agg canvases without pyplot: nothing to close globally
    fig.clf()


def _svg(title: str, caption: str, fig: Any) -> Figure:
    svg = svg_of(fig)
    _close(fig)
    return Figure(title, caption, svg)


def _bins_of(doc: Doc, system: str) -> list[dict[str, Any]]:
    r_by_bin = {
        r["bin"]: r
        for r in doc["results"]
        if r["system"] == system and r.get("bin") is not None and r["metric"] == "pearson"
    }
    return [{**b, "value": r_by_bin.get(b["label"], {}).get("value")} for b in doc.get("bins", [])]


def _evaluation(doc: Doc) -> list[Figure]:
    from .. import figures

    out: list[Figure] = []
    scores = doc.get("scores")
    scaled = {
        r["system"]: r["value"]
        for r in doc["results"]
        if r["metric"] == "scaled_pearson" and r.get("bin") is None
    }
    if scores:
        gold = np.array([np.nan if v is None else v for v in scores["gold"]], dtype=float)
        systems = {
            s: np.array([np.nan if v is None else v for v in vals], dtype=float)
            for s, vals in scores["systems"].items()
        }
        out.append(
            _svg(
                "System against gold, by score range",
                "Each panel: a system's scores (on the gold scale) against the gold scores; "
                "the shaded bands are the bins of the scaled Pearson, with each bin's r "
                "(Atoum 2019).",
                figures.scatter_grid(
                    gold,
                    systems,
                    bins={s: _bins_of(doc, s) for s in systems},
                    scale=doc.get("scale"),
                    scaled_pearson=scaled or None,
                ),
            )
        )
        out.append(
            _svg(
                "Scaled errors",
                "The scaled error of each pair and their distribution per system (Atoum & "
                "Ayyagari 2019, eq. 2–3); lower is better.",
                figures.scaled_error_figure(gold, systems),
            )
        )
    per_bin = [r for r in doc["results"] if r.get("bin") is not None]
    if per_bin:
        out.append(
            _svg(
                "Pearson's r per score range",
                "Each bin's r with its 95 % interval, and the scaled Pearson (their mean, "
                "Atoum 2019, eq. 3).",
                figures.bin_correlations(per_bin, scaled_pearson=scaled or None),
            )
        )
    return out


def _comparison(doc: Doc) -> list[Figure]:
    from .. import figures

    out: list[Figure] = []
    metrics = list(dict.fromkeys(r["metric"] for r in doc["results"]))
    if not metrics:
        return out
    head = metrics[0]
    out.append(
        _svg(
            f"{head}: values, intervals and significance clusters",
            "Each system's value with its bootstrap interval; systems in one cluster are "
            "not significantly different (paired bootstrap, Holm).",
            figures.forest(doc["results"], metric=head),
        )
    )
    if doc.get("pairwise"):
        alpha = doc["clusters"][0].get("alpha", 0.05) if doc.get("clusters") else 0.05
        out.append(
            _svg(
                f"{head}: paired p-values",
                "p-value of 'row better than column' (paired bootstrap, Holm); starred below α.",
                figures.pvalue_matrix(doc["pairwise"], metric=head, alpha=alpha),
            )
        )
    if len(metrics) > 1:
        out.append(
            _svg(
                "Ranks under every measure",
                "The rank of each system under each measure (1 = best).",
                figures.bump_chart(doc["results"]),
            )
        )
    if doc.get("rank_agreement"):
        out.append(
            _svg(
                "Rank agreement between measures",
                "Kendall's τ between the rankings of two measures, with the mean |Δrank| "
                "(Reimers et al. 2016, Table 1).",
                figures.agreement_heatmap(doc["rank_agreement"]),
            )
        )
    return out


def _meta(doc: Doc) -> list[Figure]:
    from .. import figures

    out = [
        _svg(
            "Which measure predicts the task",
            "ρ between the ranking by each intrinsic measure and by the task, with its "
            "bootstrap interval (Reimers et al. 2016, §3).",
            figures.predictiveness_bars(doc["predictiveness"]),
        )
    ]
    if doc.get("rank_agreement"):
        out.append(
            _svg(
                "Rank agreement between measures",
                "Kendall's τ between two measures' rankings, with the mean |Δrank|.",
                figures.agreement_heatmap(doc["rank_agreement"]),
            )
        )
    return out


FIGURE_BUILDERS: dict[str, Callable[[Doc], list[Figure]]] = {
    "evaluation": _evaluation,
    "comparison": _comparison,
    "meta": _meta,
}
