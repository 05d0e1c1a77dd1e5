"""Scoring one data set in shards on separate jobs and merging them: the slices cover every
pair once, merge refuses a missing, duplicated or foreign shard (one line naming it,
nothing written), and the cluster workflow (score shards → merge → evaluate) gives what
``run`` gives, to the last digit, for every lexical scorer.

The TF-IDF scorers fit their IDF on every text of the data set in both workflows, so a
shard scores its pairs as the whole run does: sts15:images is the case where it matters
(half of its 1 500 pairs have no gold score; fitting on the scored pairs only gave other
IDF weights). Expected values: the ``run`` of the same models, and the ids of the data
set read here."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from clitools import assert_error, run

import simeval as se
from simeval.runs.shards import merge_shards, parse_shard
from simeval.runs.tasks import shard_bounds
from simeval.scorers.lexical import LEXICAL_KINDS

DATASET = "sts15:images"


def test_shards_cover_every_pair_once() -> None:
    for n in (0, 1, 7, 10, 1500):
        for k in (1, 2, 3, 7):
            bounds = [shard_bounds(n, i, k) for i in range(1, k + 1)]
            covered = [j for lo, hi in bounds for j in range(lo, hi)]
            assert covered == list(range(n))
            sizes = [hi - lo for lo, hi in bounds]
            assert max(sizes) - min(sizes) <= 1


def test_shard_text() -> None:
    assert parse_shard("3/4") == (3, 4)
    for bad in ("5/4", "0/3", "a/b", "1"):
        with pytest.raises(Exception, match="give I/N"):
            parse_shard(bad)


def _shard(model: str, i: int, k: int, ids: list[str], scores: list[float]) -> dict:
    return {"kind": "scores", "schema": 1, "signature": f"sig-{model}", "model": model,
            "dataset": "toy", "similarity": "x", "set_pairs": 5,
            "shard": {"index": i, "count": k},
            "records": [{"id": a, "score": s} for a, s in zip(ids, scores)]}  # fmt: skip


def test_merge_puts_the_shards_in_order() -> None:
    one = _shard("m", 1, 2, ["a", "b"], [0.1, 0.2])
    two = _shard("m", 2, 2, ["c", "d", "e"], [0.3, None, 0.5])
    merged = merge_shards([("2.json", two), ("1.json", one)])
    assert merged["ids"] == ["a", "b", "c", "d", "e"]
    assert merged["scores"] == [0.1, 0.2, 0.3, None, 0.5]


def test_shards_of_one_model_folder_spelt_otherwise_are_merged() -> None:
    # jobs started in other folders name st:model and st:/abs/model; the weights' and the
    # files' digests say it is one model (merge refused "its model differs")
    def sig(model: str) -> str:
        return f"simeval:0.1.0|scores|model:{model}|weights:sha256:ab12|files:sha256:cd34|x"

    one = {**_shard("st:model", 1, 2, ["a", "b"], [0.1, 0.2]), "signature": sig("st:model")}
    two = _shard("st:/abs/model", 2, 2, ["c", "d", "e"], [0.3, 0.4, 0.5])
    merged = merge_shards([("1.json", one), ("2.json", {**two, "signature": sig("st:/abs/model")})])
    assert merged["ids"] == ["a", "b", "c", "d", "e"] and merged["model"] == "st:model"
    other = sig("st:/abs/model").replace("cd34", "ef56")  # another pooling: refused
    with pytest.raises(Exception, match=r"2\.json: a shard of st:/abs/model on toy"):
        merge_shards([("1.json", one), ("2.json", {**two, "signature": other})])


@pytest.mark.parametrize(
    ("shards", "message"),
    [
        ([("1.json", _shard("m", 1, 3, ["a", "b"], [0, 0])),
          ("3.json", _shard("m", 3, 3, ["e"], [0]))], "shard 2/3 of m on toy is missing"),
        ([("1.json", _shard("m", 1, 2, ["a", "b"], [0, 0])),
          ("1b.json", _shard("m", 1, 2, ["a", "b"], [0, 0])),
          ("2.json", _shard("m", 2, 2, ["c", "d", "e"], [0, 0, 0]))],
         "shard 1/2 of m on toy is given twice: 1.json and 1b.json"),
        ([("1.json", _shard("m", 1, 2, ["a", "b"], [0, 0])),
          ("2.json", _shard("other", 2, 2, ["c", "d", "e"], [0, 0, 0]))],
         "2.json: a shard of other on toy"),
        ([("1.json", _shard("m", 1, 2, ["a", "b"], [0, 0])),
          ("2.json", {**_shard("m", 2, 2, ["c", "d", "e"], [0, 0, 0]), "signature": "v2"})],
         "2.json: its signature differs from 1.json's"),
        ([("1.json", _shard("m", 1, 2, ["a", "b"], [0, 0])),
          ("2.json", _shard("m", 2, 2, ["b", "d", "e"], [0, 0, 0]))],
         "pair 'b' is in 1.json and in 2.json"),
        ([("1.json", _shard("m", 1, 2, ["a", "b"], [0, 0])),
          ("2.json", _shard("m", 2, 2, ["c", "d"], [0, 0]))], "the shards hold 4 pairs"),
        # were: "shard 2/3 is missing (given: 1, 3, 7)"; inf merged into the score file
        ([("1.json", _shard("m", 1, 2, ["a", "b"], [0, 0])),
          ("7.json", _shard("m", 7, 2, ["c", "d", "e"], [0, 0, 0]))],
         r"7.json: shard 7/2 does not exist \(the shards of 2 are 1 to 2\)"),
        ([("1.json", _shard("m", 1, 2, ["a", "b"], [0, 0])),
          ("2.json", _shard("m", 2, 2, ["c", "d", "e"], [0, float("inf"), 0]))],
         r"2.json: records\[1\].score is inf; a score is a finite number, or null"),
    ],
)  # fmt: skip
def test_merge_refuses_what_is_not_one_run(shards, message) -> None:
    with pytest.raises(Exception, match=message) as err:
        merge_shards(shards)
    assert "\n" not in str(err.value)


def test_merge_writes_csv_for_a_csv_name(tmp_path, capsys) -> None:
    # a .csv name gets commas (an id holding one quoted, as csv.writer quotes it), which
    # pandas' read_csv reads with its defaults; any other name gets tabs
    pd = pytest.importorskip("pandas")
    ids, scores = ["a", "b,2", "c", "d", "e"], [0.1, 0.2, 0.3, None, 0.5]
    for i, (lo, hi) in enumerate([(0, 2), (2, 5)], 1):
        doc = _shard("m", i, 2, ids[lo:hi], scores[lo:hi])
        (tmp_path / f"{i}.json").write_text(json.dumps(doc))
    shards = [tmp_path / "1.json", tmp_path / "2.json"]
    for name in ("all.csv", "all.tsv"):
        rc, _, err = run(capsys, "merge", *shards, "-o", tmp_path / name)
        assert rc == 0, err
    assert (tmp_path / "all.csv").read_text().splitlines()[:3] == ["id,score", "a,0.1", '"b,2",0.2']
    frame = pd.read_csv(tmp_path / "all.csv")
    assert frame["id"].tolist() == ids
    np.testing.assert_array_equal(frame["score"], [0.1, 0.2, 0.3, np.nan, 0.5])
    assert (tmp_path / "all.tsv").read_text().splitlines()[2] == "b,2\t0.2"
    # an id with a tab cannot go in a tab-separated file (no quoting): one line, no file
    doc = _shard("m", 2, 2, ["c\t3", "d", "e"], scores[2:])
    (tmp_path / "2.json").write_text(json.dumps(doc))
    out = tmp_path / "tab.tsv"
    assert_error(*run(capsys, "merge", *shards, "-o", out), "id 'c\\t3' holds a tab")
    assert not out.exists()
    rc, _, err = run(capsys, "merge", *shards, "-o", tmp_path / "tab.csv")
    assert rc == 0, err
    assert pd.read_csv(tmp_path / "tab.csv")["id"].tolist()[2] == "c\t3"


def _ids(shared: Path) -> list[str]:
    return list(se.datasets.load(DATASET, data_dir=shared).ids)


def _score_shards(capsys, shared: Path, folder: Path, model: str, k: int) -> list[Path]:
    paths = []
    for i in range(1, k + 1):
        path = folder / f"{model.replace(':', '_')}.{i}.json"
        argv = ["score", "--model", model, "--dataset", DATASET, "--data-dir", shared,
                "--shard", f"{i}/{k}", "-o", path, "--quiet"]  # fmt: skip
        rc, _, err = run(capsys, *argv)
        assert rc == 0, err
        paths.append(path)
    return paths


def test_merge_cli_refuses_a_missing_or_duplicated_shard(shared_data, tmp_path, capsys) -> None:
    one, two, three = _score_shards(capsys, shared_data, tmp_path, "lexical:jaccard", 3)
    out = tmp_path / "merged.tsv"
    assert_error(*run(capsys, "merge", one, three, "-o", out), "shard 2/3", "is missing")
    assert_error(*run(capsys, "merge", one, two, two, three, "-o", out), "given twice")
    # another kind of document is named as such (was "records[0].system is missing")
    relabelled = tmp_path / "relabelled.json"
    relabelled.write_text(one.read_text().replace('"kind": "scores"', '"kind": "evaluation"'))
    assert_error(*run(capsys, "merge", relabelled, two, three, "-o", out),
                 "relabelled.json: a saved evaluation document, not scores")  # fmt: skip
    other = _score_shards(capsys, shared_data, tmp_path, "lexical:edit", 3)
    assert_error(*run(capsys, "merge", one, other[1], three, "-o", out), "lexical_edit.2.json")
    assert not out.exists()  # nothing written
    assert_error(*run(capsys, "merge", one, two, three, "-o", one), "is the SHARD.json file")
    rc, _, err = run(capsys, "merge", three, one, two, "-o", out)
    assert rc == 0, err
    rows = [line.split("\t") for line in out.read_text().splitlines()]
    assert rows[0] == ["id", "score"] and [r[0] for r in rows[1:]] == _ids(shared_data)
    shard_doc = json.loads(one.read_text())
    assert shard_doc["kind"] == "scores" and shard_doc["shard"] == {"index": 1, "count": 3}
    assert (
        "shards:3" in shard_doc["signature"] and "dataset:sts15:images=" in shard_doc["signature"]
    )


def test_the_scores_document_of_merge_is_read_as_the_score_file(
    shared_data, tmp_path, capsys
) -> None:
    # `merge -o x.json` writes the scores document, which evaluate reads as it reads the
    # TSV (one JSON document, not JSON Lines); a shard, an evaluation and `report` of a
    # scores document are each refused in one line saying what to do
    shards = _score_shards(capsys, shared_data, tmp_path, "lexical:jaccard", 3)
    tsv, doc = tmp_path / "all.tsv", tmp_path / "all.json"
    assert run(capsys, "merge", *shards, "-o", tsv)[0] == 0
    assert run(capsys, "merge", *shards, "-o", doc)[0] == 0
    for name in ("all.tsv.gz", "all.parquet"):  # were written as plain text
        assert_error(*run(capsys, "merge", *shards, "-o", tmp_path / name), "simeval writes no")
        assert not (tmp_path / name).exists()
    base = ["evaluate", "--dataset", DATASET, "--data-dir", shared_data, "--system-scale",
            "0", "1", "--format", "json", "-q"]  # fmt: skip
    values = []
    for path in (tsv, doc):
        rc, out, err = run(capsys, *base, "--system", f"j={path}")
        assert rc == 0, err
        values.append([r["value"] for r in json.loads(out)["records"]])
    assert values[0] == values[1]
    assert_error(
        *run(capsys, *base, "--system", f"j={shards[0]}"),
        "jaccard.1.json holds shard 1/3 of the pairs; merge the shards first",
    )
    saved = tmp_path / "ev.json"
    assert run(capsys, *base, "--system", f"j={tsv}", "-o", saved)[0] == 0
    assert_error(
        *run(capsys, *base, "--system", f"j={saved}"),
        "ev.json is a saved simeval evaluation document, not a table of scores",
    )
    page = tmp_path / "r.html"
    assert_error(
        *run(capsys, "report", doc, "-o", page),
        "all.json is a scores document",
        "has no report; evaluate it first: simeval evaluate",
    )
    assert not page.exists()


@pytest.mark.parametrize("kind", sorted(LEXICAL_KINDS))
def test_the_cluster_workflow_reproduces_run(kind, shared_data, tmp_path, capsys) -> None:
    """score --shard (3 jobs) → merge → evaluate --dataset: the per-pair scores and every
    measure equal those of run on the same data set, exactly (the scores declared on
    their range [0, 1], as run declares a lexical scorer's)."""
    model = f"lexical:{kind}"
    merged = tmp_path / "merged.tsv"
    shards = _score_shards(capsys, shared_data, tmp_path, model, 3)
    assert run(capsys, "merge", *shards, "-o", merged)[0] == 0
    base = ["--dataset", DATASET, "--data-dir", shared_data, "--format", "json", "--quiet"]
    # a lexical score lies in [0, 1], as run declares it
    rc, out, err = run(capsys, "evaluate", *base, "--system", f"{model}={merged}",
                       "--system-scale", "0", "1")  # fmt: skip
    assert rc == 0, err
    cluster = json.loads(out)
    rc, out, err = run(capsys, "run", "--model", model, *base, "--protocol", "simeval",
                       "--bootstrap", "0", "--scores")  # fmt: skip
    assert rc == 0, err
    whole = json.loads(out)
    (ev,) = [s["evaluation"] for s in whole["sets"]]
    by_id = dict(line.split("\t") for line in merged.read_text().splitlines()[1:])
    scored = [i for i, g in zip(_ids(shared_data), _gold_all(shared_data)) if not np.isnan(g)]
    assert len(scored) == 750
    merged_scores = np.array([float(by_id[i]) for i in scored])
    run_scores = se.run([model], [DATASET], data_dir=shared_data, n_resamples=0).scores
    assert np.array_equal(merged_scores, run_scores[(DATASET, model)])
    values = {(r["metric"], r["bin"]): r["value"] for r in cluster["records"]}
    assert values == {(r["metric"], r["bin"]): r["value"] for r in ev["records"]}


def _gold_all(shared: Path) -> np.ndarray:
    return np.asarray(se.datasets.load(DATASET, data_dir=shared).gold, dtype=float)
