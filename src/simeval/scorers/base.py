"""The scorer protocol, pair handling and the similarity functions shared by every scorer."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from ..errors import InputError, InputTypeError
from ..io.home import cache_root

__all__ = [
    "SIMILARITIES",
    "Progress",
    "Scorer",
    "cache_folder",
    "check_similarity",
    "pair_similarity",
    "split_pairs",
    "unique_texts",
    "word_tokens",
]

#: ``progress(done, total)``, called as sentences are embedded (the CLI draws a bar).
Progress = Callable[[int, int], None]

#: Similarity functions as sentence-transformers defines them (``SimilarityFunction``).
SIMILARITIES = ("cosine", "dot", "euclidean", "manhattan")

_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


@runtime_checkable
class Scorer(Protocol):
    """Turns sentence pairs into one similarity score per pair (higher = more similar).

    ``name`` is the name the user gave (``minilm``, ``lexical:jaccard``); ``similarity``
    names the similarity function; ``signature`` identifies the model (weights digest) and
    the similarity function, so a published number can be reproduced; ``inputs`` are the
    files and folders the scorer reads (its vector file, its model folder, the embedding
    cache; none for the lexical scorers), so that a command never writes over them.

    A scorer kind of :func:`simeval.scorers.get` also tells its inputs before it is
    created, from its name alone (:func:`simeval.scorers.inputs`): a classmethod
    ``files_read(arg, **options)`` gives them without loading the model or reading a file.
    """

    name: str

    @property
    def similarity(self) -> str: ...

    @property
    def signature(self) -> str: ...

    @property
    def inputs(self) -> tuple[Path, ...]: ...

    def score(self, pairs: Any, *, progress: Progress | None = None) -> NDArray[np.float64]: ...


def cache_folder() -> Path:
    """The embedding cache's folder, ``<cache root>/embeddings`` (the layout of
    :class:`~simeval.scorers.cache.EmbeddingCache`): an input of every scorer that caches
    its embeddings."""
    return cache_root() / "embeddings"


def split_pairs(pairs: Any) -> tuple[list[str], list[str]]:
    """``(texts1, texts2)`` of ``pairs``: a 2-tuple of sequences or any object with
    ``texts1`` and ``texts2`` attributes. Every text must be a non-blank string.

    >>> split_pairs((["a b"], ["c"]))
    (['a b'], ['c'])
    >>> split_pairs((["a"], [" "]))
    Traceback (most recent call last):
    ...
    simeval.errors.InputError: texts2[0] (pair 1) is empty; remove the pair or give it a text
    """
    if hasattr(pairs, "texts1") and hasattr(pairs, "texts2"):
        t1, t2 = pairs.texts1, pairs.texts2
    elif isinstance(pairs, (tuple, list)) and len(pairs) == 2:
        t1, t2 = pairs
    else:
        raise InputTypeError(
            "pairs must be (texts1, texts2) or an object with texts1 and texts2 "
            f"(e.g. simeval.datasets.load(...)); got {type(pairs).__name__}"
        )
    if isinstance(t1, str) or isinstance(t2, str):
        raise InputTypeError("texts1 and texts2 must be sequences of texts, not one string")
    texts1, texts2 = list(t1), list(t2)
    if len(texts1) != len(texts2):
        raise InputError(
            f"texts1 and texts2 must have the same length; got {len(texts1)} and {len(texts2)}"
        )
    for side, texts in (("texts1", texts1), ("texts2", texts2)):
        for i, text in enumerate(texts):
            if not isinstance(text, str):
                raise InputTypeError(
                    f"{side}[{i}] (pair {i + 1}) must be a string; got {type(text).__name__}"
                )
            if not text.strip():
                raise InputError(
                    f"{side}[{i}] (pair {i + 1}) is empty; remove the pair or give it a text"
                )
    return texts1, texts2


def unique_texts(*text_lists: Sequence[str]) -> tuple[list[str], list[NDArray[np.intp]]]:
    """The distinct texts of all lists (first-seen order) and, per list, each text's row.

    >>> u, rows = unique_texts(["a", "b"], ["b", "c", "a"])
    >>> u, [r.tolist() for r in rows]
    (['a', 'b', 'c'], [[0, 1], [1, 2, 0]])
    """
    index: dict[str, int] = {}
    rows = []
    for texts in text_lists:
        rows.append(
            np.fromiter((index.setdefault(t, len(index)) for t in texts), np.intp, len(texts))
        )
    return list(index), rows


def word_tokens(text: str, *, lower: bool = True) -> list[str]:
    """Word tokens (runs of letters/digits, inner apostrophes and hyphens kept).

    >>> word_tokens("A man's well-known guitar, 2 times!")
    ['a', "man's", 'well-known', 'guitar', '2', 'times']
    """
    return _WORD.findall(text.lower() if lower else text)


def check_similarity(similarity: str) -> str:
    """Validate a similarity function name (one of :data:`SIMILARITIES`)."""
    if similarity not in SIMILARITIES:
        raise InputError(f"similarity must be one of {', '.join(SIMILARITIES)}; got {similarity!r}")
    return similarity


def pair_similarity(a: NDArray[Any], b: NDArray[Any], similarity: str) -> NDArray[np.float64]:
    """Row-wise similarity of two embedding matrices, as sentence-transformers defines it.

    - cosine: ``u·v / (‖u‖‖v‖)``; NaN where a vector is zero (undefined, not 0); clipped
      to [−1, 1], which rounding can leave by 2e-16 (a parallel pair gives exactly 1)
    - dot: ``u·v``
    - euclidean: ``−‖u − v‖₂``; manhattan: ``−‖u − v‖₁`` (negated distances, so higher
      means more similar)

    Computed in float64 from the stored vectors.

    >>> a = np.array([[1.0, 0.0], [3.0, 4.0]]); b = np.array([[0.0, 2.0], [3.0, 4.0]])
    >>> pair_similarity(a, b, "cosine").tolist(), pair_similarity(a, b, "manhattan").tolist()
    ([0.0, 1.0], [-3.0, -0.0])
    """
    a64 = np.asarray(a, dtype=np.float64)
    b64 = np.asarray(b, dtype=np.float64)
    check_similarity(similarity)
    if similarity == "dot":
        return np.einsum("ij,ij->i", a64, b64)
    if similarity == "euclidean":
        return -np.linalg.norm(a64 - b64, axis=1)
    if similarity == "manhattan":
        return -np.abs(a64 - b64).sum(axis=1)
    norms = np.linalg.norm(a64, axis=1) * np.linalg.norm(b64, axis=1)
    dots = np.einsum("ij,ij->i", a64, b64)
    out = np.full(len(dots), np.nan)
    np.divide(dots, norms, out=out, where=norms > 0)
    return np.clip(out, -1.0, 1.0, out=out)  # rounding can give 1 + 2e-16 (NaN stays)
