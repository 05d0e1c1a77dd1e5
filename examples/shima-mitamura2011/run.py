"""Shima & Mitamura (2011) on MSRP: do EP, EPR and DIMPLE predict paraphrase recognition?

    python examples/shima-mitamura2011/run.py OUT [--data-dir DIR] [--n-boot 1000] [--seed 0]

Builds 40 pattern sets (the paper's 10 verbs × 4 generators) and their automatic
judgments from MSRP train (see ``msrp_patterns.py``), scores each set by paraphrase
recognition on MSRP test (:func:`simeval.paraphrase.recognize`, §3.4), and correlates
EP_k, EPR_k and DIMPLE_k with the task score over the 40 sets (Tables 2–3,
:func:`simeval.paraphrase.meta_evaluate`). Writes into OUT:

- ``table1.tsv``: the paper's Table 1 (MSRPC column) beside the pairs selected here;
- ``patterns.tsv``, ``task_scores.tsv``: inputs of ``simeval paraphrase … --extrinsic``;
- ``recognition.tsv``: TP/FN/FP/TN and every measure per set on MSRP test;
- ``scores.tsv``: EP, EPR, DIMPLE at k = 1, 5, 10 per set (strict and lenient);
- ``meta.md``, ``meta.csv``: Pearson r (p, bootstrap CI) per judgment, task, metric, k;
- ``within_verb.tsv``: the same r after removing each verb's mean (generators compared
  within a verb; not in the paper);
- ``summary.json``: the numbers the README quotes;
- ``dimple_vs_task.png``: EP@10 and DIMPLE@10 (strict) against recall, if matplotlib is
  installed (``simeval[plot]``).

The data folder defaults to ``$SIMEVAL_SHARED_DATA`` or ``../shared/data`` beside the
repository.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # examples/_common.py
from _common import output_folder, parser, publish, run_main  # noqa: E402

sys.path.insert(0, str(HERE))

from msrp_patterns import GENERATORS, PAPER_VERBS, Judge, generate, split_train  # noqa: E402

import simeval.paraphrase as pp  # noqa: E402
from simeval.datasets.sentences import load  # noqa: E402
from simeval.report.paraphrase import format_patterns  # noqa: E402

KS = (1, 5, 10)
TASKS = {"msrp_test_recall": "recall", "msrp_test_f1": "f1"}


def build_patterns(train, an) -> tuple[pp.Patterns, list[str]]:
    """Generate on one half of MSRP train, judge on the other; TSV lines of the sets."""
    gen_half, judge_half = split_train(train.texts1, train.texts2, train.gold, an)
    lists = generate(gen_half, list(PAPER_VERBS), an)
    judge = Judge(judge_half, an)
    records, lines = [], []
    for gen in GENERATORS:
        for verb in PAPER_VERBS:
            name = f"{gen}/{verb.replace(' ', '_')}"
            for rank, para in enumerate(lists[gen, verb], start=1):
                lenient, strict = judge.labels(verb, para)
                rec = {
                    "set": name,
                    "source": verb,
                    "rank": rank,
                    "paraphrase": para,
                    "labels_strict": strict,
                    "labels_lenient": lenient,
                }
                records.append(rec)
                lab_s, lab_l = (",".join(map(str, x)) for x in (strict, lenient))
                lines.append(f"{name}\t{verb}\t{rank}\t{para}\t{lab_s}\t{lab_l}")
    return pp.Patterns.from_records(records, origin="MSRP-train patterns"), lines


def table1(train, test, an) -> list[list]:
    """Selected positive pairs per verb on train + test (the paper's Table 1 setting)."""
    both = SimpleNamespace(
        name="msrp:train+test",
        texts1=train.texts1 + test.texts1,
        texts2=train.texts2 + test.texts2,
        gold=np.r_[train.gold, test.gold],
    )
    probe = {v: [("zzz", 1)] for v in PAPER_VERBS}  # counts only: the pattern never matches
    all_pairs = pp.recognize(probe, both, analyzer=an).term_counts
    test_pairs = pp.recognize(probe, test, analyzer=an).term_counts
    return [
        [v, paper, int(a[0] + a[1]), int(t[0] + t[1]), int(t.sum())]
        for (v, paper), a, t in zip(PAPER_VERBS.items(), all_pairs, test_pairs, strict=True)
    ]


def write_tsv(path: Path, header: list[str], rows: list[list], comment: str = "") -> None:
    text = "".join(f"# {c}\n" for c in comment.splitlines() if c)
    text += "\t".join(header) + "\n"
    for row in rows:
        text += "\t".join(repr(float(x)) if isinstance(x, float) else str(x) for x in row) + "\n"
    path.write_text(text, encoding="utf-8")


def figure(scores_strict, task: dict[str, float], sets, path: Path) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    y = np.array([task[s] for s in sets])
    gens = [s.split("/")[0] for s in sets]
    fig, axes = plt.subplots(1, 2, figsize=(9, 4), sharey=True)
    for ax, metric in zip(axes, ("ep", "dimple"), strict=True):
        x = scores_strict.set_values[metric, 10]
        for g, marker in zip(GENERATORS, "osD^", strict=True):
            m = np.array([gg == g for gg in gens])
            ax.scatter(x[m], y[m], marker=marker, label=g, alpha=0.8)
        r = np.corrcoef(x, y)[0, 1]
        ax.set_title(f"{metric.upper()}@10 (strict): r = {r:.2f}")
        ax.set_xlabel(f"{metric.upper()}@10")
    axes[0].set_ylabel("recall on MSRP test (§3.4)")
    axes[0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def within_verb(scores, extrinsic, patterns) -> dict[tuple, float]:
    """Pearson r over the 40 sets after removing each verb's mean from both vectors: do
    the metrics rank the generators of one verb as the task does?"""
    verb = np.array([src for _, src in patterns.terms])[patterns.term_set]
    groups = np.unique(verb, return_inverse=True)[1]

    def centred(v: np.ndarray) -> np.ndarray:
        means = np.bincount(groups, weights=v) / np.bincount(groups)
        return v - means[groups]

    out = {}
    for j, sc in scores.items():
        for task, ys in extrinsic.items():
            y = centred(np.array([ys[s] for s in patterns.sets]))
            for (m, k), x in sc.set_values.items():
                out[j, task, m, k] = float(np.corrcoef(centred(x), y)[0, 1])
    return out


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__, HERE / "output")
    ap.add_argument("--n-boot", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    args.out = output_folder(args)
    an = pp.default_analyzer()
    train = load("msrp:train", data_dir=args.data_dir)
    test = load("msrp:test", data_dir=args.data_dir)

    t1 = table1(train, test, an)
    write_tsv(
        args.out / "table1.tsv",
        ["verb", "paper_msrpc", "simeval_train_test_pos", "test_pos", "test_all"],
        t1,
        "Shima & Mitamura (2011) Table 1, MSRPC column: positive pairs with the verb on a side",
    )
    patterns, lines = build_patterns(train, an)
    header = "set\tsource\trank\tparaphrase\tlabels_strict\tlabels_lenient\n"
    (args.out / "patterns.tsv").write_text(
        "# Built from MSRP train by examples/shima-mitamura2011/run.py; labels are AUTOMATIC\n"
        "# (judges: attested, contrastive, lexical; see msrp_patterns.py), not human.\n"
        + header
        + "\n".join(lines)
        + "\n",
        encoding="utf-8",
    )
    rec = pp.recognize(patterns, test, analyzer=an)
    extrinsic = {name: rec.task_scores(m) for name, m in TASKS.items()}
    write_tsv(
        args.out / "task_scores.tsv",
        ["set", *TASKS],
        [[s] + [extrinsic[t][s] for t in TASKS] for s in patterns.sets],
        "Recognition on MSRP test (Shima & Mitamura 2011, §3.4), k = 10",
    )
    recs = rec.records()
    write_tsv(args.out / "recognition.tsv", list(recs[0]), [list(r.values()) for r in recs])
    scores = {j: pp.score_patterns(patterns, ks=KS, judgment=j, analyzer=an) for j in JUDGMENTS}
    keys = list(scores["strict"].set_values)
    write_tsv(
        args.out / "scores.tsv",
        ["set", *[f"{j}:{m}@{k}" for j in JUDGMENTS for m, k in keys]],
        [
            [s] + [float(scores[j].set_values[key][i]) for j in JUDGMENTS for key in keys]
            for i, s in enumerate(patterns.sets)
        ],
    )
    meta = pp.meta_evaluate(
        patterns, extrinsic, ks=KS, n_boot=args.n_boot, seed=args.seed, analyzer=an
    )
    (args.out / "meta.md").write_text(
        format_patterns(scores["strict"], meta, "markdown"), encoding="utf-8"
    )
    (args.out / "meta.csv").write_text(
        format_patterns(scores["strict"], meta, "csv"), encoding="utf-8"
    )
    drew = figure(
        scores["strict"],
        extrinsic["msrp_test_recall"],
        patterns.sets,
        args.out / "dimple_vs_task.png",
    )
    within = within_verb(scores, extrinsic, patterns)
    write_tsv(
        args.out / "within_verb.tsv",
        ["judgment", "task", "metric", "k", "r_within_verb"],
        [[*key, r] for key, r in within.items()],
        "Pearson r after subtracting each verb's mean from metric and task score",
    )
    summary = {
        "signature": meta.signature,
        "recognition_signature": rec.signature,
        "n_sets": len(patterns.sets),
        "n_patterns": len(patterns),
        "table1": {row[0]: {"paper": row[1], "simeval": row[2], "test_pos": row[3]} for row in t1},
        "r": {f"{c.judgment}/{c.dataset}/{c.metric}@{c.k}": c.r for c in meta.cells},
        "p": {f"{c.judgment}/{c.dataset}/{c.metric}@{c.k}": c.pvalue for c in meta.cells},
        "r_within_verb": {"/".join(map(str, key)): r for key, r in within.items()},
        "mean_task": {t: float(np.mean(list(v.values()))) for t, v in extrinsic.items()},
        "figure": drew,
        "seconds": round(time.perf_counter() - t0, 2),
    }
    (args.out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {publish(args.out)} in {summary['seconds']} s")
    return 0


JUDGMENTS = ("strict", "lenient")

if __name__ == "__main__":
    raise SystemExit(run_main(main))
