"""One checksummed store for every registered data file, whatever its kind (word pairs,
sentence pairs): a file comes from ``data_dir`` (found by its path anywhere below it), or
the cache (``$SIMEVAL_HOME``, default the user's cache folder), or its URL, downloaded to
a temporary file, checked against its SHA-256 and only then moved into the cache. A file
inside a ``.zip`` or ``.tar.gz`` release names its ``member``; the archive is downloaded and the
member extracted and checked.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tarfile
import urllib.error
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import DataError
from ..io.hashing import file_sha256
from ..io.home import cache_root

__all__ = [
    "RegisteredFile",
    "cache_root",
    "fetch_file",
    "find_under",
    "local_path",
    "store_inputs",
]


@dataclass(frozen=True)
class RegisteredFile:
    """A public file: its ``path`` (relative, as in ``../shared/data`` and in the cache),
    where to download it, its SHA-256, and the data set it belongs to (for messages).

    Attributes
    ----------
    path : str
        Relative path, as below ``data_dir`` and in the cache.
    url : str
        Where it is downloaded from.
    sha256 : str
        Its SHA-256, checked before any use.
    owner : str
        The data set it belongs to.
    member : str or None
        Its path inside the archive at ``url``.
    continuation : str or None
        A URL whose lines after the header are appended.

    Examples
    --------
    >>> import hashlib, pathlib, tempfile
    >>> data = pathlib.Path(tempfile.mkdtemp())
    >>> (data / "toy").mkdir()
    >>> _ = (data / "toy" / "pairs.tsv").write_bytes(b"cat\\tdog\\t7\\n")
    >>> f = RegisteredFile("toy/pairs.tsv", "https://example.org/pairs.tsv",
    ...                    hashlib.sha256(b"cat\\tdog\\t7\\n").hexdigest(), "toy")
    >>> local_path(f, folder="wordsim", data_dir=data).name
    'pairs.tsv'
    """

    path: str
    url: str
    sha256: str
    owner: str
    #: The member's path inside the archive at ``url`` (a ``.tar.gz`` release), if any.
    member: str | None = None
    #: A second URL whose lines after its header line are appended: for a public copy
    #: that split the file in two (MSRP's training file), so the join is checked whole.
    continuation: str | None = None


def store_inputs(
    *, folder: str, data_dir: str | os.PathLike[str] | None = None
) -> tuple[Path, ...]:
    """The folder a registered file of the store ``folder`` is read from, without looking
    for it: ``data_dir`` (searched below) if given, else the cache ``cache_root()/folder``
    (where a download also goes). A command never writes inside it.

    Parameters
    ----------
    folder : str
        The cache's subfolder (``"wordsim"``, ``"sentences"``).
    data_dir : str or os.PathLike, optional
        The folder the user gave.

    Returns
    -------
    tuple of Path
        One folder.

    Examples
    --------
    >>> [p.as_posix() for p in store_inputs(folder="sentences", data_dir="data")]
    ['data']
    >>> store_inputs(folder="sentences")[0].name
    'sentences'
    """
    return (Path(data_dir),) if data_dir is not None else (cache_root() / folder,)


def local_path(
    f: RegisteredFile, *, folder: str, data_dir: str | os.PathLike[str] | None = None
) -> Path | None:
    """Where ``f`` is without downloading: below ``data_dir`` if given, else in the cache
    ``cache_root()/folder``; None when it is not there (not verified).

    Parameters
    ----------
    f : RegisteredFile
    folder : str
        The cache's subfolder (``"wordsim"``, ``"sentences"``).
    data_dir : str or os.PathLike, optional

    Returns
    -------
    pathlib.Path or None

    Examples
    --------
    >>> import hashlib, pathlib, tempfile
    >>> data = pathlib.Path(tempfile.mkdtemp())
    >>> (data / "toy").mkdir()
    >>> _ = (data / "toy" / "pairs.tsv").write_bytes(b"cat\\tdog\\t7\\n")
    >>> f = RegisteredFile("toy/pairs.tsv", "https://example.org/pairs.tsv",
    ...                    hashlib.sha256(b"cat\\tdog\\t7\\n").hexdigest(), "toy")
    >>> local_path(f, folder="wordsim", data_dir=data) == data / "toy" / "pairs.tsv"
    True
    """
    if data_dir is not None:
        return find_under(f, Path(data_dir))
    path = cache_root() / folder / f.path
    return path if path.is_file() else None


def _verify(f: RegisteredFile, path: Path, remedy: str | None = None) -> Path:
    """``path`` when its SHA-256 is ``f``'s registered one; else an error naming both and
    ``remedy`` (default: for simeval's own cache, delete the file and download again)."""
    got = file_sha256(path)
    if got != f.sha256:
        raise DataError(
            f"{path}: SHA-256 {got} does not match {f.owner}'s registered {f.sha256}; the "
            "file is corrupt or a different version — "
            + (remedy or "delete it and download again (simeval datasets --fetch)")
        )
    return path


def find_under(f: RegisteredFile, data_dir: Path) -> Path | None:
    """``f`` anywhere below ``data_dir``: the file whose path ends with the most trailing
    components of ``f.path`` (so ``2013/STS.gs.headlines.txt`` is not taken for 2014's).

    Parameters
    ----------
    f : RegisteredFile
    data_dir : pathlib.Path

    Returns
    -------
    pathlib.Path or None

    Examples
    --------
    >>> import hashlib, pathlib, tempfile
    >>> data = pathlib.Path(tempfile.mkdtemp())
    >>> (data / "toy").mkdir()
    >>> _ = (data / "toy" / "pairs.tsv").write_bytes(b"cat\\tdog\\t7\\n")
    >>> f = RegisteredFile("toy/pairs.tsv", "https://example.org/pairs.tsv",
    ...                    hashlib.sha256(b"cat\\tdog\\t7\\n").hexdigest(), "toy")
    >>> find_under(f, data).relative_to(data).as_posix()
    'toy/pairs.tsv'
    """
    parts = Path(f.path).parts
    best: tuple[int, Path] | None = None
    for candidate in sorted(data_dir.rglob(parts[-1])) if data_dir.is_dir() else ():
        if not candidate.is_file():
            continue
        c = candidate.parts
        k = 0
        while k < len(parts) and k < len(c) and c[-1 - k] == parts[-1 - k]:
            k += 1
        if best is None or k > best[0]:
            best = (k, candidate)
    return None if best is None or (len(parts) > 1 and best[0] < 2) else best[1]


def fetch_file(
    f: RegisteredFile,
    *,
    folder: str,
    data_dir: str | os.PathLike[str] | None = None,
    url: str | None = None,
    download: bool = True,
) -> Path:
    """A verified local copy of ``f``: from ``data_dir`` (nothing is downloaded then), or
    the cache ``cache_root()/folder``, or downloaded from ``url`` (default: the registered
    URL; ``file://`` works). A failed download leaves no file and no new folder behind.

    Parameters
    ----------
    f : RegisteredFile
    folder : str
        The cache's subfolder.
    data_dir : str or os.PathLike, optional
    url : str, optional
        Download from here instead of ``f.url``.
    download : bool, default True
        False: fail rather than download.

    Returns
    -------
    pathlib.Path
        The checked file.

    Examples
    --------
    >>> import hashlib, pathlib, tempfile
    >>> data = pathlib.Path(tempfile.mkdtemp())
    >>> (data / "toy").mkdir()
    >>> _ = (data / "toy" / "pairs.tsv").write_bytes(b"cat\\tdog\\t7\\n")
    >>> f = RegisteredFile("toy/pairs.tsv", "https://example.org/pairs.tsv",
    ...                    hashlib.sha256(b"cat\\tdog\\t7\\n").hexdigest(), "toy")
    >>> fetch_file(f, folder="wordsim", data_dir=data).read_bytes()
    b'cat\\tdog\\t7\\n'
    """
    if data_dir is not None:
        root = Path(data_dir)
        if not root.is_dir():
            raise DataError(f"--data-dir {data_dir}: no such folder; check the path")
        found = find_under(f, root)
        if found is None:
            raise DataError(
                f"{f.path} ({f.owner}) not found in {data_dir} or below it; "
                f"download it from {f.url}"
            )
        return _verify(f, found, f"use the registered version, from {f.url}")
    target = cache_root() / folder / f.path
    if target.is_file():
        return _verify(f, target)
    if not download:
        raise DataError(
            f"{f.owner} is not cached in {target.parent}; run: simeval datasets --fetch {f.owner}"
        )
    source = url or f.url
    created = [p for p in (target.parent, *target.parent.parents) if not p.exists()]
    target.parent.mkdir(parents=True, exist_ok=True)
    # a new file as open() makes it, with the umask's permissions (mkstemp's are 0600: a
    # cache shared by a group would be unreadable to the others)
    tmp = target.parent / f".{target.name}.{secrets.token_hex(6)}"
    done = False
    try:
        with tmp.open("xb") as out, urllib.request.urlopen(source, timeout=60) as resp:
            for block in iter(lambda: resp.read(1 << 20), b""):
                out.write(block)
        if f.member is not None:
            _extract(tmp, f.member, source)
        if f.continuation is not None:
            source = f.continuation
            with urllib.request.urlopen(source, timeout=60) as resp, tmp.open("ab") as out:
                out.write(resp.read().partition(b"\n")[2])
        try:
            _verify(f, tmp)
        except DataError:
            raise DataError(
                f"{f.owner}: the file from {source} has another SHA-256 than the registered "
                f"{f.sha256}; the source changed or the transfer was damaged — try again, "
                "or give the registered file's URL"
            ) from None
        os.replace(tmp, target)
        done = True
    except DataError:
        raise
    except (
        urllib.error.URLError,
        OSError,
        ValueError,
        tarfile.TarError,
        zipfile.BadZipFile,
    ) as exc:
        raise DataError(f"{f.owner}: download from {source} failed ({exc})") from None
    finally:
        tmp.unlink(missing_ok=True)
        if not done:  # a failed download leaves no folder behind either
            for created_folder in created:
                with contextlib.suppress(OSError):
                    created_folder.rmdir()
    return target


def _extract(archive: Path, member: str, source: str) -> None:
    """Replace ``archive`` (a downloaded .zip or .tar.gz from ``source``, told apart by
    content) by its ``member``'s bytes; a missing member, or one that is not a regular
    file (a link, a folder, a device), is a :class:`DataError` naming both."""
    if zipfile.is_zipfile(archive):
        with zipfile.ZipFile(archive) as zf:
            try:
                data = zf.read(member)
            except KeyError:
                raise DataError(f"{source}: no file {member!r} in the archive") from None
    else:
        with tarfile.open(archive, "r:*") as tar:
            try:
                info = tar.getmember(member)
            except KeyError:
                raise DataError(f"{source}: no file {member!r} in the archive") from None
            if not info.isfile():
                kind = (
                    "a symbolic link" if info.issym()
                    else "a hard link" if info.islnk()
                    else "a folder" if info.isdir()
                    else "not a regular file"
                )  # fmt: skip
                raise DataError(
                    f"{source}: {member!r} in the archive is {kind}, not a regular file; "
                    "the archive is not the registered release"
                )
            handle = tar.extractfile(info)
            if handle is None:  # pragma: no cover - a regular member always has a file
                raise DataError(f"{source}: {member!r} cannot be read from the archive")
            data = handle.read()
    archive.write_bytes(data)
