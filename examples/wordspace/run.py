"""R wordspace's word-similarity evaluation (Evert 2014) of its own DSM_Vectors, with simeval.

    python examples/wordspace/run.py OUT [--data-dir DIR]

Runs ``simeval wordsim`` (the command line, through :func:`simeval.cli.main`) on the
data the R package wordspace 0.2-8 ships — ``DSM_Vectors`` (1 667 POS-tagged lemmas × 50
latent dimensions), ``RG65`` and ``WordSim353`` — as ``eval.similarity.correlation`` does,
and writes into OUT:

- ``report.md``, ``report.json``: |ρ|, its p-value, missing pairs, |r| and its 95% CI for
  both sets (default: cosine as an angle, wordspace's ``dist.matrix`` default);
- ``details.tsv``: per pair, the gold score, the distance and whether it is missing
  (wordspace ``details=TRUE``);
- ``wordspace.png``: gold rating against the angle with a lowess line, missing pairs
  marked (``plot.eval.similarity.correlation``), if matplotlib is installed;
- ``rg65_similarity.json`` and ``rg65_similarity.png``: RG65 with cosine similarities
  instead of angles (``convert=FALSE``), the plot of the package vignette;
- ``compare_r.md``: the figures R wordspace documents beside simeval's.

The data folder defaults to ``$SIMEVAL_SHARED_DATA`` or ``../shared/data`` beside the
repository; its ``wordspace/`` holds the three objects exported from the R package.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path

from simeval.cli import main as simeval

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # examples/_common.py
from _common import output_folder, parser, publish, run_main  # noqa: E402

#: What R wordspace 0.2-8 gives for ``eval.similarity.correlation(RG65, DSM_Vectors)``
#: (the example of its help page, printed to 15 digits),
#: and the number of WordSim353 pairs it reports missing from DSM_Vectors.
R_RG65 = {
    "rho": 0.687086130375066,
    "r": 0.698423018988583,
    "r_lower": 0.547846723375507,
    "r_upper": 0.805166278533653,
    "missing": 0,
}
R_WS353_MISSING = 19


def run(argv: list[str]) -> None:
    rc = simeval(["wordsim", *argv, "--quiet"])
    if rc != 0:
        raise SystemExit(f"simeval wordsim {' '.join(argv)} failed ({rc})")


def compare_table(doc: dict) -> str:
    res = {r["dataset"]: r for r in doc["records"]}
    rg, ws = res["RG65"], res["WordSim353"]
    rows = [
        ("RG65 abs(rho)", R_RG65["rho"], rg["rho"]),
        ("RG65 abs(r)", R_RG65["r"], rg["r"]),
        ("RG65 r 95% CI low", R_RG65["r_lower"], rg["r_lower"]),
        ("RG65 r 95% CI high", R_RG65["r_upper"], rg["r_upper"]),
        ("RG65 missing", R_RG65["missing"], rg["missing"]),
        ("WordSim353 missing", R_WS353_MISSING, ws["missing"]),
    ]
    lines = ["| figure | R wordspace 0.2-8 | simeval | difference |", "|:---|---:|---:|---:|"]
    for name, r, s in rows:
        lines.append(f"| {name} | {r!r} | {s!r} | {abs(s - r):.1e} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__, HERE / "output")
    args = ap.parse_args(argv)
    if args.data_dir is None:  # R wordspace's files are not in the download registry
        ap.error(
            "needs a folder with wordspace/ (DSM_Vectors.tsv.gz, RG65.tsv, WordSim353.tsv "
            "from R wordspace): give --data-dir DIR or set SIMEVAL_SHARED_DATA"
        )
    t0 = time.perf_counter()
    ws = args.data_dir / "wordspace"
    out = output_folder(args)
    vectors = ["--vectors", str(ws / "DSM_Vectors.tsv.gz")]
    tasks = ["--pairs", str(ws / "RG65.tsv"), "--pairs", str(ws / "WordSim353.tsv")]
    plot = importlib.util.find_spec("matplotlib") is not None
    run([*vectors, *tasks, "--format", "markdown", "-o", str(out / "report.md")])
    extra = ["--details", str(out / "details.tsv")]
    if plot:
        extra += ["--plot", str(out / "wordspace.png")]
    run([*vectors, *tasks, "--format", "json", "-o", str(out / "report.json"), *extra])
    rg65_sim = [*vectors, "--pairs", str(ws / "RG65.tsv"), "--similarity", "--format", "json"]
    rg65_sim += ["-o", str(out / "rg65_similarity.json")]
    if plot:
        rg65_sim += ["--plot", str(out / "rg65_similarity.png")]
    run(rg65_sim)
    doc = json.loads((out / "report.json").read_text(encoding="utf-8"))
    (out / "compare_r.md").write_text(compare_table(doc), encoding="utf-8")
    took = time.perf_counter() - t0
    print(f"wrote {publish(out)} in {took:.2f} s" + ("" if plot else " (no plots)"))
    return 0


if __name__ == "__main__":
    raise SystemExit(run_main(main))
