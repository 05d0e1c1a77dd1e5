"""Score-file readers: CSV, TSV, JSONL, Parquet and SemEval-style files.

Each test writes a small file to ``tmp_path``; the expected values are the numbers written.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from simeval.errors import DataError
from simeval.io import parse_system_spec, read_scores, read_table, read_text


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_csv_with_header(tmp_path: Path) -> None:
    p = _write(tmp_path / "gold.csv", "id,score,label\na,1.5,x\nb,3,y\nc,4.25,x\n")
    values, table = read_scores(p)
    assert values.tolist() == [1.5, 3.0, 4.25]
    assert table.kind == "table"
    assert table.lines == [2, 3, 4]
    assert table.column("label") == ["x", "y", "x"]


def test_csv_quoted_field(tmp_path: Path) -> None:
    p = _write(tmp_path / "gold.csv", 'sent,score\n"a, b",2\n"c ""d""",3\n')
    values, table = read_scores(p)
    assert values.tolist() == [2.0, 3.0]
    assert table.column("sent") == ["a, b", 'c "d"']


def test_tsv_with_header_and_stray_quotes(tmp_path: Path) -> None:
    # STS files hold unbalanced quotes inside tab-separated text (QUOTE_NONE).
    p = _write(tmp_path / "gold.tsv", 'sent1\tsent2\tsim\nHe said "hi\tok\t0.5\nx\ty\t5\n')
    values, table = read_scores(p, "sim")
    assert values.tolist() == [0.5, 5.0]
    assert table.column("sent1") == ['He said "hi', "x"]


def test_jsonl(tmp_path: Path) -> None:
    lines = [{"id": 1, "score": 0.25}, {"id": 2, "score": 4}, {"id": 3, "score": None}]
    p = _write(tmp_path / "sys.jsonl", "\n".join(json.dumps(x) for x in lines) + "\n\n")
    values, table = read_scores(p)
    assert values[:2].tolist() == [0.25, 4.0]
    assert math.isnan(values[2])  # null is a missing value, left to nan_policy
    assert table.lines == [1, 2, 3]


def test_parquet(tmp_path: Path) -> None:
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    p = tmp_path / "sys.parquet"
    pd.DataFrame({"id": ["a", "b", "c"], "cosine": [0.1, -0.5, 0.9]}).to_parquet(p)
    values, table = read_scores(p, "cosine")
    assert values.tolist() == [0.1, -0.5, 0.9]
    assert table.where == "row"


def test_one_number_per_line_with_blank_lines(tmp_path: Path) -> None:
    # SemEval style: every blank line is a missing score, trailing ones too (the 2015 gold
    # files end with unscored pairs); the file's final newline is not a line.
    p = _write(tmp_path / "STS.output.txt", "1.5\n\n3.25\n  4 \n0\n\n\n")
    values, table = read_scores(p)
    assert table.kind == "numbers"
    assert len(values) == 7
    assert values[[0, 2, 3, 4]].tolist() == [1.5, 3.25, 4.0, 0.0]
    assert np.isnan(values[[1, 5, 6]]).all()


def test_one_number_per_line_nan_text_is_missing(tmp_path: Path) -> None:
    p = _write(tmp_path / "sys.txt", "1\nNaN\n2\n")
    values, _ = read_scores(p)
    assert np.isnan(values).tolist() == [False, True, False]


def test_two_values_on_a_line_is_an_error(tmp_path: Path) -> None:
    p = _write(tmp_path / "sys.txt", "1\n2 3\n")
    with pytest.raises(DataError, match="line 2"):
        read_scores(p)


@pytest.mark.parametrize(
    ("name", "text", "column", "pattern"),
    [
        ("sys.txt", "1\nabc\n3\n", None, r"line 2.*'abc'"),
        ("sys.txt", "1\n2\ninf\n", None, r"line 3.*infinite"),
        ("sys.csv", "id,score\na,1\nb,x2\n", None, r"line 3, column 'score'"),
        ("sys.csv", "id,score\na,1\nb,-inf\n", None, r"line 3, column 'score'"),
        ("sys.csv", "id,score\na,1\n", "sim", r"no column 'sim'.*id, score"),
        ("sys.csv", "id,score\na,1,2\n", None, r"line 2: 3 fields"),
        ("sys.csv", "score,score\n1,2\n", None, r"duplicate column"),
        ("sys.csv", "id,score\n", None, r"no rows"),
        ("sys.jsonl", '{"score": 1}\n{"score": \n', None, r"line 2.*JSON"),
        ("sys.jsonl", '{"score": 1}\n[1, 2]\n', None, r"line 2"),
    ],
)
def test_bad_files_name_the_place(
    tmp_path: Path, name: str, text: str, column: str | None, pattern: str
) -> None:
    p = _write(tmp_path / name, text)
    with pytest.raises(DataError, match=pattern) as info:
        read_scores(p, column)
    assert name in str(info.value)
    assert "\n" not in str(info.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="no such file"):
        read_table(tmp_path / "nope.txt")


def test_empty_file(tmp_path: Path) -> None:
    p = _write(tmp_path / "empty.txt", "\n  \n")
    with pytest.raises(DataError, match="empty"):
        read_table(p)


def test_directory_is_not_a_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="directory"):
        read_table(tmp_path)


def test_default_column_rules(tmp_path: Path) -> None:
    # No column named: 'score' if present, else the only column.
    p = _write(tmp_path / "one.csv", "cosine\n0.1\n0.2\n")
    assert read_scores(p)[0].tolist() == [0.1, 0.2]
    p = _write(tmp_path / "two.csv", "a,b\n0.1,0.3\n0.2,0.4\n")
    with pytest.raises(DataError, match="which column"):
        read_scores(p)


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("minilm=runs/minilm.txt", ("minilm", "runs/minilm.txt", None)),
        ("minilm=runs/minilm.tsv:cosine", ("minilm", "runs/minilm.tsv", "cosine")),
    ],
)
def test_parse_system_spec(spec: str, expected: tuple) -> None:
    assert parse_system_spec(spec) == expected


def test_parse_system_spec_existing_path_with_colon(tmp_path: Path) -> None:
    p = _write(tmp_path / "a:b.txt", "1\n")
    assert parse_system_spec(f"x={p}") == ("x", str(p), None)


@pytest.mark.parametrize("spec", ["noequals", "=file.txt", "name="])
def test_parse_system_spec_rejects(spec: str) -> None:
    with pytest.raises(DataError):
        parse_system_spec(spec)


@pytest.mark.parametrize("name", ["scores.csv", "scores.tsv"])
def test_headerless_numbers_in_csv_are_not_a_header(tmp_path: Path, name: str) -> None:
    # One number per line saved as .csv/.tsv: the first line is a score, not a column
    # name. Reading it as a header silently drops the first pair (a score file is a table
    # *with a header*, or one number per line). Either read all three values or refuse.
    p = _write(tmp_path / name, "0.5\n1\n2\n")
    try:
        values, _ = read_scores(p)
    except DataError as exc:
        assert name in str(exc)
        return
    assert values.tolist() == [0.5, 1.0, 2.0]


def test_gzip_and_comment_lines(tmp_path: Path) -> None:
    """A .gz table is decompressed; with comment="#" comment lines are skipped and the
    line numbers in messages stay the file's (line 5 below is the bad one)."""
    import gzip

    from simeval.io import read_table

    p = tmp_path / "scores.tsv.gz"
    with gzip.open(p, "wt", encoding="utf-8") as fh:
        fh.write("# a comment\nid\tscore\n# another\na\t1.5\nb\tx\n")
    table = read_table(p, comment="#")
    assert table.columns["id"] == ["a", "b"]
    assert table.lines == [4, 5]
    with pytest.raises(DataError, match=r"line 5, column 'score': 'x' is not a number"):
        table.numbers("score")


# -- robust readers: long fields, no line breaks, encodings ---------------------------------


def test_field_longer_than_csv_default_limit_is_read(tmp_path: Path) -> None:
    # csv's default field_size_limit is 131 072 characters (Python docs, csv module)
    text = "x" * 200_000
    p = _write(tmp_path / "gold.csv", f'score,text\n1.5,"{text}"\n2.5,short\n')
    table = read_table(p)
    assert table.column("text")[0] == text
    assert table.numbers("score").tolist() == [1.5, 2.5]


def test_file_without_line_breaks_stops_at_the_line_cap(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"/dev/zero, line 1: longer than 1 MiB"):
        read_table("/dev/zero")
    p = tmp_path / "long.txt"
    p.write_bytes(b"1\n2\n" + b"9" * 50 + b"\n")
    with pytest.raises(DataError, match=r"long.txt, line 3: longer than 40 bytes"):
        read_text(p, max_line=40)


def test_non_utf8_names_line_and_byte(tmp_path: Path) -> None:
    p = tmp_path / "latin1.tsv"
    p.write_bytes("id\tscore\ncafé\t1\n".encode("latin-1"))
    # "id\tscore\n" is 9 bytes, "caf" 3 more: the é (0xE9) is byte 12 (from 0), on line 2
    with pytest.raises(DataError, match=r"latin1.tsv, line 2 \(byte 12\): not UTF-8 .*UTF-8"):
        read_table(p)


def test_non_utf8_stopwords_is_one_line(tmp_path: Path) -> None:
    from simeval.paraphrase.text import read_stopwords

    p = tmp_path / "stop.txt"
    p.write_bytes(b"and\n\xe9t\xe9\n")
    with pytest.raises(DataError, match=r"stop.txt, line 2 \(byte 4\): not UTF-8"):
        read_stopwords(p)


def test_gzip_is_recognised_by_its_bytes(tmp_path: Path) -> None:
    import gzip

    p = tmp_path / "gold.txt"  # no .gz suffix
    p.write_bytes(gzip.compress(b"1\n2.5\n"))
    assert read_text(p) == "1\n2.5\n"


# -- header-less files and columns by number ----------------------------------------------


def test_headerless_columns_are_numbered_and_rows_may_be_longer(tmp_path: Path) -> None:
    p = _write(tmp_path / "sts.csv", 'g\tf\t0001\t2.5\tA "x\tB\ng\tf\t0002\t4\tC\tD\textra\n')
    table = read_table(p, header=False)
    assert list(table.columns) == ["1", "2", "3", "4", "5", "6", "7"]
    assert table.numbers("4").tolist() == [2.5, 4.0]
    assert table.column("5") == ['A "x', "C"]  # quotes kept: TSV is read without quoting
    assert table.column("7") == ["", "extra"]
    assert table.lines == [1, 2]


def test_column_by_number_in_a_file_with_header(tmp_path: Path) -> None:
    p = _write(tmp_path / "s.csv", "id,a,b\nx,1,2\ny,3,4\n")
    table = read_table(p)
    assert table.numbers("3").tolist() == [2.0, 4.0]
    with pytest.raises(DataError, match="no column 4; the file has 3 column"):
        table.column("4")


def test_numeric_header_asks_for_no_header(tmp_path: Path) -> None:
    p = _write(tmp_path / "n.csv", "1,2.5,3\n4,5,6\n")
    with pytest.raises(DataError, match=r"first line of .*n\.csv looks like data.*header=False"):
        read_table(p)


# -- through the command line -------------------------------------------------------------


def _main(capsys, *argv: object) -> tuple[int, str, str]:
    from simeval.cli import main

    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def test_stsb_without_header_end_to_end(shared_data: Path, tmp_path: Path, capsys) -> None:
    import csv

    from scipy import stats

    gold_file = shared_data / "stsbenchmark" / "sts-test.csv"
    if not gold_file.exists():
        pytest.skip(f"{gold_file} not found")
    # the reference reading: tab-separated, no header, no quoting; the score is field 5
    with gold_file.open(encoding="utf-8", newline="") as fh:
        gold = [float(row[4]) for row in csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)]
    system = [(7 * i) % 11 / 2.0 for i in range(len(gold))]
    sys_file = tmp_path / "x.txt"
    sys_file.write_text("".join(f"{v!r}\n" for v in system), encoding="utf-8")
    rc, out, err = _main(
        capsys, "evaluate", gold_file, "--no-header", "--gold-column", "5",
        "--system", f"x={sys_file}", "--metric", "pearson", "--format", "json", "--quiet",
    )  # fmt: skip
    assert rc == 0, err
    doc = json.loads(out)
    (rec,) = [r for r in doc["records"] if r["metric"] == "pearson" and r["bin"] is None]
    assert rec["n"] == len(gold) == 1379  # the row count of sts-test.csv (its SOURCE.md)
    assert rec["value"] == pytest.approx(stats.pearsonr(gold, system).statistic, abs=1e-12)


def test_format_follows_the_output_suffix(tmp_path: Path, capsys) -> None:
    gold = _write(tmp_path / "g.txt", "1\n2\n3\n4\n")
    a = _write(tmp_path / "a.txt", "1\n3\n2\n4\n")
    base = ["evaluate", gold, "--system", f"a={a}", "--metric", "pearson", "--quiet"]
    assert _main(capsys, *base, "-o", tmp_path / "r.csv")[0] == 0
    assert (tmp_path / "r.csv").read_text().startswith("system,metric,bin,value,")
    assert _main(capsys, *base, "-o", tmp_path / "r.json")[0] == 0
    assert json.loads((tmp_path / "r.json").read_text())["records"][0]["system"] == "a"
    rc, _, err = _main(capsys, *base, "--format", "json", "-o", tmp_path / "x.csv")
    assert rc == 2 and "--format json but --output" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "x.csv").exists()


def test_python_dash_m_simeval() -> None:
    import os
    import subprocess
    import sys

    import simeval

    env = {**os.environ, "PYTHONPATH": str(Path(simeval.__file__).parents[1])}
    done = subprocess.run(
        [sys.executable, "-m", "simeval", "--version"], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0 and done.stdout.startswith("simeval ")


def test_datasets_with_a_missing_data_dir(capsys) -> None:
    rc, out, err = _main(capsys, "datasets", "--data-dir", "/nonexistent")
    assert rc == 2 and out == ""
    assert err.strip() == "simeval: error: --data-dir /nonexistent: no such folder; check the path"


def test_digit_separators_are_not_numbers(tmp_path: Path) -> None:
    # Python's float("1_000") is 1000.0 (PEP 515); a score file that holds it is mistyped
    from simeval.io import read_table

    p = tmp_path / "scores.tsv"
    p.write_text("id\tscore\na\t1.5\nb\t1_000\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"line 3, column 'score': '1_000' is not a number"):
        read_table(p).numbers("score")


def test_trailing_delimiters_name_no_column(tmp_path: Path) -> None:
    # A tab at the end of the header and of some rows (as in WordSim-353's set1.tab) adds
    # an empty field, not a column; a value after it is still an error.
    from simeval.io import read_table

    p = tmp_path / "t.tsv"
    p.write_text("w\tscore\t\r\na\t1.5\t\r\nb\t2\r\n", encoding="utf-8")
    table = read_table(p)
    assert list(table.columns) == ["w", "score"]
    assert table.numbers("score").tolist() == [1.5, 2.0]
    p.write_text("w\tscore\t\na\t1.5\tx\nb\t2\n", encoding="utf-8")
    with pytest.raises(DataError, match="line 2: 3 fields but the header has 2"):
        read_table(p)


def test_wordsim353_set1_reads_as_a_table(shared_data: Path) -> None:
    # set1.tab (Finkelstein et al. 2002): 153 pairs; the words, the mean, 13 raters
    from simeval.io import read_table

    table = read_table(shared_data / "wordsim-ws353" / "set1.tab")
    assert list(table.columns) == ["Word 1", "Word 2", "Human (mean)", *map(str, range(1, 14))]
    assert len(table.lines) == 153
    assert table.numbers("Human (mean)")[0] == 6.77  # love - sex, the file's first row
