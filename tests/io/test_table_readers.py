"""The C-parser reader of score tables gives what the line-by-line reader gives.

``read_table`` parses a file in the regular layout with pyarrow's CSV reader (pandas' C
parser without pyarrow) and hands anything else to the line-by-line reader. Each file
below is read three ways: pyarrow, pandas (pyarrow hidden), and the line-by-line reader
alone (the C parser switched off). The reference is the line-by-line reader: the file's
lines through ``str.splitlines`` and ``csv``, each score Python's ``float`` of the
stripped text. Every reading must agree with it: the columns' values (``column``), their
scores or the error message (``numbers``), the ids or their error (``ids_of``), the line
of each row and the message of a file refused outright. The files marked regular must be
taken by the C parser (else this test would compare the line reader with itself).
"""

from __future__ import annotations

import csv
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from simeval.errors import DataError
from simeval.io import delimited, ids_of, read_table, tables

#: name → (file text, read with a header, regular: the C parser takes it)
FILES: dict[str, tuple[str, bool, bool]] = {
    "plain.csv": ("id,score,label\na,1.5,x\nb,3,y\nc,4.25,x\n", True, True),
    "quoted.csv": ('sent,score\n"a, b",2.5\n"c ""d""",3.5\n', True, True),
    "stray_quotes.tsv": ('s1\ts2\tsim\nHe said "hi\tok\t0.5\nx\t"y\t5.0\n', True, True),
    "bom_crlf.tsv": ("\ufeffid\tscore\r\na\t0.5\r\nb\t1.5\r\n", True, True),
    "cr_only.tsv": ("id\tscore\ra\t0.5\rb\t1.5\r", True, True),
    "blank_lines.tsv": ("id\tscore\na\t0.5\n\nb\t1.5\n\n\n", True, True),
    "blank_first_line.tsv": ("\nid\tscore\na\t0.5\n", True, False),
    "white_lines.tsv": ("id\tscore\na\t0.5\n  \nb\t1.5\n\t\nc\t2.5\n", True, False),
    "tab_only_line.tsv": ("id\tscore\na\t0.5\n\t\nb\t1.5\n", True, True),
    "comma_rows.csv": ("id,score\na,0.5\n,\nb,1.5\n , \n", True, True),
    "header_only.tsv": ("id\tscore\n", True, False),
    "duplicate_ids.tsv": ("id\tscore\na\t0.5\nb\t1.5\na\t2.5\n", True, True),
    "longer_row.tsv": ("id\tscore\na\t0.5\nb\t1.5\t3\n", True, False),
    "shorter_row.tsv": ("id\tscore\na\t0.5\nb\n", True, False),
    "missing_words.tsv": (
        "id\tscore\na\t0.5\nb\tn/a\nc\tNA\nd\tNaN\ne\tnan\nf\tnull\ng\tNone\nh\t\ni\t \n"
        "j\t2.5\nk\t-nan\nl\t+NaN\n",
        True,
        True,
    ),
    "infinite.tsv": ("id\tscore\na\t0.5\nb\tinf\n", True, True),
    "text_then_inf.tsv": ("id\tscore\na\t0.5\nb\tx2\nc\tinf\n", True, True),
    "inf_then_text.tsv": ("id\tscore\na\t0.5\nb\t-Infinity\nc\tx\n", True, True),
    "overflow.tsv": ("id\tscore\na\t0.5\nb\t1e400\n", True, True),
    "nan_payload.tsv": ("id\tscore\na\t0.5\nb\tnan(1)\n", True, True),
    "python_only_numbers.tsv": (
        "id\tscore\na\t0.5\nb\t1_000\nc\t\u0661.5\nd\t\uff12\n",
        True,
        True,
    ),
    "text_scores.tsv": ("id\tscore\na\t0.5\nb\tabc\n", True, True),
    "padded_scores.tsv": ("id\tscore\na\t 0.5\nb\t1.5 \nc\t\xa02.5\n", True, True),
    "number_forms.tsv": ("id\tscore\na\t-0.0\nb\t1e-400\nc\t+.5\nd\t5.\ne\t1E+05\n", True, True),
    "raw_text.tsv": ("id\tscore\na\t0.50\nb\t1.500\n", True, True),
    "ids_padded.tsv": ("id\tscore\n a \t0.5\n\xa0b\u3000\t1.5\n", True, True),
    "ids_numbers.tsv": ("id\tscore\n001\t0.5\n1\t1.5\n", True, True),
    "ids_floats.tsv": ("id\tscore\n1.0\t0.5\n1.50\t1.5\n", True, True),
    "vertical_tab.tsv": ("id\tscore\na\x0bb\t0.5\nc\t1.5\n", True, False),
    "line_separator.tsv": ("id\tscore\na\u2028b\t0.5\nc\t1.5\n", True, False),
    "next_line.tsv": ("id\tscore\na\x85b\t0.5\nc\t1.5\n", True, False),
    "unit_separator.tsv": ("id\tscore\na\x1f\t0.5\nc\t1.5\n", True, False),
    "nul.tsv": ("id\tscore\na\x00b\t0.5\nc\t1.5\n", True, True),
    "newline_in_quotes.csv": ('id,score\n"a\nb",0.5\nc,1.5\n', True, False),
    "header_spaces.csv": (" id , score \na,0.5\n", True, True),
    "header_duplicate.csv": ("score,score\n1,2\n", True, False),
    "header_numbers.csv": ("1,2.5,3\n4,5,6\n", True, False),
    "one_column.csv": ("cosine\n0.1\n\n0.2\n", True, True),
    "quoted_empty.csv": ('id,score\na,""\nb,1.5\n', True, True),
    "quote_after_space.csv": ('id,score\n "a",0.5\nb,1.5\n', True, True),
    "quoted_number.csv": ('id,score\na,"0.5"\nb,1.5\n', True, True),
    "long_field.csv": ('score,text\n1.5,"' + "x" * 200_000 + '"\n2.5,short\n', True, True),
    "mixed_column.csv": ("id,score\na,0.5\nb,\nc,x\n", True, True),
    "empty.tsv": ("", True, False),
    "blank.tsv": ("\n \n", True, False),
    "numbers.txt": ("1.5\n\n3.25\n  4 \n0\n\n\n", True, True),
    "numbers_integers.txt": ("1\n2\n\n5\n", True, True),
    "numbers_two_values.txt": ("1\n2 3\n", True, True),
    "numbers_tab.txt": ("1.5\n2\t3\n", True, True),
    "numbers_bom_crlf.txt": ("\ufeff1.5\r\n2\r\n\r\n", True, True),
    "numbers_white_line.txt": ("1.5\n   \n2.5\n", True, True),
    "numbers.csv": ("0.5\n1\n2\n", True, True),
    "json_lines": ('{"score": 1}\n', True, False),
    "headerless.tsv": ('g\tf\t0001\t2.5\tA "x\nh\tf\t0002\t4\tC\n', False, True),
    "headerless_ragged.tsv": ("g\tf\t0001\t2.5\tA\ng\tf\t0002\t4\tC\tD\n", False, False),
    "headerless_numbers.csv": ("1,2.5,3\n4,5,6\n", False, True),
}


def _reading(path: Path, header: bool) -> dict[str, Any] | str:
    """Everything a caller can see of ``read_table(path)``: its columns' values, scores
    and ids (or the message of each error), the lines; or the message of the error."""
    try:
        table = read_table(path, header=header)
    except DataError as exc:
        return str(exc)
    seen: dict[str, Any] = {"kind": table.kind, "where": table.where, "lines": table.lines}
    for name in table.columns:
        seen[f"{name}: values"] = table.column(name)
        try:
            seen[f"{name}: scores"] = [repr(x) for x in table.numbers(name).tolist()]
        except DataError as exc:
            seen[f"{name}: scores"] = str(exc)
        try:
            seen[f"{name}: ids"] = list(ids_of(table, name))
        except DataError as exc:
            seen[f"{name}: ids"] = str(exc)
    return seen


def _by_c_parser(path: Path, header: bool) -> bool:
    """True when the C parser takes the file (it returns a table, not None)."""
    from simeval.io.text import open_source

    table = delimited.read_regular(open_source(path), tables.format_suffix(path), header=header)
    return table is not None


@pytest.mark.parametrize("engine", ["pyarrow", "pandas"])
@pytest.mark.parametrize("name", sorted(FILES))
def test_the_c_parser_reads_as_the_line_reader(tmp_path: Path, monkeypatch, name, engine) -> None:
    if engine == "pyarrow":
        pytest.importorskip("pyarrow")
    text, header, regular = FILES[name]
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    with monkeypatch.context() as m:
        m.setattr(tables, "read_regular", lambda *a, **k: None)  # the line reader alone
        expected = _reading(path, header)
    if engine == "pandas":
        monkeypatch.setattr(delimited, "_has_pyarrow", lambda: False)
    assert _reading(path, header) == expected
    if regular and (engine == "pyarrow" or not _declined_by_pandas(text, name)):
        assert _by_c_parser(path, header), "a regular file left to the line reader"
    if not regular:
        assert not _by_c_parser(path, header)


def _declined_by_pandas(text: str, name: str) -> bool:
    """pandas' parser, which fills short rows in, is checked by a count of the delimiters:
    it does not take comma-separated files with quotes (a quoted field may hold commas),
    nor files with blank rows that hold delimiters."""
    delimiter = "," if name.endswith(".csv") else "\t"
    lines = text.splitlines()
    blank_rows = [line for line in lines if delimiter in line and not line.strip(", \t")]
    return (delimiter == "," and '"' in text) or bool(blank_rows)


def test_a_column_of_numbers_keeps_its_text(tmp_path: Path) -> None:
    # "0.50" is parsed as the number 0.5; its text is read again when asked for.
    path = tmp_path / "run.tsv"
    path.write_text("id\tscore\na\t0.50\nb\t1.500\n", encoding="utf-8")
    table = read_table(path)
    assert table.numbers("score").tolist() == [0.5, 1.5]
    assert table.column("score") == ["0.50", "1.500"]


def test_a_file_changed_between_readings_is_an_error(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    path = tmp_path / "run.tsv"
    path.write_text("id\tscore\na\t0.50\nb\t1.500\n", encoding="utf-8")
    table = read_table(path)
    path.write_text("id\tscore\na\t0.50\nb\t1.500\nc\t2\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"run\.tsv changed while it was being read"):
        table.column("score")


def test_a_large_file_is_read_by_the_c_parser_with_the_line_of_each_problem(tmp_path: Path) -> None:
    # 200 000 rows: a bad value in the last one, blank lines on the way (a line count by
    # hand: header = line 1, rows 2 … 200 001, then one blank line, the bad row last).
    path = tmp_path / "big.tsv"
    rows = "".join(f"p{i}\t{i / 7!r}\n" for i in range(200_000))
    path.write_text(f"id\tscore\n{rows}\np200000\tn/a?\n", encoding="utf-8")
    table = read_table(path)
    assert _by_c_parser(path, True)
    assert len(table) == 200_001
    assert table.location(200_000, "score") == f"{path}, line 200003, column 'score'"
    with pytest.raises(DataError, match=r"line 200003, column 'score': 'n/a\?' is not a number"):
        table.numbers("score")


def test_reading_leaves_csv_field_limit_as_it_was(tmp_path: Path) -> None:
    import importlib

    before = csv.field_size_limit()
    importlib.reload(tables)
    assert csv.field_size_limit() == before
    path = tmp_path / "long.csv"
    path.write_text('score,text\n1.5,"' + "x" * 200_000 + '"\n', encoding="utf-8")
    with pytest.MonkeyPatch.context() as m:
        m.setattr(tables, "read_regular", lambda *a, **k: None)  # the csv module reads it
        assert tables.read_table(path).column("text")[0] == "x" * 200_000
    assert csv.field_size_limit() == before


def test_whitespace_is_what_str_strip_removes() -> None:
    from simeval.io.columns import WHITESPACE

    python = "".join(chr(c) for c in range(0x110000) if chr(c).isspace())
    assert python == WHITESPACE


def test_parquet_is_read_once_with_its_types(tmp_path: Path) -> None:
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    path = tmp_path / "run.parquet"
    frame = pd.DataFrame(
        {
            "id": ["a", "b", "c"],
            "n": [1, 2, 3],
            "cosine": [0.25, None, -0.5],
            "ok": [True, False, True],
        },
        index=pd.Index(["x", "y", "z"], name="key"),  # stored as a column, read as the index
    )
    frame.to_parquet(path)
    table = read_table(path)
    assert list(table.columns) == ["id", "n", "cosine", "ok"]
    assert table.column("n") == [1, 2, 3]
    assert list(ids_of(table, "n")) == ["1", "2", "3"]
    values = table.numbers("cosine")
    assert values[0] == 0.25 and math.isnan(values[1]) and values[2] == -0.5
    assert table.numbers("ok").tolist() == [1.0, 0.0, 1.0]  # numpy's float of a bool


def test_parquet_row_groups_read_as_pyarrow_reads_the_whole_file(tmp_path: Path) -> None:
    # 10 rows in row groups of 3 (4 groups, the last of 1 row); the reference is pyarrow's
    # own reading of the whole file
    pq = pytest.importorskip("pyarrow.parquet")
    pa = pytest.importorskip("pyarrow")
    path = tmp_path / "run.parquet"
    data = pa.table(
        {
            "id": [f"p{i}" for i in range(10)],
            "score": [0.5, None, 1.5, 2.0, None, 3.25, 4.0, 0.0, 5.0, 2.5],
            "rank": list(range(10, 0, -1)),
        }
    )
    pq.write_table(data, path, row_group_size=3)
    assert pq.ParquetFile(path).num_row_groups == 4
    whole = pq.read_table(path)
    table = read_table(path)
    assert table.lines == list(range(1, 11)) and table.where == "row"
    assert list(table.columns) == whole.column_names
    for name in ("id", "rank"):
        assert table.column(name) == whole.column(name).to_pylist()
    scores = table.numbers("score")
    expected = [math.nan if v is None else v for v in whole.column("score").to_pylist()]
    assert np.array_equal(scores, expected, equal_nan=True)
    assert not scores.flags.writeable  # the reader's own array, handed out as it is
    assert list(ids_of(table, "id")) == whole.column("id").to_pylist()


def test_a_parquet_file_without_rows_or_not_parquet_is_one_error(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    pa = pytest.importorskip("pyarrow")
    empty = tmp_path / "empty.parquet"
    pq.write_table(
        pa.table({"id": pa.array([], pa.string()), "score": pa.array([], pa.float64())}), empty
    )
    with pytest.raises(DataError, match=r"empty\.parquet has no rows"):
        read_table(empty)
    cut = tmp_path / "cut.parquet"
    pq.write_table(pa.table({"score": [0.5, 1.5]}), cut)
    cut.write_bytes(cut.read_bytes()[:-12])  # the footer cut short
    with pytest.raises(DataError, match=r"cut\.parquet: cannot read as Parquet"):
        read_table(cut)


@pytest.mark.parametrize("bad", [False, True])
def test_a_file_of_many_blocks_reads_as_the_line_reader(tmp_path: Path, monkeypatch, bad) -> None:
    # pyarrow parses a file in blocks of 1 MB on several threads: a 3.7 MB file with blank
    # lines, ids with white space and scores written in several ways gives the line
    # reader's columns, lines and errors (a bad cell deep in the file named by its line)
    rng = np.random.default_rng(0)
    n = 150_000
    scores = rng.uniform(0, 5, n)
    lines = ["id\tscore\tnote"]
    for i in range(n):
        text = repr(float(scores[i])) if i % 3 else f"{scores[i]:.3e}"
        lines.append(f" p{i} \t{text}\tword {i % 17}" if i % 1000 == 7 else f"p{i}\t{text}\tw")
        if i % 25_000 == 11:
            lines.append("")
    if bad:
        lines[123_457] = "p_bad\t0.3x\tw"
    path = tmp_path / "many_blocks.tsv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert path.stat().st_size > 3 << 20
    assert _by_c_parser(path, True)
    with monkeypatch.context() as m:
        m.setattr(tables, "read_regular", lambda *a, **k: None)  # the line reader alone
        expected = _reading(path, True)
    assert _reading(path, True) == expected
    if bad:
        assert "many_blocks.tsv, line 123458, column 'score'" in expected["score: scores"]
