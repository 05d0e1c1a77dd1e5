"""``top1_detection`` checks its relevance masks itself (0/1 or booleans)."""

from __future__ import annotations

import pytest

from simeval.errors import InputError
from simeval.meta.extrinsic import top1_detection


def test_relevance_must_be_zero_one_or_boolean() -> None:
    # by hand: query 0's top candidate (0.9) is related, query 1's (0.8) is not → 1/2
    assert top1_detection([[0.9, 0.1], [0.2, 0.8]], [[True, False], [1, 0]]).statistic == 0.5
    with pytest.raises(InputError, match=r"query 1: relevance must be 0/1 or True/False; got 2$"):
        top1_detection([[0.9, 0.1], [0.2, 0.8]], [[1, 0], [2, 0]])
