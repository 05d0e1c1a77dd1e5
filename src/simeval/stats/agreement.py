r"""How well do the humans who made a gold standard agree? Inter-annotator agreement of a
rating matrix (items × raters; NaN = not rated), with bootstrap intervals over items.

- **IAA-1**: the mean Spearman ρ over pairs of raters, each pair on the items both rated
  (Hill, Reichart & Korhonen 2015, SimLex-999; Gerz et al. 2016, SimVerb-3500).
  Only for *persistent* raters: when a column holds whoever gave an item its j-th rating (a
  rating *slot*, as SimVerb-3500's ``r1 … r10``), two columns are not two people and IAA-1
  is undefined.
- **IAA-2**: the mean over raters of ρ between a rater and the mean of the *other* ratings
  of the same items, on the items the rater rated (Hill et al. 2015). For rating slots it
  is the agreement of one rating with the mean of the others, rater effects included.
- **Split-half**: ρ between the means of two random halves of the raters, corrected to
  the whole panel by Spearman–Brown, :math:`2r/(1 + r)` (Spearman 1910; Brown 1910),
  averaged over ``n_splits`` seeded splits. Raters in ``groups`` (e.g. WordSim-353's two
  panels, which rated different pairs) are halved within each group.

Intervals: percentile intervals of a bootstrap over *items* (the pairs of a word-similarity
set), drawn by the scheme of :mod:`simeval.stats.bootstrap`
(``default_rng(seed).integers(0, n, (c, n))``); every measure is recomputed on each
resample, ranks taken over the resampled items. Raters are not resampled: the intervals say
how the agreement of *these* raters varies with the items. For the split-half measure each
resample uses one split (from a generator spawned from the seed, so that the resamples stay
those of the scheme), so its interval also covers the choice of the split and is a little
wider than that of the average over splits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import check_int, check_probability
from ..results import json_ready
from .agreement_kernels import MEASURES, MIN_ITEMS, check_ratings
from .agreement_run import AgreementRun
from .bootstrap import BootstrapDistribution
from .bootstrap.resampling import MIN_INTERVAL_RESAMPLES, check_resamples

__all__ = ["AgreementMeasure", "RaterAgreement", "agreement_result", "rater_agreement"]


@dataclass(frozen=True)
class AgreementMeasure:
    """One agreement measure with its bootstrap percentile interval; ``units`` counts what
    was averaged (rater pairs, raters, splits) and ``reason`` says why it is NaN.

    Attributes
    ----------
    name : {"iaa1", "iaa2", "split_half"}
        The measure.
    statistic, low, high : float
        Its value and percentile interval (NaN without resamples).
    confidence_level : float
        Of the interval.
    units : int
        What was averaged.
    reason : str or None
        Why the value is NaN.

    Examples
    --------
    >>> R = [[1, 2, 1], [2, 1, 3], [3, 4, 2], [4, 3, 5], [5, 5, 4]]
    >>> iaa1 = rater_agreement(R, n_resamples=0).iaa1
    >>> iaa1.name, round(iaa1.statistic, 6), iaa1.units  # three pairs of raters
    ('iaa1', 0.633333, 3)
    """

    name: str
    statistic: float
    low: float
    high: float
    confidence_level: float
    units: int
    reason: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """The fields, JSON-ready."""
        return json_ready(dict(self.__dict__))


@dataclass(frozen=True, eq=False)
class RaterAgreement:
    """IAA-1, IAA-2 and split-half reliability of a rating matrix (see the module).

    ``per_rater`` holds each rater's (slot's) ρ with the mean of the others (NaN where
    undefined); ``distribution`` the bootstrap values (metrics ``iaa1``, ``iaa2``,
    ``split_half``; one "system", ``raters``).

    Attributes
    ----------
    iaa1, iaa2, split_half : AgreementMeasure
        The measures.
    n_items, n_raters : int
        The matrix's shape.
    persistent : bool
        Whether a column is one person.
    per_rater : tuple of float
        Each rater's ρ with the mean of the others.
    n_splits, n_resamples : int
        The halvings averaged, and the bootstrap resamples.
    seed : int or None
        The seed.
    distribution : BootstrapDistribution
        The measures on the resamples.

    References
    ----------
    Hill, F., Reichart, R. & Korhonen, A. (2015). SimLex-999: evaluating semantic models
    with (genuine) similarity estimation. *Computational Linguistics* 41(4), 665–695.

    Examples
    --------
    Rater 1 follows the order of the others' mean exactly (ρ = 1):

    >>> R = [[1, 2, 1], [2, 1, 3], [3, 4, 2], [4, 3, 5], [5, 5, 4]]
    >>> res = rater_agreement(R, n_resamples=0)
    >>> [round(r, 4) for r in res.per_rater], res.n_items, res.n_raters
    ([1.0, 0.5798, 0.5798], 5, 3)
    """

    iaa1: AgreementMeasure
    iaa2: AgreementMeasure
    split_half: AgreementMeasure
    n_items: int
    n_raters: int
    persistent: bool
    per_rater: tuple[float, ...]
    n_splits: int
    n_resamples: int
    seed: int | None
    distribution: BootstrapDistribution

    def measures(self) -> tuple[AgreementMeasure, ...]:
        """IAA-1, IAA-2 and the split-half, in that order."""
        return (self.iaa1, self.iaa2, self.split_half)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: the settings, the measures and the per-rater values."""
        return json_ready(
            {
                "n_items": self.n_items,
                "n_raters": self.n_raters,
                "persistent": self.persistent,
                "n_splits": self.n_splits,
                "n_resamples": self.n_resamples,
                "seed": self.seed,
                "measures": [m.as_dict() for m in self.measures()],
                "per_rater": list(self.per_rater),
            }
        )


def rater_agreement(
    ratings: ArrayLike,
    *,
    persistent: bool = True,
    groups: Sequence[Sequence[int]] | None = None,
    n_splits: int = 100,
    n_resamples: int = 1000,
    confidence_level: float = 0.95,
    seed: int | np.random.Generator | None = None,
) -> RaterAgreement:
    """Inter-annotator agreement of ``ratings`` (items × raters, NaN = not rated).

    Parameters
    ----------
    ratings : array-like, items × raters
    persistent : bool
        False when a column is a rating *slot* (whoever gave the item its j-th rating), not
        one person: IAA-1 is then NaN with the reason.
    groups : sequence of column-index sequences, optional
        Panels of raters who rated different items (WordSim-353: 13 raters for the first
        153 pairs, 16 others for the last 200): the split-half halves each panel.
    n_splits : int
        Random halvings averaged by the split-half estimate.
    n_resamples, confidence_level, seed
        The bootstrap over items and its percentile intervals (``n_resamples=0``: none).
        Resamples from ``default_rng(seed)``; splits from a generator spawned from it
        (:class:`~simeval.stats.agreement_run.AgreementRun`).

    Returns
    -------
    RaterAgreement

    Raises
    ------
    InputError
        A matrix :func:`~simeval.stats.agreement_kernels.check_ratings` refuses, bad
        ``groups``, splits or resamples.

    References
    ----------
    Hill, F., Reichart, R. & Korhonen, A. (2015). SimLex-999: evaluating semantic models
    with (genuine) similarity estimation. *Computational Linguistics* 41(4), 665–695.

    Spearman, C. (1910). Correlation calculated from faulty data. *British Journal of
    Psychology* 3(3), 271–295. Brown, W. (1910). Some experimental results in the
    correlation of mental abilities. *British Journal of Psychology* 3(3), 296–322.

    Examples
    --------
    Three raters on five items; IAA-1 averages ρ(1,2) = 0.8, ρ(1,3) = 0.8, ρ(2,3) = 0.3
    (scipy.stats.spearmanr of each pair):

    >>> R = [[1, 2, 1], [2, 1, 3], [3, 4, 2], [4, 3, 5], [5, 5, 4]]
    >>> res = rater_agreement(R, n_resamples=0)
    >>> round(res.iaa1.statistic, 6)
    0.633333
    """
    R = check_ratings(ratings)
    S = check_int(n_splits, "n_splits")
    B = 0 if n_resamples == 0 else check_resamples(n_resamples, minimum=MIN_INTERVAL_RESAMPLES)
    check_probability(confidence_level, "confidence_level")
    run = AgreementRun(R, persistent=persistent, groups=groups, n_splits=S, seed=seed)
    return agreement_result(run, run.observed(), run.bootstrap(B), confidence_level)


def agreement_result(
    run: AgreementRun,
    full: dict[str, NDArray[np.float64]],
    boot: dict[str, NDArray[np.float64]],
    confidence_level: float,
) -> RaterAgreement:
    """The :class:`RaterAgreement` of a run's values on the full data and on the resamples.

    Parameters
    ----------
    run : AgreementRun
        The run.
    full, boot : dict of str to numpy.ndarray
        Its values on the full data (:meth:`~simeval.stats.agreement_run.AgreementRun.observed`)
        and the resamples (:meth:`~simeval.stats.agreement_run.AgreementRun.bootstrap`).
    confidence_level : float
        Of the intervals.

    Returns
    -------
    RaterAgreement

    Examples
    --------
    >>> from simeval.stats.agreement_run import AgreementRun
    >>> R = np.array([[1, 2, 1], [2, 1, 3], [3, 4, 2], [4, 3, 5], [5, 5, 4]], dtype=float)
    >>> run = AgreementRun(R, persistent=False, groups=None, n_splits=10, seed=0)
    >>> res = agreement_result(run, run.observed(), run.bootstrap(0), 0.95)
    >>> res.iaa1.reason  # rating slots: no agreement between columns
    'the columns are rating slots, not persistent raters: a pairwise agreement between \
columns is not one between people'
    """
    observed = np.array([full[m][0] for m in MEASURES])
    B = int(boot["iaa2"].shape[0])
    dist = BootstrapDistribution(
        metrics=MEASURES,
        systems=("raters",),
        observed=observed[:, None],
        resamples=np.stack([boot[m] for m in MEASURES])[:, None, :],
        jackknife=None,
        n=run.n,
        seed=run.seed,
    )
    pairs = run.pairs
    persistent = pairs is not None
    units = (  # what each measure averaged: the defined ρ of pairs, of raters; the splits
        int(np.isfinite(full["per_pair"][0]).sum()),
        int(np.isfinite(full["per_rater"][0]).sum()),
        run.n_splits,
    )
    reasons = _reasons(observed, persistent, pairs)
    measures = [
        _measure(dist, m, units[i], reasons[i], confidence_level, B) for i, m in enumerate(MEASURES)
    ]
    return RaterAgreement(
        iaa1=measures[0],
        iaa2=measures[1],
        split_half=measures[2],
        n_items=run.n,
        n_raters=run.k,
        persistent=persistent,
        per_rater=tuple(float(v) for v in full["per_rater"][0]),
        n_splits=run.n_splits,
        n_resamples=B,
        seed=run.seed,
        distribution=dist,
    )


def _reasons(
    observed: NDArray[np.float64],
    persistent: bool,
    pairs: NDArray[np.intp] | None,
) -> list[str | None]:
    out: list[str | None] = [None, None, None]
    if not persistent:
        out[0] = (
            "the columns are rating slots, not persistent raters: a pairwise agreement "
            "between columns is not one between people"
        )
    elif pairs is not None and len(pairs) == 0:
        out[0] = f"no two raters rated {MIN_ITEMS} or more items in common"
    else:
        out[0] = (
            "Spearman's ρ is defined for no pair of raters (constant ratings on the items "
            "they share)"
        )
    if math.isnan(observed[1]):
        out[1] = (
            f"no rater's ρ with the others is defined (fewer than {MIN_ITEMS} shared items, "
            "or constant ratings)"
        )
    if math.isnan(observed[2]):
        out[2] = (
            "no split gives a defined correlation (too few items rated in both halves, or "
            "constant ratings)"
        )
    return [r if math.isnan(observed[i]) else None for i, r in enumerate(out)]


def _measure(
    dist: BootstrapDistribution,
    name: str,
    units: int,
    reason: str | None,
    level: float,
    n_resamples: int,
) -> AgreementMeasure:
    value = float(dist.observed[MEASURES.index(name), 0])
    low = high = math.nan
    if n_resamples and not math.isnan(value):
        ci = dist.interval(name, "raters", method="percentile", confidence_level=level)
        low, high = ci.low, ci.high
    return AgreementMeasure(name, value, low, high, level, units, reason)
