"""A system file in the gold's order, read piece by piece (``scores_in_gold_order``): the
same scores as the general reader gives (``read_table``, compared exactly), with pieces
cut a few lines long, against the gold's ids held in memory or left in the gold file
(``gold_ids_on_file``, read again piece by piece); every file the general reader must
judge (another order, a missing, blank or NaN score, quotes, white space, a byte-order
mark …) is declined, and the command line then names the problem as before."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from clitools import assert_error, run

from simeval.errors import DataError
from simeval.io import gold_order, ids_of, pieces, read_table, scores_in_gold_order
from simeval.io.gold_order import GoldIdsOnFile, gold_ids_on_file, read_in_gold_order

pa = pytest.importorskip("pyarrow")

IDS = [f"p{i}" for i in range(40)]
SCORES = [round(0.123 * i + 0.5, 3) for i in range(40)]


@pytest.fixture(autouse=True)
def small_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pieces of 64 bytes (a few lines each, cut mid-line), Parquet batches of 5 rows, held
    gold ids compared 7 at a time, and the memory handed back every 100 bytes."""
    monkeypatch.setattr(pieces, "PIECE_BYTES", 64)
    monkeypatch.setattr(pieces, "PARQUET_BATCH", 5)
    monkeypatch.setattr(gold_order, "GOLD_SLICE", 7)
    monkeypatch.setattr(gold_order, "TRIM_BYTES", 100)


@pytest.fixture(params=["held", "on file"])
def form(request) -> str:
    """The gold's ids held in memory, or left in the gold file."""
    return request.param


def _write(path: Path, rows: list[tuple[str, object]], head: str = "id\tscore\n") -> Path:
    path.write_text(head + "".join(f"{i}\t{s}\n" for i, s in rows))
    return path


def _gold(tmp_path: Path, form: str = "held"):
    gold = _write(tmp_path / "gold.tsv", list(zip(IDS, SCORES)))
    return _ids(gold, form)


def _ids(gold: Path, form: str) -> Any:
    table = read_table(gold)
    ids = ids_of(table, "id")
    if form == "held":
        return ids
    on_file = gold_ids_on_file(gold, ids, table.raw("id"), header=True, id_column="id",
                               score_column="score", load=lambda: ids)  # fmt: skip
    assert isinstance(on_file, GoldIdsOnFile)
    return on_file


def _read(path: Path, gold_ids, **kw):
    kw = {"header": True, "id_column": "id", "score_column": None, **kw}
    return scores_in_gold_order(path, gold_ids=gold_ids, **kw)


def test_in_order_files_give_the_general_readers_scores(tmp_path, form) -> None:
    gold_ids = _gold(tmp_path, form)
    system = _write(tmp_path / "s.tsv", list(zip(IDS, SCORES)))
    expected = read_table(system).numbers("score")
    assert np.array_equal(_read(system, gold_ids), expected)
    crlf = tmp_path / "crlf.csv"
    crlf.write_bytes(system.read_bytes().replace(b"\t", b",").replace(b"\n", b"\r\n"))
    assert np.array_equal(_read(crlf, gold_ids), expected)
    long_line = _write(
        tmp_path / "long.tsv", list(zip(IDS, SCORES)), "id\tscore\t" + "x" * 200 + "\n"
    )
    assert _read(long_line, gold_ids) is None  # a third column named only in the header
    headerless = tmp_path / "bare.tsv"
    headerless.write_text("".join(f"{i}\t{s}\n" for i, s in zip(IDS, SCORES)))
    got = _read(headerless, gold_ids, header=False, id_column="1", score_column="2")
    assert np.array_equal(got, expected)


def test_parquet_row_groups(tmp_path, form) -> None:
    pd = pytest.importorskip("pandas")
    gold_ids = _gold(tmp_path, form)
    path = tmp_path / "s.parquet"
    pd.DataFrame({"id": IDS, "score": SCORES}).to_parquet(path, row_group_size=7)
    assert np.array_equal(_read(path, gold_ids), np.array(SCORES))
    as_float32 = tmp_path / "f32.parquet"
    frame = pd.DataFrame({"id": IDS, "score": np.array(SCORES, dtype=np.float32)})
    frame.to_parquet(as_float32)
    assert _read(as_float32, gold_ids) is None  # float32: the general reader's to convert
    numbered = _gold_numbers(tmp_path)
    ints = tmp_path / "ints.parquet"
    pd.DataFrame({"id": np.arange(40), "score": SCORES}).to_parquet(ints, row_group_size=9)
    assert np.array_equal(_read(ints, numbered), np.array(SCORES))  # ids as str() writes them


def _gold_numbers(tmp_path: Path):
    gold = _write(tmp_path / "gold_n.tsv", [(str(i), s) for i, s in enumerate(SCORES)])
    return ids_of(read_table(gold), "id")


@pytest.mark.parametrize(
    "case",
    ["shuffled", "fewer", "more", "blank", "nan", "infinite", "not a number", "space",
     "blank line", "quoted", "bom", "gzip", "no score column", "a third column"],
)  # fmt: skip
def test_files_for_the_general_reader_are_declined(tmp_path, case, form) -> None:
    gold_ids = _gold(tmp_path, form)
    rows: list[tuple[str, object]] = list(zip(IDS, SCORES))
    path, head = tmp_path / "s.tsv", "id\tscore\n"
    if case == "shuffled":
        rows[30], rows[31] = rows[31], rows[30]
    elif case == "fewer":
        rows = rows[:-1]
    elif case == "more":
        rows.append(("p40", 1.0))
    elif case in ("blank", "nan", "infinite", "not a number"):
        cell = {"blank": "", "nan": "nan", "infinite": "1e400", "not a number": "n/a"}[case]
        rows[33] = ("p33", cell)  # 1e400: a number to the sample, inf to the parser
    elif case == "space":
        rows[25] = (" p25", rows[25][1])
    elif case == "blank line":
        path.write_text(head + "".join(f"{i}\t{s}\n" for i, s in rows[:20]) + "\n"
                        + "".join(f"{i}\t{s}\n" for i, s in rows[20:]))  # fmt: skip
    if case == "quoted":
        path = tmp_path / "s.csv"
        path.write_text("id,score\n" + "".join(f'"{i}",{s}\n' for i, s in rows))
    elif case == "bom":
        _write(path, rows)
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    elif case == "gzip":
        path = tmp_path / "s.tsv.gz"
        path.write_bytes(gzip.compress(_write(tmp_path / "plain.tsv", rows).read_bytes()))
    elif case in ("no score column", "a third column"):  # the general reader's to judge
        head = "id\tcosine\textra\n" if case == "no score column" else "id\tscore\tnote\n"
        path.write_text(head + "".join(f"{i}\t{s}\tx\n" for i, s in rows))
    elif case not in ("blank line", "no score column", "a third column"):
        _write(path, rows)
    assert _read(path, gold_ids) is None


def test_a_byte_order_mark_starting_a_later_piece_is_declined(tmp_path, monkeypatch, form) -> None:
    # pyarrow drops a mark that begins its input; the general reader keeps it in the id
    # (the id then matches no gold id): a piece that begins with one is declined
    gold_ids = _gold(tmp_path, form)
    first = "id\tscore\n" + "".join(f"{i}\t{s}\n" for i, s in zip(IDS[:3], SCORES))
    rest = "".join(f"{i}\t{s}\n" for i, s in zip(IDS[3:], SCORES[3:]))
    path = tmp_path / "s.tsv"
    path.write_bytes(first.encode() + b"\xef\xbb\xbf" + rest.encode())
    monkeypatch.setattr(pieces, "PIECE_BYTES", len(first.encode()))
    assert _read(path, gold_ids) is None
    path.write_bytes(first.encode() + rest.encode())  # the same file without the mark
    assert np.array_equal(_read(path, gold_ids), np.array(SCORES))


def test_a_parquet_file_with_a_third_column_is_declined(tmp_path) -> None:
    pd = pytest.importorskip("pandas")
    path = tmp_path / "s.parquet"
    pd.DataFrame({"id": IDS, "score": SCORES, "note": ["x"] * 40}).to_parquet(path)
    assert _read(path, _gold(tmp_path)) is None


def test_gold_ids_not_read_by_arrow_are_declined(tmp_path) -> None:
    system = _write(tmp_path / "s.tsv", list(zip(IDS, SCORES)))
    assert _read(system, list(IDS)) is None


def _evaluate(capsys, gold: Path, system: Path, *extra: str):
    return run(capsys, "evaluate", gold, "--system", f"s={system}", "--id-column", "id",
               "--metric", "pearson", "--format", "json", "--scale", "0", "5", *extra)  # fmt: skip


def test_the_command_gives_the_same_output_either_way(capsys, tmp_path, monkeypatch) -> None:
    gold = _write(tmp_path / "gold.tsv", list(zip(IDS, [s % 5 for s in SCORES])))
    system = _write(tmp_path / "s.tsv", list(zip(IDS, SCORES)))
    calls = []
    real = gold_order.read_in_gold_order
    monkeypatch.setattr("simeval.cli.gold_and_systems.read_in_gold_order",
                        lambda *a, **k: calls.append(real(*a, **k)) or calls[-1])  # fmt: skip
    fast = _evaluate(capsys, gold, system)
    assert calls and calls[-1][0] is not None  # read piece by piece
    monkeypatch.setattr("simeval.cli.gold_and_systems.read_in_gold_order",
                        lambda files, **k: [None] * len(files))  # fmt: skip
    assert _evaluate(capsys, gold, system) == fast
    assert json.loads(fast[1])["records"][0]["n"] == 40


def test_gold_ids_left_in_the_file_serve_every_system(capsys, tmp_path, monkeypatch) -> None:
    # three systems: two in the gold's order, read together beside the gold file's ids
    # (read once), and one shuffled, for which the ids are read again whole; the JSON is
    # the same as with the ids held, and as with neither piece by piece
    gold = _write(tmp_path / "gold.tsv", list(zip(IDS, [s % 5 for s in SCORES])))
    first = _write(tmp_path / "a.tsv", list(zip(IDS, SCORES)))
    rows = list(zip(IDS, [5 - s % 5 for s in SCORES]))
    second = _write(tmp_path / "b.tsv", rows)
    shuffled = _write(tmp_path / "c.tsv", rows[::-1])
    argv = ["evaluate", gold, "--system", f"a={first}", "--system", f"b={second}",
            "--system", f"c={shuffled}", "--id-column", "id", "--format", "json",
            "--scale", "0", "5"]  # fmt: skip
    left, loads = [], []
    real_left = gold_order.gold_ids_on_file

    def recorded(*a, **k):
        found = real_left(*a, **k)
        left.append(found)
        if found is None:
            return None
        return GoldIdsOnFile(found.n, found.pieces, lambda: loads.append(1) or found.load())

    monkeypatch.setattr("simeval.cli.gold_and_systems.gold_ids_on_file", recorded)
    on_file = run(capsys, *argv)
    assert on_file[0] == 0 and isinstance(left[-1], GoldIdsOnFile)
    assert loads == [1]  # the shuffled file's turn, once
    monkeypatch.setattr("simeval.cli.gold_and_systems.gold_ids_on_file", lambda *a, **k: None)
    assert run(capsys, *argv) == on_file  # ids held
    monkeypatch.setattr("simeval.cli.gold_and_systems.read_in_gold_order",
                        lambda files, **k: [None] * len(files))  # fmt: skip
    assert run(capsys, *argv) == on_file  # every file by the general reader


@pytest.mark.parametrize("case", ["space", "parquet"])
def test_which_gold_ids_are_left_in_the_file(tmp_path, case) -> None:
    rows = list(zip(IDS, SCORES))
    if case == "space":  # ids the reader strips: the file does not give them back as read
        gold = _write(tmp_path / "gold.tsv", [(f"{i} ", s) for i, s in rows])
        assert _ids_or_none(gold) is None
    else:
        pd = pytest.importorskip("pandas")
        gold = tmp_path / "gold.parquet"
        pd.DataFrame({"id": IDS, "score": SCORES}).to_parquet(gold, row_group_size=6)
        on_file = _ids_or_none(gold)
        assert isinstance(on_file, GoldIdsOnFile) and on_file.n == 40
        system = _write(tmp_path / "s.tsv", rows)
        assert np.array_equal(_read(system, on_file), np.array(SCORES))


def _ids_or_none(gold: Path) -> Any:
    table = read_table(gold)
    ids = ids_of(table, "id")
    return gold_ids_on_file(gold, ids, table.raw("id"), header=True, id_column="id",
                            score_column="score", load=lambda: ids)  # fmt: skip


def test_files_read_together_are_judged_each_on_its_own(tmp_path, form) -> None:
    gold_ids = _gold(tmp_path, form)
    good = _write(tmp_path / "good.tsv", list(zip(IDS, SCORES)))
    short = _write(tmp_path / "short.tsv", list(zip(IDS[:-1], SCORES)))
    longer = _write(tmp_path / "long.tsv", [*zip(IDS, SCORES), ("p40", 1.0)])
    late = list(zip(IDS, SCORES))
    late[38], late[39] = late[39], late[38]
    swapped = _write(tmp_path / "late.tsv", late)
    files = [(p, True, None) for p in (short, good, longer, swapped, good)]
    found = read_in_gold_order(files, id_column="id", gold_ids=gold_ids)
    assert [f is None for f in found] == [True, False, True, True, False]
    assert np.array_equal(found[1], np.array(SCORES)) and np.array_equal(found[4], found[1])


def test_a_score_off_the_system_scale_is_named_by_its_line(capsys, tmp_path) -> None:
    gold = _write(tmp_path / "gold.tsv", list(zip(IDS, [s % 5 for s in SCORES])))
    scores = list(SCORES)
    scores[36] = 9.5  # line 38: the header is line 1
    system = _write(tmp_path / "s.tsv", list(zip(IDS, scores)))
    rc, out, err = _evaluate(capsys, gold, system, "--system-scale", "0", "9")
    assert_error(rc, out, err, "s.tsv, line 38, column 'score'", "9.5 is outside")


def test_a_gold_file_rewritten_meanwhile_is_not_read_again(tmp_path) -> None:
    # its ids would no longer be the ones read with its scores
    gold_ids = _gold(tmp_path, "on file")
    system = _write(tmp_path / "s.tsv", list(zip(IDS, SCORES)))
    assert np.array_equal(_read(system, gold_ids), np.array(SCORES))
    gold = tmp_path / "gold.tsv"
    gold.write_text(gold.read_text())
    os.utime(gold, ns=(0, 0))  # a time of change the clock's resolution cannot hide
    assert _read(system, gold_ids) is None
    with pytest.raises(DataError, match=r"gold\.tsv: the file changed while it was read"):
        gold_ids.load()


def test_a_gold_piece_of_its_header_alone(tmp_path, form) -> None:
    # ids longer than a piece: the gold's first piece is its header line, with no rows
    ids = ["x" * 70 + f"{i:04d}" for i in range(12)]
    gold = _write(tmp_path / "gold.tsv", [(i, k % 5 + 0.5) for k, i in enumerate(ids)])
    system = _write(tmp_path / "s.tsv", [(i, k / 10) for k, i in enumerate(ids)])
    found = _read(system, _ids(gold, form))
    assert np.array_equal(found, read_table(system).numbers("score"))


def test_files_beyond_those_read_at_once_follow_another_pass(tmp_path, monkeypatch, form) -> None:
    monkeypatch.setattr(gold_order, "FILES_AT_ONCE", 2)
    gold_ids = _gold(tmp_path, form)
    rows = list(zip(IDS, SCORES))
    paths = [_write(tmp_path / f"s{k}.tsv", rows if k != 3 else rows[::-1]) for k in range(5)]
    found = read_in_gold_order([(p, True, None) for p in paths], id_column="id",
                               gold_ids=gold_ids)  # fmt: skip
    assert [f is None for f in found] == [False, False, False, True, False]
    assert all(np.array_equal(f, np.array(SCORES)) for f in found if f is not None)
