"""Static word embeddings: averaged word vectors and SIF, from simeval's vector reader."""

from __future__ import annotations

import copy
import hashlib
import os
import warnings
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError, UndefinedMetricWarning, require
from ..io.hashing import file_sha256
from ..vectors.read import Vectors, read_vectors, vector_files
from .base import Progress, Scorer, check_similarity, pair_similarity, split_pairs, word_tokens

__all__ = ["SIF_A", "AverageScorer", "SIFScorer"]

#: SIF's smoothing constant a (Arora, Liang & Ma 2017, §4: a = 1e-3 works well).
SIF_A = 1e-3


def _no_word_warning(name: str, missing: NDArray[np.bool_]) -> None:
    if missing.any():
        first = int(np.argmax(missing))
        warnings.warn(
            f"{name}: {int(missing.sum())} pair(s) have a text with no word in the vectors' "
            f"vocabulary (first: pair {first + 1}); their scores are NaN",
            UndefinedMetricWarning,
            stacklevel=3,
        )


class AverageScorer(Scorer):
    """Similarity of the averages of the word vectors of each text.

    The text vector is ``v_s = (1/|s|) Σ_{w∈s} v_w`` over the tokens of ``s`` that have a
    vector (lower-cased word tokens; Mitchell & Lapata 2010 call this additive composition);
    pairs then compare by cosine ``u·v / (‖u‖‖v‖)`` (or the asked similarity). A text with
    no known word has no vector: its pair's score is NaN, with an
    :class:`~simeval.errors.UndefinedMetricWarning`.

    Vectors are read with :func:`simeval.vectors.read_vectors` (word2vec/GloVe text or
    binary, ``.npy`` + vocabulary), keeping only the words of the scored texts. ``path``
    may also be a model2vec folder (Tulkens & van Dongen 2024): a word's vector is then the
    mean of its tokens' static vectors, unnormalised, so any sentence-transformers model
    distilled with ``model2vec.distill`` gives word vectors offline (see the README).

    Parameters
    ----------
    path : path or Vectors
        A vector file, a model2vec folder, or vectors in memory.
    name : str, optional
        The name results carry (default ``static:PATH``).
    similarity : str, default "cosine"
        cosine, dot, euclidean or manhattan.

    Raises
    ------
    DataError
        No such file or folder, or a folder that is not a model2vec model.

    References
    ----------
    Mitchell, J. & Lapata, M. (2010). Composition in distributional models of semantics.
    *Cognitive Science* 34(8), 1388–1429.

    Examples
    --------
    "cat sat" averages ``[1, 0]`` and ``[1, 1]`` to ``[1, 0.5]``; its cosine with "dog",
    ``[0, 1]``, is ``0.5 / √1.25 ≈ 0.4472``:

    >>> vectors = Vectors(["cat", "sat", "dog"], [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> AverageScorer(vectors, name="toy").score((["Cat sat"], ["dog"])).round(4).tolist()
    [0.4472]
    """

    kind = "static"
    #: Why a pair gets no score (NaN).
    unscored_reason = "a text with no word in the vectors' vocabulary"
    #: The options :func:`simeval.scorers.get` passes on.
    options = frozenset({"similarity"})
    compares_vectors = True

    def __init__(
        self,
        path: str | os.PathLike[str] | Vectors,
        *,
        name: str | None = None,
        similarity: str = "cosine",
    ) -> None:
        self._vectors: Vectors | None = path if isinstance(path, Vectors) else None
        self.path = None if isinstance(path, Vectors) else Path(path).expanduser()
        if self.path is not None and self.path.is_dir():
            from .model2vec import check_folder

            check_folder(self.path, f"{self.kind}:{path}")
        elif self.path is not None and not self.path.is_file():
            raise DataError(f"{self.kind}:{self.path}: no such vector file or model2vec folder")
        self.name = name or f"{self.kind}:{self.path}"
        self._similarity = check_similarity(similarity)
        self._digest: str | None = None

    @classmethod
    def from_name(cls, name: str, path: str, **options: Any) -> AverageScorer:
        """The scorer ``KIND:PATH`` of :func:`simeval.scorers.get`."""
        return cls(path, name=name, **options)

    @classmethod
    def files_read(cls, path: str | os.PathLike[str], **options: Any) -> tuple[Path, ...]:
        """What the scorer of ``path`` reads: the model2vec folder, or the vector file (and
        the vocabulary of ``.npy`` vectors, :func:`~simeval.vectors.read.vector_files`)."""
        p = Path(path).expanduser()
        return (p,) if p.is_dir() else vector_files(p)

    @property
    def inputs(self) -> tuple[Path, ...]:
        """The vector file or model2vec folder (none for vectors given in memory)."""
        return () if self.path is None else self.files_read(self.path)

    @property
    def similarity(self) -> str:  # type: ignore[override]
        """The similarity function's name."""
        return self._similarity

    @property
    def digest(self) -> str:
        """SHA-256 of the vector file (of the matrix for in-memory vectors)."""
        if self._digest is None:
            if self.path is not None and self.path.is_dir():
                from .model2vec import folder_digest

                self._digest = folder_digest(self.path)
            elif self.path is not None:
                self._digest = file_sha256(self.path)
            else:
                assert self._vectors is not None
                h = hashlib.sha256("\n".join(self._vectors.words).encode())
                h.update(self._vectors.matrix.tobytes())
                self._digest = h.hexdigest()
        return self._digest

    @property
    def signature(self) -> str:
        """Vectors digest, composition and similarity function."""
        head = f"model:{self.name}|vectors:sha256:{self.digest[:16]}"
        return f"{head}|{self._extra()}sim:{self.similarity}"

    def _extra(self) -> str:
        return "compose:mean|"

    def _vectors_for(self, tokens: set[str]) -> Vectors:
        if self._vectors is not None:
            return self._vectors
        assert self.path is not None
        if self.path.is_dir():
            from .model2vec import word_vectors

            return word_vectors(self.path, sorted(tokens))
        return read_vectors(self.path, restrict_to=tokens)

    def _weights(self, words: Sequence[str]) -> NDArray[np.float64]:
        return np.ones(len(words))

    def text_vectors(self, texts: Sequence[str]) -> tuple[NDArray[np.float64], NDArray[np.bool_]]:
        """The composed vector of each text and whether it had any known word."""
        from scipy import sparse

        tokens = [word_tokens(t) for t in texts]
        vectors = self._vectors_for({w for ts in tokens for w in ts})
        flat = [w for ts in tokens for w in ts]
        cols = vectors.lookup(flat)
        rows = np.repeat(np.arange(len(texts)), [len(ts) for ts in tokens])
        known = cols >= 0
        used, where = np.unique(cols[known], return_inverse=True)
        weights = self._weights([vectors.words[i] for i in used])[where]
        counts = np.bincount(rows[known], minlength=len(texts)).astype(np.float64)
        m = sparse.csr_matrix(
            (weights, (rows[known], cols[known])), shape=(len(texts), len(vectors))
        )
        sums = np.asarray(m @ vectors.matrix)
        has = counts > 0
        out = np.zeros_like(sums)
        out[has] = sums[has] / counts[has, None]
        return out, has

    def _postprocess(self, x: NDArray[np.float64]) -> NDArray[np.float64]:
        return x

    def score(self, pairs: Any, *, progress: Progress | None = None) -> NDArray[np.float64]:
        """One similarity per pair; ``progress(done, total)`` counts texts."""
        return self.score_each(pairs, progress=progress)[self.similarity]

    def score_each(
        self, pairs: Any, similarities: Sequence[str] = (), *, progress: Progress | None = None
    ) -> dict[str, NDArray[np.float64]]:
        """The scores under the scorer's own similarity function and each of
        ``similarities``, from one composition of the text vectors."""
        texts1, texts2 = split_pairs(pairs)
        n = len(texts1)
        if progress is not None:
            progress(0, 2 * n)
        x, has = self.text_vectors(texts1 + texts2)
        x = self._postprocess(x)
        missing = ~(has[:n] & has[n:])
        out = {}
        for fn in dict.fromkeys([self.similarity, *similarities]):
            out[fn] = pair_similarity(x[:n], x[n:], fn)
            out[fn][missing] = np.nan
        _no_word_warning(self.name, missing)
        if progress is not None:
            progress(2 * n, 2 * n)
        return out


class SIFScorer(AverageScorer):
    """Smooth inverse frequency sentence vectors (Arora, Liang & Ma 2017, Algorithm 1).

    ``v_s = (1/|s|) Σ_{w∈s} a / (a + p(w)) · v_w`` with ``a = 1e-3`` and ``p(w)`` the word's
    unigram probability (``wordfreq.word_frequency(w, "en")`` unless ``frequencies`` is
    given; a word it does not know has p = 0), ``|s|`` the number of tokens with a vector;
    then the projection on the first singular vector ``u`` of the matrix of the text
    vectors is removed, ``v_s ← v_s − u uᵀ v_s``. The common component is estimated on the
    set scored, as the paper does: on the texts given to :meth:`fit` (``simeval run`` and
    ``simeval score`` give both texts of every pair of the data set, so a shard of it gets
    the same ``u``), else on the 2n texts of the scored pairs.

    Parameters
    ----------
    path : path or Vectors
        A vector file, a model2vec folder, or vectors in memory.
    name : str, optional
        The name results carry (default ``sif:PATH``).
    similarity : str, default "cosine"
        cosine, dot, euclidean or manhattan.
    a : float, default :data:`SIF_A`
        The smoothing constant.
    frequencies : mapping or callable, optional
        ``p(w)``: a table word → probability (0 for a word not in it) or a function.

    Raises
    ------
    DataError
        As :class:`AverageScorer`.
    MissingExtraError
        No ``frequencies`` and the ``wordfreq`` package not installed.

    References
    ----------
    Arora, S., Liang, Y. & Ma, T. (2017). A simple but tough-to-beat baseline for sentence
    embeddings. *ICLR 2017*, Algorithm 1.

    Examples
    --------
    Fitted on "cat", ``[1, 0]``, the common component is the first axis; removing it leaves
    "sat" (``[1, 1]``) and "dog" (``[0, 1]``) pointing the same way (cosine 1, where their
    averages have cosine ``1/√2``):

    >>> vectors = Vectors(["cat", "sat", "dog"], [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> sif = SIFScorer(vectors, name="toy", frequencies={}).fit(["cat"])
    >>> sif.score((["sat"], ["dog"])).round(4).tolist()
    [1.0]
    """

    kind = "sif"

    def __init__(
        self,
        path: str | os.PathLike[str] | Vectors,
        *,
        name: str | None = None,
        similarity: str = "cosine",
        a: float = SIF_A,
        frequencies: Mapping[str, float] | Callable[[str], float] | None = None,
    ) -> None:
        super().__init__(path, name=name, similarity=similarity)
        self.a = float(a)
        if frequencies is None:
            wordfreq = require("wordfreq", "baselines")
            self._freq: Callable[[str], float] = lambda w: wordfreq.word_frequency(w, "en")
            self._freq_source = "wordfreq-en"
        elif isinstance(frequencies, Mapping):
            table = dict(frequencies)
            self._freq = lambda w: float(table.get(w, 0.0))
            self._freq_source = "given"
        else:
            self._freq = frequencies
            self._freq_source = "given"
        self._component: NDArray[np.float64] | None = None  # fitted by fit()
        self._fitted_on = "scored set"

    def _extra(self) -> str:
        fitted = f"pc:1 removed over {self._fitted_on}"
        return f"compose:sif,a={self.a:g},p={self._freq_source},{fitted}|"

    def fit(self, texts: Sequence[str]) -> SIFScorer:
        """A SIF scorer (a copy) whose common component is the first singular vector of the
        vectors of ``texts`` (each text as often as given)."""
        fitted = copy.copy(self)
        x, _ = self.text_vectors(list(texts))
        fitted._component = _first_component(x)
        digest = hashlib.sha256("\n".join(texts).encode("utf-8")).hexdigest()
        fitted._fitted_on = f"{len(texts)} texts sha256:{digest[:12]}"
        return fitted

    def _weights(self, words: Sequence[str]) -> NDArray[np.float64]:
        p = np.fromiter((self._freq(w) for w in words), np.float64, len(words))
        return self.a / (self.a + p)

    def _postprocess(self, x: NDArray[np.float64]) -> NDArray[np.float64]:
        u = self._component if self._component is not None else _first_component(x)
        return x if u is None else x - np.outer(x @ u, u)


def _first_component(x: NDArray[np.float64]) -> NDArray[np.float64] | None:
    """The first right singular vector of ``x`` (None for a matrix of zeros)."""
    if not x.any():
        return None
    return np.asarray(np.linalg.svd(x, full_matrices=False)[2][0])
