"""A score file of ids and scores read piece by piece, each piece parsed as the general
reader parses the whole file: :data:`PIECE_BYTES` of a delimited file cut at line breaks,
each parsed by pyarrow's CSV reader with the general reader's options
(:func:`~simeval.io.arrow_csv.arrow_table`), or :data:`PARQUET_BATCH` rows of a Parquet
file. What the general reader might read otherwise — quotes, a byte-order mark, a line
of more than four pieces, columns besides the ids and the scores, a score column the
first rows do not show to be numbers, a Parquet score column that is not float64, a
compressed file — is not read so (:func:`piece_reader` gives None, or a piece is None).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

from .arrow_csv import arrow_table
from .compressed import compression_suffix
from .delimited import regular_layout
from .parquet import parquet_columns
from .score_table import score_column_among
from .tables import JSON_SUFFIXES, PARQUET_SUFFIXES, format_suffix
from .text import is_stdin, open_source

__all__ = ["PARQUET_BATCH", "PIECE_BYTES", "Piece", "PieceReader", "piece_reader"]

#: Bytes of a delimited file parsed at a time (cut at the last line break in them): at
#: 1e7 rows, 4 MB pieces held the reading's peak 12 MB above its arrays, 16 MB ones 60 MB.
PIECE_BYTES = 4 << 20
#: Rows of a Parquet file read at a time (its pages decoded as they are needed).
PARQUET_BATCH = 1 << 18

#: One piece: its ids and its scores (None when not asked for), as Arrow columns; None
#: where the file is refused.
Piece = tuple[Any, Any] | None
#: ``read(scores)``: one pass over the file, piece by piece (the scores too, or not).
PieceReader = Callable[[bool], Generator[Piece, None, None]]


def piece_reader(
    path: str | Path, *, header: bool, id_column: str, score_column: str | None
) -> PieceReader | None:
    """How ``path`` is read piece by piece: a TSV, CSV or Parquet file (uncompressed, with
    pyarrow installed) of exactly an id column and a score column, its layout found once
    here; None for any other.

    The score column is chosen by the rule of :func:`~simeval.io.default_column`
    (:func:`~simeval.io.score_column_among`): ``score_column`` by name, else ``score``,
    else the only column besides the ids.

    Parameters
    ----------
    path : str or pathlib.Path
        The file.
    header : bool
        Whether a delimited file's first line names its columns.
    id_column : str
        The column of ids.
    score_column : str or None
        The column of scores (None: the default one).

    Returns
    -------
    callable or None
        ``read(scores)``: a generator of :data:`Piece` (each pass reads the file again).

    Examples
    --------
    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "run.tsv").write_text("id\\tscore\\na\\t0.5\\nb\\t1.5\\n")
    >>> read = piece_reader(d / "run.tsv", header=True, id_column="id", score_column=None)
    >>> [(ids.to_pylist(), scores.to_pylist()) for ids, scores in read(True)]
    [(['a', 'b'], [0.5, 1.5])]
    >>> [(ids.to_pylist(), scores) for ids, scores in read(False)]
    [(['a', 'b'], None)]
    """
    if is_stdin(path):
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
        return _parquet_reader(p, id_column, score_column)
    return _delimited_reader(p, suffix, header, id_column, score_column)


def _score_column(names: list[str], id_column: str, requested: str | None) -> str | None:
    """The score column among ``names`` by :func:`~simeval.io.score_column_among`, when it
    names one of them other than the ids (a position is the general reader's to resolve)."""
    column = score_column_among(names, requested, [id_column])
    return column if id_column in names and column in names and column != id_column else None


def _delimited_reader(
    p: Path, suffix: str, header: bool, id_column: str, score_column: str | None
) -> PieceReader | None:
    """Pieces of :data:`PIECE_BYTES` cut at line breaks, each parsed: a file of exactly an
    id and a score column (other columns the general reader parses and checks as it reads
    them: their text must be UTF-8, a second numeric column numbers)."""
    source = open_source(p)
    found = regular_layout(source, suffix, header) if source.path is not None else None
    if found is None:  # not the regular layout, or compressed under another suffix
        return None
    layout, quoted = found
    column = _score_column(layout.names, id_column, score_column)
    if (
        quoted
        or layout.kind != "table"
        or len(layout.names) != 2
        or column not in layout.numeric
        or id_column in layout.numeric  # ids read as numbers: their text is Python's
    ):
        return None

    def read(scores: bool) -> Generator[Piece, None, None]:
        names, numeric = ([id_column, column], {column}) if scores else ([id_column], set())
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
                    table = arrow_table(piece, layout, False, frozenset(numeric), names,
                                        skip_rows=skip)  # fmt: skip
                    skip = 0
                    if table is None:
                        yield None
                        return
                    yield table.column(0), table.column(1) if scores else None
                if not data:
                    return

    return read


def _parquet_reader(p: Path, id_column: str, score_column: str | None) -> PieceReader | None:
    """Batches of :data:`PARQUET_BATCH` rows: the ids and float64 scores of each."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        with pq.ParquetFile(p) as file:
            columns = parquet_columns(file)
            column = _score_column(columns, id_column, score_column)
            if (
                len(columns) != 2  # other columns: the general reader reads and checks them
                or column is None
                or not pa.types.is_float64(file.schema_arrow.field(column).type)
            ):
                return None
    except Exception:  # not a Parquet file pyarrow reads: the general reader says why
        return None

    def read(scores: bool) -> Generator[Piece, None, None]:
        wanted = [id_column, column] if scores else [id_column]
        try:
            with pq.ParquetFile(p, pre_buffer=False) as file:
                for batch in file.iter_batches(PARQUET_BATCH, columns=wanted, use_threads=False):
                    yield batch.column(0), batch.column(1) if scores else None
        except Exception:
            yield None

    return read
