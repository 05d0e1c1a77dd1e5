"""A word-vector model beside the human ceiling of a word-similarity set: its ρ, the raters'
agreement (IAA-1, IAA-2, split-half) and whether it agrees with the raters better than an
average single rater (:func:`simeval.stats.ceiling.human_ceiling`)."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from numpy.typing import NDArray

from ..datasets.ratings import Ratings
from ..errors import InputError
from ..metrics.correlation import spearman
from ..stats.ceiling import HumanCeiling, human_ceiling
from .evaluation import WordsimResult

__all__ = ["wordsim_ceiling"]


def wordsim_ceiling(
    result: WordsimResult | Mapping[str, WordsimResult],
    ratings: Ratings,
    *,
    n_resamples: int = 1000,
    confidence_level: float = 0.95,
    seed: int | np.random.Generator | None = 0,
    n_splits: int = 100,
    system: str = "model",
) -> HumanCeiling:
    """The human ceiling of ``result``'s pairs and the model beside it.

    The model's values (distances, angles or neighbour ranks; unknown pairs at their
    surrogate, as for ``result.rho``) are oriented by the sign of their Spearman ρ with the
    gold — wordspace reports |ρ| — so that the model is compared as a similarity. The gold
    is the set's own score (``result.details.score``); ``ratings`` must have one row per
    pair, in the pairs' order or matched by the words (:meth:`Ratings.aligned`); ``system``
    names the model in the result. Several models beside the same ceiling, on the same
    item resamples: ``result`` a mapping name → result, all on the same pairs (``system``
    is then unused).

    Parameters
    ----------
    result : WordsimResult
        The model on the set (:func:`simeval.wordsim.evaluate`).
    ratings : Ratings
        The set's individual ratings.
    n_resamples, confidence_level, seed, n_splits
        As :func:`~simeval.stats.ceiling.human_ceiling` takes them.
    system : str, default "model"
        The model's name in the result.

    Returns
    -------
    HumanCeiling

    Raises
    ------
    DataError
        Ratings that do not match the pairs.

    References
    ----------
    Hill, F., Reichart, R. & Korhonen, A. (2015). SimLex-999: evaluating semantic models
    with (genuine) similarity estimation. *Computational Linguistics* 41(4), 665–695.

    Examples
    --------
    >>> from simeval.vectors.read import Vectors
    >>> from simeval.wordsim import evaluate
    >>> v = Vectors(["a", "b", "c", "d"], [[1, 0], [1, 1], [0, 1], [-1, 1]])
    >>> pairs = [("a", "b", 9.0), ("a", "c", 5.0), ("a", "d", 1.0), ("b", "c", 8.0),
    ...          ("b", "d", 4.0)]
    >>> res = evaluate(pairs, v)
    >>> R = Ratings("toy", np.array([[9, 8, 10], [5, 6, 4], [1, 2, 0], [8, 7, 9], [4, 5, 3.0]]),
    ...             ("r1", "r2", "r3"), word1=("a", "a", "a", "b", "b"),
    ...             word2=("b", "c", "d", "c", "d"))
    >>> c = wordsim_ceiling(res, R, n_resamples=0)
    >>> round(c.systems[0].rho, 6) == round(res.rho, 6), c.agreement.iaa1.statistic
    (True, 1.0)
    >>> two = wordsim_ceiling({"angle": res, "again": res}, R, n_resamples=0)
    >>> [s.system for s in two.systems]
    ['angle', 'again']
    """
    results = {system: result} if isinstance(result, WordsimResult) else dict(result)
    if not results:
        raise InputError("wordsim_ceiling: give at least one word-similarity result")
    first = next(iter(results.values()))
    d = first.details
    for name, other in results.items():
        o = other.details
        if list(o.word1) != list(d.word1) or list(o.word2) != list(d.word2):
            raise InputError(
                f"wordsim_ceiling: {name} is evaluated on other pairs than "
                f"{next(iter(results))} ({other.name} vs {first.name}); give results of "
                "the same pairs"
            )
    aligned = ratings.aligned(d.word1, d.word2, first.name)
    return human_ceiling(
        aligned.values,
        {name: _as_similarity(r) for name, r in results.items()},
        gold=d.score,
        persistent=ratings.persistent,
        groups=ratings.groups,
        n_splits=n_splits,
        n_resamples=n_resamples,
        confidence_level=confidence_level,
        seed=seed,
    )


def _as_similarity(result: WordsimResult) -> NDArray[np.float64]:
    """The model's values, negated when they fall as the gold rises (distances)."""
    d = result.details
    sign = -1.0 if spearman(d.score, d.distance).statistic < 0 else 1.0
    return sign * np.asarray(d.distance, dtype=np.float64)
