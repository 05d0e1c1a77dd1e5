"""Lining system scores up with the gold pairs: by an id column, or line by line.

Ids are compared as text, without making a Python object of each: files whose ids come in
the same order (the usual case: scores written in the order of the data set) are matched
by one element-wise comparison; others through a 64-bit hash of each id, sorted (equal
ids have equal hashes; every match the hashes suggest is checked on the text, and the rare
ids whose hashes collide are compared as text, so no match rests on a hash alone).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError, param
from . import arrow_text
from .columns import bool_values, is_arrow, to_list

__all__ = ["ID_COLUMN", "Ids", "align_rows", "check_same_order", "match_rows"]

#: The column of pair ids in the score files simeval writes (``score``, ``merge``) and the
#: one whose order is checked when rows are paired by position (:func:`check_same_order`).
ID_COLUMN = "id"


class Ids(Sequence[str]):
    """A table's ids: text, each stripped of surrounding white space, held as the reader
    holds the column; a sequence of ``str``.

    Parameters
    ----------
    keys : pyarrow string array or numpy array of str
        The ids (make them from any column with :meth:`Ids.of`).
    table : ScoreTable, optional
        The table they come from: messages name its file and lines.
    distinct : bool
        True when they are known to hold no id twice.

    Examples
    --------
    >>> ids = Ids.of(["a ", " b", "a"])
    >>> list(ids), ids.first_duplicate()
    (['a', 'b', 'a'], (0, 2))
    """

    def __init__(self, keys: Any, table: Any = None, *, distinct: bool = False) -> None:
        self.keys = keys  # an Arrow (large) string array, or a numpy object array
        self.table = table
        self.distinct = distinct

    @classmethod
    def of(cls, column: Any, table: Any = None) -> Ids:
        """The ids of a column: its text (numbers as ``str`` gives them), stripped."""
        if isinstance(column, Ids):
            return column
        if is_arrow(column):
            text = _arrow_text(column)
            if text is not None:
                return cls(text, table)
        values = [str(v).strip() for v in to_list(column)]
        return cls(np.array(values, dtype=object).reshape(len(values)), table)

    def __len__(self) -> int:
        return len(self.keys)

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            return list(self)[i]
        return self.keys[i].as_py() if is_arrow(self.keys) else self.keys[i]

    def __iter__(self) -> Iterator[str]:
        return iter(to_list(self.keys))

    def __repr__(self) -> str:
        return f"Ids({len(self)} ids)"

    def hashes(self) -> NDArray[np.uint64]:
        """A 64-bit hash of each id: equal ids, equal hashes."""
        if is_arrow(self.keys):
            return arrow_text.hashes(self.keys)
        from pandas.util import hash_array

        return hash_array(self.keys, categorize=False)

    def first_duplicate(self) -> tuple[int, int] | None:
        """(first, second): the rows of the first id, in file order, that repeats an
        earlier one; None when every id is distinct."""
        ordered = self.hashes()
        ordered.sort()
        if not (ordered[1:] == ordered[:-1]).any():
            return None
        hashes = self.hashes()
        order = np.argsort(hashes, kind="stable")
        same = hashes[order[1:]] == hashes[order[:-1]]
        rows = np.union1d(order[1:][same], order[:-1][same])  # equal hashes, file order
        seen: dict[str, int] = {}
        for i in rows.tolist():  # the text decides: a repeated id or a collision
            if (key := self[i]) in seen:
                return seen[key], i
            seen[key] = i
        return None

    def check_distinct(self) -> None:
        """Raise a :class:`~simeval.errors.DataError` naming the first id that appears
        twice and both its lines."""
        if self.distinct:
            return
        duplicate = self.first_duplicate()
        if duplicate is not None:
            first, second = duplicate
            t = self.table
            at = f"positions {first + 1} and {second + 1}"
            if t is not None:
                at = f"{t.where}s {t.line_of(first)} and {t.line_of(second)}"
            raise DataError(
                f"{'' if t is None else f'{t.path}: '}id {self[second]!r} appears twice ({at}); "
                "ids must be unique"
            )
        self.distinct = True

    def equals(self, other: Ids) -> bool:
        """True when both hold the same ids in the same order."""
        if len(self) != len(other):
            return False
        mine, theirs = _comparable(self, other)
        if is_arrow(mine):
            import pyarrow.compute as pc

            return bool(pc.all(pc.equal(mine, theirs)).as_py() is not False)
        return bool(np.array_equal(mine, theirs))

    def first_difference(self, other: Ids) -> int | None:
        """The first row where the two (of equal length) hold different ids, or None."""
        mine, theirs = _comparable(self, other)
        if is_arrow(mine):
            import pyarrow.compute as pc

            same = np.asarray(pc.fill_null(pc.equal(mine, theirs), True))
        else:
            same = np.asarray(mine == theirs, dtype=bool)
        return None if same.all() else int(np.argmin(same))

    def positions_in(self, other: Ids) -> NDArray[np.intp]:
        """For each id, its row in ``other`` (whose ids are distinct), or -1 when absent."""
        mine, theirs = (Ids(keys) for keys in _comparable(self, other))  # one form of text
        hashes = theirs.hashes()
        order = np.argsort(hashes)
        ordered = hashes[order]
        if not len(ordered) or (ordered[1:] == ordered[:-1]).any():
            # no rows, or two distinct ids of one hash: by their text
            where = {key: i for i, key in enumerate(theirs)}
            return np.fromiter((where.get(key, -1) for key in mine), np.intp, len(mine))
        wanted = mine.hashes()
        k = np.minimum(np.searchsorted(ordered, wanted), len(ordered) - 1)
        rows = np.where(ordered[k] == wanted, order[k], -1).astype(np.intp)
        found = np.flatnonzero(rows >= 0)
        rows[found[~_equal_at(mine, theirs, found, rows[found])]] = -1  # a hash, not the id
        return rows


def _arrow_text(column: Any) -> Any:
    """An Arrow column's ids as one string array, stripped; None for types whose text is
    Python's to give (floats, dates …)."""
    import pyarrow as pa

    if pa.types.is_integer(column.type):
        column = column.cast(pa.string())  # the digits, as str() writes them
    if not (pa.types.is_string(column.type) or pa.types.is_large_string(column.type)):
        return None
    return arrow_text.trimmed(column)


def _comparable(a: Ids, b: Ids) -> tuple[Any, Any]:
    """Both ids' keys in one form: numpy arrays of ``str``, or Arrow strings of one type
    where either is Arrow."""
    if not is_arrow(a.keys) and not is_arrow(b.keys):
        return a.keys, b.keys
    if is_arrow(a.keys) and is_arrow(b.keys) and a.keys.type == b.keys.type:
        return a.keys, b.keys
    import pyarrow as pa

    def large(keys: Any) -> Any:
        return keys.cast(pa.large_string()) if is_arrow(keys) else pa.array(keys, pa.large_string())

    return large(a.keys), large(b.keys)


def _equal_at(a: Ids, b: Ids, rows_a: NDArray[np.intp], rows_b: NDArray[np.intp]) -> Any:
    """Whether id ``rows_a[i]`` of ``a`` is id ``rows_b[i]`` of ``b``, for each i."""
    mine, theirs = _comparable(a, b)
    if is_arrow(mine):
        import pyarrow.compute as pc

        same = pc.equal(mine.take(rows_a), theirs.take(rows_b))
        return bool_values(same)
    return np.asarray(mine[rows_a] == theirs[rows_b], dtype=bool)


def align_rows(
    gold_ids: Sequence[Any] | None,
    n_gold: int,
    system_ids: Sequence[Any] | None,
    n_system: int,
    *,
    gold_path: str,
    system_path: str,
) -> tuple[np.ndarray, int]:
    """The row of the system file for each gold pair, and how many system rows were left
    unused. With ids, every gold id needs a system row (extra system rows are allowed and
    counted); without ids, both files must have the same number of rows. Ids are
    :class:`Ids` (see :func:`~simeval.io.ids_of`) or any sequence of values, compared as
    text; the system's must be distinct (an id found twice is an error), which goes
    without checking when they are the gold ids in the gold's order (the gold's are
    checked by :func:`~simeval.io.ids_of`).

    Parameters
    ----------
    gold_ids, system_ids : sequence or None
        The id of each row; ``None`` aligns line by line.
    n_gold, n_system : int
        Rows of each file.
    gold_path, system_path : str
        File names for the error messages.

    Returns
    -------
    tuple
        ``(rows, unused)``: the system row of each gold pair, and the count of system rows
        no gold pair uses.

    See Also
    --------
    match_rows : The same, without an array of rows where the system's are in the gold's
        order.

    Examples
    --------
    >>> align_rows(["b", "a"], 2, ["a", "b", "c"], 3, gold_path="g", system_path="s")
    (array([1, 0]), 1)
    """
    rows, unused = match_rows(
        gold_ids, n_gold, system_ids, n_system, gold_path=gold_path, system_path=system_path
    )
    return (np.arange(n_gold) if rows is None else rows), unused


def match_rows(
    gold_ids: Sequence[Any] | None,
    n_gold: int,
    system_ids: Sequence[Any] | None,
    n_system: int,
    *,
    gold_path: str,
    system_path: str,
) -> tuple[NDArray[np.intp] | None, int]:
    """As :func:`align_rows`, with None for the rows when the system's rows are the gold
    pairs in order (line by line, or the same ids in the same order): the system's scores
    are then used as they are, without an index array or a copy of millions of scores.

    Parameters
    ----------
    gold_ids, system_ids : sequence or None
        The id of each row; ``None`` aligns line by line.
    n_gold, n_system : int
        Rows of each file.
    gold_path, system_path : str
        File names for the error messages.

    Returns
    -------
    tuple
        ``(rows, unused)``: the system row of each gold pair (None: row i for pair i), and
        the count of system rows no gold pair uses.

    Examples
    --------
    >>> match_rows(["a", "b"], 2, ["a", "b"], 2, gold_path="g", system_path="s")
    (None, 0)
    >>> match_rows(["b", "a"], 2, ["a", "b"], 2, gold_path="g", system_path="s")
    (array([1, 0]), 0)
    """
    if gold_ids is None or system_ids is None:
        if n_system != n_gold:
            raise DataError(
                f"{system_path} has {n_system} scores but {gold_path} has {n_gold}; "
                f"they must align line by line (or pass {param('id_column')})"
            )
        return None, 0
    gold, system = Ids.of(gold_ids), Ids.of(system_ids)
    if gold.equals(system):
        return None, 0
    system.check_distinct()
    rows = gold.positions_in(system)
    missing = rows < 0
    if missing.any():
        first = gold[int(np.argmax(missing))]
        raise DataError(
            f"{system_path}: {int(missing.sum())} gold id(s) have no score (first: {first!r}); "
            f"every id in {gold_path} needs a row"
        )
    return rows, len(system) - len(gold)


def check_same_order(
    gold_ids: Sequence[Any],
    system_ids: Sequence[Any],
    *,
    gold_path: str,
    system_path: str,
    gold_where: Callable[[int], str] | None = None,
    system_where: Callable[[int], str] | None = None,
) -> None:
    """Rows paired by position whose files both carry ids must carry the same ids in the
    same order: a system file sorted or shuffled otherwise would be scored against the
    wrong gold pairs without a word. Files of other lengths are left to
    :func:`match_rows`, which names both counts.

    Parameters
    ----------
    gold_ids, system_ids : sequence
        The ids of each side, in file order.
    gold_path, system_path : str
        File names for the message.
    gold_where, system_where : callable, optional
        Row → where it is, for the message (``file, line 7, column 'id'``); default
        ``file, row N``.

    Raises
    ------
    DataError
        The first row where the ids differ, with both ids and what to do.

    Examples
    --------
    >>> check_same_order(["a", "b"], ["a", "b"], gold_path="g", system_path="s")
    >>> check_same_order(["a", "b"], ["b", "a"], gold_path="g", system_path="s")
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    simeval.errors.DataError: s, row 1 holds id 'b' where g, row 1 holds 'a': the rows are ...
    """
    gold, system = Ids.of(gold_ids), Ids.of(system_ids)
    if len(gold) != len(system):
        return
    row = gold.first_difference(system)
    if row is not None:
        here = system_where(row) if system_where else f"{system_path}, row {row + 1}"
        there = gold_where(row) if gold_where else f"{gold_path}, row {row + 1}"
        raise DataError(
            f"{here} holds id {system[row]!r} where {there} holds {gold[row]!r}: the rows "
            f"are paired by position; pair them by id with {param('id_column', ID_COLUMN)} "
            "(or write the scores in the gold's order)"
        )
