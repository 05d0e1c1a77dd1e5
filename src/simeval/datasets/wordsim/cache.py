"""The checksummed download cache of the registered word-similarity sets."""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

from ...errors import DataError
from .pairs import WordPairs
from .registry import WordsimDataset, get

__all__ = ["cache_dir", "cached_path", "fetch", "load"]


def cache_dir() -> Path:
    """``$SIMEVAL_HOME/wordsim``, else the user's cache folder (``$XDG_CACHE_HOME`` or
    ``~/.cache`` on Linux, ``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%`` on Windows)
    plus ``simeval/wordsim``."""
    home = os.environ.get("SIMEVAL_HOME")
    if home:
        return Path(home).expanduser() / "wordsim"
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "simeval" / "wordsim"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _verify(ds: WordsimDataset, path: Path) -> Path:
    got = _sha256(path)
    if got != ds.sha256:
        raise DataError(
            f"{path}: SHA-256 {got} does not match {ds.name}'s registered {ds.sha256}; "
            "the file is corrupt or a different version — delete it and download again"
        )
    return path


def _find_in(ds: WordsimDataset, data_dir: Path) -> Path | None:
    direct = data_dir / ds.filename
    if direct.is_file():
        return direct
    if data_dir.is_dir():
        for sub in sorted(data_dir.iterdir()):
            candidate = sub / ds.filename
            if candidate.is_file():
                return candidate
    return None


def cached_path(name: str, *, data_dir: str | os.PathLike[str] | None = None) -> Path | None:
    """Where ``name``'s file is available locally (``data_dir`` or the cache), else None."""
    ds = get(name)
    if data_dir is not None:
        return _find_in(ds, Path(data_dir))
    path = cache_dir() / ds.filename
    return path if path.is_file() else None


def fetch(
    name: str,
    *,
    data_dir: str | os.PathLike[str] | None = None,
    url: str | None = None,
    download: bool = True,
) -> Path:
    """Return a verified local copy of dataset ``name``'s file, downloading it if needed.

    With ``data_dir`` the file must be there (or one folder deeper); nothing is
    downloaded. Otherwise the cache is used, and a missing file is downloaded from
    ``url`` (default: the registered URL; ``file://`` works) to a temporary file,
    checked against the registered SHA-256 and only then moved into the cache.
    """
    ds = get(name)
    if data_dir is not None:
        found = _find_in(ds, Path(data_dir))
        if found is None:
            raise DataError(
                f"{ds.filename} ({ds.name}) not found in {data_dir} or its subfolders; "
                f"download it from {ds.url}"
            )
        return _verify(ds, found)
    target = cache_dir() / ds.filename
    if target.is_file():
        return _verify(ds, target)
    if not download:
        raise DataError(
            f"{ds.name} is not cached in {target.parent}; run: simeval datasets --fetch {ds.name}"
        )
    source = url or ds.url
    created = [p for p in (target.parent, *target.parent.parents) if not p.exists()]
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{ds.filename}.", dir=target.parent)
    tmp = Path(tmp_name)
    done = False
    try:
        with os.fdopen(fd, "wb") as out, urllib.request.urlopen(source, timeout=60) as resp:
            for block in iter(lambda: resp.read(1 << 20), b""):
                out.write(block)
        _verify(ds, tmp)  # a checksum mismatch is a DataError that says so itself
        os.replace(tmp, target)
        done = True
    except DataError:
        raise
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise DataError(f"{ds.name}: download from {source} failed ({exc})") from None
    finally:
        tmp.unlink(missing_ok=True)
        if not done:  # a failed download leaves no folder behind either
            for folder in created:
                with contextlib.suppress(OSError):
                    folder.rmdir()
    return target


def load(
    name: str,
    *,
    data_dir: str | os.PathLike[str] | None = None,
    url: str | None = None,
    download: bool = True,
) -> WordPairs:
    """Load registered dataset ``name`` as :class:`WordPairs` (see :func:`fetch`).

    The row count is checked against the registry (the dataset's paper or README).
    """
    ds = get(name)
    return ds.load(fetch(ds.name, data_dir=data_dir, url=url, download=download))
