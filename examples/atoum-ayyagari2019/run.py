"""Atoum & Ayyagari (2019), "Effective semantic text similarity metric using normalized
root mean scaled square error", re-run with simeval.

- the crafted 9-pair set (their Table 3, in simeval's demo data): Pearson, Spearman, MAE,
  MASE, NMSSE (eq. 4–5) and NMASE (1 − exp(−MASE), the formula closest to the printed
  NMSSE column) of the four crafted methods (Table 4) and NMSSE and Pearson per section
  (pairs 1–3, 4–6, 7–9; Figs. 3–4);
- simeval's scorers on SICK (trial + test) and STS-B (dev + test): Pearson, Spearman, MAE
  and NMSSE with gold and system normalized to [0, 1], size-weighted over the two splits
  (Tables 5–6), and NMSSE per third of the scale (``bins(nmsse)``).

    python examples/atoum-ayyagari2019/run.py [--data-dir DIR] [--out DIR] [--models a,b] [--full]

Default: the five lexical scorers (seconds); ``--full`` adds all-MiniLM-L6-v2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import simeval as se
from simeval.datasets.demo import CRAFTED_BINS, CRAFTED_GOLD, CRAFTED_SYSTEMS
from simeval.evaluation.aggregate import aggregate
from simeval.report.tables import render_table

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # examples/_common.py
from _common import parser, run_main, score_systems, start, write_results  # noqa: E402

CORPORA = {
    "SICK (trial + test)": ("sick:trial", "sick:test"),
    "STS-B (dev + test)": ("stsb:dev", "stsb:test"),
}
METRICS = ["pearson", "spearman", "mae", "nmsse", "bins(nmsse)", "bins(pearson)"]
#: Table 4 of the paper (crafted set): α, β, Ω, δ.
PAPER_TABLE4 = {
    "mae": (0.17, 0.17, 0.16, 0.04),
    "mase": (0.64, 0.86, 0.59, 0.19),
    "pearson": (0.70, 0.70, 0.70, 1.00),
    "spearman": (0.70, 0.67, 0.62, 1.00),
    "nmsse": (0.47, 0.58, 0.48, 0.17),
}


def whole(ev: se.Evaluation, metrics: list[str]) -> list[list[Any]]:
    return [[s, *(ev.value(s, m) for m in metrics)] for s in ev.systems]


def sections(ev: se.Evaluation) -> list[list[Any]]:
    """system, metric, then the value in each bin (the per-section view, Fig. 4)."""
    rows: dict[tuple[str, str], dict[str, float]] = {}
    for r in ev.records:
        if r.bin is not None and r.metric in ("nmsse", "pearson"):
            rows.setdefault((r.system, r.metric), {})[r.bin] = float(r.value)
    return [[s, m, *v.values()] for (s, m), v in rows.items()]


def main(argv: list[str] | None = None) -> int:
    p = parser(__doc__, HERE / "output", scorers=True)
    args = p.parse_args(argv)
    out, models, started = start(args)
    md = ["# Atoum & Ayyagari (2019), re-run by simeval", ""]

    # --- the crafted set: whole-set measures (Table 4) and per section (Figs. 3-4)
    crafted_metrics = ["pearson", "spearman", "mae", "mase", "nmsse", "nmase"]
    opts = se.Options(
        scale=(0, 1), bins=se.Bins.labels(CRAFTED_BINS, order=("low", "middle", "high"))
    )
    ev = se.evaluate(
        CRAFTED_GOLD,
        dict(CRAFTED_SYSTEMS),
        metrics=[*crafted_metrics, "bins(nmsse)", "bins(pearson)"],
        options=opts,
    )
    h = ["method", *crafted_metrics]
    rows = whole(ev, crafted_metrics)
    paper = [
        [f"{s} (paper)", *(PAPER_TABLE4.get(m, (float("nan"),) * 4)[i] for m in crafted_metrics)]
        for i, s in enumerate(CRAFTED_SYSTEMS)
    ]
    (out / "crafted.csv").write_text(render_table(h, rows, "csv", digits=6), encoding="utf-8")
    hs = ["method", "measure", "pairs 1–3", "pairs 4–6", "pairs 7–9"]
    srows = sections(ev)
    (out / "crafted_sections.csv").write_text(
        render_table(hs, srows, "csv", digits=6), encoding="utf-8"
    )
    md += [
        "## Crafted 9-pair set (Table 4), simeval then the paper",
        "",
        render_table(h, rows + paper, "markdown", digits=2),
        "",
        "## Crafted set per section (Figs. 3–4)",
        "",
        render_table(hs, srows, "markdown", digits=3),
        "",
    ]
    records: list[dict[str, Any]] = [{**r.as_dict(), "dataset": "crafted"} for r in ev.records]

    # --- real sets: normalized to [0, 1], weighted over the two splits (Tables 5-6)
    hw = ["corpus", "system", "pearson", "spearman", "mae", "nmsse"]
    wrows, secrows = [], []
    for corpus, names in CORPORA.items():
        evs = {}
        for name in names:
            pairs = se.datasets.load(name, data_dir=args.data_dir)
            texts = (list(pairs.texts1), list(pairs.texts2))
            systems, ranges = score_systems(models, texts)
            o = se.Options(  # the paper's procedure: each side divided by its scale,
                scale=pairs.scale,  # no calibration (Tables 5-7)
                system_scale={k: v for k, v in ranges.items() if v},
                normalize="scale",
                calibrate="none",
            )
            evs[name] = se.evaluate(pairs.gold, systems, metrics=METRICS, options=o)
            records += [{**r.as_dict(), "dataset": name} for r in evs[name].records]
            secrows += [[name, *r] for r in sections(evs[name])]
        agg = aggregate(evs, weighted=True)
        val = {(r["system"], r["metric"]): r["value"] for r in agg if r["bin"] is None}
        wrows += [[corpus, s, *(val[(s, m)] for m in hw[2:])] for s in models]
    (out / "weighted.csv").write_text(render_table(hw, wrows, "csv", digits=6), encoding="utf-8")
    hsec = ["set", "system", "measure", "bin 1", "bin 2", "bin 3"]
    (out / "sections.csv").write_text(
        render_table(hsec, secrows, "csv", digits=6), encoding="utf-8"
    )
    (out / "records.json").write_text(json.dumps(records, indent=1), encoding="utf-8")
    md += [
        "## Size-weighted over the two splits (Tables 5–6), gold and system on [0, 1]",
        "",
        "Correlations: Fisher-z mean weighted by n − 3; MAE and NMSSE: mean weighted by n.",
        "",
        render_table(hw, wrows, "markdown", digits=3),
        "",
        "## NMSSE and Pearson per third of the scale (`bins(nmsse)`, `bins(pearson)`)",
        "",
        render_table(hsec, secrows, "markdown", digits=3),
        "",
    ]

    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    for (corpus, _), marker in zip(CORPORA.items(), "os"):
        pts = [r for r in wrows if r[0] == corpus]
        ax.scatter([r[2] for r in pts], [r[5] for r in pts], marker=marker, label=corpus)
        for r in pts:
            ax.annotate(r[1].removeprefix("lexical:"), (r[2], r[5]), fontsize=7)
    ax.set_xlabel("Pearson r (higher is better)")
    ax.set_ylabel("NMSSE (lower is better)")
    ax.legend(fontsize=7)
    fig.savefig(out / "nmsse_vs_pearson.png", dpi=100, bbox_inches="tight")
    return write_results(out, md, models, started)


if __name__ == "__main__":
    raise SystemExit(run_main(main))
