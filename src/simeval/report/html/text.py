"""Text of the page: every user-given name (system, data set, metric expression, file)
escaped and isolated from the text around it, numbers as the page prints them.

A name may hold bidirectional controls: a right-to-left override (U+202E) in a system
name would reverse the rest of the sentence it sits in. In element content each name is
a ``<bdi>`` (HTML's isolate); in attributes and ``<title>``, which hold no elements, it
is wrapped in the Unicode isolates FSI … PDI (U+2068, U+2069), which do the same.
"""

from __future__ import annotations

import html
import math
from typing import Any

__all__ = [
    "FSI",
    "PDI",
    "Html",
    "attribute",
    "interval",
    "isolated",
    "name",
    "num",
    "strong",
]

FSI, PDI = "\u2068", "\u2069"


class Html(str):
    """Text that is already HTML (escaped, names isolated): put into the page as it is.

    Parameters
    ----------
    object : str
        The HTML.

    Examples
    --------
    >>> isinstance(name("a"), Html), isinstance("a", Html)
    (True, False)
    """

    __slots__ = ()


def name(text: Any) -> Html:
    """A user-given name in element content: escaped, in a ``<bdi>``.

    Parameters
    ----------
    text : object
        The name.

    Returns
    -------
    Html

    Examples
    --------
    >>> name("a\u202eb<c")
    '<bdi>a\u202eb&lt;c</bdi>'
    """
    return Html(f"<bdi>{html.escape(str(text))}</bdi>")


def strong(text: Any) -> Html:
    """A name in bold (the systems and measures a sentence is about).

    Parameters
    ----------
    text : object
        The name.

    Returns
    -------
    Html

    Examples
    --------
    >>> strong("a&b")
    '<strong><bdi>a&amp;b</bdi></strong>'
    """
    return Html(f"<strong>{name(text)}</strong>")


def isolated(text: Any) -> str:
    """A name in plain text (an attribute, ``<title>``): between FSI and PDI.

    Parameters
    ----------
    text : object
        The name.

    Returns
    -------
    str

    Examples
    --------
    >>> isolated("mine") == "\\u2068mine\\u2069"
    True
    """
    return f"{FSI}{text}{PDI}"


def attribute(text: str) -> str:
    """Plain text as an attribute value (quotes escaped); names in it already isolated.

    Parameters
    ----------
    text : str
        The value.

    Returns
    -------
    str

    Examples
    --------
    >>> attribute('say "r"')
    'say &quot;r&quot;'
    """
    return html.escape(text, quote=True)


def num(value: Any, digits: int = 3) -> str:
    """A number as sentences print it (``—`` when missing).

    Parameters
    ----------
    value : float, int or None
        The number.
    digits : int, default 3
        Decimals of a float.

    Returns
    -------
    str

    Examples
    --------
    >>> num(0.72718), num(None), num(float("nan"))
    ('0.727', '—', '—')
    """
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "—"
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return f"{float(value):.{digits}f}"


def interval(low: Any, high: Any) -> str:
    """`` [low, high]`` with a leading space, or nothing when either end is missing.

    Parameters
    ----------
    low, high : float or None
        The interval's ends.

    Returns
    -------
    str

    Examples
    --------
    >>> interval(0.61, 0.8), interval(None, 0.8)
    (' [0.610, 0.800]', '')
    """
    if num(low) == "—" or num(high) == "—":
        return ""
    return f" [{num(low)}, {num(high)}]"
