"""Scores of a system file whose rows are the gold pairs in the gold's order — the usual
case, scores written in the order of the data set — read piece by piece.

Each piece's ids are compared with the gold's as it comes, and its scores are copied into
the one output array: the file's table (its ids and scores) is never held whole, which at
1e7 rows keeps 0.2 GB of ids and scores, and the reader's blocks for a whole file, out of
the command's peak. Pieces are :data:`PIECE_BYTES` of a delimited file cut at line breaks,
each parsed by pyarrow's CSV reader with the options of the general reader
(:func:`~simeval.io.arrow_csv.arrow_table`), or :data:`PARQUET_BATCH` rows of a Parquet file.

Anything else returns None, and the general reader (:func:`simeval.io.read_table`) reads
the file and says what is wrong with it, if anything: ids in another order, more or fewer
rows, a blank, non-numeric, NaN or infinite score, white space around an id, quotes, a
blank line, a byte-order mark, a compressed file, a line of more than four pieces, columns
besides the ids and the scores (the general reader checks their text), a score column the
first rows do not show to be numbers, or a Parquet score column that is not float64.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .align import Ids
from .arrow_csv import arrow_table
from .columns import float64_released, is_arrow
from .compressed import compression_suffix
from .delimited import regular_layout
from .memory import release_reader_memory
from .score_table import score_column_among
from .tables import JSON_SUFFIXES, PARQUET_SUFFIXES, format_suffix, parquet_columns
from .text import is_stdin, open_source

__all__ = ["PARQUET_BATCH", "PIECE_BYTES", "TRIM_BYTES", "scores_in_gold_order"]

#: Bytes of a delimited file parsed at a time (cut at the last line break in them): at
#: 1e7 rows, 4 MB pieces held the reading's peak 12 MB above its arrays, 16 MB ones 60 MB.
PIECE_BYTES = 4 << 20
#: Rows of a Parquet file read at a time (its pages decoded as they are needed).
PARQUET_BATCH = 1 << 18
#: The pieces' freed memory is handed back to the system
#: (:func:`~.memory.release_reader_memory`) each time their tables have taken this many
#: bytes: the CSV reader's threads free it into their own heaps, which the C library
#: keeps, and Parquet's row groups into Arrow's pool (80–100 MB more at the peak without;
#: a trim after every piece took 0.3 s longer for two files of 1e7 rows).
TRIM_BYTES = 32 << 20

#: One piece: its ids and its scores, as Arrow columns; None where the file is refused.
Piece = tuple[Any, Any] | None


def scores_in_gold_order(
    path: str | Path,
    *,
    header: bool,
    id_column: str,
    score_column: str | None,
    gold_ids: Any,
) -> NDArray[np.float64] | None:
    """The scores of ``path`` when its rows hold the gold's ids in the gold's order, read
    piece by piece; None otherwise (read it with :func:`simeval.io.read_table`).

    The score column is chosen by the rule of :func:`~simeval.io.default_column`
    (:func:`~simeval.io.score_column_among`): ``score_column`` by name, else ``score``,
    else the only column besides the ids.

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
    gold_ids : Ids
        The gold's ids, as :func:`~simeval.io.ids_of` gives them from a table read by
        pyarrow (others: None is returned).

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
    if not isinstance(gold_ids, Ids) or not is_arrow(gold_ids.keys) or is_stdin(path):
        return None
    p = Path(path)
    suffix = format_suffix(p)
    if (
        importlib.util.find_spec("pyarrow") is None
        or not p.is_file()
        or compression_suffix(p)
        or suffix in JSON_SUFFIXES
    ):
        return None
    if suffix in PARQUET_SUFFIXES:
        pieces = _parquet_pieces(p, id_column, score_column)
    else:
        pieces = _delimited_pieces(p, suffix, header, id_column, score_column)
    try:
        return _in_order(pieces, gold_ids.keys)
    finally:
        pieces.close()  # the file, when a piece was refused


def _score_column(names: list[str], id_column: str, requested: str | None) -> str | None:
    """The score column among ``names`` by :func:`~simeval.io.score_column_among`, when it
    names one of them other than the ids (a position is the general reader's to resolve)."""
    column = score_column_among(names, requested, [id_column])
    return column if id_column in names and column in names and column != id_column else None


def _in_order(pieces: Iterator[Piece], keys: Any) -> NDArray[np.float64] | None:
    import pyarrow as pa
    import pyarrow.compute as pc

    n = len(keys)
    out = np.empty(n)
    at = taken = 0
    for piece in pieces:
        if piece is None:
            return None
        ids, scores = piece
        size = len(ids)
        if at + size > n or scores.null_count or ids.null_count:
            return None
        if ids.type != keys.type:  # text of another width, or integers (as str() writes them)
            if not (pa.types.is_string(ids.type) or pa.types.is_large_string(ids.type)
                    or pa.types.is_integer(ids.type)):  # fmt: skip
                return None
            ids = ids.cast(keys.type)
        if size and not pc.all(pc.equal(ids, keys.slice(at, size))).as_py():
            return None
        float64_released(getattr(scores, "chunks", [scores]), out=out[at : at + size])
        at, taken = at + size, taken + ids.nbytes + scores.nbytes
        if taken >= TRIM_BYTES:
            del ids, scores, piece  # this piece's memory too
            release_reader_memory()
            taken = 0
    if at != n or not np.isfinite(out).all():  # NaN, ±inf: the general reader names them
        return None
    return out


def _delimited_pieces(
    p: Path, suffix: str, header: bool, id_column: str, score_column: str | None
) -> Generator[Piece, None, None]:
    """The file's pieces of :data:`PIECE_BYTES` cut at line breaks, each parsed: a file of
    exactly an id and a score column (other columns the general reader parses and checks
    as it reads them: their text must be UTF-8, a second numeric column numbers)."""
    source = open_source(p)
    found = regular_layout(source, suffix, header) if source.path is not None else None
    if found is None:  # not the regular layout, or compressed under another suffix
        yield None
        return
    layout, quoted = found
    column = _score_column(layout.names, id_column, score_column)
    if (
        quoted
        or layout.kind != "table"
        or len(layout.names) != 2
        or column not in layout.numeric
        or id_column in layout.numeric  # ids read as numbers: their text is Python's
    ):
        yield None
        return
    names = [id_column, column]
    with p.open("rb") as fh:
        rest, skip = b"", int(layout.header)
        while True:
            data = fh.read(PIECE_BYTES)
            buffer = rest + data if rest else data
            cut = buffer.rfind(b"\n") + 1 if data else len(buffer)
            if data and not cut and len(buffer) < 4 * PIECE_BYTES:  # a longer piece
                rest = buffer
                continue
            # pyarrow drops a byte-order mark that begins the bytes it is given, which
            # the general reader keeps as text; lines that long or not cut by \n are its
            if buffer[:3] == b"\xef\xbb\xbf" or (data and not cut):
                yield None
                return
            piece, rest = memoryview(buffer)[:cut], buffer[cut:]
            if len(piece):
                table = arrow_table(piece, layout, False, frozenset({column}), names,
                                    skip_rows=skip)  # fmt: skip
                skip = 0
                yield None if table is None else (table.column(0), table.column(1))
            if not data:
                return


def _parquet_pieces(
    p: Path, id_column: str, score_column: str | None
) -> Generator[Piece, None, None]:
    """The file's rows in batches of :data:`PARQUET_BATCH`: the ids and float64 scores of each."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        file = pq.ParquetFile(p, pre_buffer=False)
        columns = parquet_columns(file)
        column = _score_column(columns, id_column, score_column)
        if (
            len(columns) != 2  # other columns: the general reader reads and checks them
            or column is None
            or not pa.types.is_float64(file.schema_arrow.field(column).type)
        ):
            yield None
            return
        for batch in file.iter_batches(PARQUET_BATCH, columns=[id_column, column],
                                       use_threads=False):  # fmt: skip
            yield batch.column(0), batch.column(1)
    except Exception:
        yield None
