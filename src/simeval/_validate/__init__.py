"""Turn user input into clean values and float arrays, or raise
:class:`~simeval.errors.InputError` naming the parameter and echoing the bad value.

Two modules: :mod:`~simeval._validate.values` checks one value (a number, a count, a
choice, a scale, a seed); :mod:`~simeval._validate.arrays` checks score vectors (numbers,
one dimension, equal lengths, the missing-value policy).
"""

from __future__ import annotations

from .arrays import (
    NAN_POLICIES,
    NanPolicy,
    as_float_array,
    check_labels,
    check_within,
    extremes_without_nan,
    first_outside,
    paired_scores,
    paired_systems,
)
from .values import (
    check_bool,
    check_choice,
    check_int,
    check_mapping,
    check_probability,
    check_real,
    check_scale,
    describe,
    rng_of,
)

__all__ = [
    "NAN_POLICIES",
    "NanPolicy",
    "as_float_array",
    "check_bool",
    "check_choice",
    "check_int",
    "check_labels",
    "check_mapping",
    "check_probability",
    "check_real",
    "check_scale",
    "check_within",
    "describe",
    "extremes_without_nan",
    "first_outside",
    "paired_scores",
    "paired_systems",
    "rng_of",
]
