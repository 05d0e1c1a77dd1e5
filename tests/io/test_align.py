"""Ids and the alignment of system rows with the gold pairs.

Expected rows are counted by hand from the ids written in each test; the reference for
white space and blank text is Python's ``str.strip`` / ``str.isspace``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from simeval.errors import DataError
from simeval.io import ids_of, read_table
from simeval.io.align import Ids, align_rows, match_rows

pa = pytest.importorskip("pyarrow")


def _write(path: Path, ids: list[str], scores: list[float] | None = None) -> Path:
    scores = scores or [i / 10 for i in range(len(ids))]
    path.write_text("id\tscore\n" + "".join(f"{i}\t{s}\n" for i, s in zip(ids, scores)))
    return path


def test_rows_follow_the_ids(tmp_path: Path) -> None:
    gold = ids_of(read_table(_write(tmp_path / "g.tsv", ["a", "b", "c"])), "id")
    system = ids_of(read_table(_write(tmp_path / "s.tsv", ["c", "a", "x", "b"])), "id")
    rows, extra = align_rows(gold, 3, system, 4, gold_path="g.tsv", system_path="s.tsv")
    assert rows.tolist() == [1, 3, 0]  # a is row 1 of the system file, b row 3, c row 0
    assert extra == 1


def test_ids_in_the_same_order(tmp_path: Path) -> None:
    gold = ids_of(read_table(_write(tmp_path / "g.tsv", ["a", "b"])), "id")
    system = ids_of(read_table(_write(tmp_path / "s.tsv", [" a", "b "])), "id")  # stripped
    rows, extra = align_rows(gold, 2, system, 2, gold_path="g", system_path="s")
    assert rows.tolist() == [0, 1] and extra == 0


def test_missing_ids_are_counted_and_the_first_named(tmp_path: Path) -> None:
    gold = Ids.of(["a", "b", "c", "d"])
    system = Ids.of(["d", "a"])
    with pytest.raises(DataError, match=r"s\.tsv: 2 gold id\(s\) have no score \(first: 'b'\)"):
        align_rows(gold, 4, system, 2, gold_path="g.tsv", system_path="s.tsv")


def test_duplicate_system_ids_name_both_lines(tmp_path: Path) -> None:
    # lines: header 1, then a = 2, b = 3, a = 4
    table = read_table(_write(tmp_path / "s.tsv", ["a", "b", "a"]))
    with pytest.raises(DataError, match=r"s\.tsv: id 'a' appears twice \(lines 2 and 4\)"):
        ids_of(table, "id")
    unchecked = ids_of(table, "id", check=False)  # left to align_rows
    gold = Ids.of(["b", "a"])
    with pytest.raises(DataError, match=r"s\.tsv: id 'a' appears twice \(lines 2 and 4\)"):
        align_rows(gold, 2, unchecked, 3, gold_path="g", system_path="s.tsv")


def test_colliding_hashes_leave_the_text_to_decide(monkeypatch) -> None:
    from simeval.io import arrow_text

    monkeypatch.setattr(arrow_text, "hashes", lambda column: np.zeros(len(column), np.uint64))
    gold = Ids(pa.array(["x", "y", "z"]))
    system = Ids(pa.array(["z", "x", "y"]))
    assert gold.first_duplicate() is None
    assert Ids(pa.array(["x", "y", "x"])).first_duplicate() == (0, 2)
    rows, _ = align_rows(gold, 3, system, 3, gold_path="g", system_path="s")
    assert rows.tolist() == [1, 2, 0]


def test_ids_of_any_kind_compare_as_text() -> None:
    gold = Ids.of(["1", "2", "3"])  # a data set's ids, as a list
    system = Ids.of(pa.chunked_array([pa.array([3, 1]), pa.array([2])]))  # integers
    rows, _ = align_rows(gold, 3, system, 3, gold_path="g", system_path="s")
    assert rows.tolist() == [1, 2, 0]
    large = Ids.of(pa.array(["2", "3", "1"], type=pa.large_string()))
    rows, _ = align_rows(gold, 3, large, 3, gold_path="g", system_path="s")
    assert rows.tolist() == [2, 0, 1]


TEXTS = ["", " ", "a", "\u3000", " a", "a\xa0", "\t\n", "é", " é ", "\x1f", "x y", "\u2028b"]


def test_blank_and_stripped_as_python_has_them() -> None:
    from simeval.io import arrow_text

    column = pa.chunked_array([pa.array(TEXTS[:5]), pa.array(TEXTS[5:])])
    assert arrow_text.blank(column).tolist() == [not t.strip() for t in TEXTS]
    assert arrow_text.trimmed(column).to_pylist() == [t.strip() for t in TEXTS]


def test_equal_strings_have_equal_hashes_however_held() -> None:
    from simeval.io import arrow_text

    texts = ["a", "bb", "", "abcdefgh", "abcdefghi", "abcdefghij" * 3, "é" * 9]
    one = arrow_text.hashes(pa.array(texts))
    assert len(set(one.tolist())) == len(texts)
    pieces = pa.chunked_array([pa.array(texts[:3]), pa.array(texts[3:], type=pa.string())])
    assert arrow_text.hashes(pieces).tolist() == one.tolist()
    assert arrow_text.hashes(pa.array(texts, type=pa.large_string())).tolist() == one.tolist()
    assert arrow_text.hashes(pa.array(texts).slice(3, 2)).tolist() == one[3:5].tolist()


def test_match_rows_says_none_where_the_system_is_in_the_gold_order() -> None:
    # in order (by id, or line by line): no array of rows; else the row of each gold id
    same = match_rows(
        ["a", "b", "c"], 3, Ids.of(["a", "b", "c"]), 3, gold_path="g", system_path="s"
    )
    assert same == (None, 0)
    assert match_rows(None, 3, None, 3, gold_path="g", system_path="s") == (None, 0)
    rows, extra = match_rows(["a", "b"], 2, ["b", "x", "a"], 3, gold_path="g", system_path="s")
    assert rows is not None and rows.tolist() == [2, 0] and extra == 1
    with pytest.raises(DataError, match=r"s has 2 scores but g has 3"):
        match_rows(None, 3, None, 2, gold_path="g", system_path="s")
