"""Compressed input files: which format a file is in (gzip, bzip2, xz: by its first bytes,
else by its suffix), its decompressed bytes in chunks, and the one-line error for a file
cut short or corrupt. Zip archives, zstd data and Parquet files are recognised by their
first bytes and refused with a message saying what to do.
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import os
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from ..errors import DataError

__all__ = [
    "CHUNK_BYTES",
    "compression_suffix",
    "decompressed",
    "decompression_error",
    "format_of",
    "read_chunks",
]

#: The most bytes read (or decompressed) at a time.
CHUNK_BYTES = 1 << 20
#: Compressed formats read, by file suffix and by their first bytes (the bzip2 signature
#: is checked with its first block's magic number, so that no text is taken for it).
_COMPRESSED = {".gz": "gzip", ".bz2": "bzip2", ".xz": "xz"}
_MAGIC = ((b"\x1f\x8b", "gzip"), (b"\xfd7zXZ\x00", "xz"))
_BZIP2_BLOCK = b"1AY&SY"
#: Formats recognised by their first bytes but not read: the message says what to do.
_NOT_READ = {
    b"PK\x03\x04": "a zip archive; extract the file from it first (unzip)",
    b"\x28\xb5\x2f\xfd": "zstd-compressed; decompress it first (zstd -d) or use gzip",
}


def compression_suffix(path: str | os.PathLike[str]) -> str:
    """The suffix of a compressed format read (``.gz``, ``.bz2``, ``.xz``), or ``""``.

    Parameters
    ----------
    path : str or os.PathLike
        A file name.

    Returns
    -------
    str
        The suffix, lower case.

    Examples
    --------
    >>> compression_suffix("sts-test.tsv.GZ"), compression_suffix("sts-test.tsv")
    ('.gz', '')
    """
    suffix = Path(path).suffix.lower()
    return suffix if suffix in _COMPRESSED else ""


def format_of(first: bytes, suffix: str, name: str) -> str | None:
    """The compressed format of a file that starts with ``first`` (and has ``suffix``), or
    None for a plain file; a Parquet file and the formats not read are refused.

    The first bytes decide (gzip ``1f 8b``, xz ``fd 37 7a 58 5a 00``, bzip2 ``BZh`` and
    its first block's magic number); the suffix decides only for data without a signature
    (a cut-short file is then named as such when decompressed).

    Parameters
    ----------
    first : bytes
        The file's first bytes (16 are enough).
    suffix : str
        The file's suffix, lower case (``""`` for standard input).
    name : str
        The file, as messages name it.

    Returns
    -------
    {"gzip", "bzip2", "xz"} or None

    Examples
    --------
    >>> import gzip
    >>> format_of(gzip.compress(b"0.5\\n")[:16], "", "-"), format_of(b"0.5\\n", ".txt", "a.txt")
    ('gzip', None)
    >>> format_of(b"PK\\x03\\x04...", ".tsv", "runs.tsv")
    Traceback (most recent call last):
    simeval.errors.DataError: runs.tsv is a zip archive; extract the file from it first (unzip)
    """
    if first.startswith(b"PAR1"):
        raise DataError(
            f"{name} is a Parquet file; Parquet is read from a named .parquet file only "
            "(not from standard input or under another suffix)"
        )
    for magic, what in _NOT_READ.items():
        if first.startswith(magic):
            raise DataError(f"{name} is {what}")
    for magic, fmt in _MAGIC:
        if first.startswith(magic):
            return fmt
    if first.startswith(b"BZh") and first[4:10] == _BZIP2_BLOCK:
        return "bzip2"
    return _COMPRESSED.get(suffix)


def read_chunks(fh: BinaryIO | io.BufferedIOBase) -> Iterator[bytes]:
    """The bytes of a stream, in chunks of at most :data:`CHUNK_BYTES`.

    Parameters
    ----------
    fh : binary file object
        An open stream.

    Yields
    ------
    bytes
        The next chunk (never empty).

    Examples
    --------
    >>> list(read_chunks(io.BytesIO(b"0.5\\n1.5\\n")))
    [b'0.5\\n1.5\\n']
    """
    while chunk := fh.read(CHUNK_BYTES):
        yield chunk


def _decompressor(fh: BinaryIO, fmt: str) -> io.BufferedIOBase:
    """A stream of the decompressed bytes of ``fh`` (``fmt``: gzip, bzip2 or xz)."""
    if fmt == "gzip":
        return gzip.GzipFile(fileobj=fh, mode="rb")
    if fmt == "bzip2":
        return bz2.BZ2File(fh, mode="rb")
    return lzma.LZMAFile(fh, mode="rb")


def decompressed(fh: BinaryIO, fmt: str, name: str) -> Iterator[bytes]:
    """The decompressed bytes of ``fh`` in chunks of at most :data:`CHUNK_BYTES` (a small
    file that inflates to gigabytes can be stopped by its reader, not held whole).

    Parameters
    ----------
    fh : binary file object
        The compressed stream.
    fmt : {"gzip", "bzip2", "xz"}
        Its format (:func:`format_of`).
    name : str
        The file, as messages name it.

    Yields
    ------
    bytes
        The next chunk of decompressed data; a stream cut short, a bad checksum or bytes
        that are not ``fmt`` data raise :func:`decompression_error`'s DataError.

    Examples
    --------
    >>> import bz2
    >>> b"".join(decompressed(io.BytesIO(bz2.compress(b"0.5\\n")), "bzip2", "run.txt.bz2"))
    b'0.5\\n'
    >>> cut = io.BytesIO(bz2.compress(b"0.5\\n")[:-4])
    >>> list(decompressed(cut, "bzip2", "run.txt.bz2"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    simeval.errors.DataError: run.txt.bz2: the bzip2 data is cut short (the file is truncated)...
    """
    try:
        with _decompressor(fh, fmt) as stream:
            yield from read_chunks(stream)
    except (EOFError, OSError, zlib.error, lzma.LZMAError) as exc:
        raise decompression_error(exc, name, fmt) from None


def decompression_error(exc: Exception, name: str, fmt: str = "gzip") -> DataError:
    """The one-line error for a compressed file that cannot be decompressed: cut short
    (``EOFError``) or corrupt (a bad checksum, bytes that are not ``fmt`` data).

    Parameters
    ----------
    exc : Exception
        What the decompressor raised.
    name : str
        The file, as messages name it.
    fmt : str, default "gzip"
        The compressed format.

    Returns
    -------
    DataError
        To raise (``from None``: the decompressor's traceback says nothing more).

    Examples
    --------
    >>> str(decompression_error(EOFError(), "vectors.txt.gz"))
    'vectors.txt.gz: the gzip data is cut short (the file is truncated); write or fetch it again'
    """
    if isinstance(exc, EOFError):
        return DataError(
            f"{name}: the {fmt} data is cut short (the file is truncated); write or fetch it again"
        )
    return DataError(
        f"{name}: not valid {fmt} data ({exc}); the file is corrupt: write or fetch it again"
    )
