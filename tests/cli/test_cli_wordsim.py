"""``simeval wordsim`` and ``simeval datasets`` through ``simeval.cli.main``.

The RG65 figures are R wordspace 0.2-8's
(``eval.similarity.correlation(RG65, DSM_Vectors)``, printed to 15 digits): rho 0.687086130375066,
r 0.698423018988583, CI 0.547846723375507 … 0.805166278533653, missing 0.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from simeval.cli import main

KEYS = {"rho", "p_value", "missing", "r", "r_lower", "r_upper", "n", "reason", "signature"}


def _ws(shared_data: Path) -> tuple[str, str, str]:
    d = shared_data / "wordspace"
    return str(d / "DSM_Vectors.tsv.gz"), str(d / "RG65.tsv"), str(d / "WordSim353.tsv")


def test_json_one_dataset_equals_r(shared_data: Path, capsys) -> None:
    vec, rg65, _ = _ws(shared_data)
    assert main(["wordsim", "--vectors", vec, "--pairs", rg65, "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # one data set or several: the same document shape
    assert set(out) == {"kind", "schema", "signature", "vectors", "calibration", "records",
                        "fisher_z_mean"}  # fmt: skip
    assert out["fisher_z_mean"] is None
    (doc,) = out["records"]
    assert set(doc) == KEYS - {"signature"} | {"dataset"}
    assert doc["rho"] == pytest.approx(0.687086130375066, abs=1e-9)
    assert doc["r"] == pytest.approx(0.698423018988583, abs=1e-9)
    assert doc["r_lower"] == pytest.approx(0.547846723375507, abs=1e-9)
    assert doc["r_upper"] == pytest.approx(0.805166278533653, abs=1e-9)
    assert (doc["missing"], doc["n"]) == (0, 65)


def test_json_several_datasets(shared_data: Path, capsys) -> None:
    vec, rg65, ws353 = _ws(shared_data)
    assert (
        main(
            [
                "wordsim",
                "--vectors",
                vec,
                "--pairs",
                rg65,
                "--pairs",
                ws353,
                "--format",
                "json",
                "--quiet",
            ]
        )
        == 0
    )
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {"kind", "schema", "signature", "vectors", "calibration", "records",
                        "fisher_z_mean"}  # fmt: skip
    assert [r["dataset"] for r in doc["records"]] == ["RG65", "WordSim353"]
    assert all(set(r) >= KEYS - {"signature"} for r in doc["records"])
    assert doc["records"][1]["missing"] == 19  # SOURCE.md: 19 pairs not in DSM_Vectors
    # Fisher-z mean of the two rhos, by hand: tanh((atanh(a) + atanh(b)) / 2)
    import math

    a, b = (r["rho"] for r in doc["records"])
    assert doc["fisher_z_mean"] == pytest.approx(math.tanh((math.atanh(a) + math.atanh(b)) / 2))


def test_table_details_plot_and_unknown_words(shared_data: Path, tmp_path: Path, capsys) -> None:
    vec, rg65, ws353 = _ws(shared_data)
    details, png = tmp_path / "d.tsv", tmp_path / "p.png"
    argv = [
        "wordsim",
        "--vectors",
        vec,
        "--pairs",
        rg65,
        "--pairs",
        ws353,
        "--rank",
        "avg",
        "--avg-method",
        "harmonic",
        "--details",
        str(details),
    ]
    if pytest.importorskip("matplotlib"):
        argv += ["--plot", str(png)]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert "Fisher-z mean of rho" in out and "rank:avg|avg:harmonic" in out
    assert "19 unknown words" in err
    lines = details.read_text().splitlines()
    assert lines[0].split("\t") == ["dataset", "word1", "word2", "score", "distance", "missing"]
    assert len(lines) == 1 + 65 + 351
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_registered_datasets_with_data_dir_and_strip_pos(shared_data: Path, capsys) -> None:
    vec, _, _ = _ws(shared_data)
    assert (
        main(
            [
                "wordsim",
                "--vectors",
                vec,
                "--dataset",
                "rg65",
                "--dataset",
                "mc30",
                "--data-dir",
                str(shared_data),
                "--strip-pos",
                "vectors",
                "--restrict-to-task",
                "--format",
                "csv",
                "-q",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("dataset,n,missing,rho")
    assert [line.split(",")[0] for line in out[1:]] == ["rg65", "mc30", "Fisher-z mean of rho"]


def test_strip_pos_task_with_plain_vectors(shared_data: Path, tmp_path: Path, capsys) -> None:
    # Plain-word copy of DSM_Vectors: the RG65 figures must not change (all nouns).
    import gzip

    src = shared_data / "wordspace" / "DSM_Vectors.tsv.gz"
    rows = gzip.decompress(src.read_bytes()).decode().splitlines()
    seen, plain = set(), []
    for row in rows:
        word, rest = row.split("\t", 1)
        head = word.rsplit("_", 1)[0]
        if head not in seen:
            seen.add(head)
            plain.append(f"{head}\t{rest}")
    p = tmp_path / "plain.txt"
    p.write_text("\n".join(plain) + "\n")
    rg65 = str(shared_data / "wordspace" / "RG65.tsv")
    assert (
        main(["wordsim", "--vectors", str(p), "--pairs", rg65, "--strip-pos", "--format", "json"])
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    doc = out["records"][0]
    assert doc["rho"] == pytest.approx(0.687086130375066, abs=1e-9)
    assert "lemma:HW" in out["signature"]


def test_errors_exit_2(shared_data: Path, tmp_path: Path, capsys) -> None:
    vec, rg65, _ = _ws(shared_data)
    assert main(["wordsim", "--vectors", vec]) == 2
    assert "--dataset NAME or --pairs FILE" in capsys.readouterr().err
    assert main(["wordsim", "--vectors", str(tmp_path / "none.txt"), "--pairs", rg65]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["wordsim", "--vectors", vec, "--dataset", "nope"]) == 2
    assert "unknown dataset" in capsys.readouterr().err


def test_pairs_file_errors_name_the_file_line_and_flag(
    shared_data: Path, tmp_path: Path, capsys
) -> None:
    # were: "nan: pair 4 (…) has no finite score" (the stem, the pair's number) and, for a
    # score column taken as words, a hint about POS tags
    vec, rg65, _ = _ws(shared_data)
    pairs = tmp_path / "nan.tsv"
    pairs.write_text("word1\tword2\tscore\ncord_N\tsmile_N\t0.02\nfruit_N\tfurnace_N\tNaN\n")
    assert main(["wordsim", "--vectors", vec, "--pairs", str(pairs)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"simeval: error: {pairs}, line 3: score 'NaN' is not a finite number"
    assert main(["wordsim", "--vectors", vec, "--pairs", rg65, "--word1", "score"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("RG65.tsv: --word1 and --score name the same column; give each its own")
    # an empty word was read as the word "", unknown, and the pair counted as missing
    pairs.write_text("word1\tword2\tscore\ncord_N\tsmile_N\t0.02\n\tfurnace_N\t1\n")
    assert main(["wordsim", "--vectors", vec, "--pairs", str(pairs)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"simeval: error: {pairs}, line 3: word1 is empty; every pair needs two words"


def test_datasets_command(shared_data: Path, tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path))
    assert main(["datasets", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["datasets"]) == 13 and all(d["cached"] is None for d in doc["datasets"])
    assert main(["datasets", "--data-dir", str(shared_data)]) == 0
    out = capsys.readouterr().out
    assert "EN-RG-65.txt" in out and "simverb3500" in out
    # a cached file that is not the registered one was listed as cached
    (tmp_path / "wordsim").mkdir()
    damaged = tmp_path / "wordsim" / "EN-RG-65.txt"
    damaged.write_bytes((shared_data / "wordsim-rg65" / "EN-RG-65.txt").read_bytes() + b"x\n")
    assert main(["datasets", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert next(d for d in json.loads(out)["datasets"] if d["name"] == "rg65")["cached"] is None
    assert "EN-RG-65.txt: SHA-256 does not match rg65's registered one" in err


def test_datasets_citations_fit_100_columns(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path))
    assert main(["datasets", "--citations"]) == 0
    out = capsys.readouterr().out
    assert max(len(ln) for ln in out.splitlines()) <= 100
    assert "Rubenstein, H., Goodenough, J. B. (1965)" in out and "--format json" in out
    assert main(["datasets", "--citations", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["datasets"][0]["url"].endswith("EN-RG-65.txt")


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        (["--p", "3"], "--p is the exponent of --method minkowski"),
        (["--method", "euclidean", "--similarity"], "--similarity applies to --method cosine"),
        (["--avg-method", "harmonic"], "--avg-method applies with --rank avg only"),
    ],
)
def test_options_without_effect_are_refused(shared_data: Path, capsys, extra, needle) -> None:
    vec, rg65, _ = _ws(shared_data)
    assert main(["wordsim", "--vectors", vec, "--pairs", rg65, *extra]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith(f"simeval: error: {needle}")


def test_undefined_correlation_carries_its_reason(shared_data: Path, tmp_path, capsys) -> None:
    # three pairs with the same gold score: a correlation with a constant is undefined
    vec, _, _ = _ws(shared_data)
    flat = tmp_path / "flat.tsv"
    flat.write_text("word1\tword2\tscore\ncar_N\tdog_N\t3\ncar_N\tcat_N\t3\ncar_N\tbus_N\t3\n")
    assert main(["wordsim", "--vectors", vec, "--pairs", str(flat), "-q", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)["records"][0]
    assert doc["rho"] is None and doc["reason"] == "undefined: the gold scores are constant"
    assert main(["wordsim", "--vectors", vec, "--pairs", str(flat), "-q"]) == 0
    assert "[1] undefined: the gold scores are constant" in capsys.readouterr().out


def test_vectors_from_standard_input(tmp_path: Path, monkeypatch, capsys) -> None:
    # `--vectors -` was refused ("--vectors and --vectors - both read standard input"):
    # the option was declared twice. Two orthogonal and two equal vectors: cosines 0 and 1.
    import io
    import sys

    (tmp_path / "pairs.tsv").write_text("word1\tword2\tscore\na\tb\t1\nc\td\t5\na\tc\t3\n")
    text = "a 1 0\nb 0 1\nc 1 1\nd 1 1\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    rc = main(["wordsim", "--vectors", "-", "--pairs", str(tmp_path / "pairs.tsv"),
               "--similarity", "--details", str(tmp_path / "d.tsv"), "-q"])  # fmt: skip
    assert rc == 0, capsys.readouterr().err
    rows = (tmp_path / "d.tsv").read_text().splitlines()
    values = [float(line.split("\t")[3]) for line in rows[1:]]
    assert values == pytest.approx([0.0, 1.0, 2**-0.5], abs=1e-12)
