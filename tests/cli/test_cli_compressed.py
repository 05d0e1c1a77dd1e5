"""Compressed inputs on the command line: a gzip file cut short or corrupt is one error
line naming it (exit 2), and no output file is left. The cases are ``gzip.compress`` of a
small table, cut to two thirds of its bytes or by its last 20 (the 8-byte trailer and
more, RFC 1952 §2.3)."""

from __future__ import annotations

import gzip
from pathlib import Path

from clitools import assert_error, run

TABLE = "id\tscore\n" + "".join(f"p{i}\t{(i % 20) / 4}\n" for i in range(60))


def test_truncated_gzip_gold_through_the_command_line(tmp_path: Path, capsys) -> None:
    data = gzip.compress(TABLE.encode())
    gold = tmp_path / "g60_trunc.tsv.gz"
    gold.write_bytes(data[: len(data) * 2 // 3])
    system = tmp_path / "s.tsv"
    system.write_text(TABLE, encoding="utf-8")
    out = tmp_path / "out.txt"
    rc, stdout, err = run(
        capsys, "evaluate", gold, "--system", f"a={system}", "--id-column", "id", "-o", out
    )
    assert_error(rc, stdout, err, "g60_trunc.tsv.gz", "truncated")
    assert not out.exists()


def test_corrupt_gzip_system_from_stdin(tmp_path: Path, capsys, monkeypatch) -> None:
    import io
    import sys

    data = gzip.compress(TABLE.encode())
    gold = tmp_path / "gold.tsv"
    gold.write_text(TABLE, encoding="utf-8")
    stdin = io.TextIOWrapper(io.BytesIO(data[:-20]), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    rc, stdout, err = run(capsys, "evaluate", gold, "--system", "a=-", "--id-column", "id")
    assert_error(rc, stdout, err, "<stdin>: the gzip data is cut short")
