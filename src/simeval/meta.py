"""Meta-evaluation across systems: how metrics rank systems, how far the rankings of two
metrics agree (Reimers et al. 2016, Table 1), and how well an intrinsic measure predicts
the ranking of systems on an extrinsic task (§3, Table 2).

Input tables map ``metric → system → value``. Ranks are 1 for the best system (higher is
better unless the metric is an error measure); tied values share their average rank.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from itertools import combinations
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._validate import check_int, check_probability
from .errors import InputError, UndefinedMetricWarning
from .metrics.correlation import kendall, pearson_rows
from .metrics.registry import direction
from .results import json_ready

__all__ = [
    "Predictiveness",
    "PredictivenessTable",
    "RankAgreement",
    "RankAgreements",
    "predictiveness",
    "rank_agreement",
    "rank_systems",
    "rank_table",
]

Table = Mapping[str, Mapping[str, float]]


@dataclass(frozen=True)
class RankAgreement:
    """How two metrics' rankings of the same systems differ (Reimers et al. 2016, Table 1)."""

    metric_a: str
    metric_b: str
    mean_abs_diff: float
    max_abs_diff: float
    kendall_tau: float
    n_systems: int
    #: Why ``kendall_tau`` is NaN, when it is.
    reason: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return json_ready(asdict(self))


@dataclass(frozen=True)
class Predictiveness:
    """Predictiveness of one intrinsic measure for an extrinsic task (Reimers et al. 2016 §3).

    ``rho`` = ρ(IR, ER), ``mad`` = mean |IR − ER|, ``msd`` = mean (IR − ER)², ``rank`` the
    position of ``rho`` among all measures (highest first, ties share the better place as
    in Table 2), ``ci_low``/``ci_high`` a percentile interval of ρ from a bootstrap over
    systems (``n_undefined`` resamples with a constant ranking dropped).
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


class RankAgreements(list[RankAgreement]):
    """The list :func:`rank_agreement` returns, with a picture."""

    def plot(self, *, ax: Any = None) -> Any:
        """Kendall's τ between every pair of rankings, with the mean |Δrank| (Reimers et
        al. 2016, Table 1), as a heat map (needs ``pip install 'simeval[plot]'``)."""
        from .report.figures import agreement_heatmap

        return agreement_heatmap([a.as_dict() for a in self], ax=ax)


class PredictivenessTable(list[Predictiveness]):
    """The list :func:`predictiveness` returns, with a picture."""

    def plot(self, *, ax: Any = None) -> Any:
        """ρ(IR, ER) of each measure with its bootstrap interval (Reimers et al. 2016,
        §3, Table 2) as bars (needs ``pip install 'simeval[plot]'``)."""
        from .report.figures import predictiveness_bars

        return predictiveness_bars([p.as_dict() for p in self], ax=ax)


def _values(scores: Mapping[str, float], systems: list[str], what: str) -> NDArray[np.float64]:
    missing = [s for s in systems if s not in scores]
    if missing:
        raise InputError(f"{what} has no value for system {missing[0]!r}; give every system")
    vals = np.array([float(scores[s]) for s in systems])
    if np.isnan(vals).any():
        bad = systems[int(np.argmax(np.isnan(vals)))]
        raise InputError(f"{what} is NaN for system {bad!r}; drop the system or fix the value")
    return vals


def _unrankable(scores: Mapping[str, float], systems: list[str], what: str) -> str | None:
    """Why ``what`` cannot rank ``systems``: its value is undefined (NaN) for some."""
    bad = [s for s in systems if s in scores and math.isnan(float(scores[s]))]
    if not bad:
        return None  # a system missing altogether is the caller's error (see _values)
    return (
        f"undefined: {what} is undefined for {len(bad)} system(s) ({', '.join(bad[:3])}), "
        "so it cannot rank them"
    )


def _ranks(values: NDArray[np.float64], higher: bool) -> NDArray[np.float64]:
    """Average ranks along the last axis, 1 = best (scipy's ``rankdata``, imported here so
    that ``import simeval.meta`` stays quick)."""
    from scipy.stats import rankdata

    return rankdata(-values if higher else values, method="average", axis=-1)


def rank_systems(scores: Mapping[str, float], *, higher_is_better: bool = True) -> dict[str, float]:
    """Rank systems by one metric: 1 = best, tied values share their average rank.

    >>> rank_systems({"a": 0.5, "b": 0.9, "c": 0.5})
    {'a': 2.5, 'b': 1.0, 'c': 2.5}
    """
    systems = list(scores)
    return dict(zip(systems, _ranks(_values(scores, systems, "scores"), higher_is_better).tolist()))


def _direction(metric: str, given: Mapping[str, bool] | None) -> bool:
    return direction(metric, given.get(metric) if given is not None else None)


def _systems(table: Table) -> list[str]:
    if not table:
        raise InputError("the table is empty; give at least one metric")
    first = next(iter(table.values()))
    systems = list(first)
    if len(systems) < 2:
        raise InputError(f"ranking needs at least 2 systems; got {len(systems)}")
    return systems


def rank_table(
    table: Table, *, higher_is_better: Mapping[str, bool] | None = None
) -> dict[str, dict[str, float]]:
    """Rank the systems under every metric of ``table`` (metric → system → value).

    ``higher_is_better`` overrides the direction per metric (default: errors such as
    ``nmsse`` lower, everything else higher).

    >>> rank_table({"pearson": {"a": 0.8, "b": 0.6}, "mae": {"a": 1.2, "b": 0.9}})
    {'pearson': {'a': 1.0, 'b': 2.0}, 'mae': {'a': 2.0, 'b': 1.0}}
    """
    systems = _systems(table)
    out = {}
    for metric, col in table.items():
        ranks = _ranks(_values(col, systems, metric), _direction(metric, higher_is_better))
        out[metric] = dict(zip(systems, ranks.tolist()))
    return out


def _constant_reason(rankings: Mapping[str, NDArray[np.float64]]) -> str | None:
    """Why a correlation between rankings is undefined: the first constant one, named."""
    for name, r in rankings.items():
        if r.size and np.ptp(r) == 0:
            return f"undefined: {name} gives every system the same value (a constant ranking)"
    return None


def rank_agreement(
    table: Table, *, higher_is_better: Mapping[str, bool] | None = None
) -> RankAgreements:
    r"""Compare the rankings of every pair of metrics (Reimers et al. 2016, Table 1).

    For metrics a and b with rank vectors :math:`R^a, R^b` over the same n systems:
    mean :math:`\frac1n\sum|R^a_i - R^b_i|`, max :math:`\max_i |R^a_i - R^b_i|`, and
    Kendall's τ-b between the rankings (NaN when fewer than 3 systems, or a ranking is
    constant).

    >>> res = rank_agreement({"pearson": {"a": 0.9, "b": 0.8, "c": 0.7},
    ...                       "spearman": {"a": 0.7, "b": 0.8, "c": 0.9}})
    >>> res[0].mean_abs_diff, res[0].max_abs_diff, res[0].kendall_tau
    (1.3333333333333333, 2.0, -1.0)
    """
    systems = _systems(table)
    unranked = {m: why for m, col in table.items() if (why := _unrankable(col, systems, m))}
    ranks = rank_table(
        {m: col for m, col in table.items() if m not in unranked},
        higher_is_better=higher_is_better,
    )
    out = []
    for a, b in combinations(table, 2):
        if a in unranked or b in unranked:  # a measure that cannot rank every system
            why = unranked.get(a) or unranked[b]
            out.append(RankAgreement(a, b, math.nan, math.nan, math.nan, len(systems), why))
            continue
        ra = np.array([ranks[a][s] for s in systems])
        rb = np.array([ranks[b][s] for s in systems])
        diff = np.abs(ra - rb)
        with warnings.catch_warnings():  # an undefined τ is NaN here, reported as such
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            res = kendall(ra, rb)
        reason = None
        if math.isnan(res.statistic):
            few = f"undefined: Kendall's τ needs at least 3 systems; got {len(systems)}"
            reason = few if len(systems) < 3 else _constant_reason({a: ra, b: rb}) or res.reason
        out.append(
            RankAgreement(
                a, b, float(diff.mean()), float(diff.max()), res.statistic, len(systems), reason
            )
        )
    return RankAgreements(out)


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

    >>> res = predictiveness({"pearson": {"a": 0.9, "b": 0.8, "c": 0.7, "d": 0.6},
    ...                       "f1_low": {"a": 0.1, "b": 0.2, "c": 0.3, "d": 0.4}},
    ...                      {"a": 10, "b": 20, "c": 30, "d": 40}, n_resamples=50, seed=0)
    >>> [(p.measure, p.rho, p.mad, p.rank) for p in res]
    [('f1_low', 1.0, 0.0, 1), ('pearson', -1.0, 2.0, 2)]
    """
    check_probability(confidence_level, "confidence_level")
    check_int(n_resamples, "n_resamples", minimum=0)
    systems = list(extrinsic)
    if len(systems) < 3:
        raise InputError(f"predictiveness needs at least 3 systems; got {len(systems)}")
    ext = _values(extrinsic, systems, "extrinsic")
    er = _ranks(ext, extrinsic_higher_is_better)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(systems), size=(int(n_resamples), len(systems)))
    er_boot = _ranks(ext[idx], extrinsic_higher_is_better) if n_resamples else None
    alpha = (1.0 - confidence_level) / 2.0
    rows: list[tuple[str, float, float, float, float, float, int, str | None]] = []
    for measure, col in intrinsic.items():
        hib = _direction(measure, higher_is_better)
        unranked = _unrankable(col, systems, measure)
        if unranked is not None:  # a measure undefined for some system ranks nobody
            rows.append((measure, math.nan, math.nan, math.nan, math.nan, math.nan, 0, unranked))
            continue
        vals = _values(col, systems, measure)
        ir = _ranks(vals, hib)
        rho = float(pearson_rows(ir, er))
        diff = ir - er
        lo = hi = math.nan
        undefined = 0
        reason = _constant_reason({measure: ir, "the extrinsic result": er})
        if er_boot is None:
            reason = reason or "no bootstrap resamples, so no interval"
        else:
            boot = pearson_rows(_ranks(vals[idx], hib), er_boot)
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
