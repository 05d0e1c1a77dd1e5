"""nCG/nDCG whose gains sum beyond the largest float: undefined with the reason, and no
numpy overflow warning (it was NaN without a reason, and 'overflow encountered')."""

from __future__ import annotations

import math
import warnings

import pytest

import simeval as se


@pytest.mark.parametrize("fn", [se.ndcg, se.ncg])
def test_gains_beyond_the_float_range_are_undefined_with_a_reason(fn) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        warnings.simplefilter("ignore", se.UndefinedMetricWarning)
        res = fn([1e308, 1e308, 1e308, 0.0], [1, 2, 3, 4])
    assert math.isnan(res.statistic) and "exceeds the largest float" in res.reason
