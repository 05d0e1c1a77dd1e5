"""Readers of word-vector files (simeval.vectors).

Expected values are the numbers written into each small file by the test itself, and the
shape of the wordspace DSM_Vectors matrix from its SOURCE.md (1677 rows, 50 columns).
"""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

import numpy as np
import pytest

from simeval.errors import DataError, InputError
from simeval.vectors.read import Vectors, read_vectors

ROWS = {"cat": [1.0, 0.5, -2.0], "dog": [0.25, 0.0, 3.0], "emu": [-1.5, 2.0, 0.125]}


def _text(sep: str = " ", header: bool = False) -> str:
    lines = [f"{w}{sep}" + sep.join(repr(v) for v in vec) for w, vec in ROWS.items()]
    if header:
        lines.insert(0, f"{len(ROWS)} 3")
    return "\n".join(lines) + "\n"


def _check(v: Vectors) -> None:
    assert v.words == tuple(ROWS)
    np.testing.assert_array_equal(v.matrix, np.array(list(ROWS.values())))


@pytest.mark.parametrize("header", [False, True])
@pytest.mark.parametrize("sep", [" ", "\t"])
def test_text_with_and_without_header(tmp_path: Path, sep: str, header: bool) -> None:
    p = tmp_path / "v.txt"
    p.write_text(_text(sep, header))
    _check(read_vectors(p))


def test_gzip_text_and_crlf(tmp_path: Path) -> None:
    p = tmp_path / "v.txt.gz"
    with gzip.open(p, "wt") as fh:
        fh.write(_text(header=True).replace("\n", "\r\n"))
    _check(read_vectors(p))


def test_trailing_spaces_are_accepted(tmp_path: Path) -> None:
    p = tmp_path / "v.txt"
    p.write_text(_text().replace("\n", " \n"))
    _check(read_vectors(p))


def test_word2vec_binary(tmp_path: Path) -> None:
    # word2vec's own writer: header, then "word " + float32 values + "\n" per row.
    # The values above are exact in float32, so they read back unchanged.
    blob = b"3 3\n" + b"".join(
        w.encode() + b" " + struct.pack("<3f", *vec) + b"\n" for w, vec in ROWS.items()
    )
    p = tmp_path / "v.bin"
    p.write_bytes(blob)
    _check(read_vectors(p))
    _check(read_vectors(p, restrict_to=set(ROWS)))
    assert read_vectors(p, restrict_to={"dog"}).words == ("dog",)


def test_word2vec_binary_truncated(tmp_path: Path) -> None:
    p = tmp_path / "v.bin"
    p.write_bytes(b"3 3\ncat " + struct.pack("<3f", 1, 2, 3))
    with pytest.raises(DataError, match="truncated"):
        read_vectors(p)


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (b"2 3", r"declares 2 rows of 3 values but 17 bytes follow"),  # 3 rows: one left over
        (b"3 2", r"row 2 is not '<word> <2 float32>' where the header '3 2' puts it"),
    ],
)
def test_a_binary_header_that_lies_is_an_error(tmp_path: Path, header, message) -> None:
    # Read by the header, both read a part of the file as vectors without a word: 2 rows
    # (dropping the third), or rows of 2 values whose "words" began inside the floats.
    # The leftover by hand: a row is "word" (3 bytes) + " " + 3 × 4 bytes + "\n" = 17.
    blob = (
        header
        + b"\n"
        + b"".join(w.encode() + b" " + struct.pack("<3f", *vec) + b"\n" for w, vec in ROWS.items())
    )
    p = tmp_path / "v.bin"
    p.write_bytes(blob)
    with pytest.raises(DataError, match=message):
        read_vectors(p)


@pytest.mark.parametrize(
    "text",
    [
        "3 3\n" + "".join(f"{w} {' '.join(map(str, v))}\n" for w, v in ROWS.items()),
        # 12 characters of numbers per row: exactly 3 float32 of bytes, read as vectors
        "2 3\ncat 0.1 0.2 0.3\ndog 0.4 0.5 0.6\n",
    ],
)
def test_a_text_file_read_as_binary_is_an_error(tmp_path: Path, text: str) -> None:
    p = tmp_path / "v.txt"
    p.write_text(text)
    with pytest.raises(DataError, match="not word2vec binary"):
        read_vectors(p, format="binary")


def test_npy_and_vocab(tmp_path: Path) -> None:
    np.save(tmp_path / "v.npy", np.array(list(ROWS.values())))
    (tmp_path / "v.vocab").write_text("\n".join(f"{w} 10" for w in ROWS) + "\n")
    _check(read_vectors(tmp_path / "v.npy"))
    (tmp_path / "other.txt").write_text("a\nb\n")
    with pytest.raises(DataError, match=r"2 words but .* has 3 rows"):
        read_vectors(tmp_path / "v.npy", vocab=tmp_path / "other.txt")


def test_npy_without_vocab(tmp_path: Path) -> None:
    np.save(tmp_path / "w.npy", np.zeros((2, 2)))
    with pytest.raises(DataError, match="no vocabulary file"):
        read_vectors(tmp_path / "w.npy")


def test_restrict_to_keeps_file_order(tmp_path: Path) -> None:
    p = tmp_path / "v.txt"
    p.write_text(_text())
    v = read_vectors(p, restrict_to=["emu", "cat", "zebra"])
    assert v.words == ("cat", "emu")
    np.testing.assert_array_equal(v.matrix[1], ROWS["emu"])


def test_ragged_row_names_line(tmp_path: Path) -> None:
    p = tmp_path / "v.txt"
    p.write_text("cat 1 2 3\ndog 1 2\nemu 1 2 3\n")
    with pytest.raises(DataError, match=r"line 2 \('dog'\): 2 values, expected 3"):
        read_vectors(p)


def test_duplicate_words_are_named(tmp_path: Path) -> None:
    p = tmp_path / "v.txt"
    p.write_text("cat 1 2\ndog 1 2\ncat 3 4\n")
    with pytest.raises(DataError, match=r"duplicate words 'cat' \(lines 1 and 3\)"):
        read_vectors(p)


def test_header_disagreeing_with_body(tmp_path: Path) -> None:
    p = tmp_path / "v.txt"
    p.write_text("5 2\ncat 1 2\n")
    with pytest.raises(DataError, match="header declares 5 rows"):
        read_vectors(p)
    p.write_text("1 3\ncat 1 2\n")
    with pytest.raises(DataError, match="2 values, expected 3"):
        read_vectors(p)


def test_bad_number_names_line(tmp_path: Path) -> None:
    p = tmp_path / "v.txt"
    p.write_text("cat 1 2\ndog 1 x\n")
    with pytest.raises(DataError, match=r"line 2 \('dog'\)"):
        read_vectors(p)


def test_missing_and_empty_files(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="no such file"):
        read_vectors(tmp_path / "none.txt")
    (tmp_path / "e.txt").write_text("")
    with pytest.raises(DataError, match="empty"):
        read_vectors(tmp_path / "e.txt")


def test_vectors_validation() -> None:
    with pytest.raises(InputError, match="duplicate words in the vectors: 'a'"):
        Vectors(["a", "a"], [[1.0], [2.0]])
    with pytest.raises(InputError, match="2 words but 1 rows"):
        Vectors(["a", "b"], [[1.0]])
    with pytest.raises(InputError, match="not finite"):
        Vectors(["a"], [[np.nan]])


def test_relabel_keeps_first_row() -> None:
    v = Vectors(["a_N", "a_V", "b_N"], [[1.0], [2.0], [3.0]]).relabel(["a", "a", "b"])
    assert v.words == ("a", "b")
    assert v.matrix[:, 0].tolist() == [1.0, 3.0]


def test_wordspace_dsm_vectors(shared_data: Path) -> None:
    # SOURCE.md: 1677 rows, a term then 50 floats, tab-separated, gzip.
    v = read_vectors(shared_data / "wordspace" / "DSM_Vectors.tsv.gz")
    assert (len(v), v.dim) == (1677, 50)
    assert v.words[:2] == ("chicken_N", "eagle_N")
    assert v.matrix[0, 0] == -0.486967034552586  # first value printed in the file


def test_a_vocabulary_that_is_not_utf8_names_its_line(tmp_path) -> None:
    # a Latin-1 "café" in the .npy's vocabulary was a UnicodeDecodeError traceback
    import numpy as np

    from simeval import read_vectors
    from simeval.errors import DataError

    np.save(tmp_path / "v.npy", np.eye(3))
    (tmp_path / "v.vocab").write_bytes("tea\nmilk\ncaf\xe9\n".encode("latin-1"))
    with pytest.raises(DataError, match=r"v\.vocab: line 3 is not UTF-8 \(byte 0xe9\)"):
        read_vectors(tmp_path / "v.npy")


@pytest.mark.parametrize(
    ("matrix", "message"),
    [
        (np.array([[1 + 2j, 0], [1, 1]]), r"v\.npy: holds complex128 values, not real numbers"),
        (np.array([["a", "b"], ["c", "d"]]), r"v\.npy: holds <U1 values, not real numbers"),
        (np.array([[1.0, 0.0], [np.nan, 1.0]]), r"v\.npy: the vector of 'milk' is not finite"),
    ],
)
def test_a_npy_matrix_of_other_values_names_the_file(tmp_path, matrix, message) -> None:
    # complex values lost their imaginary part with a ComplexWarning; a NaN row was
    # "the vector of 'milk' (row 1) is not finite", without the file
    np.save(tmp_path / "v.npy", matrix)
    (tmp_path / "v.vocab").write_text("tea\nmilk\n")
    with pytest.raises(DataError, match=message):
        read_vectors(tmp_path / "v.npy")


def test_a_vocabulary_word_holds_what_a_text_vector_file_keeps(tmp_path) -> None:
    # words were cut at U+2028 and at a no-break space ("c", "mi"), which text vector
    # files keep whole; a count after a space or a tab is still dropped
    np.save(tmp_path / "v.npy", np.eye(3))
    (tmp_path / "v.vocab").write_text("c\u2028at 10\nmi\xa0lk\t5\ntea\n", encoding="utf-8")
    assert read_vectors(tmp_path / "v.npy").words == ("c\u2028at", "mi\xa0lk", "tea")
