"""The scorer base class, pair handling and the similarity functions shared by every scorer."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import InputError, InputTypeError
from ..io.home import cache_root

__all__ = [
    "SIMILARITIES",
    "Progress",
    "Scorer",
    "as_scores",
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


class Scorer:
    """Base class of every scorer: sentence pairs in, one similarity score per pair out
    (higher = more similar).

    Subclass it and define :meth:`score_texts` (or :meth:`score` itself); give the class
    or the instance a ``name`` and, for a number others can reproduce, a ``revision``.
    :func:`simeval.run` and the scorers of :func:`simeval.scorers.get` share this contract:

    - ``name``: the name the user gave (``minilm``, ``lexical:jaccard``);
    - ``similarity``: the similarity function (``cosine``, ``jaccard`` …);
    - ``signature``: what identifies the numbers (model, weights digest or revision,
      similarity function), so that a published number can be reproduced;
    - ``inputs``: the files and folders the scorer reads (its vector file, its model
      folder, the embedding cache), so that a command never writes over them;
    - :meth:`fit`: what the scorer learns from a data set's texts before scoring it (the
      TF-IDF scorers' IDF); nothing by default.

    A scorer kind of :func:`simeval.scorers.get` also tells its inputs before it is
    created, from its name alone (:func:`simeval.scorers.inputs`): a classmethod
    ``files_read(arg, **options)`` gives them without loading the model or reading a file.

    Attributes
    ----------
    name : str
        The name the user gave.
    similarity : str
        The similarity function's name.
    revision : str or None
        The model's revision (a commit, a version), when the user gives one.
    unscored_reason : str
        Why a pair gets no score (NaN), when the scorer can leave one without.
    options : frozenset of str
        The keyword options :func:`simeval.scorers.get` passes to a scorer kind.
    compares_vectors : bool
        Whether the scorer compares two vectors per pair (:meth:`score_each`).

    Examples
    --------
    >>> class Overlap(Scorer):
    ...     name, similarity, revision = "overlap", "shared-words", "1"
    ...     def score_texts(self, texts1, texts2):
    ...         return [len(set(a.split()) & set(b.split())) for a, b in zip(texts1, texts2)]
    >>> Overlap().score((["a cat sat"], ["a cat ran"])).tolist(), Overlap().signature
    ([2.0], 'model:overlap|revision:1|sim:shared-words')
    """

    #: The name the user gave.
    name: str = "custom"
    #: The similarity function's name.
    similarity: str = "custom"
    #: The model's revision (a commit, a version), when the user gives one.
    revision: str | None = None
    #: Why a pair gets no score (NaN), when the scorer can leave one without.
    unscored_reason: str = ""
    #: The keyword options :func:`simeval.scorers.get` passes to a scorer kind.
    options: frozenset[str] = frozenset()
    #: Whether the scorer compares two vectors per pair, and so scores under any
    #: similarity function (:meth:`score_each`).
    compares_vectors: bool = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.score is Scorer.score and cls.score_texts is Scorer.score_texts:
            raise TypeError(f"{cls.__name__} must define score_texts(texts1, texts2) or score")

    @property
    def signature(self) -> str:
        """``model:NAME|revision:REV|sim:SIMILARITY`` (``revision:unknown`` without one)."""
        return f"model:{self.name}|revision:{self.revision or 'unknown'}|sim:{self.similarity}"

    @property
    def inputs(self) -> tuple[Path, ...]:
        """The files and folders the scorer reads: none by default."""
        return ()

    def fit(self, texts: Sequence[str]) -> Scorer:
        """The scorer fitted on ``texts`` (every text of the data set to be scored): this
        scorer itself by default, which learns nothing."""
        return self

    def score_texts(self, texts1: list[str], texts2: list[str]) -> ArrayLike:
        """One similarity per pair ``(texts1[i], texts2[i])``: what a subclass defines."""
        raise NotImplementedError  # __init_subclass__ makes a subclass define it or score

    def score(self, pairs: Any, *, progress: Progress | None = None) -> NDArray[np.float64]:
        """One similarity score per pair of ``pairs`` (see :func:`split_pairs`), as float64;
        NaN for a pair the scorer cannot score."""
        texts1, texts2 = split_pairs(pairs)
        if progress is not None:
            progress(0, len(texts1))
        out = as_scores(self.name, self.score_texts(texts1, texts2), len(texts1))
        if progress is not None:
            progress(len(texts1), len(texts1))
        return out

    def score_each(
        self, pairs: Any, similarities: Sequence[str] = (), *, progress: Progress | None = None
    ) -> dict[str, NDArray[np.float64]]:
        """The scores of ``pairs`` under the scorer's own similarity function and, for a
        scorer that compares vectors, under each of ``similarities`` too (one embedding,
        several comparisons); others give their own function only."""
        return {self.similarity: self.score(pairs, progress=progress)}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r}, similarity={self.similarity!r})"


def as_scores(name: str, scores: Any, n: int) -> NDArray[np.float64]:
    """``scores`` as a float64 vector of ``n`` values, or an :class:`InputError` naming the
    scorer ``name``, what it gave and what it should give.

    Parameters
    ----------
    name : str
        The scorer, for the message.
    scores : object
        What it returned.
    n : int
        The pairs it was given.

    Returns
    -------
    numpy.ndarray

    Examples
    --------
    >>> as_scores("mine", [0.5, 1], 2).tolist()
    [0.5, 1.0]
    >>> as_scores("mine", [[0.5, 1]], 2)
    Traceback (most recent call last):
    ...
    simeval.errors.InputError: mine gave scores of shape (1, 2) for 2 pairs; it must give \
one number per pair
    """
    try:
        out = np.asarray(scores, dtype=np.float64)
    except (TypeError, ValueError):
        raise InputError(
            f"{name} gave {type(scores).__name__} for {n} pairs; it must give one number per pair"
        ) from None
    if out.shape != (n,):
        raise InputError(
            f"{name} gave scores of shape {out.shape} for {n} pairs; it must give one number "
            "per pair"
        )
    return out


def cache_folder() -> Path:
    """The embedding cache's folder, ``<cache root>/embeddings`` (the layout of
    :class:`~simeval.scorers.cache.EmbeddingCache`): an input of every scorer that caches
    its embeddings.

    Returns
    -------
    Path

    Examples
    --------
    >>> cache_folder().name
    'embeddings'
    """
    return cache_root() / "embeddings"


def split_pairs(pairs: Any) -> tuple[list[str], list[str]]:
    """``(texts1, texts2)`` of ``pairs``: a 2-tuple of sequences or any object with
    ``texts1`` and ``texts2`` attributes. Every text must be a non-blank string.

    Parameters
    ----------
    pairs : tuple or object
        ``(texts1, texts2)``, or an object with ``texts1`` and ``texts2`` (a loaded data
        set).

    Returns
    -------
    texts1, texts2 : list of str

    Examples
    --------
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

    Parameters
    ----------
    *text_lists : sequence of str
        The lists (``texts1`` and ``texts2``, say).

    Returns
    -------
    texts : list of str
        The distinct texts.
    rows : list of numpy.ndarray
        Per list, the row in ``texts`` of each of its texts.

    Examples
    --------
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

    Parameters
    ----------
    text : str
        A text.
    lower : bool, default True
        Whether to lower-case it first.

    Returns
    -------
    list of str

    Examples
    --------
    >>> word_tokens("A man's well-known guitar, 2 times!")
    ['a', "man's", 'well-known', 'guitar', '2', 'times']
    """
    return _WORD.findall(text.lower() if lower else text)


def check_similarity(similarity: str) -> str:
    """Validate a similarity function name (one of :data:`SIMILARITIES`).

    Parameters
    ----------
    similarity : str
        The name.

    Returns
    -------
    str
        ``similarity`` itself.

    Examples
    --------
    >>> check_similarity("dot")
    'dot'
    >>> check_similarity("dice")
    Traceback (most recent call last):
    simeval.errors.InputError: similarity must be one of cosine, dot, euclidean, manhattan; \
got 'dice'
    """
    if similarity not in SIMILARITIES:
        raise InputError(f"similarity must be one of {', '.join(SIMILARITIES)}; got {similarity!r}")
    return similarity


def pair_similarity(a: NDArray[Any], b: NDArray[Any], similarity: str) -> NDArray[np.float64]:
    """Row-wise similarity of two embedding matrices, as sentence-transformers defines it.

    - cosine: ``u·v / (‖u‖‖v‖)``; NaN where a vector is zero (undefined, not 0); exactly 1
      for two equal vectors (the division leaves 1 − 2e-16 for some: ``u·u`` and ``‖u‖²``
      round differently, and the order of tied scores would then follow the rounding);
      clipped to [−1, 1], which rounding can leave by 2e-16
    - dot: ``u·v``
    - euclidean: ``−‖u − v‖₂``; manhattan: ``−‖u − v‖₁`` (negated distances, so higher
      means more similar)

    Computed in float64 from the stored vectors.

    Parameters
    ----------
    a, b : numpy.ndarray
        Embeddings, one row per pair, the same shape.
    similarity : {"cosine", "dot", "euclidean", "manhattan"}
        The function.

    Returns
    -------
    numpy.ndarray
        float64, one similarity per row.

    Examples
    --------
    >>> a = np.array([[1.0, 0.0], [3.0, 4.0]]); b = np.array([[0.0, 2.0], [3.0, 4.0]])
    >>> pair_similarity(a, b, "cosine").tolist(), pair_similarity(a, b, "manhattan").tolist()
    ([0.0, 1.0], [-3.0, -0.0])
    >>> u = np.array([[0.1, 0.1, 0.1]])
    >>> float(u[0] @ u[0] / np.linalg.norm(u[0]) ** 2), pair_similarity(u, u, "cosine").tolist()
    (0.9999999999999999, [1.0])
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
    out[(norms > 0) & (a64 == b64).all(axis=1)] = 1.0  # equal vectors: exactly 1
    return np.clip(out, -1.0, 1.0, out=out)  # rounding can give 1 + 2e-16 (NaN stays)
