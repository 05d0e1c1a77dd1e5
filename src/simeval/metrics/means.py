"""Averages of metric values: the arithmetic and weighted means and Fisher's z mean of
correlations (Atoum 2019, eq. 4–5). Every average of simeval — across bins, data sets,
splits — is one of these; :mod:`simeval.evaluation.aggregate` applies them across data
sets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import as_float_array
from ..errors import InputError

__all__ = [
    "ALONG",
    "FISHER_CLIP",
    "MEANS",
    "Aggregate",
    "aggregate_along",
    "fisher_z",
    "fisher_z_mean",
    "mean_of",
    "weighted_mean",
]

Aggregate = Literal["fisher_z", "weighted_mean", "mean"]
#: The averages :func:`aggregate_along` takes.
ALONG: tuple[Aggregate, ...] = ("fisher_z", "weighted_mean", "mean")

#: |r| is clipped to this before ``atanh`` so that r = ±1 gives a finite z.
FISHER_CLIP = 1.0 - 1e-15


def fisher_z(r: ArrayLike) -> NDArray[np.float64]:
    """Fisher's z of correlations, ``atanh(r)``, with |r| clipped to ``1 − 1e-15`` so that
    r = ±1 stays finite (NaN stays NaN); elementwise (Fisher 1921).

    Parameters
    ----------
    r : array_like
        Correlations in [−1, 1].

    Returns
    -------
    numpy.ndarray
        ``atanh(r)``, of ``r``'s shape.

    Examples
    --------
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

    Parameters
    ----------
    rs : array_like
        Correlations in [−1, 1].
    weights : array_like, optional
        Non-negative weights, one per correlation.

    Returns
    -------
    float

    Examples
    --------
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
    return float(aggregate_along(r, "fisher_z", weights=weights))


def weighted_mean(values: ArrayLike, weights: ArrayLike) -> float:
    r"""The weighted mean :math:`\sum_k w_k v_k / \sum_k w_k` — SemEval's official "Mean"
    over data sets weighted by their scored pairs (Agirre et al. 2012), SentEval's
    ``wmean``, the size-weighted dev/test averages of Atoum & Ayyagari (2019, Tables 5–7).

    Parameters
    ----------
    values : array_like
        The values.
    weights : array_like
        Non-negative weights, not all zero, one per value.

    Returns
    -------
    float

    Examples
    --------
    >>> weighted_mean([0.5, 0.8], [100, 300])  # (50 + 240) / 400
    0.725
    """
    return float(
        aggregate_along(as_float_array(values, "values"), "weighted_mean", weights=weights)
    )


#: The averages :func:`mean_of` knows: the plain mean, the weighted mean, Fisher's z mean
#: (unweighted, as Atoum 2019) and its weighted form (weights n − 3: the inverse variances
#: of atanh r).
MEANS = ("mean", "weighted_mean", "fisher_z_mean", "weighted_fisher_z_mean")


def mean_of(values: ArrayLike, how: str, sizes: ArrayLike | None = None) -> float:
    """One of :data:`MEANS` of ``values`` (one per data set); ``sizes`` are the data sets'
    pairs (the weights: n for the weighted mean, n − 3 for the weighted Fisher z mean).

    Parameters
    ----------
    values : array_like
        One value per data set.
    how : str
        One of :data:`MEANS`.
    sizes : array_like, optional
        The data sets' pairs (needed by the weighted means).

    Returns
    -------
    float

    Examples
    --------
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


def aggregate_along(
    values: ArrayLike,
    how: Aggregate,
    *,
    weights: Sequence[float] | ArrayLike | None = None,
    axis: int = 0,
) -> NDArray[np.float64]:
    r"""Average ``values`` along ``axis`` (the data sets of a collection), for many systems and
    resamples at once.

    - ``"mean"``: :math:`\frac1D\sum_d v_d` (SimCSE's "Avg.", SentEval's ``mean``);
    - ``"weighted_mean"``: :math:`\sum_d w_d v_d / \sum_d w_d` with ``weights`` (the pairs
      of each set: SemEval's official mean, SentEval's ``wmean``);
    - ``"fisher_z"``: :math:`\tanh(\sum_d w_d \operatorname{atanh} v_d / \sum_d w_d)`, equal
      weights unless ``weights`` are given (Atoum 2019, eq. 4–5; :func:`fisher_z_mean`), with
      |v| clipped to :data:`FISHER_CLIP`.

    A NaN value makes its average NaN (an undefined correlation on one set leaves the
    collection's value undefined; drop the set to average the others).

    Parameters
    ----------
    values : array_like
        The values; ``axis`` runs over the data sets.
    how : {"fisher_z", "weighted_mean", "mean"}
        The average.
    weights : array_like, optional
        One weight per data set.
    axis : int, default 0
        The axis averaged over.

    Returns
    -------
    numpy.ndarray
        ``values`` without ``axis``.

    Examples
    --------
    >>> v = np.array([[0.5, 0.2], [0.7, 0.4]])  # 2 data sets × 2 systems
    >>> np.round(aggregate_along(v, "fisher_z"), 6).tolist()  # tanh((atanh .5 + atanh .7)/2) …
    [0.609612, 0.303337]
    >>> aggregate_along(v, "weighted_mean", weights=[1, 3]).tolist()
    [0.65, 0.35000000000000003]
    """
    if how not in ALONG:
        raise InputError(f"`how` must be one of {ALONG}; got {how!r}")
    v = np.moveaxis(np.asarray(values, dtype=np.float64), axis, 0)
    if v.shape[0] == 0:
        raise InputError("`values` is empty along `axis`; nothing to average")
    if weights is None:
        if how == "weighted_mean":
            raise InputError("the weighted mean needs `weights` (e.g. the pairs of each set)")
        w = np.ones(v.shape[0])
    else:
        w = as_float_array(weights, "weights")
        if w.shape != (v.shape[0],):
            raise InputError(
                f"`weights` needs one weight per averaged value; got {w.size} for {v.shape[0]}"
            )
        if (w < 0).any() or not np.isfinite(w).all() or w.sum() <= 0:
            raise InputError("`weights` must be finite, non-negative and not all zero")
    total = float(w.sum())
    along = w.reshape((-1,) + (1,) * (v.ndim - 1))
    if how == "fisher_z":
        if (np.abs(v[~np.isnan(v)]) > 1).any():
            raise InputError("Fisher's z averages correlations: `values` must lie in [-1, 1]")
        return np.asarray(np.tanh((along * fisher_z(v)).sum(axis=0) / total), dtype=np.float64)
    return np.asarray((along * v).sum(axis=0) / total, dtype=np.float64)
