"""Which pairs a run calibrates its off-scale models on: the registered held-out split of
a test set (``stsb:dev`` for ``stsb:test``, ``sick:trial`` for ``sick:test``; see
:data:`simeval.datasets.sentences.registry.CALIBRATION_SPLITS`), scored by each model
with the test set, or — for a data set without one, or with ``calibrate_on="cv"`` —
cross-fitting on the evaluated pairs (:func:`simeval.metrics.gold_scale.calibrate`).

The README's "Calibration" section gives the evidence for the default (isotonic, on the
registered split where there is one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np

from .._validate import check_choice
from ..calibration import Calibration

__all__ = [
    "CALIBRATE_ON",
    "CalibrateOn",
    "calibration_for",
    "calibration_splits",
    "describe",
    "split_sets",
]

CalibrateOn = Literal["split", "cv"]
#: Where a run fits its calibrations: the registered held-out split, else cross-fitting
#: (``split``), or always cross-fitting (``cv``).
CALIBRATE_ON: tuple[str, ...] = ("split", "cv")


def calibration_splits(
    labels: Sequence[str],
    registered: Sequence[str | None],
    calibration: Calibration,
    on: str,
) -> dict[str, str]:
    """Data set label → the registered split its calibration is fitted on: for each data
    set given by a registry name that has one, unless ``on`` is ``"cv"``, the calibration
    is ``none`` or brings its own calibration set (``calibration.on``).

    Parameters
    ----------
    labels : sequence of str
        The data sets' labels.
    registered : sequence of str or None
        Each one's registry name (None for pairs given in memory).
    calibration : Calibration
        The run's calibration.
    on : {"split", "cv"}
        Where calibrations are fitted.

    Returns
    -------
    dict of str to str

    Raises
    ------
    InputError
        ``on`` is neither ``split`` nor ``cv``.

    Examples
    --------
    >>> calibration_splits(["stsb:test", "mine"], ["stsb:test", None], Calibration(), "split")
    {'stsb:test': 'stsb:dev'}
    >>> calibration_splits(["stsb:test"], ["stsb:test"], Calibration(), "cv")
    {}
    """
    check_choice("calibrate_on", on, CALIBRATE_ON)
    if on == "cv" or calibration.kind == "none" or calibration.on is not None:
        return {}
    from ..datasets.sentences.registry import SENTENCE_DATASETS

    out: dict[str, str] = {}
    for label, name in zip(labels, registered):
        split = getattr(SENTENCE_DATASETS.get(name or ""), "calibration", None)
        if split is not None:
            out[label] = split
    return out


def calibration_for(
    calibration: Calibration,
    split: str | None,
    held_out: Mapping[str, Any],
    results: Mapping[tuple[str, str], Any],
    scorers: Mapping[str, Any],
) -> Calibration:
    """One data set's calibration: ``calibration`` fitted on ``split`` (``held_out[split]``
    its pairs, ``results[(split, model)]`` each model's scores of its scored pairs, under
    the model's own similarity) when it has one, else as it is (cross-fitted). The split's
    pairs without a gold score are left out, as the tasks leave them out.

    Parameters
    ----------
    calibration : Calibration
        The run's calibration.
    split : str or None
        The registered split to fit on.
    held_out : mapping of str to pairs
        The pairs of each split (with ``gold``).
    results : mapping of (str, str) to TaskScores
        ``(data set, model)`` → the model's scores.
    scorers : mapping of str to Scorer
        Each model's scorer (its ``similarity``).

    Returns
    -------
    Calibration

    Examples
    --------
    >>> from types import SimpleNamespace as NS
    >>> held_out = {"stsb:dev": NS(gold=[0.0, np.nan, 5.0])}
    >>> results = {("stsb:dev", "m"): NS(scores={"cosine": np.array([0.1, 0.9])})}
    >>> fitted = calibration_for(Calibration(), "stsb:dev", held_out, results,
    ...                          {"m": NS(similarity="cosine")})
    >>> fitted.describe(), [a.tolist() for a in fitted.on["m"]]
    ('auto(isotonic,on:stsb:dev)', [[0.0, 5.0], [0.1, 0.9]])
    """
    if split is None:
        return calibration
    gold = np.asarray(held_out[split].gold, dtype=np.float64)
    gold = gold[~np.isnan(gold)]  # the tasks score the pairs with a gold score
    scores = {m: results[(split, m)].scores[s.similarity] for m, s in scorers.items()}
    return Calibration(
        kind=calibration.kind,
        folds=calibration.folds,
        seed=calibration.seed,
        on={m: (gold, s) for m, s in scores.items()},
        label=split,
    )


def describe(calibration: Calibration, splits: Mapping[str, str]) -> str:
    """The run signature's part: the calibration, and the splits it is fitted on.

    Parameters
    ----------
    calibration : Calibration
        The run's calibration.
    splits : mapping of str to str
        Data set → the split its calibration is fitted on.

    Returns
    -------
    str

    Examples
    --------
    >>> describe(Calibration(), {"stsb:test": "stsb:dev"})
    'auto(isotonic,cv5,seed0);stsb:test=on:stsb:dev'
    """
    parts = [calibration.describe()] + [f"{d}=on:{s}" for d, s in splits.items()]
    return ";".join(parts)


def split_sets(splits: Mapping[str, str], labels: Sequence[str], load: Any) -> list[Any]:
    """The (label, pairs) of the splits not among the evaluated data sets (``labels``),
    each loaded once by ``load(name)``.

    Parameters
    ----------
    splits : mapping of str to str
        Data set → its calibration split.
    labels : sequence of str
        The data sets evaluated.
    load : callable
        ``load(name)`` → the split's pairs.

    Returns
    -------
    list of (str, pairs)

    Examples
    --------
    >>> split_sets({"stsb:test": "stsb:dev", "stsb:train": "stsb:dev"}, ["stsb:test"], str.upper)
    [('stsb:dev', 'STSB:DEV')]
    """
    return [(s, load(s)) for s in dict.fromkeys(splits.values()) if s not in labels]
