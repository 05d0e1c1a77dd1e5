"""Whether a system's scores are on the gold scale, and what the reports say when a system
off the scale is measured uncalibrated."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ..metrics.gold_scale import off_scale_reason

__all__ = ["scale_warning"]


def scale_warning(
    name: str,
    scores: NDArray[np.float64],
    scale: tuple[float, float] | None,
    extremes: tuple[float, float] | None = None,
    system_scale: tuple[float, float] | None = None,
    declared: bool = True,
) -> str | None:
    """A message when a system off the gold scale (:func:`~simeval.metrics.gold_scale.
    off_scale_reason`) is measured without calibration (``calibrate="none"``): the error
    and low/high measures then judge its scale, not the system.

    Parameters
    ----------
    name : str
        The system's name.
    scores : numpy.ndarray
        Its scores.
    scale : (float, float) or None
        The gold scale.
    extremes : (float, float), optional
        The scores' smallest and largest value, when known.
    system_scale : (float, float), optional
        The scale the system declares.
    declared : bool, default True
        Whether the gold scale was declared (not the gold scores' observed range).

    Returns
    -------
    str or None
        The message, or None for a system on the gold scale.

    Examples
    --------
    Scores from 1 to 4 are on the scale 0–5; scores from 0.6 to 0.7 cover less than a third
    of it:

    >>> scale_warning("sys", np.array([1.0, 4.0]), (0.0, 5.0)) is None
    True
    >>> scale_warning("cos", np.array([0.6, 0.65, 0.7]), (0.0, 5.0))  # doctest: +ELLIPSIS
    "system 'cos': its scores (0.6–0.7) cover less than a third of the gold scale 0–5; ...
    """
    why = off_scale_reason(scores, scale, system_scale, extremes, declared=declared)
    if why is None:
        return None
    return (
        f"system {name!r}: {why}; measured uncalibrated, so the error and low/high "
        "measures judge its scale, not the system"
    )
