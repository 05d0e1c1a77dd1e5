"""Parquet score tables: every column read once, row group after row group, without
holding a column twice (float64 columns copied into numpy as they come, text narrowed
to 32-bit offsets group by group, Arrow's pool handed back at the end)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from ..errors import DataError, require
from .columns import float64_values
from .memory import release_reader_memory
from .score_table import ScoreTable

__all__ = ["parquet_columns", "read_parquet"]


def read_parquet(p: Path) -> ScoreTable:
    """All columns of a Parquet file, read once, row group after row group (a pandas index
    stored as columns is left out, as pandas leaves it out): float64 columns into numpy
    arrays (read-only, null as NaN), the others as Arrow columns.

    Parameters
    ----------
    p : pathlib.Path
        The file.

    Returns
    -------
    ScoreTable
        Its rows numbered from 1.

    Raises
    ------
    DataError
        A file pyarrow cannot read, or one without rows.

    Examples
    --------
    >>> import pandas as pd, tempfile
    >>> p = Path(tempfile.mkdtemp()) / "run.parquet"
    >>> pd.DataFrame({"id": ["a", "b"], "score": [0.5, None]}).to_parquet(p)
    >>> table = read_parquet(p)
    >>> table.numbers("score").tolist(), table.column("id"), table.where
    ([0.5, nan], ['a', 'b'], 'row')
    """
    require("pyarrow", "parquet")
    import pyarrow.parquet as pq

    try:
        file = pq.ParquetFile(p, pre_buffer=False)
        names = parquet_columns(file)
        rows = file.metadata.num_rows
        columns = _row_groups(file, names, rows) if rows else {}
    except Exception as exc:  # pyarrow raises many types for a bad file
        raise DataError(f"{p}: cannot read as Parquet ({exc})") from None
    finally:
        release_reader_memory()  # the pages Arrow's pool keeps (0.1 GB at 1e7 rows)
    if not rows:
        raise DataError(f"{p} has no rows")
    return ScoreTable(str(p), columns, range(1, rows + 1), "table", where="row")


def parquet_columns(file: Any) -> list[str]:
    """The columns of a ``pyarrow.parquet.ParquetFile`` as a table: a pandas index stored
    as columns is left out, as pandas leaves it out (a RangeIndex is stored as a dict).

    Parameters
    ----------
    file : pyarrow.parquet.ParquetFile
        An open file.

    Returns
    -------
    list of str
        Its columns' names.

    Examples
    --------
    >>> import pandas as pd, pyarrow.parquet as pq, tempfile
    >>> p = Path(tempfile.mkdtemp()) / "run.parquet"
    >>> pd.DataFrame({"score": [0.5]}, index=pd.Index(["a"], name="id")).to_parquet(p)
    >>> parquet_columns(pq.ParquetFile(p))
    ['score']
    """
    stored = (file.schema_arrow.pandas_metadata or {}).get("index_columns", [])
    index = {c for c in stored if isinstance(c, str)}
    return [c for c in file.schema_arrow.names if c not in index]


def _row_groups(file: Any, names: list[str], rows: int) -> dict[str, Any]:
    """The columns ``names`` of a Parquet file, read one row group at a time in this thread
    (each group's memory goes once it is taken; a float64 column is copied into one numpy
    array as it comes, never held twice)."""
    import pyarrow as pa

    types = {name: file.schema_arrow.field(name).type for name in names}
    floats = {n: np.empty(rows) for n, kind in types.items() if pa.types.is_float64(kind)}
    chunks: dict[str, list[Any]] = {n: [] for n in names if n not in floats}
    at = 0
    for group in range(file.num_row_groups):
        table = file.read_row_group(group, columns=names, use_threads=False)
        size = table.num_rows
        for name in names:
            column = table.column(name)
            if name in floats:
                floats[name][at : at + size] = float64_values(column)  # nulls as NaN
            else:  # text narrowed group by group: 8-byte offsets never held for all rows
                chunks[name].extend(_narrowed(column).chunks)
        at += size
    columns: dict[str, Any] = {}
    for name in names:
        if name in floats:
            columns[str(name)] = floats[name]
            floats[name].flags.writeable = False  # numbers() hands it out as it is
            continue
        kinds = {chunk.type for chunk in chunks[name]}
        if len(kinds) == 1:  # every group narrowed, or none
            columns[str(name)] = pa.chunked_array(chunks[name], type=kinds.pop())
        else:  # a group too long for 32-bit offsets: all as the file has them
            wide = [chunk.cast(types[name]) for chunk in chunks[name]]
            columns[str(name)] = pa.chunked_array(wide, type=types[name])
    return columns


def _narrowed(column: Any) -> Any:
    """A ``large_string`` column (pandas writes its text so) as ``string``, whose 32-bit
    offsets take 4 bytes less per value, the text itself shared, not copied; the column
    as it is when its text does not fit 32-bit offsets, or it is of another type."""
    import pyarrow as pa

    if not pa.types.is_large_string(column.type):
        return column
    try:
        return column.cast(pa.string())
    except pa.ArrowInvalid:  # 2 GiB of text or more in one chunk
        return column
