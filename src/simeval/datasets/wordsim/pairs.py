"""Word pairs with gold similarity scores: the :class:`WordPairs` container and the reader
of pairs files (TSV/CSV/space separated, with or without a header)."""

from __future__ import annotations

import csv
import io
import math
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from ...errors import DataError, InputError, param
from ...io import read_text

__all__ = ["WordPairs", "pairs_from", "read_fields", "read_pairs"]


@dataclass(frozen=True)
class WordPairs:
    """Word pairs with gold similarity scores (the ``task`` of wordspace).

    ``word1``, ``word2`` and ``score`` have one entry per pair; ``scale`` is the declared
    rating scale ``(lo, hi)`` when known.

    Attributes
    ----------
    name : str
    word1, word2 : tuple of str
    score : numpy.ndarray
    scale : tuple of float or None

    Examples
    --------
    >>> wp = WordPairs.from_columns(["cat"], ["dog"], [3.5], name="toy")
    >>> len(wp), wp.word1[0], float(wp.score[0])
    (1, 'cat', 3.5)
    """

    name: str
    word1: tuple[str, ...]
    word2: tuple[str, ...]
    score: NDArray[np.float64]
    scale: tuple[float, float] | None = None

    @classmethod
    def from_columns(
        cls,
        word1: Iterable[object],
        word2: Iterable[object],
        score: Iterable[float],
        *,
        name: str = "pairs",
        scale: tuple[float, float] | None = None,
    ) -> WordPairs:
        """Validate three columns of equal length into :class:`WordPairs`."""
        w1 = tuple(str(w) for w in word1)
        w2 = tuple(str(w) for w in word2)
        try:
            s = np.asarray(list(score), dtype=np.float64)
        except (TypeError, ValueError) as exc:
            raise InputError(f"{name}: scores must be numbers; {exc}") from None
        if not len(w1) == len(w2) == s.size:
            raise InputError(
                f"{name}: word1, word2 and score must have the same length; "
                f"got {len(w1)}, {len(w2)} and {s.size}"
            )
        if s.size == 0:
            raise InputError(f"{name}: no word pairs")
        if not np.isfinite(s).all():
            i = int(np.argmax(~np.isfinite(s)))
            raise InputError(f"{name}: pair {i + 1} ({w1[i]}, {w2[i]}) has no finite score")
        return cls(name, w1, w2, s, scale)

    def __len__(self) -> int:
        return len(self.word1)


def pairs_from(
    pairs: object,
    *,
    word1: str = "word1",
    word2: str = "word2",
    score: str = "score",
    name: str | None = None,
) -> WordPairs:
    """Coerce ``pairs`` into :class:`WordPairs`.

    Accepts :class:`WordPairs`, a pandas DataFrame or a mapping of columns (named by
    ``word1``/``word2``/``score``, as wordspace's ``word1.name`` …), or a sequence of
    ``(word1, word2, score)`` rows.

    Parameters
    ----------
    pairs : WordPairs, DataFrame, mapping of columns or sequence of rows
    word1, word2, score : str
        Column names.
    name : str, optional

    Returns
    -------
    WordPairs

    Examples
    --------
    >>> pairs_from([("cat", "dog", 3.0), ("cat", "car", 0.5)]).word2
    ('dog', 'car')
    """
    if isinstance(pairs, WordPairs):
        return pairs
    label = name or "pairs"
    columns = getattr(pairs, "columns", None)
    if columns is not None or isinstance(pairs, Mapping):
        keys = list(columns if columns is not None else pairs)  # type: ignore[arg-type]
        for col in (word1, word2, score):
            if col not in keys:
                raise InputError(
                    f"{label}: no column {col!r} (columns: {', '.join(map(str, keys))}); "
                    "name the columns with word1=/word2=/score="
                )
        table = pairs  # a DataFrame or a mapping of columns
        return WordPairs.from_columns(
            table[word1],  # type: ignore[index]
            table[word2],  # type: ignore[index]
            table[score],  # type: ignore[index]
            name=label,
        )
    try:
        rows = [tuple(r) for r in pairs]  # type: ignore[attr-defined]
    except TypeError:
        raise InputError(
            f"{label}: expected WordPairs, a DataFrame, a mapping of columns or "
            f"(word1, word2, score) rows; got {type(pairs).__name__}"
        ) from None
    bad = [i for i, r in enumerate(rows) if len(r) < 3]
    if bad:
        raise InputError(f"{label}: row {bad[0] + 1} has fewer than 3 fields (word1, word2, score)")
    return WordPairs.from_columns(
        [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows], name=label
    )


# --------------------------------------------------------------------------- reading


def _is_number(text: str) -> bool:
    try:
        return math.isfinite(float(text))
    except ValueError:
        return False


def _split(line: str) -> list[str]:
    return line.split("\t") if "\t" in line else line.split()


def read_fields(path: Path) -> tuple[list[list[str]], list[int]]:
    """The fields of each non-blank line of a delimited text file and the line numbers:
    split on tabs when the first line has one, else on commas for ``.csv`` files (with
    CSV quoting), else on runs of spaces; fields are stripped.

    Parameters
    ----------
    path : Path
        The file (compressed or not: :func:`simeval.io.read_text`).

    Returns
    -------
    fields : list of list of str
        The fields of each non-blank line.
    lines : list of int
        Each one's line number (1-based).

    Raises
    ------
    DataError
        An empty or unreadable file.

    Examples
    --------
    >>> import tempfile
    >>> p = Path(tempfile.mkdtemp()) / "pairs.csv"
    >>> _ = p.write_text('word1,word2,score\\n\\n"new york",city,7.5\\n')
    >>> read_fields(p)
    ([['word1', 'word2', 'score'], ['new york', 'city', '7.5']], [1, 3])
    """
    text = read_text(path)
    numbered = [(i + 1, ln) for i, ln in enumerate(text.splitlines()) if ln.strip()]
    if not numbered:
        raise DataError(f"{path}: the file is empty")
    if path.suffix.lower() == ".csv" and "\t" not in numbered[0][1]:
        reader = csv.reader(io.StringIO("\n".join(ln for _, ln in numbered)))
        fields = [[f.strip() for f in row] for row in reader]
    else:
        fields = [[f.strip() for f in _split(ln)] for _, ln in numbered]
    return fields, [n for n, _ in numbered]


def read_pairs(
    path: str | os.PathLike[str],
    *,
    word1: str | int = "word1",
    word2: str | int = "word2",
    score: str | int = "score",
    name: str | None = None,
    scale: tuple[float, float] | None = None,
    header: bool | None = None,
) -> WordPairs:
    """Read word pairs from a delimited text file.

    Fields are split on tabs when a line has one, else on commas for ``.csv`` files, else
    on runs of spaces. ``header=None`` detects a header (a first line whose score field
    is not a number). Columns are chosen by name (with a header) or by 0-based position;
    without a header the defaults are positions 0, 1, 2. CRLF endings, a missing final
    newline and blank lines are accepted.

    Raises
    ------
    DataError
        Missing file, a named column that is absent, a row with too few fields or a
        score that is not a number (file and line named).

    Parameters
    ----------
    path : str or os.PathLike
    word1, word2, score : str or int
        Column names (with a header) or 0-based positions.
    name : str, optional
        Default: the file's name.
    scale : tuple of float, optional
        The declared rating scale.
    header : bool, optional
        Default: detected.

    Returns
    -------
    WordPairs

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "p.tsv"
    >>> _ = p.write_text("word1\\tword2\\tscore\\ncat\\tdog\\t3.5\\r\\n")
    >>> read_pairs(p).score.tolist()
    [3.5]
    """
    p = Path(path)
    fields, line_no = read_fields(p)
    names = [word1, word2, score]
    if header is None:
        first = fields[0]
        pos = score if isinstance(score, int) else 2
        header = any(isinstance(c, str) and c in first for c in names) or not (
            len(first) > pos and _is_number(first[pos])
        )
    if header:
        head, fields, line_no = fields[0], fields[1:], line_no[1:]
        idx = []
        for c, default in zip(names, (0, 1, 2)):
            if isinstance(c, int):
                idx.append(c)
            elif c in head:
                idx.append(head.index(c))
            elif c == ("word1", "word2", "score")[default]:
                idx.append(default)  # default names, unnamed header: use positions
            else:
                raise DataError(f"{p}: no column {c!r} in the header ({', '.join(head)})")
    else:
        idx = [c if isinstance(c, int) else d for c, d in zip(names, (0, 1, 2))]
    if len(set(idx)) < 3:
        named = dict(zip(("word1", "word2", "score"), idx))
        twice = [k for k, v in named.items() if list(named.values()).count(v) > 1]
        raise DataError(
            f"{p}: {' and '.join(param(k) for k in twice)} name the same column; give each its own"
        )
    need = max(idx) + 1
    short = [i for i, f in enumerate(fields) if len(f) < need]
    if short:
        i = short[0]
        raise DataError(
            f"{p}, line {line_no[i]}: {len(fields[i])} fields, expected at least {need}"
        )
    scores = []
    for f, ln in zip(fields, line_no):
        empty = next((k for k in (0, 1) if not f[idx[k]].strip()), None)
        if empty is not None:
            raise DataError(f"{p}, line {ln}: word{empty + 1} is empty; every pair needs two words")
        try:
            scores.append(float(f[idx[2]]))
        except ValueError:
            raise DataError(f"{p}, line {ln}: score {f[idx[2]]!r} is not a number") from None
        if not math.isfinite(scores[-1]):
            raise DataError(f"{p}, line {ln}: score {f[idx[2]]!r} is not a finite number")
    return WordPairs.from_columns(
        [f[idx[0]] for f in fields],
        [f[idx[1]] for f in fields],
        scores,
        name=name or p.stem,
        scale=scale,
    )
