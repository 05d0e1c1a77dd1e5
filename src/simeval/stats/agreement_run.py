"""One pass of every agreement measure over a chunk of item resamples, and the run that
makes those passes over the full data and the bootstrap resamples, with random halvings
of the raters for the split-half measure."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._validate import rng_of
from ..errors import InputError
from .agreement_kernels import (
    MEASURES,
    MIN_ITEMS,
    Coded,
    others_mean,
    spearman_codes,
    spearman_rows,
)
from .bootstrap import resample_indices

__all__ = ["AgreementRun", "agreement_values"]

#: Items × resamples per chunk of the bootstrap (memory only, not the numbers).
CHUNK_CELLS = 1 << 21


def _rows(a: NDArray[Any], c: int, k: int, n: int) -> NDArray[Any]:
    """(c, n, k) → (c·k, n): one row per resample and column."""
    return np.moveaxis(a, 2, 1).reshape(c * k, n)


def _groups(groups: Sequence[Sequence[int]] | None, k: int) -> list[NDArray[np.intp]]:
    if groups is None:
        return [np.arange(k)]
    out = [np.asarray(g, dtype=np.intp) for g in groups]
    flat = np.concatenate(out) if out else np.array([], dtype=np.intp)
    if sorted(flat.tolist()) != list(range(k)):
        raise InputError(f"`groups` must share out the {k} raters (0 … {k - 1}), each once")
    return out


def draw_splits(
    groups: list[NDArray[np.intp]], k: int, count: int, rng: np.random.Generator
) -> NDArray[np.bool_]:
    """``count`` random halvings of the raters, as masks (count × k) of the first half:
    within each group, the first ⌊m/2⌋ raters of ``rng.permutation(m)``."""
    masks = np.zeros((count, k), dtype=bool)
    for g in groups:
        half = g.size // 2
        for c in range(count):
            masks[c, g[rng.permutation(g.size)[:half]]] = True
    return masks


def _pairs(present: NDArray[np.bool_]) -> NDArray[np.intp]:
    """The rater pairs (i < j) with at least :data:`MIN_ITEMS` items rated by both."""
    overlap = present.T.astype(np.int64) @ present.astype(np.int64)
    i, j = np.triu_indices(present.shape[1], k=1)
    keep = overlap[i, j] >= MIN_ITEMS
    return np.stack([i[keep], j[keep]], axis=1)


def agreement_values(
    run: AgreementRun, idx: NDArray[np.intp], splits: NDArray[np.bool_], pairs: bool = True
) -> dict[str, NDArray[np.float64]]:
    """IAA-1, IAA-2 (and each rater's ρ with the others) and split-half on the item
    resamples ``idx`` (c × n), resample b halved by ``splits[b]``.

    Parameters
    ----------
    run : AgreementRun
        The rating matrix and what is computed once from it.
    idx : numpy.ndarray
        c × n item indices, one resample per row.
    splits : numpy.ndarray of bool
        c × k: the raters of the first half, per resample.
    pairs : bool, default True
        Whether to compute IAA-1.

    Returns
    -------
    dict of str to numpy.ndarray
        ``iaa1``, ``iaa2``, ``split_half`` (c each), ``per_rater`` (c × k) and
        ``per_pair`` (c × the pairs of raters: the ρ IAA-1 averages, NaN where undefined;
        no column without IAA-1).

    References
    ----------
    Hill, F., Reichart, R. & Korhonen, A. (2015). SimLex-999: evaluating semantic models
    with (genuine) similarity estimation. *Computational Linguistics* 41(4), 665–695.

    Examples
    --------
    Rater 1 rates 1 … 5 in the order of the other two raters' mean (1.5, 2, 3, 4, 4.5), so
    its ρ with them is 1; halving the raters as {1} and {2, 3} gives r = 1, and the
    Spearman–Brown ``2r/(1 + r) = 1``:

    >>> R = np.array([[1, 2, 1], [2, 1, 3], [3, 4, 2], [4, 3, 5], [5, 5, 4]], dtype=float)
    >>> run = AgreementRun(R, persistent=True, groups=None, n_splits=10, seed=0)
    >>> values = agreement_values(run, np.arange(5)[None, :], np.array([[True, False, False]]))
    >>> values["per_rater"][0, 0], values["split_half"].tolist()
    (np.float64(1.0), [1.0])
    """
    c, n = idx.shape
    k = run.k
    Rc, Oc = run.coded.codes[idx], run.others_coded.codes[idx]  # (c, n, k)
    per_rater = spearman_codes(
        _rows(Rc, c, k, n), run.coded.levels, _rows(Oc, c, k, n), run.others_coded.levels
    ).reshape(c, k)
    iaa2 = _nanmean_rows(per_rater)
    if not pairs or run.pairs is None or run.pairs.size == 0:
        per_pair = np.full((c, 0), np.nan)
    else:
        p = run.pairs
        x = _rows(Rc[:, :, p[:, 0]], c, len(p), n)
        y = _rows(Rc[:, :, p[:, 1]], c, len(p), n)
        L = run.coded.levels
        per_pair = spearman_codes(x, L, y, L).reshape(c, -1)
    iaa1 = _nanmean_rows(per_pair)
    Rb = run.R[idx]
    r = spearman_rows(_half_mean(Rb, splits[:, None, :]), _half_mean(Rb, ~splits[:, None, :]))
    with np.errstate(divide="ignore", invalid="ignore"):  # r = −1: halves reversed
        split_half = np.where(r > -1.0, 2.0 * r / (1.0 + r), np.nan)
    return {
        "iaa1": iaa1,
        "iaa2": iaa2,
        "split_half": split_half,
        "per_rater": per_rater,
        "per_pair": per_pair,
    }


def _nanmean_rows(x: NDArray[np.float64]) -> NDArray[np.float64]:
    count = (~np.isnan(x)).sum(axis=1)
    total = np.nansum(x, axis=1)
    out = np.full(x.shape[0], np.nan)
    out[count > 0] = total[count > 0] / count[count > 0]
    return out


def _half_mean(Rb: NDArray[np.float64], mask: NDArray[np.bool_]) -> NDArray[np.float64]:
    inside = mask & ~np.isnan(Rb)
    count = inside.sum(axis=2)
    total = np.where(inside, Rb, 0.0).sum(axis=2)
    out = np.full(count.shape, np.nan)
    np.divide(total, count, out=out, where=count > 0)
    return out


Extra = Callable[[NDArray[np.intp], dict[str, NDArray[np.float64]]], dict[str, NDArray[np.float64]]]


class AgreementRun:
    """The agreement measures of one rating matrix on the full data and on bootstrap
    resamples of its items, with room for more statistics computed on the same resamples
    (``extra(idx, values)``, e.g. systems against the raters: :mod:`simeval.stats.ceiling`).

    Random numbers: the item resamples come from ``default_rng(seed)`` exactly as in
    :mod:`simeval.stats.bootstrap` (the same seed and number of items give the same
    resamples as :func:`~simeval.stats.bootstrap.bootstrap_distribution`); the splits from a
    generator spawned from the seed, so they do not shift the resamples.

    Parameters
    ----------
    R : numpy.ndarray
        Items × raters (:func:`~simeval.stats.agreement_kernels.check_ratings`).
    persistent : bool
        Whether a column is one person (else a rating slot: no IAA-1).
    groups : sequence of sequence of int, optional
        Panels of raters halved apart.
    n_splits : int
        Halvings averaged on the full data.
    seed : int, Generator or None
        Of the resamples and the splits.

    Examples
    --------
    IAA-1 averages the ρ of the three pairs of raters, 0.8, 0.8 and 0.3:

    >>> R = np.array([[1, 2, 1], [2, 1, 3], [3, 4, 2], [4, 3, 5], [5, 5, 4]], dtype=float)
    >>> run = AgreementRun(R, persistent=True, groups=None, n_splits=10, seed=0)
    >>> round(float(run.observed()["iaa1"][0]), 6), run.bootstrap(20)["iaa2"].shape
    (0.633333, (20,))
    """

    def __init__(
        self,
        R: NDArray[np.float64],
        *,
        persistent: bool,
        groups: Sequence[Sequence[int]] | None,
        n_splits: int,
        seed: int | np.random.Generator | None,
    ):
        self.R = R
        self.n, self.k = R.shape
        self.parts = _groups(groups, self.k)
        self.pairs = _pairs(~np.isnan(R)) if persistent else None
        self.others = others_mean(R)
        self.coded, self.others_coded = Coded.of(R), Coded.of(self.others)
        self.n_splits = n_splits
        self.seed = seed if isinstance(seed, (int, np.integer)) else None
        self.rng = rng_of(seed)
        self.split_rng = self.rng.spawn(1)[0]

    def values(
        self, idx: NDArray[np.intp], splits: NDArray[np.bool_], extra: Extra | None
    ) -> dict[str, NDArray[np.float64]]:
        """:func:`agreement_values` and what ``extra`` adds, on the resamples ``idx``."""
        vals = agreement_values(self, idx, splits)
        if extra is not None:
            vals.update(extra(idx, vals))
        return vals

    def observed(self, extra: Extra | None = None) -> dict[str, NDArray[np.float64]]:
        """Every statistic on the full data (one value each; per-rater rows of length k).
        The split-half is averaged over ``n_splits`` splits."""
        splits = draw_splits(self.parts, self.k, self.n_splits, self.split_rng)
        one = np.arange(self.n)[None, :]
        vals = self.values(one, splits[:1], extra)
        halves = agreement_values(self, np.tile(one, (self.n_splits, 1)), splits, pairs=False)[
            "split_half"
        ]
        vals["split_half"] = np.array([_mean_defined(halves)])
        return vals

    def bootstrap(
        self, n_resamples: int, extra: Extra | None = None
    ) -> dict[str, NDArray[np.float64]]:
        """Every statistic on ``n_resamples`` item resamples (one split each)."""
        parts: dict[str, list[NDArray[np.float64]]] = {}
        width = self.k if self.pairs is None else max(self.k, len(self.pairs))
        rows = max(1, CHUNK_CELLS // (self.n * width))
        for idx in resample_indices(self.n, n_resamples, self.rng, chunk_size=rows):
            splits = draw_splits(self.parts, self.k, idx.shape[0], self.split_rng)
            for name, v in self.values(idx, splits, extra).items():
                parts.setdefault(name, []).append(v)
        return (
            {name: np.concatenate(v, axis=0) for name, v in parts.items()}
            if parts
            else {m: np.empty(0) for m in MEASURES}
        )


def _mean_defined(values: NDArray[np.float64]) -> float:
    ok = values[~np.isnan(values)]
    return float(ok.mean()) if ok.size else math.nan
