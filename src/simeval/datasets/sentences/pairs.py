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
    the data came from.

    Attributes
    ----------
    name : str
    texts1, texts2 : tuple of str
        The two sentences of each pair.
    gold : numpy.ndarray
        Gold scores; NaN for an unscored pair.
    scale : tuple of float or None
        The declared gold scale.
    subsets : tuple of str or None
        Each pair's subset (a SemEval year's data sets).
    ids : tuple of str or None
    provenance : dict
        Files, checksums and citation.
    labels : tuple of str or None
        Each pair's label (SICK's entailment, MSRP's paraphrase class).

    Examples
    --------
    >>> import numpy as np
    >>> pairs = SentencePairs("toy", ("A cat.", "Rain."), ("A cat sat.", "Sun."),
    ...                       np.array([4.5, np.nan]), scale=(0.0, 5.0))
    >>> len(pairs), int(np.isnan(pairs.gold).sum())
    (2, 1)
    """

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
