"""Reimers, Beyer & Gurevych (2016), re-run on real data with simeval's own scorers.

- Table 1 layout: how far the rankings of systems under Pearson, Spearman, nDCG, nDCG
  AvgRank, Accuracy and F1 differ (mean |Δrank|), for the three submitted SemEval-2015
  runs at hand plus simeval's scorers on the same 2015 test pairs;
- the 16 measures of their Table 2 (plus the three-class Accuracy and F1) for every system
  on every data set;
- Table 2 layout: the predictiveness ρ(IR, ER) of each measure for task 1, classifying the
  rewrite level of the Wikipedia Rewrite answers (OneR or logistic regression, the better
  by 10-fold cross-validation).

    python examples/reimers2016/run.py [--data-dir DIR] [--out DIR] [--models a,b] [--full]

Default: the five lexical scorers (well under a minute on 2 cores); ``--full`` adds
all-MiniLM-L6-v2 everywhere (embeddings cached in $SIMEVAL_HOME after the first run).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

import simeval as se
from simeval.meta.extrinsic import majority_baseline, rewrite_classification
from simeval.meta.predictiveness import predictiveness
from simeval.meta.ranks import rank_agreement
from simeval.metrics.three_class import accuracy3, f1_macro3
from simeval.report.tables import render_table
from simeval.runs.semeval_files import read_gold_dir, read_runs_dir

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # examples/_common.py
from _common import parser, run_main, score_systems, start, write_results  # noqa: E402

#: The measures of Table 1, simeval's names: "Accuracy" and "F1" are the three-class ones.
TABLE1 = ["pearson", "spearman", "ndcg", "ndcg_avg_rank", "accuracy3", "f1_macro3"]
PAPER_TABLE1 = {  # mean |Δrank| over the 88 SemEval-2012 runs, lower triangle of Table 1
    ("pearson", "spearman"): 6.6,
    ("pearson", "ndcg"): 19.0,
    ("spearman", "ndcg"): 19.6,
    ("pearson", "ndcg_avg_rank"): 29.4,
    ("spearman", "ndcg_avg_rank"): 29.1,
    ("ndcg", "ndcg_avg_rank"): 20.6,
    ("pearson", "accuracy3"): 12.5,
    ("spearman", "accuracy3"): 12.0,
    ("ndcg", "accuracy3"): 21.1,
    ("ndcg_avg_rank", "accuracy3"): 31.8,
    ("pearson", "f1_macro3"): 12.5,
    ("spearman", "f1_macro3"): 15.2,
    ("ndcg", "f1_macro3"): 20.8,
    ("ndcg_avg_rank", "f1_macro3"): 26.3,
    ("accuracy3", "f1_macro3"): 14.3,
}
PAPER_TASK1 = dict(
    zip(
        se.TABLE2_MEASURES,
        [
            0.504,
            0.504,
            0.497,
            0.431,
            0.427,
            0.264,
            0.163,
            -0.053,
            -0.136,
            -0.216,
            -0.277,
            -0.326,
            -0.343,
            -0.370,
            -0.378,
            -0.524,
        ],
    )
)
HIGHER = {"accuracy3": True, "f1_macro3": True}


def measures(gold: np.ndarray, systems: dict[str, np.ndarray], ranges: dict[str, Any]) -> dict:
    """measure → system → value: the 16 of Table 2 and the three-class Accuracy / F1, on
    the gold scale 0–5 (system scores mapped from their declared range)."""
    scale = (0.0, 5.0)
    opts = se.Options(scale=scale, system_scale={s: r for s, r in ranges.items() if r})
    ev = se.evaluate(gold, systems, metrics=list(se.TABLE2_MEASURES), options=opts)
    table = {m: {s: ev.value(s, m) for s in systems} for m in se.TABLE2_MEASURES}
    for name, fn in (("accuracy3", accuracy3), ("f1_macro3", f1_macro3)):
        table[name] = {
            s: fn(gold, v, scale=scale, system_scale=ranges.get(s)).statistic
            for s, v in systems.items()
        }
    return table


def sts15_systems(data: Path | None, models: list[str]) -> tuple[np.ndarray, dict, dict]:
    """Gold of the scored 2015 test pairs, the submitted runs and our scorers on them."""
    gold_dir = data / "semeval-sts" / "2015" if data else None
    runs_dir = data / "sts-system-runs" / "2015" if data else None
    pairs = se.datasets.load("sts15", data_dir=data)
    keep = ~np.isnan(pairs.gold)
    t1 = [t for t, k in zip(pairs.texts1, keep) if k]
    t2 = [t for t, k in zip(pairs.texts2, keep) if k]
    systems: dict[str, np.ndarray] = {}
    ranges: dict[str, Any] = {}
    if gold_dir is not None and runs_dir is not None and runs_dir.is_dir():
        gold_sets = read_gold_dir(gold_dir)
        runs = read_runs_dir(runs_dir, gold_sets)
        # the registry orders the 2015 subsets as read_gold_dir does (alphabetically)
        order = list(gold_sets)
        g = np.concatenate([gold_sets[s][~np.isnan(gold_sets[s])] for s in order])
        if not np.allclose(g, pairs.gold[keep]):
            sys.exit("the 2015 gold files and the registry's sts15 disagree")
        for name, per_set in runs.items():
            systems[name] = np.concatenate([per_set[s][~np.isnan(gold_sets[s])] for s in order])
            ranges[name] = None  # submitted on the gold scale 0–5
    mine, my_ranges = score_systems(models, (t1, t2))
    systems.update(mine)
    ranges.update(my_ranges)
    return pairs.gold[keep], systems, ranges


def table1(table: dict, out: Path, tag: str) -> tuple[list[str], list[list[Any]], str]:
    """Rank agreement between the measures of Table 1: the long table (CSV) and the
    paper's layout, a lower triangle of mean |Δrank| with the paper's value in brackets."""
    agreements = rank_agreement({m: table[m] for m in TABLE1}, higher_is_better=HIGHER)
    (out / f"rank_agreement_{tag}.json").write_text(
        json.dumps([a.as_dict() for a in agreements], indent=1), encoding="utf-8"
    )
    fig = agreements.plot()
    fig.savefig(out / f"rank_agreement_{tag}.png", dpi=110, bbox_inches="tight")
    header = [
        "measure a",
        "measure b",
        "mean |Δrank|",
        "max |Δrank|",
        "Kendall τ",
        "paper: mean |Δrank| (88 runs)",
    ]
    rows = [
        [
            a.metric_a,
            a.metric_b,
            a.mean_abs_diff,
            a.max_abs_diff,
            a.kendall_tau,
            PAPER_TABLE1.get((a.metric_a, a.metric_b), float("nan")),
        ]
        for a in agreements
    ]
    cell = {(a.metric_b, a.metric_a): a for a in agreements}
    grid = []
    for i, b in enumerate(TABLE1[1:], start=1):
        line = [b]
        for a in TABLE1[:-1]:
            if TABLE1.index(a) >= i:
                line.append("")
                continue
            ag = cell[(b, a)]
            line.append(f"{ag.mean_abs_diff:.2f} / {ag.max_abs_diff:g} ({PAPER_TABLE1[(a, b)]:g})")
        grid.append(line)
    layout = render_table(["", *TABLE1[:-1]], grid, "markdown")
    return header, rows, layout


def main(argv: list[str] | None = None) -> int:
    p = parser(__doc__, HERE / "output", scorers=True)
    p.add_argument(
        "--datasets",
        default="stsb:test,sick:test",
        help="further sets for the measures of our scorers (default: stsb:test,sick:test)",
    )
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    out, models, started = start(args)
    md = ["# Reimers, Beyer & Gurevych (2016), re-run by simeval", ""]

    # --- the 16 measures (+ Accuracy, F1) on SemEval-2015: submitted runs + our scorers
    gold, systems, ranges = sts15_systems(args.data_dir, models)
    all_tables = {"sts15": measures(gold, systems, ranges)}
    for name in [d for d in args.datasets.split(",") if d]:
        pairs = se.datasets.load(name, data_dir=args.data_dir)
        texts = (list(pairs.texts1), list(pairs.texts2))
        scored, rngs = score_systems(models, texts)
        g = np.asarray(pairs.gold, dtype=float)
        # SICK is on 1–5: rescale gold to 0–5 so the borders are 1.5 / 3.5 as in the paper
        lo, hi = pairs.scale or (0.0, 5.0)
        g05 = (g - lo) / (hi - lo) * 5.0
        all_tables[name] = measures(g05, scored, rngs)
    header = ["dataset", "system", *se.TABLE2_MEASURES, "accuracy3", "f1_macro3"]
    rows = [
        [d, s, *(t[m][s] for m in header[2:])]
        for d, t in all_tables.items()
        for s in next(iter(t.values()))
    ]
    (out / "measures.csv").write_text(render_table(header, rows, "csv", digits=6), encoding="utf-8")

    # --- Table 1 layout on the 2015 systems
    md += [
        "## Table 1 layout: rank agreement between measures",
        "",
        "Each cell: mean |Δrank| / max |Δrank| between the rankings of the systems under the "
        "two measures, and in brackets the paper's mean |Δrank| over the 88 SemEval-2012 runs. "
        "accuracy3 and f1_macro3 are Table 1's unqualified Accuracy and F1 (three bins, "
        "borders 1.5 / 3.5). Kendall τ in table1_<set>.csv.",
        "",
    ]
    for tag, table in all_tables.items():
        h1, r1, layout = table1(table, out, tag.replace(":", "-"))
        name = tag.replace(":", "-")
        (out / f"table1_{name}.csv").write_text(
            render_table(h1, r1, "csv", digits=6), encoding="utf-8"
        )
        n_sys = len(next(iter(table.values())))
        what = "3 submitted runs + our scorers" if tag == "sts15" else "our scorers"
        md += [f"### {tag}: {n_sys} systems ({what})", "", layout, ""]

    # --- Task 1: Wikipedia Rewrite, classifier chosen by cross-validation
    task = rewrite_classification(models, data_dir=args.data_dir, seed=args.seed)
    pairs = se.datasets.load("wikipedia-rewrite", data_dir=args.data_dir)
    base = majority_baseline(list(pairs.labels or ()))
    h2 = ["system", "chosen", "accuracy", "macro-F1", "accuracy OneR", "accuracy logistic"]
    r2 = [
        [m, c.method, c.accuracy, c.chosen.f1_macro, *(x.accuracy for x in c.candidates)]
        for m, c in task.items()
    ]
    (out / "task1.csv").write_text(render_table(h2, r2, "csv", digits=6), encoding="utf-8")
    md += [
        "## Task 1: rewrite level of the 95 Wikipedia Rewrite answers (4 classes)",
        "",
        f"10-fold stratified cross-validation, seed {args.seed}; majority baseline {base:.3f}.",
        "",
        render_table(h2, r2, "markdown", digits=3),
        "",
    ]

    # --- Table 2 layout: predictiveness of each measure (intrinsic: sts15) for task 1
    ext = {m: c.accuracy for m, c in task.items()}
    intrinsic = {m: {s: all_tables["sts15"][m][s] for s in ext} for m in se.TABLE2_MEASURES}
    if len(ext) >= 3:
        pred = predictiveness(intrinsic, ext, n_resamples=1000, seed=args.seed)
        fig = pred.plot()
        fig.savefig(out / "predictiveness.png", dpi=110, bbox_inches="tight")
        h3 = [
            "measure",
            "ρ(IR, ER)",
            "rank",
            "MAD",
            "MSD",
            "95% CI low",
            "95% CI high",
            "paper task 1 ρ",
        ]
        r3 = [
            [q.measure, q.rho, q.rank, q.mad, q.msd, q.ci_low, q.ci_high, PAPER_TASK1[q.measure]]
            for q in pred
        ]
        (out / "table2.csv").write_text(render_table(h3, r3, "csv", digits=6), encoding="utf-8")
        md += [
            f"## Table 2 layout: predictiveness for task 1 ({len(ext)} systems; "
            "intrinsic = SemEval-2015, all scored pairs)",
            "",
            render_table(h3, r3, "markdown", digits=3),
            "",
        ]
    return write_results(out, md, models, started)


if __name__ == "__main__":
    raise SystemExit(run_main(main))
