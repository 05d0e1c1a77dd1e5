"""Averages of metric values: the arithmetic and weighted means and Fisher's z mean of
correlations (Atoum 2019, eq. 4–5). Every average of simeval — across bins, data sets,
splits — is one of these; :mod:`simeval.evaluation.aggregate` applies them across data
sets."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike

from .._validate import as_float_array
from ..errors import InputError

__all__ = ["FISHER_CLIP", "fisher_z_mean"]

#: |r| is clipped to this before ``atanh`` so that r = ±1 gives a finite z.
FISHER_CLIP = 1.0 - 1e-15


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
    z = np.arctanh(np.clip(r, -FISHER_CLIP, FISHER_CLIP))
    if weights is None:
        return float(np.tanh(z.mean()))
    w = as_float_array(weights, "weights")
    if w.shape != r.shape:
        raise InputError(f"`weights` must match `rs` in length; got {w.size} and {r.size}")
    if (w < 0).any() or not np.isfinite(w).all() or w.sum() <= 0:
        raise InputError("`weights` must be finite, non-negative and not all zero")
    return float(np.tanh(np.dot(w, z) / w.sum()))
