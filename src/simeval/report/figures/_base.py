"""What every figure shares: matplotlib through :func:`simeval.errors.require`, the
Agg canvas, the palette, panel sizes, the metric's direction and the note for gaps."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from ...errors import require

__all__ = [
    "PALETTE",
    "PANEL",
    "direction_label",
    "is_missing",
    "new_axes",
    "new_grid",
    "note",
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


def _figure_class() -> Any:
    """matplotlib's ``Figure`` with the non-interactive Agg canvas (no pyplot, so no
    window and no global backend change), or :class:`~simeval.errors.MissingExtraError`."""
    require("matplotlib", "plot")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    class _Figure(Figure):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            FigureCanvasAgg(self)

    return _Figure


def new_axes(ax: Any = None, size: tuple[float, float] = PANEL) -> tuple[Any, Any]:
    """``(figure, axes)``: the given axes and its figure, or a new one-panel figure."""
    if ax is not None:
        return ax.figure, ax
    fig = _figure_class()(figsize=size, layout="constrained")
    return fig, fig.add_subplot()


def new_grid(n: int, fig: Any = None, size: tuple[float, float] = PANEL) -> tuple[Any, list[Any]]:
    """A figure with ``n`` panels, up to :data:`MAX_COLUMNS` per row (extra cells hidden)."""
    cols = max(1, min(n, MAX_COLUMNS))
    rows = max(1, math.ceil(n / cols))
    scale = 0.7 if cols > 1 else 1.0  # smaller panels in a grid keep an A4 page readable
    if fig is None:
        fig = _figure_class()(
            figsize=(size[0] * cols * scale, size[1] * rows * scale), layout="constrained"
        )
    axes = fig.subplots(rows, cols, squeeze=False).ravel().tolist()
    for extra in axes[n:]:
        extra.set_visible(False)
    return fig, axes[:n]


def is_missing(value: Any) -> bool:
    """None or NaN: an undefined value, drawn as a gap."""
    return value is None or (isinstance(value, float) and math.isnan(value))


def direction_label(metric: str) -> str:
    """``"(higher is better)"`` or ``"(lower is better)"`` from the metric registry;
    empty for a name it does not know."""
    from ...errors import SimevalError
    from ...metrics.registry import get_metric

    try:
        higher = get_metric(metric).higher_is_better
    except SimevalError:
        return ""
    return "(higher is better)" if higher else "(lower is better)"


def note(fig: Any, lines: Iterable[str], limit: int = 4) -> None:
    """A short footnote under the panels (the gaps and why); at most ``limit`` lines."""
    lines = list(lines)
    if not lines:
        return
    shown = lines[:limit] + ([f"… and {len(lines) - limit} more"] if len(lines) > limit else [])
    height = 0.13 * len(shown) + 0.08  # inches: a 7 pt line is about 0.13 in
    frac = min(0.4, height / fig.get_figheight())
    engine = fig.get_layout_engine()
    if engine is not None and hasattr(engine, "set") and "rect" in engine.get():
        engine.set(rect=(0, frac, 1, 1 - frac))  # keep the panels clear of the note
    text = "\n".join(shown)
    fig.text(0.01, 0.01, text, ha="left", va="bottom", fontsize=7, color="#444444", gid="gap-note")
