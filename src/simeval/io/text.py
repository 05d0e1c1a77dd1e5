"""Reading a whole text file safely: UTF-8 (errors name the byte offset and line), gzip by
suffix or magic bytes, ``-`` for standard input, and a cap on the length of one line so
that a file without line breaks (``/dev/zero``, a binary file) cannot fill the memory.
"""

from __future__ import annotations

import codecs
import io
import os
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from ..errors import DataError

__all__ = [
    "MAX_LINE_BYTES",
    "STDIN",
    "ByteRange",
    "is_stdin",
    "read_bytes",
    "read_text",
    "shown_name",
]

#: The longest line any reader accepts (1 MiB): longer means "not a text file".
MAX_LINE_BYTES = 1 << 20
#: The file name that stands for standard input.
STDIN = "-"
_CHUNK = 1 << 20
_GZIP_MAGIC = b"\x1f\x8b"


def is_stdin(path: str | os.PathLike[str] | None) -> bool:
    """True when ``path`` is ``-`` (standard input)."""
    return path is not None and os.fspath(path) == STDIN


def shown_name(path: str | os.PathLike[str]) -> str:
    """How a file is named in messages: ``<stdin>`` for ``-``."""
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
    file is a one-line :class:`DataError`."""
    if is_stdin(path):
        return sys.stdin.buffer.read()
    p = _check_file(path)
    try:
        return p.read_bytes()
    except OSError as exc:
        raise DataError(f"{p}: cannot read it ({exc.strerror or exc})") from None


def _chunks(fh: BinaryIO) -> Iterator[bytes]:
    while chunk := fh.read(_CHUNK):
        yield chunk


def _gunzip(chunks: Iterator[bytes], name: str) -> Iterator[bytes]:
    inflate = zlib.decompressobj(wbits=31)  # gzip header and trailer
    try:
        for chunk in chunks:
            data = chunk
            while data:
                out = inflate.decompress(data, _CHUNK)
                if out:
                    yield out
                data = inflate.unconsumed_tail
                if inflate.eof:  # a second gzip member follows (concatenated .gz files)
                    data = inflate.unused_data + data
                    inflate = zlib.decompressobj(wbits=31)
                    if not data:
                        break
        if tail := inflate.flush():
            yield tail
    except zlib.error as exc:
        raise DataError(f"{name}: not a valid gzip file ({exc}); check the file") from None


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
    """A file's text: UTF-8 (a byte-order mark is dropped), gzip-compressed when the name
    ends in ``.gz`` or the data starts with the gzip magic bytes; ``-`` reads standard
    input. A missing or unreadable file, bytes that are not UTF-8 (named by byte offset
    and line) and a line over ``max_line`` bytes are each a one-line :class:`DataError`.
    """
    name = shown_name(path)
    if is_stdin(path):
        return _decode(_stream(sys.stdin.buffer, name, False, max_line), name)
    p = _check_file(path)
    try:
        with p.open("rb") as fh:
            return _decode(_stream(fh, name, p.suffix.lower() == ".gz", max_line), name)
    except OSError as exc:
        raise DataError(f"{p}: cannot read it ({exc.strerror or exc})") from None


def _stream(fh: BinaryIO, name: str, gz: bool, max_line: int) -> Iterator[bytes]:
    chunks = _chunks(fh)
    first = next(chunks, b"")
    if first.startswith(b"PAR1"):
        raise DataError(
            f"{name} is a Parquet file; Parquet is read from a named .parquet file only "
            "(not from standard input or under another suffix)"
        )
    if gz or first.startswith(_GZIP_MAGIC):
        chunks = _gunzip(_prepend(first, chunks), name)
    else:
        chunks = _prepend(first, chunks)
    return _lines_capped(chunks, name, max_line)


def _prepend(first: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    if first:
        yield first
    yield from rest


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
    a file object, e.g. pandas' ``read_csv``, given one part of a file)."""

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
