"""What a loaded sentence-pair data set is: :class:`SentencePairs`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = ["SentencePairs"]


@dataclass(frozen=True)
class SentencePairs:
    """Sentence pairs with gold scores (NaN: an unscored pair), the declared scale, the
    pairs' ids, labels (SICK's entailment), subsets (a SemEval year's data sets) and where
    the data came from."""

    name: str
    texts1: tuple[str, ...]
    texts2: tuple[str, ...]
    gold: NDArray[np.float64]
    scale: tuple[float, float] | None = None
    subsets: tuple[str, ...] | None = None
    ids: tuple[str, ...] | None = None
    provenance: dict[str, Any] = field(default_factory=dict)
    labels: tuple[str, ...] | None = None

    def __len__(self) -> int:
        return len(self.texts1)
