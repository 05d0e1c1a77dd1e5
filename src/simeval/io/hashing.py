"""The one file digest of simeval: SHA-256, read in 1 MiB blocks. Registered data sets,
model weights and vector files are checked and named in signatures by it."""

from __future__ import annotations

import hashlib
import os

__all__ = ["file_sha256"]


def file_sha256(path: str | os.PathLike[str]) -> str:
    """The hexadecimal SHA-256 of the file at ``path``.

    Parameters
    ----------
    path : str or os.PathLike
        A file; read in 1 MiB blocks, so its size does not matter.

    Returns
    -------
    str
        64 hexadecimal digits, as ``sha256sum`` prints.

    References
    ----------
    NIST (2015). *Secure Hash Standard (SHS)*. FIPS PUB 180-4.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "x"; _ = p.write_bytes(b"abc")
    >>> file_sha256(p)[:16]
    'ba7816bf8f01cfea'
    """
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
