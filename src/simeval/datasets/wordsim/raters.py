"""The individual ratings behind registered word-similarity sets, where their authors
published them: WordSim-353's ``set1.tab`` (13 raters, the first 153 pairs) and ``set2.tab``
(16 other raters, the last 200), and SimVerb-3500's ``SimVerb-3500-ratings.txt`` (ten or
eleven ratings per pair in columns that are rating *slots*: its README says the file "does
not indicate which annotator rated which pairs"). Checksummed and cached like the sets.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from ...errors import InputError
from ..files import RegisteredFile, fetch_file
from ..ratings import Ratings, read_ratings
from .cache import load
from .registry import get

__all__ = ["RATER_SOURCES", "RaterFile", "RaterSource", "fetch_ratings", "load_ratings"]

_SIMCROSS = (
    "https://raw.githubusercontent.com/mrmechko/simcross/ffc5c7598185be00260d81fd71274db32e6bceda/"
)


@dataclass(frozen=True)
class RaterFile:
    """One published file of individual ratings: where it is, its SHA-256, and which
    columns hold the ratings (``columns`` as :func:`~simeval.datasets.ratings.resolve_columns`
    reads them; None: every field from the third on).

    Attributes
    ----------
    filename, url : str
        The file's name and where it is published.
    sha256 : str
        Its SHA-256, checked before it is read.
    columns : str or None
        The raters' columns.

    Examples
    --------
    >>> f = RATER_SOURCES["ws353"].files[0]
    >>> f.filename, f.columns
    ('set1.tab', '1-13')
    """

    filename: str
    url: str
    sha256: str
    columns: str | None = None


@dataclass(frozen=True)
class RaterSource:
    """The rater files of one registered set: one panel of raters per file (files are
    stacked in the set's order), whether a column is one person (``persistent``), the
    scale of a single rating and a note on the files.

    Attributes
    ----------
    files : tuple of RaterFile
        One per panel.
    persistent : bool
        Whether a column is one person (else a rating slot).
    scale : (float, float)
        The scale of a single rating.
    note : str
        What the output says of the files.

    Examples
    --------
    >>> s = RATER_SOURCES["simverb3500"]
    >>> len(s.files), s.persistent, s.scale
    (1, False, (0.0, 6.0))
    """

    files: tuple[RaterFile, ...]
    persistent: bool
    scale: tuple[float, float]
    note: str


RATER_SOURCES: dict[str, RaterSource] = {
    "ws353": RaterSource(
        files=(
            RaterFile(
                "set1.tab",
                _SIMCROSS + "wordsim353/set1.tab",
                "e7ecd8858b9d1585faebb55b135ce4f354deb4130e5c519caa5fdaa1ed530067",
                "1-13",  # the raters' columns are named 1 … 13
            ),
            RaterFile(
                "set2.tab",
                _SIMCROSS + "wordsim353/set2.tab",
                "e2656288a78dc0a4b29ab850630ff415d2dc63208e2d55986c08bdcd3246fb44",
                "1-16",
            ),
        ),
        persistent=True,
        scale=(0.0, 10.0),
        note=(
            "set1: 153 pairs rated by 13 subjects, set2: 200 pairs by 16 others (the same "
            "number in the two files is not the same person)"
        ),
    ),
    "simverb3500": RaterSource(
        files=(
            RaterFile(
                "SimVerb-3500-ratings.txt",
                _SIMCROSS + "SimLex-3500/SimVerb-3500-ratings.txt",
                "d87ea6c6effaa47bc332b5a9732a83dd1537fc9651145760d6ff9ec5c8f0883e",
            ),
        ),
        persistent=False,
        scale=(0.0, 6.0),
        note=(
            "10 ratings per pair (11 for 202 pairs) on 0–6; the columns are rating slots, "
            "not annotators; the gold is their mean mapped onto 0–10"
        ),
    ),
}


def _source(name: str) -> tuple[str, RaterSource]:
    key = get(name).name
    if key not in RATER_SOURCES:
        raise InputError(
            f"no individual ratings are registered for {key!r} (only for "
            f"{', '.join(RATER_SOURCES)}); give a pairs file with one column per rater"
        )
    return key, RATER_SOURCES[key]


def _registered(f: RaterFile, owner: str) -> RegisteredFile:
    return RegisteredFile(f.filename, f.url, f.sha256, owner)


def fetch_ratings(
    name: str,
    *,
    data_dir: str | os.PathLike[str] | None = None,
    download: bool = True,
) -> list[Path]:
    """Verified local copies of the rater files of registered set ``name`` (from
    ``data_dir``, the cache, or downloaded into it; see
    :func:`simeval.datasets.files.fetch_file`).

    Parameters
    ----------
    name : str
        A registered set with rater files (:data:`RATER_SOURCES`).
    data_dir : str or os.PathLike, optional
        Where to look first.
    download : bool, default True
        Whether to download what is not there.

    Returns
    -------
    list of Path

    Raises
    ------
    InputError
        An unknown set, or one without registered rater files.
    DataError
        A file that is missing (without ``download``) or fails its checksum.

    Examples
    --------
    >>> fetch_ratings("rg65")
    Traceback (most recent call last):
    simeval.errors.InputError: no individual ratings are registered for 'rg65' (only for \
ws353, simverb3500); give a pairs file with one column per rater
    """
    key, source = _source(name)
    return [
        fetch_file(_registered(f, key), folder="wordsim", data_dir=data_dir, download=download)
        for f in source.files
    ]


def load_ratings(
    name: str,
    *,
    data_dir: str | os.PathLike[str] | None = None,
    download: bool = True,
) -> Ratings:
    """The individual ratings of registered set ``name``, one row per pair in the order of
    :func:`~simeval.datasets.wordsim.load`'s pairs (matched by the words), panels stacked
    side by side (NaN where a panel did not rate a pair) and recorded in ``groups``.

    Parameters
    ----------
    name : str
        A registered set with rater files (:data:`RATER_SOURCES`).
    data_dir : str or os.PathLike, optional
        Where to look first.
    download : bool, default True
        Whether to download what is not there.

    Returns
    -------
    Ratings

    Raises
    ------
    InputError
        An unknown set, or one without registered rater files.
    DataError
        A missing or damaged file, or ratings that do not match the set's pairs.

    Examples
    --------
    >>> r = load_ratings("ws353", data_dir=shared_data)  # doctest: +SKIP
    >>> r.values.shape, [len(g) for g in r.groups]  # doctest: +SKIP
    ((353, 29), [13, 16])
    """
    key, source = _source(name)
    paths = fetch_ratings(key, data_dir=data_dir, download=download)
    panels = [
        read_ratings(p, f.columns, persistent=source.persistent, name=key)
        for p, f in zip(paths, source.files)
    ]
    k = sum(r.n_raters for r in panels)
    values = np.full((sum(r.n_items for r in panels), k), np.nan)
    groups, row, col = [], 0, 0
    for r in panels:
        values[row : row + r.n_items, col : col + r.n_raters] = r.values
        groups.append(tuple(range(col, col + r.n_raters)))
        row, col = row + r.n_items, col + r.n_raters
    prefix = len(panels) > 1
    stacked = Ratings(
        name=key,
        values=values,
        columns=tuple(
            f"{Path(f.filename).stem}:{c}" if prefix else c
            for r, f in zip(panels, source.files)
            for c in r.columns
        ),
        persistent=source.persistent,
        groups=tuple(groups) if prefix else None,
        word1=tuple(w for r in panels for w in r.word1),
        word2=tuple(w for r in panels for w in r.word2),
    )
    pairs = load(key, data_dir=data_dir, download=download)
    return replace(stacked.aligned(pairs.word1, pairs.word2, f"the registered {key}"))
