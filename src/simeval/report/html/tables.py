"""Tables of the HTML report: the same cells as the text tables, every undefined value
with its reason (as a footnote and a tooltip)."""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Any

from ..tables import format_number

__all__ = ["html_table"]


def html_table(
    header: Sequence[str],
    rows: Sequence[Sequence[Any]],
    *,
    digits: int = 4,
    caption: str = "",
    reasons: Sequence[Sequence[str | None]] | None = None,
) -> str:
    """An HTML table; ``reasons[i][j]`` explains an undefined cell (shown as "—" with a
    numbered note below the table).

    >>> print(html_table(["system", "r"], [["a", 0.5], ["b", float("nan")]],
    ...                  reasons=[[None, None], [None, "constant scores"]]))  # doctest: +ELLIPSIS
    <table>...<td class="undefined" title="constant scores">—<sup>1</sup></td>...
    """
    e = html.escape
    notes: list[str] = []
    out = ["<table>"]
    if caption:
        out.append(f"<caption>{e(caption)}</caption>")
    out.append("<thead><tr>" + "".join(f"<th>{e(str(h))}</th>" for h in header) + "</tr></thead>")
    out.append("<tbody>")
    for i, row in enumerate(rows):
        cells = []
        for j, value in enumerate(row):
            reason = reasons[i][j] if reasons is not None else None
            missing = value is None or (isinstance(value, float) and math.isnan(value))
            if missing:
                mark = ""
                if reason:
                    if reason not in notes:
                        notes.append(reason)
                    mark = f"<sup>{notes.index(reason) + 1}</sup>"
                title = f' title="{e(reason)}"' if reason else ""
                cells.append(f'<td class="undefined"{title}>—{mark}</td>')
            else:
                cells.append(f"<td>{e(format_number(value, digits))}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    if notes:
        out.append('<ol class="notes">' + "".join(f"<li>{e(n)}</li>" for n in notes) + "</ol>")
    return "".join(out)
