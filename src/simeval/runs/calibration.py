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
    is ``none`` or brings its own calibration set (``calibration.on``)."""
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
    the model's own similarity) when it has one, else as it is (cross-fitted)."""
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

    >>> describe(Calibration(), {"stsb:test": "stsb:dev"})
    'auto(isotonic,cv5,seed0);stsb:test=on:stsb:dev'
    """
    parts = [calibration.describe()] + [f"{d}=on:{s}" for d, s in splits.items()]
    return ";".join(parts)


def split_sets(splits: Mapping[str, str], labels: Sequence[str], load: Any) -> list[Any]:
    """The (label, pairs) of the splits not among the evaluated data sets (``labels``),
    each loaded once by ``load(name)``."""
    return [(s, load(s)) for s in dict.fromkeys(splits.values()) if s not in labels]
