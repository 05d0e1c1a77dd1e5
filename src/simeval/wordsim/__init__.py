"""Word-similarity evaluation of a word-vector model, equal to R wordspace 0.2-8.

The functions reproduce, step by step, the R source of wordspace 0.2-8 (Evert 2014; R files
``eval_similarity_correlation.R``, ``pair_distances.R``, ``dist_matrix.R``,
``convert_lemma.R`` and the C++ kernels ``CPP_col_dist_dense`` /
``CPP_similarity_to_distance``):

- :func:`distance_matrix` is ``dist.matrix``: cosine as the angle in degrees
  (``convert=TRUE``, cosines within 1e-12 of ±1 snapped to ±1) or as a similarity
  (``convert=FALSE``); euclidean, manhattan, maximum and minkowski distances.
- :func:`pair_distances` is ``pair.distances``: one value per pair, ``+inf`` (``-inf``
  for similarities) where a word is unknown; with ``rank`` the neighbour rank of
  ``pair.ranks``: ``rank(x, ties.method="min") - 1`` among *all* rows of the matrix.
- :func:`evaluate` is ``eval.similarity.correlation``: unknown pairs get a surrogate 10%
  beyond the observed range; |ρ| (Spearman), its p-value
  (``cor.test(method="spearman", exact=FALSE)``: the t approximation on n − 2 df),
  |r| (Pearson) and its Fisher-z 95% interval, flipped when r < 0.
- :func:`convert_lemma` is ``convert.lemma``; :func:`plot` is
  ``plot.eval.similarity.correlation`` with R's :func:`lowess`.

The modules: :mod:`~simeval.wordsim.distances` (distances and neighbour ranks),
:mod:`~simeval.wordsim.evaluation` (the correlation report), :mod:`~simeval.wordsim.lemmas`
and :mod:`~simeval.wordsim.plot`.
"""

from __future__ import annotations

from .distances import (
    AVG_METHODS,
    BATCH_SIZE,
    COSINE_TOL,
    METHODS,
    RANKS,
    AvgMethod,
    Method,
    Rank,
    check_method,
    distance_matrix,
    pair_distances,
)
from .evaluation import PairDetails, WordsimResult, evaluate, signature
from .lemmas import LEMMA_FORMATS, convert_lemma
from .options import WordsimOptions
from .plot import lowess, plot

__all__ = [
    "AVG_METHODS",
    "BATCH_SIZE",
    "COSINE_TOL",
    "LEMMA_FORMATS",
    "METHODS",
    "RANKS",
    "AvgMethod",
    "Method",
    "PairDetails",
    "Rank",
    "WordsimOptions",
    "WordsimResult",
    "check_method",
    "convert_lemma",
    "distance_matrix",
    "evaluate",
    "lowess",
    "pair_distances",
    "plot",
    "signature",
]
