"""SemEval STS directories: gold files per set and system runs.

A gold directory holds ``STS.gs.<set>.txt`` (or ``STS<year>.gs.<set>.txt``) with one score
per line aligned with ``STS.input.<set>.txt``; a **blank gold line is an unscored pair**
and is skipped (and counted). A runs directory holds either one sub-directory per system
(its name is the system's) with ``STS.output.<set>.txt`` or
``STS<year>.OUTPUT.<team>.<run>.<set>.txt`` files, or such files directly (the system is
then ``<team>.<run>``, or the directory's name for ``STS.output.*``). A run line may carry
a second, tab-separated confidence value, which is ignored. Other files are ignored.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from .._validate.arrays import NanPolicy
from ..errors import DataError, param
from ..io import read_text

__all__ = ["read_gold_dir", "read_runs_dir"]

_GOLD_RE = re.compile(r"^STS(?P<year>\d{4})?\.gs\.(?P<set>.+)\.txt$")
_INPUT_RE = re.compile(r"^STS(?P<year>\d{4})?\.input\.(?P<set>.+)\.txt$")
_RUN_RE = re.compile(
    r"^STS(?:\d{4})?\.(?:output|OUTPUT)\.(?:(?P<team>[^.]+)\.(?P<run>[^.]+)\.)?(?P<set>.+)\.txt$"
)


def _read_lines(path: Path) -> list[str]:
    lines = read_text(path).split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the final newline ends the last line; it is not a line of its own
    return [line.rstrip("\r") for line in lines]


def _parse(path: Path, lines: Sequence[str], blank_ok: bool) -> NDArray[np.float64]:
    out = np.full(len(lines), math.nan)
    for i, line in enumerate(lines):  # per line, for messages that name it
        field = line.split("\t")[0].strip()
        if not field:
            if blank_ok:
                continue
            raise DataError(f"{path}, line {i + 1}: no score; every input line needs one")
        try:
            out[i] = float(field)
        except ValueError:
            raise DataError(f"{path}, line {i + 1}: {field[:40]!r} is not a number") from None
        if math.isinf(out[i]) or (math.isnan(out[i]) and not blank_ok):
            raise DataError(f"{path}, line {i + 1}: {field!r} is not a finite number")
    return out


def read_gold_dir(path: str | Path) -> dict[str, NDArray[np.float64]]:
    """Gold scores per set, NaN where the gold line is blank (unscored), in set-name order.

    The number of pairs is the input file's line count when ``STS.input.<set>.txt`` exists
    (gold files may end early), else the gold file's.

    Parameters
    ----------
    path : path
        The folder of ``STS.gs.<set>.txt`` files.

    Returns
    -------
    dict of str to numpy.ndarray

    Raises
    ------
    DataError
        Not a folder, no gold file, a gold file longer than its input file, a set with no
        scored pair, or a line that is not a number (naming the file and line).

    Examples
    --------
    >>> import tempfile
    >>> gold_dir, runs_dir = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())
    >>> _ = (gold_dir / "STS.gs.news.txt").write_text("1\\n2\\n\\n3\\n")  # pair 3 unscored
    >>> _ = (gold_dir / "STS.gs.forum.txt").write_text("1\\n2\\n3\\n4\\n")
    >>> _ = (runs_dir / "STS2015.OUTPUT.team.run1.news.txt").write_text("1\\n3\\n0\\n2\\n")
    >>> _ = (runs_dir / "STS2015.OUTPUT.team.run1.forum.txt").write_text("1\\n2\\n4\\n3\\n")
    >>> {name: scores.tolist() for name, scores in read_gold_dir(gold_dir).items()}
    {'forum': [1.0, 2.0, 3.0, 4.0], 'news': [1.0, 2.0, nan, 3.0]}
    """
    root = Path(path)
    if not root.is_dir():
        raise DataError(
            f"{root}: not a directory; --semeval-dir takes the folder of STS.gs.* files"
        )
    inputs = {m["set"]: p for p in root.iterdir() if (m := _INPUT_RE.match(p.name))}
    gold: dict[str, NDArray[np.float64]] = {}
    for p in sorted(root.iterdir()):
        m = _GOLD_RE.match(p.name)
        if not m:
            continue
        lines = _read_lines(p)
        if m["set"] in inputs:
            n_input = len(_read_lines(inputs[m["set"]]))
            if len(lines) > n_input:
                raise DataError(f"{p} has {len(lines)} lines but its input file has {n_input}")
            lines = lines + [""] * (n_input - len(lines))
        scores = _parse(p, lines, blank_ok=True)
        if np.isnan(scores).all():
            raise DataError(f"{p}: no scored pair")
        gold[m["set"]] = scores
    if not gold:
        raise DataError(f"{root}: no STS.gs.<set>.txt files found")
    return gold


def _run_files(root: Path) -> dict[str, dict[str, Path]]:
    systems: dict[str, dict[str, Path]] = {}
    candidates = [(d.name, d) for d in sorted(root.iterdir()) if d.is_dir()]
    candidates.append((root.name, root))
    for default_name, folder in candidates:
        for p in sorted(folder.iterdir()):
            m = _RUN_RE.match(p.name)
            if not (p.is_file() and m):
                continue
            name = default_name
            if folder is root and m["team"]:
                name = f"{m['team']}.{m['run']}"
            files = systems.setdefault(name, {})
            if m["set"] in files:
                raise DataError(f"{p}: a second run file for set {m['set']!r} of system {name!r}")
            files[m["set"]] = p
    return systems


def read_runs_dir(
    path: str | Path,
    gold: Mapping[str, NDArray[np.float64]],
    *,
    nan_policy: NanPolicy = "omit",
) -> dict[str, dict[str, NDArray[np.float64]]]:
    """System scores per system and set, each checked against the set's number of lines
    (a blank or NaN line is a pair the run left unscored).

    Parameters
    ----------
    path : path
        The folder of system runs.
    gold : mapping of str to numpy.ndarray
        The gold scores per set (:func:`read_gold_dir`).
    nan_policy : {"omit", "raise"}, default "omit"
        ``"raise"``: a run that leaves a scored pair (a gold score on its line) unscored
        is an error naming the file and line; ``"omit"`` keeps it as NaN, for the
        evaluation's own policy.

    Returns
    -------
    dict of str to dict of str to numpy.ndarray
        System → set → scores.

    Raises
    ------
    DataError
        Not a folder, no run file, a run whose line count differs from its set's, a
        system without a run for some set, two runs of one set, or a line that is not a
        number.

    Examples
    --------
    >>> import tempfile
    >>> gold_dir, runs_dir = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())
    >>> _ = (gold_dir / "STS.gs.news.txt").write_text("1\\n2\\n\\n3\\n")  # pair 3 unscored
    >>> _ = (gold_dir / "STS.gs.forum.txt").write_text("1\\n2\\n3\\n4\\n")
    >>> _ = (runs_dir / "STS2015.OUTPUT.team.run1.news.txt").write_text("1\\n3\\n0\\n2\\n")
    >>> _ = (runs_dir / "STS2015.OUTPUT.team.run1.forum.txt").write_text("1\\n2\\n4\\n3\\n")
    >>> runs = read_runs_dir(runs_dir, read_gold_dir(gold_dir))
    >>> {name: scores.tolist() for name, scores in runs["team.run1"].items()}
    {'forum': [1.0, 2.0, 4.0, 3.0], 'news': [1.0, 3.0, 0.0, 2.0]}
    """
    root = Path(path)
    if not root.is_dir():
        raise DataError(f"{root}: not a directory; --runs-dir takes the folder of system runs")
    systems: dict[str, dict[str, NDArray[np.float64]]] = {}
    for name, files in _run_files(root).items():
        runs: dict[str, NDArray[np.float64]] = {}
        for set_name, p in files.items():
            if set_name not in gold:
                continue
            lines = _read_lines(p)
            if len(lines) != gold[set_name].size:
                raise DataError(
                    f"{p} has {len(lines)} lines but set {set_name!r} has {gold[set_name].size} "
                    "pairs; a run needs one line per input pair"
                )
            # a blank or NaN line is a pair the run left unscored: missing, for nan_policy
            runs[set_name] = _parse(p, lines, blank_ok=True)
            left = np.isnan(runs[set_name]) & ~np.isnan(gold[set_name])
            if nan_policy == "raise" and left.any():
                raise DataError(
                    f"{p}, line {int(np.argmax(left)) + 1}: no score for a pair the gold "
                    f"scores ({int(left.sum())} such lines); fill it in or pass "
                    f"{param('nan_policy', 'omit')} to drop such pairs"
                )
        missing = sorted(set(gold) - set(runs))
        if missing:
            raise DataError(
                f"{root}: system {name!r} has no run for set(s) {', '.join(missing)}; "
                "add them or remove the gold files"
            )
        systems[name] = runs
    if not systems:
        raise DataError(f"{root}: no STS.output.<set>.txt or STS<year>.OUTPUT.* run files found")
    return systems
