"""Paraphrase inputs of the wrong shape are named (were a ValueError from tuple unpacking,
and a text read as a list of one-letter paraphrases)."""

from __future__ import annotations

import pytest

import simeval.paraphrase as para
from simeval.errors import InputError, InputTypeError


@pytest.mark.parametrize("item", [("a b",), "slain", ("a", 1, 2)])
def test_a_pattern_that_is_no_pair_is_named(item) -> None:
    with pytest.raises(InputError, match=r"source 'killed' of set 'set', rank 1: give"):
        para.ep({"killed": [item]}, k=1)


def test_a_text_is_no_list_of_paraphrases() -> None:
    with pytest.raises(InputTypeError, match=r"got the text 'shot' \(give \['shot'\]\)"):
        para.diversity("killed", "shot")


def test_numpy_records_are_pairs() -> None:
    import pandas as pd

    # numpy records were refused as "no (paraphrase, quality) pair"; EP@2 = (1 + 0)/2
    rows = pd.DataFrame({"p": ["killing", "slain"], "q": [1, 0]}).to_records(index=False)
    assert para.ep({"killed": rows}, k=2).statistic == 0.5
