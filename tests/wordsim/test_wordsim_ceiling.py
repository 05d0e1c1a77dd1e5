"""Several word-vector models beside one human ceiling (``wordsim_ceiling`` with a mapping).

Expected values: scipy's Spearman ρ of each model's cosine similarity with the gold and of
each rater with the mean of the other two (IAA-2, Hill et al. 2015), on a toy set of
five pairs whose vectors are written here.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from simeval.datasets.ratings import Ratings
from simeval.errors import InputError
from simeval.vectors.read import Vectors
from simeval.wordsim import evaluate
from simeval.wordsim.ceiling import wordsim_ceiling

WORDS = ["a", "b", "c", "d"]
PAIRS = [("a", "b", 9.0), ("a", "c", 5.0), ("a", "d", 1.0), ("b", "c", 8.0), ("b", "d", 4.0)]
RATINGS = np.array([[9, 8, 10], [5, 6, 4], [1, 2, 0], [8, 7, 9], [4, 5, 3.0]])
ROWS = {"first": [[1, 0], [1, 1], [0, 1], [-1, 1]], "second": [[1, 0], [2, 1], [1, 2], [0, 1]]}
FIRST, SECOND = (Vectors(WORDS, rows) for rows in ROWS.values())


def _ratings() -> Ratings:
    w1, w2, _ = zip(*PAIRS)
    return Ratings("toy", RATINGS, ("r1", "r2", "r3"), word1=w1, word2=w2)


def _cosines(rows: list[list[int]]) -> np.ndarray:
    m = dict(zip(WORDS, np.asarray(rows, dtype=float)))
    return np.array(
        [m[a] @ m[b] / np.linalg.norm(m[a]) / np.linalg.norm(m[b]) for a, b, _ in PAIRS]
    )


def test_two_models_beside_one_ceiling() -> None:
    results = {"first": evaluate(PAIRS, FIRST), "second": evaluate(PAIRS, SECOND)}
    c = wordsim_ceiling(results, _ratings(), n_resamples=0)
    gold = [g for *_, g in PAIRS]
    assert [s.system for s in c.systems] == ["first", "second"]
    for s, rows in zip(c.systems, ROWS.values()):
        # the angle falls as the cosine rises: the model is compared as a similarity
        assert s.rho == pytest.approx(stats.spearmanr(gold, _cosines(rows)).statistic, abs=1e-12)
    others = [(RATINGS.sum(axis=1) - RATINGS[:, j]) / 2 for j in range(3)]
    iaa2 = np.mean([stats.spearmanr(RATINGS[:, j], others[j]).statistic for j in range(3)])
    assert c.agreement.iaa2.statistic == pytest.approx(iaa2, abs=1e-12)
    assert c.systems[1].share == pytest.approx(c.systems[1].rho / iaa2, abs=1e-12)


def test_the_models_share_the_resamples_of_a_single_model() -> None:
    one, two = evaluate(PAIRS, FIRST), evaluate(PAIRS, SECOND)
    both = wordsim_ceiling({"one": one, "two": two}, _ratings(), n_resamples=200, seed=3)
    alone = wordsim_ceiling(two, _ratings(), n_resamples=200, seed=3, system="two")
    assert both.systems[1].rho_low == alone.systems[0].rho_low
    assert both.systems[1].difference_high == alone.systems[0].difference_high


def test_models_on_other_pairs_or_none_are_refused() -> None:
    other = evaluate(PAIRS[:4], FIRST)
    with pytest.raises(InputError, match="other pairs"):
        wordsim_ceiling({"one": evaluate(PAIRS, FIRST), "two": other}, _ratings())
    with pytest.raises(InputError, match="at least one"):
        wordsim_ceiling({}, _ratings())
