"""Scorers that embed each sentence once and compare the two vectors of a pair."""

from __future__ import annotations

import hashlib
from abc import abstractmethod
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .base import Progress, Scorer, check_similarity, pair_similarity, split_pairs, unique_texts
from .cache import EmbeddingCache

__all__ = ["EmbeddingScorer", "batch_order"]


def batch_order(texts: Sequence[str]) -> list[int]:
    """The order in which distinct ``texts`` are embedded: longest first (as
    sentence-transformers orders a batch), ties by the text itself, so that the batches
    depend on the set of texts alone, not on the order they were given in.

    Parameters
    ----------
    texts : sequence of str
        Distinct texts.

    Returns
    -------
    list of int
        Positions in ``texts``, in the order to embed them.

    Examples
    --------
    >>> batch_order(["b", "ccc", "a", "dd"])
    [1, 3, 2, 0]
    """
    return sorted(range(len(texts)), key=lambda i: (-len(texts[i]), texts[i]))


def text_set_digest(texts: Sequence[str]) -> str:
    """SHA-256 (hex, 16 digits) of a set of distinct texts, whatever their order."""
    digest = hashlib.sha256()
    for text in sorted(texts):
        digest.update(text.encode("utf-8") + b"\0")
    return digest.hexdigest()[:16]


class EmbeddingScorer(Scorer):
    """Base of the sentence-embedding scorers: the texts of the pairs scored together are
    embedded together, each distinct text once, in batches of :attr:`batch_size` texts
    formed from those texts alone (longest first, :func:`batch_order`).

    A model's vector of a text varies in its last bits with the other texts of its batch
    (the padding of a batch changes the order of the sums); since the batches are formed
    from the texts scored together, a data set's scores never depend on what else is
    scored with it. With ``cache=True`` the embeddings are kept on disk under simeval's
    cache folder, keyed by :attr:`model_key`, the set of texts embedded together and the
    text (:class:`~simeval.scorers.cache.EmbeddingCache`), so a repeated run embeds
    nothing and gives bit-identical scores; a text shared by two data sets is embedded
    once for each. Subclasses implement :meth:`embed`, :attr:`model_key` and
    :attr:`signature`.

    Parameters
    ----------
    name : str
        The name results carry.
    similarity : str
        cosine, dot, euclidean or manhattan.
    cache : bool, default True
        Keep the embeddings on disk.

    Examples
    --------
    A model that maps each text to a fixed vector; "a" and "b" are 90° apart, and "b" is
    embedded once though it appears twice:

    >>> class Table(EmbeddingScorer):
    ...     model_key = signature = "table"
    ...     def embed(self, texts):
    ...         print("embedding", list(texts))
    ...         return np.array([{"a": [1.0, 0.0], "b": [0.0, 2.0]}[t] for t in texts])
    >>> scorer = Table("table", similarity="cosine", cache=False)
    >>> scorer.score((["a", "b"], ["b", "b"])).tolist()
    embedding ['a', 'b']
    [0.0, 1.0]
    """

    #: Texts handed to :meth:`embed` at a time (progress is reported between batches).
    batch_size = 32
    #: The options :func:`simeval.scorers.get` passes on.
    options = frozenset({"similarity", "cache"})
    compares_vectors = True

    def __init__(self, name: str, *, similarity: str, cache: bool = True) -> None:
        self.name = name
        self._similarity = check_similarity(similarity)
        self.cache = cache

    @property
    def similarity(self) -> str:  # type: ignore[override]
        """The similarity function (cosine, dot, euclidean, manhattan)."""
        return self._similarity

    @property
    @abstractmethod
    def model_key(self) -> str:
        """A digest of everything that determines the embeddings (the cache folder name)."""

    @property
    @abstractmethod
    def signature(self) -> str:
        """Model identity, weights digest and similarity function."""

    @abstractmethod
    def embed(self, texts: Sequence[str]) -> NDArray[Any]:
        """Embed ``texts`` (a matrix, one row per text)."""

    def embeddings(self, texts: Sequence[str], *, progress: Progress | None = None) -> NDArray[Any]:
        """Embeddings of distinct ``texts`` (embedded together), from the cache where it
        has them. ``progress(done, total)`` counts texts, after each batch."""
        store = (
            EmbeddingCache(self.model_key, context=text_set_digest(texts)) if self.cache else None
        )
        out, found = (
            store.lookup(texts) if store is not None else (None, np.zeros(len(texts), bool))
        )
        missing = np.flatnonzero(~found)
        total = len(texts)
        if progress is not None:
            progress(total - len(missing), total)
        if len(missing) == 0 and out is not None:
            return out
        missing, new = self._embed_in_batches(texts, missing, progress, total)
        if out is None or out.shape[1] != new.shape[1] or out.dtype != new.dtype:
            out = np.zeros((total, new.shape[1]), dtype=new.dtype)
            if found.any():  # cached rows of another shape than the model's: embed them too
                stale, again = self._embed_in_batches(texts, np.flatnonzero(found), None, total)
                missing, new = np.concatenate([missing, stale]), np.concatenate([new, again])
        out[missing] = new
        if store is not None:
            store.store([texts[i] for i in missing.tolist()], new)
        return out

    def _embed_in_batches(
        self,
        texts: Sequence[str],
        which: NDArray[np.intp],
        progress: Progress | None,
        total: int,
    ) -> tuple[NDArray[np.intp], NDArray[Any]]:
        """``which`` in :func:`batch_order` and the embeddings of those texts in that
        order, :attr:`batch_size` at a time; ``progress`` counts on from
        ``total - len(which)``."""
        subset = [texts[int(i)] for i in which]
        which = which[np.asarray(batch_order(subset), dtype=np.intp)]
        done = total - len(which)
        blocks = []
        for start in range(0, len(which), self.batch_size):
            batch = [texts[i] for i in which[start : start + self.batch_size]]
            blocks.append(np.asarray(self.embed(batch)))
            done += len(batch)
            if progress is not None:
                progress(done, total)
        return which, np.concatenate(blocks)

    def score_each(
        self, pairs: Any, similarities: Sequence[str] = (), *, progress: Progress | None = None
    ) -> dict[str, NDArray[np.float64]]:
        """The scores under the scorer's own similarity function and each of
        ``similarities`` (each distinct text embedded once); ``progress(done, total)``
        counts distinct texts."""
        texts1, texts2 = split_pairs(pairs)
        texts, (rows1, rows2) = unique_texts(texts1, texts2)
        vectors = self.embeddings(texts, progress=progress)
        a, b = vectors[rows1], vectors[rows2]
        return {
            fn: self.compare(a, b, fn) for fn in dict.fromkeys([self.similarity, *similarities])
        }

    def score(self, pairs: Any, *, progress: Progress | None = None) -> NDArray[np.float64]:
        """One similarity score per pair (see :meth:`compare`)."""
        return self.score_each(pairs, progress=progress)[self.similarity]

    def compare(
        self, a: NDArray[Any], b: NDArray[Any], similarity: str | None = None
    ) -> NDArray[np.float64]:
        """Row-wise similarity of two embedding matrices (:func:`~.base.pair_similarity`),
        by the scorer's own function unless ``similarity`` names another."""
        return pair_similarity(a, b, similarity or self.similarity)
