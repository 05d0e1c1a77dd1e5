"""The chunked reader of text vector files (simeval.vectors.text) against references.

References: ``numpy.loadtxt`` (the numbers, parsed by C ``strtod``) and the words written by
the test; for files outside the regular layout, the numbers written into them by hand. The
line-by-line reader (``simeval.vectors._lines.read_text``) must give the same result wherever the
chunked reader declines a file.
"""

from __future__ import annotations

import gzip
import mmap
from pathlib import Path

import numpy as np
import pytest

from simeval.errors import DataError
from simeval.vectors import _lines as vector_lines
from simeval.vectors import read as vectors
from simeval.vectors import text as vector_text
from simeval.vectors.read import read_vectors

WORDS = ["the", "NA", "null", "nan", "#", '"quoted"', "naïve", "1e5", "-", "a,b"]


def _write(path: Path, values: np.ndarray, words=WORDS, header=False, sep=" ", fmt="%.17g"):
    lines = [w + sep + sep.join(fmt % v for v in row) for w, row in zip(words, values)]
    if header:
        lines.insert(0, f"{len(words)} {values.shape[1]}")
    text = "\n".join(lines) + "\n"
    if path.name.endswith(".gz"):
        with gzip.open(path, "wt", encoding="utf-8") as fh:
            fh.write(text)
    else:
        path.write_text(text, encoding="utf-8")


@pytest.fixture(autouse=True, params=["pandas", "compiled"])
def parser(request, monkeypatch) -> str:
    """Every test runs with pandas' parser alone and, where numba is installed, with the
    compiled parser first (it declines what it does not read exactly, e.g. 17 digits)."""
    if request.param == "compiled":
        pytest.importorskip("numba", reason="the compiled parser needs numba (simeval[fast])")
    monkeypatch.setattr(vector_text, "COMPILED", request.param == "compiled")
    return request.param


@pytest.fixture
def no_line_reader(monkeypatch):
    """Fail if the line-by-line reader is called: the chunked reader must take the file."""

    def refuse(*args):
        raise AssertionError("the line-by-line reader was used")

    monkeypatch.setattr(vectors, "read_text", refuse)


@pytest.mark.parametrize("name", ["v.txt", "v.txt.gz"])
@pytest.mark.parametrize(("header", "sep"), [(False, " "), (True, " "), (False, "\t")])
def test_regular_files_equal_loadtxt(tmp_path, no_line_reader, name, header, sep):
    rng = np.random.default_rng(0)
    values = rng.normal(0, 1, (len(WORDS), 7)) * 10.0 ** rng.integers(-8, 8, (len(WORDS), 7))
    p = tmp_path / name
    _write(p, values, header=header, sep=sep)
    v = read_vectors(p)
    assert v.words == tuple(WORDS)
    ref = np.loadtxt(p, usecols=range(1, 8), comments=None, delimiter=sep, skiprows=int(header))
    np.testing.assert_array_equal(v.matrix, ref)
    np.testing.assert_array_equal(v.matrix, values)  # %.17g round-trips


def test_growing_past_the_row_estimate(tmp_path, monkeypatch, no_line_reader):
    # long first lines make the estimate from the first bytes far too small
    monkeypatch.setattr(vector_text, "_SAMPLE", 512)
    monkeypatch.setattr(vector_text, "CHUNK_ROWS", 7)
    words = ["x" * 300, "y" * 300] + [f"w{i}" for i in range(3000)]
    values = np.arange(len(words) * 2, dtype=float).reshape(-1, 2)
    p = tmp_path / "v.txt"
    _write(p, values, words=words, fmt="%g")
    v = read_vectors(p)
    assert v.words == tuple(words)
    np.testing.assert_array_equal(v.matrix, values)
    # the matrix holds no unused rows of an estimate: its memory is exactly its size
    memory = v.matrix if v.matrix.base is None else memoryview(v.matrix.base)
    assert v.matrix.flags.c_contiguous and memory.nbytes == v.matrix.nbytes


def _line_reader(p: Path):
    try:
        v = vector_lines.read_text(p, p.read_bytes(), None)
    except DataError as exc:
        return str(exc)
    return v.words, v.matrix.tolist()


@pytest.mark.parametrize(
    "text",
    [
        "cat 1 2 \ndog 3 4 \n",  # word2vec.c's trailing space
        "cat 1 2\ndog 3  4\nemu 5 6\n",  # a run of spaces
        "  cat 1 2\ndog 3 4\n",  # leading space
        "cat 1 2\r\n\r\ndog 3 4\r\n",  # CRLF and a blank line
        "cat 1 2\n \ndog 3 4\n",  # a line of white space
        "\ufeffcat 1 2\ndog 3 4\n",  # byte-order mark
        "c\x0cat 1 2\ndog 3 4\n",  # form feed: a line break for str.splitlines
        "c\u2028at 1 2\ndog 3 4\n",  # line separator, likewise
        "\u00a0cat 1 2\ndog 3 4\n",  # no-break space: white space for str.strip
        "cat 1 2\ndog\nemu 3 4\n",  # a word without numbers
        "cat 1 2\ndog 1 nan\n",
        "cat 1 2\ndog 1 2 3\n",
        "2 2\ncat 1 2\n",  # header and body disagree
    ],
)
def test_the_chunked_reader_agrees_with_the_line_reader(tmp_path, text):
    p = tmp_path / "v.txt"
    p.write_bytes(text.encode("utf-8"))
    expected = _line_reader(p)
    try:
        v = read_vectors(p)
    except DataError as exc:
        assert str(exc) == expected
    else:
        assert (v.words, v.matrix.tolist()) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cat 1 2\ndog 1 nan\n", r"line 2 \('dog'\): a value is not finite"),
        ("cat 1 2\ndog 1 inf\n", r"line 2 \('dog'\): a value is not finite"),
        ("cat 1 2\ndog 1 2 3\n", r"line 2 \('dog'\): 3 values, expected 2"),
        ("cat 1 2\ndog\nemu 3 4\n", r"line 2 \('dog'\): 0 values, expected 2"),
        ("cat 1 2\n\xff 1 2\n", "not UTF-8"),
    ],
)
def test_problems_are_named_by_the_line_reader(tmp_path, text, message):
    p = tmp_path / "v.txt"
    p.write_bytes(text.encode("latin-1"))
    with pytest.raises(DataError, match=message):
        read_vectors(p)


def test_restrict_to_keeps_the_line_reader(tmp_path):
    rng = np.random.default_rng(1)
    values = rng.normal(size=(len(WORDS), 3))
    p = tmp_path / "v.txt"
    _write(p, values)
    v = read_vectors(p, restrict_to={"NA", "naïve", "zebra"})
    assert v.words == ("NA", "naïve")
    np.testing.assert_array_equal(v.matrix, values[[1, 6]])


@pytest.mark.parametrize("header", [False, True])
@pytest.mark.parametrize("trailing_newline", [True, False])
def test_parts_parsed_in_threads_equal_loadtxt(
    tmp_path, monkeypatch, no_line_reader, header, trailing_newline
):
    """A plain file cut into parts at line starts (forced here on a small file): every
    row lands where numpy.loadtxt puts it, with or without a final line break."""
    monkeypatch.setattr(vector_text, "PART_MIN_BYTES", 1)
    monkeypatch.setattr(vector_text, "CHUNK_ROWS", 15)  # 5 lines per chunk in each thread
    monkeypatch.setattr(vector_text, "_threads", lambda: 3)
    monkeypatch.setattr(vector_text, "PARTS_PER_THREAD", 1)
    words = [f"w{i}" for i in range(101)]
    values = np.random.default_rng(1).normal(size=(101, 4))
    p = tmp_path / "v.txt"
    _write(p, values, words=words, header=header)
    if not trailing_newline:
        p.write_bytes(p.read_bytes().rstrip(b"\n"))
    assert len(vector_text._parts(p, vector_text._data_start(p, int(header)), 3)) == 3
    v = read_vectors(p)
    assert v.words == tuple(words)
    ref = np.loadtxt(p, usecols=range(1, 5), comments=None, skiprows=int(header))
    np.testing.assert_array_equal(v.matrix, ref)


_FOUR_ROWS = (("a", "b", "c", "d"), [[1, 2], [3, 4], [5, 6], [7, 8]])


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        # a blank line inside a part: the line reader skips it
        (b"a 1 2\nb 3 4\n\nc 5 6\nd 7 8\n", _FOUR_ROWS),
        # pandas breaks lines at a lone CR, which the part's newline count does not see:
        # the part is declined (no write past its rows) and the line reader splits there too
        (b"a 1 2\rb 3 4\nc 5 6\rd 7 8\n", _FOUR_ROWS),
        # a value that is not finite: the line reader names its line
        (b"a 1 2\nb 3 4\nc 5 inf\nd 7 8\n", r"line 3 \('c'\): a value is not finite"),
    ],
    ids=["blank line", "lone CR", "inf"],
)
def test_irregular_parts_go_to_the_line_reader(tmp_path, monkeypatch, data, expected):
    monkeypatch.setattr(vector_text, "PART_MIN_BYTES", 1)
    p = tmp_path / "v.txt"
    p.write_bytes(data)
    with pytest.raises(vector_text.IrregularFileError):
        vector_text.read_text_chunks(p)
    if isinstance(expected, str):
        with pytest.raises(DataError, match=expected):
            read_vectors(p)
        return
    v = read_vectors(p)
    assert v.words == expected[0]
    np.testing.assert_array_equal(v.matrix, expected[1])


@pytest.mark.parametrize("line_bytes", [8, 3000])  # counted in blocks / stepped over by find
def test_newlines_count_equals_bytes_count(tmp_path, monkeypatch, line_bytes):
    """Both ways of counting line breaks give ``bytes.count`` over any byte range."""
    monkeypatch.setattr(vector_text, "_SAMPLE", 4096)  # several blocks on a small file
    rng = np.random.default_rng(2)
    lines = [b"x" * int(k) for k in rng.integers(line_bytes // 2, line_bytes * 2, size=300)]
    data = b"\n".join(lines) + b"\n\n"
    p = tmp_path / "lines.txt"
    p.write_bytes(data)
    with p.open("rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as view:
        for a, b in [(0, len(data)), (0, 1), (5, 5), *rng.integers(0, len(data), (20, 2))]:
            a, b = sorted((int(a), int(b)))
            assert vector_text._newlines(view, a, b) == data[a:b].count(b"\n"), (a, b)


def test_threads_follow_the_cores_this_process_may_use(monkeypatch):
    """Pinned to one core (taskset, a container's CPU set), the parts are parsed in one
    thread; on many cores, at most THREADS."""
    if not hasattr(vector_text.os, "sched_getaffinity"):
        pytest.skip("no CPU affinity on this platform")
    monkeypatch.setattr(vector_text.os, "sched_getaffinity", lambda pid: {0})
    assert vector_text._threads() == 1
    monkeypatch.setattr(vector_text.os, "sched_getaffinity", lambda pid: set(range(64)))
    assert vector_text._threads() == vector_text.THREADS


@pytest.mark.parametrize("parser", ["compiled"], indirect=True)
@pytest.mark.parametrize("fmt", ["%.6f", "%.8g", "%.5e"])
@pytest.mark.parametrize(
    ("header", "sep", "final_break"), [(False, " ", True), (True, "\t", False)]
)
def test_compiled_parser_reads_regular_files_in_parts(
    tmp_path, monkeypatch, no_line_reader, parser, fmt, header, sep, final_break
):
    """Vector files as tools write them (6 decimals, 8 significant digits, exponents) are
    read by the compiled parser, part by part, into the matrix numpy.loadtxt gives."""
    monkeypatch.setattr(vector_text, "PART_MIN_BYTES", 1)
    monkeypatch.setattr(vector_text, "_threads", lambda: 3)
    used = []
    read = vector_text._read_compiled
    monkeypatch.setattr(vector_text, "_read_compiled", lambda *a: used.append(r := read(*a)) or r)
    words = [f"w{i}" for i in range(97)] + ["naïve", "NA"]
    values = np.random.default_rng(3).normal(size=(len(words), 5)) * 10.0 ** np.arange(-2, 3)
    p = tmp_path / "v.txt"
    _write(p, values, words=words, header=header, sep=sep, fmt=fmt)
    if not final_break:
        p.write_bytes(p.read_bytes().rstrip(b"\n"))
    v = read_vectors(p)
    assert used and used[0] is not None  # the compiled parser read it
    assert v.words == tuple(words)
    ref = np.loadtxt(p, usecols=range(1, 6), comments=None, delimiter=sep, skiprows=int(header))
    np.testing.assert_array_equal(v.matrix, ref)


@pytest.mark.parametrize(
    ("data", "words"),
    [(b"a 1\n\xef\xbb\xbfb 2\n", ("a", "\ufeffb")), (b"1 1\n\xef\xbb\xbfa 1\n", ("\ufeffa",))],
)
def test_a_byte_order_mark_starting_a_part_stays_in_the_word(tmp_path, monkeypatch, data, words):
    """pandas drops a BOM at the start of each part it reads; the part is declined, and
    the word keeps it, as in the line reader (and the compiled parser)."""
    monkeypatch.setattr(vector_text, "PART_MIN_BYTES", 1)
    monkeypatch.setattr(vector_text, "_threads", lambda: 3)
    p = tmp_path / "v.txt"
    p.write_bytes(data)
    assert read_vectors(p).words == words


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"1 1\ra 1\nb 2\n", "declares 1"),
        ("1 1\u2028a 1\nb 2\n".encode(), r"line 1 \('1'\): 3 values, expected 1"),
    ],
)
def test_a_header_ended_by_another_line_break_hides_no_row(tmp_path, data, message):
    """Parts are cut at \\n: a header ended by a lone CR or U+2028 goes to the line reader,
    which counts two rows against the header's one after a CR, and reads a U+2028 inside
    the line as word2vec does (before: row 'a' silently dropped)."""
    p = tmp_path / "v.txt"
    p.write_bytes(data)
    with pytest.raises(vector_text.IrregularFileError):
        vector_text.read_text_chunks(p)
    with pytest.raises(DataError, match=message):
        read_vectors(p)


def test_a_failing_compiled_parser_raises_its_own_error_and_closes_the_map(tmp_path):
    """An error inside a part (here a simulated MemoryError) comes out as itself, not as the
    map's BufferError ('exported pointers exist') on closing."""
    pytest.importorskip("numba", reason="the compiled parser needs numba (simeval[fast])")
    from types import SimpleNamespace

    from simeval.vectors import compiled as vector_compiled

    def fail(*args):
        raise MemoryError("simulated")

    fake = SimpleNamespace(
        POW10=vector_compiled.POW10, parse_rows=vector_compiled.parse_rows, gather_words=fail
    )
    p = tmp_path / "v.txt"
    p.write_bytes(b"a 1\nb 2\n")
    parts = vector_text._parts(p, 0, 1)
    with pytest.raises(MemoryError, match="simulated"):
        vector_text._read_compiled(fake, p, parts, np.array([0]), np.empty((2, 1)), " ", 1)


def test_a_compiled_parser_that_cannot_load_or_run_leaves_the_file_to_pandas(
    tmp_path, monkeypatch, no_line_reader
):
    """numba failing to import (no writable cache folder raises RuntimeError) or to run:
    pandas' parser reads the file, never the slow line reader."""
    p = tmp_path / "v.txt"
    p.write_bytes(b"a 1 2\nb 3 4\n")
    monkeypatch.setattr(vector_text, "COMPILED", True)

    def no_cache(name):
        raise RuntimeError("cannot cache function: no locator available")

    vector_text._load_compiled.cache_clear()
    monkeypatch.setattr(vector_text.importlib, "import_module", no_cache)
    try:
        assert vector_text._compiled() is None
        assert read_vectors(p).words == ("a", "b")
    finally:
        vector_text._load_compiled.cache_clear()
    monkeypatch.undo()
    monkeypatch.setattr(vector_text, "_read_compiled", lambda *a: no_cache(""))
    monkeypatch.setattr(vectors, "read_text", lambda *a: pytest.fail("line reader used"))
    np.testing.assert_array_equal(read_vectors(p).matrix, [[1, 2], [3, 4]])


@pytest.mark.parametrize("char", ["\u2028", "\u0085", "\x0c", "\x0b", "\x1c"])
@pytest.mark.parametrize("rows", [3, 5000])  # the line reader, and the chunked reader
def test_a_word_may_hold_what_splitlines_breaks_at(tmp_path, char, rows):
    # word2vec and GloVe cut lines at "\n" only; str.splitlines cut "c<char>at 1 2" in two
    # ("line 1 ('c'): 0 values, expected 2"), from the small and the large files alike
    words = [f"w{i}" for i in range(rows)]
    words[1] = f"c{char}at"
    p = tmp_path / "v.txt"
    p.write_text("".join(f"{w} {i} {i + 1}\n" for i, w in enumerate(words)), encoding="utf-8")
    v = read_vectors(p)
    assert v.words == tuple(words)
    assert v.matrix[1].tolist() == [1.0, 2.0]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("cat  1  2\ndog  3  4\n", (("cat", "dog"), [[1.0, 2.0], [3.0, 4.0]])),  # aligned
        ("cat \t1 2\ndog \t3 4\n", (("cat", "dog"), [[1.0, 2.0], [3.0, 4.0]])),  # " \t"
        ("cat\t1\t2\ndog 3 4\nemu 5 6\n", r"line 2: no tab-separated values after the word"),
        ("cat 1 2\ndog 1_0 4\n", r"line 2 \('dog'\): '1_0' is not a number"),
        ("cat 1 2\ndog \u0661 4\n", r"line 2 \('dog'\): '\u0661' is not a number"),
        ("cat\ndog\n", "no values after the words"),
    ],
)
def test_aligned_and_odd_separators(tmp_path, text, expected):
    # were: "could not parse the numbers as 2 rows of 4 values" (no line), the words read
    # as "cat " (unknown), "line 1 ('cat'): 2 values, expected 0", and no line for the
    # numbers float() takes but the parsers do not
    p = tmp_path / "v.txt"
    p.write_text(text, encoding="utf-8")
    if isinstance(expected, str):
        with pytest.raises(DataError, match=expected):
            read_vectors(p)
        return
    v = read_vectors(p)
    assert (v.words, v.matrix.tolist()) == expected
