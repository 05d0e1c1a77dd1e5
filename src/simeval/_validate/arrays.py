"""Checks of score vectors: numbers (not text, not integers float64 cannot hold), one
dimension, equal lengths, finite, and the missing-value policy (``nan_policy``)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import InputError, InputTypeError, param
from .values import check_choice, describe

NanPolicy = Literal["raise", "omit"]
NAN_POLICIES = ("raise", "omit")

__all__ = [
    "NAN_POLICIES",
    "NanPolicy",
    "as_float_array",
    "check_labels",
    "check_within",
    "extremes_without_nan",
    "first_outside",
    "paired_scores",
    "paired_systems",
]


def as_float_array(values: ArrayLike, name: str) -> NDArray[np.float64]:
    """``values`` as a 1-D float64 array, or an InputError naming ``name``.

    A scalar, None, a mapping or text raise :class:`~simeval.errors.InputTypeError`
    (numpy would otherwise turn them into a 0-d array or parse them), and so do complex
    numbers, dates and durations; integers beyond 2**53 are refused, as float64 would make
    distinct ones tie. A masked array's masked values are missing (NaN).

    Parameters
    ----------
    values : array_like
        A sequence of numbers.
    name : str
        The parameter's name, for the message.

    Returns
    -------
    numpy.ndarray
        One-dimensional, float64.

    Examples
    --------
    >>> as_float_array([1, 2.5, None], "gold")
    array([1. , 2.5, nan])
    >>> as_float_array([[1, 2]], "gold")
    Traceback (most recent call last):
    simeval.errors.InputError: `gold` must be one-dimensional; got shape (1, 2)
    """
    if values is None or isinstance(values, (str, bytes, Mapping)) or np.isscalar(values):
        raise InputTypeError(f"{param(name)} must be a sequence of numbers, got {describe(values)}")
    if isinstance(values, np.ma.MaskedArray):  # a masked score is a missing one
        values = np.ma.filled(values.astype(np.float64), np.nan)
    if not isinstance(values, np.ndarray):
        try:
            kind = np.asarray(values).dtype.kind
        except (TypeError, ValueError):
            kind = "O"  # ragged: the conversion below names the problem
    else:
        kind = values.dtype.kind
    if kind in "USV":
        raise InputTypeError(f"{param(name)} must be numbers, not text; got {describe(values)}")
    if kind in "mM":  # numpy would read dates and durations as nanosecond counts
        raise InputTypeError(f"{param(name)} must be numbers, not dates or durations")
    if kind in "iu" or kind == "O":
        _check_exact_integers(values, name)
    if kind == "c":  # numpy would drop the imaginary part with a warning
        raise InputTypeError(f"{param(name)} must be real numbers, got complex {describe(values)}")
    try:
        arr = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InputError(f"{param(name)} must be numbers; {exc}") from None
    if arr.ndim != 1:
        raise InputError(f"{param(name)} must be one-dimensional; got shape {arr.shape}")
    return arr


#: Integers beyond this magnitude are not all representable in float64: distinct ones
#: would become ties (2**60 and 2**60 + 1 are the same float).
EXACT_INTEGER = 2**53


def _check_exact_integers(values: ArrayLike, name: str) -> None:
    """Refuse integers that float64 cannot hold exactly (|x| > 2**53): ranked as floats,
    distinct ones would tie and a correlation would come out wrong in silence."""
    arr = np.asarray(values)
    if arr.dtype.kind == "O":  # Python integers beyond int64, or mixed types
        big = [
            v
            for v in arr.ravel()
            if isinstance(v, (int, np.integer))
            and not isinstance(v, bool)
            and abs(int(v)) > EXACT_INTEGER
        ]
    elif arr.size:
        big = [v for v in (arr.max(), arr.min()) if abs(int(v)) > EXACT_INTEGER]
    else:
        big = []
    if big:
        raise InputError(
            f"{param(name)} holds integers beyond 2**53 (e.g. {int(big[0])}), which float64 "
            "cannot tell apart: distinct values would tie; subtract a common offset or rank "
            "them first"
        )


def paired_scores(
    gold: ArrayLike,
    system: ArrayLike,
    *,
    nan_policy: NanPolicy = "raise",
    names: tuple[str, str] = ("gold", "system"),
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Validate a pair of score vectors of equal length (:func:`paired_systems` with one
    system).

    There is deliberately no ``nan_policy="propagate"``: a metric would return an
    unexplained NaN, or worse a number computed with NaN sorted as a value. Infinite
    values are always rejected: no similarity metric is defined on them.

    Parameters
    ----------
    gold, system : array_like
        The two score vectors.
    nan_policy : {"raise", "omit"}, default "raise"
        ``"raise"`` rejects NaN; ``"omit"`` drops every pair where either side is NaN.
    names : tuple of two str, default ("gold", "system")
        The parameters' names, for messages.

    Returns
    -------
    gold, system : numpy.ndarray
        Float64 vectors of equal length, finite.

    Examples
    --------
    >>> g, s = paired_scores([1, 2, 3], [0.5, float("nan"), 0.9], nan_policy="omit")
    >>> g.tolist(), s.tolist()
    ([1.0, 3.0], [0.5, 0.9])
    >>> paired_scores([1, 2, 3], [1, 2])
    Traceback (most recent call last):
    simeval.errors.InputError: `gold` and `system` must have the same length; got 3 and 2
    """
    g, S = paired_systems(gold, {names[1]: system}, nan_policy=nan_policy, gold_name=names[0])
    return g, S[0]


def _labels_of(values: object) -> Any:
    """A pandas object's index (its rows' labels), else None (a list's ``index`` is a
    method)."""
    index = getattr(values, "index", None)
    return None if index is None or callable(index) else index


def check_labels(gold: object, system: object, gold_name: str, name: str) -> None:
    """Refuse two pandas objects whose rows carry different labels: pandas pairs them by
    label (``gold.corr(system)``), numpy by position, and a shuffled system would be
    scored against the wrong gold scores without a word.

    Parameters
    ----------
    gold, system : object
        The scores as given (a pandas Series, a list, an array …).
    gold_name, name : str
        Their parameters' names, for the message.

    Raises
    ------
    InputError
        Both are pandas objects and their indexes differ.

    Examples
    --------
    >>> import pandas as pd
    >>> gold = pd.Series([1.0, 2.0, 3.0], index=["a", "b", "c"])
    >>> check_labels(gold, gold.sort_index(ascending=False), "gold", "system")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    simeval.errors.InputError: `gold` and `system` are pandas objects whose indexes differ: ...
    >>> check_labels(gold, [1.0, 2.0, 3.0], "gold", "system")  # a list: paired by position
    """
    a, b = _labels_of(gold), _labels_of(system)
    if a is None or b is None or a.equals(b):
        return
    raise InputError(
        f"{param(gold_name)} and {param(name)} are pandas objects whose indexes differ: "
        "their rows would be paired by position, not by label; align them first "
        "(system.reindex(gold.index)) or pass .to_numpy() to pair them by position"
    )


def paired_systems(
    gold: ArrayLike,
    systems: Mapping[str, ArrayLike],
    *,
    nan_policy: NanPolicy = "raise",
    gold_name: str = "gold",
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Validate gold and several systems' scores of equal length.

    Infinite scores are rejected. Missing (NaN) scores are an error under
    ``nan_policy="raise"``; under ``"omit"`` the pairs where the gold or *any* system is
    missing are dropped, so that the systems stay paired on the same pairs.

    Parameters
    ----------
    gold : array_like
        The gold scores.
    systems : Mapping[str, array_like]
        Each system's scores, by name.
    nan_policy : {"raise", "omit"}, default "raise"
        What to do with missing scores.
    gold_name : str, default "gold"
        The gold parameter's name, for messages.

    Returns
    -------
    gold : numpy.ndarray
        Shape (pairs,).
    S : numpy.ndarray
        Shape (systems, pairs), in the mapping's order.

    Examples
    --------
    >>> g, S = paired_systems([1, 2, None], {"a": [1, 2, 3], "b": [3, 2, 1]}, nan_policy="omit")
    >>> g.tolist(), S.tolist()
    ([1.0, 2.0], [[1.0, 2.0], [3.0, 2.0]])
    """
    check_choice("nan_policy", nan_policy, NAN_POLICIES)
    g = as_float_array(gold, gold_name)
    S = np.empty((len(systems), g.size))
    for j, (name, values) in enumerate(systems.items()):
        check_labels(gold, values, gold_name, name)
        s = as_float_array(values, name)
        if s.shape != g.shape:
            raise InputError(
                f"{param(gold_name)} and {param(name)} must have the same length; "
                f"got {g.size} and {s.size}"
            )
        S[j] = s
    finite_g, finite_s = np.isfinite(g), np.isfinite(S)
    if finite_g.all() and finite_s.all():  # the common case: one pass per vector
        return g, S
    names = [gold_name, *systems]
    for arr, name in zip([g, *S], names):
        inf = np.isinf(arr)
        if inf.any():
            i = int(np.argmax(inf))
            raise InputError(f"{param(name)} has an infinite value at index {i}; remove or fix it")
    bad = ~(finite_g & finite_s.all(axis=0))
    if nan_policy == "raise":
        i = int(np.argmax(bad))
        which = next(name for arr, name in zip([g, *S], names) if np.isnan(arr[i]))
        raise InputError(
            f"{param(which)} has NaN at index {i} ({int(bad.sum())} pairs in all); "
            f"pass {param('nan_policy', 'omit')} to drop them"
        )
    return g[~bad], S[:, ~bad]


def check_within(
    values: NDArray[np.float64], scale: tuple[float, float], what: str, source: str = "declared"
) -> None:
    """Raise an InputError naming the first value of ``values`` outside ``scale`` (NaN is
    not outside: missing values are the caller's ``nan_policy``).

    Parameters
    ----------
    values : numpy.ndarray
        The scores.
    scale : tuple of two floats
        The declared ``(lo, hi)``, both ends inside.
    what : str
        Whose values they are, for the message ("gold", "system 'bert'").
    source : str, default "declared"
        Where the scale comes from, for the message (``"STS default"``: a convention).

    Examples
    --------
    >>> check_within(np.array([0.0, 5.0, np.nan]), (0.0, 5.0), "gold")
    >>> check_within(np.array([0.0, 5.5]), (0.0, 5.0), "gold")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    simeval.errors.InputError: gold value 5.5 at index 1 is outside the declared scale [0, 5] ...
    """
    found = first_outside(values, scale)
    if found is not None:
        i, count = found
        raise InputError(
            f"{what} value {values[i]:g} at index {i} is outside the {source} scale "
            f"[{scale[0]:g}, {scale[1]:g}] ({count} values in all); fix the scale "
            "or the data"
        )


def extremes_without_nan(values: NDArray[np.float64]) -> tuple[float, float]:
    """The smallest and largest value with NaN left out (``np.fmin``/``np.fmax``, which
    skip it: no NaN-free copy is made); NaN for an empty or all-NaN vector.

    Parameters
    ----------
    values : numpy.ndarray
        The scores.

    Returns
    -------
    (float, float)

    Examples
    --------
    >>> extremes_without_nan(np.array([2.0, np.nan, -1.0]))
    (-1.0, 2.0)
    """
    if not values.size:
        return math.nan, math.nan
    return float(np.fmin.reduce(values)), float(np.fmax.reduce(values))


def first_outside(
    values: NDArray[np.float64], scale: tuple[float, float]
) -> tuple[int, int] | None:
    """``(index of the first value outside scale, how many are)``, or None when every
    value lies in ``[lo, hi]`` (NaN is not outside). The one test of "off the scale"
    behind :func:`check_within` and the command line's table checks.

    Parameters
    ----------
    values : numpy.ndarray
        The scores.
    scale : tuple of two floats
        ``(lo, hi)``, both ends inside.

    Returns
    -------
    tuple of two int, or None

    Examples
    --------
    >>> first_outside(np.array([1.0, 7.0, np.nan, -1.0]), (0.0, 5.0))
    (1, 2)
    >>> first_outside(np.array([0.0, 5.0]), (0.0, 5.0)) is None
    True
    """
    lo, hi = extremes_without_nan(values)
    if not values.size or (lo >= scale[0] and hi <= scale[1]):
        return None  # the extremes are inside: no n-long mask is made
    off = (values < scale[0]) | (values > scale[1])
    return (int(np.argmax(off)), int(off.sum())) if off.any() else None
