"""simeval.run and score_dataset on pairs a model cannot score (NaN), and the one rule for
the resamples behind an interval. Expected values: scipy on the pairs kept, counted by
hand from the vectors written here."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval.errors import DataError, InputError
from simeval.runs.run import Pairs, score_dataset
from simeval.stats.bootstrap.resampling import MIN_INTERVAL_RESAMPLES, check_resamples

T1 = ["a cat sits", "a dog runs", "sun is hot", "two men talk", "the bird sings", "cat food"]
T2 = ["the cat sat", "a dog walks", "cold rain", "men talk", "a bird flies", "dog food"]
GOLD = [4.6, 3.0, 0.4, 2.8, 2.6, 1.2]


@pytest.fixture
def vectors(tmp_path):
    """Vectors of cat, dog, men, talk, bird: pair 3 (sun is hot / cold rain) has no known
    word on either side, every other pair has one on both."""
    path = tmp_path / "v.txt"
    path.write_text("cat 1 0\ndog 0.8 0.6\nmen 0 1\ntalk 0.6 0.8\nbird 0.3 0.9\n")
    return path


def test_pairs_without_a_score_are_an_error_or_left_out(vectors):
    pairs = Pairs("toy", T1, T2, GOLD, (0, 5))
    model = f"static:{vectors}"
    with pytest.raises(
        InputError, match=r"no score for 1 of the 6 pairs of toy.*nan_policy='omit'"
    ):
        se.run([model], [pairs])
    res = se.run([model], [pairs], nan_policy="omit")
    assert res.unscored[("toy", model)] == 1
    scores = res.scores[("toy", model)]
    assert np.isnan(scores[2]) and not np.isnan(np.delete(scores, 2)).any()
    keep = [0, 1, 3, 4, 5]
    (row,) = [r for r in res.records if r["metric"] == "spearman"]
    assert row["n"] == 5
    assert row["value"] == pytest.approx(
        stats.spearmanr(np.array(GOLD)[keep], scores[keep]).statistic, abs=1e-12
    )


def test_a_model_that_scores_no_pair_is_an_error(tmp_path):
    none = tmp_path / "none.txt"
    none.write_text("zebra 1 0\nyak 0 1\n")
    pairs = Pairs("toy", T1, T2, GOLD, (0, 5))
    for policy in ("raise", "omit"):
        with pytest.raises(DataError, match=r"scores none of the 6 pairs of toy .*vocabulary"):
            se.run([f"static:{none}"], [pairs], nan_policy=policy)
    with pytest.raises(DataError, match="scores none of the 6 pairs"):
        score_dataset(f"static:{none}", pairs)


def test_score_dataset_keeps_pairs_without_a_score_as_nan(vectors):
    result = score_dataset(f"static:{vectors}", Pairs("toy", T1, T2, GOLD))
    assert result.ids == ("1", "2", "3", "4", "5", "6")
    scores = result.scores["cosine"]
    assert np.isnan(scores).tolist() == [False, False, True, False, False, False]


def test_the_resamples_of_an_interval() -> None:
    """One floor for compare, run and their options: at least 100 resamples."""
    assert MIN_INTERVAL_RESAMPLES == 100
    assert check_resamples(100, minimum=MIN_INTERVAL_RESAMPLES) == 100
    for few in (0, 1, 2, 99):
        with pytest.raises(InputError, match=r"at least 100 resamples.*n_resamples=1000"):
            check_resamples(few, minimum=MIN_INTERVAL_RESAMPLES)
    assert check_resamples(1) == 1  # a bare distribution (no interval) needs one
    gold, systems = [0, 1, 2, 3, 4], {"a": [0, 2, 1, 3, 4], "b": [4, 3, 2, 1, 0]}
    with pytest.raises(InputError, match="at least 100 resamples"):
        se.compare.compare(gold, systems, n_resamples=99)


def test_run_with_no_bootstrap_or_too_few_resamples() -> None:
    pairs = Pairs("toy", T1, T2, GOLD, (0, 5))
    models = ["lexical:jaccard", "lexical:edit"]
    with pytest.raises(InputError, match="at least 100 resamples"):
        se.run(models, [pairs], protocol="simeval", n_resamples=2)
    res = se.run(models, [pairs], protocol="simeval", n_resamples=0)
    assert not res.comparisons and "toy" in res.evaluations
    assert not any("cluster" in r for r in res.records)


def test_a_data_set_named_twice_is_refused() -> None:
    # Read twice, its tasks would be taken for two shards of one data set (twice the pairs)
    pairs = Pairs("toy", T1, T2, GOLD, (0, 5))
    with pytest.raises(InputError, match="the data set 'toy' is named twice"):
        se.run(["lexical:jaccard"], [pairs, pairs], n_resamples=0)
    with pytest.raises(InputError, match="the data set 'sts13' is named twice"):
        se.run(["lexical:jaccard"], ["sts13", "sts13"], n_resamples=0)


def test_the_comparison_ranks_the_protocols_main_score() -> None:
    # MTEB's main score is the cosine's Spearman whatever the model's own function: with
    # similarity="euclidean" the comparison (rank intervals, clusters) must read the
    # cosines too, as scipy gives them from the scores under "cosine". An encoder of
    # unnormalised vectors, so that −L2 orders the pairs otherwise than the cosine.
    class Counts:
        def encode(self, texts, **kwargs):
            return np.array([[len(t), t.count("a") + 1.0, t.count("s")] for t in texts])

    own_l2 = se.scorers.from_object(Counts(), name="a", similarity="euclidean", cache=False)
    res = se.run([own_l2, "lexical:jaccard"], [Pairs("toy", T1, T2, GOLD, (0, 5))],
                 n_resamples=100)  # fmt: skip
    by_function = dict(res.tasks[("toy", "a")].scores)
    expected = stats.spearmanr(GOLD, by_function["cosine"]).statistic
    own = stats.spearmanr(GOLD, by_function["euclidean"]).statistic
    assert abs(own - expected) > 0.05  # the two functions order these pairs differently
    assert res.value("a", "toy") == pytest.approx(expected)
    (row,) = [r for r in res.comparisons["toy"].records()
              if r["system"] == "a" and r["metric"] == "spearman"]  # fmt: skip
    assert row["value"] == pytest.approx(expected)


def test_point_value_protocols_say_what_the_intervals_compare() -> None:
    sets = [Pairs("one", T1, T2, GOLD, (0, 5)), Pairs("two", T2, T1, GOLD[::-1], (0, 5))]
    for protocol in ("senteval", "simcse"):
        res = se.run(["lexical:jaccard", "lexical:edit"], sets, protocol=protocol,
                     n_resamples=100)  # fmt: skip
        assert any("SentEval's mean of the subsets" in n for n in res.notes)
    res = se.run(["lexical:jaccard", "lexical:edit"], sets, protocol="mteb", n_resamples=100)
    assert not any("SentEval's mean of the subsets" in n for n in res.notes)


def test_one_data_set_by_name_is_a_list_of_one(shared_data) -> None:
    # a name was read as its characters ("the data set 'N', 's' is named twice")
    one = se.run(["lexical:jaccard"], "sts13:FNWN", data_dir=shared_data, n_resamples=0)
    listed = se.run(["lexical:jaccard"], ["sts13:FNWN"], data_dir=shared_data, n_resamples=0)
    assert one.datasets == ("sts13:FNWN",) and one.records == listed.records
