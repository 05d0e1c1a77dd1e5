"""Reading inputs and writing outputs.

- :mod:`.text`: a file's text (UTF-8, gzip, ``-`` for standard input, a cap per line);
- :mod:`.tables`: score tables (CSV / TSV / JSONL / Parquet, or one number per line);
- :mod:`.gold_order`: a system file in the gold's order, read piece by piece
  (:mod:`.pieces`), compared with the gold's ids (held, or left in the gold file);
- :mod:`.score_table`: the :class:`ScoreTable` they return and its column helpers;
- :mod:`.safe_output`: the one way a command writes files (never over an input, all or
  nothing).
"""

from __future__ import annotations

from .gold_order import scores_in_gold_order
from .score_table import ScoreTable, default_column, ids_of, parse_system_spec
from .tables import read_scores, read_table, release_reader_memory
from .text import MAX_LINE_BYTES, STDIN, is_stdin, read_bytes, read_text, shown_name

__all__ = [
    "MAX_LINE_BYTES",
    "STDIN",
    "ScoreTable",
    "default_column",
    "ids_of",
    "is_stdin",
    "parse_system_spec",
    "read_bytes",
    "read_scores",
    "read_table",
    "read_text",
    "release_reader_memory",
    "scores_in_gold_order",
    "shown_name",
]
