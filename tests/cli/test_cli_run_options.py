"""Every option of run and score that says how the models run has an effect: --batch-size
(the signature, and the cache key), --prompt and --prompt-name (the scores), --similarity
(the scores), --device (cuda where torch sees no GPU is an error naming it), --executor
and --shards (the same numbers, the signature says the shards). On sts13:FNWN (189 pairs),
the smallest registered set; the model is the real all-MiniLM-L6-v2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clitools import assert_error, run

DATASET = "sts13:FNWN"


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path / "simeval-home"))


def _run(capsys, shared: Path, model: str, *extra) -> dict:
    argv = ["run", "--model", model, "--dataset", DATASET, "--data-dir", shared,
            "--bootstrap", "0", "--format", "json", "--quiet", *extra]  # fmt: skip
    rc, out, err = run(capsys, *argv)
    assert rc == 0, err
    return json.loads(out)


def _main(doc: dict, metric: str | None = None) -> float:
    (row,) = [r for r in doc["records"] if (r["metric"] == metric if metric else r["main"])]
    return row["value"]


def _prompted_copy(folder: Path, target: Path) -> Path:
    """MiniLM with a prompt named 'query' in its configuration (sentence-transformers'
    config_sentence_transformers.json ``prompts``)."""
    for path in folder.rglob("*"):
        if path.is_file():
            link = target / path.relative_to(folder)
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(path)
    config_path = target / "config_sentence_transformers.json"
    config = json.loads(config_path.read_text())
    config_path.unlink()
    config_path.write_text(json.dumps({**config, "prompts": {"query": "query: "}}))
    return target


def test_the_model_options_of_run(shared_data, tmp_path, capsys) -> None:
    pytest.importorskip("sentence_transformers", reason="needs the 'models' extra")
    from simeval.scorers.sentence_transformers import minilm_folder

    base = _run(capsys, shared_data, "minilm")
    batch = _run(capsys, shared_data, "minilm", "--batch-size", "8")
    assert "batch:8" in batch["signature"] and "batch:" not in base["signature"]
    assert _main(batch) == pytest.approx(_main(base), abs=1e-5)  # padding: the last bits
    prompted = _run(capsys, shared_data, "minilm", "--prompt", "query: ")
    assert _main(prompted) != _main(base) and "prompt:given" in prompted["signature"]
    manhattan = _run(capsys, shared_data, "minilm", "--similarity", "manhattan")
    assert "sim:manhattan" in manhattan["signature"]
    # MTEB's main score stays the cosine's; the model's own similarity is now −L1
    assert _main(manhattan) == _main(base)
    assert _main(manhattan, "spearman") == _main(base, "manhattan_spearman")
    assert _main(manhattan, "spearman") != _main(base, "spearman")
    copy = _prompted_copy(minilm_folder(), tmp_path / "prompted")
    named = _run(capsys, shared_data, f"st:{copy}", "--prompt-name", "query")
    given = _run(capsys, shared_data, f"st:{copy}", "--prompt", "query: ")
    assert _main(named) == _main(given) != _main(_run(capsys, shared_data, f"st:{copy}"))
    import torch

    if not torch.cuda.is_available():
        argv = ["run", "--model", "minilm", "--dataset", DATASET, "--data-dir", shared_data,
                "--device", "cuda"]  # fmt: skip
        assert_error(*run(capsys, *argv), "device 'cuda': torch sees none here")
    assert _run(capsys, shared_data, "minilm", "--device", "cpu")["records"] == base["records"]


def test_options_no_model_takes_are_refused(shared_data, capsys) -> None:
    argv = ["run", "--model", "lexical:jaccard", "--dataset", DATASET, "--data-dir", shared_data]
    assert_error(*run(capsys, *argv, "--device", "cpu"), "--device cpu applies to none")
    assert_error(*run(capsys, *argv, "--similarity", "dot"), "--similarity dot applies to none")
    argv[0] = "score"
    assert_error(*run(capsys, *argv, "--batch-size", "4", "-o", "x.tsv"), "--batch-size 4")


def test_executor_and_shards(shared_data, capsys) -> None:
    pytest.importorskip("distributed", reason="needs the 'dask' extra")
    base = _run(capsys, shared_data, "lexical:char-tfidf")
    sharded = _run(capsys, shared_data, "lexical:char-tfidf", "--shards", "3")
    assert sharded["records"] == base["records"] and "shards:3" in sharded["signature"]
    dask = _run(capsys, shared_data, "lexical:char-tfidf", "--executor", "dask", "--shards", "2")
    assert dask["records"] == base["records"]
    argv = ["run", "--model", "lexical:jaccard", "--dataset", DATASET, "--data-dir", shared_data]
    assert_error(
        *run(capsys, *argv, "--executor", "slurm"), "--executor slurm: the executor is local, dask"
    )


def test_messages_name_what_is_wrong(shared_data, tmp_path, capsys) -> None:
    # were "give each model once" for a data set, and "the folder … does not exist" for
    # an --output-dir that is a file
    base = ["run", "--model", "lexical:jaccard", "--data-dir", shared_data]
    rc, out, err = run(capsys, *base, "--dataset", "sts13:FNWN", "--dataset", "sts13:FNWN")
    assert out == ""
    assert rc == 2 and "--dataset sts13:FNWN is given twice; give each data set once" in err
    afile = tmp_path / "fnwn.tsv"
    afile.write_text("kept\n")
    assert_error(*run(capsys, *base, "--dataset", "sts13:FNWN", "--format", "mteb",
                      "--output-dir", afile), f"{afile} is a file, not a folder")  # fmt: skip
    assert afile.read_text() == "kept\n"
