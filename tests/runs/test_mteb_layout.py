"""The ``mteb`` protocol reports what MTEB's STS evaluator reports, and ``run --format
mteb`` writes it in MTEB's results layout, which ``--resume`` reads back.

Expected values: scipy's ``pearsonr``/``spearmanr`` of the cosine, −L1 and −L2 of the
vectors computed here (MTEB's ``STSEvaluator``: ``1 − paired_cosine_distances``,
``−paired_manhattan_distances``, ``−paired_euclidean_distances``, main score
``cosine_spearman``); the layout and the fields MTEB's ``TaskResult`` requires (each
subset's ``main_score``, ``hf_subset`` a string, ``languages`` a list), as its source
defines them."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval.report.schema import mteb_task_results
from simeval.report.tables import to_json
from simeval.runs.run import Pairs

T1 = ["a cat sits", "a dog runs", "sun is hot", "two men talk", "the bird sings", "cat food",
      "a man eats", "kids play ball"]  # fmt: skip
T2 = ["the cat sat", "a dog walks", "cold rain", "two women talk", "a bird flies", "dog food",
      "a woman eats", "kids play"]  # fmt: skip
GOLD = [4.6, 3.0, 0.4, 2.8, 2.6, 1.2, 2.2, 4.0]
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
CALLS: list[int] = []


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The embeddings of the model here are cached (it has an id and a revision): in a
    folder of the test's own, never the user's cache."""
    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path / "simeval-home"))


def letters(texts: list[str]) -> np.ndarray:
    CALLS.append(len(texts))
    return np.array([[t.count(c) for c in ALPHABET] for t in texts], dtype=np.float64)


def _model():
    return se.scorers.from_object(letters, model_id="me/letters", revision="r1")


def test_the_mteb_protocol_reports_what_mteb_reports() -> None:
    res = se.run([_model()], [Pairs("toy", T1, T2, GOLD, (0, 5))], n_resamples=0)
    a, b = letters(T1), letters(T2)
    sims = {
        "cosine": (a * b).sum(1) / np.sqrt((a * a).sum(1) * (b * b).sum(1)),
        "manhattan": -np.abs(a - b).sum(1),
        "euclidean": -np.sqrt(((a - b) ** 2).sum(1)),
    }
    for fn, s in sims.items():
        for name, f in (("pearson", stats.pearsonr), ("spearman", stats.spearmanr)):
            expected = f(GOLD, s).statistic
            assert res.value("me/letters", "toy", f"{fn}_{name}") == pytest.approx(
                expected, abs=1e-12
            )
    assert res.value("me/letters", "toy", "spearman") == res.value(
        "me/letters", "toy", "cosine_spearman"
    )  # the model's own similarity is the cosine
    (main,) = [r for r in res.records if r["main"]]
    assert main["metric"] == "cosine_spearman"


def _registered_run(shared: Path, folder: Path, **options):
    return se.run({"letters": _model()}, ["sts13:FNWN", "stsb:test"], data_dir=shared,
                  n_resamples=0, resume=folder, **options)  # fmt: skip


def _write(res, folder: Path) -> dict[str, dict]:
    files = mteb_task_results(res)
    folder.mkdir(exist_ok=True)
    for path, doc in files.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(to_json(doc))
    return files


def test_the_layout_and_resume(shared_data: Path, tmp_path: Path) -> None:
    CALLS.clear()
    res = _registered_run(shared_data, tmp_path / "results")
    files = _write(res, tmp_path / "results")
    assert sorted(files) == [
        "me__letters/r1/STSBenchmark.json",
        "me__letters/r1/sts13_FNWN.json",
    ]
    doc = json.loads((tmp_path / "results/me__letters/r1/STSBenchmark.json").read_text())
    assert doc["task_name"] == "STSBenchmark" and doc["mteb_version"] is None
    (subset,) = doc["scores"]["test"]
    assert subset["hf_subset"] == "default" and subset["languages"] == ["eng-Latn"]
    assert subset["main_score"] == subset["cosine_spearman"]
    assert subset["main_score"] == round(res.value("letters", "stsb:test"), 6)
    assert doc["evaluation_time"] > 0 and isinstance(doc["dataset_revision"], str)
    kept = doc["simeval"]["subsets"]["default"]
    assert len(kept["ids"]) == 1379 and set(kept["scores"]) == {"cosine", "manhattan", "euclidean"}
    # again, resuming: nothing is encoded, every number is the same
    CALLS.clear()
    again = _registered_run(shared_data, tmp_path / "results")
    assert CALLS == [] and again.resumed == {("sts13:FNWN", "letters"), ("stsb:test", "letters")}
    assert again.records == res.records
    assert mteb_task_results(again) == {}  # nothing new to write
    # another signature (two shards): scored again
    sharded = _registered_run(shared_data, tmp_path / "results", shards=2)
    assert CALLS and not sharded.resumed


def test_run_format_mteb_writes_the_files(shared_data: Path, tmp_path: Path, capsys) -> None:
    from simeval.cli import main

    out = tmp_path / "results"
    argv = [
        "run",
        "--model",
        "lexical:jaccard",
        "--dataset",
        "sts13:FNWN",
        "--data-dir",
        str(shared_data),
        "--format",
        "mteb",
        "--output-dir",
        str(out),
        "--bootstrap",
        "0",
    ]
    assert main(argv) == 0
    table = capsys.readouterr().out
    doc = json.loads((out / "lexical_jaccard/no_revision_available/sts13_FNWN.json").read_text())
    (subset,) = doc["scores"]["test"]
    assert subset["main_score"] == subset["spearman"] and f"{subset['spearman']:.4f}" in table
    assert main([*argv, "--resume"]) == 0
    assert "read back from --output-dir" in capsys.readouterr().err
    assert main([*argv[:-4], "--format", "json"]) == 0  # --output-dir needs --format mteb
    capsys.readouterr()
    assert main([*argv, "--protocol", "senteval"]) == 2
    assert "use --protocol mteb" in capsys.readouterr().err


def test_resume_refuses_a_saved_file_edited_by_hand(
    shared_data: Path, tmp_path: Path, capsys
) -> None:
    """A saved file whose signature matches but whose scores or ids are not what simeval
    wrote (a string, a list cut short, a foreign or repeated id) is one line naming the
    file and the field, not a traceback or a silent mismatch; the file is left as it is."""
    from simeval.cli import main

    out = tmp_path / "results"
    argv = ["run", "--model", "lexical:jaccard", "--dataset", "sts13:FNWN", "--data-dir",
            str(shared_data), "--format", "mteb", "--output-dir", str(out), "-q"]  # fmt: skip
    assert main(argv) == 0
    capsys.readouterr()
    path = out / "lexical_jaccard/no_revision_available/sts13_FNWN.json"
    saved = json.loads(path.read_text())
    kept = saved["simeval"]["subsets"]["default"]
    first = kept["ids"][0]
    for edit, said in [
        (lambda k: k["scores"]["jaccard"].__setitem__(0, "x"),
         "simeval.subsets.default.scores.jaccard[0] is 'x'; expected a number or null"),
        (lambda k: k["scores"]["jaccard"].__delitem__(slice(5, None)),
         "simeval.subsets.default.scores.jaccard holds 5 scores for 189 ids"),
        (lambda k: k["ids"].__setitem__(1, first),
         f"ids[1] is '{first}' where the data set's pair is"),
        (lambda k: k["ids"].__setitem__(0, "not-a-pair"),
         f"ids[0] is 'not-a-pair' where the data set's pair is '{first}'"),
        # were named without the file ("`system` has an infinite value", "system 'minilm'
        # value 1e+06 … outside the declared scale") or blamed on the model
        (lambda k: k["scores"]["jaccard"].__setitem__(3, float("inf")),
         "scores.jaccard[3] is inf; expected a finite number or null"),
        (lambda k: k["scores"]["jaccard"].__setitem__(3, float("nan")),
         "scores.jaccard[3] is nan; expected a finite number or null"),
        (lambda k: k["scores"]["jaccard"].__setitem__(4, 1e6),
         "scores.jaccard[4] is 1000000.0, outside jaccard's range [0, 1]"),
    ]:  # fmt: skip
        doc = json.loads(json.dumps(saved))
        edit(doc["simeval"]["subsets"]["default"])
        path.write_text(text := json.dumps(doc))
        assert main([*argv, "--resume"]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and f"{path}: " in err, err
        assert said in err and err.endswith("delete the file to score it again"), err
        assert path.read_text() == text  # untouched
    assert len(kept["ids"]) == 189


def test_the_output_dir_is_checked_before_any_work(shared_data: Path, tmp_path: Path, capsys):
    """An --output-dir inside what the run reads (the data set's folder) is refused before
    any model runs: one line, nothing written."""
    from simeval.cli import main

    inside = shared_data / "results-of-a-run"
    argv = ["run", "--model", "lexical:jaccard", "--dataset", "sts13:FNWN", "--data-dir",
            str(shared_data), "--format", "mteb", "--output-dir", str(inside)]  # fmt: skip
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--output-dir" in err and "--data-dir" in err
    assert not inside.exists()
