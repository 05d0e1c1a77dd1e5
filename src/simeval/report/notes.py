"""Notes under a table: a long text column printed as numbered notes, footnote markers
for the rows that hold undefined values, all wrapped to the terminal width."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

from .tables import render_table

__all__ = ["CI_NAMES", "WIDTH", "and_list", "footnotes", "table_with_notes", "with_reasons"]

#: Longest line of a table-format report.
WIDTH = 100

#: How each interval method of a record (``ci_method``) is named in a table's title.
CI_NAMES = {
    "fisher": "Fisher z",
    "bonett-wright": "Bonett–Wright",
    "fieller": "Fieller",
    "bca": "BCa bootstrap",
    "percentile": "percentile bootstrap",
}


def _wrapped(i: int, text: str) -> list[str]:
    """``[i] text`` wrapped to :data:`WIDTH`, continuation lines indented under the text;
    long words (URLs) are not broken."""
    return textwrap.wrap(
        f"[{i}] {text}",
        WIDTH,
        subsequent_indent=" " * (len(str(i)) + 3),
        break_long_words=False,
        break_on_hyphens=False,
    )


def table_with_notes(
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    notes: Sequence[str],
    *,
    note_column: str,
    title: str | None = None,
    align_left: int = 1,
) -> str:
    """``rows`` as an aligned table whose last column ``note_column`` holds ``[i]``, followed
    by note i of ``notes`` wrapped to :data:`WIDTH` columns (long words, such as URLs, are
    not broken).

    Parameters
    ----------
    header : sequence of str
        The columns before the note column.
    rows : sequence of sequence
        The cells, one row per note.
    notes : sequence of str
        One note per row.
    note_column : str
        The name of the column of markers.
    title : str, optional
        A line above the table.
    align_left : int, default 1
        Columns aligned left.

    Returns
    -------
    str

    Examples
    --------
    >>> print(table_with_notes(["k"], [["a"]], ["a long text"], note_column="why"))
    k  why
    -  ---
    a  [1]
    <BLANKLINE>
    [1] a long text
    """
    body = [[*row, f"[{i}]"] for i, row in enumerate(rows, start=1)]
    table = render_table(
        [*header, note_column], body, "table", title=title, align_left=len(header) + 1
    )
    lines = [table.rstrip("\n"), ""]
    for i, text in enumerate(notes, start=1):
        lines += _wrapped(i, text)
    return "\n".join(lines) + "\n"


def footnotes(reasons: Sequence[str | None], fmt: str = "table") -> tuple[list[str], str]:
    """Markers and notes for the rows of a table that hold undefined values: ``reasons[i]``
    is why row i has a NaN (None: it has none). Returns one marker per row (``[j]`` or
    ``""``; equal reasons share a number) and the notes, wrapped to :data:`WIDTH`: LaTeX
    comments for ``fmt="latex"``, a paragraph after a blank line for ``"markdown"``.

    Parameters
    ----------
    reasons : sequence of str or None
        Why each row has an undefined value.
    fmt : {"table", "markdown", "latex", "csv"}
        The table's format.

    Returns
    -------
    markers : list of str
        One per row.
    notes : str
        The numbered notes.

    Examples
    --------
    >>> footnotes([None, "constant", "constant"])
    (['', '[1]', '[1]'], '[1] constant\\n')
    """
    numbers: dict[str, int] = {}
    markers = []
    for reason in reasons:
        if reason is None:
            markers.append("")
            continue
        j = numbers.setdefault(reason, len(numbers) + 1)
        markers.append(f"[{j}]")
    lines: list[str] = []
    for reason, j in numbers.items():
        lines += _wrapped(j, reason)
    if fmt == "latex":
        lines = [f"% {ln}" for ln in lines]
    elif fmt == "markdown" and lines:
        lines = ["", *lines]
    return markers, "".join(f"{ln}\n" for ln in lines)


def with_reasons(
    header: Sequence[str],
    rows: Sequence[Sequence[Any]],
    reasons: Sequence[str | None],
    fmt: str,
) -> tuple[list[str], list[list[Any]], str]:
    """Why a row's value is undefined, shown the way ``fmt`` can: a ``reason`` column in
    CSV, else a ``note`` column of :func:`footnotes` markers and the notes to print under
    the table. Unchanged (and no notes) when every ``reasons[i]`` is None.

    Parameters
    ----------
    header : sequence of str
        The columns.
    rows : sequence of sequence
        The cells.
    reasons : sequence of str or None
        Why each row's value is undefined.
    fmt : {"table", "markdown", "latex", "csv"}
        The table's format.

    Returns
    -------
    header : list of str
    rows : list of list
    notes : str
        The notes to print under the table (empty for CSV).

    Examples
    --------
    >>> with_reasons(["k"], [["a"], ["b"]], [None, "constant"], "csv")
    (['k', 'reason'], [['a', None], ['b', 'constant']], '')
    >>> with_reasons(["k"], [["a"], ["b"]], [None, "constant"], "table")
    (['k', 'note'], [['a', ''], ['b', '[1]']], '[1] constant\\n')
    """
    if all(r is None for r in reasons):
        return list(header), [list(r) for r in rows], ""
    if fmt == "csv":
        return [*header, "reason"], [[*r, why] for r, why in zip(rows, reasons)], ""
    markers, notes = footnotes(reasons, fmt)
    return [*header, "note"], [[*r, m] for r, m in zip(rows, markers)], notes


def and_list(items: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``.

    Parameters
    ----------
    items : iterable of str
        The items.

    Returns
    -------
    str

    Examples
    --------
    >>> and_list(["x"]), and_list(["x", "y", "z"])
    ('x', 'x, y and z')
    """
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
