r"""How close is a system to the humans who made the gold? Each system's Spearman ρ beside
the inter-annotator agreement of the raters (:mod:`simeval.stats.agreement`).

Two comparisons, on the same bootstrap resamples of the items:

- **Share of the ceiling**: ρ(system, gold) / IAA-2. The gold is the mean rating of each
  item (or the gold given); IAA-2 (Hill et al. 2015), the mean ρ of a single rater with the
  mean of the others, is the ceiling word-similarity papers quote. This is the
  conventional headline, but it does not compare like with like: the system is scored
  against the mean of *all* raters, a rater against the mean of the *others*, which is
  noisier.
- **Against an average single rater**, like with like: for each rater j, the system and
  rater j are both correlated with the same target — the mean of the raters other than j —
  on the items rater j rated; the difference
  :math:`\Delta = \overline{\rho(s, \bar r_{-j})} - \overline{\rho(r_j, \bar r_{-j})}`
  (means over the raters) is positive when the system agrees with the others better than
  an average rater does. Its percentile interval decides the verdict: "better" or "worse"
  than an average rater when the interval excludes 0, else "not separable".

Systems are taken as similarity scores (higher = more similar): give a distance negated.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import (
    NAN_POLICIES,
    NanPolicy,
    as_float_array,
    check_choice,
    check_int,
    check_probability,
)
from ..errors import InputError
from ..results import json_ready
from .agreement import RaterAgreement, agreement_result
from .agreement_kernels import Coded, check_ratings, spearman_codes
from .agreement_run import AgreementRun
from .bootstrap import BootstrapDistribution
from .bootstrap.resampling import MIN_INTERVAL_RESAMPLES, check_resamples

__all__ = ["HumanCeiling", "SystemVsHumans", "human_ceiling"]

#: What is bootstrapped for each system (the metrics of ``HumanCeiling.distribution``).
SYSTEM_STATISTICS = ("rho", "share", "rho_with_others", "difference")


@dataclass(frozen=True)
class SystemVsHumans:
    """One system against the raters (see the module).

    Attributes
    ----------
    system : str
        Its name.
    rho, rho_low, rho_high : float
        Its ρ with the gold, and the interval.
    share : float
        ``rho`` / IAA-2.
    rho_with_others : float
        The system's mean ρ with the mean of the raters other than j.
    rater_with_others : float
        IAA-2: a rater's mean ρ with the mean of the others.
    difference, difference_low, difference_high : float
        ``rho_with_others − rater_with_others`` and its interval.
    pvalue : float
        Two-sided, of the percentile test (as in :mod:`~simeval.stats.rank_intervals`).
    verdict : {"better", "worse", "not separable"} or None
        None without a bootstrap.

    Examples
    --------
    >>> R = [[1, 2, 1], [2, 1, 3], [3, 4, 2], [4, 3, 5], [5, 5, 4], [6, 6, 6]]
    >>> s = human_ceiling(R, {"model": [1, 2, 3, 4, 5, 6]}, n_resamples=0).systems[0]
    >>> s.system, s.rho, s.verdict  # the model orders the items as the mean rating does
    ('model', 1.0, None)
    """

    system: str
    rho: float
    rho_low: float
    rho_high: float
    share: float
    rho_with_others: float
    rater_with_others: float
    difference: float
    difference_low: float
    difference_high: float
    pvalue: float
    verdict: str | None

    def as_dict(self) -> dict[str, Any]:
        """The fields, JSON-ready."""
        return json_ready(dict(self.__dict__))


@dataclass(frozen=True, eq=False)
class HumanCeiling:
    """The raters' agreement and every system beside it (:func:`human_ceiling`).

    ``distribution`` holds the systems' bootstrap values (metrics ``rho``, ``share``,
    ``rho_with_others``, ``difference``), on the same item resamples as
    ``agreement.distribution``.

    Attributes
    ----------
    agreement : RaterAgreement
        The raters' agreement.
    ceiling : float
        IAA-2.
    systems : tuple of SystemVsHumans
        Each system beside it.
    confidence_level : float
        Of the intervals.
    distribution : BootstrapDistribution
        The systems' bootstrap values.
    dropped : int
        Items left out for a missing gold value or system score (``nan_policy="omit"``).

    Examples
    --------
    >>> R = [[1, 2, 1], [2, 1, 3], [3, 4, 2], [4, 3, 5], [5, 5, 4], [6, 6, 6]]
    >>> res = human_ceiling(R, {"model": [1, 2, 3, 4, 5, 6]}, n_resamples=0)
    >>> round(res.ceiling, 4), res.distribution.metrics
    (0.8434, ('rho', 'share', 'rho_with_others', 'difference'))
    """

    agreement: RaterAgreement
    ceiling: float
    systems: tuple[SystemVsHumans, ...]
    confidence_level: float
    distribution: BootstrapDistribution
    dropped: int = 0

    def summary(self) -> str:
        """One sentence per system.

        >>> R = np.array([[1, 2, 1], [2, 1, 3], [3, 4, 2], [4, 3, 5], [5, 5, 4], [6, 6, 6]])
        >>> res = human_ceiling(R, {"model": [1, 2, 3, 4, 5, 6]}, n_resamples=0)
        >>> print(res.summary())
        model: rho 1 against the mean rating, 119% of the human ceiling (IAA-2 = 0.8434).
        """
        out = []
        for s in self.systems:
            line = (
                f"{s.system}: rho {s.rho:.4g} against the mean rating, {s.share * 100:.0f}% of "
                f"the human ceiling (IAA-2 = {self.ceiling:.4g})"
            )
            if s.verdict is not None:
                level = f"{self.confidence_level * 100:g}%"
                line += (
                    f"; against the other raters it is {s.verdict} "
                    f"{'from' if s.verdict == 'not separable' else 'than'} an average single "
                    f"rater (difference {s.difference:+.3f}, {level} interval "
                    f"{s.difference_low:+.3f} to {s.difference_high:+.3f})"
                )
            out.append(line + ".")
        return "\n".join(out)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: the agreement, the ceiling and every system."""
        return json_ready(
            {
                "agreement": self.agreement.as_dict(),
                "ceiling": {"measure": "iaa2", "value": self.ceiling},
                "confidence_level": self.confidence_level,
                "systems": [s.as_dict() for s in self.systems],
            }
        )


def human_ceiling(
    ratings: ArrayLike,
    systems: Mapping[str, ArrayLike],
    *,
    gold: ArrayLike | None = None,
    persistent: bool = True,
    groups: Sequence[Sequence[int]] | None = None,
    n_splits: int = 100,
    n_resamples: int = 1000,
    confidence_level: float = 0.95,
    seed: int | np.random.Generator | None = None,
    nan_policy: NanPolicy = "raise",
) -> HumanCeiling:
    """Each system's ρ beside the human ceiling of ``ratings`` (items × raters).

    ``gold`` (one value per item) defaults to the mean of each item's ratings; the
    other parameters are those of :func:`~simeval.stats.agreement.rater_agreement`, whose
    result (on the same resamples) is ``agreement``.

    Parameters
    ----------
    ratings : array_like
        Items × raters (NaN: not rated).
    systems : mapping of str to array_like
        Each system's similarity of each item (a distance negated).
    gold : array_like, optional
        One value per item (default: the mean rating).
    persistent, groups, n_splits, n_resamples, confidence_level, seed
        As :func:`~simeval.stats.agreement.rater_agreement` takes them.
    nan_policy : {"raise", "omit"}, default "raise"
        A missing ``gold`` value or system score: an error, or the item left out for
        every system and the raters (``dropped`` counts them).

    Returns
    -------
    HumanCeiling

    Raises
    ------
    InputError
        Bad ratings, a system with a missing score or of another length, an item without a
        rating and no ``gold``.

    References
    ----------
    Hill, F., Reichart, R. & Korhonen, A. (2015). SimLex-999: evaluating semantic models
    with (genuine) similarity estimation. *Computational Linguistics* 41(4), 665–695.

    Examples
    --------
    >>> R = [[1, 2, 1], [2, 1, 3], [3, 4, 2], [4, 3, 5], [5, 5, 4], [6, 6, 6]]
    >>> res = human_ceiling(R, {"model": [1, 3, 2, 4, 6, 5]}, n_resamples=0)
    >>> s = res.systems[0]  # scipy.stats.spearmanr against the mean, the others' means
    >>> round(s.rho, 6), round(s.rho_with_others, 6), round(s.rater_with_others, 6)
    (0.885714, 0.854303, 0.843358)
    """
    check_choice("nan_policy", nan_policy, NAN_POLICIES)
    R = check_ratings(ratings)
    n = R.shape[0]
    names, S = _system_matrix(systems, n, finite=nan_policy == "raise")
    given = None if gold is None else as_float_array(gold, "gold")
    dropped = 0
    if nan_policy == "omit":  # the items every system and the gold score
        keep = np.isfinite(S).all(axis=0)
        if given is not None and given.shape == (n,):
            keep &= ~np.isnan(given)
            given = given[keep]
        dropped = int(n - keep.sum())
        R, S, n = R[keep], S[:, keep], int(keep.sum())
    rated = (~np.isnan(R)).sum(axis=1)
    if given is None and not rated.all():
        raise InputError(
            f"item {int(np.argmin(rated)) + 1} has no rating, so no mean; drop it or give `gold`"
        )
    g = np.where(np.isnan(R), 0.0, R).sum(axis=1) / np.maximum(rated, 1) if given is None else given
    if g.shape != (n,) or np.isnan(g).any():
        raise InputError(f"`gold` needs one value per item ({n}), none missing; got {g.size}")
    splits = check_int(n_splits, "n_splits")
    B = 0 if n_resamples == 0 else check_resamples(n_resamples, minimum=MIN_INTERVAL_RESAMPLES)
    check_probability(confidence_level, "confidence_level")
    run = AgreementRun(R, persistent=persistent, groups=groups, n_splits=splits, seed=seed)
    coded, gold_coded = [Coded.of(s) for s in S], Coded.of(g)

    def extra(
        idx: NDArray[np.intp], values: dict[str, NDArray[np.float64]]
    ) -> dict[str, NDArray[np.float64]]:
        return _system_values(coded, gold_coded, run, idx, values)

    full = run.observed(extra)
    boot = run.bootstrap(B, extra)
    agreement = agreement_result(run, full, boot, confidence_level)
    observed = np.stack([full[m][0] for m in SYSTEM_STATISTICS])  # (statistics, systems)
    resamples = (
        np.stack([boot[m].T for m in SYSTEM_STATISTICS])
        if B
        else np.empty((len(SYSTEM_STATISTICS), len(names), 0))
    )
    dist = BootstrapDistribution(
        metrics=SYSTEM_STATISTICS,
        systems=names,
        observed=observed,
        resamples=resamples,
        jackknife=None,
        n=n,
        seed=agreement.seed,
    )
    ceiling = agreement.iaa2.statistic
    rows = tuple(_system_row(dist, name, ceiling, confidence_level, B) for name in names)
    return HumanCeiling(agreement, ceiling, rows, confidence_level, dist, dropped)


def _system_matrix(
    systems: Mapping[str, ArrayLike], n: int, finite: bool = True
) -> tuple[tuple[str, ...], NDArray[np.float64]]:
    if not isinstance(systems, Mapping) or not systems:
        raise InputError("`systems` must be a non-empty mapping name → scores (one per item)")
    names = tuple(str(s) for s in systems)
    rows = []
    for name in names:
        s = as_float_array(systems[name], f"system {name}")
        if s.shape != (n,):
            raise InputError(f"system {name!r} has {s.size} scores for {n} rated items")
        if np.isinf(s).any() or (finite and np.isnan(s).any()):
            i = int(np.argmax(~np.isfinite(s)))
            raise InputError(
                f"system {name!r} has a {'missing' if np.isnan(s[i]) else 'infinite'} score "
                f"(item {i + 1}); fix it"
                + (", or pass nan_policy='omit' to leave such items out" if finite else "")
            )
        rows.append(s)
    return names, np.stack(rows)


def _system_values(
    systems: list[Coded],
    gold: Coded,
    run: AgreementRun,
    idx: NDArray[np.intp],
    values: dict[str, NDArray[np.float64]],
) -> dict[str, NDArray[np.float64]]:
    """Per resample (rows of ``idx``) and system: ρ with the gold, its share of IAA-2, the
    mean over raters j of ρ(system, mean of the others) on rater j's items, and that mean
    minus the raters' own (over the raters where both are defined)."""
    c, n = idx.shape
    k = run.k
    gold_b = gold.codes[idx]
    others = run.others_coded
    target = np.moveaxis(others.codes[idx], 2, 1).reshape(c * k, n)  # rater j's others
    seen = np.moveaxis(run.coded.codes[idx] >= 0, 2, 1)  # (c, k, n): rater j's items
    rho, with_others = [], []
    for s in systems:  # one system at a time bounds the memory to one chunk × raters
        sb = s.codes[idx]
        rho.append(spearman_codes(sb, s.levels, gold_b, gold.levels))
        x = np.where(seen, sb[:, None, :], -1).reshape(c * k, n)
        with_others.append(spearman_codes(x, s.levels, target, others.levels).reshape(c, k))
    rho_all, with_all = np.stack(rho), np.stack(with_others)  # (m, c), (m, c, k)
    rater = values["per_rater"]  # (c, k)
    both = ~np.isnan(with_all) & ~np.isnan(rater)[None]
    count = both.sum(axis=2)
    with np.errstate(invalid="ignore", divide="ignore"):
        sys_mean = np.where(both, with_all, 0.0).sum(axis=2) / count
        rater_mean = np.where(both, rater[None], 0.0).sum(axis=2) / count
        share = rho_all / values["iaa2"][None, :]
    return {
        "rho": rho_all.T,
        "share": share.T,
        "rho_with_others": sys_mean.T,
        "difference": (sys_mean - rater_mean).T,
    }


def _system_row(
    dist: BootstrapDistribution, name: str, ceiling: float, level: float, B: int
) -> SystemVsHumans:
    k = dist.systems.index(name)
    obs = {m: float(dist.observed[i, k]) for i, m in enumerate(dist.metrics)}
    rho_ci = diff_ci = (math.nan, math.nan)
    pvalue, verdict = math.nan, None
    if B:
        rho_ci = _interval(dist, "rho", name, level)
        diff_ci = _interval(dist, "difference", name, level)
        d = dist.values("difference", name)
        d = d[~np.isnan(d)]
        delta = obs["difference"]
        if d.size and not math.isnan(delta):
            against = np.count_nonzero(d < 0) if delta > 0 else np.count_nonzero(d > 0)
            against += 0.5 * np.count_nonzero(d == 0)
            pvalue = min(1.0, 2.0 * (against + 1.0) / (d.size + 1.0))
            verdict = "better" if diff_ci[0] > 0 else "worse" if diff_ci[1] < 0 else "not separable"
    return SystemVsHumans(
        system=name,
        rho=obs["rho"],
        rho_low=rho_ci[0],
        rho_high=rho_ci[1],
        share=obs["rho"] / ceiling if ceiling else math.nan,
        rho_with_others=obs["rho_with_others"],
        rater_with_others=obs["rho_with_others"] - obs["difference"],
        difference=obs["difference"],
        difference_low=diff_ci[0],
        difference_high=diff_ci[1],
        pvalue=pvalue,
        verdict=verdict,
    )


def _interval(
    dist: BootstrapDistribution, metric: str, system: str, level: float
) -> tuple[float, float]:
    ci = dist.interval(metric, system, method="percentile", confidence_level=level)
    return ci.low, ci.high
