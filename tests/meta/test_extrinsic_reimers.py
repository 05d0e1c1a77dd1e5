"""Reimers, Beyer & Gurevych (2016): task 1's classifier choice (OneR vs logistic
regression by cross-validation) and the three-class "Accuracy"/"F1" of their Table 1.

References: scikit-learn's ``accuracy_score`` / ``f1_score(average="macro")`` on the same
predictions, scikit-learn's own ``StandardScaler`` + ``LogisticRegression`` pipeline on the
same folds, and small cases worked out by hand in the comments."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from simeval.meta.extrinsic import (
    cross_validated_accuracy,
    macro_f1,
    rewrite_classification,
    select_classifier,
    stratified_folds,
)
from simeval.metrics.three_class import accuracy3, bin_classes, f1_macro3

sklearn_metrics = pytest.importorskip("sklearn.metrics", reason="needs the 'sklearn' extra")


def test_three_class_measures_by_hand() -> None:
    # scale 0-5, borders 1.5 / 3.5: gold 0 low, 1.5 mid (border included), 3.6 high, 5 high;
    # system 1.4 low, 3.5 mid, 3.4 mid, 4 high → agree on pairs 0, 3 (and 1) → 3/4.
    # F1: low 2·1/(1+1) = 1, mid 2·1/(1+2) = 2/3, high 2·1/(2+1) = 2/3 → mean 7/9
    gold, system = [0, 1.5, 3.6, 5], [1.4, 3.5, 3.4, 4]
    assert bin_classes(gold, system, scale=(0, 5)) == (
        ["low", "mid", "high", "high"],
        ["low", "mid", "mid", "high"],
    )
    assert accuracy3(gold, system, scale=(0, 5)).statistic == pytest.approx(3 / 4)
    assert f1_macro3(gold, system, scale=(0, 5)).statistic == pytest.approx(7 / 9)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_three_class_measures_match_scikit_learn(seed: int) -> None:
    rng = np.random.default_rng(seed)
    gold = rng.uniform(0, 5, 300)
    system = np.clip(gold + rng.normal(0, 1.2, 300), 0, 5) / 5  # a system on 0-1
    truth, pred = bin_classes(gold, system, scale=(0, 5), system_scale=(0, 1), calibrate="none")
    # the same bins written out: borders 1.5 and 3.5 on the gold scale, system × 5
    expect_t = np.where(gold < 1.5, "low", np.where(gold > 3.5, "high", "mid"))
    expect_p = np.where(system * 5 < 1.5, "low", np.where(system * 5 > 3.5, "high", "mid"))
    assert truth == expect_t.tolist() and pred == expect_p.tolist()
    acc = accuracy3(gold, system, scale=(0, 5), system_scale=(0, 1), calibrate="none").statistic
    f1 = f1_macro3(gold, system, scale=(0, 5), system_scale=(0, 1), calibrate="none").statistic
    assert acc == pytest.approx(sklearn_metrics.accuracy_score(truth, pred), abs=1e-12)
    assert f1 == pytest.approx(sklearn_metrics.f1_score(truth, pred, average="macro"), abs=1e-12)


def test_macro_f1_matches_scikit_learn_with_an_absent_class() -> None:
    truth = ["cut", "cut", "light", "heavy", "non", "non"]
    pred = ["cut", "light", "light", "non", "non", "light"]  # 'heavy' never predicted
    expected = sklearn_metrics.f1_score(truth, pred, average="macro", zero_division=0)
    assert macro_f1(truth, pred) == pytest.approx(expected, abs=1e-12)


def test_cross_validated_predictions_give_scikit_learn_accuracy_and_f1() -> None:
    rng = np.random.default_rng(3)
    labels = np.repeat(["non", "heavy", "light", "cut"], [20, 10, 10, 10])
    level = {"non": 0, "heavy": 1, "light": 2, "cut": 3}
    x = np.array([level[v] for v in labels]) + rng.normal(0, 0.8, labels.size)
    for method in ("oner", "logistic"):
        res = cross_validated_accuracy(x, labels, method=method, folds=5, seed=4)  # type: ignore[arg-type]
        assert res.accuracy == pytest.approx(
            sklearn_metrics.accuracy_score(labels, res.predictions), abs=1e-12
        )
        assert res.f1_macro == pytest.approx(
            sklearn_metrics.f1_score(labels, res.predictions, average="macro", zero_division=0),
            abs=1e-12,
        )


def test_logistic_matches_a_scikit_learn_pipeline_on_the_same_folds() -> None:
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import PredefinedSplit, cross_val_predict
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    rng = np.random.default_rng(5)
    labels = np.repeat(["a", "b", "c"], 15)
    x = np.repeat([0.2, 0.5, 0.8], 15) + rng.normal(0, 0.15, 45)
    folds = stratified_folds(labels, 5, seed=7)
    pipe = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    expected = cross_val_predict(pipe, x[:, None], labels, cv=PredefinedSplit(folds))
    res = cross_validated_accuracy(x, labels, method="logistic", folds=5, seed=7)
    assert list(res.predictions) == expected.tolist()


def test_select_classifier_prefers_oner_when_classes_are_not_monotone() -> None:
    # scores 1..18, labels a×6 b×6 a×6: OneR (buckets of ≥ 2) can learn a | b | a; a
    # logistic regression on one feature (two classes) is one threshold, so it cannot
    # put b in the middle: OneR must win the cross-validation and be chosen.
    x = np.arange(1, 19, dtype=float)
    labels = ["a"] * 6 + ["b"] * 6 + ["a"] * 6
    choice = select_classifier(x, labels, folds=2, seed=0, min_bucket=2)
    oner, logistic = choice.candidates
    assert (oner.method, logistic.method) == ("oner", "logistic")
    assert oner.accuracy > logistic.accuracy
    assert choice.method == "oner" and choice.chosen is oner


def test_select_classifier_prefers_logistic_when_buckets_cannot_fill() -> None:
    # 3 ordered, well-separated classes of 4 items; 2 folds leave 2 per class in training.
    # OneR with min_bucket 6 never closes a bucket (no class reaches 6): one bucket, its
    # majority by the first label in sorted order, 'a' → accuracy 4/12. Logistic
    # regression separates the three clusters → 12/12.
    x = np.r_[[0.0, 0.01, 0.02, 0.03], [10.0, 10.01, 10.02, 10.03], [20.0, 20.01, 20.02, 20.03]]
    labels = ["a"] * 4 + ["b"] * 4 + ["c"] * 4
    choice = select_classifier(x, labels, folds=2, seed=0, min_bucket=6)
    oner = next(c for c in choice.candidates if c.method == "oner")
    assert oner.accuracy == pytest.approx(4 / 12)
    assert choice.method == "logistic" and choice.accuracy == 1.0
    assert cross_validated_accuracy(x, labels, method="best", folds=2, seed=0).method == "logistic"


def test_select_classifier_tie_keeps_oner() -> None:
    x = [0.1, 0.2, 0.3, 0.4, 0.8, 0.9, 1.0, 1.1]  # separable: both classifiers score 1.0
    choice = select_classifier(x, ["lo"] * 4 + ["hi"] * 4, folds=2, seed=0, min_bucket=2)
    assert [c.accuracy for c in choice.candidates] == [1.0, 1.0]
    assert choice.method == "oner"


def test_rewrite_classification_on_the_corpus(shared_data: Path) -> None:
    res = rewrite_classification(["lexical:jaccard"], data_dir=shared_data, seed=0)[
        "lexical:jaccard"
    ]
    labels = sorted(set(res.chosen.predictions))
    assert set(labels) <= {"cut", "light", "heavy", "non"}
    assert res.accuracy == max(c.accuracy for c in res.candidates)
    assert res.chosen.n == 95 and res.chosen.folds == 10
    # majority baseline 38/95 (non); Reimers et al. report 43 %–70 % for their 14 systems
    assert 38 / 95 < res.accuracy <= 1.0


def test_cli_classify_best_reports_the_chosen_classifier(capsys, tmp_path: Path) -> None:
    import json

    from simeval.cli import main

    # the case above where OneR cannot fill a bucket: logistic regression must be chosen
    x = [0.0, 0.01, 0.02, 0.03, 10.0, 10.01, 10.02, 10.03, 20.0, 20.01, 20.02, 20.03]
    labels = ["a"] * 4 + ["b"] * 4 + ["c"] * 4
    table = tmp_path / "scores.csv"
    table.write_text(
        "label,s\n" + "".join(f"{lab},{v}\n" for lab, v in zip(labels, x)), encoding="utf-8"
    )
    argv = ["extrinsic", "classify", str(table), "--method", "best", "--folds", "2"]
    assert main([*argv, "--seed", "0", "--format", "json"]) == 0
    row = json.loads(capsys.readouterr().out)["records"][0]
    assert (row["system"], row["method"], row["accuracy"]) == ("s", "logistic", 1.0)
