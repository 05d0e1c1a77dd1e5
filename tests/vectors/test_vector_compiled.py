"""The compiled row parser (numba) against Python's ``float`` (correctly rounded, as C's
``strtod``) value by value, and its refusals: what it declines, pandas' parser reads."""

from __future__ import annotations

import numpy as np
import pytest

numba = pytest.importorskip("numba", reason="the compiled parser needs numba (simeval[fast])")

from simeval.vectors import compiled as vector_compiled  # noqa: E402 - after the skip

SEP = ord(" ")


def _parse(text: str, dim: int, rows: int | None = None) -> tuple[int, np.ndarray, list[str]]:
    data = np.frombuffer(text.encode("utf-8"), dtype=np.uint8)
    rows = text.count("\n") + (not text.endswith("\n")) if rows is None else rows
    out = np.full((rows, dim), np.nan)
    offsets = np.zeros((rows, 2), dtype=np.int64)
    got = vector_compiled.parse_rows(data, SEP, out, offsets, vector_compiled.POW10)
    words = [bytes(data[a:b]).decode() for a, b in offsets[: max(got, 0)]]
    return got, out, words


def _numbers(rng: np.random.Generator, k: int) -> list[str]:
    """Decimals in the forms vector files use, and the edges of the exact fast path."""
    x = rng.standard_normal(k) * 10.0 ** rng.integers(-12, 12, k)
    forms = ["%.6f", "%.8g", "%.15g", "%.6e", "%.3E", "%g", "%.0f", "%.16g"]
    out = [forms[i % len(forms)] % v for i, v in enumerate(x)]
    out += ["0", "-0", "-0.000000", "+1.5", ".5", "5.", "007", "1e22", "1e-22", "9007199254740992"]
    out += ["0.1", "0.2", "0.3", "2.5e-3", "-123456789012345.6", "4.35", "1.0000000000000002"]
    return out


def test_every_value_it_takes_equals_python_float():
    rng = np.random.default_rng(0)
    taken = 0
    for value in _numbers(rng, 4000):
        got, out, words = _parse(f"w {value}\n", 1)
        if got == -1:  # declined: outside the exact fast path (e.g. 17 significant digits)
            continue
        taken += 1
        expected = float(value)
        assert got == 1 and words == ["w"]
        # identical doubles, the sign of zero included
        assert out[0, 0] == expected and np.signbit(out[0, 0]) == np.signbit(expected), value
    assert taken > 3000  # the usual forms are taken, not declined


@pytest.mark.parametrize(
    "number",
    ["12345678901234567", "9007199254740993", "1e23", "1e-23", "0.00000000000000000000001"],
)
def test_declines_what_one_rounding_cannot_give_exactly(number):
    # more than 2**53 in the significand, or a power of ten that is not a double
    assert _parse(f"w {number}\n", 1)[0] == -1


@pytest.mark.parametrize(
    "text",
    [
        "w 1 2 \n",  # trailing separator (word2vec.c)
        "w 1  2\n",  # a run of separators
        "w 1\n",  # a short row
        "w 1 2 3\n",  # a long row
        "w 1 x\n",  # not a number
        "w 1 nan\n",  # not finite
        "w 1 inf\n",
        "w 1 -\n",
        "w 1 1e\n",
        "w 1 0x10\n",
        "w 1 1_000\n",
        "\nw 1 2\n",  # a blank line
        " w 1 2\n",  # an empty word
        "w\t1 2\n",  # another separator
        "w 1 2\rv 3 4\n",  # a lone carriage return
    ],
)
def test_declines_every_irregular_line(text):
    assert _parse(text, 2, rows=2)[0] == -1


def test_rows_words_and_line_ends():
    text = "the 1 -2.5\r\nnaïve 0.125 3e2\nNA 7 .5"  # CRLF, UTF-8, no final break
    got, out, words = _parse(text, 2)
    assert got == 3
    assert words == ["the", "naïve", "NA"]
    np.testing.assert_array_equal(out, [[1.0, -2.5], [0.125, 300.0], [7.0, 0.5]])


def test_more_lines_than_rows_is_declined():
    assert _parse("a 1\nb 2\n", 1, rows=1)[0] == -1


def test_gather_words_joins_them_with_line_breaks():
    data = np.frombuffer(b"ab 1\ncde 2\n", dtype=np.uint8)
    offsets = np.array([[0, 2], [5, 8]], dtype=np.int64)
    out = np.empty(2 + 3 + 2, dtype=np.uint8)
    vector_compiled.gather_words(data, offsets, out)
    assert out.tobytes() == b"ab\ncde\n"
