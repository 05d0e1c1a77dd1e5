"""The saved documents (:mod:`simeval.report.schema`): one envelope for every kind, strict
JSON, per-pair scores kept by size or when asked, and a reader that refuses what it does
not know with one line naming the field.

Expected values: Pearson r from scipy; the MSSE of a constant system is +inf by Atoum &
Ayyagari (2019, eq. 3) — its mean absolute deviation, the denominator, is 0."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval.errors import DataError, InputTypeError
from simeval.evaluation.compare import compare
from simeval.meta.predictiveness import Predictiveness
from simeval.meta.ranks import RankAgreement
from simeval.report import to_json
from simeval.report.schema import (
    KINDS,
    SCHEMA,
    aggregate_document,
    comparison_document,
    document,
    evaluation_document,
    extrinsic_document,
    meta_document,
    read_document,
    run_document,
)
from simeval.results import MetricResult
from simeval.runs.run import Pairs

GOLD = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
GOOD = [0.5, 1.0, 2.5, 2.0, 4.5, 4.0]
FLAT = [2.0] * 6


@pytest.fixture(scope="module")
def ev():
    return se.evaluate(GOLD, {"good": GOOD, "flat": FLAT}, metrics=["pearson", "msse"],
                       scale=(0, 5))  # fmt: skip


def _every_document(ev) -> list[dict]:
    cmp = compare(GOLD, {"good": GOOD, "flat": FLAT}, metrics=["pearson"], n_resamples=100,
                  seed=0)  # fmt: skip
    pairs = Pairs("toy", ["a cat", "a dog", "the sun", "rain"], ["a cat sat", "a cat", "rain",
                  "the rain"], [4.5, 2.0, 0.0, 3.0], scale=(0, 5))  # fmt: skip
    run = se.run(["lexical:jaccard", "lexical:edit"], [pairs], protocol="mteb", n_resamples=100)
    pred = [Predictiveness("pearson", 0.8, 0.5, 0.75, 1, 0.25, 1.0, 0.95, 4, 10, 0)]
    return [
        evaluation_document(ev),
        comparison_document(cmp),
        run_document(run),
        aggregate_document({"a": ev, "b": ev}),
        meta_document(pred, [RankAgreement("pearson", "mae", 1.0, 2.0, -0.5, 4)], seed=0),
        extrinsic_document("detection", {"a": MetricResult(0.5, 3)}, queries=3),
    ]


def test_every_document_has_the_envelope_and_reads_back(ev) -> None:
    docs = _every_document(ev)
    assert {d["kind"] for d in docs} <= set(KINDS)
    for doc in docs:
        assert list(doc)[:3] == ["kind", "schema", "signature"]
        assert doc["schema"] == SCHEMA
        # a run says how each data set's models were calibrated; the others have none here
        calibrated = {"toy": "auto(isotonic,cv5,seed0)"} if doc["kind"] == "run" else None
        assert doc["calibration"] == calibrated
        assert isinstance(doc["records"], list)
        # strict JSON, and the same document once read back
        text = to_json(doc)
        assert read_document(json.loads(text), "x.json") == json.loads(text)


def test_no_infinity_or_nan_token_in_a_saved_document(ev) -> None:
    # MSSE of a constant system: +inf (its MAD is 0); Pearson: undefined (NaN)
    assert ev.value("flat", "msse") == math.inf
    assert math.isnan(ev.value("flat", "pearson"))
    doc = evaluation_document(ev)
    text = json.dumps(doc, allow_nan=False)  # raises on NaN or ±inf
    assert "Infinity" not in text and "NaN" not in text
    flat = {r["metric"]: r for r in doc["records"] if r["system"] == "flat"}
    assert flat["msse"]["value"] is None and "+inf" in flat["msse"]["reason"]
    assert flat["pearson"]["value"] is None and flat["pearson"]["reason"]
    good = next(r for r in doc["records"] if (r["system"], r["metric"]) == ("good", "pearson"))
    assert good["value"] == pytest.approx(stats.pearsonr(GOLD, GOOD).statistic, abs=1e-12)


def test_scores_are_kept_up_to_the_limit_or_when_asked(ev, monkeypatch) -> None:
    import simeval.report.schema.envelope as envelope

    doc = evaluation_document(ev)  # 6 pairs × (gold + 2 systems) = 18 numbers
    assert doc["scores"]["gold"] == GOLD and doc["scores"]["systems"]["good"] == GOOD
    monkeypatch.setattr(envelope, "SCORES_MAX_VALUES", 17)
    doc = evaluation_document(ev)
    assert doc["scores"] is None and "18 numbers" in doc["scores_left_out"]
    assert evaluation_document(ev, scores=True)["scores"]["gold"] == GOLD
    assert evaluation_document(ev, scores=False)["scores"] is None


def test_a_run_keeps_every_data_set_under_every_protocol() -> None:
    pairs = Pairs("toy", ["a cat", "a dog", "the sun", "rain"], ["a cat sat", "a cat", "rain",
                  "the rain"], [4.5, 2.0, 0.0, 3.0], scale=(0, 5))  # fmt: skip
    run = se.run(["lexical:jaccard", "lexical:edit"], [pairs], protocol="mteb", n_resamples=100)
    doc = run_document(run)
    assert doc["headline"] == "spearman"  # MTEB's main score
    (one,) = doc["sets"]
    assert one["dataset"] == "toy" and one["evaluation"]["scores"] is not None
    assert {r["system"] for r in one["comparison"]["records"]} == {"lexical:jaccard",
                                                                   "lexical:edit"}  # fmt: skip


def test_document_dispatches_on_the_result(ev) -> None:
    assert document(ev, dataset="x")["dataset"] == "x"
    with pytest.raises(InputTypeError, match="no saved document for a list"):
        document([1, 2])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("schema"), "x.json: has no 'schema' version"),
        (lambda d: d.update(schema=2), "x.json: has schema 2; this simeval reads schema 1"),
        (lambda d: d.update(kind="plot"), "x.json: has the unknown kind 'plot'"),
        (lambda d: d.pop("signature"), "x.json: signature is missing; expected a string"),
        (lambda d: d["records"][0].update(n="6"),
         "x.json: records[0].n is the string '6'; expected an integer or null"),
        (lambda d: d["records"][1].update(value=True),
         "x.json: records[1].value is the boolean true; expected a number or null"),
        (lambda d: d["scores"].update(gold="1 2 3"),
         "x.json: scores.gold is the string '1 2 3'; expected a list"),
        (lambda d: d.update(off_scale=[]), "x.json: off_scale is a list; expected an object"),
    ],
)  # fmt: skip
def test_reader_names_the_field_that_is_wrong(ev, change, message) -> None:
    doc = json.loads(to_json(evaluation_document(ev)))
    change(doc)
    with pytest.raises(DataError) as err:
        read_document(doc, "x.json")
    assert str(err.value).startswith(message)
    assert "\n" not in str(err.value)


def test_reader_checks_nested_documents() -> None:
    cmp = compare(GOLD, {"good": GOOD, "other": [*FLAT[:-1], 3.0]}, metrics=["pearson"],
                  n_resamples=100, seed=0)  # fmt: skip
    doc = json.loads(to_json(comparison_document(cmp)))
    doc["evaluation"]["kind"] = "run"
    with pytest.raises(DataError, match=r"c\.json: evaluation: is of kind 'run'; expected kind "):
        read_document(doc, "c.json")
    assert np.isfinite(cmp.alpha)


def test_a_comparison_keeps_its_rank_intervals_and_reads_them_back() -> None:
    # good (Pearson r 0.922 by scipy) ranks above other (r 0.655) on the full data
    other = [*FLAT[:-1], 3.0]
    cmp = compare(GOLD, {"good": GOOD, "other": other}, metrics=["pearson"], n_resamples=100,
                  seed=0)  # fmt: skip
    doc = json.loads(to_json(comparison_document(cmp)))
    (ranks,) = read_document(doc, "c.json")["ranks"]
    assert ranks["metric"] == "pearson" and ranks["n_resamples"] == 100
    assert [r["system"] for r in ranks["systems"]] == ["good", "other"]
    assert [r["rank"] for r in ranks["systems"]] == [1.0, 2.0]
    ranks["systems"][0]["rank"] = "1"
    with pytest.raises(DataError, match=r"c\.json: ranks\[0\]\.systems\[0\]\.rank is the string"):
        read_document(doc, "c.json")


def _two_sets() -> list[Pairs]:
    texts = (["a cat", "a dog", "the sun", "rain", "two men"],
             ["a cat sat", "a cat", "rain", "the rain", "men talk"])  # fmt: skip
    return [Pairs("one", *texts, [4.5, 2.0, 0.0, 3.0, 3.5], scale=(0, 5)),
            Pairs("two", *texts, [4.0, 1.0, 0.5, 4.5, 2.0], scale=(0, 5))]  # fmt: skip


def test_a_run_over_data_sets_says_who_is_best_over_them() -> None:
    run = se.run(["lexical:jaccard", "lexical:edit"], _two_sets(), protocol="mteb",
                 n_resamples=100, seed=4)  # fmt: skip
    doc = json.loads(to_json(run_document(run)))
    c = read_document(doc, "r.json")["collection"]
    # MTEB averages its tasks' scores plainly; simeval's own protocol takes the Fisher-z mean
    assert (c["metric"], c["aggregate"], c["datasets"]) == ("spearman", "mean", ["one", "two"])
    own = se.run(["lexical:jaccard", "lexical:edit"], _two_sets(), protocol="simeval",
                 n_resamples=100, seed=4)  # fmt: skip
    assert run_document(own)["collection"]["aggregate"] == "fisher_z"
    assert c["friedman"]["n_datasets"] == 2
    # the bootstrap on the run's resamples and seed
    assert (c["bootstrap"]["n_resamples"], c["bootstrap"]["seed"]) == (100, 4)
    # without the per-pair scores the document keeps the verdict the run computed (a page
    # rebuilt from it says what the run said)
    lean = json.loads(to_json(run_document(run, scores=False)))["collection"]
    assert lean == c
    doc["collection"]["friedman"]["cliques"] = "all"
    with pytest.raises(DataError, match=r"r\.json: collection\.friedman\.cliques is the string"):
        read_document(doc, "r.json")
    one = se.run(["lexical:jaccard"], _two_sets(), protocol="mteb", n_resamples=0)
    assert run_document(one)["collection"] is None  # one model: nothing to compare
