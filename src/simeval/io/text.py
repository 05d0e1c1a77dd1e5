"""Reading a whole text file safely: UTF-8 (errors name the byte offset and line),
compressed files (gzip, bzip2, xz, read by :mod:`simeval.io.compressed`), ``-`` for
standard input, and a cap on the length of one line so that a file without line breaks
(``/dev/zero``, a binary file) cannot fill the memory.
"""

from __future__ import annotations

import codecs
import io
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from ..errors import DataError
from .compressed import CHUNK_BYTES, compression_suffix, decompressed, format_of, read_chunks

__all__ = [
    "MAX_LINE_BYTES",
    "STDIN",
    "ByteRange",
    "Source",
    "is_stdin",
    "open_source",
    "read_bytes",
    "read_text",
    "shown_name",
    "source_text",
]

#: The longest line any reader accepts (1 MiB): longer means "not a text file".
MAX_LINE_BYTES = 1 << 20
#: The file name that stands for standard input.
STDIN = "-"


def is_stdin(path: str | os.PathLike[str] | None) -> bool:
    """True when ``path`` is ``-`` (standard input).

    Parameters
    ----------
    path : str, os.PathLike or None
        A file name.

    Returns
    -------
    bool

    Examples
    --------
    >>> is_stdin("-"), is_stdin("./-"), is_stdin(None)
    (True, False, False)
    """
    return path is not None and os.fspath(path) == STDIN


def shown_name(path: str | os.PathLike[str]) -> str:
    """How a file is named in messages: ``<stdin>`` for ``-``.

    Parameters
    ----------
    path : str or os.PathLike
        A file name.

    Returns
    -------
    str

    Examples
    --------
    >>> shown_name("-"), shown_name(Path("runs") / "a.tsv")
    ('<stdin>', 'runs/a.tsv')
    """
    return "<stdin>" if is_stdin(path) else os.fspath(path)


def _check_file(path: str | os.PathLike[str]) -> Path:
    p = Path(path)
    if not p.exists():
        raise DataError(f"{p}: no such file; check the path")
    if p.is_dir():
        raise DataError(f"{p} is a directory, not a file")
    return p


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The raw bytes of a file, or of standard input for ``-``; a missing or unreadable
    file is a one-line :class:`~simeval.errors.DataError`.

    Parameters
    ----------
    path : str or os.PathLike
        The file, or ``-``.

    Returns
    -------
    bytes

    Examples
    --------
    >>> import tempfile
    >>> p = Path(tempfile.mkdtemp()) / "run.txt"
    >>> _ = p.write_bytes(b"0.5\\n")
    >>> read_bytes(p)
    b'0.5\\n'
    >>> read_bytes(p.parent / "missing.txt")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    simeval.errors.DataError: .../missing.txt: no such file; check the path
    """
    if is_stdin(path):
        return sys.stdin.buffer.read()
    p = _check_file(path)
    try:
        return p.read_bytes()
    except OSError as exc:
        raise DataError(f"{p}: cannot read it ({exc.strerror or exc})") from None


def _lines_capped(chunks: Iterator[bytes], name: str, cap: int) -> Iterator[bytes]:
    """Pass chunks through, failing as soon as one line is longer than ``cap`` bytes."""
    run = 0  # bytes since the last line break
    line = 1
    for chunk in chunks:
        first = chunk.find(b"\n")
        if first < 0:
            run += len(chunk)
        elif len(chunk) <= cap:  # only the lines at the chunk's ends can be too long
            if run + first > cap:
                break
            line += chunk.count(b"\n")
            run = len(chunk) - chunk.rfind(b"\n") - 1
        else:
            lengths = [len(s) for s in chunk.split(b"\n")]
            lengths[0] += run
            too_long = [i for i, n in enumerate(lengths) if n > cap]
            if too_long:
                line += too_long[0]
                run = cap + 1
                break
            line += len(lengths) - 1
            run = lengths[-1]
        if run > cap:
            break
        yield chunk
    else:
        return
    raise DataError(
        f"{name}, line {line}: longer than {_size(cap)} without a line break; this is not "
        "a text file of scores or pairs (check the path)"
    )


def _size(n: int) -> str:
    return f"{n / (1 << 20):g} MiB" if n >= 1 << 20 else f"{n} bytes"


def read_text(path: str | os.PathLike[str], *, max_line: int = MAX_LINE_BYTES) -> str:
    """A file's text: UTF-8 (a byte-order mark is dropped), decompressed when the name ends
    in ``.gz``, ``.bz2`` or ``.xz`` or the data starts with the gzip, bzip2 or xz
    signature; ``-`` reads standard input. A missing or unreadable file, a truncated or
    corrupt compressed file, bytes that are not UTF-8 (named by byte offset and line) and
    a line over ``max_line`` bytes are each a one-line :class:`~simeval.errors.DataError`.

    Parameters
    ----------
    path : str or os.PathLike
        The file, or ``-``.
    max_line : int, default :data:`MAX_LINE_BYTES`
        The longest line accepted, in bytes.

    Returns
    -------
    str

    Examples
    --------
    >>> import gzip, tempfile
    >>> p = Path(tempfile.mkdtemp()) / "pairs.txt.gz"
    >>> _ = p.write_bytes(gzip.compress("\\ufeffcafé\\n".encode()))
    >>> read_text(p)
    'café\\n'
    >>> _ = p.with_suffix("").write_bytes(b"caf\\xe9\\n")
    >>> read_text(p.with_suffix(""))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    simeval.errors.DataError: .../pairs.txt, line 1 (byte 3): not UTF-8 text; re-encode ...
    """
    return source_text(open_source(path, max_line=max_line), max_line=max_line)


@dataclass(frozen=True)
class Source:
    """Where a reader finds a file's bytes: a plain regular file to be read where it lies,
    or the bytes of standard input, of a compressed file (decompressed and checked) or of
    a special file (a pipe, a device), read once (:func:`open_source` makes it).

    Attributes
    ----------
    name : str
        The file, as messages name it.
    path : Path or None
        The regular file to read.
    data : bytes or None
        The bytes already read.

    Examples
    --------
    >>> b"".join(Source("<stdin>", data=b"0.5\\n").chunks())
    b'0.5\\n'
    """

    name: str
    path: Path | None = None
    data: bytes | None = None

    def chunks(self) -> Iterator[bytes]:
        """The bytes, in chunks of at most :data:`~simeval.io.compressed.CHUNK_BYTES` for a
        file on disk."""
        if self.path is None:
            yield self.data or b""
            return
        with self.path.open("rb") as fh:
            yield from read_chunks(fh)


def open_source(path: str | os.PathLike[str], *, max_line: int = MAX_LINE_BYTES) -> Source:
    """The :class:`Source` of ``path`` (``-``: standard input). A compressed file,
    standard input and special files are read (and decompressed) here, each line checked
    against ``max_line`` bytes; a plain regular file is only opened to look at its first
    bytes. A Parquet file is refused (it is read from a named ``.parquet`` file only).

    Parameters
    ----------
    path : str or os.PathLike
        The file, or ``-``.
    max_line : int, default :data:`MAX_LINE_BYTES`
        The longest line accepted, in bytes.

    Returns
    -------
    Source

    Examples
    --------
    >>> import bz2, tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "run.txt").write_text("0.5\\n")
    >>> _ = (folder / "run.dat").write_bytes(bz2.compress(b"0.5\\n"))  # known by its bytes
    >>> open_source(folder / "run.txt").path is not None, open_source(folder / "run.dat").data
    (True, b'0.5\\n')
    """
    name = shown_name(path)
    if is_stdin(path):
        return Source(name, data=_read_all(sys.stdin.buffer, name, max_line))
    p = _check_file(path)
    try:
        with p.open("rb") as fh:
            head = fh.read(16)
            fmt = format_of(head, compression_suffix(p), name)
            if fmt is None and p.is_file():
                return Source(name, path=p)
            return Source(name, data=_read_all(fh, name, max_line, head, fmt))
    except OSError as exc:
        raise DataError(f"{p}: cannot read it ({exc.strerror or exc})") from None


def _read_all(
    fh: BinaryIO, name: str, max_line: int, head: bytes | None = None, fmt: str | None = None
) -> bytes:
    """All bytes of ``fh``, decompressed when ``fmt`` names a compressed format, each line
    checked against the cap; ``head``: the first bytes, already read (the stream may not
    seek back)."""
    if head is None:
        head = fh.read(16)
        fmt = format_of(head, "", name)
    stream = io.BufferedReader(_Prepended(head, fh), CHUNK_BYTES)
    chunks = decompressed(stream, fmt, name) if fmt else read_chunks(stream)
    return b"".join(_lines_capped(chunks, name, max_line))


class _Prepended(io.RawIOBase):
    """``head`` and then the rest of ``fh``, as one readable stream."""

    def __init__(self, head: bytes, fh: BinaryIO) -> None:
        self._head = head
        self._fh = fh

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self._head:
            k = min(len(buffer), len(self._head))
            buffer[:k] = self._head[:k]
            self._head = self._head[k:]
            return k
        data = self._fh.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def source_text(source: Source, *, max_line: int = MAX_LINE_BYTES) -> str:
    """The text of ``source``: UTF-8 (a byte-order mark dropped), each line at most
    ``max_line`` bytes (bytes already read were checked by :func:`open_source`).

    Parameters
    ----------
    source : Source
        Where the bytes are.
    max_line : int, default :data:`MAX_LINE_BYTES`
        The longest line accepted, in bytes.

    Returns
    -------
    str

    Examples
    --------
    >>> source_text(Source("<stdin>", data="\\ufeff0.5\\r\\n".encode()))
    '0.5\\r\\n'
    """
    if source.data is not None:
        return _decode(iter([source.data]), source.name)
    try:
        return _decode(_lines_capped(source.chunks(), source.name, max_line), source.name)
    except OSError as exc:
        raise DataError(f"{source.path}: cannot read it ({exc.strerror or exc})") from None


def _decode(chunks: Iterator[bytes], name: str) -> str:
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    parts: list[str] = []
    offset = 0  # bytes read before this chunk
    lines = 0  # line breaks before this chunk
    for chunk in chunks:
        pending = len(decoder.getstate()[0])  # bytes of a character cut by the last chunk
        try:
            parts.append(decoder.decode(chunk))
        except UnicodeDecodeError as exc:
            at = max(0, exc.start - pending)  # position in this chunk
            line = lines + chunk[:at].count(b"\n") + 1
            raise DataError(
                f"{name}, line {line} (byte {offset + at}): not UTF-8 text; re-encode the "
                "file to UTF-8 (e.g. iconv -f LATIN1 -t UTF-8)"
            ) from None
        offset += len(chunk)
        lines += chunk.count(b"\n")
    try:
        parts.append(decoder.decode(b"", final=True))
    except UnicodeDecodeError:
        raise DataError(
            f"{name}, byte {offset}: the text ends inside a UTF-8 character; the file is cut "
            "short or not UTF-8 (re-encode it to UTF-8, e.g. iconv -t UTF-8)"
        ) from None
    return "".join(parts)


class ByteRange(io.RawIOBase):
    """Bytes ``[start, stop)`` of a file, as a readable stream (for a reader that takes
    a file object, e.g. pandas' ``read_csv``, given one part of a file).

    Parameters
    ----------
    path : Path
        The file (opened here; :meth:`close` closes it).
    start, stop : int
        The byte range, ``stop`` excluded.

    Examples
    --------
    >>> import tempfile
    >>> p = Path(tempfile.mkdtemp()) / "vectors.txt"
    >>> _ = p.write_bytes(b"dog 0.1\\ncat 0.2\\n")
    >>> with ByteRange(p, 8, 16) as part:
    ...     part.read()
    b'cat 0.2\\n'
    """

    def __init__(self, path: Path, start: int, stop: int) -> None:
        self._fh = path.open("rb")
        self._fh.seek(start)
        self._left = stop - start

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        k = min(len(buffer), self._left)
        if k <= 0:
            return 0
        got = self._fh.readinto(memoryview(buffer)[:k]) or 0
        self._left -= got
        return got

    def close(self) -> None:
        self._fh.close()
        super().close()
