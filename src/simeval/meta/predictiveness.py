"""How well an intrinsic measure predicts the ranking of systems on an extrinsic task
(Reimers, Beyer & Gurevych 2016, §3 and Table 2): ρ(IR, ER), MAD and MSD, with a bootstrap
over systems for the stability of ρ."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from .._validate import check_probability
from ..errors import InputError, param
from ..metrics.correlation import pearson_rows
from ..results import json_ready
from ..stats.bootstrap.resampling import MIN_INTERVAL_RESAMPLES, check_resamples
from ..stats.ranks import rank_values, system_values
from .ranks import Table, constant_reason, metric_direction, unrankable_reason

__all__ = ["Predictiveness", "PredictivenessTable", "predictiveness"]


@dataclass(frozen=True)
class Predictiveness:
    """Predictiveness of one intrinsic measure for an extrinsic task (Reimers et al. 2016 §3).

    ``rho`` = ρ(IR, ER), ``mad`` = mean |IR − ER|, ``msd`` = mean (IR − ER)², ``rank`` the
    position of ``rho`` among all measures (highest first, ties share the better place as
    in Table 2), ``ci_low``/``ci_high`` a percentile interval of ρ from a bootstrap over
    systems (``n_undefined`` resamples with a constant ranking dropped).

    Attributes
    ----------
    measure : str
    rho, mad, msd : float
        ρ(IR, ER), mean absolute and mean squared rank difference.
    rank : int
        Place among the measures, 1 = most predictive.
    ci_low, ci_high, confidence_level : float
        The bootstrap interval of ρ.
    n_systems, n_resamples, n_undefined : int
    reason : str or None

    References
    ----------
    Reimers, N., Beyer, P. & Gurevych, I. (2016). Task-oriented intrinsic evaluation of
    semantic textual similarity. *Proceedings of COLING 2016*, 87–96.

    Examples
    --------
    >>> res = predictiveness({"pearson": {"a": 0.9, "b": 0.8, "c": 0.7, "d": 0.6},
    ...                       "f1_low": {"a": 0.1, "b": 0.2, "c": 0.3, "d": 0.4}},
    ...                      {"a": 10, "b": 20, "c": 30, "d": 40}, n_resamples=100, seed=0)

    >>> best = res[0]
    >>> best.measure, best.msd, best.n_systems
    ('f1_low', 0.0, 4)
    """

    measure: str
    rho: float
    mad: float
    msd: float
    rank: int
    ci_low: float
    ci_high: float
    confidence_level: float
    n_systems: int
    n_resamples: int
    n_undefined: int
    #: Why ``rho`` or its interval is NaN, when one is.
    reason: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return json_ready(asdict(self))


class PredictivenessTable(list[Predictiveness]):
    """The list :func:`predictiveness` returns, with a picture.

    Parameters
    ----------
    iterable : iterable of Predictiveness

    Examples
    --------
    >>> res = predictiveness({"pearson": {"a": 0.9, "b": 0.8, "c": 0.7, "d": 0.6},
    ...                       "f1_low": {"a": 0.1, "b": 0.2, "c": 0.3, "d": 0.4}},
    ...                      {"a": 10, "b": 20, "c": 30, "d": 40}, n_resamples=100, seed=0)
    >>> ax = res.plot()
    >>> [p.measure for p in res]
    ['f1_low', 'pearson']
    """

    def plot(self, *, ax: Any = None) -> Any:
        """ρ(IR, ER) of each measure with its bootstrap interval (Reimers et al. 2016,
        §3, Table 2) as bars (needs ``pip install 'simeval[plot]'``): a new pyplot
        Figure, or the Axes ``ax`` drawn on."""
        from ..report.figures import predictiveness_bars

        return predictiveness_bars([p.as_dict() for p in self], ax=ax)


def predictiveness(
    intrinsic: Table,
    extrinsic: Mapping[str, float],
    *,
    higher_is_better: Mapping[str, bool] | None = None,
    extrinsic_higher_is_better: bool = True,
    n_resamples: int = 1000,
    seed: int | None = None,
    confidence_level: float = 0.95,
) -> PredictivenessTable:
    r"""How well each intrinsic measure predicts the extrinsic ranking (Reimers et al. 2016 §3).

    IR ranks the systems by the measure, ER by the extrinsic task result (1 = best):

    .. math::
        \rho(IR, ER) = \frac{\operatorname{cov}(IR, ER)}{\sigma_{IR}\sigma_{ER}},\quad
        MAD = \frac1n \sum_i |IR_i - ER_i|,\quad MSD = \frac1n \sum_i (IR_i - ER_i)^2

    Sorted by ρ, highest first, as Table 2 (``rank`` ties share the better place). The
    stability of ρ: ``n_resamples`` bootstrap resamples of the systems
    (``numpy.random.default_rng(seed).integers(0, n, (B, n))``), both rankings recomputed
    inside each resample (duplicates tie), percentile interval at ``confidence_level``.
    ρ is NaN when either ranking is constant.

    Parameters
    ----------
    intrinsic : mapping
        Measure → {system: value}.
    extrinsic : mapping of str to float
        System → task result.
    higher_is_better : mapping of str to bool, optional
        Per measure; default: the registry's direction.
    extrinsic_higher_is_better : bool, default True
    n_resamples : int, default 1000
    seed : int, optional
    confidence_level : float, default 0.95

    Returns
    -------
    PredictivenessTable

    References
    ----------
    Reimers, N., Beyer, P. & Gurevych, I. (2016). Task-oriented intrinsic evaluation of
    semantic textual similarity. *Proceedings of COLING 2016*, 87–96.

    Examples
    --------
    >>> res = predictiveness({"pearson": {"a": 0.9, "b": 0.8, "c": 0.7, "d": 0.6},
    ...                       "f1_low": {"a": 0.1, "b": 0.2, "c": 0.3, "d": 0.4}},
    ...                      {"a": 10, "b": 20, "c": 30, "d": 40}, n_resamples=100, seed=0)
    >>> [(p.measure, p.rho, p.mad, p.rank) for p in res]
    [('f1_low', 1.0, 0.0, 1), ('pearson', -1.0, 2.0, 2)]
    """
    check_probability(confidence_level, "confidence_level")
    if n_resamples:  # 0: no interval
        check_resamples(n_resamples, minimum=MIN_INTERVAL_RESAMPLES)
    if len(intrinsic.keys()) == 0:  # a DataFrame's columns, a mapping's keys
        raise InputError(f"{param('intrinsic')} is empty; give at least one measure")
    systems = list(extrinsic)
    if len(systems) < 3:
        raise InputError(f"predictiveness needs at least 3 systems; got {len(systems)}")
    ext = system_values(extrinsic, systems, "extrinsic")
    er = rank_values(ext, extrinsic_higher_is_better)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(systems), size=(int(n_resamples), len(systems)))
    er_boot = rank_values(ext[idx], extrinsic_higher_is_better) if n_resamples else None
    alpha = (1.0 - confidence_level) / 2.0
    rows: list[tuple[str, float, float, float, float, float, int, str | None]] = []
    for measure, col in intrinsic.items():
        hib = metric_direction(measure, higher_is_better)
        unranked = unrankable_reason(col, systems, measure)
        if unranked is not None:  # a measure undefined for some system ranks nobody
            rows.append((measure, math.nan, math.nan, math.nan, math.nan, math.nan, 0, unranked))
            continue
        vals = system_values(col, systems, measure)
        ir = rank_values(vals, hib)
        rho = float(pearson_rows(ir, er))
        diff = ir - er
        lo = hi = math.nan
        undefined = 0
        reason = constant_reason({measure: ir, "the extrinsic result": er})
        if er_boot is None:
            reason = reason or "no bootstrap resamples, so no interval"
        else:
            boot = pearson_rows(rank_values(vals[idx], hib), er_boot)
            defined = boot[~np.isnan(boot)]
            undefined = int(boot.size - defined.size)
            if defined.size:
                lo, hi = (float(v) for v in np.quantile(defined, [alpha, 1.0 - alpha]))
            elif reason is None:
                reason = f"no interval: a ranking is constant in all {boot.size} resamples"
        rows.append(
            (
                measure,
                rho,
                float(np.abs(diff).mean()),
                float((diff**2).mean()),
                lo,
                hi,
                undefined,
                reason,
            )
        )
    rhos = np.array([r[1] for r in rows])
    key = np.where(np.isnan(rhos), np.inf, -rhos)
    from scipy.stats import rankdata

    places = rankdata(key, method="min").astype(int)
    order = np.argsort(key, kind="stable")
    return PredictivenessTable(
        Predictiveness(
            measure=rows[i][0],
            rho=rows[i][1],
            mad=rows[i][2],
            msd=rows[i][3],
            rank=int(places[i]),
            ci_low=rows[i][4],
            ci_high=rows[i][5],
            confidence_level=confidence_level,
            n_systems=len(systems),
            n_resamples=int(n_resamples),
            n_undefined=rows[i][6],
            reason=rows[i][7],
        )
        for i in order
    )
