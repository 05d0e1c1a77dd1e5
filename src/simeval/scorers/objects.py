"""Your own model as a scorer: any object with ``encode(texts, **kwargs) -> vectors`` (a
``SentenceTransformer``, an MTEB-style wrapper), a function ``texts -> vectors``, a
function ``(texts1, texts2) -> scores``, or a :class:`~simeval.scorers.base.Scorer`.

>>> import numpy as np
>>> def letters(texts):  # a model: one vector of letter counts per text
...     return np.array([[t.count(c) for c in "abcdefghijklmnopqrstuvwxyz"] for t in texts])
>>> scorer = from_object(letters, cache=False)
>>> scorer.name, scorer.score((["abc"], ["abc"])).tolist()
('letters', [1.0])
"""

from __future__ import annotations

import hashlib
import inspect
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import CacheWarning, InputError, InputTypeError
from .base import Scorer, cache_folder
from .embedding import EmbeddingScorer

__all__ = ["EncoderScorer", "PairFunctionScorer", "from_object"]

#: What ``encode`` is given besides the texts, when it takes the keyword (or ``**kwargs``
#: for ``batch_size``): sentence-transformers' names.
_ENCODE_KEYWORDS = {"show_progress_bar": False, "convert_to_numpy": True}


def _parameters(fn: Callable[..., Any]) -> list[inspect.Parameter] | None:
    try:
        return list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):  # a builtin or a C function: no signature to read
        return None


def _positional(fn: Callable[..., Any]) -> int | None:
    """How many positional arguments ``fn`` needs (None: its signature cannot be read)."""
    params = _parameters(fn)
    if params is None:
        return None
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return sum(p.kind in kinds and p.default is inspect.Parameter.empty for p in params)


def _as_matrix(name: str, vectors: Any, n: int) -> NDArray[Any]:
    """What an encoder gave (an array, a list, a torch tensor on any device) as a matrix of
    ``n`` rows, or an :class:`InputError` saying what it gave."""
    if hasattr(vectors, "detach"):  # a torch tensor, maybe on a GPU
        vectors = vectors.detach().cpu().numpy()
    out = np.asarray(vectors)
    if out.ndim != 2 or out.shape[0] != n or out.dtype.kind not in "fiu":
        raise InputError(
            f"{name} gave {out.dtype} of shape {out.shape} for {n} texts; it must give a "
            "numeric matrix with one row per text"
        )
    return out


class EncoderScorer(EmbeddingScorer):
    """The similarity of the vectors of your own encoder: an object with
    ``encode(texts, **kwargs)`` or a function ``texts -> vectors``.

    Parameters
    ----------
    encoder : object or callable
        ``encoder.encode(texts, batch_size=…)`` (``batch_size``, ``show_progress_bar`` and
        ``convert_to_numpy`` are passed when its ``encode`` takes them) or
        ``encoder(texts)``; one row per text.
    name : str, optional
        The name results carry (default: ``model_id``, else the class or function name).
    model_id, revision : str, optional
        The model's identity and version (a hub id and a commit, a path and a version):
        with both, embeddings are cached under them and the signature names them; without
        them nothing is cached (a :class:`~simeval.errors.CacheWarning` says so), since
        simeval cannot tell one version of an object from another.
    similarity : str, optional
        cosine (default, or the object's ``similarity_fn_name``), dot, euclidean or
        manhattan.
    batch_size : int
        Texts given to the encoder at a time.
    cache : bool
        Cache the embeddings (when ``model_id`` and ``revision`` are given).

    Raises
    ------
    InputError
        A ``batch_size`` that is not a positive integer; later, an encoder that gives
        anything but a numeric matrix with one row per text.

    Examples
    --------
    Vectors ``[1, 0]`` and ``[1, 1]`` are 45° apart: cosine ``1/√2 ≈ 0.7071``; their dot
    product is 1.

    >>> class Lookup:
    ...     table = {"a": [1.0, 0.0], "b": [1.0, 1.0]}
    ...     def encode(self, texts, batch_size=32):
    ...         return np.array([self.table[t] for t in texts])
    >>> scorer = EncoderScorer(Lookup(), model_id="lookup", revision="1")
    >>> scorer.score((["a"], ["b"])).round(4).tolist(), scorer.compare(
    ...     np.array([[1.0, 0.0]]), np.array([[1.0, 1.0]]), "dot").tolist()
    ([0.7071], [1.0])
    >>> scorer.signature
    'model:lookup|id:lookup|revision:1|sim:cosine'
    """

    options = frozenset({"similarity", "batch_size", "cache"})

    def __init__(
        self,
        encoder: Any,
        *,
        name: str | None = None,
        model_id: str | None = None,
        revision: str | None = None,
        similarity: str | None = None,
        batch_size: int = 32,
        cache: bool = True,
    ) -> None:
        self.encoder = encoder
        fn = getattr(encoder, "encode", encoder)
        label = getattr(encoder, "__name__", None) or type(encoder).__name__
        name = name or model_id or label
        own = getattr(encoder, "similarity_fn_name", None)
        keep = bool(cache and model_id and revision)
        if cache and not keep:
            warnings.warn(
                f"{name}: its embeddings are not cached (give model_id and revision to cache "
                "them: without them simeval cannot tell one version of the model from another)",
                CacheWarning,
                stacklevel=3,
            )
        super().__init__(name, similarity=similarity or own or "cosine", cache=keep)
        if not isinstance(batch_size, int) or batch_size < 1:
            raise InputError(f"batch_size must be a positive integer; got {batch_size!r}")
        self.batch_size = batch_size
        self.model_id, self.revision = model_id, revision
        self._call = fn
        self._kwargs = self._keywords(fn)

    def _keywords(self, fn: Callable[..., Any]) -> dict[str, Any]:
        params = _parameters(fn) or []
        names = {p.name for p in params}
        var_kw = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params)
        kwargs: dict[str, Any] = {k: v for k, v in _ENCODE_KEYWORDS.items() if k in names}
        if "batch_size" in names or (var_kw and fn is not self.encoder):
            kwargs["batch_size"] = self.batch_size
        return kwargs

    @property
    def inputs(self) -> tuple[Any, ...]:
        """The embedding cache folder when embeddings are cached (an object reads no file
        simeval knows of)."""
        return (cache_folder(),) if self.cache else ()

    @property
    def model_key(self) -> str:
        ident = f"{self.model_id}\0{self.revision}\0{sorted(self._kwargs.items())}"
        return "obj-" + hashlib.sha256(ident.encode("utf-8")).hexdigest()[:32]

    @property
    def signature(self) -> str:
        """Name, model id and revision as given (``unknown`` without), similarity."""
        return (
            f"model:{self.name}|id:{self.model_id or 'unknown'}|revision:"
            f"{self.revision or 'unknown'}|sim:{self.similarity}"
        )

    def embed(self, texts: Sequence[str]) -> NDArray[Any]:
        """The encoder's vectors of ``texts``."""
        return _as_matrix(self.name, self._call(list(texts), **self._kwargs), len(texts))


class PairFunctionScorer(Scorer):
    """Your own function ``(texts1, texts2) -> scores`` (one score per pair) as a scorer.

    Parameters
    ----------
    function : callable
        Called once per scored set with the two lists of texts.
    name : str, optional
        Default: the function's name.
    similarity : str
        What the scores are (default ``custom``).
    revision : str, optional
        The function's version, named in the signature.

    Examples
    --------
    >>> def same_length(texts1, texts2):
    ...     return [float(len(a) == len(b)) for a, b in zip(texts1, texts2)]
    >>> PairFunctionScorer(same_length).score((["ab", "abc"], ["cd", "c"])).tolist()
    [1.0, 0.0]
    """

    def __init__(
        self,
        function: Callable[[list[str], list[str]], ArrayLike],
        *,
        name: str | None = None,
        similarity: str = "custom",
        revision: str | None = None,
    ) -> None:
        self.function = function
        self.name = name or getattr(function, "__name__", None) or type(function).__name__
        self.similarity = similarity
        self.revision = revision

    def score_texts(self, texts1: list[str], texts2: list[str]) -> ArrayLike:
        """The function's scores."""
        return self.function(texts1, texts2)


def from_object(
    model: Any,
    *,
    name: str | None = None,
    model_id: str | None = None,
    revision: str | None = None,
    similarity: str | None = None,
    batch_size: int = 32,
    cache: bool = True,
) -> Scorer:
    """A scorer of ``model``: a :class:`~simeval.scorers.base.Scorer` (renamed when
    ``name`` is given), an object with ``encode`` or a one-argument function ``texts ->
    vectors`` (:class:`EncoderScorer`), or a two-argument function ``(texts1, texts2) ->
    scores`` (:class:`PairFunctionScorer`).

    Parameters
    ----------
    model : Scorer, object with ``encode``, or callable
    name, model_id, revision, similarity, batch_size, cache
        As :class:`EncoderScorer` takes them (``name``, ``revision`` and ``similarity``
        for a pair function too).

    Returns
    -------
    Scorer

    Raises
    ------
    InputTypeError
        ``model`` is none of these (the message says what it is).

    Examples
    --------
    >>> def overlap(texts1, texts2):  # a pair function: one score per pair
    ...     return [len(set(a) & set(b)) for a, b in zip(texts1, texts2)]
    >>> scorer = from_object(overlap)
    >>> type(scorer).__name__, scorer.score((["abc"], ["bcd"])).tolist()
    ('PairFunctionScorer', [2.0])
    >>> from_object(3)
    Traceback (most recent call last):
    simeval.errors.InputTypeError: a model must be a scorer name, a Scorer, an object with \
encode(texts), or a function; got int
    """
    if isinstance(model, Scorer):
        if name is not None and name != model.name:
            import copy

            model = copy.copy(model)
            model.name = name
        return model
    encodes = callable(getattr(model, "encode", None))
    arguments = None if encodes or not callable(model) else _positional(model)
    if encodes or arguments == 1:
        return EncoderScorer(
            model, name=name, model_id=model_id, revision=revision, similarity=similarity,
            batch_size=batch_size, cache=cache,
        )  # fmt: skip
    if arguments == 2:
        return PairFunctionScorer(
            model, name=name, similarity=similarity or "custom", revision=revision
        )
    what = type(model).__name__
    if callable(model):
        raise InputTypeError(
            f"a model function must take one argument (texts -> vectors) or two (texts1, "
            f"texts2 -> scores); {getattr(model, '__name__', what)} takes "
            f"{'an unreadable signature' if arguments is None else arguments}: wrap it in a "
            "def of one or two arguments"
        )
    raise InputTypeError(
        f"a model must be a scorer name, a Scorer, an object with encode(texts), or a "
        f"function; got {what}"
    )
