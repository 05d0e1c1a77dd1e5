"""Render a rectangular table as text, Markdown, LaTeX or CSV; dump JSON safely.

Every command that prints a table goes through :func:`render_table`, so the formats look
the same everywhere. Cells are strings or numbers; numbers are formatted with
:func:`format_number` (NaN shows as ``—`` in text and ``n/a`` in CSV-like formats).
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import DataError
from ..io.align import ID_COLUMN
from ..results import json_ready

__all__ = [
    "FORMATS",
    "UNWRITTEN_SCORE_SUFFIXES",
    "format_number",
    "render_table",
    "score_file_format",
    "score_table",
    "to_json",
]

FORMATS = ("table", "json", "csv", "markdown", "latex")

Cell = Any


def format_number(value: Cell, digits: int = 4, nan: str = "—") -> str:
    """Format a cell: floats with ``digits`` decimals, NaN/None as ``nan``, others ``str``.
    A float too small to show a digit (below ``10**-digits``) is written in scientific
    notation with ``digits − 1`` decimals, so that it does not read as 0; with
    ``digits=0`` (whole numbers asked for) it is rounded like the others.

    Parameters
    ----------
    value : float, int, str or None
        The cell.
    digits : int, default 4
        Decimals of a float.
    nan : str, default "—"
        What NaN and None show.

    Returns
    -------
    str

    Examples
    --------
    >>> format_number(0.81649658), format_number(float("nan")), format_number(12)
    ('0.8165', '—', '12')
    >>> format_number(0.00001234), format_number(0.6, digits=0), format_number(0.3, digits=0)
    ('1.234e-05', '1', '0')
    """
    if value is None:
        return nan
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return nan
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        if digits > 0 and value != 0 and abs(value) < 10 ** (-digits):
            return f"{value:.{max(digits - 1, 0)}e}"
        return f"{value:.{digits}f}"
    return str(value)


_LATEX_ESCAPES = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    # what simeval's own labels use, which pdflatex would refuse as raw Unicode
    "—": "--",
    "–": "--",
    "−": "$-$",
    "…": r"\ldots{}",
    "τ": r"$\tau$",
    "ρ": r"$\rho$",
    "Δ": r"$\Delta$",
    "α": r"$\alpha$",
    "β": r"$\beta$",
    "δ": r"$\delta$",
    "Ω": r"$\Omega$",
    "≤": r"$\leq$",
    "≥": r"$\geq$",
    "×": r"$\times$",
    "★": r"$\star$",
    "†": r"\dag{}",
    "|": r"\textbar{}",
}


def _latex_escape(text: str) -> str:
    r"""Text as pdflatex reads it: its special characters escaped, and the Unicode of
    simeval's labels (Δ, τ, −, —, …) as LaTeX.

    >>> print(_latex_escape("mean |Δrank| — 5%"))
    mean \textbar{}$\Delta$rank\textbar{} -- 5\%
    """
    return "".join(_LATEX_ESCAPES.get(ch, ch) for ch in text)


def _markdown_cell(text: str) -> str:
    """A cell of a Markdown table: a ``|`` inside it would start a new column."""
    return text.replace("|", "\\|")


def render_table(
    header: Sequence[str],
    rows: Sequence[Sequence[Cell]],
    fmt: str = "table",
    *,
    digits: int = 4,
    title: str | None = None,
    align_left: int = 1,
) -> str:
    """Render ``rows`` under ``header`` as ``table`` (aligned text), ``markdown``,
    ``latex`` (a booktabs ``tabular``) or ``csv``.

    The first ``align_left`` columns are left-aligned (labels); the rest right-aligned.

    Parameters
    ----------
    header : sequence of str
        The column names.
    rows : sequence of sequence
        The cells.
    fmt : {"table", "markdown", "latex", "csv"}
        The format.
    digits : int, default 4
        Decimals of the floats (CSV writes every digit).
    title : str, optional
        A line above the table.
    align_left : int, default 1
        Columns aligned left.

    Returns
    -------
    str

    Examples
    --------
    >>> print(render_table(["system", "r"], [["a", 0.5], ["bb", float("nan")]]))
    system       r
    ------  ------
    a       0.5000
    bb           —
    """
    if fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(header)
        for row in rows:
            writer.writerow(
                [
                    "" if _is_missing(c) else (repr(float(c)) if isinstance(c, float) else c)
                    for c in row
                ]
            )
        return buf.getvalue()
    cells = [[format_number(c, digits, nan="—") for c in row] for row in rows]
    if fmt == "markdown":
        lines = [
            "| " + " | ".join(_markdown_cell(h) for h in header) + " |",
            "|" + "|".join(":---" if i < align_left else "---:" for i in range(len(header))) + "|",
        ]
        lines += ["| " + " | ".join(_markdown_cell(c) for c in row) + " |" for row in cells]
        text = "\n".join(lines) + "\n"
        return f"**{title}**\n\n{text}" if title else text
    if fmt == "latex":
        spec = "l" * align_left + "r" * (len(header) - align_left)
        body = [" & ".join(_latex_escape(h) for h in header) + r" \\"]
        body += [" & ".join(_latex_escape(c) for c in row) + r" \\" for row in cells]
        lines = [rf"\begin{{tabular}}{{{spec}}}", r"\toprule", body[0], r"\midrule"]
        lines += [*body[1:], r"\bottomrule", r"\end{tabular}"]
        text = "\n".join(lines) + "\n"
        return f"% {_latex_escape(title)}\n{text}" if title else text
    if fmt != "table":
        raise ValueError(f"unknown table format {fmt!r}; choose one of {FORMATS}")
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(header)]

    def line(parts: Sequence[str]) -> str:
        return "  ".join(
            p.ljust(w) if i < align_left else p.rjust(w)
            for i, (p, w) in enumerate(zip(parts, widths))
        ).rstrip()

    out = [line(header), line(["-" * w for w in widths])] + [line(r) for r in cells]
    text = "\n".join(out) + "\n"
    return f"{title}\n{text}" if title else text


def _is_missing(value: Cell) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def to_json(document: Any, indent: int | None = 2) -> str:
    """Serialize to strict JSON through :func:`simeval.results.json_ready`, the one
    sanitiser: NaN and ±inf become ``null`` (JSON has neither), numpy numbers Python ones.

    Parameters
    ----------
    document : object
        Mappings, sequences, numbers, strings.
    indent : int or None, default 2
        As :func:`json.dumps` (a final newline with an indent).

    Returns
    -------
    str

    Examples
    --------
    >>> to_json({"r": float("nan"), "msse": float("inf"), "n": 3}, indent=None)
    '{"r": null, "msse": null, "n": 3}'
    """
    text = json.dumps(json_ready(document), indent=indent, allow_nan=False)
    return text + ("\n" if indent is not None else "")


#: Names of score files simeval does not write (it reads them): refused before any work.
UNWRITTEN_SCORE_SUFFIXES = (".parquet", ".pq", ".gz", ".bz2", ".xz", ".jsonl", ".ndjson")


def score_file_format(path: str) -> str:
    """What a score file named ``path`` holds: ``"json"`` (the scores document) for
    ``.json``, ``"csv"`` for ``.csv``, else ``"tsv"``; a name promising a format simeval
    reads but does not write (Parquet, compressed, JSON Lines) is refused, before any
    scoring.

    Parameters
    ----------
    path : str
        The output's name.

    Returns
    -------
    str

    Raises
    ------
    DataError
        A suffix of :data:`UNWRITTEN_SCORE_SUFFIXES`.

    Examples
    --------
    >>> score_file_format("run.json"), score_file_format("run.CSV"), score_file_format("run")
    ('json', 'csv', 'tsv')
    >>> score_file_format("run.tsv.gz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    simeval.errors.DataError: run.tsv.gz: simeval writes no .gz file (it reads them); ...
    """
    suffix = Path(path).suffix.lower()
    if suffix in UNWRITTEN_SCORE_SUFFIXES:
        raise DataError(
            f"{path}: simeval writes no {suffix} file (it reads them); name it .tsv, .csv "
            "or .json" + (" (compress it afterwards if you like)" if suffix in _PACKED else "")
        )
    return {".json": "json", ".csv": "csv"}.get(suffix, "tsv")


_PACKED = (".gz", ".bz2", ".xz")


def score_table(ids: Sequence[str], scores: Sequence[float], path: str) -> str:
    """The text of a score file of ``id`` and ``score`` for ``path``: comma-separated (ids
    quoted where they need it) when its name ends in ``.csv``, tab-separated otherwise
    (without quoting, as STS files are: an id holding a tab or a line break is an error);
    each score as Python's ``repr`` writes it (it reads back the same float; ``nan`` for a
    pair left unscored).

    Parameters
    ----------
    ids : sequence of str
        The pairs' ids.
    scores : sequence of float
        One score per id.
    path : str
        The file it is written to (its suffix picks the delimiter).

    Returns
    -------
    str

    Raises
    ------
    DataError
        An id holds a tab or a line break, and the file is tab-separated.

    Examples
    --------
    >>> score_table(["p1", "p,2"], [0.5, float("nan")], "run.csv").splitlines()
    ['id,score', 'p1,0.5', '"p,2",nan']
    >>> score_table(["p1"], [0.1], "run.tsv")
    'id\\tscore\\np1\\t0.1\\n'
    """
    if score_file_format(path) == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([ID_COLUMN, "score"])
        writer.writerows((i, repr(float(s))) for i, s in zip(ids, scores))
        return out.getvalue()
    broken = next((i for i in ids if any(c in str(i) for c in "\t\r\n")), None)
    if broken is not None:  # a tab-separated file has no quoting: the row would split
        raise DataError(
            f"{path}: id {str(broken)!r} holds a tab or a line break, which a tab-separated "
            "file cannot hold; name the output .csv (quoted) or .json"
        )
    lines = [f"{ID_COLUMN}\tscore", *(f"{i}\t{float(s)!r}" for i, s in zip(ids, scores))]
    return "\n".join(lines) + "\n"
