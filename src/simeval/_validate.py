"""Turn user input into clean float arrays, or raise :class:`~simeval.errors.InputError`."""

from __future__ import annotations

import math
import reprlib
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Literal, TypeVar

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .errors import InputError, InputTypeError, param

NanPolicy = Literal["raise", "omit"]
NAN_POLICIES = ("raise", "omit")

__all__ = [
    "NanPolicy",
    "as_float_array",
    "check_bool",
    "check_choice",
    "check_int",
    "check_mapping",
    "check_probability",
    "check_real",
    "check_scale",
    "check_within",
    "describe",
    "paired_scores",
    "paired_systems",
    "rng_of",
]

T = TypeVar("T")

_short = reprlib.Repr()
_short.maxstring = 40
_short.maxother = 40
_short.maxlist = _short.maxtuple = _short.maxdict = 4


def describe(value: object) -> str:
    """``value``'s type and a short repr, for messages: ``int 3``, ``str '3.5'``.

    >>> describe("3.5"), describe([1, 2, 3, 4, 5, 6])
    ("str '3.5'", 'list [1, 2, 3, 4, ...]')
    """
    return f"{type(value).__name__} {_short.repr(value)}"


def check_real(name: str, value: object, *, finite: bool = True) -> float:
    """``value`` as a float, or an error naming ``name`` and echoing the value.

    Accepts Python and numpy integers and floats (and 0-d numeric arrays); rejects bools,
    strings, None and containers with :class:`~simeval.errors.InputTypeError` (a
    ``TypeError``), and NaN — and ±inf unless ``finite=False`` — with
    :class:`~simeval.errors.InputError` (a ``ValueError``).

    >>> check_real("border", 3)
    3.0
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
    """``value`` if it is a bool (or numpy bool); else :class:`InputTypeError` — a string
    such as ``"no"`` would otherwise count as true.

    >>> check_bool("skip_undefined", True)
    True
    """
    if not isinstance(value, (bool, np.bool_)):
        raise InputTypeError(f"{param(name)} must be True or False, got {describe(value)}")
    return bool(value)


def check_choice(name: str, value: T, choices: Collection[T]) -> T:
    """``value`` if it is one of ``choices``; else InputError listing them.

    >>> check_choice("average", "fisher_z", ("arithmetic", "fisher_z"))
    'fisher_z'
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
    """``value`` if it is a mapping with string keys; else :class:`InputTypeError`
    (``TypeError``). ``what`` describes the expected entries in the message.

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


def as_float_array(values: ArrayLike, name: str) -> NDArray[np.float64]:
    """Return ``values`` as a 1-D float64 array; raise InputError naming ``name`` otherwise
    (:class:`InputTypeError` for a scalar, None, a mapping or text, which numpy would
    otherwise turn into a 0-d NaN or parse)."""
    if values is None or isinstance(values, (str, bytes, Mapping)) or np.isscalar(values):
        raise InputTypeError(f"{param(name)} must be a sequence of numbers, got {describe(values)}")
    if not isinstance(values, np.ndarray):
        try:
            kind = np.asarray(values).dtype.kind
        except (TypeError, ValueError):
            kind = "O"  # ragged: the conversion below names the problem
    else:
        kind = values.dtype.kind
    if kind in "USV":
        raise InputTypeError(f"{param(name)} must be numbers, not text; got {describe(values)}")
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

    ``nan_policy``: ``"raise"`` (default) rejects NaN; ``"omit"`` drops every pair where
    either side is NaN. There is deliberately no ``"propagate"``: a metric would return an
    unexplained NaN, or worse a number computed with NaN sorted as a value. Infinite
    values are always rejected: no similarity metric is defined on them.
    """
    g, S = paired_systems(gold, {names[1]: system}, nan_policy=nan_policy, gold_name=names[0])
    return g, S[0]


def paired_systems(
    gold: ArrayLike,
    systems: Mapping[str, ArrayLike],
    *,
    nan_policy: NanPolicy = "raise",
    gold_name: str = "gold",
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Validate gold and several systems' scores of equal length; return ``(gold, S)``
    with ``S`` of shape (systems, pairs), in the mapping's order.

    Infinite scores are rejected. Missing (NaN) scores are an error under
    ``nan_policy="raise"``; under ``"omit"`` the pairs where the gold or *any* system is
    missing are dropped, so that the systems stay paired on the same pairs.

    >>> g, S = paired_systems([1, 2, None], {"a": [1, 2, 3], "b": [3, 2, 1]}, nan_policy="omit")
    >>> g.tolist(), S.tolist()
    ([1.0, 2.0], [[1.0, 2.0], [3.0, 2.0]])
    """
    check_choice("nan_policy", nan_policy, NAN_POLICIES)
    g = as_float_array(gold, gold_name)
    S = np.empty((len(systems), g.size))
    for j, (name, values) in enumerate(systems.items()):
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


def check_scale(scale: Sequence[float] | None, name: str = "scale") -> tuple[float, float] | None:
    """Validate a declared ``(lo, hi)`` range with ``lo < hi``, both finite."""
    if scale is None:
        return None
    try:
        lo, hi = (float(v) for v in scale)
    except (TypeError, ValueError):
        raise InputError(f"{param(name)} must be two numbers (lo, hi); got {scale!r}") from None
    if not (np.isfinite(lo) and np.isfinite(hi) and lo < hi):
        raise InputError(f"{param(name)} must satisfy lo < hi, both finite; got ({lo}, {hi})")
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
        raise InputError(f"{param(name)} must be a whole number ≥ {minimum}; got {value!r}")
    return int(value)


def check_probability(value: float, name: str) -> float:
    """``value`` as a float strictly between 0 and 1 (a confidence level, an alpha)."""
    v = check_real(name, value)
    if not 0.0 < v < 1.0:
        raise InputError(f"{param(name)} must be in (0, 1); got {value!r}")
    return v


def check_within(values: NDArray[np.float64], scale: tuple[float, float], what: str) -> None:
    """Raise InputError naming the first value of ``values`` outside ``scale`` (NaN is
    not outside: missing values are the caller's ``nan_policy``)."""
    off = (values < scale[0]) | (values > scale[1])
    if off.any():
        i = int(np.argmax(off))
        raise InputError(
            f"{what} value {values[i]:g} at index {i} is outside the declared scale "
            f"[{scale[0]:g}, {scale[1]:g}] ({int(off.sum())} values in all); fix the scale "
            "or the data"
        )


def rng_of(seed: object, name: str = "seed") -> np.random.Generator:
    """A generator from ``seed``: None (fresh entropy), a ``numpy.random.Generator``, or a
    whole number ≥ 0 (0 is a seed like any other); anything else is an error naming it.

    >>> float(rng_of(0).random()) == float(np.random.default_rng(0).random())
    True
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
