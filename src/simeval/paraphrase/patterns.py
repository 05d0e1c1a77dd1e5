"""Ranked paraphrase patterns with human quality labels, validated once.

One row per (set, source term, rank, paraphrase). A *set* is one generator's output
(Shima & Mitamura 2011: 10 verbs × 4 generators = 40 sets). Each row carries the Q of one
or more *judgments*: ``strict`` and ``lenient`` (Shima & Mitamura 2011, §3.1), or a single unnamed
one
called ``default``. Q is the share of positive labels, or given directly in [0, 1].
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import InputError, SimevalError

__all__ = [
    "JUDGMENTS",
    "QUALITY_COLUMNS",
    "Patterns",
    "PatternsLike",
    "as_patterns",
]

#: Judgment names, in the order reports list them.
JUDGMENTS = ("default", "lenient", "strict")

#: Quality column → the judgment it carries and its kind (``labels`` are 0/1 judgments,
#: ``q`` is Q itself).
QUALITY_COLUMNS: dict[str, tuple[str, str]] = {
    "labels": ("default", "labels"),
    "q": ("default", "q"),
    "labels_lenient": ("lenient", "labels"),
    "q_lenient": ("lenient", "q"),
    "labels_strict": ("strict", "labels"),
    "q_strict": ("strict", "q"),
}

_LABEL_SPLIT = re.compile(r"\s*[,;]\s*|\s+")


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


class _Rows:
    """Names a row in messages: 'FILE line 7' for files, 'record 3' for in-memory input."""

    def __init__(self, origin: str | None, lines: Sequence[int] | None, error: type[SimevalError]):
        self.origin, self.lines, self.error = origin, lines, error

    def where(self, i: int) -> str:
        if self.lines is not None:
            return f"{self.origin} line {self.lines[i]}" if self.origin else f"line {self.lines[i]}"
        return f"record {i + 1}"

    def fail(self, i: int, message: str) -> SimevalError:
        return self.error(f"{self.where(i)}: {message}")


def _text(rows: _Rows, i: int, record: Mapping[str, Any], column: str) -> str:
    value = record.get(column)
    if _missing(value):
        raise rows.fail(i, f"`{column}` is empty; every row needs one")
    return str(value).strip()


def _rank(rows: _Rows, i: int, value: Any) -> int:
    if _missing(value):
        raise rows.fail(i, "`rank` is empty; give the pattern's rank 1, 2, …")
    try:
        f = float(value)
    except (TypeError, ValueError):
        raise rows.fail(i, f"`rank` must be a whole number; got {value!r}") from None
    if not (math.isfinite(f) and f == int(f) and f >= 1):
        raise rows.fail(i, f"`rank` must be a whole number ≥ 1; got {value!r}")
    return int(f)


def _q_from_labels(rows: _Rows, i: int, column: str, value: Any) -> float:
    if isinstance(value, str):
        parts: Sequence[Any] = _LABEL_SPLIT.split(value.strip()) if value.strip() else []
        if "" in parts:  # "1,,0", "1,1,": a judgment left out
            raise rows.fail(
                i, f"`{column}` {value!r} has an empty judgment; give 0/1 judgments such as 1,1,0"
            )
    elif isinstance(value, Iterable):
        parts = list(value)
    else:
        parts = [value]
    if not parts:
        raise rows.fail(i, f"`{column}` is empty; give 0/1 judgments such as 1,1,0")
    labels = []
    for p in parts:
        try:
            x = float(p)
        except (TypeError, ValueError):
            x = math.nan
        if x not in (0.0, 1.0):
            raise rows.fail(
                i,
                f"`{column}` has {p!r}; labels must be 0 or 1 "
                "(give a graded quality in a q column instead)",
            )
        labels.append(x)
    return sum(labels) / len(labels)


def _q_value(rows: _Rows, i: int, column: str, value: Any) -> float:
    try:
        q = float(value)
    except (TypeError, ValueError):
        raise rows.fail(i, f"`{column}` must be a number in [0, 1]; got {value!r}") from None
    if not 0.0 <= q <= 1.0:  # also rejects NaN
        raise rows.fail(i, f"`{column}` must be in [0, 1]; got {value!r}")
    return q


def _judgments(record: Mapping[str, Any]) -> tuple[str, ...]:
    found = {QUALITY_COLUMNS[c][0] for c in record if c in QUALITY_COLUMNS}
    return tuple(j for j in JUDGMENTS if j in found)


@dataclass(frozen=True, eq=False)
class Patterns:
    """Validated paraphrase patterns, sorted by set, source term (both in order of first
    appearance) and rank; build with :meth:`from_records`, :meth:`from_lists` or
    :func:`~simeval.paraphrase.read_patterns`.

    Row arrays (``set``, ``source``, ``rank``, ``paraphrase``, ``term``) are aligned; ``q``
    maps each judgment to Q per row; ``terms`` lists the (set, source) pairs and
    ``term_set`` the index into ``sets`` of each term.

    Attributes
    ----------
    set, source, paraphrase : tuple of str
        Per row.
    rank : numpy.ndarray of int
        Per row, 1 = first.
    q : mapping of str to numpy.ndarray
        Judgment → Q of each row.
    term : numpy.ndarray of int
        Per row, index into ``terms``.
    terms : tuple of (str, str)
        The (set, source) pairs.
    sets : tuple of str
    term_set : numpy.ndarray of int
        Per term, index into ``sets``.
    origin : str
        The file (or ``"records"``) errors name.

    Examples
    --------
    >>> p = Patterns.from_lists({"killed": [("shot and killed", 1.0), ("slain", [1, 0])]})
    >>> p.paraphrase, p.q["default"].tolist(), p.terms
    (('shot and killed', 'slain'), [1.0, 0.5], (('set', 'killed'),))
    """

    set: tuple[str, ...]
    source: tuple[str, ...]
    rank: NDArray[np.int64]
    paraphrase: tuple[str, ...]
    q: Mapping[str, NDArray[np.float64]]
    term: NDArray[np.intp]
    terms: tuple[tuple[str, str], ...]
    sets: tuple[str, ...]
    term_set: NDArray[np.intp]
    origin: str = "records"

    def __len__(self) -> int:
        return len(self.paraphrase)

    @property
    def judgments(self) -> tuple[str, ...]:
        """The judgments whose Q is known, e.g. ``('lenient', 'strict')``."""
        return tuple(self.q)

    def resolve_judgment(self, judgment: str | None) -> str:
        """The judgment to use: ``judgment`` if known, else the only one there is."""
        if judgment is None:
            if len(self.q) == 1:
                return next(iter(self.q))
            raise InputError(
                f"{self.origin} has judgments {', '.join(self.q)}; choose one with judgment=…"
            )
        if judgment not in self.q:
            raise InputError(
                f"{self.origin} has no {judgment} judgments (it has {', '.join(self.q)}); "
                f"add a labels_{judgment} or q_{judgment} column, or map one with "
                f"--column labels_{judgment}=COLUMN"
            )
        return judgment

    def quality(self, judgment: str | None = None) -> NDArray[np.float64]:
        """Q of every row under ``judgment`` (see :meth:`resolve_judgment`)."""
        return self.q[self.resolve_judgment(judgment)]

    @classmethod
    def from_records(
        cls,
        records: Iterable[Mapping[str, Any]],
        *,
        origin: str | None = None,
        lines: Sequence[int] | None = None,
        error: type[SimevalError] = InputError,
    ) -> Patterns:
        """Validate records with keys ``set``, ``source``, ``rank``, ``paraphrase`` and,
        per judgment, ``labels[_J]`` (0/1 judgments, a list or a string ``"1,1,0"``) or
        ``q[_J]`` (a number in [0, 1]), J ∈ {lenient, strict}; plain ``labels``/``q`` is the
        ``default`` judgment.

        Raises ``error`` naming the row when a field is empty or out of range, when the
        ranks of a (set, source) are not exactly 1..n, or when there is no row at all.

        >>> Patterns.from_records([{"set": "s", "source": "killed", "rank": 2,
        ...                         "paraphrase": "slain", "q": 1}])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        simeval.errors.InputError: record 1: set 's', source 'killed' has rank 2 but no rank 1; ...
        """
        rows = _Rows(origin, lines, error)
        records = list(records)
        name = origin or "the input"
        if not records:
            raise error(f"{name} has no patterns; give at least one row")
        judgments = _judgments(records[0])
        if not judgments:
            raise rows.fail(
                0,
                "no quality column; give `labels` (0/1 judgments like 1,1,0) or `q` "
                "(a number in [0, 1]), or labels_strict/labels_lenient",
            )
        sets: dict[str, int] = {}
        terms: dict[tuple[str, str], int] = {}
        set_col, source_col, para_col = [], [], []
        rank_col = np.empty(len(records), dtype=np.int64)
        term_col = np.empty(len(records), dtype=np.intp)
        q_cols = {j: np.empty(len(records), dtype=np.float64) for j in judgments}
        for i, rec in enumerate(records):
            s = _text(rows, i, rec, "set")
            src = _text(rows, i, rec, "source")
            set_col.append(s)
            source_col.append(src)
            para_col.append(_text(rows, i, rec, "paraphrase"))
            rank_col[i] = _rank(rows, i, rec.get("rank"))
            sets.setdefault(s, len(sets))
            term_col[i] = terms.setdefault((s, src), len(terms))
            for j in judgments:
                q_cols[j][i] = _row_quality(rows, i, rec, j)
        order = np.lexsort((rank_col, term_col))
        _check_ranks(rows, order, rank_col, term_col, set_col, source_col)
        term_names = tuple(terms)
        return cls(
            set=tuple(set_col[i] for i in order),
            source=tuple(source_col[i] for i in order),
            rank=rank_col[order],
            paraphrase=tuple(para_col[i] for i in order),
            q={j: q_cols[j][order] for j in judgments},
            term=term_col[order],
            terms=term_names,
            sets=tuple(sets),
            term_set=np.array([sets[s] for s, _ in term_names], dtype=np.intp),
            origin=name,
        )

    @classmethod
    def from_lists(
        cls, lists: Mapping[str, Sequence[tuple[str, Any]]], *, set_name: str = "set"
    ) -> Patterns:
        """Patterns of one set from ``{source: [(paraphrase, q or labels), …]}`` in rank
        order; the judgment is ``default``. An empty list is an error.

        >>> Patterns.from_lists({"killed": []})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        simeval.errors.InputError: source 'killed' of set 'set' has no paraphrases; ...
        """
        records: list[dict[str, Any]] = []
        for source, items in lists.items():
            if len(items) == 0:
                raise InputError(
                    f"source {source!r} of set {set_name!r} has no paraphrases; "
                    "give at least one or leave the source out"
                )
            for rank, item in enumerate(items, start=1):
                if not _is_pair(item):
                    where = f"source {source!r} of set {set_name!r}, rank {rank}"
                    raise InputError(f"{where}: give (paraphrase, quality) pairs; got {item!r}")
                paraphrase, quality = item
                key = "q" if isinstance(quality, (int, float, np.number)) else "labels"
                records.append(
                    {
                        "set": set_name,
                        "source": source,
                        "rank": rank,
                        "paraphrase": paraphrase,
                        key: quality,
                    }
                )
        return cls.from_records(records)


def _row_quality(rows: _Rows, i: int, rec: Mapping[str, Any], judgment: str) -> float:
    suffix = "" if judgment == "default" else f"_{judgment}"
    lab_col, q_col = f"labels{suffix}", f"q{suffix}"
    labels, q = rec.get(lab_col), rec.get(q_col)
    if not _missing(labels) and not _missing(q):
        raise rows.fail(i, f"give `{lab_col}` or `{q_col}`, not both")
    if not _missing(labels):
        return _q_from_labels(rows, i, lab_col, labels)
    if not _missing(q):
        return _q_value(rows, i, q_col, q)
    raise rows.fail(i, f"no {judgment} judgment: `{lab_col}` and `{q_col}` are both empty")


def _check_ranks(
    rows: _Rows,
    order: NDArray[np.intp],
    rank: NDArray[np.int64],
    term: NDArray[np.intp],
    set_col: Sequence[str],
    source_col: Sequence[str],
) -> None:
    """Ranks of each (set, source) must be exactly 1..n: compare, in sorted order, each
    rank with its position inside its group (one vectorized pass)."""
    r, t = rank[order], term[order]
    starts = np.flatnonzero(np.r_[True, t[1:] != t[:-1]])
    sizes = np.diff(np.r_[starts, t.size])
    expected = np.arange(t.size) - np.repeat(starts, sizes) + 1
    bad = np.flatnonzero(r != expected)
    if bad.size == 0:
        return
    pos = int(bad[0])
    row = int(order[pos])
    what = f"set {set_col[row]!r}, source {source_col[row]!r}"
    got = int(r[pos])
    if got == expected[pos] - 1:  # same rank as the previous row of this group
        other = rows.where(int(order[pos - 1]))
        raise rows.fail(row, f"{what} has rank {got} twice (also at {other}); ranks must be unique")
    if expected[pos] == 1:
        msg = f"{what} has rank {got} but no rank 1"
    else:
        msg = f"{what} has rank {got} after rank {int(r[pos - 1])}"
    raise rows.fail(row, f"{msg}; ranks must run 1..n without gaps")


#: What the scoring functions accept: :class:`Patterns`, or a mapping source term →
#: ranked ``[(paraphrase, q), …]``.
PatternsLike = Patterns | Mapping[str, Sequence[tuple[str, Any]]]


def as_patterns(patterns: PatternsLike) -> Patterns:
    """``patterns`` as :class:`Patterns` (a mapping goes through :meth:`Patterns.from_lists`).

    Parameters
    ----------
    patterns : Patterns or mapping
        Source term → [(paraphrase, q or labels), …] in rank order, one set.

    Returns
    -------
    Patterns

    Examples
    --------
    >>> len(as_patterns({"killed": [("killed in", 1), ("shot", 0)]}))
    2
    """
    if isinstance(patterns, Patterns):
        return patterns
    if isinstance(patterns, Mapping):
        return Patterns.from_lists(patterns)
    raise InputError(
        f"`patterns` must be Patterns or a mapping source → [(paraphrase, q), …]; "
        f"got {type(patterns).__name__}"
    )


def _is_pair(item: Any) -> bool:  # a tuple, a list, a numpy row or record
    return hasattr(item, "__len__") and not isinstance(item, (str, bytes)) and len(item) == 2
