"""The options of a word-similarity evaluation are checked together, once, for the
library and the command line alike (:class:`simeval.wordsim.options.WordsimOptions`)."""

from __future__ import annotations

import numpy as np
import pytest

from simeval.vectors.read import Vectors

WORDS = [f"w{i}" for i in range(12)]
MATRIX = np.random.default_rng(0).normal(size=(12, 5))
W1, W2 = WORDS[:6], WORDS[6:]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"p": 3.0}, r"`p` is the exponent of method='minkowski' and has no effect"),
        ({"method": "euclidean", "similarity": True}, r"`similarity` applies to method='cosine'"),
        ({"avg_method": "harmonic"}, r"`avg_method` applies with rank='avg' only"),
    ],
)
def test_an_option_without_effect_is_refused_by_the_library(options, message) -> None:
    # evaluate() ignored them where the command line refused them: the same call gave
    # an error on the command line and a number in Python
    from simeval.errors import InputError
    from simeval.wordsim.evaluation import evaluate

    pairs = [(W1[i], W2[i], float(i)) for i in range(6)]
    with pytest.raises(InputError, match=message):
        evaluate(pairs, Vectors(WORDS, MATRIX), **options)


def test_a_dist_fnc_that_gives_nan_is_named() -> None:
    # was blamed on "an all-zero vector" of the model
    from simeval.errors import DataError
    from simeval.wordsim.evaluation import evaluate

    pairs = [(W1[i], W2[i], float(i)) for i in range(6)]
    with pytest.raises(DataError, match=r"dist_fnc gave NaN for pair 1"):
        evaluate(pairs, Vectors(WORDS, MATRIX), dist_fnc=lambda a, b, v: [np.nan] * len(a))
