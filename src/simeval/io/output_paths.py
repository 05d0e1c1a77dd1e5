"""Where an output lies against a command's inputs: the same file (by inode or through
links), inside an input folder (by its path as given or resolved, or as a hard link to a
file there), or a device or FIFO that is written in place. Used by
:class:`~simeval.io.safe_output.OutputPlan`."""

from __future__ import annotations

import contextlib
import os
import re
import stat

from ..errors import DataError

__all__ = ["in_place", "refuse_over_input"]


def refuse_over_input(given: str, target: str, label: str, option: str, path: str) -> None:
    """Raise if the output ``given`` (``target`` through its links) is the input ``path``
    or lies inside it (see :mod:`simeval.io.safe_output`).

    Parameters
    ----------
    given : str
        The output's path as given.
    target : str
        The same, resolved through its links.
    label : str
        How the message names the output (``--output r.json``).
    option : str
        The option that named the input.
    path : str
        The input (a file or a folder).

    Raises
    ------
    DataError
        The output is the input, or lies inside the input folder.

    Examples
    --------
    >>> refuse_over_input("/data/out.json", "/data/out.json", "--output /data/out.json",
    ...                   "--data-dir", "/data")
    Traceback (most recent call last):
    ...
    simeval.errors.DataError: --output /data/out.json lies inside the input folder /data \
(--data-dir); choose another path
    """
    if _same(target, path):
        what = "folder" if os.path.isdir(path) else "file"
        raise DataError(f"{label} is the {option} {what} ({path}); choose another path")
    if not os.path.isdir(path) and os.path.exists(path):
        return  # an input file holds no other file
    roots = {os.path.realpath(path), os.path.abspath(path)}
    where = {target, os.path.abspath(given)}
    if any(_inside(w, root) for w in where for root in roots) or _linked_inside(target, path):
        raise DataError(
            f"{label} lies inside the input folder {path} ({option}); choose another path"
        )


def _same(target: str, path: str) -> bool:
    try:
        return os.path.samefile(target, path)
    except OSError:
        return os.path.realpath(path) == target


def _inside(target: str, root: str) -> bool:
    try:
        return os.path.commonpath([root, target]) == root
    except ValueError:  # paths on different drives (Windows)
        return False


def _linked_inside(target: str, folder: str) -> bool:
    """Whether ``target`` is a hard link to a file below ``folder`` (only looked for when
    it has more than one link: a folder is walked only then)."""
    try:
        st = os.stat(target)
    except OSError:
        return False
    if not stat.S_ISREG(st.st_mode) or st.st_nlink < 2:
        return False
    for root, _, files in os.walk(folder):
        for name in files:
            with contextlib.suppress(OSError):
                other = os.stat(os.path.join(root, name))
                if (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino):
                    return True
    return False


_FD_PATH = re.compile(r"/dev/(?:std(out|err)|fd/(\d+))|/proc/(self|\d+)/fd/(\d+)")


def descriptor_of(path: str) -> int | None:
    """The file descriptor of this process that ``path`` names — ``/dev/stdout`` (1),
    ``/dev/stderr`` (2), ``/dev/fd/N``, ``/proc/self/fd/N`` — or None. Such an output is
    written to the open descriptor (as the shell opened it: ``>>`` appends), never opened
    again by name: reopening ``/dev/stdout`` redirected to a file truncates or replaces
    that file.

    Parameters
    ----------
    path : str
        An output's path.

    Returns
    -------
    int or None

    Examples
    --------
    >>> descriptor_of("/dev/stdout"), descriptor_of("/proc/self/fd/2"), descriptor_of("out.tsv")
    (1, 2, None)
    """
    match = _FD_PATH.fullmatch(os.path.normpath(str(path)))
    if match is None:
        return None
    std, fd, process, proc_fd = match.groups()
    if process not in (None, "self", str(os.getpid())):
        return None  # another process's descriptor: a file like any other
    return {"out": 1, "err": 2}[std] if std else int(fd or proc_fd)


def in_place(path: str) -> bool:
    """Whether ``path`` is a descriptor of this process (:func:`descriptor_of`), a device
    or a FIFO (``/dev/null``, a named pipe), written in place: looked up by the kernel,
    which follows links that :func:`os.path.realpath` cannot (a pipe's).

    Parameters
    ----------
    path : str
        An output's path.

    Returns
    -------
    bool

    Examples
    --------
    >>> in_place("/dev/null"), in_place("/no/such/file")
    (True, False)
    """
    if descriptor_of(path) is not None:
        return True
    try:
        return not stat.S_ISREG(os.stat(path).st_mode) and not os.path.isdir(path)
    except OSError:
        return False
