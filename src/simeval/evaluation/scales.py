"""Whether a system's scores are on the gold scale."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

__all__ = ["scale_warning"]


def scale_warning(
    name: str,
    scores: NDArray[np.float64],
    scale: tuple[float, float] | None,
    extremes: tuple[float, float] | None = None,
) -> str | None:
    """A message when a system's scores are unlikely to be on the gold scale: some lie
    outside it, or they all fall within a fifth of it (cosine similarities against STS's
    0–5, say). The error and threshold measures would then judge the scale, not the
    system; ``system_scale`` maps the scores onto the gold scale. ``extremes``: the
    smallest and largest score, when known."""
    if scale is None or scores.size < 2:
        return None
    lo, hi = scale
    s_lo, s_hi = extremes if extremes is not None else (float(scores.min()), float(scores.max()))
    outside = s_lo < lo or s_hi > hi
    narrow = (s_hi - s_lo) < 0.2 * (hi - lo)
    if not (outside or narrow):
        return None
    why = "lie outside" if outside else "cover less than a fifth of"
    return (
        f"system {name!r}: its scores ({s_lo:g}–{s_hi:g}) {why} the gold scale {lo:g}–{hi:g}; "
        "if they are on another scale, declare it (--system-scale LO HI, or "
        f"--system-scale {name}=LO,HI), or the error and low/high measures judge the scale"
    )
