"""examples/leaderboard runs lexical-only on two of MTEB's STS sets, and its results.md
holds what scipy gives here from the pairs: each system's pooled Spearman (MTEB's main
score), SentEval's mean of the subsets' Spearman, Friedman's average ranks and the exact
p-value of two data sets that rank the systems alike, and the rank interval of a system far
below the others."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

import simeval as se

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "leaderboard" / "run.py"
MODELS = ("lexical:jaccard", "lexical:word-tfidf", "lexical:edit")
SETS = ("sts13", "sts15")


def _rows(section: str) -> dict[str, list[str]]:
    """First cell → the other cells of each Markdown table row of ``section``."""
    out = {}
    for line in section.splitlines():
        if line.startswith("| ") and not line.startswith("| system") and "---" not in line:
            cells = [c.strip() for c in line.strip("|").split(" | ")]
            out[cells[0]] = cells[1:]
    return out


def test_the_leaderboard_example(shared_data: Path, tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("example_leaderboard", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    args = ["--data-dir", str(shared_data), "--out", str(tmp_path), "--models", ",".join(MODELS),
            "--datasets", ",".join(SETS), "--bootstrap", "100"]  # fmt: skip
    assert module.main(args) == 0
    md = (tmp_path / "results.md").read_text(encoding="utf-8")
    main = _rows(md.split("## Spearman")[1].split("\n## ")[0])
    rho = {}
    for d in SETS:
        pairs = se.datasets.load(d, data_dir=shared_data)
        keep = ~np.isnan(pairs.gold)
        gold, subsets = pairs.gold[keep], np.asarray(pairs.subsets)[keep]
        for m in MODELS:
            s = np.asarray(se.scorers.get(m).score((list(pairs.texts1), list(pairs.texts2))))[keep]
            rho[(m, d)] = stats.spearmanr(gold, s).statistic
            cell = main[m][SETS.index(d)]
            assert float(cell.split(" [")[0]) == pytest.approx(rho[(m, d)], abs=5e-5)
            if m == "lexical:jaccard":  # SentEval: the plain mean of the subsets' Spearman
                senteval = np.mean([stats.spearmanr(gold[subsets == k], s[subsets == k]).statistic
                                    for k in dict.fromkeys(subsets)])  # fmt: skip
                side = md.split(f"**{m}: Spearman under each protocol")[1]
                row = _rows(side.split("\n\n**")[0])[d]
                assert float(row[1]) == pytest.approx(senteval, abs=5e-5)
    # Friedman's average ranks: each data set ranks the systems by ρ (1 = best)
    ranks = stats.rankdata([[-rho[(m, d)] for m in MODELS] for d in SETS], axis=1).mean(axis=0)
    best = _rows(md.split("## Who is best")[1].split("\n## ")[0])
    for m, r in zip(MODELS, ranks):
        assert float(best[m][-1]) == pytest.approx(r, abs=5e-3)
    # both sets rank the three systems alike (average ranks 1, 2, 3): Friedman's chi2_F is at
    # its maximum, Iman-Davenport's F_F infinite, and the exact p-value is the chance that a
    # second random order equals the first, 1/3! = 0.167 (by hand): no significant difference
    assert sorted(ranks) == [1, 2, 3]
    assert (
        "Friedman test over 2 data sets: every data set ranks the 3 models in the same order "
        "(F_F infinite; exact p = 0.167): no evidence that the 3 models differ"
    ) in md
    # edit is ~0.1 below the others on both sets (several standard errors): it is last on
    # every resample, an interval of width 0 and no chance of being best
    ranked = _rows(md.split("## Ranks on each data set")[1].split("\n## ")[0])
    assert ranked["lexical:edit"] == ["3 [3–3] 0%", "3 [3–3] 0%"]
    assert "## Protocols side by side" in md and "SentEval wmean:" in md
    if importlib.util.find_spec("matplotlib") is not None:
        assert (tmp_path / "cd_diagram.png").stat().st_size > 1000
