"""predictiveness refuses what it cannot use: no intrinsic measure (it returned []), and a
direction that is not True or False ('yes' was taken as True)."""

from __future__ import annotations

import pytest

from simeval.errors import InputError, InputTypeError
from simeval.meta import predictiveness

INTRINSIC = {"pearson": {"a": 0.5, "b": 0.6, "c": 0.7}}
EXTRINSIC = {"a": 1.0, "b": 2.0, "c": 3.0}


def test_no_intrinsic_measure_is_refused() -> None:
    with pytest.raises(InputError, match="`intrinsic` is empty"):
        predictiveness({}, EXTRINSIC)


def test_a_direction_is_true_or_false() -> None:
    with pytest.raises(InputTypeError, match=r"\['pearson'\] must be True or False; got str"):
        predictiveness(INTRINSIC, EXTRINSIC, higher_is_better={"pearson": "yes"})


def test_a_dataframe_of_intrinsic_measures_is_taken() -> None:
    # `if not intrinsic` asked pandas for a DataFrame's truth value
    import pandas as pd

    table = pd.DataFrame({"pearson": {"a": 0.5, "b": 0.6, "c": 0.7}})
    assert len(predictiveness(table, EXTRINSIC, n_resamples=0)) == 1
