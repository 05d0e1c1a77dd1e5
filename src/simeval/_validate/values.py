"""Checks of one value: a real number, a flag, a choice, a mapping of names, a count, a
probability, a declared scale, a random seed. Each returns the clean value or raises an
:class:`~simeval.errors.InputError` (a ``ValueError``) or
:class:`~simeval.errors.InputTypeError` (a ``TypeError``) naming the parameter."""

from __future__ import annotations

import math
import reprlib
from collections.abc import Collection, Mapping, Sequence
from typing import Any, TypeVar

import numpy as np

from ..errors import InputError, InputTypeError, param

__all__ = [
    "check_bool",
    "check_choice",
    "check_int",
    "check_mapping",
    "check_probability",
    "check_real",
    "check_scale",
    "describe",
    "rng_of",
]

T = TypeVar("T")

_short = reprlib.Repr()
_short.maxstring = 40
_short.maxother = 40
_short.maxlist = _short.maxtuple = _short.maxdict = 4


def describe(value: object) -> str:
    """``value``'s type and a short repr, for messages: ``int 3``, ``str '3.5'``.

    Parameters
    ----------
    value : object
        Anything a user passed.

    Returns
    -------
    str
        The type's name and a repr cut to 40 characters (4 items of a container).

    Examples
    --------
    >>> describe("3.5"), describe([1, 2, 3, 4, 5, 6])
    ("str '3.5'", 'list [1, 2, 3, 4, ...]')
    """
    return f"{type(value).__name__} {_short.repr(value)}"


def check_real(name: str, value: object, *, finite: bool = True) -> float:
    """``value`` as a float, or an error naming ``name`` and echoing the value.

    Accepts Python and numpy integers and floats (and 0-d numeric arrays); rejects bools,
    strings, None and containers with :class:`~simeval.errors.InputTypeError`, and NaN —
    and ±inf unless ``finite=False`` — with :class:`~simeval.errors.InputError`.

    Parameters
    ----------
    name : str
        The parameter's name, for the message.
    value : object
        The value to check.
    finite : bool, default True
        Whether ±inf is refused too.

    Returns
    -------
    float

    Examples
    --------
    >>> check_real("border", 3)
    3.0
    >>> check_real("border", "3")
    Traceback (most recent call last):
    simeval.errors.InputTypeError: `border` must be a real number, got str '3'
    """
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    if isinstance(value, (bool, np.bool_)) or not isinstance(
        value, (int, float, np.integer, np.floating)
    ):
        raise InputTypeError(f"{param(name)} must be a real number, got {describe(value)}")
    v = float(value)
    if math.isnan(v) or (finite and math.isinf(v)):
        raise InputError(f"{param(name)} must be a finite number, got {v!r}")
    return v


def check_bool(name: str, value: object) -> bool:
    """``value`` if it is a bool (or numpy bool); else
    :class:`~simeval.errors.InputTypeError` — a string such as ``"no"`` would otherwise
    count as true.

    Parameters
    ----------
    name : str
        The parameter's name, for the message.
    value : object
        The value to check.

    Returns
    -------
    bool

    Examples
    --------
    >>> check_bool("skip_undefined", np.True_)
    True
    """
    if not isinstance(value, (bool, np.bool_)):
        raise InputTypeError(f"{param(name)} must be True or False, got {describe(value)}")
    return bool(value)


def check_choice(name: str, value: T, choices: Collection[T]) -> T:
    """``value`` if it is one of ``choices``; else an InputError listing them.

    Parameters
    ----------
    name : str
        The parameter's name, for the message.
    value : object
        The value to check (an unhashable one is simply not a choice).
    choices : collection
        The accepted values.

    Returns
    -------
    object
        ``value`` itself.

    Examples
    --------
    >>> check_choice("average", "fisher_z", ("arithmetic", "fisher_z"))
    'fisher_z'
    >>> check_choice("average", "median", ("arithmetic", "fisher_z"))
    Traceback (most recent call last):
    simeval.errors.InputError: `average` must be one of 'arithmetic', 'fisher_z'; got str 'median'
    """
    try:
        ok = value in choices
    except TypeError:  # an unhashable value tested against a set
        ok = False
    if not ok:
        options = ", ".join(repr(c) for c in choices)
        raise InputError(f"{param(name)} must be one of {options}; got {describe(value)}")
    return value


def check_mapping(name: str, value: object, *, what: str = "name → scores") -> Mapping[str, Any]:
    """``value`` if it is a mapping with string keys; else
    :class:`~simeval.errors.InputTypeError`.

    Parameters
    ----------
    name : str
        The parameter's name, for the message.
    value : object
        The value to check.
    what : str, default "name → scores"
        The expected entries, for the message.

    Returns
    -------
    Mapping[str, Any]
        ``value`` itself.

    Examples
    --------
    >>> check_mapping("systems", {"bert": [0.1, 0.2]})
    {'bert': [0.1, 0.2]}
    """
    if not isinstance(value, Mapping):
        raise InputTypeError(
            f"{param(name)} must be a mapping {what} (e.g. {{'my-system': scores}}), "
            f"got {describe(value)}"
        )
    for key in value:
        if not isinstance(key, str):
            raise InputTypeError(
                f"{param(name)}: every key must be a name (str), got {describe(key)}"
            )
    return value


def check_scale(scale: Sequence[float] | None, name: str = "scale") -> tuple[float, float] | None:
    """Validate a declared ``(lo, hi)`` range with ``lo < hi``, both finite.

    Parameters
    ----------
    scale : sequence of two floats, or None
        The range; None (no declared scale) passes through.
    name : str, default "scale"
        The parameter's name, for the message.

    Returns
    -------
    tuple of two floats, or None

    Examples
    --------
    >>> check_scale([0, 5])
    (0.0, 5.0)
    >>> check_scale((5, 0), "gold_scale")
    Traceback (most recent call last):
    simeval.errors.InputError: `gold_scale` must satisfy lo < hi, both finite; got (5.0, 0.0)
    """
    if scale is None:
        return None
    try:
        values = list(scale)
        if len(values) != 2 or any(isinstance(v, (bool, np.bool_, str, bytes)) for v in values):
            raise ValueError  # text and bools are no numbers here, as nowhere in simeval
        lo, hi = (float(v) for v in values)  # numbers, 0-d arrays, Fractions, Decimals
    except (TypeError, ValueError):
        raise InputError(f"{param(name)} must be two numbers (lo, hi); got {scale!r}") from None
    if not (np.isfinite(lo) and np.isfinite(hi) and lo < hi):
        raise InputError(f"{param(name)} must satisfy lo < hi, both finite; got ({lo}, {hi})")
    return lo, hi


def check_int(value: object, name: str, minimum: int = 1) -> int:
    """``value`` as an int, or InputError: a whole number (not a bool, not ``5.0``) ≥
    ``minimum``. One rule for every count of simeval: k, folds, resamples, bin sizes.

    Parameters
    ----------
    value : object
        The value to check.
    name : str
        The parameter's name, for the message.
    minimum : int, default 1
        The smallest accepted value.

    Returns
    -------
    int

    Examples
    --------
    >>> check_int(np.int64(3), "k")
    3
    >>> check_int(5.0, "folds", minimum=2)
    Traceback (most recent call last):
    simeval.errors.InputError: `folds` must be a whole number ≥ 2; got 5.0
    """
    if (
        isinstance(value, (bool, np.bool_))
        or not isinstance(value, (int, np.integer))
        or value < minimum
    ):
        raise InputError(f"{param(name)} must be a whole number ≥ {minimum}; got {value!r}")
    return int(value)


def check_probability(value: float, name: str) -> float:
    """``value`` as a float strictly between 0 and 1 (a confidence level, an alpha).

    Parameters
    ----------
    value : float
        The value to check (see :func:`check_real` for the accepted types).
    name : str
        The parameter's name, for the message.

    Returns
    -------
    float

    Examples
    --------
    >>> check_probability(0.95, "confidence_level")
    0.95
    >>> check_probability(1, "alpha")
    Traceback (most recent call last):
    simeval.errors.InputError: `alpha` must be in (0, 1); got 1
    """
    v = check_real(name, value)
    if not 0.0 < v < 1.0:
        raise InputError(f"{param(name)} must be in (0, 1); got {value!r}")
    return v


def rng_of(seed: object, name: str = "seed") -> np.random.Generator:
    """A generator from ``seed``: None (fresh entropy), a ``numpy.random.Generator``, or a
    whole number ≥ 0 (0 is a seed like any other); anything else is an error naming it.

    Parameters
    ----------
    seed : None, int or numpy.random.Generator
        The seed; a generator is returned as it is (not copied).
    name : str, default "seed"
        The parameter's name, for the message.

    Returns
    -------
    numpy.random.Generator

    Examples
    --------
    >>> float(rng_of(0).random()) == float(np.random.default_rng(0).random())
    True
    >>> rng_of(-1)
    Traceback (most recent call last):
    simeval.errors.InputError: `seed` must be ≥ 0; got -1
    """
    if seed is None or isinstance(seed, np.random.Generator):
        return np.random.default_rng(seed)
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise InputTypeError(
            f"{param(name)} must be a whole number ≥ 0 or None, got {describe(seed)}"
        )
    if seed < 0:
        raise InputError(f"{param(name)} must be ≥ 0; got {seed}")
    return np.random.default_rng(int(seed))
