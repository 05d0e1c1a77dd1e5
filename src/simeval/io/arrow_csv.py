"""pyarrow's CSV reader as simeval's delimited readers use it: one set of options for a
whole file and for pieces of one."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .csv_engines import Layout

__all__ = ["arrow_table"]


def arrow_table(
    data: Path | bytes | memoryview,
    layout: Layout,
    quoted: bool,
    numeric: frozenset[str],
    names: list[str] | None,
    *,
    skip_rows: int,
) -> Any:
    r"""pyarrow's CSV reader on a file or on bytes of one: the columns ``names`` (None:
    all) as Arrow columns, those of ``numeric`` as float64 (blank cells null), the others
    as text; None when the reader refuses the bytes (a row of another length, a cell of
    ``numeric`` that is not a number).

    Parameters
    ----------
    data : pathlib.Path, bytes or memoryview
        The file, or bytes of it that begin and end at line breaks.
    layout : Layout
        Its delimiter and column names.
    quoted : bool
        Whether the file holds quotes (fields may then hold line breaks).
    numeric : frozenset of str
        The columns parsed as float64.
    names : list of str or None
        The columns wanted.
    skip_rows : int
        Lines skipped first (a header).

    Returns
    -------
    pyarrow.Table or None

    Examples
    --------
    >>> from simeval.io.csv_engines import Layout
    >>> layout = Layout("table", "\t", ["id", "score"], True, frozenset({"score"}))
    >>> arrow_table(b"a\t1.5\nb\t\n", layout, False, layout.numeric, None, skip_rows=0).to_pydict()
    {'id': ['a', 'b'], 'score': [1.5, None]}
    >>> arrow_table(b"a\t1.5\nb\n", layout, False, layout.numeric, None, skip_rows=0) is None
    True
    """
    import pyarrow as pa
    from pyarrow import csv as pa_csv

    parse_options = pa_csv.ParseOptions(
        delimiter=layout.delimiter,
        quote_char='"' if layout.delimiter == "," else False,
        double_quote=True,
        escape_char=False,
        newlines_in_values=quoted,
        ignore_empty_lines=False,  # blank lines are rows: their line numbers count
    )
    # the whole file, its blocks parsed by the reader's threads: three 1e7-row files in
    # 0.6–0.8 s on 2 cores, as pandas' parallel read, against 1.0–1.4 s block by block in
    # one thread (the reader's own threads, block by block, took 1.2 s)
    read_options = pa_csv.ReadOptions(
        column_names=layout.names, skip_rows=skip_rows, use_threads=True
    )
    types = {n: pa.float64() if n in numeric else pa.string() for n in layout.names}
    convert_options = pa_csv.ConvertOptions(
        column_types=types,
        null_values=[""],
        strings_can_be_null=False,
        quoted_strings_can_be_null=False,
        include_columns=names,
    )
    source = data if isinstance(data, Path) else pa.py_buffer(data)
    try:
        return pa_csv.read_csv(
            source,
            read_options=read_options,
            parse_options=parse_options,
            convert_options=convert_options,
            # the C library's malloc, not Arrow's default pool (mimalloc), which hands
            # the blocks' memory back to the system and faults it in again (2 cores,
            # three 1e7-row files: 0.80–1.57 s against 0.79–1.70 s, and block by
            # block 0.2–0.4 s of system time against 0.6–1.4 s); the memory it keeps
            # goes back with simeval.io.release_reader_memory
            memory_pool=pa.system_memory_pool(),
        )
    except (pa.ArrowInvalid, OSError):
        return None
