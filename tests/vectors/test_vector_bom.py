"""A UTF-8 byte-order mark at the start of a vector file (some editors write one) is not
part of the first word, whichever parser reads the file: the line reader, pandas' parser
(plain and gzip), the compiled parser, the word2vec binary reader, an .npy vocabulary.
The words and numbers expected are the ones written into the files here."""

from __future__ import annotations

import gzip
from codecs import BOM_UTF8
from pathlib import Path

import numpy as np
import pytest

from simeval.vectors import _lines as vector_lines
from simeval.vectors import read as vectors
from simeval.vectors import text as vector_text
from simeval.vectors.read import read_vectors

WORDS = ("chicken_N", "eagle_N", "duck_N")
MATRIX = np.array([[0.5, -1.25], [2.0, 0.125], [-3.5, 4.0]])


def _text(header: bool, sep: str = " ") -> bytes:
    lines = [f"{w}{sep}{sep.join(str(x) for x in row)}" for w, row in zip(WORDS, MATRIX)]
    if header:
        lines.insert(0, f"{len(WORDS)} {MATRIX.shape[1]}")
    return BOM_UTF8 + ("\n".join(lines) + "\n").encode("utf-8")


@pytest.mark.parametrize("header", [False, True])
@pytest.mark.parametrize("gz", [False, True])
@pytest.mark.parametrize("parser", ["line reader", "pandas", "compiled"])
def test_a_leading_byte_order_mark_is_not_part_of_the_first_word(
    tmp_path: Path, monkeypatch, header, gz, parser
) -> None:
    data = _text(header, sep="\t" if header else " ")
    path = tmp_path / ("v.txt.gz" if gz else "v.txt")
    path.write_bytes(gzip.compress(data) if gz else data)
    if parser == "line reader":
        v = vector_lines.read_text(path, data, None)
    else:
        if parser == "compiled":
            pytest.importorskip("numba", reason="the compiled parser needs numba")
            if gz:
                pytest.skip("a gzip file is read as one stream by pandas' parser")
        monkeypatch.setattr(vector_text, "COMPILED", parser == "compiled")
        used: list = []
        read = vector_text._read_compiled
        monkeypatch.setattr(
            vector_text, "_read_compiled", lambda *a: used.append(read(*a)) or used[-1]
        )
        monkeypatch.setattr(vectors, "read_text", lambda *a: pytest.fail("line reader used"))
        v = read_vectors(path)
        assert (parser == "compiled") == bool(used and used[0] is not None)
    assert v.words == WORDS
    np.testing.assert_array_equal(v.matrix, MATRIX)


def test_binary_and_npy_vocabulary(tmp_path: Path) -> None:
    binary = tmp_path / "v.bin"
    body = b"".join(
        w.encode() + b" " + row.astype("<f4").tobytes() for w, row in zip(WORDS, MATRIX)
    )
    binary.write_bytes(BOM_UTF8 + f"{len(WORDS)} {MATRIX.shape[1]}\n".encode() + body)
    assert read_vectors(binary).words == WORDS
    npy = tmp_path / "v.npy"
    np.save(npy, MATRIX)
    (tmp_path / "v.vocab").write_bytes(BOM_UTF8 + "\n".join(WORDS).encode() + b"\n")
    assert read_vectors(npy).words == WORDS


def test_a_mark_inside_the_file_stays_in_its_word(tmp_path: Path) -> None:
    """Only the file's first bytes are a byte-order mark; one later is a character."""
    path = tmp_path / "v.txt"
    path.write_bytes(b"a 1\n" + BOM_UTF8 + b"b 2\n")
    assert read_vectors(path).words == ("a", "\ufeffb")
