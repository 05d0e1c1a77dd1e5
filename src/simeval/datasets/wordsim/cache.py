"""The checksummed download cache of the registered word-similarity sets."""

from __future__ import annotations

import os
from pathlib import Path

from ..files import RegisteredFile, cache_root, fetch_file, local_path, store_inputs
from .pairs import WordPairs
from .registry import WordsimDataset, get

__all__ = ["cache_dir", "cached_path", "fetch", "inputs", "load"]


def cache_dir() -> Path:
    """``$SIMEVAL_HOME/wordsim``, else the user's cache folder (``$XDG_CACHE_HOME`` or
    ``~/.cache`` on Linux, ``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%`` on Windows)
    plus ``simeval/wordsim``.

    Returns
    -------
    pathlib.Path

    Examples
    --------
    >>> from unittest import mock
    >>> with mock.patch.dict("os.environ", {"SIMEVAL_HOME": "/tmp/simeval-example"}):
    ...     print(cache_dir())
    /tmp/simeval-example/wordsim
    """
    return cache_root() / "wordsim"


def _file(ds: WordsimDataset) -> RegisteredFile:
    return RegisteredFile(ds.filename, ds.url, ds.sha256, ds.name)


def inputs(name: str, *, data_dir: str | os.PathLike[str] | None = None) -> tuple[Path, ...]:
    """The folder :func:`load` reads dataset ``name`` from (``data_dir``, else the cache
    :func:`cache_dir`), without reading it; an unknown name lists the known.

    Parameters
    ----------
    name : str
        A registered data set (see :func:`~simeval.datasets.wordsim.registry.get`).
    data_dir : str or os.PathLike, optional
        The folder the user gave.

    Returns
    -------
    tuple of Path

    Raises
    ------
    InputError
        An unknown name.

    Examples
    --------
    >>> [p.as_posix() for p in inputs("rg65", data_dir="data")]
    ['data']
    """
    get(name)
    return store_inputs(folder="wordsim", data_dir=data_dir)


def cached_path(name: str, *, data_dir: str | os.PathLike[str] | None = None) -> Path | None:
    """Where ``name``'s file is available locally (``data_dir`` or the cache), else None.

    Parameters
    ----------
    name : str
        A registered data set (see :func:`~simeval.datasets.wordsim.registry.get`).
    data_dir : str or os.PathLike, optional

    Returns
    -------
    pathlib.Path or None
        Not verified; :func:`fetch` verifies.

    Examples
    --------
    >>> import tempfile
    >>> cached_path("simlex999", data_dir=tempfile.mkdtemp()) is None  # an empty folder
    True
    """
    return local_path(_file(get(name)), folder="wordsim", data_dir=data_dir)


def fetch(
    name: str,
    *,
    data_dir: str | os.PathLike[str] | None = None,
    url: str | None = None,
    download: bool = True,
) -> Path:
    """Return a verified local copy of dataset ``name``'s file, downloading it if needed.

    With ``data_dir`` the file must be somewhere below it; nothing is downloaded.
    Otherwise the cache is used, and a missing file is downloaded from ``url`` (default:
    the registered URL; ``file://`` works) to a temporary file, checked against the
    registered SHA-256 and only then moved into the cache
    (:func:`simeval.datasets.files.fetch_file`).

    Parameters
    ----------
    name : str
    data_dir : str or os.PathLike, optional
    url : str, optional
    download : bool, default True

    Returns
    -------
    pathlib.Path

    Examples
    --------
    >>> path = fetch("ws353")  # downloads once, then reads the cache  # doctest: +SKIP
    """
    ds = get(name)
    return fetch_file(_file(ds), folder="wordsim", data_dir=data_dir, url=url, download=download)


def load(
    name: str,
    *,
    data_dir: str | os.PathLike[str] | None = None,
    url: str | None = None,
    download: bool = True,
) -> WordPairs:
    """Load registered dataset ``name`` as :class:`WordPairs` (see :func:`fetch`).

    The row count is checked against the registry (the dataset's paper or README).

    Parameters
    ----------
    name, data_dir, url, download
        As :func:`fetch`.

    Returns
    -------
    WordPairs

    Examples
    --------
    >>> pairs = load("ws353")  # doctest: +SKIP
    >>> len(pairs), pairs.scale  # doctest: +SKIP
    (353, (0.0, 10.0))
    """
    ds = get(name)
    return ds.load(fetch(ds.name, data_dir=data_dir, url=url, download=download))
