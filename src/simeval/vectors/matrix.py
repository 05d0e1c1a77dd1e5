"""The :class:`Vectors` matrix: a word-vector matrix whose rows are terms (R wordspace's
"DSM matrix"), ``words[i]`` labelling ``matrix[i]``; the readers that build one from a file
are in :mod:`simeval.vectors`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import InputError, listing

__all__ = ["SHOWN", "Vectors"]

#: How many offending words or lines an error message names.
SHOWN = 5


@dataclass(frozen=True)
class Vectors:
    """A word-vector matrix: ``matrix[i]`` is the vector of ``words[i]``.

    Parameters
    ----------
    words : sequence of str
        Row labels, all distinct.
    matrix : array_like, shape (len(words), dim)
        The vectors, stored as C-contiguous float64.

    Raises
    ------
    InputError
        If the shapes disagree, a value is not finite, or a word occurs twice
        (the message names the duplicates).

    Examples
    --------
    >>> v = Vectors(["cat", "dog"], [[1.0, 0.0], [0.6, 0.8]])
    >>> len(v), v.dim, "dog" in v, v.lookup(["dog", "emu"]).tolist()
    (2, 2, True, [1, -1])
    """

    words: tuple[str, ...]
    matrix: NDArray[np.float64]
    _index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __init__(self, words: Iterable[str], matrix: ArrayLike) -> None:
        labels = tuple(str(w) for w in words)
        try:
            arr = np.ascontiguousarray(matrix, dtype=np.float64)
        except (TypeError, ValueError) as exc:
            raise InputError(f"`matrix` must be numbers; {exc}") from None
        if arr.ndim != 2:
            raise InputError(f"`matrix` must be two-dimensional; got shape {arr.shape}")
        if arr.shape[0] != len(labels):
            raise InputError(
                f"`words` and `matrix` disagree: {len(labels)} words but {arr.shape[0]} rows"
            )
        if not np.isfinite(arr).all():
            row = int(np.argmax(~np.isfinite(arr).all(axis=1)))
            raise InputError(f"the vector of {labels[row]!r} (row {row}) is not finite")
        index = dict(zip(labels, range(len(labels))))
        if len(index) != len(labels):
            dups = [w for w, c in Counter(labels).items() if c > 1]
            raise InputError(
                f"duplicate words in the vectors: {listing([repr(w) for w in dups], SHOWN)}"
            )
        object.__setattr__(self, "words", labels)
        object.__setattr__(self, "matrix", arr)
        object.__setattr__(self, "_index", index)

    @classmethod
    def _checked(
        cls, words: Sequence[str], matrix: NDArray[np.float64], index: dict[str, int]
    ) -> Vectors:
        """Vectors whose checks a reader made while reading: ``matrix`` C-contiguous
        float64, finite, one row per word; ``index`` maps each (distinct) word to its row."""
        self = object.__new__(cls)
        object.__setattr__(self, "words", tuple(words))
        object.__setattr__(self, "matrix", matrix)
        object.__setattr__(self, "_index", index)
        return self

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self._index

    @property
    def dim(self) -> int:
        """Number of dimensions (columns)."""
        return int(self.matrix.shape[1])

    def lookup(self, words: Iterable[str]) -> NDArray[np.intp]:
        """Row index of each word, ``-1`` where it is unknown."""
        get = self._index.get
        return np.fromiter((get(w, -1) for w in words), dtype=np.intp)

    def restrict(self, words: Collection[str]) -> Vectors:
        """The rows of ``words`` that are known, in the order of this matrix.

        >>> Vectors(["a", "b", "c"], [[1.0], [2.0], [3.0]]).restrict({"c", "a", "z"}).words
        ('a', 'c')
        """
        keep = np.flatnonzero(np.fromiter((w in words for w in self.words), dtype=bool))
        return Vectors([self.words[i] for i in keep], self.matrix[keep])

    def relabel(self, words: Sequence[str]) -> Vectors:
        """Rename the rows; where two rows get the same name, keep the first.

        Used to strip part-of-speech tags from the vocabulary (``walk_N``, ``walk_V`` →
        ``walk``): vector files are usually sorted by frequency, so the first row is the
        most frequent reading.

        >>> Vectors(["a_N", "a_V", "b_N"], [[1.0], [2.0], [3.0]]).relabel(["a", "a", "b"]).words
        ('a', 'b')
        """
        if len(words) != len(self.words):
            raise InputError(f"`words` must have {len(self.words)} labels; got {len(words)}")
        _, first = np.unique(np.asarray(words, dtype=object), return_index=True)
        first.sort()
        return Vectors([words[i] for i in first], self.matrix[first])
