"""The vectorized computations behind :mod:`simeval.stats.agreement`: Spearman's ρ of many
rows at once over the items both rows have, the mean of the other raters, random halvings
of the raters, and one pass of every agreement measure over a chunk of item resamples."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import rng_of
from ..errors import InputError
from .bootstrap import resample_indices

__all__ = [
    "MEASURES",
    "MIN_ITEMS",
    "AgreementRun",
    "Coded",
    "agreement_values",
    "check_ratings",
    "others_mean",
    "spearman_codes",
    "spearman_rows",
]

#: Items × resamples per chunk of the bootstrap (memory only, not the numbers).
CHUNK_CELLS = 1 << 21
#: Fewest items a correlation is computed on.
MIN_ITEMS = 3
#: The agreement measures, in the order of every result.
MEASURES = ("iaa1", "iaa2", "split_half")


@dataclass(frozen=True)
class Coded:
    """Values as dense integer codes in value order (equal values, equal codes; −1 =
    missing) and the number of distinct values. A resample of the items is a gather of
    codes, and ranks within a row are *counted* from the codes (:func:`spearman_codes`),
    never sorted again."""

    codes: NDArray[np.int64]
    levels: int

    @classmethod
    def of(cls, values: NDArray[np.float64]) -> Coded:
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
    than 3 such items or a constant row."""
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

    >>> x = np.array([[1.0, 2, 3, 4, np.nan]]); y = np.array([[1.0, 3, 2, 4, 0]])
    >>> spearman_rows(x, y).round(6).tolist()  # scipy.stats.spearmanr of the first four
    [0.8]
    """
    cx, cy = Coded.of(x), Coded.of(y)
    return spearman_codes(cx.codes, cx.levels, cy.codes, cy.levels)


def _rows(a: NDArray[Any], c: int, k: int, n: int) -> NDArray[Any]:
    """(c, n, k) → (c·k, n): one row per resample and column."""
    return np.moveaxis(a, 2, 1).reshape(c * k, n)


def others_mean(ratings: NDArray[np.float64]) -> NDArray[np.float64]:
    """``out[:, j]``: the mean of the other raters' ratings of each item (NaN where rater j
    did not rate the item or nobody else did)."""
    present = ~np.isnan(ratings)
    total = np.where(present, ratings, 0.0).sum(axis=1, keepdims=True)
    count = present.sum(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = (total - np.where(present, ratings, 0.0)) / (count - 1)
    out[~present | (count - 1 <= 0)] = np.nan
    return out


def check_ratings(ratings: ArrayLike, name: str = "ratings") -> NDArray[np.float64]:
    """``ratings`` as an items × raters float matrix (NaN = not rated), at least 2 raters and
    3 items, no infinite value, every rater with at least one rating."""
    try:
        R = np.asarray(ratings, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InputError(f"`{name}` must be numbers (items × raters); {exc}") from None
    if R.ndim != 2:
        raise InputError(f"`{name}` must be a matrix items × raters; got shape {R.shape}")
    if R.shape[1] < 2 or R.shape[0] < MIN_ITEMS:
        raise InputError(
            f"`{name}` needs at least 2 raters and {MIN_ITEMS} items; got shape {R.shape}"
        )
    if np.isinf(R).any():
        i, j = np.argwhere(np.isinf(R))[0]
        raise InputError(f"`{name}` has an infinite rating at item {i + 1}, rater {j + 1}")
    empty = np.isnan(R).all(axis=0)
    if empty.any():
        raise InputError(f"rater {int(np.argmax(empty)) + 1} of `{name}` rated no item; drop it")
    return R


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
    resamples ``idx`` (c × n), resample b halved by ``splits[b]``."""
    c, n = idx.shape
    k = run.k
    Rc, Oc = run.coded.codes[idx], run.others_coded.codes[idx]  # (c, n, k)
    per_rater = spearman_codes(
        _rows(Rc, c, k, n), run.coded.levels, _rows(Oc, c, k, n), run.others_coded.levels
    ).reshape(c, k)
    iaa2 = _nanmean_rows(per_rater)
    if not pairs or run.pairs is None or run.pairs.size == 0:
        iaa1 = np.full(c, np.nan)
    else:
        p = run.pairs
        x = _rows(Rc[:, :, p[:, 0]], c, len(p), n)
        y = _rows(Rc[:, :, p[:, 1]], c, len(p), n)
        L = run.coded.levels
        iaa1 = _nanmean_rows(spearman_codes(x, L, y, L).reshape(c, -1))
    Rb = run.R[idx]
    r = spearman_rows(_half_mean(Rb, splits[:, None, :]), _half_mean(Rb, ~splits[:, None, :]))
    with np.errstate(divide="ignore", invalid="ignore"):  # r = −1: halves reversed
        split_half = np.where(r > -1.0, 2.0 * r / (1.0 + r), np.nan)
    return {
        "iaa1": iaa1,
        "iaa2": iaa2,
        "split_half": split_half,
        "per_rater": per_rater,
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
