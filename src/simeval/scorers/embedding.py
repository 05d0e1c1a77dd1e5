"""Scorers that embed each sentence once and compare the two vectors of a pair."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .base import Progress, check_similarity, pair_similarity, split_pairs, unique_texts
from .cache import EmbeddingCache

__all__ = ["EmbeddingScorer"]


class EmbeddingScorer(ABC):
    """Base of the sentence-embedding scorers.

    Every distinct text (across all pairs, and across all datasets given to
    :meth:`score_many`) is embedded once; with ``cache=True`` embeddings are kept on disk
    under simeval's cache folder, keyed by :attr:`model_key` and the text, so a repeated
    run embeds nothing. Subclasses implement :meth:`embed`.
    """

    #: Texts handed to :meth:`embed` at a time (progress is reported between chunks).
    chunk_size = 1024

    def __init__(self, name: str, *, similarity: str, cache: bool = True) -> None:
        self.name = name
        self._similarity = check_similarity(similarity)
        self.cache = cache

    @property
    def similarity(self) -> str:
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
        """Embeddings of distinct ``texts``, from the cache where possible.

        Missing texts are embedded longest first (as sentence-transformers orders a batch)
        in chunks of :attr:`chunk_size`; ``progress(done, total)`` follows the chunks.
        """
        store = EmbeddingCache(self.model_key) if self.cache else None
        out, found = (
            store.lookup(texts) if store is not None else (None, np.zeros(len(texts), bool))
        )
        missing = np.flatnonzero(~found)
        total = len(texts)
        if progress is not None:
            progress(total - len(missing), total)
        if len(missing) == 0 and out is not None:
            return out
        missing, new = self._embed_longest_first(texts, missing, progress, total)
        if out is None or out.shape[1] != new.shape[1] or out.dtype != new.dtype:
            out = np.zeros((total, new.shape[1]), dtype=new.dtype)
            if found.any():  # cached rows of another shape than the model's: embed them too
                stale, again = self._embed_longest_first(texts, np.flatnonzero(found), None, total)
                missing, new = np.concatenate([missing, stale]), np.concatenate([new, again])
        out[missing] = new
        if store is not None:
            store.store([texts[i] for i in missing.tolist()], new)
        return out

    def _embed_longest_first(
        self,
        texts: Sequence[str],
        which: NDArray[np.intp],
        progress: Progress | None,
        total: int,
    ) -> tuple[NDArray[np.intp], NDArray[Any]]:
        """``which`` ordered longest text first (as sentence-transformers orders a batch)
        and the embeddings of those texts in that order, computed in chunks of
        :attr:`chunk_size`; ``progress`` counts on from ``total - len(which)``."""
        lengths = np.fromiter((len(texts[int(i)]) for i in which), np.intp, len(which))
        which = which[np.argsort(-lengths, kind="stable")]
        done = total - len(which)
        blocks = []
        for start in range(0, len(which), self.chunk_size):
            chunk = [texts[i] for i in which[start : start + self.chunk_size]]
            blocks.append(np.asarray(self.embed(chunk)))
            done += len(chunk)
            if progress is not None:
                progress(done, total)
        return which, np.concatenate(blocks)

    def score_many(
        self, datasets: Sequence[Any], *, progress: Progress | None = None
    ) -> list[NDArray[np.float64]]:
        """Scores of several pair sets; each distinct text of all of them is embedded once."""
        split = [split_pairs(d) for d in datasets]
        texts, rows = unique_texts(*(side for pair in split for side in pair))
        vectors = self.embeddings(texts, progress=progress)
        return [
            self.compare(vectors[rows[2 * k]], vectors[rows[2 * k + 1]]) for k in range(len(split))
        ]

    def score(self, pairs: Any, *, progress: Progress | None = None) -> NDArray[np.float64]:
        """One similarity score per pair (see :meth:`compare`)."""
        return self.score_many([pairs], progress=progress)[0]

    def compare(self, a: NDArray[Any], b: NDArray[Any]) -> NDArray[np.float64]:
        """Row-wise similarity of two embedding matrices (:func:`~.base.pair_similarity`)."""
        return pair_similarity(a, b, self.similarity)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r}, similarity={self.similarity!r})"
