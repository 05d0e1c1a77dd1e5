"""Tables of the HTML report: the same cells as the text tables, a caption saying what
the table holds, header cells with their ``scope`` (the first column heads its row),
every name isolated, and every undefined value with its reason (a footnote and a
tooltip)."""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Any

from ..tables import format_number
from .text import Html, attribute, isolated, name

__all__ = ["html_table"]


def _cell(value: Any, digits: int) -> str:
    if isinstance(value, Html):
        return value
    if isinstance(value, str):
        return name(value)
    return html.escape(format_number(value, digits))


def html_table(
    header: Sequence[Any],
    rows: Sequence[Sequence[Any]],
    *,
    caption: str,
    digits: int = 4,
    reasons: Sequence[Sequence[str | None]] | None = None,
) -> str:
    r"""An HTML table under ``caption`` (HTML: names in it isolated); text cells are
    names (isolated), :class:`~.text.Html` cells are put as they are, numbers formatted
    with ``digits``. ``reasons[i][j]`` explains an undefined cell (shown as "—" with a
    numbered note below the table).

    Parameters
    ----------
    header : sequence
        The column names.
    rows : sequence of sequence
        The cells; the first of each row is its header.
    caption : str
        The caption (HTML).
    digits : int, default 4
        Decimals of the numbers.
    reasons : sequence of sequence of str or None, optional
        Why each undefined cell is undefined.

    Returns
    -------
    str

    Examples
    --------
    >>> text = html_table(["system", "r"], [["a", 0.5], ["b", float("nan")]],
    ...                   caption="r", reasons=[[None, None], [None, "constant scores"]])
    >>> text.startswith('<table><caption>r</caption><thead><tr><th scope="col">')
    True
    >>> ('<th scope="row"><bdi>b</bdi></th><td class="undefined" '
    ...  'title="\u2068constant scores\u2069">—<sup>1</sup></td>') in text
    True
    >>> text.endswith('<ol class="notes"><li><bdi>constant scores</bdi></li></ol>')
    True
    """
    notes: list[str] = []
    out = [f"<table><caption>{caption}</caption>"]
    out.append(
        "<thead><tr>"
        + "".join(f'<th scope="col">{_cell(h, digits)}</th>' for h in header)
        + "</tr></thead>"
    )
    out.append("<tbody>")
    for i, row in enumerate(rows):
        cells = []
        for j, value in enumerate(row):
            reason = reasons[i][j] if reasons is not None else None
            missing = value is None or (isinstance(value, float) and math.isnan(value))
            if j == 0:
                cells.append(f'<th scope="row">{_cell(value, digits)}</th>')
            elif missing:
                mark = ""
                if reason:
                    if reason not in notes:
                        notes.append(reason)
                    mark = f"<sup>{notes.index(reason) + 1}</sup>"
                title = f' title="{attribute(isolated(reason))}"' if reason else ""
                cells.append(f'<td class="undefined"{title}>—{mark}</td>')
            else:
                cells.append(f"<td>{_cell(value, digits)}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    if notes:
        out.append('<ol class="notes">' + "".join(f"<li>{name(n)}</li>" for n in notes) + "</ol>")
    return "".join(out)
