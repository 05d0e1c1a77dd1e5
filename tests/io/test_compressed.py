"""Compressed inputs: a file cut short or corrupt is an error naming the file, never read
"as far as it goes". A gzip file of 60 scores cut to two thirds of its bytes was once read
as 44 rows, its last value "0.25" read as "0.".

The cases are made here: the bytes of ``gzip.compress`` / ``bz2.compress`` /
``lzma.compress`` of a small table, cut short at every 7th byte, with one byte of the
CRC-32 trailer changed (RFC 1952, §2.3: the last 8 bytes of a gzip member are CRC-32 and
size), or replaced by text.
"""

from __future__ import annotations

import bz2
import gzip
import lzma
import re
from pathlib import Path

import pytest

from simeval.errors import DataError
from simeval.io import read_table, read_text

TABLE = "id\tscore\n" + "".join(f"p{i}\t{(i % 20) / 4}\n" for i in range(60))
COMPRESS = {".gz": gzip.compress, ".bz2": bz2.compress, ".xz": lzma.compress}
FORMAT = {".gz": "gzip", ".bz2": "bzip2", ".xz": "xz"}


@pytest.mark.parametrize("suffix", sorted(COMPRESS))
def test_a_whole_compressed_table_is_read(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"gold.tsv{suffix}"
    path.write_bytes(COMPRESS[suffix](TABLE.encode()))
    table = read_table(path)
    assert len(table) == 60
    assert table.numbers("score")[-1] == (59 % 20) / 4


@pytest.mark.parametrize("suffix", sorted(COMPRESS))
def test_a_truncated_file_is_an_error_naming_it(tmp_path: Path, suffix: str) -> None:
    data = COMPRESS[suffix](TABLE.encode())
    fmt = FORMAT[suffix]
    for cut in range(1, len(data), 7):
        path = tmp_path / f"cut{cut}.tsv{suffix}"
        path.write_bytes(data[:cut])
        # a few bytes are not even a header: corrupt; beyond, cut short
        said = rf"{re.escape(path.name)}: (the {fmt} data is cut short|not valid {fmt} data)"
        with pytest.raises(DataError, match=said):
            read_table(path)
        with pytest.raises(DataError, match=said):
            read_text(path)


def test_a_bad_checksum_is_an_error(tmp_path: Path) -> None:
    data = bytearray(gzip.compress(TABLE.encode()))
    data[-8] ^= 0xFF  # the first byte of the CRC-32
    path = tmp_path / "gold.tsv.gz"
    path.write_bytes(bytes(data))
    with pytest.raises(DataError, match=r"gold\.tsv\.gz: not valid gzip data \(CRC check failed"):
        read_table(path)


def test_text_named_gz_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "gold.tsv.gz"
    path.write_text(TABLE, encoding="utf-8")
    with pytest.raises(DataError, match=r"gold\.tsv\.gz: not valid gzip data .*corrupt"):
        read_table(path)


def test_compressed_data_is_known_by_its_first_bytes(tmp_path: Path) -> None:
    for suffix, compress in COMPRESS.items():
        path = tmp_path / f"gold{suffix[1:]}.tsv"  # no compression suffix
        path.write_bytes(compress(TABLE.encode()))
        assert read_table(path).numbers("score")[1] == 0.25


@pytest.mark.parametrize(
    ("head", "what"),
    [(b"PK\x03\x04rest", "a zip archive"), (b"\x28\xb5\x2f\xfdrest", "zstd-compressed")],
)
def test_formats_not_read_say_what_to_do(tmp_path: Path, head: bytes, what: str) -> None:
    path = tmp_path / "gold.tsv"
    path.write_bytes(head)
    with pytest.raises(DataError, match=f"gold.tsv is {what}"):
        read_table(path)
