"""The vectorized computations behind :mod:`simeval.stats.agreement`: Spearman's ρ of many
rows at once over the items both rows have, and the mean of the other raters (the passes
over item resamples are :mod:`simeval.stats.agreement_run`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import InputError, param

__all__ = [
    "MEASURES",
    "MIN_ITEMS",
    "Coded",
    "check_ratings",
    "others_mean",
    "spearman_codes",
    "spearman_rows",
]

#: Fewest items a correlation is computed on.
MIN_ITEMS = 3
#: The agreement measures, in the order of every result.
MEASURES = ("iaa1", "iaa2", "split_half")


@dataclass(frozen=True)
class Coded:
    """Values as dense integer codes in value order (equal values, equal codes; −1 =
    missing) and the number of distinct values. A resample of the items is a gather of
    codes, and ranks within a row are *counted* from the codes (:func:`spearman_codes`),
    never sorted again.

    Attributes
    ----------
    codes : numpy.ndarray of int64
        The codes (−1: missing).
    levels : int
        The distinct values (at least 1).

    Examples
    --------
    >>> Coded.of(np.array([0.5, 2.0, 0.5, np.nan]))
    Coded(codes=array([ 0,  1,  0, -1]), levels=2)
    """

    codes: NDArray[np.int64]
    levels: int

    @classmethod
    def of(cls, values: NDArray[np.float64]) -> Coded:
        """The codes of ``values`` (NaN: missing)."""
        ok = ~np.isnan(values)
        uniq, inverse = np.unique(values[ok], return_inverse=True)
        codes = np.full(values.shape, -1, dtype=np.int64)
        codes[ok] = inverse
        return cls(codes, max(1, int(uniq.size)))


def _average_ranks(
    codes: NDArray[np.int64], valid: NDArray[np.bool_], levels: int
) -> NDArray[np.float64]:
    """Average ranks (1 = smallest; ties share their mean) of each row's valid entries:
    the entries below a value are counted by ``bincount`` and a running sum over levels."""
    rows = codes.shape[0]
    flat = codes + (np.arange(rows, dtype=np.int64) * levels)[:, None]
    counts = np.bincount(flat[valid], minlength=rows * levels).reshape(rows, levels)
    below = np.cumsum(counts, axis=1) - counts
    level_rank = (below + (counts + 1) / 2.0).ravel()
    return level_rank[np.where(valid, flat, 0)]


def spearman_codes(
    x: NDArray[np.int64], x_levels: int, y: NDArray[np.int64], y_levels: int
) -> NDArray[np.float64]:
    """Spearman's ρ between the rows of two code matrices (rows × n, −1 = missing), each
    row over the items where both are present: average ranks, then Pearson. NaN for fewer
    than 3 such items or a constant row.

    Parameters
    ----------
    x, y : numpy.ndarray of int64
        Codes, rows × n (:class:`Coded`).
    x_levels, y_levels : int
        Their numbers of distinct values.

    Returns
    -------
    numpy.ndarray
        One ρ per row.

    References
    ----------
    Spearman, C. (1904). The proof and measurement of association between two things.
    *The American Journal of Psychology* 15(1), 72–101.

    Examples
    --------
    One swap of four ranks: ``ρ = 1 − 6·2/(4·15) = 0.8``:

    >>> spearman_codes(np.array([[0, 1, 2, 3]]), 4, np.array([[0, 2, 1, 3]]), 4).tolist()
    [0.8]
    """
    valid = (x >= 0) & (y >= 0)
    m = valid.sum(axis=1)
    centre = (m[:, None] + 1) / 2.0  # the mean of the average ranks 1 … m
    cx = np.where(valid, _average_ranks(x, valid, x_levels) - centre, 0.0)
    cy = np.where(valid, _average_ranks(y, valid, y_levels) - centre, 0.0)
    num = (cx * cy).sum(axis=1)
    den = np.sqrt((cx * cx).sum(axis=1) * (cy * cy).sum(axis=1))
    r = np.full(num.shape, np.nan)
    ok = (m >= MIN_ITEMS) & (den > 0)
    r[ok] = np.clip(num[ok] / den[ok], -1.0, 1.0)
    return r


def spearman_rows(x: NDArray[np.float64], y: NDArray[np.float64]) -> NDArray[np.float64]:
    """Spearman's ρ between the rows of ``x`` and ``y`` (both c × n), each row over the
    items where both are present (not NaN); see :func:`spearman_codes`.

    Parameters
    ----------
    x, y : numpy.ndarray
        c × n values (NaN: missing).

    Returns
    -------
    numpy.ndarray
        One ρ per row.

    Examples
    --------
    >>> x = np.array([[1.0, 2, 3, 4, np.nan]]); y = np.array([[1.0, 3, 2, 4, 0]])
    >>> spearman_rows(x, y).round(6).tolist()  # scipy.stats.spearmanr of the first four
    [0.8]
    """
    cx, cy = Coded.of(x), Coded.of(y)
    return spearman_codes(cx.codes, cx.levels, cy.codes, cy.levels)


def others_mean(ratings: NDArray[np.float64]) -> NDArray[np.float64]:
    """``out[:, j]``: the mean of the other raters' ratings of each item (NaN where rater j
    did not rate the item or nobody else did).

    Parameters
    ----------
    ratings : numpy.ndarray
        Items × raters (NaN: not rated).

    Returns
    -------
    numpy.ndarray
        Items × raters.

    Examples
    --------
    >>> others_mean(np.array([[1.0, 3, 5], [2, np.nan, 4]]))  # doctest: +NORMALIZE_WHITESPACE
    array([[ 4.,  3.,  2.],
           [ 4., nan,  2.]])
    """
    present = ~np.isnan(ratings)
    total = np.where(present, ratings, 0.0).sum(axis=1, keepdims=True)
    count = present.sum(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = (total - np.where(present, ratings, 0.0)) / (count - 1)
    out[~present | (count - 1 <= 0)] = np.nan
    return out


def check_ratings(ratings: ArrayLike, name: str = "ratings") -> NDArray[np.float64]:
    """``ratings`` as an items × raters float matrix (NaN = not rated), at least 2 raters and
    3 items, no infinite value, every rater with at least one rating.

    Parameters
    ----------
    ratings : array_like
        Items × raters.
    name : str, default "ratings"
        The parameter's name, for messages.

    Returns
    -------
    numpy.ndarray

    Raises
    ------
    InputError
        Not numbers, not a matrix, too few raters or items, an infinite rating, or a rater
        who rated nothing.

    Examples
    --------
    >>> check_ratings([[1, 2], [2, 3], [3, np.nan]]).shape
    (3, 2)
    >>> check_ratings([[1, 2], [2, 3]])
    Traceback (most recent call last):
    simeval.errors.InputError: `ratings` needs at least 2 raters and 3 items; got shape (2, 2)
    """
    try:
        R = np.asarray(ratings, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InputError(f"{param(name)} must be numbers (items × raters); {exc}") from None
    if R.ndim != 2:
        raise InputError(f"{param(name)} must be a matrix items × raters; got shape {R.shape}")
    if R.shape[1] < 2 or R.shape[0] < MIN_ITEMS:
        raise InputError(
            f"{param(name)} needs at least 2 raters and {MIN_ITEMS} items; got shape {R.shape}"
        )
    if np.isinf(R).any():
        i, j = np.argwhere(np.isinf(R))[0]
        raise InputError(f"{param(name)} has an infinite rating at item {i + 1}, rater {j + 1}")
    empty = np.isnan(R).all(axis=0)
    if empty.any():
        j = int(np.argmax(empty)) + 1
        raise InputError(f"rater {j} of {param(name)} rated no item; drop it")
    return R
