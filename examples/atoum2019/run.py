"""Atoum (2019), "Scaled Pearson's correlation coefficient", re-run with simeval's scorers.

Per-bin Pearson r of every system on STS-B dev and test (three equal-width bins of the
0–5 scale, cuts 1.667 / 3.333) and on SICK dev (the trial split) and test (one bin per
entailment label: contradiction, neutral, entailment); the scaled Pearson (eq. 3, the mean
of the bins' r); Fisher-z means per bin over dev + test of each corpus (Figs. 7–8) and over
both corpora (Fig. 9); each system's normalized averaged rank over every measure and set
(Fig. 10).

    python examples/atoum2019/run.py [--data-dir DIR] [--out DIR] [--models a,b] [--full]

Default: the five lexical scorers (seconds); ``--full`` adds all-MiniLM-L6-v2 (about 1.5
min on 2 cores without the embedding cache in $SIMEVAL_HOME).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import simeval as se
from simeval.evaluation.aggregate import aggregate, normalized_ranks
from simeval.evaluation.records import SPREAD_BIN
from simeval.report.tables import render_table

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # examples/_common.py
from _common import parser, run_main, score_systems, start, write_results  # noqa: E402

SETS = {
    "STS-B dev": "stsb:dev",
    "STS-B test": "stsb:test",
    "SICK dev": "sick:trial",
    "SICK test": "sick:test",
}
CORPORA = {"STS-B": ("STS-B dev", "STS-B test"), "SICK": ("SICK dev", "SICK test")}
ENTAILMENT = ("CONTRADICTION", "NEUTRAL", "ENTAILMENT")
METRICS = ["pearson", "spearman", "mae", "ndcg", "rankdcg", "scaled_pearson"]
#: Bin coverage the paper reports (§4.3): it checks that the bins are the same.
PAPER_COVERAGE = {
    "STS-B test": (0.295, 0.318, 0.387),
    "STS-B dev": (0.355, 0.344, 0.301),
    "SICK test": (0.148, 0.288, 0.564),
    "SICK dev": (0.146, 0.287, 0.567),
}


def evaluate_set(name: str, data: Path | None, models: list[str]) -> se.Evaluation:
    """Score the set with every model and evaluate it under :data:`METRICS`, binned as
    the paper bins it."""
    pairs = se.datasets.load(name, data_dir=data)
    texts = (list(pairs.texts1), list(pairs.texts2))
    systems, ranges = score_systems(models, texts)
    bins = (
        se.Bins.labels(pairs.labels, order=ENTAILMENT)
        if name.startswith("sick") and pairs.labels is not None
        else se.Bins.equal_width(3)
    )
    opts = se.Options(
        scale=pairs.scale, system_scale={k: v for k, v in ranges.items() if v}, bins=bins
    )
    return se.evaluate(pairs.gold, systems, metrics=METRICS, options=opts)


def per_bin(ev: se.Evaluation) -> dict[str, list[tuple[str, float, int]]]:
    """system → [(bin label, r, n)] of the scaled Pearson's bins."""
    out: dict[str, list[tuple[str, float, int]]] = {}
    for r in ev.records:
        if r.metric == "pearson" and r.bin is not None and r.bin != SPREAD_BIN:
            out.setdefault(r.system, []).append((r.bin, float(r.value), int(r.n)))
    return out


def main(argv: list[str] | None = None) -> int:
    p = parser(__doc__, HERE / "output", scorers=True)
    args = p.parse_args(argv)
    out, models, started = start(args)
    evs = {label: evaluate_set(name, args.data_dir, models) for label, name in SETS.items()}
    md = ["# Atoum (2019), re-run by simeval", ""]

    # per set: per-bin r, scaled Pearson, Pearson; coverage beside the paper's
    header = ["set", "system", "bin 1 r", "bin 2 r", "bin 3 r", "scaled Pearson", "Pearson"]
    rows, cov_rows, tidy = [], [], []
    for label, ev in evs.items():
        bins = per_bin(ev)
        for s in models:
            rs = [v for _, v, _ in bins[s]]
            rows.append([label, s, *rs, ev.value(s, "scaled_pearson"), ev.value(s, "pearson")])
        first = bins[models[0]]
        n = sum(k for _, _, k in first)
        cov_rows.append(
            [
                label,
                *(f"{b}: {k / n:.3f}" for b, _, k in first),
                ", ".join(f"{c:.3f}" for c in PAPER_COVERAGE[label]),
            ]
        )
        tidy += [{**r.as_dict(), "dataset": label} for r in ev.records]
    (out / "records.json").write_text(json.dumps(tidy, indent=1), encoding="utf-8")
    (out / "per_bin.csv").write_text(render_table(header, rows, "csv", digits=6), encoding="utf-8")
    md += [
        "## Bins and their coverage (share of pairs) beside the paper's",
        "",
        render_table(["set", "bin 1", "bin 2", "bin 3", "paper"], cov_rows, "markdown"),
        "",
        "## Per-bin Pearson r, scaled Pearson (eq. 3) and Pearson per set (Table 2)",
        "",
        render_table(header, rows, "markdown", digits=3),
        "",
    ]

    # Fisher-z per bin over dev + test of each corpus (Figs. 7-8), then over both (Fig. 9)
    by_corpus: dict[str, dict[str, list[float]]] = {}
    agg_rows = []
    for corpus, parts in CORPORA.items():
        recs = aggregate({k: evs[k] for k in parts})
        by_corpus[corpus] = {}
        for s in models:
            per = [
                r
                for r in recs
                if r["system"] == s
                and r["metric"] == "pearson"
                and r["bin"] not in (None, SPREAD_BIN)
            ]
            by_corpus[corpus][s] = [float(r["value"]) for r in per]
            agg_rows.append([corpus, s, *by_corpus[corpus][s]])
    for s in models:  # Fig. 9: the two corpora's bin k combined through Fisher's z again
        both = [se.fisher_z_mean([by_corpus[c][s][k] for c in CORPORA]) for k in range(3)]
        agg_rows.append(["STS-B + SICK", s, *both])
        agg_rows[-1].append(se.fisher_z_mean(both))  # Fig. 11: one r per system
    h = ["sets", "system", "bin 1 r", "bin 2 r", "bin 3 r", "all bins (Fig. 11)"]
    agg_rows = [r + [float("nan")] * (len(h) - len(r)) for r in agg_rows]
    (out / "fisher_z.csv").write_text(render_table(h, agg_rows, "csv", digits=6), encoding="utf-8")
    md += [
        "## Fisher-z means per bin (Figs. 7–9, 11)",
        "",
        render_table(h, agg_rows, "markdown", digits=3),
        "",
    ]

    # Fig. 10: normalized averaged rank over every measure and set (0 = best)
    ranks = normalized_ranks(evs)
    rank_rows = sorted(([s, v] for s, v in ranks.items()), key=lambda r: r[1])
    (out / "normalized_ranks.csv").write_text(
        render_table(["system", "normalized rank"], rank_rows, "csv", digits=6), encoding="utf-8"
    )
    md += [
        "## Normalized averaged rank over the measures and the four sets (Fig. 10; 0 = best)",
        "",
        render_table(["system", "normalized rank"], rank_rows, "markdown", digits=3),
        "",
    ]

    from simeval.report.figures import bin_correlations

    for label, ev in evs.items():
        recs = [
            r.as_dict()
            for r in ev.records
            if r.metric == "pearson" and r.bin not in (None, SPREAD_BIN)
        ]
        fig = bin_correlations(recs)
        fig.savefig(out / f"bins_{label.replace(' ', '_')}.png", dpi=100, bbox_inches="tight")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3))
    ax.barh([r[0] for r in rank_rows][::-1], [r[1] for r in rank_rows][::-1], color="#4477aa")
    ax.set_xlabel("normalized averaged rank (0 = best on every measure and set)")
    ax.set_xlim(0, 1)
    fig.savefig(out / "normalized_ranks.png", dpi=100, bbox_inches="tight")
    return write_results(out, md, models, started)


if __name__ == "__main__":
    raise SystemExit(run_main(main))
