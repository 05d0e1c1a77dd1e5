"""What makes a protocol's number the toolkit's: a data set's scores do not depend on which
other data sets the command scores (each set's texts are embedded in batches of its own),
SimCSE reads SICK-R's 4 927-pair test split, and SentEval's STS-B and SICK-R are said to
be the cosine's (SentEval trains a regressor there).

The batch-sensitive model here adds to each vector a term that depends on the longest
text of its batch, as the padding of a transformer batch changes a vector's last bits."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

import simeval as se
from simeval.runs.run import Pairs
from simeval.scorers.embedding import EmbeddingScorer

A = Pairs("a", ["a cat sits", "a dog runs", "sun is hot", "two men talk"],
          ["the cat sat", "a dog walks", "cold rain", "men talk"],
          [4.6, 3.0, 0.4, 2.8])  # fmt: skip
B = Pairs("b", ["a cat sits", "a very much longer sentence about the weather today", "x y"],
          ["the cat", "rain will fall on the town before the evening comes", "y x"],
          [3.0, 4.0, 1.0])  # fmt: skip


class Padded(EmbeddingScorer):
    """Letter counts plus 1e-3 × the length of the longest text in the batch."""

    batch_size = 4

    def __init__(self) -> None:
        super().__init__("padded", similarity="cosine", cache=False)

    model_key = "padded"
    signature = "model:padded"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        pad = 1e-3 * max(len(t) for t in texts)
        return np.array([[t.count(c) + pad for c in "abcdefghijklmnopqrstuvwxyz"] for t in texts])


def test_a_data_sets_scores_do_not_depend_on_the_others() -> None:
    alone = se.run([Padded()], [A], n_resamples=0)
    together = se.run([Padded()], [B, A], n_resamples=0)
    assert np.array_equal(alone.scores[("a", "padded")], together.scores[("a", "padded")])
    assert alone.value("padded", "a") == together.value("padded", "a")
    # the model is batch-sensitive: A's texts embedded with B's would score otherwise
    mixed = Padded().score(([*A.texts1, *B.texts1], [*A.texts2, *B.texts2]))[:4]
    assert not np.array_equal(mixed, alone.scores[("a", "padded")])


def test_simcse_reads_the_test_split_of_sick_r(shared_data) -> None:
    res = se.run(["lexical:jaccard"], ["sickr"], protocol="simcse", data_dir=shared_data,
                 n_resamples=0)  # fmt: skip
    assert res.scores[("sickr", "lexical:jaccard")].size == 4927  # SICK_test_annotated.txt
    assert any("test split" in note and "4927" in note for note in res.notes)
    mteb = se.run(["lexical:jaccard"], ["sickr"], data_dir=shared_data, n_resamples=0)
    assert mteb.scores[("sickr", "lexical:jaccard")].size == 9927 and not mteb.notes
    test = se.run(["lexical:jaccard"], ["sick:test"], data_dir=shared_data, n_resamples=0)
    assert np.array_equal(test.scores[("sick:test", "lexical:jaccard")],
                          res.scores[("sickr", "lexical:jaccard")])  # fmt: skip


def test_senteval_says_it_reports_the_cosine_on_sts_b_and_sick_r(shared_data) -> None:
    res = se.run(["lexical:jaccard"], ["sts13:FNWN", "stsb:test"], protocol="senteval",
                 data_dir=shared_data, n_resamples=0)  # fmt: skip
    (note,) = res.notes
    assert note.startswith("stsb:test: SentEval trains a regressor")
    assert "cosine" in note
    description = se.runs.protocols.get_protocol("senteval").description
    assert "regressor" in description and "cosine" in description


@pytest.mark.parametrize("protocol", ["mteb", "simcse", "st", "senteval"])
def test_each_protocol_names_one_main_score_per_model_and_set(protocol) -> None:
    res = se.run(["lexical:jaccard", se.scorers.from_object(
        lambda texts: np.array([[len(t), t.count("a") + 1.0] for t in texts]), name="f",
        cache=False)], [A], protocol=protocol, n_resamples=0)  # fmt: skip
    mains = [(r["system"], r["dataset"]) for r in res.records if r["main"] and r["dataset"] == "a"]
    assert sorted(mains) == [("f", "a"), ("lexical:jaccard", "a")]  # (simcse adds its avg)
