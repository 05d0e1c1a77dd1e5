"""What every figure shares: matplotlib through :func:`simeval.errors.require`, new
figures through pyplot (or offscreen, for pages and files), what a figure function
returns, the palette, panel sizes, the metric's direction and the note for gaps."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from ...errors import require

__all__ = [
    "PALETTE",
    "PANEL",
    "SMALL",
    "direction_label",
    "figure_or_axes",
    "interval_error",
    "is_missing",
    "label_rotation",
    "new_axes",
    "new_figure",
    "new_grid",
    "note",
    "offscreen",
]

#: Okabe & Ito (2008) colour-blind-safe palette (black dropped: it is for text).
PALETTE = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#D55E00",
    "#CC79A7",
    "#56B4E9",
    "#F0E442",
    "#999999",
)
#: Size of one panel in inches (fits an A4 column and an HTML page).
PANEL = (6.4, 4.0)
#: Panels per row in a grid of systems.
MAX_COLUMNS = 4


#: The smallest text of a figure, in points: readable at the figure's own size.
SMALL = 9

_OFFSCREEN: ContextVar[bool] = ContextVar("simeval_offscreen_figures", default=False)


@contextmanager
def offscreen() -> Iterator[None]:
    """Inside, new figures are made without pyplot, on an Agg canvas: nothing to show and
    nothing left open (what a page or a file of figures needs). Outside, they are made
    through :func:`matplotlib.pyplot.figure`, so that ``plt.show()`` and notebooks
    display them.

    Returns
    -------
    contextlib.AbstractContextManager

    Examples
    --------
    >>> with offscreen():
    ...     fig = new_figure(PANEL)
    >>> type(fig.canvas).__name__
    'FigureCanvasAgg'
    """
    token = _OFFSCREEN.set(True)
    try:
        yield
    finally:
        _OFFSCREEN.reset(token)


def new_figure(size: tuple[float, float]) -> Any:
    """A new figure of ``size`` inches with the constrained layout: through pyplot, or
    (inside :func:`offscreen`) on its own Agg canvas; MissingExtraError without
    matplotlib.

    Parameters
    ----------
    size : (float, float)
        Width and height in inches.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    MissingExtraError
        matplotlib is not installed.

    Examples
    --------
    >>> with offscreen():
    ...     fig = new_figure((4.0, 3.0))
    >>> fig.get_size_inches().tolist(), fig.get_layout_engine() is not None
    ([4.0, 3.0], True)
    """
    require("matplotlib", "plot")
    if _OFFSCREEN.get():
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        fig = Figure(figsize=size, layout="constrained")
        FigureCanvasAgg(fig)
        return fig
    import matplotlib.pyplot as plt

    return plt.figure(figsize=size, layout="constrained")


def new_axes(ax: Any = None, size: tuple[float, float] = PANEL) -> tuple[Any, Any]:
    """``(figure, axes)``: the given axes and its figure, or a new one-panel figure.

    Parameters
    ----------
    ax : matplotlib.axes.Axes, optional
        Where to draw.
    size : (float, float), default :data:`PANEL`
        Of a new figure, in inches.

    Returns
    -------
    figure : matplotlib.figure.Figure
    axes : matplotlib.axes.Axes

    Examples
    --------
    >>> with offscreen():
    ...     fig, ax = new_axes()
    >>> new_axes(ax) == (fig, ax)
    True
    """
    if ax is not None:
        return ax.figure, ax
    fig = new_figure(size)
    return fig, fig.add_subplot()


def figure_or_axes(fig: Any, ax: Any, given: Any) -> Any:
    """What a one-panel figure function returns, as matplotlib users expect: the Axes it
    drew on when one was ``given``, else the new Figure.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure drawn.
    ax : matplotlib.axes.Axes
        The axes drawn on.
    given : matplotlib.axes.Axes or None
        What the caller gave.

    Returns
    -------
    Figure or Axes

    Examples
    --------
    >>> figure_or_axes("figure", "axes", None), figure_or_axes("figure", "axes", "axes")
    ('figure', 'axes')
    """
    return ax if given is not None else fig


def new_grid(
    n: int, fig: Any = None, size: tuple[float, float] = PANEL, columns: int = MAX_COLUMNS
) -> tuple[Any, list[Any]]:
    """A figure with ``n`` panels, up to ``columns`` per row (extra cells hidden).

    Parameters
    ----------
    n : int
        The panels.
    fig : matplotlib.figure.Figure, optional
        Where to draw (default: a new figure).
    size : (float, float), default :data:`PANEL`
        Of one panel, in inches.
    columns : int, default 4
        Panels per row at most.

    Returns
    -------
    figure : matplotlib.figure.Figure
    axes : list of matplotlib.axes.Axes
        One per panel.

    Examples
    --------
    Five panels take two rows of four; the three cells left over are hidden:

    >>> with offscreen():
    ...     fig, axes = new_grid(5)
    >>> len(axes), len(fig.axes), sum(a.get_visible() for a in fig.axes)
    (5, 8, 5)
    """
    cols = max(1, min(n, columns))
    rows = max(1, math.ceil(n / cols))
    scale = 0.7 if cols > 1 else 1.0  # smaller panels in a grid keep an A4 page readable
    if fig is None:
        fig = new_figure((size[0] * cols * scale, size[1] * rows * scale))
    axes = fig.subplots(rows, cols, squeeze=False).ravel().tolist()
    for extra in axes[n:]:
        extra.set_visible(False)
    return fig, axes[:n]


def label_rotation(labels: Iterable[str], width_in: float) -> dict[str, Any]:
    """Keywords of ``set_xticks`` that keep category labels apart: slanted when they would
    not fit side by side (about 0.09 in per character at the tick font size).

    Parameters
    ----------
    labels : iterable of str
        The category labels.
    width_in : float
        The axes' width in inches.

    Returns
    -------
    dict

    Examples
    --------
    Five labels of 12 characters need ``5 · 14 · 0.09 = 6.3`` in, more than 80 % of 6.4 in:

    >>> label_rotation(["a", "b"], 6.4), label_rotation(["long label 1"] * 5, 6.4)["rotation"]
    ({}, 30)
    """
    labels = list(labels)
    crowded = sum(len(x) + 2 for x in labels) * 0.09 > width_in * 0.8
    return {"rotation": 30, "ha": "right", "rotation_mode": "anchor"} if crowded else {}


def is_missing(value: Any) -> bool:
    """None or NaN: an undefined value, drawn as a gap.

    Parameters
    ----------
    value : object
        A value.

    Returns
    -------
    bool

    Examples
    --------
    >>> is_missing(None), is_missing(float("nan")), is_missing(0.0)
    (True, True, False)
    """
    return value is None or (isinstance(value, float) and math.isnan(value))


def interval_error(value: float, low: Any, high: Any) -> list[list[float]] | None:
    """The ``xerr``/``yerr`` of matplotlib's ``errorbar`` for ``value`` and its interval
    ``[low, high]``: None (no bar) when a bound is missing. A value outside its interval
    (a percentile interval may exclude its estimate; a hand-edited file) gets a bar from
    the interval's far end to the value, never a negative length, which matplotlib
    refuses.

    Parameters
    ----------
    value : float
        The point estimate.
    low, high : float or None
        The interval's bounds.

    Returns
    -------
    list or None
        ``[[below], [above]]``, each ≥ 0.

    Examples
    --------
    >>> interval_error(0.5, 0.25, 1.0), interval_error(0.5, None, 1.0)
    ([[0.25], [0.5]], None)
    >>> interval_error(7.0, 0.25, 1.0)  # outside: from 0.25 up to the value
    [[6.75], [0.0]]
    """
    if is_missing(low) or is_missing(high):
        return None
    return [[max(value - float(low), 0.0)], [max(float(high) - value, 0.0)]]


def direction_label(metric: str) -> str:
    """``"(higher is better)"`` or ``"(lower is better)"`` from the metric registry;
    empty for a name it does not know.

    Parameters
    ----------
    metric : str
        A measure's name.

    Returns
    -------
    str

    Examples
    --------
    >>> direction_label("pearson"), direction_label("nmsse"), direction_label("mine")
    ('(higher is better)', '(lower is better)', '')
    """
    from ...errors import SimevalError
    from ...metrics.registry import get_metric

    try:
        higher = get_metric(metric).higher_is_better
    except SimevalError:
        return ""
    return "(higher is better)" if higher else "(lower is better)"


def note(fig: Any, lines: Iterable[str], limit: int = 4) -> None:
    """A short footnote under the panels (the gaps and why); at most ``limit`` lines.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure.
    lines : iterable of str
        The note's lines.
    limit : int, default 4
        Lines shown at most (then "… and k more").

    Examples
    --------
    >>> with offscreen():
    ...     fig = new_figure(PANEL)
    >>> note(fig, [f"gap {i}" for i in range(6)])
    >>> fig.texts[0].get_text().splitlines()[-1]
    '… and 2 more'
    """
    lines = list(lines)
    if not lines:
        return
    shown = lines[:limit] + ([f"… and {len(lines) - limit} more"] if len(lines) > limit else [])
    height = 0.17 * len(shown) + 0.08  # inches: a 9 pt line is about 0.17 in
    frac = min(0.4, height / fig.get_figheight())
    engine = fig.get_layout_engine()
    if engine is not None and hasattr(engine, "set") and "rect" in engine.get():
        engine.set(rect=(0, frac, 1, 1 - frac))  # keep the panels clear of the note
    text = "\n".join(shown)
    fig.text(
        0.01, 0.01, text, ha="left", va="bottom", fontsize=SMALL, color="#444444", gid="gap-note"
    )
