"""Arrow columns read as numpy arrays from their buffers: the reference is pyarrow's own
``to_numpy(zero_copy_only=False)`` (nulls as NaN for floats), on arrays with nulls, with
an offset (a slice) and in several chunks."""

from __future__ import annotations

import numpy as np
import pytest

from simeval.io.columns import bool_values, float64_values

pa = pytest.importorskip("pyarrow")

FLOATS = [0.5, None, -2.25, 3.0, None, 1e300, 0.0, 7.5, None, 4.0, 2.5]
BOOLS = [True, False, None, True, True, False, None, False, True, True, False]


def _shapes(values: list, kind) -> list:
    whole = pa.array(values, kind)
    return [
        whole,
        whole.slice(3, 6),  # an offset into the buffers, not a multiple of 8
        pa.array([v for v in values if v is not None], kind),  # no nulls
        pa.chunked_array([whole.slice(0, 5), whole.slice(5)]),
        pa.chunked_array([], kind),
    ]


@pytest.mark.parametrize("shape", range(5))
def test_floats_as_pyarrow_gives_them(shape: int) -> None:
    column = _shapes(FLOATS, pa.float64())[shape]
    expected = np.asarray(column.to_numpy(zero_copy_only=False), dtype=np.float64)
    assert np.array_equal(float64_values(column), expected, equal_nan=True)


@pytest.mark.parametrize("shape", range(5))
def test_booleans_as_pyarrow_gives_them_nulls_false(shape: int) -> None:
    column = _shapes(BOOLS, pa.bool_())[shape]
    expected = [bool(v) for v in column.to_pylist()]  # None → False
    assert bool_values(column).tolist() == expected


def test_a_float_column_without_nulls_is_not_copied() -> None:
    column = pa.array([0.5, 1.5, 2.5])
    values = float64_values(column)
    assert np.shares_memory(values, np.frombuffer(column.buffers()[1], dtype=np.float64))
    assert not values.flags.writeable
