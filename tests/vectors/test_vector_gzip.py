"""A gzip vector file cut short, with a bad CRC-32 (RFC 1952 §2.3: the last 8 bytes of a
member are its CRC-32 and size) or that is not gzip at all is an error naming the file,
from the fast reader and from the line-by-line reader (``restrict_to``)."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from simeval.errors import DataError


@pytest.mark.parametrize("damage", ["truncated", "crc", "text", "deflate"])
def test_a_damaged_gzip_vector_file_is_an_error(tmp_path: Path, damage: str) -> None:
    from simeval import read_vectors

    text = "".join(
        f"w{i} " + " ".join(f"{(i * j) % 7 / 7}" for j in range(4)) + "\n" for i in range(300)
    )
    data = bytearray(gzip.compress(text.encode()))
    if damage == "truncated":
        data = data[: len(data) // 2]
    elif damage == "crc":
        data[-8] ^= 0xFF
    elif damage == "deflate":  # the compressed stream broken from its first block: zlib.error
        data[10:40] = b"\xff" * 30  # was a traceback from the first bytes' sample
    else:
        data = bytearray(text.encode())
    path = tmp_path / "vectors.txt.gz"
    path.write_bytes(bytes(data))
    expected = "cut short" if damage == "truncated" else "not valid gzip data"
    with pytest.raises(DataError, match=rf"vectors\.txt\.gz: .*{expected}"):
        read_vectors(path)
    with pytest.raises(DataError, match=rf"vectors\.txt\.gz: .*{expected}"):
        read_vectors(path, restrict_to={"w1", "w2"})  # the line-by-line reader
