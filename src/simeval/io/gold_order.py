"""Scores of a system file whose rows are the gold pairs in the gold's order — the usual
case, scores written in the order of the data set — read piece by piece
(:func:`~simeval.io.pieces.piece_reader`).

Each piece's ids are compared with the gold's as it comes, and its scores are copied into
the one output array: the file's table (its ids and scores) is never held whole, which at
1e7 rows keeps 0.2 GB of ids and scores, and the reader's blocks for a whole file, out of
the command's peak.

The gold's ids need not be held either: :func:`gold_ids_on_file` leaves them in the gold
file when it can be read the same way, and each system file's pieces are compared with
the gold file's ids, read again piece by piece beside them (at 1e7 pairs, 0.13 GB of ids
out of the command's peak). A system file read otherwise gets the whole ids again
(:attr:`GoldIdsOnFile.load`).

Anything else returns None, and the general reader (:func:`simeval.io.read_table`) reads
the file and says what is wrong with it, if anything: ids in another order, more or fewer
rows, a blank, non-numeric, NaN or infinite score, white space around an id, or a file
that is not read piece by piece (quotes, a blank line, a byte-order mark, a compressed
file, columns besides the ids and the scores …: see :mod:`simeval.io.pieces`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError
from .align import Ids
from .columns import float64_released, is_arrow
from .memory import release_reader_memory
from .pieces import Piece, piece_reader

__all__ = [
    "FILES_AT_ONCE",
    "GOLD_SLICE",
    "TRIM_BYTES",
    "GoldIdsOnFile",
    "gold_ids_on_file",
    "read_in_gold_order",
    "scores_in_gold_order",
]

#: The pieces' freed memory is handed back to the system
#: (:func:`~.memory.release_reader_memory`) each time their tables have taken this many
#: bytes: the CSV reader's threads free it into their own heaps, which the C library
#: keeps, and Parquet's row groups into Arrow's pool (80–100 MB more at the peak without;
#: a trim after every piece took 0.3 s longer for two files of 1e7 rows).
TRIM_BYTES = 32 << 20
#: Gold ids held in memory are compared this many rows at a time.
GOLD_SLICE = 1 << 18
#: System files read at once beside one pass over the gold's ids: each holds a file open
#: and a piece (about 12 MB) in memory; more files pass over the gold again.
FILES_AT_ONCE = 8


def scores_in_gold_order(
    path: str | Path,
    *,
    header: bool,
    id_column: str,
    score_column: str | None,
    gold_ids: Any,
) -> NDArray[np.float64] | None:
    """The scores of ``path`` when its rows hold the gold's ids in the gold's order, read
    piece by piece; None otherwise (read it with :func:`simeval.io.read_table`). The
    score column is chosen as :func:`~simeval.io.pieces.piece_reader` chooses it.

    Parameters
    ----------
    path : str or pathlib.Path
        A delimited (TSV, CSV) or Parquet score file.
    header : bool
        Whether a delimited file's first line names its columns.
    id_column : str
        The column of pair ids.
    score_column : str or None
        The column of scores (None: the default one).
    gold_ids : Ids or GoldIdsOnFile
        The gold's ids, as :func:`~simeval.io.ids_of` gives them from a table read by
        pyarrow (others: None is returned), or left in the gold file
        (:func:`gold_ids_on_file`).

    Returns
    -------
    numpy.ndarray or None
        float64, one finite score per gold pair.

    Examples
    --------
    >>> import pyarrow as pa, tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "run.tsv").write_text("id\\tscore\\na\\t0.5\\nb\\t1.5\\n")
    >>> gold = Ids(pa.chunked_array([["a", "b"]]))
    >>> scores_in_gold_order(d / "run.tsv", header=True, id_column="id", score_column=None,
    ...                      gold_ids=gold).tolist()
    [0.5, 1.5]
    >>> _ = (d / "shuffled.tsv").write_text("id\\tscore\\nb\\t1.5\\na\\t0.5\\n")
    >>> scores_in_gold_order(d / "shuffled.tsv", header=True, id_column="id",
    ...                      score_column=None, gold_ids=gold) is None
    True
    """
    return read_in_gold_order([(path, header, score_column)], id_column=id_column,
                              gold_ids=gold_ids)[0]  # fmt: skip


def read_in_gold_order(
    files: Sequence[tuple[str | Path, bool, str | None]], *, id_column: str, gold_ids: Any
) -> list[NDArray[np.float64] | None]:
    """:func:`scores_in_gold_order` for several files at once: the gold's ids are read (or
    sliced) once, piece by piece, and every file follows them, as many rows at a time.

    Parameters
    ----------
    files : sequence of (path, header, score_column)
        Each file, whether its first line is a header, and its score column (None: the
        default one).
    id_column : str
        The column of pair ids.
    gold_ids : Ids or GoldIdsOnFile
        As for :func:`scores_in_gold_order`.

    Returns
    -------
    list of numpy.ndarray or None
        For each file, one finite float64 score per gold pair, or None.

    Examples
    --------
    >>> import pyarrow as pa, tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "a.tsv").write_text("id\\tscore\\na\\t0.5\\nb\\t1.5\\n")
    >>> _ = (d / "b.tsv").write_text("id\\tscore\\nb\\t1.5\\na\\t0.5\\n")
    >>> gold = Ids(pa.chunked_array([["a", "b"]]))
    >>> found = read_in_gold_order([(d / "a.tsv", True, None), (d / "b.tsv", True, None)],
    ...                            id_column="id", gold_ids=gold)
    >>> found[0].tolist(), found[1]
    ([0.5, 1.5], None)
    """
    found: list[NDArray[np.float64] | None] = []
    for a in range(0, len(files), FILES_AT_ONCE):  # a file open, and a piece held, for each
        found.extend(_together(files[a : a + FILES_AT_ONCE], id_column, gold_ids))
    return found


def _together(
    files: Sequence[tuple[str | Path, bool, str | None]], id_column: str, gold_ids: Any
) -> list[NDArray[np.float64] | None]:
    """:func:`read_in_gold_order` for files read at once, beside one pass over the gold's ids."""
    found: list[NDArray[np.float64] | None] = [None] * len(files)
    if isinstance(gold_ids, GoldIdsOnFile):
        n, expected = gold_ids.n, gold_ids.pieces()
    elif isinstance(gold_ids, Ids) and is_arrow(gold_ids.keys):
        keys = gold_ids.keys
        n = len(keys)
        expected = (keys.slice(a, GOLD_SLICE) for a in range(0, n, GOLD_SLICE))
    else:
        return found
    following: dict[int, _Rows] = {}
    try:
        for j, (path, header, column) in enumerate(files):
            try:
                read = piece_reader(path, header=header, id_column=id_column, score_column=column)
            except OSError:  # the general reader names it
                continue
            if read is not None:
                following[j] = _Rows(read(True))
        outs = {j: np.empty(n) for j in following}
        at = taken = 0
        for ids in expected:
            if ids is None or at + len(ids) > n:  # the gold can no longer be read so
                return found
            if not len(ids):  # a piece of the gold without rows (its header, say)
                continue
            for j, rows in list(following.items()):
                got = rows.take(len(ids))
                if got is None or not _same(got[0], ids):
                    following.pop(j).close()
                    del outs[j]
                    continue
                float64_released(got[1], out=outs[j][at : at + len(ids)])
                taken += 16 * len(ids)
            at += len(ids)
            if not following:
                return found
            if taken >= TRIM_BYTES:  # the pieces' memory, handed back
                got = ids = None
                release_reader_memory()
                taken = 0
        for j, rows in following.items():  # no rows beyond the gold's; NaN, ±inf: the
            if at == n and rows.at_end() and np.isfinite(outs[j]).all():  # general reader's
                found[j] = outs[j]
        return found
    finally:
        for rows in following.values():
            rows.close()
        if isinstance(expected, Generator):
            expected.close()


def _same(ids: Any, expected: Any) -> bool:
    """Whether a file's ids (an Arrow chunked array) are the gold's ``expected``: as text
    of the gold's type (integers as ``str`` writes them)."""
    import pyarrow as pa

    if ids.type != expected.type:  # text of another width, or integers
        if not (pa.types.is_string(ids.type) or pa.types.is_large_string(ids.type)
                or pa.types.is_integer(ids.type)):  # fmt: skip
            return False
        ids = ids.cast(expected.type)
    return bool(ids.equals(expected if isinstance(expected, pa.ChunkedArray)
                           else pa.chunked_array([expected])))  # fmt: skip


@dataclass(frozen=True)
class GoldIdsOnFile:
    """The gold's ids left in the gold file (:func:`gold_ids_on_file`): read again piece
    by piece beside each system file in the gold's order, or whole for any other.

    Parameters
    ----------
    n : int
        How many there are.
    pieces : callable
        ``pieces()``: the ids in file order, an Arrow string array at a time (None where
        the file can no longer be read so).
    load : callable
        ``load()``: all of them, as :func:`~simeval.io.ids_of` gives them (checked distinct
        when first read).

    Examples
    --------
    >>> import pyarrow as pa
    >>> ids = Ids(pa.chunked_array([["a", "b"]]), distinct=True)
    >>> on_file = GoldIdsOnFile(2, lambda: iter([ids.keys]), lambda: ids)
    >>> len(on_file), list(on_file.load())
    (2, ['a', 'b'])
    """

    n: int
    pieces: Callable[[], Iterator[Any]]
    load: Callable[[], Ids]

    def __len__(self) -> int:
        return self.n


def gold_ids_on_file(
    path: str | Path,
    ids: Ids,
    raw: Any,
    *,
    header: bool,
    id_column: str,
    score_column: str,
    load: Callable[[], Ids],
) -> GoldIdsOnFile | None:
    """The gold's ids, left in its file when each piece of it gives them back as they were
    read: a TSV, CSV or Parquet file of just the ids (text, none stripped of white space)
    and the scores, which :func:`scores_in_gold_order` reads piece by piece; else None
    (keep ``ids``).

    Parameters
    ----------
    path : str or pathlib.Path
        The gold file.
    ids : Ids
        Its ids, as :func:`~simeval.io.ids_of` gave them (checked distinct).
    raw : pyarrow.ChunkedArray or Any
        The id column as the reader gave it (the ids stand as they are when ``ids`` holds
        this very column: no id had white space to strip).
    header : bool
        Whether the file's first line names its columns.
    id_column, score_column : str
        The columns of ids and of the gold scores.
    load : callable
        ``load()``: the ids read again whole, as ``ids`` were.

    Returns
    -------
    GoldIdsOnFile or None

    Examples
    --------
    >>> import pyarrow as pa, tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "gold.tsv").write_text("id\\tscore\\na\\t0.5\\nb\\t4.5\\n")
    >>> ids = Ids(pa.chunked_array([["a", "b"]]), distinct=True)
    >>> on_file = gold_ids_on_file(d / "gold.tsv", ids, ids.keys, header=True, id_column="id",
    ...                            score_column="score", load=lambda: ids)
    >>> _ = (d / "run.tsv").write_text("id\\tscore\\na\\t0.5\\nb\\t1.5\\n")
    >>> scores_in_gold_order(d / "run.tsv", header=True, id_column="id", score_column=None,
    ...                      gold_ids=on_file).tolist()
    [0.5, 1.5]
    """
    import pyarrow as pa

    keys = ids.keys
    if not (is_arrow(keys) and keys is raw and pa.types.is_string(keys.type)):
        return None
    read = piece_reader(path, header=header, id_column=id_column, score_column=score_column)
    if read is None:
        return None
    stamp = _stamp(path)

    def pieces() -> Generator[Any, None, None]:
        if _stamp(path) != stamp:  # rewritten since: its ids are not the ones read
            yield None
            return
        stream = read(False)
        try:
            for piece in stream:
                yield None if piece is None else piece[0]
        except OSError:  # gone meanwhile: load() says so
            yield None
        finally:
            stream.close()

    def again() -> Ids:
        if _stamp(path) != stamp:
            raise DataError(f"{path}: the file changed while it was read; run the command again")
        return load()

    return GoldIdsOnFile(len(keys), pieces, again)


def _stamp(path: str | Path) -> tuple[int, ...] | None:
    """What tells a rewritten file: its inode, size and time of last change (None: gone)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns


class _Rows:
    """A file's pieces handed out as many rows at a time as asked for."""

    _END = object()

    def __init__(self, pieces: Generator[Piece, None, None]) -> None:
        self._pieces = pieces
        self._ids: Any = None
        self._scores: Any = None

    def _next(self) -> bool | None:
        """Move to the next piece with rows: True; False at the end; None where refused."""
        while self._ids is None or not len(self._ids):
            try:
                piece = next(self._pieces, self._END)
            except OSError:  # the general reader names it
                return None
            if piece is self._END:
                return False
            if not isinstance(piece, tuple) or piece[0].null_count or piece[1].null_count:
                return None  # refused, or a blank id or score: the general reader's
            self._ids, self._scores = piece
        return True

    def take(self, size: int) -> tuple[Any, list[Any]] | None:
        """The next ``size`` rows: their ids (an Arrow chunked array) and their scores'
        chunks; None when there are fewer, or a piece is refused."""
        import pyarrow as pa

        ids: list[Any] = []
        scores: list[Any] = []
        while size:
            if not self._next():
                return None
            part = min(size, len(self._ids))
            for kept, column in ((ids, self._ids), (scores, self._scores)):
                sliced = column.slice(0, part)
                kept.extend(getattr(sliced, "chunks", [sliced]))
            self._ids, self._scores = self._ids.slice(part), self._scores.slice(part)
            size -= part
        return pa.chunked_array(ids, self._ids.type), scores

    def at_end(self) -> bool:
        """Whether the file holds no more rows (and nothing refused)."""
        return self._next() is False

    def close(self) -> None:
        self._ids = self._scores = None
        self._pieces.close()  # the file
