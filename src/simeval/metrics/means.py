"""Averages of metric values: the arithmetic and weighted means and Fisher's z mean of
correlations (Atoum 2019, eq. 4–5). Every average of simeval — across bins, data sets,
splits — is one of these; :mod:`simeval.evaluation.aggregate` applies them across data
sets."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import as_float_array
from ..errors import InputError

__all__ = ["FISHER_CLIP", "MEANS", "fisher_z", "fisher_z_mean", "mean_of", "weighted_mean"]

#: |r| is clipped to this before ``atanh`` so that r = ±1 gives a finite z.
FISHER_CLIP = 1.0 - 1e-15


def fisher_z(r: ArrayLike) -> NDArray[np.float64]:
    """Fisher's z of correlations, ``atanh(r)``, with |r| clipped to ``1 − 1e-15`` so that
    r = ±1 stays finite (NaN stays NaN); elementwise.

    >>> fisher_z([0.0, 1.0]).round(3).tolist()
    [0.0, 17.616]
    """
    return np.arctanh(np.clip(np.asarray(r, dtype=np.float64), -FISHER_CLIP, FISHER_CLIP))


def fisher_z_mean(rs: ArrayLike, weights: Sequence[float] | ArrayLike | None = None) -> float:
    r"""Average correlations through Fisher's z (Atoum 2019, eq. 4–5).

    .. math:: \bar r = \tanh\Big(\frac{\sum_k w_k \operatorname{atanh}(r_k)}{\sum_k w_k}\Big)

    Unweighted by default, as the paper; pass ``weights=n − 3`` for the inverse-variance
    weighting. |r| is clipped to ``1 − 1e-15`` before ``atanh`` so that r = ±1 stays finite.
    NaN values are an error: drop undefined correlations first, and say so.

    >>> round(fisher_z_mean([0.5, 0.7]), 6)  # tanh((atanh 0.5 + atanh 0.7)/2)
    0.609612
    """
    r = as_float_array(rs, "rs")
    if r.size == 0:
        raise InputError("`rs` is empty; nothing to average")
    if np.isnan(r).any():
        raise InputError(
            f"`rs` has NaN at index {int(np.argmax(np.isnan(r)))}; drop undefined correlations"
        )
    if (np.abs(r) > 1).any():
        raise InputError("`rs` must lie in [-1, 1]")
    z = fisher_z(r)
    if weights is None:
        return float(np.tanh(z.mean()))
    w = as_float_array(weights, "weights")
    if w.shape != r.shape:
        raise InputError(f"`weights` must match `rs` in length; got {w.size} and {r.size}")
    if (w < 0).any() or not np.isfinite(w).all() or w.sum() <= 0:
        raise InputError("`weights` must be finite, non-negative and not all zero")
    return float(np.tanh(np.dot(w, z) / w.sum()))


def weighted_mean(values: ArrayLike, weights: ArrayLike) -> float:
    r"""The weighted mean :math:`\sum_k w_k v_k / \sum_k w_k` — SemEval's official "Mean"
    over data sets weighted by their scored pairs (Agirre et al. 2012), SentEval's
    ``wmean``, the size-weighted dev/test averages of Atoum & Ayyagari (2019, Tables 5–7).

    >>> weighted_mean([0.5, 0.8], [100, 300])  # (50 + 240) / 400
    0.725
    """
    v = as_float_array(values, "values")
    w = as_float_array(weights, "weights")
    if w.shape != v.shape:
        raise InputError(f"`weights` must match `values` in length; got {w.size} and {v.size}")
    if (w < 0).any() or not np.isfinite(w).all() or w.sum() <= 0:
        raise InputError("`weights` must be finite, non-negative and not all zero")
    return float(np.dot(v, w) / w.sum())


#: The averages :func:`mean_of` knows: the plain mean, the weighted mean, Fisher's z mean
#: (unweighted, as Atoum 2019) and its weighted form (weights n − 3: the inverse variances
#: of atanh r).
MEANS = ("mean", "weighted_mean", "fisher_z_mean", "weighted_fisher_z_mean")


def mean_of(values: ArrayLike, how: str, sizes: ArrayLike | None = None) -> float:
    """One of :data:`MEANS` of ``values`` (one per data set); ``sizes`` are the data sets'
    pairs (the weights: n for the weighted mean, n − 3 for the weighted Fisher z mean).

    >>> round(mean_of([0.5, 0.7], "fisher_z_mean"), 6), mean_of([1.0, 2.0], "mean")
    (0.609612, 1.5)
    """
    if how == "mean":
        return float(np.mean(as_float_array(values, "values")))
    if how == "fisher_z_mean":
        return fisher_z_mean(values)
    if sizes is None:
        raise InputError(f"{how} needs the data sets' sizes")
    n = as_float_array(sizes, "sizes")
    if how == "weighted_mean":
        return weighted_mean(values, n)
    if how == "weighted_fisher_z_mean":
        return fisher_z_mean(values, np.maximum(n - 3, 0))
    raise InputError(f"unknown mean {how!r}; known: {', '.join(MEANS)}")
