"""Score files through the command line, read by either C parser (pyarrow's CSV reader, or
pandas' where pyarrow is hidden) or from Parquet: the same scores, the same pairing by id,
and the same one-line errors, each naming the line of the file where the problem is.

Expected values: Pearson's r from ``scipy.stats.pearsonr`` on the pairs as written in the
test; line numbers counted by hand (the header is line 1, so row k of the data is line
k + 1); Parquet rows count from 1 without a header.
"""

from __future__ import annotations

import gc
import json
from pathlib import Path

import numpy as np
import pytest
from clitools import assert_error, run
from scipy import stats

from simeval.io import delimited

pa = pytest.importorskip("pyarrow")

IDS = [f"p{i}" for i in range(12)]
GOLD = [0.2, 1.4, 2.0, 3.6, 4.8, 0.0, 2.2, 3.0, 5.0, 1.0, 4.2, 2.6]
SYSTEM = [0.5, 1.1, 2.4, 3.1, 4.4, 0.3, 2.0, 3.3, 4.6, 1.5, 3.9, 2.8]


def _tsv(path: Path, ids: list[str], scores: list[object]) -> Path:
    path.write_text("id\tscore\n" + "".join(f"{i}\t{s}\n" for i, s in zip(ids, scores)))
    return path


def _evaluate(capsys, gold: Path, system: Path, *extra: str) -> tuple[int, str, str]:
    return run(
        capsys,
        "evaluate",
        gold,
        "--system",
        f"s={system}",
        "--id-column",
        "id",
        "--metric",
        "pearson",
        "--format",
        "json",
        "--scale",
        "0",
        "5",
        *extra,
    )


def _shuffled(order: list[int], values: list[object]) -> list[object]:
    return [values[k] for k in order]


@pytest.fixture(params=["pyarrow", "pandas"])
def engine(request, monkeypatch) -> str:
    if request.param == "pandas":
        monkeypatch.setattr(delimited, "_has_pyarrow", lambda: False)
    return str(request.param)


ORDER = [11, 3, 0, 7, 5, 1, 9, 2, 10, 4, 8, 6]  # the system file's rows, by gold pair


def test_in_order_and_shuffled_files_give_scipy_pearson(capsys, tmp_path, engine) -> None:
    gold = _tsv(tmp_path / "gold.tsv", IDS, GOLD)
    expected = stats.pearsonr(GOLD, SYSTEM).statistic
    in_order = _tsv(tmp_path / "same.tsv", IDS, SYSTEM)
    shuffled = _tsv(tmp_path / "shuffled.tsv", _shuffled(ORDER, IDS), _shuffled(ORDER, SYSTEM))
    for system in (in_order, shuffled):
        rc, out, err = _evaluate(capsys, gold, system)
        assert rc == 0, err
        value = json.loads(out)["records"][0]["value"]
        assert value == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("shuffle", [False, True])
def test_a_bad_cell_names_its_line_in_the_file(capsys, tmp_path, engine, shuffle) -> None:
    scores: list[object] = list(SYSTEM)
    scores[7] = "0.3x"  # pair p7
    ids = _shuffled(ORDER, IDS) if shuffle else IDS
    written = _shuffled(ORDER, scores) if shuffle else scores
    system = _tsv(tmp_path / "s.tsv", ids, written)
    line = ids.index("p7") + 2  # header on line 1; shuffled: row 3, line 5
    gold = _tsv(tmp_path / "gold.tsv", IDS, GOLD)
    rc, out, err = _evaluate(capsys, gold, system)
    assert_error(rc, out, err, f"s.tsv, line {line}, column 'score'", "'0.3x' is not a number")


@pytest.mark.parametrize("shuffle", [False, True])
def test_off_scale_and_missing_scores_name_the_file_line(capsys, tmp_path, shuffle) -> None:
    scores: list[object] = list(SYSTEM)
    scores[9] = 7.5  # pair p9, off the system scale [0, 5]
    ids = _shuffled(ORDER, IDS) if shuffle else IDS
    system = _tsv(tmp_path / "s.tsv", ids, _shuffled(ORDER, scores) if shuffle else scores)
    gold = _tsv(tmp_path / "gold.tsv", IDS, GOLD)
    line = ids.index("p9") + 2  # in order: line 11; shuffled: row 7, line 8
    rc, out, err = _evaluate(capsys, gold, system, "--system-scale", "0", "5")
    assert_error(rc, out, err, f"s.tsv, line {line}, column 'score'", "7.5 is outside")
    scores[9] = ""  # now missing
    system = _tsv(tmp_path / "s.tsv", ids, _shuffled(ORDER, scores) if shuffle else scores)
    rc, out, err = _evaluate(capsys, gold, system)
    assert_error(rc, out, err, f"s.tsv, line {line}, column 'score'", "missing score")


def test_both_engines_give_the_same_values_and_errors(capsys, tmp_path, monkeypatch) -> None:
    gold = _tsv(tmp_path / "gold.tsv", IDS, GOLD)
    good = _tsv(tmp_path / "good.tsv", _shuffled(ORDER, IDS), _shuffled(ORDER, SYSTEM))
    duplicate = _tsv(tmp_path / "dup.tsv", [*IDS, "p4"], [*SYSTEM, 1.0])
    missing = _tsv(tmp_path / "missing.tsv", IDS[:-2], SYSTEM[:-2])
    outputs = {}
    for engine in ("pyarrow", "pandas"):
        with monkeypatch.context() as m:
            if engine == "pandas":
                m.setattr(delimited, "_has_pyarrow", lambda: False)
            outputs[engine] = [_evaluate(capsys, gold, f) for f in (good, duplicate, missing)]
    assert outputs["pyarrow"] == outputs["pandas"]
    (rc, out, err), dup, miss = outputs["pyarrow"]
    assert rc == 0 and err == ""
    value = json.loads(out)["records"][0]["value"]
    assert value == pytest.approx(stats.pearsonr(GOLD, SYSTEM).statistic, abs=1e-12)
    assert_error(*dup, "dup.tsv: id 'p4' appears twice (lines 6 and 14)")
    assert_error(*miss, "missing.tsv: 2 gold id(s) have no score (first: 'p10')")


def test_parquet_rows_are_named_as_rows(capsys, tmp_path) -> None:
    pd = pytest.importorskip("pandas")
    gold = _tsv(tmp_path / "gold.tsv", IDS, GOLD)
    scores = list(SYSTEM)
    scores[4] = 9.0  # row 5 of the file
    path = tmp_path / "s.parquet"
    pd.DataFrame({"id": IDS, "score": scores}).to_parquet(path, row_group_size=5)
    rc, out, err = _evaluate(capsys, gold, path, "--system-scale", "0", "5")
    assert_error(rc, out, err, f"{path}, row 5, column 'score'", "9 is outside")


@pytest.mark.parametrize("suffix", ["tsv", "parquet"])
def test_the_inputs_hold_no_arrow_memory(tmp_path, suffix) -> None:
    # what the files were read into is freed once the scores are aligned: only numpy
    # arrays of scores come back
    pd = pytest.importorskip("pandas")
    from simeval.cli import build_parser
    from simeval.cli.gold_and_systems import load_inputs

    paths = {}
    for name, scores in (("gold", GOLD), ("s", SYSTEM)):
        frame = pd.DataFrame({"id": IDS, "score": scores})
        paths[name] = tmp_path / f"{name}.{suffix}"
        if suffix == "tsv":
            frame.to_csv(paths[name], sep="\t", index=False)
        else:
            frame.to_parquet(paths[name])
    argv = ["evaluate", str(paths["gold"]), "--system", f"s={paths['s']}", "--id-column", "id"]
    pools = (pa.default_memory_pool(), pa.system_memory_pool())
    gc.collect()
    before = [pool.bytes_allocated() for pool in pools]
    gold, systems, _ = load_inputs(build_parser(only="evaluate").parse_args(argv))
    gc.collect()
    assert [pool.bytes_allocated() for pool in pools] == before
    assert gold.tolist() == GOLD and systems["s"].tolist() == SYSTEM
    assert isinstance(systems["s"], np.ndarray)
