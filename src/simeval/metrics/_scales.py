"""Moving scores between scales: the linear map of system scores onto the gold scale,
and the [0, 1] normalizations of Atoum & Ayyagari 2019 (Tables 5–7)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from .._validate import check_scale
from ..errors import InputError

if TYPE_CHECKING:
    from ..options import Normalize

__all__ = ["map_linear", "minmax_onto_gold", "normalize_pair"]


def map_linear(
    values: NDArray[np.float64],
    source: Sequence[float] | None,
    target: Sequence[float] | None,
) -> NDArray[np.float64]:
    """Map ``values`` linearly from the range ``source`` onto ``target``:
    ``t_lo + (v − s_lo)·(t_hi − t_lo)/(s_hi − s_lo)``. Identity when either is None.

    The bin measures of Reimers, Beyer & Gurevych (2016) compare system and gold scores
    with the same borders (1.5 and 3.5), which "requires that the minimal and maximal
    value of the STS systems is known and that there is a linear relationship" with the
    gold: a cosine in [−1, 1] is mapped onto STS's [0, 5] this way.

    Parameters
    ----------
    values : numpy.ndarray
        Scores on ``source``.
    source : (lo, hi) or None
        Their declared range (``system_scale``).
    target : (lo, hi) or None
        The range to map onto (the gold ``scale``).

    Returns
    -------
    numpy.ndarray

    Examples
    --------
    >>> map_linear(np.array([-1.0, 0.0, 1.0]), (-1, 1), (0, 5)).tolist()
    [0.0, 2.5, 5.0]
    """
    src = check_scale(source, "system_scale")
    dst = check_scale(target, "scale")
    if src is None or dst is None:
        return values
    return dst[0] + (values - src[0]) * ((dst[1] - dst[0]) / (src[1] - src[0]))


def _gold_range(g: NDArray[np.float64]) -> tuple[float, float]:
    """The gold scores' observed range, the map of ``normalize="minmax"``."""
    glo, ghi = float(g.min()), float(g.max())
    if glo == ghi:
        raise InputError(
            "normalize='minmax': the gold scores are constant; declare the "
            "scales and use normalize='scale'"
        )
    return glo, ghi


def minmax_onto_gold(s: NDArray[np.float64], g: NDArray[np.float64]) -> NDArray[np.float64]:
    r"""The system's observed range mapped linearly onto the gold's, the map that
    ``normalize="minmax"`` makes of each system (Atoum & Ayyagari 2019, Tables 5–7, bring
    each side to [0, 1] by its own range):

    .. math:: s'_j = g_{min} + (s_j - s_{min})\,\frac{g_{max} - g_{min}}{s_{max} - s_{min}}

    so that the error measures, which normalize both sides by their ranges, read the same
    values from ``s'`` as from ``s``, and the low/high measures compare ``s'`` with the
    borders on the gold scale. A constant system lands on ``g_min`` (all 0 once
    normalized, as :func:`normalize_pair` makes it); constant or no gold scores have no
    range to map onto, and ``s`` itself is returned.

    Parameters
    ----------
    s, g : numpy.ndarray
        System and gold scores of the same pairs (no NaN).

    Returns
    -------
    numpy.ndarray

    Examples
    --------
    >>> minmax_onto_gold(np.array([0.2, 0.4, 0.6]), np.array([1.0, 5.0, 2.0])).tolist()
    [1.0, 3.0, 5.0]
    """
    glo, ghi = (float(g.min()), float(g.max())) if g.size else (0.0, 0.0)
    if s.size == 0 or glo == ghi:
        return s
    slo, shi = float(s.min()), float(s.max())
    if shi == slo:
        return np.full_like(s, glo)
    out = glo + (s - slo) * ((ghi - glo) / (shi - slo))
    return np.clip(out, glo, ghi, out=out)  # rounding must not leave the gold's range


def _unit(values: NDArray[np.float64], lo: float, hi: float) -> NDArray[np.float64]:
    return (values - lo) / (hi - lo)


def normalize_pair(
    g: NDArray[np.float64],
    s: NDArray[np.float64],
    normalize: Normalize,
    scale: Sequence[float] | None = None,
    system_scale: Sequence[float] | None = None,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Bring gold and system scores to [0, 1] as Atoum & Ayyagari 2019 does before computing errors.

    ``"scale"`` divides by the declared ranges (``system_scale`` defaults to ``scale``: the
    system is taken to be on the gold scale); ``"minmax"`` by each vector's observed range.
    ``None`` returns the scores unchanged (after the ``system_scale`` → ``scale`` map).
    A constant system under ``"minmax"`` becomes all 0 (its scaled errors are then
    infinite and NMSSE = 1, as Atoum & Ayyagari 2019 state).

    Parameters
    ----------
    g, s : numpy.ndarray
        Gold and system scores.
    normalize : {"scale", "minmax"} or None
        The normalization.
    scale : (lo, hi), optional
        The declared gold scale (needed by ``"scale"``).
    system_scale : (lo, hi), optional
        The declared system scale.

    Returns
    -------
    g, s : numpy.ndarray

    Examples
    --------
    >>> g, s = normalize_pair(np.array([1.0, 2, 3]), np.array([10.0, 20, 40]), "minmax")
    >>> g.tolist(), s.round(4).tolist()
    ([0.0, 0.5, 1.0], [0.0, 0.3333, 1.0])
    >>> normalize_pair(np.array([0.0, 5]), np.array([-1.0, 1]), "scale", (0, 5), (-1, 1))
    (array([0., 1.]), array([0., 1.]))
    """
    if normalize is None:
        return g, map_linear(s, system_scale, scale)
    if normalize == "scale":
        gs = check_scale(scale)
        if gs is None:
            raise InputError("normalize='scale' needs the declared gold `scale` (lo, hi)")
        ss = check_scale(system_scale, "system_scale") or gs
        return _unit(g, *gs), _unit(s, *ss)
    if normalize == "minmax":
        glo, ghi = _gold_range(g)
        slo, shi = float(s.min()), float(s.max())
        # A constant system stays constant (all 0): its scaled errors are then +inf and
        # NMSSE = 1, as Atoum & Ayyagari 2019 says, instead of a division by zero.
        return _unit(g, glo, ghi), (_unit(s, slo, shi) if shi > slo else s - slo)
    raise InputError(f"normalize must be None, 'scale' or 'minmax'; got {normalize!r}")
