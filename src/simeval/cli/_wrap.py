"""Tables whose long text column is printed as numbered notes wrapped to the terminal width."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from ..report import render_table

__all__ = ["WIDTH", "footnotes", "table_with_notes"]

#: Longest line of a table-format report.
WIDTH = 100


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
        lines += textwrap.wrap(
            f"[{i}] {text}",
            WIDTH,
            subsequent_indent=" " * (len(str(i)) + 3),
            break_long_words=False,
            break_on_hyphens=False,
        )
    return "\n".join(lines) + "\n"


def footnotes(reasons: Sequence[str | None], fmt: str = "table") -> tuple[list[str], str]:
    """Markers and notes for the rows of a table that hold undefined values: ``reasons[i]``
    is why row i has a NaN (None: it has none). Returns one marker per row (``[j]`` or
    ``""``; equal reasons share a number) and the notes, wrapped to :data:`WIDTH`: LaTeX
    comments for ``fmt="latex"``, a paragraph after a blank line for ``"markdown"``.

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
        lines += textwrap.wrap(
            f"[{j}] {reason}",
            WIDTH,
            subsequent_indent=" " * (len(str(j)) + 3),
            break_long_words=False,
            break_on_hyphens=False,
        )
    if fmt == "latex":
        lines = [f"% {ln}" for ln in lines]
    elif fmt == "markdown" and lines:
        lines = ["", *lines]
    return markers, "".join(f"{ln}\n" for ln in lines)
