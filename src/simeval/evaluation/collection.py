"""Who is best over a collection of data sets, and is it significant? Two answers from
the evaluations of the same systems on each data set:

- **Friedman's test with the Nemenyi critical difference** (Demšar 2006) over the systems'
  values of one measure on the N data sets (:func:`simeval.stats.friedman.friedman_test`):
  ranks within each data set, so that a data set where everyone scores high counts as much
  as one where everyone scores low; it needs only the per-data-set values.
- **The stratified paired bootstrap of the collection's aggregate**
  (:func:`simeval.stats.collections.collection_bootstrap`): each data set's pairs resampled
  on their own, the aggregate recomputed on each resample — the Fisher-z mean of a
  correlation (Atoum 2019, eq. 4–5), the mean of any other measure, the aggregates
  :func:`simeval.evaluation.aggregate.aggregate` reports — giving each system's interval,
  Holm-corrected paired tests and rank intervals over the collection. It needs the
  per-pair scores the evaluations hold.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from ..metrics.means import Aggregate
from ..metrics.registry import direction, get_metric
from ..results import json_ready
from ..stats.bootstrap.resampling import MIN_INTERVAL_RESAMPLES, check_resamples
from ..stats.collections import CollectionComparison, collection_bootstrap
from ..stats.friedman import FriedmanNemenyi, friedman_test
from .evaluate import Evaluation

__all__ = ["CollectionVerdict", "compare_collection", "default_aggregate"]


def default_aggregate(metric: str) -> Aggregate:
    """The aggregate over data sets of :func:`simeval.evaluation.aggregate.aggregate`:
    ``"fisher_z"`` for a correlation, ``"mean"`` for any other measure.

    Parameters
    ----------
    metric : str
        A measure's name.

    Returns
    -------
    {"fisher_z", "mean"}

    Raises
    ------
    InputError
        An unknown measure.

    Examples
    --------
    >>> default_aggregate("spearman"), default_aggregate("nmsse")
    ('fisher_z', 'mean')
    """
    return "fisher_z" if get_metric(metric).is_correlation else "mean"


@dataclass(frozen=True, eq=False)
class CollectionVerdict:
    """The systems of a collection compared under one ``metric``.

    Attributes
    ----------
    metric, aggregate : str
        The measure compared and how the bootstrap combines it over the data sets.
    datasets, systems : tuple of str
        In the order of the evaluations.
    friedman : FriedmanNemenyi or None
        Friedman's test and the Nemenyi critical difference; None with the reason in
        ``reasons["friedman"]`` (a value undefined on some data set …).
    bootstrap : CollectionComparison or None
        The stratified bootstrap of the aggregate; None with the reason in
        ``reasons["bootstrap"]`` (no resamples asked for …).
    reasons : mapping
        Why ``friedman`` or ``bootstrap`` is missing.

    Examples
    --------
    Made by :func:`compare_collection`; without resamples the bootstrap is missing, with
    its reason. System ``a`` follows the gold's order on both sets and ``b`` reverses it,
    so ``a`` ranks first on each (average ranks 1 and 2):

    >>> import simeval as se
    >>> gold = [1.0, 2.0, 3.0, 4.0]
    >>> ev = se.evaluate(gold, {"a": gold, "b": gold[::-1]}, metrics=["spearman"])
    >>> verdict = compare_collection({"s1": ev, "s2": ev}, "spearman", n_resamples=0)
    >>> verdict.friedman.average_ranks, verdict.bootstrap, verdict.reasons["bootstrap"]
    ((1.0, 2.0), None, 'no bootstrap resamples asked for')
    """

    metric: str
    aggregate: str
    datasets: tuple[str, ...]
    systems: tuple[str, ...]
    friedman: FriedmanNemenyi | None
    bootstrap: CollectionComparison | None
    reasons: Mapping[str, str] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: the settings, :meth:`FriedmanNemenyi.as_dict
        <simeval.stats.friedman.FriedmanNemenyi.as_dict>` and
        :meth:`CollectionComparison.as_dict
        <simeval.stats.collections.CollectionComparison.as_dict>` (or null), and the
        reasons of what is missing."""
        return json_ready(
            {
                "metric": self.metric,
                "aggregate": self.aggregate,
                "datasets": list(self.datasets),
                "systems": list(self.systems),
                "friedman": self.friedman.as_dict() if self.friedman else None,
                "bootstrap": self.bootstrap.as_dict() if self.bootstrap else None,
                "reasons": {
                    "friedman": self.reasons.get("friedman"),
                    "bootstrap": self.reasons.get("bootstrap"),
                },
            }
        )


def compare_collection(
    evaluations: Mapping[str, Evaluation],
    metric: str,
    *,
    aggregate: Aggregate | None = None,
    n_resamples: int = 1000,
    seed: int | None = 0,
    confidence_level: float = 0.95,
    alpha: float = 0.05,
) -> CollectionVerdict:
    """Friedman–Nemenyi and the stratified bootstrap of ``metric`` over the data sets of
    ``evaluations`` (data set → :class:`~simeval.evaluation.evaluate.Evaluation` of the
    same systems, with their scores).

    Parameters
    ----------
    evaluations : mapping name → Evaluation
        Two or more data sets, the same two or more systems on each.
    metric : str
        A measure every evaluation computed.
    aggregate : {"fisher_z", "weighted_mean", "mean"}, optional
        Of the bootstrap; by default :func:`default_aggregate`.
    n_resamples, seed
        Resamples per data set (0: no bootstrap) and the seed of
        :func:`~simeval.stats.collections.collection_bootstrap`.
    confidence_level, alpha
        Of the intervals, and of the tests (Holm-corrected bootstrap tests; Nemenyi).

    Returns
    -------
    CollectionVerdict
        What could not be computed is None, with its reason.

    Examples
    --------
    >>> import numpy as np, simeval as se
    >>> rng = np.random.default_rng(0)
    >>> evs = {}
    >>> for name in ("s1", "s2", "s3"):
    ...     g = rng.uniform(0, 5, 40)
    ...     evs[name] = se.evaluate(g, {"a": g + rng.normal(0, 0.5, 40),
    ...                                 "b": g + rng.normal(0, 3, 40)}, metrics=["spearman"])
    >>> res = compare_collection(evs, "spearman", n_resamples=200, seed=0)
    >>> res.friedman.average_ranks, res.bootstrap.clusters.systems
    ((1.0, 2.0), ('a', 'b'))
    """
    key = get_metric(metric).name
    names = [str(d) for d in evaluations]
    if len(names) < 2:
        raise InputError(f"a collection needs at least 2 data sets; got {len(names)}")
    systems = tuple(evaluations[names[0]].systems)
    if len(systems) < 2:
        raise InputError(f"compare at least 2 systems; got {len(systems)}")
    for d in names:
        ev = evaluations[d]
        if set(ev.systems) != set(systems):
            raise InputError(f"data set {d!r} does not have the systems of {names[0]!r}")
        if key not in {m.name for m in ev.metrics}:
            raise InputError(f"data set {d!r} was not evaluated with {key!r}")
    if n_resamples:
        check_resamples(n_resamples, minimum=MIN_INTERVAL_RESAMPLES)
    how = aggregate or default_aggregate(key)
    reasons: dict[str, str] = {}
    undefined = [
        f"{s} on {d}" for d in names for s in systems if math.isnan(evaluations[d].value(s, key))
    ]
    friedman = boot = None
    if undefined:
        why = f"{key} is undefined for {', '.join(undefined)}"
        reasons = {"friedman": why, "bootstrap": why}
    else:
        values = {s: [evaluations[d].value(s, key) for d in names] for s in systems}
        friedman = friedman_test(values, higher_is_better=direction(key), alpha=alpha)
        if not n_resamples:
            reasons["bootstrap"] = "no bootstrap resamples asked for"
        else:
            boot = _bootstrap(evaluations, names, systems, key, how, n_resamples, seed,
                              confidence_level, alpha)  # fmt: skip
    return CollectionVerdict(key, how, tuple(names), systems, friedman, boot, reasons)


def _bootstrap(
    evaluations: Mapping[str, Evaluation],
    names: list[str],
    systems: tuple[str, ...],
    metric: str,
    how: Aggregate,
    n_resamples: int,
    seed: int | None,
    confidence_level: float,
    alpha: float,
) -> CollectionComparison:
    """The stratified bootstrap from the scores each evaluation holds, each data set under
    its own options (scale, the systems' scales, the policy for missing scores)."""
    sets = {}
    for d in names:
        ev = evaluations[d]
        if ev.gold is None:
            raise InputError(f"the evaluation of {d!r} holds no scores to resample")
        sets[d] = (ev.gold, {s: ev.system_scores[s] for s in systems})
    return collection_bootstrap(
        sets,
        metric,
        aggregate=how,
        n_resamples=n_resamples,
        seed=seed,
        confidence_level=confidence_level,
        alpha=alpha,
        options={d: evaluations[d].options for d in names},
    )
