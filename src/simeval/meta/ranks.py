"""How metrics rank systems, and how far the rankings of two metrics agree (Reimers,
Beyer & Gurevych 2016, Table 1).

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

from ..errors import InputError, InputTypeError, UndefinedMetricWarning, param
from ..metrics.correlation import kendall
from ..metrics.registry import direction
from ..results import json_ready
from ..stats.ranks import rank_systems, rank_values, system_values

__all__ = [
    "RankAgreement",
    "RankAgreements",
    "Table",
    "constant_reason",
    "metric_direction",
    "rank_agreement",
    "rank_systems",
    "rank_table",
    "unrankable_reason",
]

Table = Mapping[str, Mapping[str, float]]


@dataclass(frozen=True)
class RankAgreement:
    """How two metrics' rankings of the same systems differ (Reimers et al. 2016, Table 1).

    Attributes
    ----------
    metric_a, metric_b : str
    mean_abs_diff, max_abs_diff : float
        Mean and largest absolute difference of a system's two ranks.
    kendall_tau : float
        Kendall's τ-b between the two rankings.
    n_systems : int
    reason : str or None

    References
    ----------
    Reimers, N., Beyer, P. & Gurevych, I. (2016). Task-oriented intrinsic evaluation of
    semantic textual similarity. *Proceedings of COLING 2016*, 87–96.

    Examples
    --------
    >>> res = rank_agreement({"pearson": {"a": 0.9, "b": 0.8, "c": 0.7},
    ...                       "spearman": {"a": 0.7, "b": 0.8, "c": 0.9}})

    >>> res[0].as_dict()["kendall_tau"], res[0].n_systems
    (-1.0, 3)
    """

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


class RankAgreements(list[RankAgreement]):
    """The list :func:`rank_agreement` returns, with a picture.

    Parameters
    ----------
    iterable : iterable of RankAgreement

    Examples
    --------
    >>> res = rank_agreement({"pearson": {"a": 0.9, "b": 0.8, "c": 0.7},
    ...                       "spearman": {"a": 0.7, "b": 0.8, "c": 0.9}})
    >>> ax = res.plot()
    >>> len(res)
    1
    """

    def plot(self, *, ax: Any = None) -> Any:
        """Kendall's τ between every pair of rankings, with the mean |Δrank| (Reimers et
        al. 2016, Table 1), as a heat map (needs ``pip install 'simeval[plot]'``): a new
        pyplot Figure, or the Axes ``ax`` drawn on."""
        from ..report.figures import agreement_heatmap

        return agreement_heatmap([a.as_dict() for a in self], ax=ax)


def unrankable_reason(scores: Mapping[str, float], systems: list[str], what: str) -> str | None:
    """Why ``what`` cannot rank ``systems``: its value is undefined (NaN) for some.

    Parameters
    ----------
    scores : mapping of str to float
        System → value.
    systems : list of str
    what : str
        The measure's name, for the reason.

    Returns
    -------
    str or None

    Examples
    --------
    >>> unrankable_reason({"a": 0.5, "b": float("nan")}, ["a", "b"], "pearson")
    'undefined: pearson is undefined for 1 system(s) (b), so it cannot rank them'
    """
    bad = [s for s in systems if s in scores and math.isnan(float(scores[s]))]
    if not bad:
        return None  # a system missing altogether is the caller's error (see _values)
    return (
        f"undefined: {what} is undefined for {len(bad)} system(s) ({', '.join(bad[:3])}), "
        "so it cannot rank them"
    )


def metric_direction(metric: str, given: Mapping[str, bool] | None) -> bool:
    """Whether a higher value of ``metric`` is better: ``given[metric]`` where the mapping
    has it, else the registry's direction (errors such as ``mae`` lower).

    Parameters
    ----------
    metric : str
    given : mapping of str to bool, optional

    Returns
    -------
    bool

    Examples
    --------
    >>> metric_direction("mae", None), metric_direction("mae", {"mae": True})
    (False, True)
    """
    value = given.get(metric) if given is not None else None
    if value is not None and not isinstance(value, (bool, np.bool_)):
        raise InputTypeError(
            f"{param('higher_is_better')}[{metric!r}] must be True or False; got "
            f"{type(value).__name__} {value!r}"
        )
    return direction(metric, None if value is None else bool(value))


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

    Parameters
    ----------
    table : mapping
        Metric → {system: value}; every metric gives every system.
    higher_is_better : mapping of str to bool, optional

    Returns
    -------
    dict
        Metric → {system: rank}.

    Examples
    --------
    >>> rank_table({"pearson": {"a": 0.8, "b": 0.6}, "mae": {"a": 1.2, "b": 0.9}})
    {'pearson': {'a': 1.0, 'b': 2.0}, 'mae': {'a': 2.0, 'b': 1.0}}
    """
    systems = _systems(table)
    out = {}
    for metric, col in table.items():
        ranks = rank_values(
            system_values(col, systems, metric), metric_direction(metric, higher_is_better)
        )
        out[metric] = dict(zip(systems, ranks.tolist()))
    return out


def constant_reason(rankings: Mapping[str, NDArray[np.float64]]) -> str | None:
    """Why a correlation between rankings is undefined: the first constant one, named.

    Parameters
    ----------
    rankings : mapping of str to numpy.ndarray

    Returns
    -------
    str or None

    Examples
    --------
    >>> constant_reason({"nmsse": np.array([1.5, 1.5])})
    'undefined: nmsse gives every system the same value (a constant ranking)'
    """
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

    Parameters
    ----------
    table : mapping
        Metric → {system: value}.
    higher_is_better : mapping of str to bool, optional
        Per metric; default: the registry's direction.

    Returns
    -------
    RankAgreements
        One per pair of metrics.

    References
    ----------
    Reimers, N., Beyer, P. & Gurevych, I. (2016). Task-oriented intrinsic evaluation of
    semantic textual similarity. *Proceedings of COLING 2016*, 87–96.

    Examples
    --------
    >>> res = rank_agreement({"pearson": {"a": 0.9, "b": 0.8, "c": 0.7},
    ...                       "spearman": {"a": 0.7, "b": 0.8, "c": 0.9}})
    >>> res[0].mean_abs_diff, res[0].max_abs_diff, res[0].kendall_tau
    (1.3333333333333333, 2.0, -1.0)
    """
    systems = _systems(table)
    unranked = {m: why for m, col in table.items() if (why := unrankable_reason(col, systems, m))}
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
            reason = few if len(systems) < 3 else constant_reason({a: ra, b: rb}) or res.reason
        out.append(
            RankAgreement(
                a, b, float(diff.mean()), float(diff.max()), res.statistic, len(systems), reason
            )
        )
    return RankAgreements(out)
