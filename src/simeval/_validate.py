"""Turn user input into clean float arrays, or raise :class:`~simeval.errors.InputError`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .errors import InputError

NanPolicy = Literal["raise", "omit"]
NAN_POLICIES = ("raise", "omit")

__all__ = [
    "NanPolicy",
    "as_float_array",
    "check_int",
    "check_probability",
    "check_scale",
    "paired_scores",
]


def as_float_array(values: ArrayLike, name: str) -> NDArray[np.float64]:
    """Return ``values`` as a 1-D float64 array; raise InputError naming ``name`` otherwise."""
    try:
        arr = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InputError(f"`{name}` must be numbers; {exc}") from None
    if arr.ndim != 1:
        raise InputError(f"`{name}` must be one-dimensional; got shape {arr.shape}")
    return arr


def paired_scores(
    gold: ArrayLike,
    system: ArrayLike,
    *,
    nan_policy: NanPolicy = "raise",
    names: tuple[str, str] = ("gold", "system"),
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Validate a pair of score vectors of equal length.

    ``nan_policy``: ``"raise"`` (default) rejects NaN; ``"omit"`` drops every pair where
    either side is NaN. There is deliberately no ``"propagate"``: a metric would return an
    unexplained NaN, or worse a number computed with NaN sorted as a value. Infinite
    values are always rejected: no similarity metric is defined on them.
    """
    g = as_float_array(gold, names[0])
    s = as_float_array(system, names[1])
    if g.shape != s.shape:
        raise InputError(
            f"`{names[0]}` and `{names[1]}` must have the same length; got {g.size} and {s.size}"
        )
    if nan_policy not in NAN_POLICIES:
        raise InputError(f"nan_policy must be one of {NAN_POLICIES}; got {nan_policy!r}")
    finite_g, finite_s = np.isfinite(g), np.isfinite(s)
    if finite_g.all() and finite_s.all():  # the common case: one pass per vector
        return g, s
    for arr, name in ((g, names[0]), (s, names[1])):
        inf = np.isinf(arr)
        if inf.any():
            i = int(np.argmax(inf))
            raise InputError(f"`{name}` has an infinite value at index {i}; remove or fix it")
    bad = ~(finite_g & finite_s)
    if bad.any():
        if nan_policy == "raise":
            i = int(np.argmax(bad))
            which = names[0] if np.isnan(g[i]) else names[1]
            raise InputError(
                f"`{which}` has NaN at index {i} ({int(bad.sum())} pairs in all); "
                "pass nan_policy='omit' to drop them"
            )
        g, s = g[~bad], s[~bad]
    return g, s


def check_scale(scale: Sequence[float] | None, name: str = "scale") -> tuple[float, float] | None:
    """Validate a declared ``(lo, hi)`` range with ``lo < hi``, both finite."""
    if scale is None:
        return None
    try:
        lo, hi = (float(v) for v in scale)
    except (TypeError, ValueError):
        raise InputError(f"`{name}` must be two numbers (lo, hi); got {scale!r}") from None
    if not (np.isfinite(lo) and np.isfinite(hi) and lo < hi):
        raise InputError(f"`{name}` must satisfy lo < hi, both finite; got ({lo}, {hi})")
    return lo, hi


def check_int(value: object, name: str, minimum: int = 1) -> int:
    """``value`` as an int, or InputError: a whole number (not a bool, not ``5.0``) ≥
    ``minimum``. One rule for every count of simeval: k, folds, resamples, bin sizes.

    >>> check_int(3, "k")
    3
    """
    if (
        isinstance(value, (bool, np.bool_))
        or not isinstance(value, (int, np.integer))
        or value < minimum
    ):
        raise InputError(f"`{name}` must be a whole number ≥ {minimum}; got {value!r}")
    return int(value)


def check_probability(value: float, name: str) -> float:
    """``value`` as a float strictly between 0 and 1 (a confidence level, an alpha)."""
    v = float(value)
    if not 0.0 < v < 1.0:
        raise InputError(f"{name} must be in (0, 1); got {value!r}")
    return v
