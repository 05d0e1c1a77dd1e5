"""simeval's cache folder, shared by the downloaded data sets and the embedding cache."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from ..errors import DataError

__all__ = ["cache_root"]


def cache_root() -> Path:
    """``$SIMEVAL_HOME``, else the user's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``
    on Linux, ``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%`` on Windows) + ``simeval``.

    Returns
    -------
    pathlib.Path
        The folder (not created here).

    Raises
    ------
    DataError
        ``$SIMEVAL_HOME`` names something that is not a folder (a file).

    Examples
    --------
    >>> from unittest import mock
    >>> with mock.patch.dict("os.environ", {"SIMEVAL_HOME": "/tmp/simeval-example"}):
    ...     print(cache_root())
    /tmp/simeval-example
    """
    home = os.environ.get("SIMEVAL_HOME")
    if home:
        root = Path(home).expanduser()
        if root.exists() and not root.is_dir():
            raise DataError(
                f"SIMEVAL_HOME={home} is not a folder; point it to a folder for simeval's "
                "cache (or unset it for the user cache folder)"
            )
        return root
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "simeval"
